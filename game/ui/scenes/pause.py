"""The menus over a running game or a replay (Esc): back to it, the main menu, or quit; a
replay opened from the main menu's list of games can also go back to that list."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.settings import Settings
from game.client.words.lang import N_, say
from game.ui.app import TITLE
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.widgets.buttons import draw_button
from game.ui.widgets.menuform import MenuScene


class PauseMenu(MenuScene):
    """Over a running game (which keeps its place: it is saved as it goes)."""

    opaque = False
    heading = N_("Paused")

    def __init__(self, game: Any) -> None:
        got = getattr(game.app, "settings", None) if game.app is not None else None
        super().__init__(got if isinstance(got, Settings) else Settings())
        self.game = game

    def entries(self) -> list[tuple[str, object, bool]]:
        net = getattr(self.game, "net", None)
        if net is None:
            return [(say("Back to the game"), "resume", True), (say("Settings"), "settings", True),
                    (say("Main menu (the game is saved)"), "menu", True), (say("Quit (the game is saved)"), "quit", True)]
        # a network game goes on without this window; Continue takes it up again
        seated = net.seat >= 0 and not net.over and any(c.seat == net.seat and c.how == "you"
                                                        for c in net.connections())
        return [(say("Back to the game"), "resume", True),
                *([(say("Resign: a computer player takes your seat"), "resign", True)] if seated else []),
                (say("Settings"), "settings", True),
                (say("Main menu (Continue comes back to this game)"), "menu", True),
                (say("Quit (Continue comes back to this game)"), "quit", True)]

    def draw(self, surf: pygame.Surface) -> None:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 170))
        surf.blit(shade, (0, 0))
        w = self.size[0]
        t = text(say(self.heading), "serif-bold", self.px(56), P.HIGHLIGHT)
        surf.blit(t, t.get_rect(midtop=(w // 2, self.px(90))))
        self.buttons = self.layout()
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(17))

    def choose(self, key: object) -> None:
        assert self.app is not None
        if key == "resume":
            self.app.pop(self)
        elif key == "resign":
            self.game.net.resign()
            self.game.tell(say("You resigned: a computer player plays your seat from your next decision on."))
            self.app.pop(self)
        elif key == "settings":  # (the language chosen there changes the words of the game below at once)
            self.app.push_scene("settings", settings=self.settings)
        elif key == "menu":
            self.game.table.close()
            self.app.replace_scene("menu", settings=self.settings)
        elif key == "quit":
            self.app.quit(0)


class ReplayMenu(PauseMenu):
    """Esc in a replay: back to it, the main menu (or, for a replay opened from the main
    menu's list of games, that list), or quit."""

    heading = N_("Replay paused")

    def __init__(self, game: Any, from_list: bool = False) -> None:
        super().__init__(game)
        self.from_list = from_list

    def entries(self) -> list[tuple[str, object, bool]]:
        back = [(say("Back to the list of games"), "list", True)] if self.from_list else []
        return [(say("Back to the replay"), "resume", True), *back, (say("Settings"), "settings", True),
                (say("Main menu"), "menu", True), (say("Quit"), "quit", True)]

    def choose(self, key: object) -> None:
        assert self.app is not None
        if key in ("menu", "list"):
            self.app.window.title = TITLE
        if key == "list":
            self.game.table.close()
            self.app.replace_scene("menu", settings=self.settings)
            self.app.push_scene("replays", settings=self.settings)
            return
        super().choose(key)
