"""The screens of the decisions a board gamer asked to see, at both window sizes, written
as artefacts (out/ui-screens/) and checked for what each must show: the tile stock over
the map, a tile bought from it, a sea move before it is confirmed, the auction."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client.tables import Step
from game.client.words.choices import sea_roll_note
from game.rules import State, legal, pending
from game.ui.app import App
from game.ui.scenes.game import GameScene
from tests.ui.decisions import collect
from tests.ui.test_ui_decisions import Recorder, pick_all

SIZES = [(1280, 720), (1600, 900)]


@pytest.fixture(scope="module")
def states() -> dict[str, State]:
    return collect(("action", "buy", "move", "bid", "propose"))


def _screen(st: State, size: tuple[int, int]) -> tuple[App, GameScene]:
    app = App(size, hidden=True)
    scene = GameScene(Recorder([Step(st.clone(), [], -1)], pending(st).seat), "instant")
    app.push(scene)
    app.frame(0.0)
    while scene.queue:
        app.frame(0.0)
    app.dirty = True
    app.draw()
    return app, scene


def _save(app: App, artefacts: Path, name: str, size: tuple[int, int]) -> None:
    pygame.image.save(app.surface, str(artefacts / f"{name}-{size[0]}x{size[1]}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_the_tile_stock_over_the_map(states: dict[str, State], size: tuple[int, int], artefacts: Path) -> None:
    app, scene = _screen(states["action"], size)
    scene._button(("market",))
    app.dirty = True
    app.draw()
    cells = [h for h in scene.hits if h.target[0] == "tile"]
    assert len(cells) >= 10 and all(pygame.Rect(scene.map_rect()).contains(h.rect) for h in cells)
    assert all("left" in h.tip and "(R-" in h.tip for h in cells)  # cost, how many left, what it does and its rule
    _save(app, artefacts, "tile-stock", size)


@pytest.mark.parametrize("size", SIZES)
def test_buying_a_tile_from_the_stock(states: dict[str, State], size: tuple[int, int], artefacts: Path) -> None:
    app, scene = _screen(states["buy"], size)
    assert scene.show_market and scene.picker is not None
    lit = scene.lit()
    cells = [h for h in scene.hits if h.target in lit and h.target[0] == "tile"]
    assert cells and all(pygame.Rect(scene.map_rect()).contains(h.rect) for h in cells)
    assert not [b for b in scene.buttons if isinstance(b.key, tuple) and b.key[:1] == ("part",)
                and str(b.key[1][0]) in scene.board.tile_by_id]  # the stock is the choice, not a row of buttons
    _save(app, artefacts, "tile-buy", size)


@pytest.mark.parametrize("size", SIZES)
def test_a_sea_move_before_it_is_confirmed(states: dict[str, State], size: tuple[int, int], artefacts: Path) -> None:
    st = states["move"]
    seat = pending(st).seat
    sea = [c for c in legal(st, seat) if sea_roll_note(st, seat, c)]
    assert sea
    app, scene = _screen(st, size)
    pick_all(scene, sea[0])
    app.dirty = True
    app.draw()
    assert scene.picker is not None and scene.picker.complete() == sea[0]
    words = scene._prompt_words("")
    assert "sea roll: arrives" in words and "lost" in words
    assert any(b.key == ("confirm",) for b in scene.buttons)
    _save(app, artefacts, "sea-move", size)


@pytest.mark.parametrize("kind", ["bid", "propose"])
@pytest.mark.parametrize("size", SIZES)
def test_the_auction(states: dict[str, State], kind: str, size: tuple[int, int], artefacts: Path) -> None:
    app, scene = _screen(states[kind], size)
    window = app.surface.get_rect()
    assert any(rule == "R-ALL-6" for _, rule in scene.rule_links)  # what is bid for, with its rules
    assert all(window.contains(b.rect) for b in scene.buttons)
    _save(app, artefacts, f"auction-{kind}", size)
