"""Component data: the board, counters and tiles, loaded from one JSON data file.

The rules code holds no numbers printed on the board or the tiles: they all come from
``game/rules/data/standard.json`` (or another file named by the ``components`` ruleset
option). :func:`load_board` validates the file and returns an immutable :class:`Board`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from game.rules.errors import DataError
from game.rules.tables import Tables, build_tables

UNIT_KINDS: tuple[str, ...] = ("army", "fleet", "fort")
PIECE_KINDS: tuple[str, ...] = ("army", "fleet", "fort", "marker")


@dataclass(frozen=True)
class Area:
    """A VP area or a home nation."""

    id: str
    name: str
    kind: str  # "europe", "colony" or "home"
    sea: bool  # fleets may be here (for a home nation: only its owner's fleets)
    vp: tuple[int, ...]
    spaces: int
    americas: bool
    naval_area: str  # where the naval battle for this area is fought ("" if none)
    owner: str  # the power whose home nation this is ("" for VP areas)

    @property
    def is_colony(self) -> bool:
        return self.kind == "colony"

    @property
    def is_home(self) -> bool:
        return self.kind == "home"


@dataclass(frozen=True)
class Counter:
    """A nation counter: a neutral minor state, or a ``pop``/``slaves`` colony site."""

    id: str
    name: str
    area: str
    type: str  # "neutral", "pop" or "slaves"
    strength: int
    gold: int
    vp: int


@dataclass(frozen=True)
class Tile:
    """An improvement, trade or alliance tile kind (the stock holds ``count`` of it)."""

    id: str
    name: str
    family: str  # "improvement", "trade" or "alliance"
    count: int
    gold: int
    population: int
    unrest: int
    timing: str  # "keep", "once_per_war", "on_take", "one_use", "war" (alliance)
    use: str  # "passive", "battle", "free_action", "build", "on_take", "trade", "alliance"
    areas: tuple[str, ...]
    units: tuple[str, ...]


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class Board:
    """Everything printed on the components, by id, in the data file's order."""

    id: str
    digest: str
    constants: dict[str, Any]
    supply: dict[str, int]
    powers: tuple[Power, ...]
    areas: tuple[Area, ...]
    vp_areas: tuple[str, ...]
    counters: tuple[Counter, ...]
    tiles: tuple[Tile, ...]
    area_by_id: dict[str, Area]
    counter_by_id: dict[str, Counter]
    tile_by_id: dict[str, Tile]
    power_by_id: dict[str, Power]
    home_adjacent: dict[str, tuple[str, ...]]
    europe_adjacent: dict[str, tuple[str, ...]]

    @cached_property
    def t(self) -> Tables:
        """Lookup tables derived from the data (:mod:`game.rules.tables`), built once."""
        return build_tables(self)

    def c(self, name: str) -> int:
        """An integer constant of the ruleset."""
        value = self.constants[name]
        assert isinstance(value, int)
        return value

    def area_name(self, area_id: str) -> str:
        return self.area_by_id[area_id].name

    def power_name(self, power_id: str) -> str:
        return self.power_by_id[power_id].name

    def tile_name(self, tile_id: str) -> str:
        return self.tile_by_id[tile_id].name

    def counter_name(self, counter_id: str) -> str:
        return self.counter_by_id[counter_id].name


_CACHE: dict[str, Board] = {}


def _require(cond: bool, message: str, key: str, **fields: Any) -> None:
    if not cond:
        raise DataError(message, "", key, fields)


def load_board(source: str = "standard") -> Board:
    """Load and validate a component data file.

    ``source`` is the name of a file shipped in ``game/rules/data`` (without ``.json``)
    or a path to a JSON file. Loaded boards are cached by source.
    """
    if source in _CACHE:
        return _CACHE[source]
    try:
        if source.endswith(".json") or "/" in source or "\\" in source:
            raw = Path(source).read_bytes()
        else:
            raw = resources.files("game.rules").joinpath("data", f"{source}.json").read_bytes()
    except OSError as exc:
        raise DataError(f"cannot read component data {source!r}: {exc.strerror or exc}", "", "data.unreadable",
                        {"source": source, "error": str(exc.strerror or exc)}) from exc
    board = parse_board(raw)
    _CACHE[source] = board
    return board


def _refuse_number(text: str) -> Any:
    """Component data holds integers only: a float (or NaN, Infinity) anywhere is refused
    rather than truncated by ``int()``."""
    raise DataError(f"component data may hold integers only, not {text}", "", "data.not_integer", {"value": text})


def parse_board(raw: bytes) -> Board:
    """Parse and validate component data (raises :class:`DataError` on any fault)."""
    try:
        data = json.loads(raw.decode("utf-8"), parse_float=_refuse_number, parse_constant=_refuse_number)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"component data is not valid JSON: {exc}", "", "data.not_json", {"error": str(exc)}) from exc
    _require(isinstance(data, dict), "component data must be a JSON object", "data.not_an_object")
    try:
        return _build(data, hashlib.sha256(raw).hexdigest())
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"component data is incomplete or malformed: {exc!r}", "", "data.malformed",
                        {"error": repr(exc)}) from exc


