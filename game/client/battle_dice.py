"""A battle's four dice (R-CMB-5) counted by what they decide, not one outcome at a time.

Each side rolls two dice and adds their difference to its strength; a side whose two dice
make the board's seven owes a unit besides (R-CMB-7). So what the 6^4 outcomes of a battle
decide is a pure function of a few numbers: the sides' strengths and the seven. Of the 36
rolls of a side only the pair (difference, whether they make the seven) matters: 11 kinds
of roll, counted once. The 1296 outcomes of a battle fall into at most 12 classes (who
wins or a tie, whether each side rolled the seven), each with its count and one outcome
that stands for it; every outcome of a class leaves the battle in the same place once its
dice are put away (the same result and the same losses owed), so the rules engine need
apply only the one.

Everything here is exact (integers) and memoised."""

from __future__ import annotations

from functools import cache

SIDES = 6
OUTCOMES = SIDES ** 4  # a battle's four dice
RESULTS = ("att", "def", "tie")


Dice4 = tuple[int, int, int, int]
Class = tuple[str, bool, bool]  # result, the attacker rolled the seven, the defender did


@cache
def side_rolls(seven: int) -> tuple[tuple[int, bool, int, tuple[int, int]], ...]:
    """The kinds of roll of one side's two dice: (difference, makes the seven, how many of
    the 36 rolls, one of them), in a fixed order."""
    counts: dict[tuple[int, bool], int] = {}
    first: dict[tuple[int, bool], tuple[int, int]] = {}
    for x in range(1, SIDES + 1):
        for y in range(1, SIDES + 1):
            key = (abs(x - y), x + y == seven)
            counts[key] = counts.get(key, 0) + 1
            first.setdefault(key, (x, y))
    return tuple((diff, sev, counts[(diff, sev)], first[(diff, sev)]) for diff, sev in sorted(counts))


def _result(att: int, dfn: int) -> str:
    return "att" if att > dfn else "def" if dfn > att else "tie"


@cache
def result_counts(att: int, dfn: int) -> tuple[int, int]:
    """Of the 1296 outcomes of a battle of strength ``att`` against ``dfn``: how many the
    attacker wins, how many are ties (R-CMB-5)."""
    win = tie = 0
    rolls = side_rolls(7)
    for da, _, ca, _ in rolls:
        for dd, _, cd, _ in rolls:
            r = _result(att + da, dfn + dd)
            if r == "att":
                win += ca * cd
            elif r == "tie":
                tie += ca * cd
    return win, tie


@cache
def outcome_classes(att: int, dfn: int, seven: int) -> tuple[tuple[Class, int, Dice4], ...]:
    """The classes of the 1296 outcomes of a battle of strength ``att`` against ``dfn``:
    ((result, attacker rolled the seven, defender rolled it), how many outcomes, one
    outcome as the four dice in the engine's order), in a fixed order; the counts add up to
    1296."""
    counts: dict[Class, int] = {}
    first: dict[Class, Dice4] = {}
    rolls = side_rolls(seven)
    for da, sa, ca, pa in rolls:
        for dd, sd, cd, pd in rolls:
            key = (_result(att + da, dfn + dd), sa, sd)
            counts[key] = counts.get(key, 0) + ca * cd
            first.setdefault(key, (pa[0], pa[1], pd[0], pd[1]))
    order = sorted(counts, key=lambda k: (RESULTS.index(k[0]), k[1], k[2]))
    return tuple((key, counts[key], first[key]) for key in order)
