"""The main menu's list of games to watch again ("Watch a replay"): this user's local saves
of ``soe play`` and the logs that ``soe host``, ``join``, ``spectate`` and ``resume``
write by default, newest first. Each is said from what is cheap to read, never by
replaying or verifying it: the file's date, its first line (the powers, who played them,
which one this user played) and, for a network log, its last lines (the signed ends of a
finished game and its winners). Whether a local save is finished takes a replay of its
inputs: that is worked out for the rows on screen only, one per frame, after the list is
shown. Picking a game opens its replay as ``soe replay FILE`` does
(:func:`game.ui.navigation.open_replay`)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client import folders
from game.client.gamelist import GameEntry, check_local, headline, list_games, standing, who_played
from game.client.settings import Settings
from game.ui import navigation
from game.ui.app import Intent
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap
from game.ui.drawing.backdrop import BACKDROP
from game.ui.widgets.boxes import card
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.menuform import MenuScene

PAGE = 7  # rows on one page of the list
REPLAY_SPEED = {"slow": "slow", "normal": "normal", "fast": "fast", "instant": "off"}  # settings' word -> replay's


class ReplayListMenu(MenuScene):
    """The list (see the module docstring): a page of games, newer and older pages (the
    buttons, Page Up and Page Down, or the wheel), back (or Esc)."""

    heading = "Watch a replay"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.games = list_games()
        self.page = 0
        self.opening: Path | None = None  # picked: read once the frame saying so is on screen
        self.said_opening = False
        self.rows: list[tuple[pygame.Rect, GameEntry]] = []
        self.drawn: list[str] = []  # the words the last frame showed, for tests

    def shown(self) -> list[GameEntry]:
        return self.games[self.page * PAGE:(self.page + 1) * PAGE]

    def layout(self) -> list[Button]:
        w, _ = self.size
        bw, bh, gap = min(w - self.px(80), self.px(1000)), self.px(54), self.px(8)
        x, y = w // 2 - bw // 2, self.px(130)
        out = [Button(pygame.Rect(x, y + i * (bh + gap), bw, bh), "", ("game", e.path))
               for i, e in enumerate(self.shown())]
        rows = PAGE if len(self.games) > PAGE else max(2, len(self.games))  # the buttons stay put between pages
        y += rows * (bh + gap) + self.px(22)
        nw = self.px(200)
        more = (self.page + 1) * PAGE < len(self.games)
        out.append(Button(pygame.Rect(w // 2 - nw // 2 - self.px(12) - nw, y, nw, self.px(42)), "\u25c0 Newer",
                          ("page", -1), self.page > 0, tip="Page Up"))
        back = Button(pygame.Rect(w // 2 - nw // 2, y, nw, self.px(42)), "Back", ("back",))
        back.primary = True
        out.append(back)
        out.append(Button(pygame.Rect(w // 2 + nw // 2 + self.px(12), y, nw, self.px(42)), "Older \u25b6",
                          ("page", 1), more, tip="Page Down"))
        return out

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "wheel" and intent.steps:  # the wheel turns the pages
            self.choose(("page", -1 if intent.steps > 0 else 1))
            return True
        return super().handle(intent)

    def key(self, intent: Intent) -> None:
        if intent.key == pygame.K_ESCAPE:
            self.back()
        elif intent.key == pygame.K_PAGEDOWN:
            self.choose(("page", 1))
        elif intent.key == pygame.K_PAGEUP:
            self.choose(("page", -1))

    def choose(self, key: object) -> None:
        if not isinstance(key, tuple):
            return
        if key[0] == "back":
            self.back()
        elif key[0] == "page":
            pages = max(1, -(-len(self.games) // PAGE))
            self.page = max(0, min(pages - 1, self.page + int(key[1])))
        elif key[0] == "game" and isinstance(key[1], Path) and self.opening is None:
            path = key[1]
            kind = next((e.kind for e in self.games if e.path == path), "local")
            self.message = f"Reading {path.name}" + (" and verifying it\u2026" if kind == "network" else "\u2026")
            self.opening, self.said_opening = path, False
        if self.app is not None:
            self.app.dirty = True

    def update(self, dt: float) -> None:
        if self.opening is not None:
            if not self.said_opening or self.app is None:
                return
            path, self.opening = self.opening, None
            err = navigation.open_replay(self.app, path, REPLAY_SPEED.get(self.settings.speed, "normal"), from_list=True)
            self.message = err.replace(str(path), path.name)
            self.app.dirty = True
            return
        todo = next((e for e in self.shown() if e.kind == "local" and e.finished is None and not e.problem), None)
        if todo is not None:
            check_local(todo)
            if self.app is not None:
                self.app.dirty = True

    def busy(self) -> bool:
        return self.opening is not None or any(e.kind == "local" and e.finished is None and not e.problem
                                               for e in self.shown())

    def draw(self, surf: pygame.Surface) -> None:
        BACKDROP.draw(surf)
        w, h = self.size
        self.drawn = []
        t = text(self.heading, "serif-bold", self.px(56), P.HIGHLIGHT)
        surf.blit(t, t.get_rect(midtop=(w // 2, self.px(30))))
        self.buttons = self.layout()
        rows = [b for b in self.buttons if b.key[0] == "game"]  # type: ignore[index]
        area = self.buttons[0].rect.unionall([b.rect for b in self.buttons])
        if not rows:
            area.union_ip(pygame.Rect(area.x, self.px(130), area.width, self.px(60)))
        box = area.inflate(self.px(60), self.px(50))
        card(surf, box, 210, self.px(14))
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(17))
        local, network = folders.local_games_dir(), folders.network_games_dir()
        if not rows:
            lines = ["No games to watch yet.",
                     f"Games against the computer are saved in {local}",
                     f"and network games' logs are kept in {network}:",
                     "play one, and it is listed here."]
            y = self.px(140)
            for line in lines:
                self.drawn.append(line)
                for part in wrap(line, "sans", self.px(16), area.width - self.px(20)):
                    s = text(part, "sans", self.px(16), P.TEXT)
                    surf.blit(s, s.get_rect(midtop=(w // 2, y)))
                    y += s.get_height() + self.px(2)
        for b in rows:
            e = next(g for g in self.shown() if g.path == b.key[1])  # type: ignore[index]
            self._row(surf, b.rect, e)
        n = len(self.games)
        if n:
            first = self.page * PAGE + 1
            count = f"Games {first}-{min(n, first + PAGE - 1)} of {n}, newest first; from {local} and {network}"
            s = text(count, "cond", self.px(12), P.TEXT_DIM)
            if s.get_width() > box.width - self.px(20):
                count = f"Games {first}-{min(n, first + PAGE - 1)} of {n}, newest first"
                s = text(count, "cond", self.px(12), P.TEXT_DIM)
            self.drawn.append(count)
            surf.blit(s, s.get_rect(midbottom=(w // 2, box.bottom - self.px(4))))
        if self.message:
            self._message(surf, w, h)

    def _row(self, surf: pygame.Surface, r: pygame.Rect, e: GameEntry) -> None:
        chip = pygame.Rect(r.x + self.px(8), r.y + self.px(8), self.px(6), r.height - self.px(16))
        pygame.draw.rect(surf, (120, 176, 240) if e.kind == "network" else P.HIGHLIGHT, chip, border_radius=2)
        x, room = chip.right + self.px(12), r.right - chip.right - self.px(24)
        top, state, sub = headline(e), standing(e), who_played(e)
        self.drawn += [f"{top}   {state}", sub]
        a = _fit(top, "sans-bold", self.px(15), P.BUTTON_TEXT, room)
        surf.blit(a, (x, r.y + self.px(6)))
        colour = (255, 170, 150) if e.problem else ((170, 230, 160) if e.finished else (225, 215, 195))
        st = _fit(state, "sans-bold", self.px(15), colour, room - a.get_width() - self.px(24))
        surf.blit(st, (x + a.get_width() + self.px(24), r.y + self.px(6)))
        b = _fit(sub, "cond", self.px(14), P.BUTTON_TEXT, room)
        surf.blit(b, (x, r.bottom - self.px(6) - b.get_height()))

    def _message(self, surf: pygame.Surface, w: int, h: int) -> None:
        m = _fit(self.message, "sans-bold", self.px(15), (255, 200, 180), w - self.px(80))
        self.drawn.append(self.message)
        if self.opening is not None:
            self.said_opening = True
        r = m.get_rect(midbottom=(w // 2, h - self.px(14))).inflate(self.px(20), self.px(10))
        pygame.draw.rect(surf, (40, 20, 16), r, border_radius=6)
        pygame.draw.rect(surf, P.BAD if self.opening is None else P.PANEL_EDGE, r, 1, border_radius=6)
        surf.blit(m, m.get_rect(center=r.center))


def _fit(words: str, face: str, size: int, colour: P.Colour, width: int) -> pygame.Surface:
    """``words`` in one line no wider than ``width``: condensed if need be, then cut short
    with an ellipsis."""
    s = text(words, face, size, colour)
    if s.get_width() <= width:
        return s
    face = "cond-bold" if "bold" in face else "cond"
    s = text(words, face, size, colour)
    cut = words
    while s.get_width() > width and len(cut) > 8:
        cut = cut[:max(8, len(cut) * width // max(1, s.get_width()) - 2)].rstrip()
        s = text(cut + "\u2026", face, size, colour)
    return s
