"""Where the program keeps its files: one rule for every operating system.

Everything a player makes lives under one data directory: the key (``identity.pem``),
the local saves (``local/``), the network games' logs (``games/``) and the screenshots
(``screenshots/``); the settings live in the config directory. Both come from
platformdirs with ``appauthor=False``, so on Windows the key and the games land in the
same folder (``%LOCALAPPDATA%\\struggle-of-empires``) rather than under an extra
author level.

Saves written by earlier releases on Windows, under the author level, are still found:
:func:`legacy_data_dirs` lists that folder where it differs and exists, and the lists of
games read it too.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "struggle-of-empires"
KEY_FILE_NAME = "identity.pem"
KEY_ENV = "SOE_KEY_FILE"  # a key file named by the environment (tests, several players on one machine)


def data_dir() -> Path:
    """The user's data directory of the program (not created here)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """Files the program can make again from its own (the translations compiled)."""
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """The user's config directory of the program (not created here)."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def legacy_data_dirs() -> list[Path]:
    """Data directories of earlier releases that differ from :func:`data_dir` and exist
    (on Windows, the folder under the author level); empty elsewhere."""
    old = Path(platformdirs.user_data_dir(APP_NAME))
    try:
        return [old] if old != data_dir() and old.is_dir() else []
    except OSError:
        return []


def key_file() -> Path:
    """The player's key: ``$SOE_KEY_FILE`` if set, else ``identity.pem`` in the data directory."""
    env = os.environ.get(KEY_ENV)
    return Path(env) if env else data_dir() / KEY_FILE_NAME


def local_games_dir() -> Path:
    """The saves of games against computer players (``soe play``, the window)."""
    return data_dir() / "local"


def network_games_dir() -> Path:
    """The logs of network games (``soe host``, ``join``, ``spectate``, ``resume``)."""
    return data_dir() / "games"


def screenshots_dir() -> Path:
    """Where F12 in the window saves a screenshot."""
    return data_dir() / "screenshots"


def settings_file() -> Path:
    """The player's settings (name, window size, speed, sound)."""
    return config_dir() / "settings.json"


def game_dirs(kind: str) -> list[Path]:
    """The folders that hold games of ``kind`` (``local`` or ``games``): this release's,
    then an earlier release's where there is one (see :func:`legacy_data_dirs`)."""
    return [data_dir() / kind, *(d / kind for d in legacy_data_dirs())]
