"""What a scenario file may say (``docs/scenarios.md``), checked before a position is built
or an expectation compared: the fields each object takes, whole numbers in their ranges,
ids the board and the game know, each power once where once is all there can be, and the
positions the game could reach (no negative pieces, fleets only where fleets may be, no
unit in another power's home nation, a Blockade under its owner's fleet, ...).

Each refusal is a :class:`ScenarioError` that says in a sentence, in the language in use,
what is wrong with the file; nothing here raises a bare ``KeyError`` or ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.client.words.lang import join_list, say, say_n
from game.rules import State
from game.rules.board import Board
from game.rules.common import KIND_INDEX


class ScenarioError(ValueError):
    """The scenario file itself is malformed or its position impossible (not a failed
    expectation)."""


POSITION_FIELDS = ("phase", "war", "round", "first", "last_turn", "alliances", "order", "turn", "players", "areas",
                   "captured", "blockades", "bag")
PLAYER_FIELDS = ("gold", "population", "vp", "unrest", "tiles", "used", "loose_forts")
TURN_FIELDS = ("power", "actions_done", "bought", "colonised")
PIECE_FIELDS = ("army", "fleet", "fort", "markers")
EXPECT_PLAYER_FIELDS = (*PLAYER_FIELDS, "supply")
PENDING_FIELDS = ("kind", "seat", "chance", "prompt", "choices")
SUPPLY_KINDS = ("army", "fleet", "fort", "marker")
ROWS = ("A", "B")


# --------------------------------------------------------------------------- shapes
def obj(value: Any, what: str) -> dict[str, Any]:
    """``value`` must be a JSON object (``what`` names it in the sentence)."""
    if not isinstance(value, dict):
        raise ScenarioError(say("{what} must be an object, not {value}", what=what, value=_shown(value)))
    return value


def seq(value: Any, what: str) -> list[Any]:
    """``value`` must be a JSON list."""
    if not isinstance(value, list):
        raise ScenarioError(say("{what} must be a list, not {value}", what=what, value=_shown(value)))
    return value


def fields(value: Any, allowed: Iterable[str], what: str) -> dict[str, Any]:
    """An object whose keys are all among ``allowed`` (a typo is an error, never ignored)."""
    got = obj(value, what)
    names = tuple(allowed)
    unknown = [k for k in got if k not in names]
    if unknown:
        raise ScenarioError(say("unknown field {field} in {what}; it takes {allowed}", field=_shown(unknown[0]),
                                what=what, allowed=join_list(names)))
    return got


def number(value: Any, what: str, lo: int = 0, hi: int | None = None) -> int:
    """A whole number from ``lo`` to ``hi`` (no upper end when ``hi`` is None)."""
    if isinstance(value, bool) or not isinstance(value, int):
        ok = False
    else:
        ok = value >= lo and (hi is None or value <= hi)
    if ok:
        return int(value)
    if hi is None:
        raise ScenarioError(say("{what} must be a whole number of {lo} or more, not {value}", what=what, lo=lo,
                                value=_shown(value)))
    raise ScenarioError(say("{what} must be a whole number from {lo} to {hi}, not {value}", what=what, lo=lo, hi=hi,
                            value=_shown(value)))


def flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(say("{what} must be true or false, not {value}", what=what, value=_shown(value)))
    return value


def _shown(value: Any) -> str:
    return repr(value) if isinstance(value, str) else str(value).replace("True", "true").replace("False", "false")


# --------------------------------------------------------------------------- ids
def seat_of(st: State, power: Any) -> int:
    """The seat of a power of the game, or a sentence: unknown power, or not playing."""
    if isinstance(power, str) and power in st.powers:
        return st.powers.index(power)
    raise ScenarioError(say("{power} is not a player of this scenario (the players are {players})",
                            power=_shown(power), players=join_list(st.powers)))


def area_of(b: Board, area: Any) -> str:
    if not isinstance(area, str) or area not in b.area_by_id:
        raise ScenarioError(say("unknown area {area}", area=_shown(area)))
    return area


def tile_of(b: Board, tile: Any) -> str:
    if not isinstance(tile, str) or tile not in b.tile_by_id:
        raise ScenarioError(say("unknown tile {tile}", tile=_shown(tile)))
    return tile


def piece_of(kind: Any, area: str, allowed: Iterable[str] = PIECE_FIELDS) -> str:
    names = tuple(allowed)
    if kind not in names:
        raise ScenarioError(say("unknown piece {kind} in {area}; the pieces are {pieces}", kind=_shown(kind),
                                area=area, pieces=join_list(names)))
    return str(kind)


# --------------------------------------------------------------------------- the alliances and the order
def alliance_rows(st: State, b: Board, value: Any) -> list[tuple[int, list[int]]]:
    """The alliance track as (row, seats in track order): each power in one row, once, and
    no row longer than its spaces (R-ALL-1)."""
    rows = fields(value, ROWS, "position.alliances")
    seen: list[int] = []
    out = []
    for row, key in ((1, "A"), (2, "B")):
        seats = [seat_of(st, p) for p in seq(rows.get(key, []), f"position.alliances.{key}")]
        for s in seats:
            if s in seen:
                raise ScenarioError(say("{power} is listed twice in the alliances: a power is in one alliance, "
                                        "once (R-ALL-1)", power=st.powers[s]))
            seen.append(s)
        spaces = b.c("track_top_spaces" if row == 1 else "track_bottom_spaces")
        if len(seats) > spaces:
            raise ScenarioError(say("alliance {row} lists {n} powers, but its row of the alliance track has {spaces} "
                                    "spaces (R-ALL-1)", row=key, n=len(seats), spaces=spaces))
        out.append((row, seats))
    return out


def play_order(st: State, value: Any) -> list[int]:
    """A play order lists every player once (R-ALL-6)."""
    seats = [seat_of(st, p) for p in seq(value, "position.order")]
    if sorted(seats) != list(range(st.n)):
        raise ScenarioError(say("the play order must list every player once: {players}; not {order}",
                                players=join_list(st.powers), order=join_list(str(p) for p in value)))
    return seats


# --------------------------------------------------------------------------- what the map may hold
def check_units(st: State, b: Board) -> None:
    """Fleets only where fleets may be (R-MAP-2), no unit in another power's home nation
    (R-MOV-1)."""
    for a in b.areas:
        for s in range(st.n):
            army, fleet, fort = st.units[a.id][s]
            if fleet and not a.sea:
                raise ScenarioError(say("{power} has a fleet in {area}, where fleets cannot be (R-MAP-2)",
                                        power=st.powers[s], area=a.id))
            if a.is_home and a.owner != st.powers[s] and army + fleet + fort:
                raise ScenarioError(say("{power} has units in {area}, another power's home nation (R-MOV-1)",
                                        power=st.powers[s], area=a.id))


def captured_entry(st: State, b: Board, entry: Any) -> list[Any]:
    """A Pirates or Slave Revolt tile on the map holding a marker: in a colony (of the
    Americas for the Slave Revolt), with another player's marker (R-TIL-17, R-TIL-18)."""
    if not isinstance(entry, list) or len(entry) != 3:
        raise ScenarioError(say("a captured marker is [area, \"pirates\" or \"slave_revolt\", power], not {entry}",
                                entry=_shown(entry)))
    area, tile = area_of(b, entry[0]), entry[1]
    if tile not in ("pirates", "slave_revolt"):
        raise ScenarioError(say("only the Pirates or the Slave Revolt hold captured markers, not {tile}",
                                tile=_shown(tile)))
    a = b.area_by_id[area]
    if not a.is_colony or (tile == "slave_revolt" and not a.americas):
        where = say("a colony of the Americas") if tile == "slave_revolt" else say("a colony")
        raise ScenarioError(say("the {tile} tile stands only in {where}, not in {area} (R-TIL-17, R-TIL-18)",
                                tile=tile, where=where, area=area))
    return [area, tile, seat_of(st, entry[2])]


