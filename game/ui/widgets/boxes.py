"""Boxes that other things are drawn in: a panel (an opaque box with an edge) and a card
(a dark, see-through box behind a form, so its words stay clear over the map)."""

from __future__ import annotations

import pygame

from game.ui.drawing import palette as P


def panel(surf: pygame.Surface, rect: pygame.Rect, colour: P.Colour = P.PANEL, radius: int = 8) -> None:
    pygame.draw.rect(surf, colour, rect, border_radius=radius)
    pygame.draw.rect(surf, P.PANEL_EDGE, rect, 1, border_radius=radius)


def card(surf: pygame.Surface, box: pygame.Rect, alpha: int, radius: int) -> None:
    """A dark, see-through card with an edge behind a form, so its words stay clear over the map."""
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (20, 16, 12, alpha), layer.get_rect(), border_radius=radius)
    surf.blit(layer, box)
    pygame.draw.rect(surf, P.PANEL_EDGE, box, 1, border_radius=radius)
