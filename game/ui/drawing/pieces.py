"""The shapes of the units: an army (a standing figure), a fleet (a ship's hull under a
sail) and a fort (a tower with battlements), each a silhouette that tells its kind
without words. ``piece`` draws one in a power's colour with an outline that sets it off
from land, sea and its neighbours (light around Prussia's black), lit from above like a
wooden piece; ``glyph`` draws the bare silhouette in one colour (the side panel's
supply). Both are drawn four times larger and scaled down (smooth edges at a dozen
pixels), once per kind, colour and size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.drawing import palette as P

KINDS = ("army", "fleet", "fort")
GRID = 32  # the shapes below are drawn on a grid this high
SS = 4  # drawn this many times larger, then scaled down

# Each kind's width on the grid, and its parts: ("poly", points) and ("disc", (x, y, r))
# filled in the piece's colour; ("cut", ...) drawn over them in the outline's colour.
Part = tuple[str, tuple[tuple[float, float], ...]]
WIDTH = {"army": 24, "fleet": 34, "fort": 24}
SHAPES: dict[str, tuple[Part, ...]] = {
    "army": (  # a standing figure: head, arms out, legs apart
        ("disc", ((12, 6.5), (6.2, 0))),
        ("poly", ((12, 12), (18.5, 13), (23.5, 17), (23, 20.5), (18.5, 19.5), (20.5, 31.5), (14.5, 31.5),
                  (12, 25.5), (9.5, 31.5), (3.5, 31.5), (5.5, 19.5), (1, 20.5), (0.5, 17), (5.5, 13))),
    ),
    "fleet": (  # a hull with a raised stern and bow, a mast, a full square sail and a pennant
        ("poly", ((0.5, 18.5), (4.5, 21.5), (29, 21.5), (33.5, 17.5), (30, 27), (26.5, 31.5), (7, 31.5), (3, 26.5))),
        ("poly", ((15.6, 0.5), (18, 0.5), (18, 21.5), (15.6, 21.5))),
        ("poly", ((6.5, 2.5), (27, 2.5), (29, 8.5), (27, 14.5), (6.5, 14.5), (8.5, 8.5))),
        ("poly", ((18, 0.5), (25, 1.5), (18, 2.6))),
    ),
    "fort": (  # a tower with three merlons and a door
        ("poly", ((0.5, 1), (6.5, 1), (6.5, 6), (9.5, 6), (9.5, 1), (14.5, 1), (14.5, 6), (17.5, 6), (17.5, 1),
                  (23.5, 1), (23.5, 12), (21, 12), (22.5, 31.5), (1.5, 31.5), (3, 12), (0.5, 12))),
        ("cut", ((9, 31.5), (9, 25), (10.2, 22.6), (12, 21.8), (13.8, 22.6), (15, 25), (15, 31.5))),
    ),
}


def edge_of(pid: str) -> P.Colour:
    """The outline of a power's pieces: dark, light around Prussia's black."""
    return (214, 208, 192) if sum(P.power(pid)) < 200 else (34, 26, 18)


def width_of(kind: str, h: int) -> int:
    """The width of a piece ``h`` pixels high (its outline included)."""
    return round(WIDTH[kind] * (h - 2) / GRID) + 2


def _draw(surf: pygame.Surface, kind: str, colour: tuple[int, ...], k: float, at: tuple[float, float], cut: bool) -> None:
    """The parts of a kind's shape at scale ``k`` (pixels per grid step) from ``at``: the
    filled ones, or (``cut``) the ones drawn over them."""
    ox, oy = at
    for what, pts in SHAPES[kind]:
        if (what == "cut") != cut:
            continue
        if what == "disc":
            (x, y), (r, _) = pts
            pygame.draw.circle(surf, colour, (ox + x * k, oy + y * k), r * k)
        else:
            pygame.draw.polygon(surf, colour, [(ox + x * k, oy + y * k) for x, y in pts])


@lru_cache(maxsize=512)
def piece(kind: str, pid: str, h: int) -> pygame.Surface:
    """A power's piece of a kind, ``h`` pixels high: its shape in the power's colour, lit
    from above, in a one-pixel outline (kept per kind, power and size)."""
    w = width_of(kind, h)
    k = SS * (h - 2) / GRID
    o = SS  # the outline: one pixel
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    shape = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    _draw(shape, kind, (255, 255, 255), k, (o, o), False)
    edge = edge_of(pid)
    rim = shape.copy()
    rim.fill((*edge, 255), special_flags=pygame.BLEND_RGBA_MULT)
    for dx in range(-o, o + 1):
        for dy in range(-o, o + 1):
            if dx * dx + dy * dy <= o * o + 2:
                big.blit(rim, (dx, dy))
    body = shape.copy()
    body.fill((*P.power(pid), 255), special_flags=pygame.BLEND_RGBA_MULT)
    # lit from above: lighter at the top, darker toward the foot
    hh = big.get_height()
    light = pygame.Surface(big.get_size())
    dark = pygame.Surface(big.get_size())
    for y in range(hh):
        t = y / max(1, hh - 1)
        up = round(46 * max(0.0, 0.45 - t) / 0.45)
        down = round(60 * max(0.0, t - 0.55) / 0.45)
        light.fill((up, up, up), (0, y, big.get_width(), 1))
        dark.fill((down, down, down), (0, y, big.get_width(), 1))
    body.blit(light, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    body.blit(dark, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    big.blit(body, (0, 0))
    _draw(big, kind, edge, k, (o, o), True)
    return pygame.transform.smoothscale(big, (w, h))


@lru_cache(maxsize=128)
def glyph(kind: str, colour: P.Colour, h: int) -> pygame.Surface:
    """A kind's bare silhouette in one colour, ``h`` pixels high (its cut-outs left
    transparent)."""
    w = round(WIDTH[kind] * h / GRID)
    k = SS * h / GRID
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    _draw(big, kind, (*colour, 255), k, (0, 0), False)
    _draw(big, kind, (0, 0, 0, 0), k, (0, 0), True)
    return pygame.transform.smoothscale(big, (w, h))


def icon(surf: pygame.Surface, kind: str, r: pygame.Rect, col: P.Colour) -> None:
    """A unit kind's silhouette in one colour, as high as ``r`` and centred in it."""
    g = glyph(kind, col, r.h)
    surf.blit(g, g.get_rect(center=r.center))
