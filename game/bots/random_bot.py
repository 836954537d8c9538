"""A bot that picks uniformly among the legal choices."""

from __future__ import annotations

from game.bots.prng import Rng
from game.rules import Choice, State


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int, options: list[Choice]) -> Choice:
        return options[self.rng.below(len(options))]
