"""The backdrop of the menus: the board, dimmed, filling the window (drawn once per window
size and language)."""

from __future__ import annotations

import pygame

from game.client.words.lang import language
from game.rules.board import load_board


class Backdrop:
    """The board, dimmed, behind the menus (drawn once per window size)."""

    def __init__(self) -> None:
        self._cache: tuple[tuple[int, int, str], pygame.Surface] | None = None

    def draw(self, surf: pygame.Surface) -> None:
        size = surf.get_size()
        key = (size[0], size[1], language())  # (the board's names are printed in the language in use)
        if self._cache is None or self._cache[0] != key:
            from game.ui.drawing.board import render_static
            from game.ui.drawing.layout import load_layout

            layout = load_layout()
            z = max(size[0] / layout.size[0], size[1] / layout.size[1])
            sheet = render_static(layout, load_board(), z)
            bg = pygame.Surface(size)
            bg.blit(sheet, ((size[0] - sheet.get_width()) // 2, (size[1] - sheet.get_height()) // 2))
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((16, 12, 8, 150))
            bg.blit(shade, (0, 0))
            self._cache = (key, bg)
        surf.blit(self._cache[1], (0, 0))


BACKDROP = Backdrop()
