"""A menu that lists game files page by page, as the main menu's "Open a saved game" and
"Watch a replay" do: each game a button with two lines drawn in it (when, what kind of
game and how it stands: how far it is, who won, or that it is damaged; then the powers,
this user's first, or what is wrong with a damaged file), a chip of its kind at the left.
Newer and older pages (the buttons, Page Up and Page Down, or the wheel), Back (or Esc).
What is cheap to read is shown at once; the rest (a replay of the file: how far it is,
finished or not, damaged or not) is worked out for the rows on screen, one per frame,
after the list shows. A subclass says which games, which kinds of them to replay, what
it says when there are none, and what a pick does (:meth:`GameListMenu.pick`)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client import folders
from game.client.gamelist import GameEntry, check, checked, headline, standing, who_played
from game.client.settings import Settings
from game.client.words.lang import capital, say
from game.ui.app import Intent
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap
from game.ui.drawing.backdrop import BACKDROP
from game.ui.widgets.boxes import card
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.menuform import MenuScene
from game.ui.widgets.tooltip import tooltip

PAGE = 7  # rows on one page of the list
NETWORK_CHIP = (120, 176, 240)
BAD_WORDS, DONE_WORDS, PLAIN_WORDS = (255, 170, 150), (170, 230, 160), (225, 215, 195)


class GameListMenu(MenuScene):
    """The list (see the module docstring)."""

    checks: frozenset[str] = frozenset({"local"})  # the kinds of file replayed for their rows
    empty: tuple[str, ...] = ()  # what an empty list says (then where games are kept)

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.games = self.list_games()
        self.page = 0
        self.drawn: list[str] = []  # the words the last frame showed, for tests
        self.texts: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # each row's words as shown, where, its button

    # ------------------------------------------------------------------ what a subclass says
    def list_games(self) -> list[GameEntry]:
        raise NotImplementedError

    def pick(self, path: Path) -> None:
        """The game at ``path`` was picked."""
        raise NotImplementedError

    def waiting(self) -> bool:
        """Whether the message says what is being done (not what went wrong)."""
        return False

    # ------------------------------------------------------------------ the list
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
        out.append(Button(pygame.Rect(w // 2 - nw // 2 - self.px(12) - nw, y, nw, self.px(42)), say("\u25c0 Newer"),
                          ("page", -1), self.page > 0, tip=say("Page Up")))
        back = Button(pygame.Rect(w // 2 - nw // 2, y, nw, self.px(42)), say("Back"), ("back",))
        back.primary = True
        out.append(back)
        out.append(Button(pygame.Rect(w // 2 + nw // 2 + self.px(12), y, nw, self.px(42)), say("Older \u25b6"),
                          ("page", 1), more, tip=say("Page Down")))
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
        elif key[0] == "game" and isinstance(key[1], Path):
            self.pick(key[1])
        if self.app is not None:
            self.app.dirty = True

    def _unchecked(self) -> GameEntry | None:
        return next((e for e in self.shown() if e.kind in self.checks and not checked(e)), None)

    def update(self, dt: float) -> None:
        todo = self._unchecked()
        if todo is not None:
            check(todo)
            if self.app is not None:
                self.app.dirty = True

    def busy(self) -> bool:
        return self._unchecked() is not None

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        BACKDROP.draw(surf)
        w, h = self.size
        self.drawn, self.texts = [], []
        self.message_box = None
        t = text(say(self.heading), "serif-bold", self.px(56), P.HIGHLIGHT)
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
            lines = [*(say(e) for e in self.empty),
                     say("Games against the computer are saved in {local} and network games' logs are kept in "
                         "{network}: play one, and it is listed here.", local=local, network=network)]
            y = self.px(140)
            for line in lines:
                self.drawn.append(line)
                for part in wrap(line, "sans", self.px(16), area.width - self.px(20)):
                    s = text(part, "sans", self.px(16), P.TEXT)
                    surf.blit(s, s.get_rect(midtop=(w // 2, y)))
                    y += s.get_height() + self.px(2)
        tips: list[tuple[pygame.Rect, str]] = []
        for b in rows:
            e = next(g for g in self.shown() if g.path == b.key[1])  # type: ignore[index]
            cut = self._row(surf, b.rect, e)
            if cut:
                tips.append((b.rect, cut))
        n = len(self.games)
        if n:
            first = self.page * PAGE + 1
            last = min(n, first + PAGE - 1)
            count = say("Games {first}-{last} of {n}, newest first; from {local} and {network}", first=first,
                        last=last, n=n, local=local, network=network)
            s = text(count, "cond", self.px(12), P.TEXT_DIM)
            if s.get_width() > box.width - self.px(20):
                count = say("Games {first}-{last} of {n}, newest first", first=first, last=last, n=n)
                s = text(count, "cond", self.px(12), P.TEXT_DIM)
            self.drawn.append(count)
            surf.blit(s, s.get_rect(midbottom=(w // 2, box.bottom - self.px(4))))
        if self.message:
            self._message(surf, w, h)
        for r, tip in tips:  # the whole of a row cut short, under the mouse
            if r.collidepoint(self.mouse) and not self.message:
                tooltip(surf, tip, self.mouse, self.px(13))

    def _row(self, surf: pygame.Surface, r: pygame.Rect, e: GameEntry) -> str:
        """One game's words in its button ``r``: how it stands first, so that it is never
        the part cut short; returns the row's whole words when some were cut ("" if none)."""
        chip = pygame.Rect(r.x + self.px(8), r.y + self.px(8), self.px(6), r.height - self.px(16))
        pygame.draw.rect(surf, NETWORK_CHIP if e.kind == "network" else P.HIGHLIGHT, chip, border_radius=2)
        x, room, gap = chip.right + self.px(12), r.right - chip.right - self.px(24), self.px(24)
        top, state = headline(e), standing(e)
        sub = who_played(e)
        if e.damage:  # what is wrong first, then the game (which a damaged file's first line still says)
            sub = (say("{damage}. {game}", damage=capital(e.damage), game=sub) if e.powers
                   else say("{damage}.", damage=capital(e.damage)))
        self.drawn += [f"{top}   {state}", sub]
        colour = BAD_WORDS if e.problem else (DONE_WORDS if e.finished else PLAIN_WORDS)
        st, st_words = fit(state, "sans-bold", self.px(15), colour, room // 2)
        a, a_words = fit(top, "sans-bold", self.px(15), P.BUTTON_TEXT, room - st.get_width() - gap)
        b, b_words = fit(sub, "cond", self.px(14), P.BUTTON_TEXT, room)
        for s, words, at in ((a, a_words, (x, r.y + self.px(6))),
                             (st, st_words, (x + a.get_width() + gap, r.y + self.px(6))),
                             (b, b_words, (x, r.bottom - self.px(6) - b.get_height()))):
            surf.blit(s, at)
            self.texts.append((words, s.get_rect(topleft=at), r))
        whole = (top, state, sub)
        return f"{top}: {state}. {sub}" if (a_words, st_words, b_words) != whole else ""

    def _message(self, surf: pygame.Surface, w: int, h: int) -> None:
        """The message at the foot of the screen, in up to two lines (a longer one in a box
        over the list, until a click or a key closes it: never cut short)."""
        size, width = self.px(15), w - self.px(100)
        lines = wrap(self.message, "sans-bold", size, width)
        self.drawn.append(self.message)
        if len(lines) > 2 and not self.waiting():
            self._message_box(surf, wrap(self.message, "sans-bold", size, min(width, self.px(760))), size)
            return
        if len(lines) > 2:  # (what is being done, in a line or two: its words are short)
            lines = [lines[0], fit(" ".join(lines[1:]), "sans-bold", size, (0, 0, 0), width)[1]]
        shown = [text(line, "sans-bold", size, (255, 200, 180)) for line in lines]
        lh = shown[0].get_height()
        r = pygame.Rect(0, 0, max(s.get_width() for s in shown), lh * len(shown))
        r.midbottom = (w // 2, h - self.px(14))
        box = r.inflate(self.px(20), self.px(10))
        pygame.draw.rect(surf, (40, 20, 16), box, border_radius=6)
        pygame.draw.rect(surf, P.PANEL_EDGE if self.waiting() else P.BAD, box, 1, border_radius=6)
        for i, s in enumerate(shown):
            surf.blit(s, s.get_rect(midtop=(w // 2, r.y + i * lh)))


def fit(words: str, face: str, size: int, colour: P.Colour, width: int) -> tuple[pygame.Surface, str]:
    """``words`` in one line no wider than ``width``: condensed if need be, then cut short
    with an ellipsis; and the words it shows."""
    s = text(words, face, size, colour)
    if s.get_width() <= width:
        return s, words
    face = "cond-bold" if "bold" in face else "cond"
    s = text(words, face, size, colour)
    cut, shown = words, words
    while s.get_width() > width and len(cut) > 1:
        cut = cut[:max(1, min(len(cut) - 1, len(cut) * width // max(1, s.get_width()) - 2))].rstrip()
        shown = cut + "\u2026"
        s = text(shown, face, size, colour)
    return s, shown
