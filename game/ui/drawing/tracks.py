"""The board's tracks: where each space of the VP track around the edge and of the war,
round and alliance tracks is at a zoom, and their printed boxes and numbers (part of the
printed board; the markers on them are drawn with the pieces)."""

from __future__ import annotations

import pygame

from game.client.words.lang import say_in
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.camera import size_at
from game.ui.drawing.layout import Layout

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


def draw_vp_track(surf: pygame.Surface, layout: Layout, z: float) -> None:
    n = layout.tracks["vp"]["count"]
    for i in range(n):
        r = vp_cell(layout, i, z)
        pygame.draw.rect(surf, P.PARCHMENT if i % 5 else (226, 206, 160), r)
        pygame.draw.rect(surf, P.INK_SOFT, r, 1)
    for i in range(0, n, 5):  # after every space: a corner's space overlaps the next edge's last one
        t = text(str(i), "sans-bold", size_at(15, z, 10), P.INK)
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


def draw_track_boxes(surf: pygame.Surface, layout: Layout, z: float, n_rounds: int) -> None:
    labels = (("war", say_in("track", "WAR"), 3), ("round", say_in("track", "ROUND"), n_rounds),
              ("alliance", say_in("track", "ALLIANCE"), 0))
    for name, label, count in labels:
        t = layout.tracks[name]
        lab = text(label, "serif-bold", size_at(17, z, 12), P.INK)
        surf.blit(lab, lab.get_rect(midleft=(round(t["lx"] * z), round(t["ly"] * z))))
        for i in range(count):
            r = track_cell(layout, name, i, z)
            pygame.draw.rect(surf, P.PARCHMENT, r, border_radius=max(1, round(4 * z)))
            pygame.draw.rect(surf, P.INK, r, 1, border_radius=max(1, round(4 * z)))
            n = text(str(i + 1), "sans-bold", size_at(18, z, 11), P.INK_SOFT)
            surf.blit(n, n.get_rect(center=r.center))
    t = layout.tracks["alliance"]
    for row, (label, count) in enumerate((("A", t["top"]), ("B", t["bottom"]))):
        first = track_cell(layout, "alliance", 0, z, row)
        lab = text(label, "serif-bold", size_at(17, z, 12), P.INK)
        surf.blit(lab, lab.get_rect(midright=(first.x - max(3, round(6 * z)), first.centery)))
        for i in range(count):
            r = track_cell(layout, "alliance", i, z, row)
            pygame.draw.rect(surf, (230, 214, 176) if row == 0 else (214, 200, 166), r, border_radius=max(1, round(4 * z)))
            pygame.draw.rect(surf, P.INK, r, 1, border_radius=max(1, round(4 * z)))
            n = text(str(2 * i + 1 + row), "sans-bold", size_at(16, z, 11), P.INK_SOFT)
            surf.blit(n, n.get_rect(center=r.center))
