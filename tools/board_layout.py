"""Write ``art/board.json``, the board's layout as data: each area's outline, its name and
VP-value places, its marker spaces (with the short names printed under them) and its
unit boxes (where its unit chips go), the land that belongs to no area, and the places
of the tracks.

The layout follows the printed board, a map of the world 1700-1800 with Europe enlarged
in the middle: North America, the Caribbean and South America down the left side,
Africa below Europe, India and the East Indies on the right. Coordinates are board units
on a 1600 x 1000 sheet; the client scales them.

Each outline is written here by hand as a coarse polygon (a dozen or two corners) and
smoothed (two rounds of corner cutting), so coasts read as coasts; a few board units of
fixed, hashed jitter roughen it. The Baltic, the Mediterranean, the Caribbean and the
East Indies are sea areas: their outline bounds the water, and the coasts and islands in
them (Scandinavia, Italy, the Antilles, Sumatra...) are drawn from their ``land``
polygons. Land that is no area (the rest of the continents) is the top-level ``land``.

Run it after changing an outline or a box:

    python -m tools.board_layout
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from game.rules.board import load_board

W, H = 1600, 1000
SPACE = 46  # side of a marker space
PITCH_X = 62  # distance between marker spaces in a row
PITCH_Y = 70  # distance between rows: a space and one line of names under it
PITCH_Y2 = 90  # the same when the names under a row take two lines
Z_SMALL = 0.574  # the zoom at which the board fits a 1280x720 window
LABEL_PX = 10  # the size of the names under the spaces there (condensed, pixels)
LABEL_WIDEST = 58  # a longer name is printed in its short form (pixels at LABEL_PX)

Pt = tuple[int, int]
# the spaces: the top left of the first, the count in each row, and "left" to start every
# row at the left (else shorter rows are centred)
Grid = tuple[int, int, list[int]] | tuple[int, int, list[int], str]

# Short forms of the longest names printed under the spaces (the tooltip names them in full)
SHORT = {
    "Württemberg": "Württemb.", "Mecklenburg": "Mecklenb.", "Rio de la Plata": "La Plata",
    "New Granada": "N. Granada", "Spice Islands": "Spice Isl.", "New England": "N. England",
    "Mozambique": "Mozamb.", "Papal States": "Papal St.", "Cape Colony": "Cape Col.",
}


class Area:
    """One area as written by hand: outline corners, where its name, VP values, spaces
    (rows of a grid from ``grid``) and units go (the unit box, and ``more`` boxes where
    chips go when it is full), and land drawn inside a sea area."""

    def __init__(self, outline: list[Pt], name: Pt, vp: Pt, grid: Grid | None,
                 units: tuple[int, int, int, int], land: list[list[Pt]] | None = None,
                 water: bool = False, smooth: int = 1, more: list[tuple[int, int, int, int]] | None = None) -> None:
        self.outline = outline
        self.name = name
        self.vp = vp
        self.grid = grid
        self.units = units
        self.land = land or []
        self.water = water
        self.smooth = smooth
        self.more = more or []


AREAS: dict[str, Area] = {
    # ------------------------------------------------------------ the Americas
    "north_america": Area(  # Canada round Hudson Bay, Labrador, the east coast, Florida
        [(8, 60), (40, 52), (70, 62), (92, 52), (104, 40), (108, 74), (120, 100), (156, 110),
         (196, 102), (212, 76), (220, 44), (230, 34), (270, 30), (320, 44), (352, 70), (374, 98),
         (360, 118), (372, 138), (352, 158), (372, 196), (350, 210), (336, 222), (344, 242),
         (330, 254), (322, 272), (316, 292), (326, 314), (308, 336), (314, 360), (296, 384),
         (300, 412), (318, 440), (326, 466), (310, 470), (296, 448), (286, 432), (260, 430),
         (226, 436), (196, 432), (188, 448), (172, 436), (140, 432), (100, 440), (60, 452),
         (30, 460), (8, 458)],
        name=(150, 134), vp=(296, 134), grid=(58, 156, [4, 3]), units=(56, 338, 230, 86)),
    "caribbean": Area(  # the sea between Florida and the Main, with the Antilles
        [(100, 484), (200, 480), (290, 486), (380, 490), (398, 540), (392, 600), (396, 704),
         (300, 714), (190, 712), (106, 708), (98, 640), (104, 560)],
        name=(176, 506), vp=(300, 506), grid=(118, 528, [3, 3]), units=(308, 524, 76, 160),
        land=[
            [(130, 510), (170, 500), (230, 502), (280, 514), (322, 528), (300, 532), (250, 524),
             (200, 520), (156, 522)],  # Cuba
            [(222, 616), (246, 612), (258, 620), (234, 626)],  # Jamaica
            [(300, 536), (330, 530), (356, 538), (344, 552), (312, 552)],  # Hispaniola
            [(380, 580), (390, 576), (392, 588), (382, 590)],  # the Leeward Islands
            [(384, 610), (392, 608), (392, 620), (384, 620)],
            [(380, 640), (390, 638), (390, 650), (380, 652)],  # Barbados
            [(236, 694), (250, 690), (252, 700)],  # Curacao
        ], water=True),
    "south_america": Area(  # the Main, Guiana and the bulge of Brazil
        [(96, 736), (130, 724), (170, 732), (210, 726), (250, 738), (300, 752), (350, 768),
         (390, 780), (414, 808), (404, 840), (384, 870), (386, 930), (364, 970), (350, 1000),
         (60, 1000), (46, 940), (34, 880), (48, 820), (40, 786), (70, 764)],
        name=(170, 764), vp=(298, 784), grid=(60, 790, [3, 3]), units=(256, 806, 114, 136)),
    # ------------------------------------------------------------ Europe
    "great_britain": Area(  # Scotland, England and Wales
        [(470, 58), (500, 54), (522, 60), (530, 80), (506, 104), (516, 124), (540, 150),
         (548, 186), (560, 210), (568, 236), (566, 266), (548, 288), (500, 286), (460, 292),
         (432, 298), (456, 276), (474, 262), (460, 246), (476, 232), (462, 214), (456, 190),
         (470, 172), (456, 150), (468, 128), (450, 104), (460, 82)],
        name=(510, 186), vp=(510, 230), grid=None, units=(474, 246, 76, 32)),
    "united_provinces": Area(
        [(594, 244), (640, 232), (672, 240), (676, 290), (670, 368), (620, 374), (588, 356),
         (586, 300), (576, 272)],
        name=(628, 266), vp=(628, 309), grid=None, units=(600, 327, 64, 31)),
    "france": Area(  # Brittany, the Channel coast, the Rhine, the Alps, Biscay
        [(520, 376), (560, 382), (590, 380), (630, 380), (666, 384), (674, 410), (668, 460),
         (660, 520), (672, 560), (646, 584), (610, 586), (580, 578), (540, 596), (496, 590),
         (486, 540), (478, 480), (468, 436), (440, 418), (436, 398), (476, 392), (500, 384),
         (508, 362)],
        name=(576, 424), vp=(576, 452), grid=None, units=(506, 476, 150, 60)),
    "spain": Area(  # the Iberian peninsula
        [(420, 610), (470, 604), (520, 610), (570, 608), (604, 614), (612, 640), (584, 672),
         (570, 712), (556, 750), (530, 780), (474, 790), (444, 776), (418, 784), (400, 762),
         (410, 720), (398, 680), (408, 640)],
        name=(486, 660), vp=(538, 660), grid=None, units=(414, 684, 134, 68)),
    "baltic": Area(  # the Baltic Sea with Scandinavia, Finland, Denmark and Courland
        [(646, 26), (1012, 26), (1016, 130), (1044, 168), (1100, 186), (1120, 236), (1040, 242),
         (900, 242), (800, 242), (690, 240), (652, 200), (640, 120)],
        name=(780, 46), vp=(880, 46), grid=(700, 64, [5]), units=(690, 158, 304, 66),
        land=[
            [(650, 136), (672, 100), (700, 66), (740, 40), (800, 26), (860, 26), (900, 30),
             (884, 56), (856, 80), (840, 120), (824, 150), (800, 170), (786, 150), (766, 176),
             (736, 190), (704, 196), (680, 176)],  # Norway and Sweden
            [(900, 30), (1016, 28), (1030, 100), (1060, 150), (1020, 130), (986, 108), (944, 104),
             (916, 86)],  # Finland
            [(760, 240), (766, 206), (794, 204), (792, 242)],  # Denmark
            [(1010, 206), (1060, 190), (1104, 200), (1124, 240), (1020, 244)],  # Courland
        ], water=True),
    "russia": Area(
        [(1024, 26), (1140, 26), (1148, 60), (1176, 78), (1196, 50), (1204, 26), (1262, 26),
         (1262, 378), (1220, 384), (1170, 376), (1134, 380), (1136, 320), (1140, 270),
         (1130, 232), (1112, 180), (1056, 160), (1030, 120), (1024, 70)],
        name=(1186, 118), vp=(1186, 150), grid=None, units=(1144, 184, 110, 96)),
    "german_states": Area(  # the Empire from the North Sea to the Alps
        [(684, 252), (760, 248), (840, 256), (920, 248), (1004, 256), (1008, 320), (1002, 400),
         (1006, 470), (1000, 540), (1004, 570), (920, 576), (840, 570), (760, 576), (690, 570),
         (684, 470), (682, 400), (686, 340)],
        name=(842, 272), vp=(842, 298), grid=(702, 316, [5, 4]), units=(700, 496, 296, 68)),
    "prussia": Area(  # Brandenburg and East Prussia on the Baltic coast
        [(1018, 256), (1050, 250), (1080, 256), (1104, 248), (1124, 256), (1120, 290),
         (1126, 330), (1118, 372), (1080, 368), (1050, 376), (1020, 370), (1016, 330),
         (1022, 290)],
        name=(1068, 280), vp=(1068, 308), grid=None, units=(1026, 326, 90, 34)),
    "central_europe": Area(  # Poland, Lithuania, Bohemia, Silesia, Hungary
        [(1016, 384), (1100, 382), (1180, 388), (1262, 386), (1262, 460), (1256, 540),
         (1262, 678), (1180, 684), (1100, 678), (1016, 682), (1010, 540), (1014, 460)],
        name=(1136, 404), vp=(1136, 430), grid=(1026, 450, [3, 2], "left"), units=(1154, 522, 94, 148),
        more=[(1024, 630, 116, 40)]),
    "austria": Area(  # the Habsburg lands south of the Empire
        [(830, 586), (900, 582), (1004, 586), (1008, 624), (1002, 668), (930, 672), (864, 666),
         (826, 644)],
        name=(900, 606), vp=(966, 606), grid=None, units=(856, 624, 136, 34)),
    "mediterranean": Area(  # the sea from Gibraltar to the Aegean, with Italy and the islands
        [(616, 604), (664, 600), (744, 584), (818, 584), (822, 644), (862, 680), (940, 684),
         (1006, 682), (1004, 740), (1000, 820), (900, 822), (800, 818), (700, 822), (616, 820),
         (608, 700)],
        name=(896, 704), vp=(902, 731), grid=(630, 626, [3, 3]), units=(814, 746, 166, 64),
        land=[
            [(748, 586), (812, 586), (822, 624), (846, 660), (880, 700), (912, 726), (930, 750),
             (900, 752), (880, 734), (866, 762), (850, 780), (830, 750), (812, 710), (780, 672),
             (760, 630)],  # Italy
            [(716, 650), (734, 646), (740, 712), (720, 716)],  # Corsica and Sardinia
            [(840, 782), (890, 776), (870, 798)],  # Sicily
        ], water=True),
    "ottoman_empire": Area(  # the Balkans, Anatolia and the Levant
        [(1016, 698), (1080, 688), (1150, 698), (1210, 686), (1262, 696), (1258, 784),
         (1264, 884), (1252, 986), (1180, 996), (1130, 990), (1080, 974), (1030, 956),
         (1016, 900), (1010, 820), (1016, 768), (1010, 732)],
        name=(1140, 716), vp=(1140, 742), grid=(1036, 766, [2, 2]), units=(1164, 762, 88, 206)),
    # ------------------------------------------------------------ Africa, India, the East Indies
    "africa": Area(  # north Africa, the bulge of the west coast, the Gulf of Guinea
        [(450, 832), (500, 826), (560, 830), (640, 832), (700, 822), (730, 834), (800, 832),
         (860, 844), (910, 840), (940, 834), (998, 836), (998, 870), (1002, 904), (990, 934),
         (976, 970), (960, 1000), (640, 1000), (620, 984), (580, 972), (520, 970), (470, 970),
         (420, 952), (390, 910), (404, 866), (430, 846)],
        name=(640, 850), vp=(780, 850), grid=(440, 870, [6]), units=(814, 862, 156, 108)),
    "india": Area(  # Hindustan and the peninsula
        [(1274, 276), (1400, 272), (1568, 276), (1570, 380), (1556, 430), (1532, 480),
         (1524, 560), (1512, 624), (1470, 670), (1428, 696), (1410, 698), (1380, 666),
         (1328, 630), (1312, 560), (1300, 500), (1288, 440), (1272, 380)],
        name=(1384, 300), vp=(1476, 300), grid=(1330, 322, [3, 3]), units=(1330, 500, 180, 112)),
    "east_indies": Area(  # Ceylon, Malacca, Sumatra, Java, Borneo and the Spice Islands
        [(1270, 708), (1380, 704), (1440, 712), (1568, 700), (1570, 960), (1566, 1000), (1272, 1000),
         (1268, 960)],
        name=(1384, 728), vp=(1510, 728), grid=(1300, 750, [3, 2], "left"), units=(1426, 822, 136, 150),
        more=[(1280, 930, 136, 42)],
        land=[
            [(1270, 712), (1294, 712), (1302, 760), (1322, 800), (1302, 806), (1282, 770)],  # Malay peninsula
            [(1280, 830), (1320, 840), (1370, 886), (1390, 916), (1370, 922), (1320, 876)],  # Sumatra
            [(1400, 940), (1460, 942), (1530, 952), (1490, 962), (1410, 956)],  # Java
            [(1440, 792), (1500, 782), (1520, 830), (1490, 880), (1450, 870)],  # Borneo
            [(1540, 800), (1560, 796), (1556, 850), (1540, 840)],  # Celebes and the Moluccas
            [(1450, 716), (1466, 712), (1468, 730), (1454, 734)],  # Ceylon
        ], water=True),
}

# land that is no area: Ireland, Central America, Europe between its areas, Asia
LAND: list[list[Pt]] = [
    [(396, 170), (426, 160), (432, 200), (416, 236), (396, 240), (388, 204)],  # Ireland
    [(0, 440), (80, 444), (100, 490), (92, 540), (96, 620), (104, 690), (96, 730), (0, 740)],  # Mexico to Panama
    [(600, 300), (660, 256), (1000, 262), (1000, 40), (1140, 40), (1250, 120), (1250, 660),
     (1100, 710), (1020, 710), (980, 650), (900, 640), (820, 620), (700, 616), (600, 580),
     (560, 646), (450, 720), (440, 646), (500, 520), (500, 420), (560, 376)],  # Europe
    [(1250, 0), (1600, 0), (1600, 300), (1500, 292), (1400, 300), (1300, 290), (1262, 330),
     (1250, 200)],  # Asia
]


TRACKS = {
    # the war (1-3) and round (1-6) boxes and the alliance track (row A: spaces 1, 3, 5,
    # 7; row B: 2, 4, 6, half a box to the right); (lx, ly) is where the track's name goes
    "war": {"x": 1290, "y": 56, "cell": 36, "gap": 6, "count": 3, "lx": 1290, "ly": 42},
    "round": {"x": 1290, "y": 116, "cell": 36, "gap": 6, "count": 6, "lx": 1290, "ly": 102},
    "alliance": {"x": 1312, "y": 176, "cell": 40, "gap": 6, "top": 4, "bottom": 3, "lx": 1290, "ly": 162},
    "vp": {"band": 26, "count": 100},
}


def _jitter(seed: str, i: int, amount: int) -> int:
    """A fixed offset in -amount..amount for vertex i of an outline (a rough coast)."""
    return hashlib.sha256(f"{seed}/{i}".encode()).digest()[0] % (2 * amount + 1) - amount


def wiggle(points: list[Pt], seed: str, amount: int, step: int = 36) -> list[tuple[float, float]]:
    """The closed polygon with each edge broken every ``step`` board units, the new
    corners pushed sideways by a fixed hashed offset of up to ``amount`` units (so a
    border or a coast meanders instead of running straight)."""
    out: list[tuple[float, float]] = []
    k = 0
    for i, (ax, ay) in enumerate(points):
        bx, by = points[(i + 1) % len(points)]
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        n = max(1, round(length / step)) if amount else 1
        out.append((float(ax), float(ay)))
        for j in range(1, n):
            t = j / n
            d = _jitter(seed + "w", k, amount)
            k += 1
            out.append((ax + (bx - ax) * t - (by - ay) / length * d, ay + (by - ay) * t + (bx - ax) / length * d))
    return out


def smooth(points: list[Pt], rounds: int, seed: str = "", rough: int = 0, meander: int = 0) -> list[list[int]]:
    """The closed polygon, meandering (``wiggle``), its corners cut ``rounds`` times
    (Chaikin), then each point moved by a small fixed jitter."""
    pts = wiggle(points, seed, meander)
    for _ in range(rounds):
        out: list[tuple[float, float]] = []
        for i, (ax, ay) in enumerate(pts):
            bx, by = pts[(i + 1) % len(pts)]
            out.append((ax * 0.75 + bx * 0.25, ay * 0.75 + by * 0.25))
            out.append((ax * 0.25 + bx * 0.75, ay * 0.25 + by * 0.75))
        pts = out
    res: list[list[int]] = []
    for i, (x, y) in enumerate(pts):
        dx = _jitter(seed + "x", i, rough) if rough else 0
        dy = _jitter(seed + "y", i, rough) if rough else 0
        res.append([round(x) + dx, round(y) + dy])
    return res


def _measure() -> Callable[[str], int]:
    """A name's width in pixels at the label font (10 px condensed, as at 1280x720)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.drawing.assets import font

    f = font("cond", LABEL_PX)
    return lambda s: int(f.size(s)[0])


