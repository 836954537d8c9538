"""The game's log as a player reads it: each line with what a front end draws it by.

A :class:`LogLine` is the line's words (a ``str``, so a log stays a list of sentences for
whoever only reads them) with its kind — a header of a war, a round or a turn; a battle
as one block with both sides' totals and dice; an area's scoring; an ordinary line — the
powers it concerns (a log filtered to one power keeps the lines naming it) and the area
where it happened (a click on the line shows it on the map). :func:`log_lines` makes the
lines of one step's events from the sentences :class:`game.client.words.battle.Tracker`
gave for them; :func:`segments` cuts a line into plain words and power names, so that
each name can be drawn in its power's colour.

A line keeps what it was made from (:class:`Said`: a step's events and what the tracker
knew, or a note's sentence), so that when the language changes, :func:`now` gives it in
the language in use: a log made in English reads in Italian from the moment Italian is
chosen, whatever the game has reached.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.client.words.lang import language, say
from game.client.words.names import Names
from game.rules.board import Board

HEADERS = {"war": "war", "round": "round", "turn": "turn"}
SCORING = frozenset({"score_area", "scored"})
# the fields of an event that name powers
POWER_FIELDS = ("power", "powers", "ally", "asker", "target", "defender", "attacker", "winners", "order", "by")
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


Maker = Callable[[], Sequence["LogLine"]]
"""What makes a group of log lines again in the language in use (each line with its ``at``)."""


class Source:
    """What log lines were made from (see the module docstring): they are made again, once
    per language, when the line is shown in another language than its own."""

    __slots__ = ("_make", "_made")

    def __init__(self, make: Maker) -> None:
        self._make = make
        self._made: dict[str, dict[tuple[int, int], LogLine]] = {}

    def line(self, at: tuple[int, int]) -> LogLine | None:
        """The line made at ``at`` (event, line of its sentence) in the language in use."""
        code = language()
        got = self._made.get(code)
        if got is None:
            got = self._made[code] = {x.at: x for x in self._make()}
        return got.get(at) or got.get((at[0], 0))


class LogLine(str):
    """A line of the log (see the module docstring). Equal to its words."""

    kind: str
    powers: tuple[str, ...]
    area: str
    sides: tuple[Side, ...]
    rows: tuple[str, ...]  # a battle's sides as the tracker said them (a card shows them)
    tile: str  # the tile the line names, if any (its tooltip says what the tile does)
    lang: str  # the language of its words
    source: Source | None
    at: tuple[int, int]

    def __new__(cls, words: str, kind: str = "line", powers: Iterable[str] = (), area: str = "",
                sides: Sequence[Side] = (), *, rows: Sequence[str] = (), tile: str = "", source: Source | None = None,
                at: tuple[int, int] = (0, 0)) -> LogLine:
        line = super().__new__(cls, words)
        line.kind = kind
        line.powers = tuple(powers)
        line.area = area
        line.sides = tuple(sides)
        line.rows = tuple(rows)
        line.tile = tile
        line.lang = language()
        line.source = source
        line.at = at
        return line


def now(line: str) -> str:
    """``line`` in the language in use: itself if it was said in it (or is a plain string),
    else made again from what it was made from."""
    source: Source | None = getattr(line, "source", None)
    if source is None or getattr(line, "lang", "") == language():
        return line
    got = source.line(getattr(line, "at", (0, 0)))
    return got if got is not None else line


def note(make: Callable[[], str], kind: str = "line", powers: Iterable[str] = ()) -> LogLine:
    """A line of the log that is a sentence of its own (a network game's news), said again
    by ``make`` in the language in use."""
    named = tuple(powers)
    source = Source(lambda: [LogLine(make(), kind, named)])
    return LogLine(make(), kind, named, source=source)


def battle_words(line: str) -> str:
    """How each side's total of a battle's line was reached, in words ("" for another line)."""
    out = []
    for side in getattr(now(line), "sides", ()):
        d1, d2 = side.dice
        fields = {"side": side.name, "total": side.total, "strength": side.strength, "parts": side.parts,
                  "a": d1, "b": d2, "diff": abs(d1 - d2)}
        if side.parts and side.seven:
            said = say("{side}: {total} = strength {strength} ({parts}) + the difference of the dice {a} and {b} "
                       "({diff}); rolled 7: one more unit lost", **fields)
        elif side.parts:
            said = say("{side}: {total} = strength {strength} ({parts}) + the difference of the dice {a} and {b} "
                       "({diff})", **fields)
        elif side.seven:
            said = say("{side}: {total} = strength {strength} + the difference of the dice {a} and {b} ({diff}); "
                       "rolled 7: one more unit lost", **fields)
        else:
            said = say("{side}: {total} = strength {strength} + the difference of the dice {a} and {b} ({diff})",
                       **fields)
        out.append(said)
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
              sides: Mapping[int, Sequence[Side]] | None = None, source: Source | None = None) -> list[LogLine]:
    """The log lines of a step: ``lines[i]`` is what the tracker said for ``events[i]``
    (a battle's line followed by one line per side); ``sides`` the battle blocks' sides by
    event index; ``source`` what makes them again in another language. Events said twice
    (a battle's dice, which its block shows) are left out."""
    out: list[LogLine] = []
    battles = sides or {}
    for i, (e, said) in enumerate(zip(events, lines, strict=False)):
        k = str(e.get("kind", ""))
        if not said.strip() or k in FOLDED and _has_battle_after(events, i):
            continue
        first, *rest = [x for x in said.split("\n") if x.strip()]
        powers, area = powers_of_event(e, board), area_of_event(e, board)
        tid = e.get("tile")
        tile = tid if isinstance(tid, str) and tid in board.tile_by_id else ""
        if k == "battle":
            block = tuple(battles.get(i, ()))
            named = powers + tuple(s.power for s in block if s.power and s.power not in powers)
            rows = tuple(x.strip() for x in rest)
            out.append(LogLine(first, "battle", named, area, block, rows=rows, tile=tile, source=source, at=(i, 0)))
            if not block:  # (no dice known: the sides' lines as they were said)
                out.extend(LogLine(x, "line", named, area, tile=tile, source=source, at=(i, j + 1))
                           for j, x in enumerate(rows))
            continue
        kind = HEADERS.get(k, "score" if k in SCORING else "line")
        out.append(LogLine(first, kind, powers, area, tile=tile, source=source, at=(i, 0)))
        out.extend(LogLine(x.strip(), kind, powers, area, tile=tile, source=source, at=(i, j + 1))
                   for j, x in enumerate(rest))
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
    return board is not None and power in board.power_by_id and Names(board).power(power) in now(line)


_NAMES: dict[tuple[int, str], tuple[Board, re.Pattern[str], dict[str, str], tuple[str, ...]]] = {}


def _names(board: Board) -> tuple[re.Pattern[str], dict[str, str], tuple[str, ...]]:
    """The board's powers' names in the language in use (a pattern of them, longest first,
    and the id of each), and the words before a name that make it a home nation."""
    key = (id(board), language())
    got = _NAMES.get(key)
    if got is None or got[0] is not board:
        nm = Names(board)
        names = {nm.power(p.id): p.id for p in board.powers}
        longest = sorted(names, key=lambda n: (-len(n), n))
        # the words before a power's name that make it its home nation ("in Spain"), "/" between them
        before = tuple(w.strip() + " " for w in say("in/from/to/at").split("/") if w.strip())
        got = _NAMES[key] = (board, re.compile("|".join(re.escape(n) for n in longest)), names, before)
    return got[1], got[2], got[3]


def segments(line: str, board: Board) -> list[tuple[str, str]]:
    """``line`` cut into (words, power id) pieces: a power's name with its id, the words
    between with "" (the names of the board's powers, longest first)."""
    pattern, names, before = _names(board)
    out: list[tuple[str, str]] = []
    at = 0
    for m in pattern.finditer(line):
        if _after_word(line, m.start(), before):
            continue  # "in Spain": the home nation, not the power
        if m.start() > at:
            out.append((line[at:m.start()], ""))
        out.append((m.group(0), names[m.group(0)]))
        at = m.end()
    if at < len(line):
        out.append((line[at:], ""))
    return out


def _after_word(line: str, at: int, words: tuple[str, ...]) -> bool:
    """Whether one of ``words`` (each ending with a space) stands whole right before ``at``."""
    head = line[:at]
    return any(head.endswith(w) and (len(head) == len(w) or not head[-len(w) - 1].isalnum()) for w in words)
