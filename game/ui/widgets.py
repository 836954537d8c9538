"""Small drawing helpers shared by the screens: buttons, panels, tooltips, and the UI
scale (sizes are given for a 1280 x 720 window and grow with it)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import palette as P
from game.ui.app import Scene
from game.ui.assets import text, wrap


def scale_of(size: tuple[int, int]) -> float:
    return max(0.75, min(size[0] / 1280, size[1] / 720))


class ScaledScene(Scene):
    """A scene drawn at the window's scale: ``px(v)`` turns a length designed for 1280x720
    into pixels of the current size."""

    def __init__(self) -> None:
        super().__init__()
        self.size = (1280, 720)
        self.s = 1.0

    def resized(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = scale_of(size)

    def px(self, v: float) -> int:
        return max(1, round(v * self.s))


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    key: object  # what a click on it means to its screen
    enabled: bool = True
    primary: bool = False
    lit: bool = False  # a legal choice
    tip: str = ""  # shown when the mouse rests on it


def draw_button(surf: pygame.Surface, b: Button, mouse: tuple[int, int], size: int) -> None:
    hover = b.enabled and b.rect.collidepoint(mouse)
    base = P.BUTTON_HOVER if hover else P.BUTTON
    if b.primary:
        base = (60, 120, 70) if not hover else (80, 150, 90)
    if not b.enabled:
        base = (70, 64, 58)
    pygame.draw.rect(surf, (20, 16, 12), b.rect.move(0, 2), border_radius=6)
    pygame.draw.rect(surf, base, b.rect, border_radius=6)
    edge = P.HIGHLIGHT if b.lit and b.enabled else (200, 170, 120)
    pygame.draw.rect(surf, edge, b.rect, 2 if b.lit else 1, border_radius=6)
    col = P.BUTTON_TEXT if b.enabled else P.TEXT_DIM
    t = text(b.label, "sans-bold", size, col)
    if t.get_width() > b.rect.width - 8:
        t = text(b.label, "cond-bold", size, col)
    surf.blit(t, t.get_rect(center=b.rect.center))


def panel(surf: pygame.Surface, rect: pygame.Rect, colour: P.Colour = P.PANEL, radius: int = 8) -> None:
    pygame.draw.rect(surf, colour, rect, border_radius=radius)
    pygame.draw.rect(surf, P.PANEL_EDGE, rect, 1, border_radius=radius)


def card(surf: pygame.Surface, box: pygame.Rect, alpha: int, radius: int) -> None:
    """A dark, see-through card with an edge behind a form, so its words stay clear over the map."""
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (20, 16, 12, alpha), layer.get_rect(), border_radius=radius)
    surf.blit(layer, box)
    pygame.draw.rect(surf, P.PANEL_EDGE, box, 1, border_radius=radius)


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


def layout_buttons(labels: list[tuple[str, object]], area: pygame.Rect, size: int, gap: int) -> list[Button]:
    """Buttons flowed left to right in rows inside ``area``, each as wide as its words."""
    from game.ui.assets import font

    f = font("sans-bold", size)
    h = size * 2 + 4
    out: list[Button] = []
    x, y = area.x, area.y
    for label, key in labels:
        w = min(area.width, max(size * 5, f.size(label)[0] + size * 2))
        if x + w > area.right and x > area.x:
            x, y = area.x, y + h + gap
        out.append(Button(pygame.Rect(x, y, w, h), label, key))
        x += w + gap
    return out
