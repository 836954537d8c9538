"""The settings form: the player's name (a text field), the window size, the animation
speed, sound, and a sound when it becomes your turn; saved to the settings file on the way
back."""

from __future__ import annotations

import pygame

from game.client.settings import SIZES, SPEEDS, Settings
from game.ui.app import Intent
from game.ui.widgets.menuform import MenuScene
from game.ui.widgets.textentry import TextField, draw_field


class SettingsMenu(MenuScene):
    """The form (see the module docstring)."""

    heading = "Settings"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.name_field = TextField(settings.name, max_len=24, what="printable characters")
        self._name_x = 0  # where the name's text starts on screen

    def handle(self, intent: Intent) -> bool:
        row = next((b for b in self.buttons if b.key == "name"), None)
        if intent.kind == "click" and intent.button == 1 and row is not None and row.rect.collidepoint(intent.pos):
            self.name_field.click(intent.pos[0] - self._name_x, self.px(17))  # the caret where the click was
            self.message = ""
            return True
        return super().handle(intent)

    def entries(self) -> list[tuple[str, object, bool]]:
        s = self.settings
        return [(f"Name: {s.name}", "name", True),
                (f"Window size: {s.width} x {s.height}", "size", True),
                (f"Animation speed: {s.speed}", "speed", True),
                (f"Sound: {'on' if s.sound else 'off'}", "sound", True),
                (f"Sound when it becomes your turn: {'on' if s.turn_alert else 'off'}", "turn_alert", True),
                ("Save and go back", "save", True)]

    def key(self, intent: Intent) -> None:
        """Esc goes back; every other key edits the name: typing, Backspace, Delete, the
        arrows, Home/End, Ctrl+A (Cmd+A) selects all, Ctrl+C copies, Ctrl+V (Cmd+V,
        Shift+Insert) pastes from the clipboard."""
        if intent.key == pygame.K_ESCAPE:
            self.back()
        elif self.name_field.handles(intent):
            self.message = self.name_field.key(intent)
            self.settings.name = self.name_field.value

    def extra(self, surf: pygame.Surface) -> None:
        for b in self.buttons:
            if b.key == "name":  # the name as a text field over its row
                self._name_x = draw_field(surf, b.rect, "Name", self.name_field, self.px(17),
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
        elif key == "turn_alert":
            s.turn_alert = not s.turn_alert
        elif key == "save":
            if not s.name.strip():
                s.name = "Player"
                self.name_field.set(s.name)
            err = s.save()
            if err:
                self.message = err
            else:
                self.back()
