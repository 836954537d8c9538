"""Navigation by name: the one place that knows every scene (as Tuxemon's state manager
does). ``SCENES`` maps each scene's name to its class, imported when first opened (so
the main menu opens without loading the game screen); scenes open one another only
through the app (``app.push_scene("pause", game=self)``, ``app.replace_scene("menu",
settings=...)``, ``app.pop(self)``), never by importing one another.

It also starts what puts a game on screen: a new game against computer players, a saved
one continued, one played on from a replay's step (errors come back as one line for the
screen, never as a traceback), and a game file watched as a replay."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from game.client.words.lang import say
from game.ui.app import TITLE, App, Scene

if TYPE_CHECKING:  # (the rest is imported when used: the main menu opens without it)
    from game.client.gamefile import GameFile
    from game.client.settings import Settings
    from game.client.tables import Table
    from game.ui.scenes.replay import ReplayScene

#: every scene by name: ``module:class``
SCENES: dict[str, str] = {
    "menu": "game.ui.scenes.main_menu:MainMenu",
    "new_game": "game.ui.scenes.new_game:NewGameMenu",
    "open": "game.ui.scenes.open_game:OpenMenu",
    "settings": "game.ui.scenes.settings:SettingsMenu",
    "replays": "game.ui.scenes.replay_list:ReplayListMenu",
    "game": "game.ui.scenes.game:GameScene",
    "pause": "game.ui.scenes.pause:PauseMenu",
    "end": "game.ui.scenes.end:EndScene",
    "replay": "game.ui.scenes.replay:ReplayScene",
    "replay_pause": "game.ui.scenes.pause:ReplayMenu",
    "replay_end": "game.ui.scenes.end:ReplayEnd",
    "fairness": "game.ui.scenes.fairness:FairnessPanel",
    "whatif": "game.ui.scenes.whatif:WhatIfMenu",
    "rules": "game.ui.scenes.rulecard:RuleCards",
}

#: the network games' scenes: hosting (its form, then its lobby), joining (the invite or a
#: game of the LAN, then the joiner's lobby) and watching; each puts its game on screen
#: through :func:`game.ui.netplay.show_table`, which calls :func:`play`
SCENES.update({
    "host_setup": "game.ui.scenes.host_setup:HostSetupMenu",
    "host_lobby": "game.ui.scenes.host_lobby:HostLobby",
    "join": "game.ui.scenes.join:JoinMenu",
    "join_lobby": "game.ui.scenes.join_lobby:JoinLobby",
    "watch": "game.ui.scenes.watch:WatchMenu",
})


def scene_class(name: str) -> type[Scene]:
    """The class of the scene called ``name`` (its module imported now if not yet)."""
    try:
        where = SCENES[name]
    except KeyError:
        raise ValueError(f"no scene is called {name!r} (there are {', '.join(SCENES)})") from None
    module, _, cls = where.partition(":")
    found = getattr(importlib.import_module(module), cls)
    assert isinstance(found, type) and issubclass(found, Scene), where
    return found


def make(name: str, **kw: Any) -> Scene:
    """A new scene called ``name``, made with ``kw``, not yet on the app's stack."""
    scene = scene_class(name)(**kw)
    scene.name = name
    return scene


# ---------------------------------------------------------------------- local games
def saved_games() -> list[Path]:
    """Local saves, newest first."""
    from game.client.folders import local_games_dir

    d = local_games_dir()
    try:
        files = [p for p in d.glob("*.jsonl") if p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)


def start_game(app: App, settings: Settings, *, players: int, power: str, level: str, seed: int | None,
               save: Path | None = None, speed: str = "") -> str:
    """A new game against computer players on screen; or why not, in one line."""
    from game.client.local import save_path, setup_for
    from game.client.tables import LocalTable

    try:
        setup = setup_for(players, power, level, seed)
        table = LocalTable(setup, save or save_path(setup))
    except (ValueError, OSError) as exc:
        return say("cannot start the game: {reason}", reason=exc)
    play(app, table, speed or settings.speed, settings.name)
    return ""


def continue_game(app: App, settings: Settings, path: Path, speed: str = "") -> str:
    """The saved game ``path`` on screen where it was left; or why not, in one line."""
    from game.client.local import DamagedSave
    from game.client.tables import LocalTable

    try:
        table = LocalTable.resume(path, history=True)  # the game so far (its log, its dice), shown at once
    except DamagedSave as exc:
        return say("{file} is damaged: {reason}", file=path.name, reason=exc)
    except ValueError as exc:
        return str(exc)
    except OSError as exc:
        return say("cannot open {file}: {reason}", file=path.name, reason=exc.strerror or exc)
    play(app, table, speed or settings.speed, settings.name)
    return ""


def play(app: App, table: Table, speed: str, name: str = "") -> Scene:
    """The game screen of ``table`` alone on the stack, with the end screen put over it
    when the game is over; the player is called ``name`` on it (unless it is the default
    "Player")."""

    def ended(game: Scene, result: dict[str, Any] | None) -> None:
        if game.app is not None and result is not None:
            game.app.push_scene("end", game=game, result=result)

    kw: dict[str, Any] = {"player_name": name} if name and name != "Player" else {}
    return app.replace_scene("game", table=table, speed=speed, on_end=ended, **kw)


def play_from(app: App, settings: Settings, game: GameFile, step: int, *, power: str, level: str,
              seed: int | None = None, save: Path | None = None) -> str:
    """What if: a local game against computer players of strength ``level``, played on
    from step ``step`` of ``game`` with the player in ``power``'s seat, on screen (its save
    holds the inputs that lead there, then its own: :mod:`game.client.whatif`); or why
    not, in one line."""
    from game.client.tables import LocalTable
    from game.client.whatif import whatif_setup, write_whatif

    try:
        setup = whatif_setup(game, step, power, level, seed)
        path = write_whatif(setup, save)
        table = LocalTable.resume(path, history=True)  # the game so far, shown at once, then on from there
    except (ValueError, OSError) as exc:
        return say("cannot play on from here: {reason}", reason=exc)
    app.window.title = TITLE
    play(app, table, settings.speed, settings.name)
    return ""


# ---------------------------------------------------------------------- replays
def watch(app: App, game: GameFile, speed: str = "normal", at: int | None = None, from_list: bool = False) -> None:
    """Show ``game`` in ``app`` as ``soe replay FILE`` does: the window's title names the
    file, and the replay plays from the start, or waits paused at step ``at``."""
    app.window.title = say("{title}: replay of {file}", title=TITLE, file=game.path.name)
    replay = cast("ReplayScene", make("replay", game=game, speed=speed, at=at if at is not None else 0,
                                      playing=at is None, from_list=from_list))
    replay.start(app)


def open_replay(app: App, path: Path, speed: str = "normal", from_list: bool = False) -> str:
    """Read ``path`` and show it as :func:`watch` does; or, if it cannot be watched, why
    not in one line (and nothing changes)."""
    from game.client.gamefile import GameFileError, load_game_file

    try:
        game = load_game_file(path)
    except GameFileError as exc:
        return str(exc)
    watch(app, game, speed, None, from_list)
    return ""
