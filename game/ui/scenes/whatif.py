"""What if (the scene ``whatif``): a replay's "Play from here" asks which of the game's
powers the player takes (at first the one this user played, else the first) and how
strong the computer players are; Start plays on from the replay's step as a local game
(:func:`game.ui.navigation.play_from`), Back (or Esc) returns to the replay."""

from __future__ import annotations

import pygame

from game.client.gamefile import GameFile
from game.client.settings import Settings
from game.client.whatif import default_power
from game.client.words.lang import N_, capital, say
from game.client.words.lobby import level_name
from game.client.words.names import Names
from game.rules.board import load_board
from game.ui import navigation
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap
from game.ui.drawing.backdrop import BACKDROP
from game.ui.widgets.boxes import card
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.menuform import MenuScene

LEVELS = ("easy", "normal", "hard")


class WhatIfMenu(MenuScene):
    """The form (see the module docstring)."""

    heading = N_("Play from here")

    def __init__(self, game: GameFile, step: int, settings: Settings | None = None) -> None:
        super().__init__(settings or Settings())
        self.game = game
        self.step = step
        self.board = load_board(game.steps[0].state.ruleset)
        self.names = Names(self.board)
        self.power = default_power(game)
        self.level = "normal"
        self._rows = (0, 0)
        self.starting = False  # Start was pressed: the game is set up on the next frame
        self.said = False  # the frame saying so has been drawn

    def layout(self) -> list[Button]:
        w, _ = self.size
        out: list[Button] = []
        bw, bh, gap = self.px(200), self.px(40), self.px(8)
        y = self.px(262)
        powers = self.game.powers
        per_row = 4 if len(powers) > 4 else len(powers)
        x0 = w // 2 - (per_row * (bw + gap) - gap) // 2
        for i, pid in enumerate(powers):
            r = pygame.Rect(x0 + (i % per_row) * (bw + gap), y + (i // per_row) * (bh + gap), bw, bh)
            b = Button(r, f"  {self.names.power(pid)}", ("power", pid))  # room for its colour at the left
            b.lit = b.primary = pid == self.power
            out.append(b)
        rows = (len(powers) + per_row - 1) // per_row
        y += rows * (bh + gap) + self.px(48)
        lw = self.px(110)
        for i, lv in enumerate(LEVELS):
            b = Button(pygame.Rect(w // 2 - self.px(20) + i * (lw + gap), y, lw, bh), capital(level_name(lv)), ("level", lv))
            b.lit = b.primary = lv == self.level
            out.append(b)
        self._rows = (self.px(262), y)
        y += bh + self.px(46)
        out.append(Button(pygame.Rect(w // 2 - self.px(210), y, self.px(200), bh + self.px(6)), say("Back to the replay"),
                          ("back",)))
        start = Button(pygame.Rect(w // 2 + self.px(10), y, self.px(200), bh + self.px(6)), say("Start"), ("start",))
        start.primary = True
        out.append(start)
        return out

    def draw(self, surf: pygame.Surface) -> None:
        """The form on one card: what playing on means, the powers, the strength, Start."""
        BACKDROP.draw(surf)
        w, h = self.size
        t = text(say(self.heading), "serif-bold", self.px(64), P.HIGHLIGHT)
        surf.blit(t, t.get_rect(midtop=(w // 2, self.px(40))))
        self.buttons = self.layout()
        box = self.buttons[0].rect.unionall([b.rect for b in self.buttons]).inflate(self.px(120), self.px(50))
        box.height += box.y - self.px(138)
        box.y = self.px(138)
        if box.width < self.px(900):  # room for the words above the powers in three lines, in any language
            box.width = min(w - self.px(40), self.px(900))
            box.centerx = w // 2
        card(surf, box, 215, self.px(14))
        st = self.game.steps[self.step].state
        where = (say("war {war}, round {round}", war=st.war, round=st.round) if st.round
                 else say("war {war}", war=st.war))
        about = say("From step {step} of {file} ({when}): you play the power you pick, computer players the others. "
                    "The game is saved like any local game; its dice from here on come from its own seed.",
                    step=self.step, file=self.game.path.name, when=where)
        y = box.y + self.px(14)
        for line in wrap(about, "sans", self.px(16), box.width - self.px(60))[:3]:
            s = text(line, "sans", self.px(16), P.TEXT)
            surf.blit(s, s.get_rect(midtop=(w // 2, y)))
            y += s.get_height()
        r0, r1 = self._rows
        lab = text(say("Your great power"), "serif-bold", self.px(22), P.TEXT)
        surf.blit(lab, lab.get_rect(midbottom=(w // 2, r0 - self.px(8))))
        lab = text(say("Computer players"), "serif-bold", self.px(22), P.TEXT)
        surf.blit(lab, lab.get_rect(midright=(w // 2 - self.px(36), r1 + self.px(20))))
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(17))
            if isinstance(b.key, tuple) and b.key[0] == "power":  # the power's colour
                chip = pygame.Rect(b.rect.x + self.px(5), b.rect.y + self.px(5), self.px(8), b.rect.height - self.px(10))
                pygame.draw.rect(surf, P.power(str(b.key[1])), chip, border_radius=self.px(3))
        self.message_box = None
        if self.message:
            self.said = True
            said = wrap(self.message, "sans-bold", self.px(15), w - self.px(80))
            if len(said) > 2:  # too long for the foot: a box over the form, never cut short
                self._message_box(surf, wrap(self.message, "sans-bold", self.px(15), self.px(760)), self.px(15))
                return
            for k, line in enumerate(said):
                m = text(line, "sans-bold", self.px(15), (255, 200, 180))
                r = m.get_rect(midbottom=(w // 2, h - self.px(14) - (1 - k) * self.px(24))).inflate(self.px(20), self.px(6))
                pygame.draw.rect(surf, (40, 20, 16), r, border_radius=6)
                surf.blit(m, m.get_rect(center=r.center))

    def choose(self, key: object) -> None:
        assert self.app is not None and isinstance(key, tuple)
        if key[0] == "power":
            self.power = str(key[1])
        elif key[0] == "level":
            self.level = str(key[1])
        elif key[0] == "back":
            self.back()
        elif key[0] == "start" and not self.starting:
            self.message = say("Setting up the game at step {step}\u2026", step=self.step)
            self.starting, self.said = True, False  # the work starts once this is on screen

    def update(self, dt: float) -> None:
        if not self.starting or not self.said or self.app is None:
            return
        self.starting = False
        settings = self.app.settings if isinstance(self.app.settings, Settings) else self.settings
        err = navigation.play_from(self.app, settings, self.game, self.step, power=self.power, level=self.level)
        self.message = err
        self.app.dirty = True

    def busy(self) -> bool:
        return self.starting
