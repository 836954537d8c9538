"""Drawing the board: the printed sheet (sea, areas, names, VP values, spaces, tracks)
drawn once per zoom and cached, and the pieces on it drawn each frame from a view.

Drawing the pieces also records what was drawn where (``Hit``), which is all the
hit-testing the game screen needs: the last frame's hits under the mouse."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import pygame

from game.rules.board import Board
from game.ui import palette as P
from game.ui.assets import font, text
from game.ui.camera import Camera
from game.ui.layout import AreaShape, Layout

Target = tuple[str, ...]


@dataclass(frozen=True)
class Hit:
    rect: pygame.Rect
    target: Target  # ("area", id) ("counter", id) ("unit", area, power) ("marker", area, power) ...
    tip: str


LAND_NEUTRAL = (204, 192, 158)  # land that is no area
SHALLOW = (132, 172, 194)  # the shallow water along a coast
ZONE_EDGE = (40, 74, 104)  # the dashed edge of a sea area
SPACE_WATER = (150, 186, 204)
# Below this zoom (the board smaller than it is in a 1280x720 window) the names under the
# spaces are left out: at their smallest legible size they would run into each other.
LABELS_FROM = 0.55
# The smallest unit chip: its numbers stay 10 px (every unit box is at least this high in
# the smallest window, whose board is drawn at about 0.43 of its size)
CHIP_MIN = 13


def _scaled(points: tuple[tuple[int, int], ...], z: float) -> list[tuple[float, float]]:
    return [(x * z, y * z) for x, y in points]


def _pts(shape: AreaShape, z: float) -> list[tuple[float, float]]:
    return _scaled(shape.outline, z)


def _size(v: float, z: float, floor: int) -> int:
    """A length of ``v`` board units at zoom ``z``, never below ``floor`` pixels (text that
    must stay legible when the whole board fits a 1280x720 window)."""
    return max(floor, round(v * z))


def _waves(surf: pygame.Surface, rect: pygame.Rect, z: float, colour: P.Colour) -> None:
    step = max(6, round(26 * z))
    w = max(2, round(6 * z))
    for row, y in enumerate(range(rect.top + step // 2, rect.bottom, step)):
        shift = (row % 2) * step
        for x in range(rect.left + shift - step, rect.right, step * 2):
            pygame.draw.arc(surf, colour, (x, y, step, w * 2), 0.3, 2.8, 1)


def _dashed(surf: pygame.Surface, colour: P.Colour, pts: list[tuple[float, float]], width: int, dash: float) -> None:
    """A closed polyline drawn in dashes of ``dash`` pixels (a sea area's edge)."""
    on = True
    left = dash
    for i, (ax, ay) in enumerate(pts):
        bx, by = pts[(i + 1) % len(pts)]
        seg = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        t = 0.0
        while seg > 0 and t < seg:
            step = min(left, seg - t)
            if on:
                pygame.draw.line(surf, colour, (ax + (bx - ax) * t / seg, ay + (by - ay) * t / seg),
                                 (ax + (bx - ax) * (t + step) / seg, ay + (by - ay) * (t + step) / seg), width)
            t += step
            left -= step
            if left <= 0:
                on, left = not on, dash


def _land(surf: pygame.Surface, pts: list[tuple[float, float]], fill: P.Colour, z: float) -> None:
    """A piece of land: shallow water along its coast, its fill, its coastline."""
    pygame.draw.polygon(surf, SHALLOW, pts, max(3, round(10 * z)))
    pygame.draw.polygon(surf, fill, pts)
    pygame.draw.polygon(surf, P.COAST, pts, max(1, round(2 * z)))


def _haloed(surf: pygame.Surface, s: str, face: str, size: int, colour: P.Colour, halo: P.Colour | None,
            **where: tuple[float, float]) -> pygame.Rect:
    """A line of text placed by a keyword of ``get_rect`` (center=..., midtop=...), with a
    one-pixel halo so it reads over water, coast and land alike."""
    t = text(s, face, size, colour)
    r = t.get_rect(**{k: (round(v[0]), round(v[1])) for k, v in where.items()})
    if halo is not None:
        h = text(s, face, size, halo)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            surf.blit(h, r.move(dx, dy))
    surf.blit(t, r)
    return r


def _water(surf: pygame.Surface, shape: AreaShape, z: float) -> None:
    """A sea area: water with waves, its coasts and islands, inside its outline."""
    pts = _pts(shape, z)
    box = pygame.Rect(min(p[0] for p in pts), min(p[1] for p in pts),
                      max(p[0] for p in pts) - min(p[0] for p in pts) + 2,
                      max(p[1] for p in pts) - min(p[1] for p in pts) + 2)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    layer.fill((*P.SEA_AREA, 255))
    _waves(layer, layer.get_rect(), z, (96, 140, 166))
    for land in shape.land:
        _land(layer, [(x - box.x, y - box.y) for x, y in _scaled(land, z)], P.LAND, z)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(layer, box.topleft)
    _dashed(surf, ZONE_EDGE, pts, max(1, round(3 * z)), max(4, 12 * z))


def render_static(layout: Layout, b: Board, z: float, n_rounds: int = 6) -> pygame.Surface:
    """The printed board at zoom ``z`` (everything that never moves)."""
    W, H = layout.size
    surf = pygame.Surface((round(W * z), round(H * z)))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    surf.fill(P.SEA)
    _waves(surf, surf.get_rect(), z, P.SEA_DEEP)
    shapes = list(layout.areas.values())
    # shallow water along every coast first; the land that is no area then covers it
    # where an area borders land, so only coasts facing the open sea keep it
    halo = max(3, round(10 * z))
    for land in layout.land:
        pygame.draw.polygon(surf, SHALLOW, _scaled(land, z), halo)
    for shape in shapes:
        if not shape.water:
            pygame.draw.polygon(surf, SHALLOW, _pts(shape, z), halo)
    for land in layout.land:
        pts = _scaled(land, z)
        pygame.draw.polygon(surf, LAND_NEUTRAL, pts)
        pygame.draw.polygon(surf, P.COAST, pts, max(1, round(2 * z)))
    for shape in shapes:
        if shape.water:
            _water(surf, shape, z)
            continue
        pts = _pts(shape, z)
        fill = P.HOME if shape.kind == "home" else P.LAND_EUROPE if shape.kind == "europe" else P.LAND
        pygame.draw.polygon(surf, fill, pts)
        pygame.draw.polygon(surf, P.COAST, pts, max(1, round(2 * z)))
    for shape in shapes:
        _print_area(surf, layout, b, shape, z)
    _track_boxes(surf, layout, z, n_rounds)
    _vp_track(surf, layout, z)
    return surf


def title(shape: AreaShape, area_name: str, vp: tuple[int, ...], z: float
          ) -> tuple[list[tuple[str, int, pygame.Rect]], list[tuple[str, pygame.Rect]]]:
    """Where an area's name is printed at zoom ``z`` (each line: its words, its size and
    its rect) and its discs: the VP values, or a home nation's disc in its power's
    colour (each: its text and its rect)."""
    nx, ny = shape.name[0] * z, shape.name[1] * z
    if shape.kind == "home":
        size = _size(19, z, 12)
        lines = area_name.split(" ", 1) if shape.wrap else [area_name]
    else:
        size = _size(22, z, 13)
        lines = [area_name.upper()]
    f = font("serif-bold", size)
    step = f.get_linesize()
    words = []
    for i, line in enumerate(lines):
        box = pygame.Rect((0, 0), f.size(line))
        box.center = (round(nx), round(ny + (i - (len(lines) - 1) / 2) * step))
        words.append((line, size, box))
    discs: list[tuple[str, pygame.Rect]] = []
    if shape.kind == "home":
        r = _size(12, z, 9)
        discs.append((P.letters(shape.id), pygame.Rect(round(shape.vp[0] * z) - r, round(shape.vp[1] * z) - r,
                                                       2 * r, 2 * r)))
    else:
        r = _size(12, z, 8)
        gap = 2 * r + max(3, round(6 * z))
        x0 = shape.vp[0] * z - gap * (len(vp) - 1) / 2
        for i, v in enumerate(vp):
            discs.append((str(v), pygame.Rect(round(x0 + i * gap) - r, round(shape.vp[1] * z) - r, 2 * r, 2 * r)))
    return words, discs


def _print_area(surf: pygame.Surface, layout: Layout, b: Board, shape: AreaShape, z: float) -> None:
    """An area's name, VP values (or its power's colour) and marker spaces."""
    area = b.area_by_id[shape.id]
    halo = P.PARCHMENT if shape.water else None
    words, discs = title(shape, area.name, area.vp, z)
    for line, size, where in words:
        _haloed(surf, line, "serif-bold", size, P.INK, halo, topleft=where.topleft)
    for i, (label, where) in enumerate(discs):
        c, r = where.center, where.width // 2
        if shape.kind == "home":
            pygame.draw.circle(surf, P.power(shape.id), c, r)
            pygame.draw.circle(surf, P.INK, c, r, 1)
            lt = text(label, "cond-bold", max(10, r), P.ink(shape.id))
            surf.blit(lt, lt.get_rect(center=c))
            continue
        pygame.draw.circle(surf, (120, 90, 30), (c[0] + 1, c[1] + 1), r)
        pygame.draw.circle(surf, P.GOLD if i == 0 else (200, 190, 170) if i == 1 else (190, 140, 100), c, r)
        pygame.draw.circle(surf, P.INK, c, r, 1)
        t = text(label, "sans-bold", _size(15, z, 11), P.INK)
        surf.blit(t, t.get_rect(center=(c[0], c[1] + 1)))
    # the marker spaces, each with the name of its nation counter under it
    fill = SPACE_WATER if shape.water else tuple(max(0, c - 22) for c in (P.LAND_EUROPE if shape.kind == "europe" else P.LAND))
    s = layout.space * z
    for x, y in shape.spaces:
        rect = pygame.Rect(round(x * z), round(y * z), round(s), round(s))
        pygame.draw.rect(surf, fill, rect, border_radius=max(1, round(5 * z)))
        pygame.draw.rect(surf, P.INK_SOFT, rect, 1, border_radius=max(1, round(5 * z)))
    size = label_size(z)
    for label, where in space_labels(layout, shape, z):
        _haloed(surf, label, "cond", size, P.INK if shape.water else P.INK_SOFT, halo, topleft=where.topleft)


def label_size(z: float) -> int:
    """The size of the names under the spaces: 10 px at the zoom that fits 1280x720."""
    return _size(13, z, 10)


def space_labels(layout: Layout, shape: AreaShape, z: float) -> list[tuple[str, pygame.Rect]]:
    """The name under each space of an area and where it is printed at zoom ``z`` (none
    when the board is drawn smaller than in a 1280x720 window)."""
    if z < LABELS_FROM:
        return []
    f = font("cond", label_size(z))
    s = round(layout.space * z)
    out: list[tuple[str, pygame.Rect]] = []
    for i, (x, y) in enumerate(shape.spaces[:len(shape.labels)]):
        drop = shape.drops[i] if i < len(shape.drops) else 0
        h = f.get_height()
        r = pygame.Rect(0, 0, f.size(shape.labels[i])[0], h)
        r.midtop = (round(x * z) + s // 2, round(y * z) + s + drop * h)
        out.append((shape.labels[i], r))
    return out


# how far each further marker on one VP space is set, by the edge the space is on (top,
# right, bottom, left): along the track a little, and toward the board's middle
INWARD = ((3, 5), (-5, 3), (3, -5), (5, 3))


def vp_side(layout: Layout, i: int) -> int:
    """The edge VP track space ``i`` is on: 0 top, 1 right, 2 bottom, 3 left."""
    W, H = layout.size
    n = layout.tracks["vp"]["count"]
    d = (i % n) * 2 * (W + H) / n
    return 0 if d < W else 1 if d < W + H else 2 if d < 2 * W + H else 3


def vp_cell(layout: Layout, i: int, z: float) -> pygame.Rect:
    """The rect of VP track space ``i`` (0-99) clockwise from the top left corner."""
    W, H = layout.size
    band = layout.tracks["vp"]["band"]
    n = layout.tracks["vp"]["count"]
    per = 2 * (W + H) / n
    d = (i % n) * per
    x: float
    y: float
    w: float
    h: float
    if d < W:
        x, y, w, h = d, 0.0, per, band
    elif d < W + H:
        x, y, w, h = W - band, d - W, band, per
    elif d < 2 * W + H:
        x, y, w, h = W - (d - W - H) - per, H - band, per, band
    else:
        x, y, w, h = 0.0, H - (d - 2 * W - H) - per, band, per
    return pygame.Rect(round(x * z), round(y * z), max(1, round(w * z)), max(1, round(h * z)))


def _vp_track(surf: pygame.Surface, layout: Layout, z: float) -> None:
    n = layout.tracks["vp"]["count"]
    for i in range(n):
        r = vp_cell(layout, i, z)
        pygame.draw.rect(surf, P.PARCHMENT if i % 5 else (226, 206, 160), r)
        pygame.draw.rect(surf, P.INK_SOFT, r, 1)
    for i in range(0, n, 5):  # after every space: a corner's space overlaps the next edge's last one
        t = text(str(i), "sans-bold", _size(15, z, 10), P.INK)
        surf.blit(t, t.get_rect(center=vp_cell(layout, i, z).center))


def track_cell(layout: Layout, name: str, i: int, z: float, row: int = 0) -> pygame.Rect:
    """Box ``i`` of the war, round or alliance track (alliance row 1 is row B, set half a
    box to the right, so the spaces 1-7 zigzag between the rows)."""
    t = layout.tracks[name]
    cell = t["cell"]
    pitch = cell + t.get("gap", 4)
    x = t["x"] + i * pitch + (row * pitch // 2 if name == "alliance" else 0)
    y = t["y"] + row * pitch
    return pygame.Rect(round(x * z), round(y * z), round(cell * z), round(cell * z))


def _track_boxes(surf: pygame.Surface, layout: Layout, z: float, n_rounds: int) -> None:
    for name, label, count in (("war", "WAR", 3), ("round", "ROUND", n_rounds), ("alliance", "ALLIANCE", 0)):
        t = layout.tracks[name]
        lab = text(label, "serif-bold", _size(17, z, 12), P.INK)
        surf.blit(lab, lab.get_rect(midleft=(round(t["lx"] * z), round(t["ly"] * z))))
        for i in range(count):
            r = track_cell(layout, name, i, z)
            pygame.draw.rect(surf, P.PARCHMENT, r, border_radius=max(1, round(4 * z)))
            pygame.draw.rect(surf, P.INK, r, 1, border_radius=max(1, round(4 * z)))
            n = text(str(i + 1), "sans-bold", _size(18, z, 11), P.INK_SOFT)
            surf.blit(n, n.get_rect(center=r.center))
    t = layout.tracks["alliance"]
    for row, (label, count) in enumerate((("A", t["top"]), ("B", t["bottom"]))):
        first = track_cell(layout, "alliance", 0, z, row)
        lab = text(label, "serif-bold", _size(17, z, 12), P.INK)
        surf.blit(lab, lab.get_rect(midright=(first.x - max(3, round(6 * z)), first.centery)))
        for i in range(count):
            r = track_cell(layout, "alliance", i, z, row)
            pygame.draw.rect(surf, (230, 214, 176) if row == 0 else (214, 200, 166), r, border_radius=max(1, round(4 * z)))
            pygame.draw.rect(surf, P.INK, r, 1, border_radius=max(1, round(4 * z)))
            n = text(str(2 * i + 1 + row), "sans-bold", _size(16, z, 11), P.INK_SOFT)
            surf.blit(n, n.get_rect(center=r.center))


class MapRenderer:
    """Draws the board through a camera; keeps the printed sheet per zoom."""

    def __init__(self, layout: Layout, b: Board) -> None:
        self.layout = layout
        self.board = b
        self._sheets: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
        self._chips: dict[tuple[Any, ...], pygame.Surface] = {}
        self.n_rounds = 6
        self.viewer = -1  # the player's seat: in a crowded area their chip is shown first

    def sheet(self, z: float) -> pygame.Surface:
        key = (round(z * 1000), self.n_rounds)
        s = self._sheets.get(key)
        if s is None:
            s = render_static(self.layout, self.board, z, self.n_rounds)
            self._sheets[key] = s
            while len(self._sheets) > 4:
                self._sheets.popitem(last=False)
        else:
            self._sheets.move_to_end(key)
        return s

    # ------------------------------------------------------------------ pieces
    def draw(self, surf: pygame.Surface, cam: Camera, v: dict[str, Any],
             lit: set[Target], focus: set[str], t: float) -> list[Hit]:
        """Draw the board and the pieces of view ``v``; ``lit`` are the targets to
        highlight (legal choices), ``focus`` areas to mark (hovered in the log)."""
        z = cam.zoom
        clip = surf.get_clip()
        surf.set_clip(pygame.Rect(cam.view))
        view = pygame.Rect(cam.view)
        sheet = self.sheet(z)
        placed = sheet.get_rect(topleft=(round(cam.ox), round(cam.oy)))
        inner = view.clip(placed)
        if inner.size == (0, 0):
            surf.fill(P.SEA_DEEP, view)
        else:  # only the margins the sheet leaves are filled (a fill of the whole view costs as much as the sheet)
            for r in ((view.x, view.y, view.width, inner.y - view.y), (view.x, inner.bottom, view.width, view.bottom - inner.bottom),
                      (view.x, inner.y, inner.x - view.x, inner.height), (inner.right, inner.y, view.right - inner.right, inner.height)):
                if r[2] > 0 and r[3] > 0:
                    surf.fill(P.SEA_DEEP, r)
        surf.blit(sheet, placed)
        hits: list[Hit] = []
        for shape in self.layout.areas.values():
            if ("area", shape.id) not in lit and shape.id not in focus:
                continue  # the outline is on the cached sheet: only a highlight is drawn per frame
            pts = [cam.to_screen(x, y) for x, y in shape.outline]
            if ("area", shape.id) in lit:
                w = max(3, round(6 * z))
                pygame.draw.polygon(surf, P.HIGHLIGHT_EDGE, pts, w + 2)
                pygame.draw.polygon(surf, P.HIGHLIGHT, pts, max(2, w - 2))
            if shape.id in focus:
                pygame.draw.polygon(surf, (255, 255, 255), pts, max(2, round(4 * z)))
        self._draw_spaces(surf, cam, v, lit, hits)
        self._draw_units(surf, cam, v, lit, hits)
        self._draw_tracks(surf, cam, v, hits)
        surf.set_clip(clip)
        return hits

    def _draw_spaces(self, surf: pygame.Surface, cam: Camera, v: dict[str, Any], lit: set[Target],
                     hits: list[Hit]) -> None:
        z = cam.zoom
        b = self.board
        s = round(self.layout.space * z)
        powers: list[str] = v["powers"]
        for aid, shape in self.layout.areas.items():
            if not shape.spaces:
                continue
            own = [c.id for c in b.counters if c.area == aid]
            taken: dict[int, Target] = {}
            for cid in v["face_up"].get(aid, []):
                if cid in own:
                    taken[own.index(cid)] = ("counter", cid)
            free = [i for i in range(len(shape.spaces)) if i not in taken]
            k = 0
            for seat, count in enumerate(v["markers"].get(aid, [])):
                for _ in range(count):
                    if k < len(free):
                        taken[free[k]] = ("marker", aid, powers[seat])
                        k += 1
            for i, tgt in sorted(taken.items()):
                x, y = cam.to_screen(*shape.spaces[i])
                rect = pygame.Rect(x, y, s, s)
                if tgt[0] == "counter":
                    c = b.counter_by_id[tgt[1]]
                    surf.blit(self._counter(c.id, s), rect)
                    tip = c.name + (" (Pop: colonise)" if c.type == "pop" else " (Slaves: enslave)" if c.type == "slaves"
                                    else f", strength {c.strength}" + (f", {c.gold} gold" if c.gold else "")
                                    + (", 1 VP" if c.vp else ""))
                else:
                    pid = tgt[2]
                    surf.blit(self._marker(pid, s), rect)
                    tip = f"{b.power_name(pid)} control marker in {b.area_name(aid)}"
                if tgt in lit:
                    pygame.draw.rect(surf, P.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=4)
                hits.append(Hit(rect, tgt, tip))
            # tiles lying on the map: Pirates / Slave Revolt holding a marker, a Blockade
            badges: list[tuple[str, str]] = []
            for area, tile, seat in v["captured"]:
                if area == aid:
                    badges.append((b.tile_name(tile) if tile in b.tile_by_id else str(tile), powers[seat]))
            for area, seat in v["blockades"]:
                if area == aid:
                    badges.append(("Blockade", powers[seat]))
            bx, by = cam.to_screen(shape.units[0] + shape.units[2], shape.name[1] - 14)
            for label, pid in badges:
                tsurf = text(label, "cond-bold", max(10, round(12 * z)), (255, 255, 255))
                r = pygame.Rect(0, 0, tsurf.get_width() + round(30 * z), tsurf.get_height() + 4)
                r.topright = (bx, by)
                pygame.draw.rect(surf, (30, 30, 30), r, border_radius=4)
                pygame.draw.circle(surf, P.power(pid), (r.right - round(10 * z), r.centery), max(4, round(7 * z)))
                surf.blit(tsurf, (r.x + 4, r.y + 2))
                hits.append(Hit(r, ("badge", aid, label), f"{label} ({b.power_name(pid)}) in {b.area_name(aid)}"))
                by += r.height + 2

    def _counter(self, cid: str, s: int) -> pygame.Surface:
        key = ("counter", cid, s)
        surf = self._chips.get(key)
        if surf is None:
            c = self.board.counter_by_id[cid]
            surf = pygame.Surface((s, s), pygame.SRCALPHA)
            face = P.COUNTER_POP if c.type == "pop" else P.COUNTER_SLAVES if c.type == "slaves" else P.COUNTER
            r = surf.get_rect()
            pygame.draw.rect(surf, (90, 80, 60), r.move(1, 1), border_radius=max(2, s // 8))
            pygame.draw.rect(surf, face, r.inflate(-2, -2), border_radius=max(2, s // 8))
            pygame.draw.rect(surf, P.INK, r.inflate(-2, -2), 1, border_radius=max(2, s // 8))
            rr = max(6, round(s * 0.23))  # the gold disc and the VP flag in the top corners
            if c.type in ("pop", "slaves"):
                size = max(10, s * 5 // 16)
                word = "Pop" if c.type == "pop" else "Slaves"
                if font("cond-bold", size).size(word)[0] > s - 4:
                    word = "Slv"  # on a small counter; the tooltip names it
                t = text(word, "cond-bold", size, P.INK)
                surf.blit(t, t.get_rect(center=(s // 2, s // 2)))
            else:
                t = text(str(c.strength), "serif-bold", max(12, s * 5 // 8), P.INK)
                low = (c.gold or c.vp) and s < 40
                surf.blit(t, t.get_rect(center=(s // 2, s * 3 // 5 if low else s // 2)))
            if c.gold:
                pygame.draw.circle(surf, (120, 90, 30), (s - rr, rr + 1), rr)
                pygame.draw.circle(surf, P.GOLD, (s - rr - 1, rr), rr)
                g = text(str(c.gold), "sans-bold", max(10, rr * 3 // 2), P.INK)
                surf.blit(g, g.get_rect(center=(s - rr - 1, rr + 1)))
            if c.vp:
                g = text("VP", "cond-bold", max(10, rr * 5 // 4), (255, 255, 255))
                flag = pygame.Rect(1, 1, g.get_width() + 3, g.get_height())
                pygame.draw.rect(surf, (150, 30, 40), flag, border_radius=2)
                surf.blit(g, g.get_rect(center=flag.center))
            self._chips[key] = surf
        return surf

    def _marker(self, pid: str, s: int) -> pygame.Surface:
        key = ("marker", pid, s)
        surf = self._chips.get(key)
        if surf is None:
            surf = pygame.Surface((s, s), pygame.SRCALPHA)
            c = (s // 2, s // 2)
            small = s < 24  # on the alliance and VP tracks: the disc as large as it can be
            r = s // 2 - (1 if small else 3)
            pygame.draw.circle(surf, (40, 30, 20), (c[0] + 1, c[1] + 1 if small else c[1] + 2), r + (0 if small else 1))
            pygame.draw.circle(surf, P.power(pid), c, r)
            pygame.draw.circle(surf, P.INK if pid != "prussia" else (200, 200, 200), c, r, 1 if small else 2)
            face = "cond-bold" if small else "sans-bold"
            t = text(P.letters(pid), face, max(9, s * 7 // 16), P.ink(pid))
            surf.blit(t, t.get_rect(center=c))
            self._chips[key] = surf
        return surf

    def chip(self, pid: str, units: list[int] | tuple[int, ...], h: int, letters: bool = True) -> pygame.Surface:
        """A power's pieces in one area: its letters, then armies, fleets and forts with
        counts. The compact form (``letters=False``, for a crowded area) leaves the letters
        out: the chip's colour says whose pieces they are, its tooltip names the power."""
        key = ("chip", pid, tuple(units), h, letters)
        surf = self._chips.get(key)
        if surf is None:
            parts = [(k, n) for k, n in zip(("army", "fleet", "fort"), units, strict=False) if n]
            f = max(10, h * 3 // 5)
            ink = P.ink(pid)
            lt = text(P.letters(pid), "cond-bold", max(10, h * 11 // 20), ink) if letters else None
            lw = lt.get_width() + 6 if lt is not None else 1
            iw = h // 2 - 1  # a unit kind's icon
            nums = [text(str(n), "sans-bold", f, ink) for _, n in parts]
            w = lw + sum(iw + 1 + t.get_width() + 2 for t in nums) + (3 if letters else 1)
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            col = P.power(pid)
            pygame.draw.rect(surf, (30, 24, 18), surf.get_rect().move(1, 1), border_radius=h // 3)
            pygame.draw.rect(surf, col, surf.get_rect().inflate(-1, -1), border_radius=h // 3)
            edge = (200, 200, 200) if pid == "prussia" else (40, 32, 24)
            pygame.draw.rect(surf, edge, surf.get_rect().inflate(-1, -1), 1, border_radius=h // 3)
            if lt is not None:
                surf.blit(lt, lt.get_rect(center=(lw // 2, h // 2)))
                pygame.draw.line(surf, ink, (lw - 1, 3), (lw - 1, h - 4), 1)
            x = lw + 2
            for (kind, _), nt in zip(parts, nums, strict=True):
                icon(surf, kind, pygame.Rect(x, h // 4, iw, h // 2), ink)
                x += iw + 1
                surf.blit(nt, nt.get_rect(midleft=(x, h // 2)))
                x += nt.get_width() + 2
            self._chips[key] = surf
        return surf

    def more_chip(self, n: int, h: int) -> pygame.Surface:
        """The chip that stands for ``n`` powers' pieces there was no room to show ("+n")."""
        key = ("more", n, h)
        surf = self._chips.get(key)
        if surf is None:
            t = text(f"+{n}", "cond-bold", max(10, h * 11 // 20), (255, 255, 255))
            surf = pygame.Surface((t.get_width() + 9, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, (20, 16, 12), surf.get_rect().move(1, 1), border_radius=h // 3)
            pygame.draw.rect(surf, (70, 62, 54), surf.get_rect().inflate(-1, -1), border_radius=h // 3)
            pygame.draw.rect(surf, (236, 226, 200), surf.get_rect().inflate(-1, -1), 1, border_radius=h // 3)
            surf.blit(t, t.get_rect(center=(surf.get_width() // 2, h // 2)))
            self._chips[key] = surf
        return surf

    def unit_chips(self, aid: str, v: dict[str, Any], boxes: list[pygame.Rect], z: float, lit: set[Target]
                   ) -> list[tuple[Target, pygame.Surface, pygame.Rect, str]]:
        """The chips of an area's pieces, each placed in the first row of its unit boxes
        (``boxes``, on screen) with room for it: what each stands for, its surface, its
        rect and its tooltip.

        Every chip lies inside the boxes. The first of these looks whose chips all fit is
        used: one chip per power with its letters, as tall as the zoom asks, then a size
        smaller, then ``CHIP_MIN`` pixels high (text stays 10 px); then the compact chips
        (colour, no letters); then a compact chip per kind of piece (a power's armies and
        fleets may then go in two rows); then, in the most crowded area, as many compact
        chips as fit, the ones the player may pick and their own first, then the largest,
        and a "+n" chip whose tooltip lists the others."""
        powers: list[str] = v["powers"]
        b = self.board
        present = [(seat, powers[seat], tuple(u)) for seat, u in enumerate(v["units"].get(aid, [])) if any(u)]
        if not present:
            return []
        gap = max(2, round(4 * z))
        drop = gap if z >= LABELS_FROM else 1  # between rows: in the smallest window, chips' shadows touch
        h0 = max(17, round(22 * z))
        forms: list[tuple[bool, int, bool]] = []  # letters, height, a chip per kind of piece
        for form in [(True, h0, False), (True, h0 - 2, False), (True, CHIP_MIN, False),
                     (False, max(CHIP_MIN, h0 - 4), False), (False, CHIP_MIN, False), (False, CHIP_MIN, True)]:
            if form[1] >= CHIP_MIN and form not in forms:
                forms.append(form)

        def tip(pid: str, u: tuple[int, ...]) -> str:
            return f"{b.power_name(pid)} in {b.area_name(aid)}: {unit_words(u)}"

        for letters, h, split in forms:
            pieces = [(pid, u, part) for _, pid, u in present for part in (_per_kind(u) if split else [u])]
            chips = [self.chip(pid, part, h, letters) for pid, _, part in pieces]
            spots = pack_rows([c.get_width() for c in chips], rows_in(boxes, h, drop), gap, split)
            if spots is not None:
                return [(("unit", aid, pid), c, c.get_rect(topleft=xy), tip(pid, u))
                        for (pid, u, _), c, xy in zip(pieces, chips, spots, strict=True)]
        h = CHIP_MIN
        rows = rows_in(boxes, h, drop)
        first = sorted(present, key=lambda p: (("unit", aid, p[1]) not in lit, p[0] != self.viewer, -sum(p[2]), p[0]))
        for k in range(len(present) - 1, -1, -1):
            shown = sorted(first[:k])
            hidden = sorted(first[k:])
            spots = None
            for split in (False, True):
                pieces = [(pid, u, part) for _, pid, u in shown for part in (_per_kind(u) if split else [u])]
                chips = [self.chip(pid, part, h, False) for pid, _, part in pieces] + [self.more_chip(len(hidden), h)]
                spots = pack_rows([c.get_width() for c in chips], rows, gap, split)
                if spots is not None:
                    break
            if spots is None and k > 0:
                continue
            if spots is None:  # the board drawn smaller than in the smallest window: no room at all
                spots = [boxes[0].topleft]
            more = (f"{len(hidden)} more {'powers have' if len(hidden) > 1 else 'power has'} pieces in "
                    f"{b.area_name(aid)} (zoom in to see them all):\n"
                    + "\n".join(f"{b.power_name(pid)}: {unit_words(u)}" for _, pid, u in hidden))
            out: list[tuple[Target, pygame.Surface, pygame.Rect, str]] = [
                (("unit", aid, pid), c, c.get_rect(topleft=xy), tip(pid, u))
                for (pid, u, _), c, xy in zip(pieces, chips, spots, strict=False)]
            out.append((("more", aid, *(pid for _, pid, _ in hidden)), chips[-1], chips[-1].get_rect(topleft=spots[-1]),
                        more))
            return out
        return []

    def unit_boxes(self, cam: Camera, shape: AreaShape) -> list[pygame.Rect]:
        """An area's unit boxes on screen."""
        out = []
        for x, y, w, h in shape.unit_boxes:
            x0, y0 = cam.to_screen(x, y)
            x1, y1 = cam.to_screen(x + w, y + h)
            out.append(pygame.Rect(x0, y0, x1 - x0, y1 - y0))
        return out

    def _draw_units(self, surf: pygame.Surface, cam: Camera, v: dict[str, Any], lit: set[Target],
                    hits: list[Hit]) -> None:
        for aid, shape in self.layout.areas.items():
            for tgt, chip, rect, tip in self.unit_chips(aid, v, self.unit_boxes(cam, shape), cam.zoom, lit):
                surf.blit(chip, rect)
                mark = tgt in lit or tgt[0] == "more" and any(("unit", aid, pid) in lit for pid in tgt[2:])
                if mark:
                    pygame.draw.rect(surf, P.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=rect.height // 3)
                hits.append(Hit(rect, tgt, tip))

    def _draw_tracks(self, surf: pygame.Surface, cam: Camera, v: dict[str, Any], hits: list[Hit]) -> None:
        z = cam.zoom
        b = self.board
        ox, oy = round(cam.ox), round(cam.oy)
        powers: list[str] = v["powers"]
        for name, value in (("war", v["war"]), ("round", v["round"])):
            if value:
                r = track_cell(self.layout, name, value - 1, z).move(ox, oy)
                pygame.draw.rect(surf, P.HIGHLIGHT_EDGE, r, max(2, round(4 * z)), border_radius=4)
                hits.append(Hit(r, ("track", name, str(value)), f"{name.title()} {value}"))
        s = round(self.layout.tracks["alliance"]["cell"] * z) - 2
        order: list[int] = v["order"]
        for seat, (side, space) in enumerate(zip(v["alliance"], v["track"], strict=False)):
            if not side:
                continue
            col = (space - 1) // 2 if space else 0
            r = track_cell(self.layout, "alliance", col, z, side - 1).move(ox, oy)
            m = self._marker(powers[seat], s)
            surf.blit(m, m.get_rect(center=r.center))
            place = order.index(seat) + 1 if seat in order else space
            hits.append(Hit(r, ("track", "alliance", powers[seat]),
                            f"{b.power_name(powers[seat])}: alliance {'AB'[side - 1]}, plays {_ordinal(place)}"))
        # VP markers on the edge track, stacked toward the board's middle where scores are
        # equal, and never past the board's edge (there the window's bars would hide them)
        stacks: dict[int, int] = {}
        ms = max(18, round(24 * z))
        W, H = self.layout.size
        board = pygame.Rect(ox, oy, round(W * z), round(H * z))
        for seat, vp in enumerate(v["vp"]):
            cell = vp_cell(self.layout, vp, z).move(ox, oy)
            k = stacks.get(vp % 100, 0)
            stacks[vp % 100] = k + 1
            m = self._marker(powers[seat], ms)
            dx, dy = INWARD[vp_side(self.layout, vp)]
            r = m.get_rect(center=(cell.centerx + k * dx, cell.centery + k * dy)).clamp(board)
            surf.blit(m, r)
            hits.append(Hit(r, ("track", "vp", powers[seat]), f"{b.power_name(powers[seat])}: {vp} VP"))


def _per_kind(u: tuple[int, ...]) -> list[tuple[int, ...]]:
    """A power's pieces split by kind: (2, 1, 0) -> (2, 0, 0), (0, 1, 0)."""
    return [tuple(n if j == i else 0 for j, n in enumerate(u)) for i in range(len(u)) if u[i]]


def unit_words(u: tuple[int, ...] | list[int]) -> str:
    """A power's pieces in an area in words: "2 armies, 1 fleet"."""
    return ", ".join(f"{n} {(one, many)[n > 1]}" for (one, many), n in
                     zip((("army", "armies"), ("fleet", "fleets"), ("fort", "forts")), u, strict=False) if n)


def rows_in(boxes: list[pygame.Rect], h: int, gap: int) -> list[pygame.Rect]:
    """The rows ``h`` pixels high, ``gap`` apart, that fit in each box, box after box."""
    return [pygame.Rect(r.x, r.y + i * (h + gap), r.width, h) for r in boxes for i in range(max(0, (r.height + gap) // (h + gap)))]


def pack_rows(widths: list[int], rows: list[pygame.Rect], gap: int, in_order: bool = False
              ) -> list[tuple[int, int]] | None:
    """Where each of a row of chips ``widths`` wide goes: the top left of its place in the
    first row with room left for it (a narrow chip fills the gap a wide one left; with
    ``in_order``, in the row of the chip before it or a later one, so they read in order),
    or None when one has no room anywhere."""
    used = [0] * len(rows)
    out = []
    start = 0
    for w in widths:
        for i, r in enumerate(rows[start:], start):
            x = used[i] + (gap if used[i] else 0)
            if x + w <= r.width:
                out.append((r.x + x, r.y))
                used[i] = x + w
                start = i if in_order else 0
                break
        else:
            return None
    return out


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def icon(surf: pygame.Surface, kind: str, r: pygame.Rect, col: P.Colour) -> None:
    """A small shape for a unit kind: army (a soldier's bust), fleet (a hull and sail),
    fort (a tower)."""
    if kind == "army":
        pygame.draw.circle(surf, col, (r.centerx, r.y + r.h // 4), max(1, r.w // 5))
        pygame.draw.polygon(surf, col, [(r.x + r.w // 6, r.bottom), (r.centerx, r.y + r.h // 2 - 1),
                                        (r.right - r.w // 6, r.bottom)])
    elif kind == "fleet":
        pygame.draw.polygon(surf, col, [(r.x, r.y + r.h * 2 // 3), (r.right, r.y + r.h * 2 // 3),
                                        (r.right - r.w // 5, r.bottom), (r.x + r.w // 5, r.bottom)])
        pygame.draw.polygon(surf, col, [(r.centerx, r.y), (r.centerx, r.y + r.h * 3 // 5),
                                        (r.right - r.w // 6, r.y + r.h * 3 // 5)])
    else:
        pygame.draw.rect(surf, col, (r.x + r.w // 6, r.y + r.h // 3, r.w * 2 // 3, r.h * 2 // 3))
        for i in range(3):
            pygame.draw.rect(surf, col, (r.x + r.w // 6 + i * r.w * 2 // 9 + (i > 0), r.y + r.h // 6,
                                         max(1, r.w // 7), r.h // 5))
