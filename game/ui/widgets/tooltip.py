"""The tooltip: words on a parchment box beside the mouse, wrapped to a readable width and
kept inside the window; under them, if given, a small hint line (the key that opens the
rules the words name)."""

from __future__ import annotations

import pygame

from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap


def tooltip(surf: pygame.Surface, tip: str, pos: tuple[int, int], size: int, hint: str = "") -> None:
    lines = wrap(tip, "sans", size, size * 26)
    surfs = [text(line, "sans", size, (30, 24, 16)) for line in lines]
    small = text(hint, "sans-bold", max(9, size - 2), P.INK_SOFT) if hint else None
    gap = 4 if small is not None else 0
    w = max([s.get_width() for s in surfs] + ([small.get_width()] if small is not None else [])) + 14
    h = sum(s.get_height() for s in surfs) + 10 + (small.get_height() + gap if small is not None else 0)
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
    if small is not None:
        pygame.draw.line(surf, (200, 184, 150), (r.x + 7, y + gap // 2), (r.right - 8, y + gap // 2))
        surf.blit(small, (r.right - 7 - small.get_width(), y + gap))
