"""Starting a game in the window: a new game against computer players, or a saved one
continued. Errors come back as one line for the screen, never as a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.client.local import DamagedSave, save_path, setup_for
from game.client.settings import Settings
from game.client.tables import LocalTable
from game.ui.app import App


def start_game(app: App, settings: Settings, *, players: int, power: str, level: str, seed: int | None,
               save: Path | None = None, speed: str = "") -> str:
    try:
        setup = setup_for(players, power, level, seed)
        table = LocalTable(setup, save or save_path(setup))
    except (ValueError, OSError) as exc:
        return f"cannot start the game: {exc}"
    show(app, table, speed or settings.speed, settings.name)
    return ""


def continue_game(app: App, settings: Settings, path: Path, speed: str = "") -> str:
    try:
        table = LocalTable.resume(path)
    except DamagedSave as exc:
        return f"{path.name} is damaged: {exc}"
    except ValueError as exc:
        return str(exc)
    except OSError as exc:
        return f"cannot open {path.name}: {exc.strerror or exc}"
    show(app, table, speed or settings.speed, settings.name)
    return ""


def show(app: App, table: Any, speed: str, name: str = "") -> None:
    from game.ui.endscreen import EndScene
    from game.ui.game_scene import GameScene

    scene = GameScene(table, speed)
    if name and name != "Player":
        scene.player_name = name

    def ended(game: GameScene, result: dict[str, Any] | None) -> None:
        if game.app is not None and result is not None:
            game.app.push(EndScene(game, result))

    scene.on_end = ended
    app.replace(scene)
