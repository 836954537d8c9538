"""The printed board: sea, land, areas with their names, VP values and marker spaces with
the names under them (in the language in use, :mod:`game.ui.drawing.printed`), and the
tracks' boxes: everything that never moves, drawn once per zoom into one surface
(``render_static``), which :mod:`game.ui.drawing.mapview` caches."""

from __future__ import annotations

import pygame

from game.rules.board import Board
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.camera import size_at
from game.ui.drawing.layout import AreaShape, Layout
from game.ui.drawing.printed import LABELS_FROM, ink, label_size, printed, space_labels, title
from game.ui.drawing.tracks import draw_track_boxes, draw_vp_track

LAND_NEUTRAL = (204, 192, 158)  # land that is no area
SHALLOW = (132, 172, 194)  # the shallow water along a coast
ZONE_EDGE = (40, 74, 104)  # the dashed edge of a sea area
SPACE_WATER = (150, 186, 204)


def _scaled(points: tuple[tuple[int, int], ...], z: float) -> list[tuple[float, float]]:
    return [(x * z, y * z) for x, y in points]


def _pts(shape: AreaShape, z: float) -> list[tuple[float, float]]:
    return _scaled(shape.outline, z)



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
    draw_track_boxes(surf, layout, z, n_rounds)
    draw_vp_track(surf, layout, z)
    return surf


def _print_area(surf: pygame.Surface, layout: Layout, b: Board, shape: AreaShape, z: float) -> None:
    """An area's name, VP values (or its power's colour) and marker spaces."""
    halo = P.PARCHMENT if shape.water else None
    words, discs, labels = printed(layout, b, shape, z)
    for line, size, where in words:
        x, y, _, _ = ink(line, size)  # (the rect is the letters'; the rendering starts above and left of them)
        _haloed(surf, line, "serif-bold", size, P.INK, halo, topleft=(where.x - x, where.y - y))
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
        t = text(label, "sans-bold", size_at(15, z, 11), P.INK)
        surf.blit(t, t.get_rect(center=(c[0], c[1] + 1)))
    # the marker spaces, each with the name of its nation counter under it
    fill = SPACE_WATER if shape.water else tuple(max(0, c - 22) for c in (P.LAND_EUROPE if shape.kind == "europe" else P.LAND))
    s = layout.space * z
    for x, y in shape.spaces:
        rect = pygame.Rect(round(x * z), round(y * z), round(s), round(s))
        pygame.draw.rect(surf, fill, rect, border_radius=max(1, round(5 * z)))
        pygame.draw.rect(surf, P.INK_SOFT, rect, 1, border_radius=max(1, round(5 * z)))
    size = label_size(z)
    for label, where in labels:
        _haloed(surf, label, "cond", size, P.INK if shape.water else P.INK_SOFT, halo, topleft=where.topleft)


__all__ = ["LABELS_FROM", "label_size", "render_static", "space_labels", "title"]
