"""The board layout (``art/board.json``) as typed data, with hit-testing."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.ui.drawing.assets import art_dir

Point = tuple[int, int]


@dataclass(frozen=True)
class AreaShape:
    id: str
    kind: str  # europe, colony, home
    sea: bool
    outline: tuple[Point, ...]
    name: Point
    vp: Point
    spaces: tuple[Point, ...]
    units: tuple[int, int, int, int]
    labels: tuple[str, ...] = ()  # the name printed under each space
    water: bool = False  # a sea area: the outline bounds water, ``land`` is drawn in it
    land: tuple[tuple[Point, ...], ...] = ()
    wrap: bool = False  # the name is printed on two lines
    drops: tuple[int, ...] = ()  # per space: its name is printed one line lower
    more_units: tuple[tuple[int, int, int, int], ...] = ()  # more room for unit chips

    @property
    def unit_boxes(self) -> tuple[tuple[int, int, int, int], ...]:
        """Where the area's unit chips go: its unit box, then any more room for them."""
        return (self.units, *self.more_units)

    def contains(self, x: float, y: float) -> bool:
        """Whether a board point lies inside the outline (even-odd rule)."""
        inside = False
        pts = self.outline
        j = len(pts) - 1
        for i in range(len(pts)):
            xi, yi = pts[i]
            xj, yj = pts[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
            j = i
        return inside


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    space: int
    areas: dict[str, AreaShape]
    tracks: dict[str, dict[str, int]]
    land: tuple[tuple[Point, ...], ...] = ()  # land that is no area
    pitch: tuple[int, int] = (50, 50)  # distance between spaces in a row, between rows

    def area_at(self, x: float, y: float) -> str | None:
        for a in self.areas.values():
            if a.contains(x, y):
                return a.id
        return None


@lru_cache(maxsize=1)
def load_layout() -> Layout:
    raw: dict[str, Any] = json.loads((art_dir() / "board.json").read_text())
    areas = {}
    for aid in sorted(raw["areas"]):
        a = raw["areas"][aid]
        areas[aid] = AreaShape(
            aid, a["kind"], bool(a["sea"]), tuple((int(p[0]), int(p[1])) for p in a["outline"]),
            (a["name"][0], a["name"][1]), (a["vp"][0], a["vp"][1]),
            tuple((int(p[0]), int(p[1])) for p in a["spaces"]), tuple(a["units"]),
            tuple(str(x) for x in a.get("labels", ())), bool(a.get("water", False)),
            tuple(_poly(p) for p in a.get("land", ())), bool(a.get("wrap", False)),
            tuple(int(x) for x in a.get("drops", ())),
            tuple((int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in a.get("more_units", ())))
    pitch = raw.get("pitch", [50, 50])
    return Layout((raw["size"][0], raw["size"][1]), int(raw["space"]), areas, raw["tracks"],
                  tuple(_poly(p) for p in raw.get("land", ())), (int(pitch[0]), int(pitch[1])))


def _poly(points: list[list[int]]) -> tuple[Point, ...]:
    return tuple((int(p[0]), int(p[1])) for p in points)
