"""The main menu's list of games to watch again ("Watch a replay"): this user's local saves
of ``soe play`` and the logs that ``soe host``, ``join``, ``spectate`` and ``resume``
write by default, newest first, listed as :class:`~game.ui.widgets.gamerows.GameListMenu`
lists games. A network log is said from what is cheap to read, never by verifying it: the
file's date, its first line (the powers, who played them, which one this user played) and
its last lines (the signed ends of a finished game and its winners); a local save is
replayed for the rows on screen (how far it is, whether it is finished), after the list
shows. Picking a game opens its replay as ``soe replay FILE`` does
(:func:`game.ui.navigation.open_replay`)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client.gamelist import GameEntry, list_games
from game.client.settings import Settings
from game.client.words.lang import N_, say
from game.ui import navigation
from game.ui.widgets.gamerows import PAGE, GameListMenu

__all__ = ["PAGE", "REPLAY_SPEED", "ReplayListMenu"]

REPLAY_SPEED = {"slow": "slow", "normal": "normal", "fast": "fast", "instant": "off"}  # settings' word -> replay's


class ReplayListMenu(GameListMenu):
    """The list (see the module docstring)."""

    heading = N_("Watch a replay")
    empty = (N_("No games to watch yet."),)

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.opening: Path | None = None  # picked: read once the frame saying so is on screen
        self.said_opening = False

    def list_games(self) -> list[GameEntry]:
        return list_games()

    def pick(self, path: Path) -> None:
        if self.opening is not None:
            return
        kind = next((e.kind for e in self.games if e.path == path), "local")
        self.message = (say("Reading {file} and verifying it\u2026", file=path.name) if kind == "network"
                        else say("Reading {file}\u2026", file=path.name))
        self.opening, self.said_opening = path, False

    def waiting(self) -> bool:
        return self.opening is not None

    def update(self, dt: float) -> None:
        if self.opening is None:
            super().update(dt)
            return
        if not self.said_opening or self.app is None:
            return
        path, self.opening = self.opening, None
        err = navigation.open_replay(self.app, path, REPLAY_SPEED.get(self.settings.speed, "normal"), from_list=True)
        self.message = err.replace(str(path), path.name)
        self.app.dirty = True

    def busy(self) -> bool:
        return self.opening is not None or super().busy()

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        if self.opening is not None and self.message:
            self.said_opening = True
