"""A line of text whose rule ids are links: each id that has a rule card is drawn in the
link colour and underlined, and where it was drawn is given back, so a click on it can
open the card (:mod:`game.client.words.rulebook`)."""

from __future__ import annotations

import pygame

from game.client.words.rulebook import RULES, rule_spans
from game.ui.drawing import palette as P
from game.ui.drawing.assets import font, text

LINK = (140, 200, 255)  # a rule id that opens its card: light blue, apart from the highlight's yellow
LINK_HOVER = (200, 232, 255)

Link = tuple[pygame.Rect, str]  # where a rule id was drawn, and the id


def draw_linked(surf: pygame.Surface, line: str, face: str, size: int, colour: P.Colour, pos: tuple[int, int],
                mouse: tuple[int, int] | None = None) -> tuple[int, list[Link]]:
    """Draw ``line`` at ``pos`` with its rule ids as links (the one under ``mouse`` lighter);
    its height, and each link's rect and id."""
    x0, y = pos
    links: list[Link] = []
    f = font(face, size)
    height = f.size(line or " ")[1]

    def plain(a: int, b: int) -> None:
        if b > a:
            t = text(line[a:b], face, size, colour)
            surf.blit(t, (x0 + f.size(line[:a])[0], y))

    at = 0
    for start, end, rid in rule_spans(line):
        plain(at, start)
        word = line[start:end]
        r = pygame.Rect(x0 + f.size(line[:start])[0], y, *f.size(word))
        if rid in RULES:
            col = LINK_HOVER if mouse is not None and r.collidepoint(mouse) else LINK
            surf.blit(text(word, face, size, col), r)
            under = y + f.get_ascent() + max(1, size // 8)
            pygame.draw.line(surf, col, (r.x, under), (r.right - 1, under), max(1, size // 14))
            links.append((r, rid))
        else:
            surf.blit(text(word, face, size, colour), r)
        at = end
    plain(at, len(line))
    return height, links


def link_at(links: list[Link], pos: tuple[int, int]) -> str:
    """The rule id whose link is under ``pos`` ("" for none)."""
    return next((rid for r, rid in links if r.collidepoint(pos)), "")
