"""What the scenes that lie over the game screen, or start it, may use of it (a
protocol): the replay's controls rebuild it and drive its pace, the menus and end screens
over it read its board, view and events and close its table. They are handed the game
screen (or make it by name), so no scene imports the game screen's module."""

from __future__ import annotations

from collections import deque
from typing import Any, Protocol, cast

import pygame

from game.client.fairness import Fairness
from game.client.tables import Step, Table
from game.rules import State
from game.rules.board import Board
from game.ui.app import App, Scene
from game.ui.drawing.camera import Camera
from game.ui.drawing.layout import Layout
from game.ui.drawing.mapview import MapRenderer
from game.ui.widgets.buttons import Button


class GameScreen(Protocol):
    """The game screen as other scenes see it (:class:`game.ui.scenes.game.GameScene`)."""

    app: App | None
    table: Table
    board: Board | None
    renderer: MapRenderer | None
    layout: Layout
    cam: Camera
    shown: State | None
    queue: deque[Step]  # the steps handed out and not shown yet
    speed: float  # how long its animations take (0: none)
    show_market: bool
    log_room: int  # pixels at the foot of the log's space kept free for a scene over it
    bar_room: int  # pixels at the foot of the prompt bar kept free for a scene over it
    player_name: str
    log: list[str]
    events: list[dict[str, Any]]
    buttons: list[Button]
    on_end: Any  # called with the screen and the result when the game is over

    @property
    def view(self) -> dict[str, Any]: ...

    def set_speed(self, word: str) -> None: ...

    def skip(self) -> None: ...

    def update(self, dt: float) -> None: ...

    def busy(self) -> bool: ...

    def resized(self, size: tuple[int, int]) -> None: ...

    def map_rect(self) -> tuple[int, int, int, int]: ...

    def bar_rect(self) -> pygame.Rect: ...

    def log_space(self) -> pygame.Rect: ...

    def show_card(self, step: Any) -> None: ...

    def fairness(self) -> Fairness: ...


def as_screen(scene: Scene) -> GameScreen:
    """The scene "game" (as :mod:`game.ui.navigation` makes it) seen as the game screen."""
    return cast(GameScreen, scene)


def as_scene(screen: GameScreen) -> Scene:
    """The game screen as the scene it is on the app's stack."""
    return cast(Scene, screen)
