"""The main menu: play against the computer, continue the last game, open a saved game,
watch a replay, settings, quit. Each opens its scene by name or starts the game through
:mod:`game.ui.navigation`."""

from __future__ import annotations

from pathlib import Path

from game.ui import navigation
from game.ui.widgets.menuform import MenuScene


class MainMenu(MenuScene):
    """The first screen (see the module docstring); Esc does not leave it."""

    sub = "Three wars for the colonies and the provinces of Europe"

    def entries(self) -> list[tuple[str, object, bool]]:
        has = bool(navigation.saved_games())
        return [("Play against the computer", "play", True), ("Continue the last game", "continue", has),
                ("Open a saved game", "open", has), ("Watch a replay", "replays", True), ("Settings", "settings", True),
                ("Quit", "quit", True)]

    def choose(self, key: object) -> None:
        assert self.app is not None
        if key == "play":
            self.app.push_scene("new_game", settings=self.settings)
        elif key == "continue":
            games = navigation.saved_games()
            if games:
                self.open(games[0])
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
        err = navigation.continue_game(self.app, self.settings, path)
        if err:
            self.message = err

    def back(self) -> None:
        pass
