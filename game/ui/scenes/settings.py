"""The settings form: the player's name (a text field), the window size, the animation
speed, sound, a sound when it becomes your turn, and the language (the system's, English
or Italian: the words change at once, on every screen); saved to the settings file on the
way back."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pygame

from game.client.settings import SIZES, SPEEDS, Settings
from game.client.words.lang import LANGUAGES, N_, say, set_language
from game.ui.app import Intent
from game.ui.widgets.menuform import MenuScene
from game.ui.widgets.textentry import TextField, draw_field

#: the languages offered, in turn: "" is the system's (the environment's), then each by its own name
CHOICES: tuple[str, ...] = ("", *LANGUAGES)
#: the animation speeds in words
SPEED_WORDS: Mapping[str, str] = MappingProxyType({"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"),
                                                   "instant": N_("instant")})


def language_words(code: str) -> str:
    """A language choice as the form says it: the system's (naming the one it is), or the
    language's own name ("Italiano" in every language)."""
    if code in LANGUAGES:
        return LANGUAGES[code]
    from game.client.words.lang import system_language

    return say("System ({language})", language=LANGUAGES[system_language()])


class SettingsMenu(MenuScene):
    """The form (see the module docstring)."""

    heading = N_("Settings")

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.name_field = TextField(settings.name, max_len=24, what=N_("printable characters"))
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
        on, off = say("on"), say("off")
        return [(say("Name: {name}", name=s.name), "name", True),
                (say("Window size: {width} x {height}", width=s.width, height=s.height), "size", True),
                (say("Animation speed: {speed}", speed=say(SPEED_WORDS[s.speed]) if s.speed in SPEED_WORDS
                     else s.speed), "speed", True),
                (say("Sound: {state}", state=on if s.sound else off), "sound", True),
                (say("Sound when it becomes your turn: {state}", state=on if s.turn_alert else off), "turn_alert",
                 True),
                (say("Language: {language}", language=language_words(s.language)), "language", True),
                (say("Save and go back"), "save", True)]

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
                self._name_x = draw_field(surf, b.rect, say("Name"), self.name_field, self.px(17),
                                          suffix=say("type, or Ctrl+V to paste"))

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
        elif key == "language":
            self.choose_language(CHOICES[(CHOICES.index(s.language) + 1) % len(CHOICES)]
                                 if s.language in CHOICES else "")
        elif key == "save":
            if not s.name.strip():
                s.name = "Player"
                self.name_field.set(s.name)
            err = s.save()
            if err:
                self.message = err
            else:
                self.back()

    def choose_language(self, code: str) -> None:
        """Use language ``code`` ("" the system's) from now on: every screen open is drawn
        again in its words (the texts drawn are kept by their words, so new words are new
        texts); saved with the rest of the settings."""
        self.settings.language = code
        set_language(self.settings.language_code())
        if self.app is not None:
            self.app.dirty = True
