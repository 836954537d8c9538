"""The main menu (play, continue, open a saved game, watch a replay, settings, quit), the
new-game and settings forms, the saved-games list and the pause menu over a game. (The
list of games to watch again is :mod:`game.ui.replaylist`.)"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from game.client.settings import SIZES, SPEEDS, Settings
from game.rules.board import load_board
from game.ui.app import Intent, ScaledScene
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.widgets.boxes import card
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.textentry import TextField, draw_field

LEVELS = ("easy", "normal", "hard")


def saved_games() -> list[Path]:
    """Local saves, newest first."""
    from game.client.folders import local_games_dir

    d = local_games_dir()
    try:
        files = [p for p in d.glob("*.jsonl") if p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)


class Backdrop:
    """The board, dimmed, behind the menus (drawn once per window size)."""

    def __init__(self) -> None:
        self._cache: tuple[tuple[int, int], pygame.Surface] | None = None

    def draw(self, surf: pygame.Surface) -> None:
        size = surf.get_size()
        if self._cache is None or self._cache[0] != size:
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
            self._cache = (size, bg)
        surf.blit(self._cache[1], (0, 0))


BACKDROP = Backdrop()


class MenuScene(ScaledScene):
    """A column of buttons over the board; subclasses say which."""

    heading = "Struggle of Empires"
    sub = ""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.message = ""

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
        t = text(self.heading, "serif-bold", self.px(64), P.HIGHLIGHT)
        surf.blit(t, t.get_rect(midtop=(w // 2, self.px(40))))
        if self.sub:
            st = text(self.sub, "serif", self.px(24), P.TEXT)
            surf.blit(st, st.get_rect(midtop=(w // 2, self.px(40) + t.get_height())))
        self.buttons = self.layout()
        if self.buttons:  # a dark card behind the form, so words stay clear over the map
            box = self.buttons[0].rect.unionall([b.rect for b in self.buttons]).inflate(self.px(120), self.px(90))
            box.y -= self.px(20)
            card(surf, box, 200, self.px(14))
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(17))
            if isinstance(b.key, tuple) and b.key[0] == "power":  # the power's colour and letters
                pid = str(b.key[1])
                chip = pygame.Rect(b.rect.x + self.px(5), b.rect.y + self.px(5), self.px(8), b.rect.height - self.px(10))
                pygame.draw.rect(surf, P.power(pid), chip, border_radius=self.px(3))
        self.extra(surf)
        if self.message:
            m = text(self.message, "sans-bold", self.px(15), (255, 200, 180))
            r = m.get_rect(midbottom=(w // 2, h - self.px(24))).inflate(self.px(20), self.px(10))
            pygame.draw.rect(surf, (40, 20, 16), r, border_radius=6)
            pygame.draw.rect(surf, P.BAD, r, 1, border_radius=6)
            surf.blit(m, m.get_rect(center=r.center))

    def extra(self, surf: pygame.Surface) -> None:
        pass


class MainMenu(MenuScene):
    sub = "Three wars for the colonies and the provinces of Europe"

    def entries(self) -> list[tuple[str, object, bool]]:
        has = bool(saved_games())
        return [("Play against the computer", "play", True), ("Continue the last game", "continue", has),
                ("Open a saved game", "open", has), ("Watch a replay", "replays", True), ("Settings", "settings", True),
                ("Quit", "quit", True)]

    def choose(self, key: object) -> None:
        assert self.app is not None
        if key == "play":
            self.app.push(NewGameMenu(self.settings))
        elif key == "continue":
            games = saved_games()
            if games:
                self.open(games[0])
        elif key == "open":
            self.app.push(OpenMenu(self.settings))
        elif key == "replays":
            from game.ui.replaylist import ReplayListMenu

            self.app.push(ReplayListMenu(self.settings))
        elif key == "settings":
            self.app.push(SettingsMenu(self.settings))
        elif key == "quit":
            self.app.quit(0)

    def open(self, path: Path) -> None:
        from game.ui.launch import continue_game

        assert self.app is not None
        err = continue_game(self.app, self.settings, path)
        if err:
            self.message = err

    def back(self) -> None:
        pass


class NewGameMenu(MenuScene):
    heading = "A new game"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.board = load_board()
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
            b = Button(r, f"  {p.name}", ("power", p.id))  # room for its colour at the left
            b.lit = p.id == self.power
            b.primary = b.lit
            out.append(b)
        y += 2 * (bh + self.px(8)) + self.px(40)
        sw = self.px(44)
        out.append(Button(pygame.Rect(w // 2 - self.px(20) - sw, y, sw, bh), "-", ("players", -1)))
        out.append(Button(pygame.Rect(w // 2 + self.px(120), y, sw, bh), "+", ("players", 1)))
        y += bh + self.px(30)
        for i, lv in enumerate(LEVELS):
            b = Button(pygame.Rect(w // 2 - self.px(20) + i * (self.px(110)), y, self.px(100), bh), lv.title(), ("level", lv))
            b.lit = b.primary = lv == self.level
            out.append(b)
        y += bh + self.px(46)
        out.append(Button(pygame.Rect(w // 2 - self.px(210), y, self.px(200), bh + self.px(6)), "Back", ("back",)))
        start = Button(pygame.Rect(w // 2 + self.px(10), y, self.px(200), bh + self.px(6)), "Start", ("start",))
        start.primary = True
        out.append(start)
        self._rows = (self.px(190), self.px(190) + 2 * (bh + self.px(8)) + self.px(40), y - bh - self.px(46))
        return out

    def extra(self, surf: pygame.Surface) -> None:
        w = self.size[0]
        r0, r1, r2 = self._rows
        lab = text("Your great power", "serif-bold", self.px(22), P.TEXT)
        surf.blit(lab, lab.get_rect(midbottom=(w // 2, r0 - self.px(8))))
        lab = text("Players", "serif-bold", self.px(22), P.TEXT)
        surf.blit(lab, lab.get_rect(midright=(w // 2 - self.px(90), r1 + self.px(20))))
        n = text(str(self.players), "sans-bold", self.px(28), P.HIGHLIGHT)
        surf.blit(n, n.get_rect(center=(w // 2 + self.px(50), r1 + self.px(20))))
        lab = text("Computer players", "serif-bold", self.px(22), P.TEXT)
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
            from game.ui.launch import start_game

            err = start_game(self.app, self.settings, players=self.players, power=self.power, level=self.level,
                             seed=None)
            if err:
                self.message = err


class OpenMenu(MenuScene):
    heading = "Saved games"

    def entries(self) -> list[tuple[str, object, bool]]:
        out: list[tuple[str, object, bool]] = []
        for p in saved_games()[:8]:
            try:
                when = time.strftime("%d %b %Y %H:%M", time.localtime(p.stat().st_mtime))
            except OSError:
                when = "?"
            out.append((f"{when}   {p.stem}", p, True))
        return out + [("Back", "back", True)]

    def choose(self, key: object) -> None:
        assert self.app is not None
        if key == "back":
            self.back()
        elif isinstance(key, Path):
            from game.ui.launch import continue_game

            err = continue_game(self.app, self.settings, key)
            if err:
                self.message = err


class SettingsMenu(MenuScene):
    heading = "Settings"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.name = TextField(settings.name, max_len=24, what="printable characters")
        self._name_x = 0  # where the name's text starts on screen

    def handle(self, intent: Intent) -> bool:
        row = next((b for b in self.buttons if b.key == "name"), None)
        if intent.kind == "click" and intent.button == 1 and row is not None and row.rect.collidepoint(intent.pos):
            self.name.click(intent.pos[0] - self._name_x, self.px(17))  # the caret where the click was
            self.message = ""
            return True
        return super().handle(intent)

    def entries(self) -> list[tuple[str, object, bool]]:
        s = self.settings
        return [(f"Name: {s.name}", "name", True),
                (f"Window size: {s.width} x {s.height}", "size", True),
                (f"Animation speed: {s.speed}", "speed", True),
                (f"Sound: {'on' if s.sound else 'off'}", "sound", True),
                ("Save and go back", "save", True)]

    def key(self, intent: Intent) -> None:
        """Esc goes back; every other key edits the name: typing, Backspace, Delete, the
        arrows, Home/End, Ctrl+A (Cmd+A) selects all, Ctrl+C copies, Ctrl+V (Cmd+V,
        Shift+Insert) pastes from the clipboard."""
        if intent.key == pygame.K_ESCAPE:
            self.back()
        elif self.name.handles(intent):
            self.message = self.name.key(intent)
            self.settings.name = self.name.value

    def extra(self, surf: pygame.Surface) -> None:
        for b in self.buttons:
            if b.key == "name":  # the name as a text field over its row
                self._name_x = draw_field(surf, b.rect, "Name", self.name, self.px(17),
                                          suffix="type, or Ctrl+V to paste")

    def choose(self, key: object) -> None:
        s = self.settings
        if key == "size":
            sizes = list(SIZES)
            cur = (s.width, s.height)
            s.width, s.height = sizes[(sizes.index(cur) + 1) % len(sizes)] if cur in sizes else sizes[0]
            if self.app is not None:
                self.app.window.size = (s.width, s.height)
                self.app.dispatch(Intent("resize"))
        elif key == "speed":
            s.speed = SPEEDS[(SPEEDS.index(s.speed) + 1) % len(SPEEDS)] if s.speed in SPEEDS else "normal"
        elif key == "sound":
            s.sound = not s.sound
        elif key == "save":
            if not s.name.strip():
                s.name = "Player"
                self.name.set(s.name)
            err = s.save()
            if err:
                self.message = err
            else:
                self.back()


class PauseMenu(MenuScene):
    """Over a running game (which keeps its place: it is saved as it goes)."""

    opaque = False
    heading = "Paused"

    def __init__(self, game: Any) -> None:
        super().__init__(game.app.settings if game.app is not None and hasattr(game.app, "settings") else Settings())
        self.game = game

    def entries(self) -> list[tuple[str, object, bool]]:
        return [("Back to the game", "resume", True), ("Main menu (the game is saved)", "menu", True),
                ("Quit (the game is saved)", "quit", True)]

    def draw(self, surf: pygame.Surface) -> None:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 170))
        surf.blit(shade, (0, 0))
        w = self.size[0]
        t = text(self.heading, "serif-bold", self.px(56), P.HIGHLIGHT)
        surf.blit(t, t.get_rect(midtop=(w // 2, self.px(90))))
        self.buttons = self.layout()
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(17))

    def choose(self, key: object) -> None:
        assert self.app is not None
        if key == "resume":
            self.app.pop(self)
        elif key == "menu":
            self.game.table.close()
            self.app.replace(MainMenu(self.settings))
        elif key == "quit":
            self.app.quit(0)
