"""The new-game form: the player's great power, how many players, how strong the computer
players are; Start puts the game on screen (:func:`game.ui.navigation.start_game`)."""

from __future__ import annotations

import pygame

from game.client.settings import Settings
from game.client.words.lang import N_, capital, say
from game.client.words.lobby import level_name
from game.client.words.names import Names
from game.rules.board import load_board
from game.ui import navigation
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.widgets.buttons import Button
from game.ui.widgets.menuform import MenuScene

LEVELS = ("easy", "normal", "hard")


class NewGameMenu(MenuScene):
    """The form (see the module docstring)."""

    heading = N_("A new game")

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.board = load_board()
        self.names = Names(self.board)
        self.power = self.board.powers[0].id
        self.players = 4
        self.level = "normal"

    def layout(self) -> list[Button]:
        w, h = self.size
        out: list[Button] = []
        bw, bh = self.px(176), self.px(40)
        y = self.px(190)
        x0 = w // 2 - (4 * (bw + self.px(8))) // 2
        for i, p in enumerate(self.board.powers):
            r = pygame.Rect(x0 + (i % 4) * (bw + self.px(8)), y + (i // 4) * (bh + self.px(8)), bw, bh)
            b = Button(r, f"  {self.names.power(p.id)}", ("power", p.id))  # room for its colour at the left
            b.lit = p.id == self.power
            b.primary = b.lit
            out.append(b)
        y += 2 * (bh + self.px(8)) + self.px(40)
        sw = self.px(44)
        out.append(Button(pygame.Rect(w // 2 - self.px(20) - sw, y, sw, bh), "-", ("players", -1)))
        out.append(Button(pygame.Rect(w // 2 + self.px(120), y, sw, bh), "+", ("players", 1)))
        y += bh + self.px(30)
        for i, lv in enumerate(LEVELS):
            b = Button(pygame.Rect(w // 2 - self.px(20) + i * (self.px(110)), y, self.px(100), bh), capital(level_name(lv)), ("level", lv))
            b.lit = b.primary = lv == self.level
            out.append(b)
        y += bh + self.px(46)
        out.append(Button(pygame.Rect(w // 2 - self.px(210), y, self.px(200), bh + self.px(6)), say("Back"), ("back",)))
        start = Button(pygame.Rect(w // 2 + self.px(10), y, self.px(200), bh + self.px(6)), say("Start"), ("start",))
        start.primary = True
        out.append(start)
        self._rows = (self.px(190), self.px(190) + 2 * (bh + self.px(8)) + self.px(40), y - bh - self.px(46))
        return out

    def extra(self, surf: pygame.Surface) -> None:
        w = self.size[0]
        r0, r1, r2 = self._rows
        lab = text(say("Your great power"), "serif-bold", self.px(22), P.TEXT)
        surf.blit(lab, lab.get_rect(midbottom=(w // 2, r0 - self.px(8))))
        lab = text(say("Players"), "serif-bold", self.px(22), P.TEXT)
        surf.blit(lab, lab.get_rect(midright=(w // 2 - self.px(90), r1 + self.px(20))))
        n = text(str(self.players), "sans-bold", self.px(28), P.HIGHLIGHT)
        surf.blit(n, n.get_rect(center=(w // 2 + self.px(50), r1 + self.px(20))))
        lab = text(say("Computer players"), "serif-bold", self.px(22), P.TEXT)
        surf.blit(lab, lab.get_rect(midright=(w // 2 - self.px(36), r2 + self.px(20))))

    def choose(self, key: object) -> None:
        assert self.app is not None and isinstance(key, tuple)
        if key[0] == "power":
            self.power = str(key[1])
        elif key[0] == "players":
            self.players = max(2, min(7, self.players + int(key[1])))
        elif key[0] == "level":
            self.level = str(key[1])
        elif key[0] == "back":
            self.back()
        elif key[0] == "start":
            err = navigation.start_game(self.app, self.settings, players=self.players, power=self.power, level=self.level,
                             seed=None)
            if err:
                self.message = err