def _spaces(grid: Grid, names: list[str], width: Callable[[str], int]
            ) -> tuple[list[list[int]], list[str], list[int]]:
    """The spaces of a grid (rows centred on the widest), the name printed under each and
    whether it drops to a second line: in a row where two neighbours' names would touch at
    1280x720, every other name drops, so each name is printed whole and readable."""
    gx, gy, rows = grid[0], grid[1], grid[2]
    left = len(grid) > 3 and grid[3] == "left"
    widest = max(rows)
    room = PITCH_X * Z_SMALL - 3
    spaces: list[list[int]] = []
    labels: list[str] = []
    drops: list[int] = []
    y = gy
    k = 0
    for n in rows:
        row = [SHORT.get(x, x) if width(x) > LABEL_WIDEST else x for x in names[k:k + n]]
        for x in row:
            if width(x) > LABEL_WIDEST:
                raise ValueError(f"the name {x!r} is too wide to print under its space")
        crowded = any((width(a) + width(b)) / 2 > room for a, b in zip(row, row[1:], strict=False))
        off = 0 if left else (widest - n) * PITCH_X // 2
        for c in range(n):
            spaces.append([gx + off + c * PITCH_X, y])
            drops.append(c % 2 if crowded else 0)
        labels.extend(row)
        y += PITCH_Y2 if crowded else PITCH_Y
        k += n
    return spaces, labels, drops


