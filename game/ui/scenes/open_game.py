"""The saved games: the newest eight of the local saves and the network games' logs, each
marked with its kind, when it was last played and who played what; picking one continues
it (a local save through :func:`game.ui.navigation.continue_game`, a network game taken up
again through :class:`game.ui.netplay.Opener`)."""

from __future__ import annotations

import pygame

from game.client.gamelist import GameEntry, list_games, who_played
from game.client.settings import Settings
from game.ui import netplay
from game.ui.drawing.assets import font
from game.ui.widgets.buttons import Button
from game.ui.widgets.menuform import MenuScene

ROWS = 8


def _kind(e: GameEntry) -> str:
    if e.kind == "local":
        return "Local"
    return "Network, watching" if e.spectator else "Network"


class OpenMenu(MenuScene):
    """The list (see the module docstring) and Back."""

    heading = "Saved games"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.opener = netplay.Opener()
        self.games = self._games()

    @staticmethod
    def _games() -> list[GameEntry]:
        """Local saves, and network logs that can be taken up (their peer files beside them)."""
        out: list[GameEntry] = []
        for e in list_games():
            if e.kind == "local" or netplay.is_network(e.path):
                out.append(e)
            if len(out) == ROWS:
                break
        return out

    def entries(self) -> list[tuple[str, object, bool]]:
        import time

        out: list[tuple[str, object, bool]] = []
        for e in self.games:
            when = time.strftime("%d %b %Y %H:%M", time.localtime(e.modified))
            out.append((f"{when}   {_kind(e)}   {who_played(e)}", e.path, True))
        return out + [("Back", "back", True)]

    def layout(self) -> list[Button]:
        w, h = self.size
        bw, bh, gap = min(w - self.px(160), self.px(960)), self.px(38), self.px(8)
        entries = self.entries()
        y = max(self.px(130), h // 2 - (len(entries) * (bh + gap)) // 2 + self.px(40))
        f = font("cond-bold", self.px(17))
        out = []
        for label, key, enabled in entries:
            while f.size(label)[0] > bw - self.px(16) and len(label) > 8:
                label = label[:-4].rstrip() + "\u2026"
            out.append(Button(pygame.Rect(w // 2 - bw // 2, y, bw, bh), label, key, enabled))
            y += bh + gap
        return out

    def choose(self, key: object) -> None:
        assert self.app is not None
        if key == "back":
            self.back()
        elif key in {e.path for e in self.games} and not self.opener.busy():
            self.message = self.opener.open(self.app, self.settings, key)

    def update(self, dt: float) -> None:
        if self.app is None:
            return
        said = self.opener.poll(self.app, self.settings)
        if said:
            self.message = said
            self.app.dirty = True

    def busy(self) -> bool:
        return self.opener.busy()
