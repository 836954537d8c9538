"""Buttons: what one is (a rect, its words, what a click on it means to its screen, and
whether it is enabled, the primary one, a legal choice), how it is drawn, and a row of
them flowed into an area."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client.words.lang import say
from game.ui.drawing import palette as P
from game.ui.drawing.assets import font, text


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


def layout_buttons(labels: list[tuple[str, object]], area: pygame.Rect, size: int, gap: int) -> list[Button]:
    """Buttons flowed left to right in rows inside ``area``, each as wide as its words."""
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


MORE = ("more",)  # the key of the button that shows the next page of a row too long for its area


def layout_pages(labels: list[tuple[str, object]], area: pygame.Rect, size: int, gap: int, page: int,
                 keep: tuple[object, ...] = (("cancel",), ("confirm",))) -> tuple[list[Button], int]:
    """Buttons flowed as :func:`layout_buttons` does; when they would go past the area's
    foot, in pages that fit it, each with a "More" button (key :data:`MORE`) that shows the
    next, and the buttons whose keys are in ``keep`` (Cancel, Confirm) on every page.
    Returns the buttons of page ``page`` (modulo the number of pages) and that number."""
    def fits(some: list[tuple[str, object]]) -> bool:
        got = layout_buttons(some, area, size, gap)
        return not got or got[-1].rect.bottom <= area.bottom

    if fits(labels):
        return layout_buttons(labels, area, size, gap), 1
    kept = [x for x in labels if x[1] in keep]
    rest = [x for x in labels if x[1] not in keep]
    more = [(say("More ({n}/{count}) \u25b8", n=99, count=99), MORE)]  # (as wide as the widest it will say)
    pages: list[list[tuple[str, object]]] = []
    i = 0
    while i < len(rest):
        j = i + 1  # (one a page at least, fitting or not)
        while j < len(rest) and fits(rest[i:j + 1] + more + kept):
            j += 1
        pages.append(rest[i:j])
        i = j
    k = page % len(pages)
    label = say("More ({n}/{count}) \u25b8", n=k + 1, count=len(pages))
    return layout_buttons(pages[k] + [(label, MORE)] + kept, area, size, gap), len(pages)
