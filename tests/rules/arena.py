"""A small harness for the combat and tile tests: a position written as in a scenario
file (docs/scenarios.md), steps written in the scenario script's wire form, and what a
player would notice (pieces, gold, unrest, VP, choices offered, whose decision, events).
"""

from __future__ import annotations

from typing import Any

from game.cli.scenario import build_position
from game.rules import Act, Choice, Roll, RulesError, State, apply, legal, pending

FIVE = ["great_britain", "france", "spain", "austria", "prussia"]


class Arena:
    """A game state and every event text seen so far (unrest amounts shown)."""

    def __init__(self, powers: list[str], /, **position: Any) -> None:
        position.setdefault("phase", "turn")
        st, events = build_position({"players": powers, "position": position})
        self.st: State = st
        self.log: list[str] = [e.to_dict(reveal=True)["text"] for e in events]

    # ----------------------------------------------------------------- inputs
    def step(self, *step: Any) -> Arena:
        """One script step: ``("roll", 2, 5, 1, 6)`` or ``(power, kind, *args)``."""
        inp: Any
        if step[0] == "roll":
            inp = Roll(tuple(step[1:]))
        else:
            inp = Act(self.st.powers.index(step[0]), Choice(step[1], tuple(step[2:])))
        self.st, events = apply(self.st, inp)
        self.log.extend(e.to_dict(reveal=True)["text"] for e in events)
        return self

    def play(self, *steps: tuple[Any, ...] | list[Any]) -> Arena:
        for s in steps:
            self.step(*s)
        return self

    def refused(self, *step: Any) -> RulesError:
        """The error raised by a step that must be refused; the state stays as it was."""
        before = self.st.to_dict()
        try:
            self.step(*step)
        except RulesError as exc:
            assert self.st.to_dict() == before
            return exc
        raise AssertionError(f"{step} was accepted")

    # ----------------------------------------------------------------- looking
    def s(self, power: str) -> int:
        return self.st.powers.index(power)

    def whose(self) -> tuple[str, str | None]:
        """(decision kind or "chance", deciding power or None)."""
        p = pending(self.st)
        return p.kind, (self.st.powers[p.seat] if p.seat >= 0 else None)

    def chance(self) -> str | None:
        p = pending(self.st)
        return p.chance.kind if p.chance else None

    def options(self, power: str) -> list[list[Any]]:
        return [c.wire() for c in legal(self.st, self.s(power))]

    def kinds(self, power: str) -> set[str]:
        return {c.kind for c in legal(self.st, self.s(power))}

    def gold(self, power: str) -> int:
        return self.st.gold[self.s(power)]

    def unrest(self, power: str) -> int:
        return self.st.unrest[self.s(power)]

    def pop(self, power: str) -> int:
        return self.st.pop[self.s(power)]

    def vp(self, power: str) -> int:
        return self.st.vp[self.s(power)]

    def units(self, area: str, power: str) -> tuple[int, int, int]:
        """(armies, fleets, forts) of ``power`` in ``area``."""
        a, f, t = self.st.units[area][self.s(power)]
        return a, f, t

    def markers(self, area: str, power: str) -> int:
        return self.st.markers[area][self.s(power)]

    def supply(self, power: str, kind: str) -> int:
        return self.st.supply[self.s(power)][kind]

    def tiles(self, power: str) -> dict[str, int]:
        return {k: v for k, v in self.st.tiles[self.s(power)].items() if v}

    def ready(self, power: str, tile: str) -> bool:
        s = self.s(power)
        return self.st.tiles[s].get(tile, 0) > self.st.used[s].get(tile, 0)

    def stock(self, tile: str) -> int:
        return self.st.stock[tile]

    def saw(self, fragment: str) -> bool:
        return any(fragment in t for t in self.log)

    def lines(self, fragment: str) -> list[str]:
        return [t for t in self.log if fragment in t]


__all__ = ["FIVE", "Arena"]


def helps(asker: str, ally: str, armies: int, fleets: int = 0, gold: int = 0) -> list[tuple[Any, ...]]:
    """Script steps for one ally's help (R-CMB-9): the asking player offers ``gold`` (0: none),
    then the ally commits ``armies`` of its armies and ``fleets`` of its fleets there."""
    return [(asker, "offer", ally, gold), (ally, "help", armies, fleets)]