def _build(data: dict[str, Any], digest: str) -> Board:
    constants = dict(data["constants"])
    for key, value in constants.items():
        _require(
            isinstance(value, int) or (isinstance(value, list) and all(isinstance(v, int) for v in value)),
            f"constant {key} must be an integer or a list of integers", "data.constant", constant=key,
        )
    supply = {k: int(data["supply"][k]) for k in PIECE_KINDS}
    powers = tuple(Power(p["id"], p["name"], p["colour"]) for p in data["powers"])
    power_ids = [p.id for p in powers]
    _require(len(set(power_ids)) == len(power_ids), "duplicate power id", "data.duplicate_power")

    areas: list[Area] = []
    for a in data["areas"]:
        _require(a["kind"] in ("europe", "colony"), f"area {a['id']}: unknown kind {a['kind']}", "data.area_kind",
                 area=a["id"], kind=a["kind"])
        areas.append(
            Area(
                id=a["id"],
                name=a["name"],
                kind=a["kind"],
                sea=bool(a["sea"]),
                vp=tuple(int(v) for v in a["vp"]),
                spaces=int(a["spaces"]),
                americas=bool(a.get("americas", False)),
                naval_area=a.get("naval_area", a["id"] if a["sea"] else ""),
                owner="",
            )
        )
    vp_areas = tuple(a.id for a in areas)
    for p in powers:
        areas.append(Area(p.id, p.name, "home", True, (), 0, False, "", p.id))
    area_by_id = {a.id: a for a in areas}
    _require(len(area_by_id) == len(areas), "duplicate area id", "data.duplicate_area")
    for a in areas:
        _require(not a.naval_area or a.naval_area in area_by_id, f"area {a.id}: unknown naval area",
                 "data.naval_area", area=a.id)

    counters: list[Counter] = []
    for c in data["counters"]:
        ctype = c.get("type", "neutral")
        _require(ctype in ("neutral", "pop", "slaves"), f"counter {c['id']}: unknown type {ctype}",
                 "data.counter_type", counter=c["id"], type=ctype)
        _require(c["area"] in vp_areas, f"counter {c['id']}: unknown area {c['area']}", "data.counter_area",
                 counter=c["id"], area=c["area"])
        counters.append(
            Counter(c["id"], c["name"], c["area"], ctype, int(c.get("strength", 0)),
                    int(c.get("gold", 0)), int(c.get("vp", 0)))
        )
    counter_by_id = {c.id: c for c in counters}
    _require(len(counter_by_id) == len(counters), "duplicate counter id", "data.duplicate_counter")
    for a in areas:
        if not a.is_home:
            n = sum(1 for c in counters if c.area == a.id)
            _require(n == a.spaces, f"area {a.id}: {a.spaces} spaces but {n} counters", "data.spaces",
                     area=a.id, spaces=a.spaces, counters=n)

    tiles: list[Tile] = []
    for t in data["tiles"]:
        tiles.append(Tile(t["id"], t["name"], "improvement", int(t["count"]), int(t.get("gold", 0)),
                          int(t.get("population", 0)), int(t.get("unrest", 0)), t["timing"], t["use"], (), ()))
    for t in data["trade_tiles"]:
        tiles.append(Tile(t["id"], t["name"], "trade", int(t["count"]), int(t.get("gold", 0)), 0, 0,
                          "once_per_war", "trade", tuple(t["areas"]), ()))
    for t in data["alliance_tiles"]:
        tiles.append(Tile(t["id"], t["name"], "alliance", int(t.get("count", 1)), int(t.get("gold", 0)), 0, 0,
                          "war", "alliance", tuple(t["areas"]), tuple(t["units"])))
    tile_by_id = {t.id: t for t in tiles}
    _require(len(tile_by_id) == len(tiles), "duplicate tile id", "data.duplicate_tile")
    for t in tiles:
        for a_id in t.areas:
            _require(a_id in vp_areas, f"tile {t.id}: unknown area {a_id}", "data.tile_area", tile=t.id, area=a_id)
        for u in t.units:
            _require(u in ("army", "fleet"), f"tile {t.id}: unknown unit {u}", "data.tile_unit", tile=t.id, unit=u)

    home_adjacent: dict[str, tuple[str, ...]] = {}
    for p in powers:
        adj = tuple(data["home_adjacency"].get(p.id, ()))
        for a_id in adj:
            _require(a_id in vp_areas and area_by_id[a_id].kind == "europe",
                     f"home {p.id}: adjacency to a non-European area {a_id}", "data.home_adjacency",
                     power=p.id, area=a_id)
        home_adjacent[p.id] = adj
    europe_adjacent: dict[str, list[str]] = {a: [] for a in vp_areas if area_by_id[a].kind == "europe"}
    for x, y in data["europe_adjacency"]:
        _require(x in europe_adjacent and y in europe_adjacent and x != y, f"bad adjacency {x}-{y}",
                 "data.adjacency", a=x, b=y)
        europe_adjacent[x].append(y)
        europe_adjacent[y].append(x)
    ordered = {a: tuple(b for b in vp_areas if b in adj) for a, adj in europe_adjacent.items()}

    return Board(
        id=str(data["id"]),
        digest=digest,
        constants=constants,
        supply=supply,
        powers=powers,
        areas=tuple(areas),
        vp_areas=vp_areas,
        counters=tuple(counters),
        tiles=tuple(tiles),
        area_by_id=area_by_id,
        counter_by_id=counter_by_id,
        tile_by_id=tile_by_id,
        power_by_id={p.id: p for p in powers},
        home_adjacent=home_adjacent,
        europe_adjacent=ordered,
    )
