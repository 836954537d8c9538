"""The exact chance that an attack wins, found by trying every dice outcome with the
engine's pure ``apply``: the attack is applied, the decisions that come before the dice
are taken as the first the engine lists (for the attacker: no tile used, no naval battle
first; for the others: their first choice, usually no help), then every value of the
battle's dice is applied and the battles the attacker wins are counted."""

from __future__ import annotations

from itertools import product

from game.rules import Act, Choice, Roll, RulesError, State, apply, legal, pending

MAX_OUTCOMES = 20_000


def _default(st: State, seat: int) -> Choice:
    options = legal(st, seat)
    for c in options:  # declining an option is the cautious assumption
        if c.kind.startswith("no_") or c.args == ("none",) or c.kind in ("decline", "keep", "stay", "done"):
            return c
    return options[0]


def win_chance(st: State, seat: int, attack: Choice) -> tuple[int, int, int] | None:
    """(wins, ties, outcomes) of ``attack`` by ``seat`` over every dice outcome of its
    battle, or None when it cannot be computed (no battle reached, too many outcomes)."""
    try:
        cur, _ = apply(st, Act(seat, attack))
        for _ in range(40):
            p = pending(cur)
            if p.is_over:
                return None
            if p.chance is None:
                cur, events = apply(cur, Act(p.seat, _default(cur, p.seat)))
                if any(e.kind == "battle" for e in events):
                    return None  # decided without dice
                continue
            if p.chance.kind != "dice":
                return None
            ranges = p.chance.ranges
            total = 1
            for lo, hi in ranges:
                total *= hi - lo + 1
            if total > MAX_OUTCOMES:
                return None
            wins = ties = 0
            for values in product(*(range(lo, hi + 1) for lo, hi in ranges)):
                _, events = apply(cur, Roll(tuple(values)))
                battle = next((e for e in events if e.kind == "battle"), None)
                if battle is None:
                    return None
                result = battle.data.get("result")
                wins += result == "att"
                ties += result == "tie"
            return wins, ties, total
    except RulesError:
        return None
    return None
