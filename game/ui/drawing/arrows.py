"""Arrows over the map: a unit on its way (drawn while its move is animated) and a move
the player is choosing (from the unit picked to the destination under the mouse or picked)."""

from __future__ import annotations

import pygame


def draw_arrow(surf: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
               colour: tuple[int, int, int], width: int, head: int) -> None:
    """A straight arrow from ``start`` to ``end`` in ``colour``, outlined in dark ink:
    ``width`` the shaft's, ``head`` the arrowhead's length (pixels)."""
    (x0, y0), (x1, y1) = start, end
    ink = (20, 16, 12)
    pygame.draw.line(surf, ink, (x0, y0), (x1, y1), width + 4)
    pygame.draw.line(surf, colour, (x0, y0), (x1, y1), width)
    dx, dy = x1 - x0, y1 - y0
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    tip = [(x1, y1), (x1 - ux * head - uy * head / 2, y1 - uy * head + ux * head / 2),
           (x1 - ux * head + uy * head / 2, y1 - uy * head - ux * head / 2)]
    pygame.draw.polygon(surf, colour, tip)
    pygame.draw.polygon(surf, ink, tip, 2)
