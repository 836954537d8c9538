"""The tooltip: words on a parchment box beside the mouse, wrapped to a readable width and
kept inside the window."""

from __future__ import annotations

import pygame

from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap


def tooltip(surf: pygame.Surface, tip: str, pos: tuple[int, int], size: int) -> None:
    lines = wrap(tip, "sans", size, size * 26)
    surfs = [text(line, "sans", size, (30, 24, 16)) for line in lines]
    w = max(s.get_width() for s in surfs) + 14
    h = sum(s.get_height() for s in surfs) + 10
    sw, sh = surf.get_size()
    r = pygame.Rect(pos[0] + 16, pos[1] + 18, w, h)
    if r.right > sw:
        r.right = pos[0] - 8
    if r.bottom > sh:
        r.bottom = pos[1] - 8
    pygame.draw.rect(surf, (20, 16, 12), r.move(2, 2), border_radius=5)
    pygame.draw.rect(surf, P.PARCHMENT, r, border_radius=5)
    pygame.draw.rect(surf, P.COAST, r, 1, border_radius=5)
    y = r.y + 5
    for s in surfs:
        surf.blit(s, (r.x + 7, y))
        y += s.get_height()
