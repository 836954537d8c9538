"""The main menu: play against the computer; host, join or watch a network game; continue
the last game (the newest of the local saves and the network games' logs), open a saved
game (of either kind), watch a replay, settings, quit. Each opens its scene by name or
starts the game through :mod:`game.ui.navigation` and :mod:`game.ui.netplay` (a network
game's log is taken up in a worker; why it cannot be is said on the menu)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client.settings import Settings
from game.client.words.lang import N_, say
from game.ui import navigation, netplay
from game.ui.widgets.buttons import Button
from game.ui.widgets.menuform import MenuScene

GROUPS = (4, 7)  # a little room after these entries: playing, going on with a game, the rest


class MainMenu(MenuScene):
    """The first screen (see the module docstring); Esc does not leave it."""

    sub = N_("Three wars for the colonies and the provinces of Europe")

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.opener = netplay.Opener()
        self.skipped: set[Path] = set()  # games Continue could not take up: it offers the one before

    def entries(self) -> list[tuple[str, object, bool]]:
        has = bool(navigation.saved_games()) or bool(netplay.network_logs())
        return [(say("Play against the computer"), "play", True), (say("Host a game"), "host", True),
                (say("Join a game"), "join", True), (say("Watch a game"), "watch", True),
                (say("Continue the last game"), "continue", has), (say("Open a saved game"), "open", has),
                (say("Watch a replay"), "replays", True), (say("Settings"), "settings", True),
                (say("Quit"), "quit", True)]

    def layout(self) -> list[Button]:
        w, h = self.size
        bw, bh, gap, extra = self.px(380), self.px(38), self.px(8), self.px(14)
        entries = self.entries()
        total = len(entries) * (bh + gap) + extra * len(GROUPS)
        y = max(self.px(205), h // 2 - total // 2 + self.px(50))
        out = []
        for i, (label, key, enabled) in enumerate(entries):
            out.append(Button(pygame.Rect(w // 2 - bw // 2, y, bw, bh), label, key, enabled))
            y += bh + gap + (extra if i + 1 in GROUPS else 0)
        return out

    def choose(self, key: object) -> None:
        assert self.app is not None
        if key == "play":
            self.app.push_scene("new_game", settings=self.settings)
        elif key in ("host", "join", "watch"):
            self.app.push_scene("host_setup" if key == "host" else str(key), settings=self.settings)
        elif key == "continue":
            last = netplay.last_game(frozenset(self.skipped))
            if last is not None:
                self.open(last)
        elif key == "open":
            self.app.push_scene("open", settings=self.settings)
        elif key == "replays":
            self.app.push_scene("replays", settings=self.settings)
        elif key == "settings":
            self.app.push_scene("settings", settings=self.settings)
        elif key == "quit":
            self.app.quit(0)

    def open(self, path: Path) -> None:
        assert self.app is not None
        said = self.opener.open(self.app, self.settings, path)
        self.message = self._failed(path, said) if said and not self.opener.busy() else said

    def _failed(self, path: Path, why: str) -> str:
        """``path`` could not be continued: why, and the game Continue takes up next."""
        self.skipped.add(path)
        nxt = netplay.last_game(frozenset(self.skipped))
        if nxt is None:
            return f"{why.rstrip('.')}."
        return say("{reason}. Continue again takes up {file}, the game before it.", reason=why.rstrip("."),
                   file=nxt.name)

    def update(self, dt: float) -> None:
        if self.app is None:
            return
        path = self.opener.path
        said = self.opener.poll(self.app, self.settings)
        if said:
            self.message = self._failed(path, said) if path is not None else said
            self.app.dirty = True

    def busy(self) -> bool:
        return self.opener.busy()

    def back(self) -> None:
        pass
