"""The game's log as a player reads it: each line with what a front end draws it by.

A :class:`LogLine` is the line's words (a ``str``, so a log stays a list of sentences for
whoever only reads them) with its kind — a header of a war, a round or a turn; a battle
as one block with both sides' totals and dice; an area's scoring; an ordinary line — the
powers it concerns (a log filtered to one power keeps the lines naming it) and the area
where it happened (a click on the line shows it on the map). :func:`log_lines` makes the
lines of one step's events from the sentences :class:`game.client.words.battle.Tracker`
gave for them; :func:`segments` cuts a line into plain words and power names, so that
each name can be drawn in its power's colour.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.board import Board

HEADERS = {"war": "war", "round": "round", "turn": "turn"}
SCORING = frozenset({"score_area", "scored"})
# the fields of an event that name powers
POWER_FIELDS = ("power", "powers", "ally", "asker", "target", "defender", "attacker", "winners", "order", "by")
HOME_BEFORE = ("in ", "from ", "to ", "at ")  # words before a power's name that make it its home nation
FOLDED = frozenset({"dice"})  # said again by the battle's block ("Battle in X: A rolls 5 and 6, ...")


@dataclass(frozen=True)
class Side:
    """One side of a battle as its block shows it: who, the total, its strength and dice,
    and the words of how the strength was reached."""

    name: str
    power: str  # "" for a neutral counter or a tile
    total: int
    strength: int
    dice: tuple[int, int]
    parts: str = ""  # "1 army, naval support (+1)"
    seven: bool = False  # rolled 7: one more unit lost


class LogLine(str):
    """A line of the log (see the module docstring). Equal to its words."""

    kind: str
    powers: tuple[str, ...]
    area: str
    sides: tuple[Side, ...]

    def __new__(cls, words: str, kind: str = "line", powers: Iterable[str] = (), area: str = "",
                sides: Sequence[Side] = ()) -> LogLine:
        line = super().__new__(cls, words)
        line.kind = kind
        line.powers = tuple(powers)
        line.area = area
        line.sides = tuple(sides)
        return line


def battle_words(line: str) -> str:
    """How each side's total of a battle's line was reached, in words ("" for another line)."""
    out = []
    for side in getattr(line, "sides", ()):
        d1, d2 = side.dice
        parts = f" ({side.parts})" if side.parts else ""
        seven = "; rolled 7: one more unit lost" if side.seven else ""
        out.append(f"{side.name}: {side.total} = strength {side.strength}{parts} + the difference of the dice "
                   f"{d1} and {d2} ({abs(d1 - d2)}){seven}")
    return "\n".join(out)


def kind_of(line: str) -> str:
    """The kind of any log line (a plain string, such as a network game's note, is "line")."""
    return getattr(line, "kind", "line")


def powers_of_event(e: Mapping[str, Any], board: Board) -> tuple[str, ...]:
    """The powers an event names, in the order its fields name them, each once."""
    out: list[str] = []
    for key in POWER_FIELDS:
        v = e.get(key)
        for p in (v if isinstance(v, (list, tuple)) else [v]):
            if isinstance(p, str) and p in board.power_by_id and p not in out:
                out.append(p)
    return tuple(out)


def area_of_event(e: Mapping[str, Any], board: Board) -> str:
    """Where an event happened: its area, else where a unit went (or its home nation)."""
    for key in ("area", "dst", "src"):
        v = e.get(key)
        if isinstance(v, str) and v in board.area_by_id:
            return v
    return ""


def log_lines(events: Sequence[Mapping[str, Any]], lines: Sequence[str], board: Board,
              sides: Mapping[int, Sequence[Side]] | None = None) -> list[LogLine]:
    """The log lines of a step: ``lines[i]`` is what the tracker said for ``events[i]``
    (a battle's line followed by one line per side); ``sides`` the battle blocks' sides by
    event index. Events said twice (a battle's dice, which its block shows) are left out."""
    out: list[LogLine] = []
    battles = sides or {}
    for i, (e, said) in enumerate(zip(events, lines, strict=False)):
        k = str(e.get("kind", ""))
        if not said.strip() or k in FOLDED and _has_battle_after(events, i):
            continue
        first, *rest = [x for x in said.split("\n") if x.strip()]
        powers, area = powers_of_event(e, board), area_of_event(e, board)
        if k == "battle":
            block = tuple(battles.get(i, ()))
            named = powers + tuple(s.power for s in block if s.power and s.power not in powers)
            out.append(LogLine(first, "battle", named, area, block))
            if not block:  # (no dice known: the sides' lines as they were said)
                out.extend(LogLine(x.strip(), "line", named, area) for x in rest)
            continue
        kind = HEADERS.get(k, "score" if k in SCORING else "line")
        out.append(LogLine(first, kind, powers, area))
        out.extend(LogLine(x.strip(), kind, powers, area) for x in rest)
    return out


def _has_battle_after(events: Sequence[Mapping[str, Any]], i: int) -> bool:
    return any(e.get("kind") == "battle" for e in events[i + 1:])


def shows(line: str, power: str, board: Board | None = None) -> bool:
    """Whether a log filtered to ``power`` keeps ``line``: the wars' and rounds' headers
    always, every other line that names the power (a plain note: by its name in the words)."""
    kind = kind_of(line)
    if kind in ("war", "round"):
        return True
    named: tuple[str, ...] = getattr(line, "powers", ())
    if named:
        return power in named
    return board is not None and power in board.power_by_id and board.power_name(power) in line


_NAMES: dict[int, tuple[Board, re.Pattern[str], dict[str, str]]] = {}


def _names(board: Board) -> tuple[re.Pattern[str], dict[str, str]]:
    got = _NAMES.get(id(board))
    if got is None or got[0] is not board:
        names = {board.power_name(p.id): p.id for p in board.powers}
        longest = sorted(names, key=lambda n: (-len(n), n))
        got = _NAMES[id(board)] = (board, re.compile("|".join(re.escape(n) for n in longest)), names)
    return got[1], got[2]


def segments(line: str, board: Board) -> list[tuple[str, str]]:
    """``line`` cut into (words, power id) pieces: a power's name with its id, the words
    between with "" (the names of the board's powers, longest first)."""
    pattern, names = _names(board)
    out: list[tuple[str, str]] = []
    at = 0
    for m in pattern.finditer(line):
        if line[max(0, m.start() - 5):m.start()].endswith(HOME_BEFORE):
            continue  # "in Spain": the home nation, not the power
        if m.start() > at:
            out.append((line[at:m.start()], ""))
        out.append((m.group(0), names[m.group(0)]))
        at = m.end()
    if at < len(line):
        out.append((line[at:], ""))
    return out
