"""The saved games ("Open a saved game"): the local saves and the network games' logs that
can be taken up (their peer files beside them), newest first, listed as
:class:`~game.ui.widgets.gamerows.GameListMenu` lists games: when each was last played,
its kind, the powers and which one this user plays, and, once its file is replayed for
the rows on screen, how far it is (war and round) or who won, or that it is damaged and
why. Picking one continues it (a local save through
:func:`game.ui.navigation.continue_game`, a network game taken up again through
:class:`game.ui.netplay.Opener`); why it cannot be is said at the foot of the list."""

from __future__ import annotations

from pathlib import Path

from game.client.gamelist import GameEntry, list_games
from game.client.settings import Settings
from game.client.words.lang import N_
from game.ui import netplay
from game.ui.widgets.gamerows import GameListMenu


class OpenMenu(GameListMenu):
    """The list (see the module docstring)."""

    heading = N_("Open a saved game")
    checks = frozenset({"local", "network"})
    empty = (N_("No saved games to open."),)

    def __init__(self, settings: Settings) -> None:
        self.opener = netplay.Opener()
        super().__init__(settings)

    def list_games(self) -> list[GameEntry]:
        """Local saves, and network logs that can be taken up (their peer files beside them)."""
        return [e for e in list_games() if e.kind == "local" or netplay.is_network(e.path)]

    def pick(self, path: Path) -> None:
        if self.app is not None and not self.opener.busy():
            self.message = self.opener.open(self.app, self.settings, path)

    def waiting(self) -> bool:
        return self.opener.busy()

    def update(self, dt: float) -> None:
        if self.app is None:
            return
        said = self.opener.poll(self.app, self.settings)
        if said:
            self.message = said
            self.app.dirty = True
        if not self.opener.busy():  # (no file is replayed meanwhile: the game is being taken up)
            super().update(dt)

    def busy(self) -> bool:
        return self.opener.busy() or super().busy()
