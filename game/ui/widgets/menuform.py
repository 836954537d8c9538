"""The menu form the menus are made of: a heading over the dimmed board, a column of
buttons on a dark card (each menu says which, or lays out its own), a line of message at
the bottom, Esc to go back. A menu scene subclasses :class:`MenuScene`."""

from __future__ import annotations

import pygame

from game.client.settings import Settings
from game.client.words.lang import N_, say
from game.ui.app import Intent, ScaledScene
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap
from game.ui.drawing.backdrop import BACKDROP
from game.ui.widgets.boxes import card
from game.ui.widgets.buttons import Button, draw_button


class MenuScene(ScaledScene):
    """A column of buttons over the board; subclasses say which."""

    heading = N_("Struggle of Empires")  # (a message id: drawn with say, in the language in use)
    sub = ""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.message = ""
        self.message_box: pygame.Rect | None = None  # where a message too long for a line is shown
        self.title_card = pygame.Rect(0, 0, 0, 0)  # the cards drawn last: the title's and the form's
        self.form_card = pygame.Rect(0, 0, 0, 0)

    def entries(self) -> list[tuple[str, object, bool]]:
        return []

    def layout(self) -> list[Button]:
        w, h = self.size
        bw, bh = self.px(380), self.px(44)
        entries = self.entries()
        y = h // 2 - (len(entries) * (bh + self.px(10))) // 2 + self.px(60)
        out = []
        for label, key, enabled in entries:
            out.append(Button(pygame.Rect(w // 2 - bw // 2, y, bw, bh), label, key, enabled))
            y += bh + self.px(10)
        return out

    def handle(self, intent: Intent) -> bool:
        if self.message_box is not None and (intent.kind == "key" or (intent.kind == "click" and intent.button in (1, 3))):
            self.message, self.message_box = "", None  # the box over the menu is read: closed, nothing else
            if self.app is not None:
                self.app.dirty = True
            return True
        if intent.kind == "move":
            self.mouse = intent.pos
        elif intent.kind == "click" and intent.button == 1:
            for b in self.buttons:
                if b.enabled and b.rect.collidepoint(intent.pos):
                    self.message = ""
                    self.choose(b.key)
                    break
        elif intent.kind == "key":
            self.key(intent)
        return True

    def key(self, intent: Intent) -> None:
        if intent.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        if self.app is not None and len(self.app.scenes) > 1:
            self.app.pop(self)

    def choose(self, key: object) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        BACKDROP.draw(surf)
        w, h = self.size
        t = text(say(self.heading), "serif-bold", self.px(64), P.HIGHLIGHT)
        head = t.get_rect(midtop=(w // 2, self.px(40)))
        st = text(say(self.sub), "serif", self.px(24), P.TEXT) if self.sub else None
        sub = st.get_rect(midtop=(w // 2, head.bottom)) if st is not None else head
        self.title_card = head.union(sub).inflate(self.px(48), self.px(14))
        card(surf, self.title_card, 185, self.px(14))  # the title clear of the map
        surf.blit(t, head)
        if st is not None:
            surf.blit(st, sub)
        self.buttons = self.layout()
        if self.buttons:  # a dark card behind the form, so words stay clear over the map
            box = self.buttons[0].rect.unionall([b.rect for b in self.buttons]).inflate(self.px(120), self.px(90))
            box.y -= self.px(20)
            top = sub.bottom + self.px(16)  # below the title's card, never over it
            if box.top < top:
                box.height -= top - box.top
                box.top = top
            card(surf, box, 200, self.px(14))
            self.form_card = box
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(17))
            if isinstance(b.key, tuple) and b.key[0] == "power":  # the power's colour and letters
                pid = str(b.key[1])
                chip = pygame.Rect(b.rect.x + self.px(5), b.rect.y + self.px(5), self.px(8), b.rect.height - self.px(10))
                pygame.draw.rect(surf, P.power(pid), chip, border_radius=self.px(3))
        self.extra(surf)
        self.message_box = None
        if self.message:
            size = self.px(15)
            lines = wrap(self.message, "sans-bold", size, min(w - self.px(120), self.px(760)))
            if len(lines) == 1:  # a line at the bottom
                m = text(self.message, "sans-bold", size, (255, 200, 180))
                r = m.get_rect(midbottom=(w // 2, h - self.px(24))).inflate(self.px(20), self.px(10))
                pygame.draw.rect(surf, (40, 20, 16), r, border_radius=6)
                pygame.draw.rect(surf, P.BAD, r, 1, border_radius=6)
                surf.blit(m, m.get_rect(center=r.center))
            else:  # more: a box over the menu, until a click or a key closes it
                self._message_box(surf, lines, size)

    def foot_message(self, surf: pygame.Surface, size: int, bottom: int) -> None:
        """The message in one line at the foot of a form (its bottom at ``bottom`` pixels from
        the window's), condensed if need be; a message too long for a line is a box over the
        form instead, until a click or a key closes it: never cut short."""
        w, h = self.size
        m = text(self.message, "sans-bold", size, (255, 200, 180))
        if m.get_width() > w - self.px(60):
            m = text(self.message, "cond-bold", size, (255, 200, 180))
        if m.get_width() > w - self.px(60):
            self._message_box(surf, wrap(self.message, "sans-bold", size, min(w - self.px(120), self.px(760))), size)
            return
        r = m.get_rect(midbottom=(w // 2, h - bottom)).inflate(self.px(20), self.px(10))
        pygame.draw.rect(surf, (40, 20, 16), r, border_radius=6)
        pygame.draw.rect(surf, P.BAD, r, 1, border_radius=6)
        surf.blit(m, m.get_rect(center=r.center))

    def _message_box(self, surf: pygame.Surface, lines: list[str], size: int) -> None:
        w, h = self.size
        rows = [text(line, "sans-bold", size, (255, 200, 180)) for line in lines]
        hint = text(say("Click or press a key to close"), "sans", self.px(13), P.TEXT_DIM)
        step = rows[0].get_height() + self.px(3)
        bw = max(r.get_width() for r in [*rows, hint]) + self.px(48)
        bh = step * len(rows) + hint.get_height() + self.px(52)
        box = pygame.Rect(w // 2 - bw // 2, max(self.px(10), h // 2 - bh // 2), bw, bh)
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 120))
        surf.blit(dim, (0, 0))
        pygame.draw.rect(surf, (40, 20, 16), box, border_radius=8)
        pygame.draw.rect(surf, P.BAD, box, 2, border_radius=8)
        y = box.y + self.px(22)
        for r in rows:
            surf.blit(r, (box.x + self.px(24), y))
            y += step
        surf.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - self.px(12))))
        self.message_box = box

    def extra(self, surf: pygame.Surface) -> None:
        pass
