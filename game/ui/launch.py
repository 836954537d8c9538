"""Starting a game in the window: a new game against computer players, or a saved one
continued. Errors come back as one line for the screen, never as a traceback."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from game.bots import BOT_NAMES
from game.rules.board import load_board
from game.ui.app import App
from game.ui.settings import Settings
from game.ui.table import LocalTable, Setup, open_log


def bot_for(level: str) -> str:
    """The computer players for a strength: the searching bot's level of that name, or the
    greedy bot where the project has no such level."""
    return level if level in BOT_NAMES else "greedy"


def hint_bot() -> str:
    """The strongest computer player, for the hint button."""
    return "hard" if "hard" in BOT_NAMES else "greedy"


def new_setup(players: int, power: str, level: str, seed: int | None) -> Setup:
    """Who plays what (ValueError with a reason for a bad request)."""
    b = load_board()
    if not 2 <= players <= 7:
        raise ValueError(f"a game is for 2 to 7 players, not {players}")
    powers = [p.id for p in b.powers[:players]]
    if power:
        if power not in b.power_by_id:
            raise ValueError(f"unknown power {power!r}; choose from {', '.join(b.power_by_id)}")
        if power not in powers:
            powers[-1] = power
    seat = powers.index(power) if power else 0
    seed = secrets.randbelow(2**31) if seed is None else seed
    return Setup(powers, seat, bot_for(level), seed, level)


def start_game(app: App, settings: Settings, *, players: int, power: str, level: str, seed: int | None,
               save: Path | None = None, speed: str = "") -> str:
    from game.cli.textplay import local_games_dir

    try:
        setup = new_setup(players, power, level, seed)
        path = save or local_games_dir() / f"game-{setup.seed}-{secrets.token_hex(3)}.jsonl"
        table = LocalTable(setup, path)
    except (ValueError, OSError) as exc:
        return f"cannot start the game: {exc}"
    show(app, table, speed or settings.speed, settings.name)
    return ""


def continue_game(app: App, settings: Settings, path: Path, speed: str = "") -> str:
    try:
        setup, st = open_log(path)
        table = LocalTable(setup, path, st)
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
