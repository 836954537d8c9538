"""Helpers for the rule tests: build a position from a scenario spec, play decisions and
chance values on it, and read what a player would notice (pieces, gold, choices offered,
refusals with their rule id, event texts)."""

from __future__ import annotations

from typing import Any

from game.cli.scenario import build_position
from game.rules import Act, C, IllegalInput, Roll, RulesError, State, apply, legal, pending
from game.rules.core import Arg, Pending

POWERS5 = ["great_britain", "france", "spain", "austria", "prussia"]
THREE = ["great_britain", "france", "spain"]


class Table:
    """A game in progress: the state, every event text so far (unrest shown), and short
    ways to decide, roll and look."""

    def __init__(self, st: State, texts: list[str] | None = None) -> None:
        self.st = st
        self.texts: list[str] = list(texts or [])

    # ----------------------------------------------------------------- building
    @classmethod
    def at(cls, powers: list[str], phase: str = "turn", **position: Any) -> Table:
        """A position as in a scenario file (docs/scenarios.md): ``powers`` in seating order,
        then the ``position`` fields (``players``, ``areas``, ``turn``, ...)."""
        st, events = build_position({"players": powers, "position": {"phase": phase, **position}})
        return cls(st, [e.to_dict(reveal=True)["text"] for e in events])

    # ----------------------------------------------------------------- seats
    def seat(self, power: str) -> int:
        return self.st.powers.index(power)

    # ----------------------------------------------------------------- inputs
    def do(self, power: str, kind: str, *args: Arg) -> Table:
        self.st, events = apply(self.st, Act(self.seat(power), C(kind, *args)))
        self.texts.extend(e.to_dict(reveal=True)["text"] for e in events)
        return self

    def roll(self, *values: int) -> Table:
        self.st, events = apply(self.st, Roll(tuple(values)))
        self.texts.extend(e.to_dict(reveal=True)["text"] for e in events)
        return self

    def refused(self, power: str, kind: str, *args: Arg) -> RulesError:
        """The error for a choice that must be refused (the state must stay the same)."""
        before = self.st.to_dict()
        try:
            apply(self.st, Act(self.seat(power), C(kind, *args)))
        except RulesError as exc:
            assert self.st.to_dict() == before
            return exc
        raise AssertionError(f"{kind} {args} was accepted")

    # ----------------------------------------------------------------- looking
    @property
    def pending(self) -> Pending:
        return pending(self.st)

    def whose(self) -> str | None:
        p = pending(self.st)
        return self.st.powers[p.seat] if p.seat >= 0 else None

    def options(self, power: str) -> list[tuple[Arg, ...]]:
        """The legal choices of ``power`` now, as wire tuples."""
        return [tuple(c.wire()) for c in legal(self.st, self.seat(power))]

    def kinds(self, power: str) -> set[str]:
        return {str(c.kind) for c in legal(self.st, self.seat(power))}

    def gold(self, power: str) -> int:
        return self.st.gold[self.seat(power)]

    def unrest(self, power: str) -> int:
        return self.st.unrest[self.seat(power)]

    def pop(self, power: str) -> int:
        return self.st.pop[self.seat(power)]

    def vp(self, power: str) -> int:
        return self.st.vp[self.seat(power)]

    def units(self, area: str, power: str) -> dict[str, int]:
        a, f, t = self.st.units[area][self.seat(power)]
        return {"army": a, "fleet": f, "fort": t}

    def markers(self, area: str, power: str) -> int:
        return self.st.markers[area][self.seat(power)]

    def supply(self, power: str) -> dict[str, int]:
        return dict(self.st.supply[self.seat(power)])

    def tiles(self, power: str) -> dict[str, int]:
        return {k: v for k, v in self.st.tiles[self.seat(power)].items() if v}

    def saw(self, fragment: str) -> bool:
        return any(fragment in t for t in self.texts)


def illegal(exc: RulesError) -> bool:
    return isinstance(exc, IllegalInput)


__all__ = ["POWERS5", "Table", "illegal"]


def turn(power: str = "great_britain", powers: list[str] | None = None, **position: Any) -> Table:
    """``power``'s turn in war 1 (round 1 unless told); ``power`` alone in alliance A unless told."""
    powers = powers or THREE
    others = [p for p in powers if p != power]
    position.setdefault("alliances", {"A": [power], "B": others})
    position.setdefault("turn", {"power": power})
    position.setdefault("war", 1)
    return Table.at(powers, **position)
