"""The saved games (the newest eight local saves, with when each was last played); picking
one continues it (:func:`game.ui.navigation.continue_game`)."""

from __future__ import annotations

import time
from pathlib import Path

from game.ui import navigation
from game.ui.widgets.menuform import MenuScene


class OpenMenu(MenuScene):
    """The list (see the module docstring) and Back."""

    heading = "Saved games"

    def entries(self) -> list[tuple[str, object, bool]]:
        out: list[tuple[str, object, bool]] = []
        for p in navigation.saved_games()[:8]:
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
            err = navigation.continue_game(self.app, self.settings, key)
            if err:
                self.message = err
