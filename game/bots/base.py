"""The bot interface and a factory by name."""

from __future__ import annotations

from typing import Protocol

from game.rules import Choice, State


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int, options: list[Choice]) -> Choice:
        """Pick one of ``options`` (never empty) for ``seat``."""
        ...


BOT_NAMES = ("random", "greedy", "easy", "normal", "hard")
LEVELS = ("easy", "normal", "hard")  # the searching bot's levels, weakest first
ALIASES = {"strong": "hard"}  # "strong" names the strongest level


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name with its own seeded generator."""
    from game.bots.greedy import GreedyBot
    from game.bots.random_bot import RandomBot

    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    name = ALIASES.get(name, name)
    if name in LEVELS:
        from game.bots.search import SearchBot

        return SearchBot(seed, name)
    raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")
