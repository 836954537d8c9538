"""Lookup tables derived once from the component data (:class:`game.rules.board.Board`),
for the engine's hot loops: names by id, the board order of tiles and counters, and what
never changes about where units may go (which areas a fleet of each power may enter, the
areas next to each European area and each home nation).

A :class:`Tables` is built the first time a board's ``t`` is read and kept with the board;
like the board's own dicts, its dicts are never changed once built (plain dicts: the
quickest to look in).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.core import C, Choice

if TYPE_CHECKING:  # pragma: no cover - the board module imports this one
    from game.rules.board import Board, Tile


@dataclass(frozen=True)
class Tables:
    """What the rules look up again and again, by id (see the module docstring)."""

    area_ids: tuple[str, ...]  # every area (VP areas, then home nations), in board order
    area_name: Mapping[str, str]
    power_name: Mapping[str, str]
    tile_name: Mapping[str, str]
    colonies: tuple[str, ...]  # the colonies, in board order
    colony: frozenset[str]
    home_of: Mapping[str, str]  # home nation area id -> its power
    sea: frozenset[str]  # areas a fleet may be in (home nations included)
    naval_area: Mapping[str, str]
    europe_adjacent: Mapping[str, tuple[str, ...]]
    home_adjacent: Mapping[str, frozenset[str]]  # power -> European areas next to its home nation
    fleet_enters: Mapping[str, tuple[str, ...]]  # power -> the areas its fleets may enter, in board order
    tile_index: Mapping[str, int]  # tile id -> its place in the board's tiles
    counter_index: Mapping[str, int]  # counter id -> its place in the board's counters
    counter_type: Mapping[str, str]
    colonise: Mapping[str, Choice]  # a Pop counter -> its colonise choice
    enslave: Mapping[str, Choice]  # a Slaves counter -> its enslave choice
    colonise_or_enslave: Mapping[str, Choice]  # both
    colonise_areas: tuple[str, ...]  # the VP areas a Pop or Slaves counter belongs to, in board order
    alliance_tiles: tuple[Tile, ...]
    tile_costs: tuple[tuple[str, int], ...]  # every tile and its population cost, in board order
    tile_choices: Mapping[str, Choice]  # tile -> the choice to buy it
    free_use: frozenset[str]  # the tiles that may be usable as a free action: trade tiles and free actions
    # choices made once, handed out again (a Choice is an immutable tuple): the lists of
    # bids, offers, placements, disbands and moves are sliced or picked from these
    bids: tuple[Choice, ...]  # bid 0, 1, 2 ... (as many as CHOICE_AMOUNTS)
    offers: Mapping[str, tuple[Choice, ...]]  # power -> its offers of 0, 1, 2 ... gold
    places: Mapping[str, tuple[Choice, ...]]  # unit kind -> the initial placements of that kind, in board order
    disbands: Mapping[str, tuple[Choice, Choice, Choice]]  # area -> its disband choices by unit kind
    moves: Mapping[tuple[str, str], Mapping[str, Choice]]  # (area, unit kind) -> destination -> the move
    goes: Mapping[str, Choice]  # area -> the choice to move a new unit there ("to")
    proposals: Mapping[str, Mapping[str, Choice]]  # power -> other power -> the proposal of the two
    uses: Mapping[str, Choice]  # tile -> the choice to use it ("use", with no further argument)
    uses_in: Mapping[str, Mapping[str, Choice]]  # tile -> area (or alliance tile) -> the choice to use it there


# how many bids and offers of gold are made in advance (more are made when asked for)
CHOICE_AMOUNTS = 256
UNITS = ("army", "fleet", "fort")


def amounts(made: tuple[Choice, ...], lo: int, hi: int, make: Callable[[int], Choice]) -> list[Choice]:
    """``[make(x) for x in range(lo, hi)]``, taking the choices made in advance (``made[x]``
    is ``make(x)``) where there are some."""
    if lo >= hi:
        return []
    if 0 <= lo and hi <= len(made):
        return list(made[lo:hi])
    return [made[x] if 0 <= x < len(made) else make(x) for x in range(lo, hi)]


def build_tables(b: Board) -> Tables:
    areas = b.areas
    home_of = {a.id: a.owner for a in areas if a.is_home}
    fleet_enters = {p.id: tuple(a.id for a in areas if (a.owner == p.id if a.is_home else a.sea)) for p in b.powers}
    return Tables(
        area_ids=tuple(a.id for a in areas),
        area_name={a.id: a.name for a in areas},
        power_name={p.id: p.name for p in b.powers},
        tile_name={t.id: t.name for t in b.tiles},
        colonies=tuple(a.id for a in areas if a.is_colony),
        colony=frozenset(a.id for a in areas if a.is_colony),
        home_of=home_of,
        sea=frozenset(a.id for a in areas if a.sea),
        naval_area={a.id: a.naval_area for a in areas},
        europe_adjacent=dict(b.europe_adjacent),
        home_adjacent={p: frozenset(adj) for p, adj in b.home_adjacent.items()},
        fleet_enters=fleet_enters,
        tile_index={t.id: i for i, t in enumerate(b.tiles)},
        counter_index={c.id: i for i, c in enumerate(b.counters)},
        counter_type={c.id: c.type for c in b.counters},
        colonise={c.id: C("colonise", c.id) for c in b.counters if c.type == "pop"},
        enslave={c.id: C("enslave", c.id) for c in b.counters if c.type == "slaves"},
        colonise_or_enslave={c.id: C("colonise" if c.type == "pop" else "enslave", c.id) for c in b.counters
                             if c.type in ("pop", "slaves")},
        colonise_areas=tuple(a for a in b.vp_areas if any(c.area == a and c.type in ("pop", "slaves")
                                                            for c in b.counters)),
        alliance_tiles=tuple(t for t in b.tiles if t.family == "alliance"),
        tile_costs=tuple((t.id, t.population) for t in b.tiles),
        tile_choices={t.id: C("tile", t.id) for t in b.tiles},
        free_use=frozenset(t.id for t in b.tiles if t.family == "trade" or t.use == "free_action"),
        bids=tuple(C("bid", x) for x in range(CHOICE_AMOUNTS)),
        offers={p.id: tuple(C("offer", p.id, x) for x in range(CHOICE_AMOUNTS)) for p in b.powers},
        places={k: tuple(C("place", k, a) for a in b.vp_areas if k != "fleet" or b.area_by_id[a].sea)
                for k in UNITS},
        disbands={a.id: (C("disband", a.id, UNITS[0]), C("disband", a.id, UNITS[1]), C("disband", a.id, UNITS[2]))
                  for a in areas},
        moves={(a.id, k): {d.id: C("move", a.id, k, d.id) for d in areas if d.id != a.id}
               for a in areas for k in UNITS},
        goes={a.id: C("to", a.id) for a in areas},
        proposals={p.id: {q.id: C("propose", p.id, q.id) for q in b.powers if q.id != p.id} for p in b.powers},
        uses={t.id: C("use", t.id) for t in b.tiles},
        uses_in={t.id: {x: C("use", t.id, x) for x in (t.areas if t.family == "trade" else (
            *(a.id for a in areas if a.is_colony), *(u.id for u in b.tiles if u.family == "alliance")))}
            for t in b.tiles},
    )
