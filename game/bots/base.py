"""The bot interface and a factory by name."""

from __future__ import annotations

from collections.abc import Sequence
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


def bot_names_for(players: int, names: Sequence[str] | None) -> list[str]:
    """The bot of each seat: ``names`` (``--bots``) may list one name for all seats, or one per seat."""
    if not names:
        return ["random"] * players
    if len(names) == 1:
        return [names[0]] * players
    if len(names) != players:
        raise ValueError(f"--bots needs 1 or {players} names, got {len(names)}")
    return list(names)
