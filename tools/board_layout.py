"""Write ``art/board.json``, the board's layout as data: each area's outline, its name and
VP-value places, its marker spaces and its unit box, and the places of the tracks.

The layout follows the printed board: Europe large in the middle, the Americas down the
left side, Africa below Europe, India and the East Indies on the right. Coordinates are
board units on a 1600 x 1000 sheet; the client scales them. Run it after changing a box:

    python -m tools.board_layout
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from game.rules.board import load_board

W, H = 1600, 1000
PITCH = 50  # distance between marker spaces
SPACE = 44  # side of a marker space
HEADER = 52  # name and VP values above the spaces

# area id -> (x, y, w, h, columns of spaces); home nations have no spaces
BOXES: dict[str, tuple[int, int, int, int, int]] = {
    # the Americas, down the left side
    "north_america": (44, 46, 262, 268, 4),
    "caribbean": (44, 362, 262, 240, 3),
    "south_america": (44, 650, 262, 260, 3),
    # Europe in the middle
    "great_britain": (400, 110, 150, 130, 0),
    "united_provinces": (566, 236, 118, 104, 0),
    "france": (420, 360, 196, 150, 0),
    "spain": (392, 600, 178, 128, 0),
    "baltic": (708, 40, 262, 214, 5),
    "russia": (1000, 40, 226, 150, 0),
    "german_states": (700, 282, 266, 270, 5),
    "prussia": (1000, 214, 150, 96, 0),
    "central_europe": (990, 332, 240, 214, 3),
    "austria": (850, 580, 150, 104, 0),
    "mediterranean": (590, 580, 238, 210, 3),
    "ottoman_empire": (1030, 574, 210, 208, 2),
    # Africa below Europe; India and the East Indies on the right
    "africa": (560, 822, 400, 146, 6),
    "india": (1292, 300, 262, 240, 3),
    "east_indies": (1292, 640, 262, 240, 3),
}

TRACKS = {
    # war 1-3 and round 1-6 boxes, the alliance track (top row A: 4, bottom row B: 3)
    "war": {"x": 1290, "y": 44, "cell": 34, "count": 3},
    "round": {"x": 1290, "y": 112, "cell": 34, "count": 6},
    "alliance": {"x": 1290, "y": 180, "cell": 36, "top": 4, "bottom": 3},
    "vp": {"band": 22, "count": 100},
}


def _wobble(seed: str, i: int) -> int:
    """A fixed offset in -9..9 for vertex i of an outline (so the coast is not a box)."""
    return hashlib.sha256(f"{seed}/{i}".encode()).digest()[0] % 19 - 9


def outline(area: str, x: int, y: int, w: int, h: int) -> list[list[int]]:
    """The box grown by a margin, its edges broken into short wobbly segments."""
    m = 10
    x0, y0, x1, y1 = x - m, y - m, x + w + m, y + h + m
    pts: list[list[int]] = []
    edges = [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))]
    i = 0
    for (ax, ay), (bx, by) in edges:
        length = max(abs(bx - ax), abs(by - ay))
        steps = max(2, length // 40)
        for k in range(steps):
            t = k / steps
            px, py = ax + (bx - ax) * t, ay + (by - ay) * t
            d = _wobble(area, i) if k else 0  # corners stay put, so neighbours never overlap
            i += 1
            if ay == by:
                py += d
            else:
                px += d
            pts.append([round(px), round(py)])
    return pts


def build() -> dict[str, object]:
    b = load_board()
    areas: dict[str, object] = {}
    for a in b.areas:
        x, y, w, h, cols = BOXES[a.id]
        spaces: list[list[int]] = []
        if cols:
            n = a.spaces
            rows = -(-n // cols)
            gx = x + (w - cols * PITCH + (PITCH - SPACE)) // 2
            for k in range(n):
                r, c = divmod(k, cols)
                in_row = min(cols, n - r * cols)
                off = (cols - in_row) * PITCH // 2
                spaces.append([gx + off + c * PITCH, y + HEADER + r * PITCH])
            units_top = y + HEADER + rows * PITCH + 6
        else:
            units_top = y + 40
        areas[a.id] = {
            "kind": a.kind,
            "sea": a.sea,
            "outline": outline(a.id, x, y, w, h),
            "name": [x + w // 2, y + 16],
            "vp": [x + w // 2, y + 38],
            "spaces": spaces,
            "units": [x + 6, units_top, w - 12, y + h - units_top - 4],
        }
    return {"size": [W, H], "space": SPACE, "areas": areas, "tracks": TRACKS}


def main() -> int:
    out = Path(__file__).resolve().parent.parent / "art" / "board.json"
    out.write_text(json.dumps(build(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
