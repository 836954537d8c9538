"""The player's settings (name, window size, animation speed, sound, a sound when it
becomes the player's turn in a network game, the language), kept as JSON in the user's config directory."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from game.client.folders import settings_file
from game.client.words.lang import LANGUAGES, say, system_language

SPEEDS = ("slow", "normal", "fast", "instant")
SIZES = ((1280, 720), (1600, 900), (1920, 1080))


@dataclass
class Settings:
    name: str = "Player"
    width: int = 1280
    height: int = 720
    speed: str = "normal"
    sound: bool = True
    turn_alert: bool = True  # a sound when it becomes your turn (the game screen plays it)
    language: str = ""  # "en", "it"; "" the system's (game.client.words.lang.system_language)

    @staticmethod
    def path() -> Path:
        return settings_file()

    @classmethod
    def load(cls) -> Settings:
        """The saved settings; defaults for anything missing or unreadable."""
        s = cls()
        try:
            data = json.loads(cls.path().read_text())
        except (OSError, ValueError):
            return s
        if isinstance(data, dict):
            if isinstance(data.get("name"), str) and data["name"].strip():
                s.name = data["name"].strip()[:24]
            if isinstance(data.get("width"), int) and isinstance(data.get("height"), int):
                s.width = max(960, min(3840, data["width"]))
                s.height = max(540, min(2160, data["height"]))
            if data.get("speed") in SPEEDS:
                s.speed = data["speed"]
            if isinstance(data.get("sound"), bool):
                s.sound = data["sound"]
            if isinstance(data.get("turn_alert"), bool):
                s.turn_alert = data["turn_alert"]
            if data.get("language") in LANGUAGES:
                s.language = data["language"]
        return s

    def language_code(self) -> str:
        """The language to use: the one chosen, else the system's."""
        return self.language if self.language in LANGUAGES else system_language()

    def save(self) -> str:
        """Write the settings; an empty string, or why they could not be written."""
        try:
            self.path().parent.mkdir(parents=True, exist_ok=True)
            self.path().write_text(json.dumps(asdict(self), indent=1, sort_keys=True) + "\n")
        except OSError as exc:
            return say("settings not saved: {reason}", reason=exc.strerror or exc)
        return ""