def blockade_entry(st: State, b: Board, entry: Any) -> list[Any]:
    """A Blockade placed under its owner's fleet in a colony (R-TIL-21)."""
    if not isinstance(entry, list) or len(entry) != 2:
        raise ScenarioError(say("a Blockade is [colony, power], not {entry}", entry=_shown(entry)))
    area, seat = area_of(b, entry[0]), seat_of(st, entry[1])
    if not b.area_by_id[area].is_colony:
        raise ScenarioError(say("a Blockade is placed only in a colony, not in {area} (R-TIL-21)", area=area))
    if st.units[area][seat][KIND_INDEX["fleet"]] <= 0:
        raise ScenarioError(say("{power} has no fleet in {area} to place its Blockade under (R-TIL-21)",
                                power=st.powers[seat], area=area))
    return [area, seat]


def check_loose_forts(st: State, b: Board) -> None:
    """Forts a sea roll sent home are forts at home (R-ACT-B2)."""
    for s in range(st.n):
        home = next(a.id for a in b.areas if a.is_home and a.owner == st.powers[s])
        forts = st.units[home][s][KIND_INDEX["fort"]]
        if st.loose_forts[s] > forts:
            raise ScenarioError(say_n("{power} has {n} fort at home, fewer than the {loose} forts at home that may "
                                      "move (loose_forts) (R-ACT-B2)", "{power} has {n} forts at home, fewer than the "
                                      "{loose} forts at home that may move (loose_forts) (R-ACT-B2)", forts,
                                      power=st.powers[s], loose=st.loose_forts[s]))


__all__ = ["EXPECT_PLAYER_FIELDS", "PENDING_FIELDS", "PLAYER_FIELDS", "POSITION_FIELDS", "SUPPLY_KINDS",
           "TURN_FIELDS", "ScenarioError", "alliance_rows", "area_of", "blockade_entry", "captured_entry",
           "check_loose_forts", "check_units", "fields", "flag", "number", "obj", "piece_of", "play_order", "seat_of",
           "seq", "tile_of"]