def build() -> dict[str, object]:
    b = load_board()
    width = _measure()
    areas: dict[str, object] = {}
    for a in b.areas:
        spec = AREAS[a.id]
        names = [c.name for c in b.counters if c.area == a.id]
        spaces, labels, drops = _spaces(spec.grid, names, width) if spec.grid else ([], [], [])
        entry: dict[str, object] = {
            "kind": a.kind,
            "sea": a.sea,
            "water": spec.water,
            "outline": smooth(spec.outline, spec.smooth, a.id, 0 if spec.water else 1, 0 if spec.water else 5),
            "land": [smooth(p, 1, f"{a.id}/{i}", 1, 3) for i, p in enumerate(spec.land)],
            "name": list(spec.name),
            "vp": list(spec.vp),
            "spaces": spaces,
            "labels": labels,
            "drops": drops,
            "wrap": a.kind == "home" and " " in a.name,
            "units": list(spec.units),
        }
        if spec.more:
            entry["more_units"] = [list(r) for r in spec.more]
        areas[a.id] = entry
    return {"size": [W, H], "space": SPACE, "pitch": [PITCH_X, PITCH_Y], "areas": areas, "tracks": TRACKS,
            "land": [smooth(p, 1, f"land/{i}", 1, 5) for i, p in enumerate(LAND)]}


def dump(value: object, indent: int = 0) -> str:
    """JSON with objects one key a line and every list of numbers or points on one line
    (an outline is one line, so a change to it is one line of a diff)."""
    pad = " " * indent
    if isinstance(value, dict):
        items = [f'{pad} {json.dumps(k)}: {dump(v, indent + 1)}' for k, v in sorted(value.items())]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and value and all(isinstance(v, list) and v and isinstance(v[0], list)
                                                 for v in value):
        return "[\n" + ",\n".join(pad + " " + dump(v, indent + 1) for v in value) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def main() -> int:
    out = Path(__file__).resolve().parent.parent / "art" / "board.json"
    out.write_text(dump(build()) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
