"""The fairness panel (the scene ``fairness``): the Dice button and the D key open it over
the game screen, over a replay and from the end screen, and Esc, D, Close or a right
click shut it; it shows the chance events so far (a replay's up to its step, with their
beacons), the dice the end screen charts, the drops with their reasons; it turns its rows
with the wheel and the page keys; and at 1280x720 and 1600x900 every word it draws lies
inside it, none over another, none under 10 px."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client.fairness import dice_by_power, fit_of
from game.client.gamefile import GameFile, load_game_file
from game.client.tables import StaticTable, Step
from game.rules import outcome
from game.ui.app import App, Intent
from game.ui.scenes.end import EndScene, ReplayEnd
from game.ui.scenes.fairness import FairnessPanel
from game.ui.scenes.game import GameScene
from game.ui.shots import selfplay_steps
from tests.ui.games import replay_in_window, withheld_log


@pytest.fixture(scope="module")
def steps() -> list[Step]:
    """A whole 4-player game between greedy bots."""
    return selfplay_steps(5, 4, lambda i, s: False)


@pytest.fixture(scope="module")
def contested(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameFile]:
    """A 3-player network game's log in which a seat withheld a reveal and was dropped."""
    path = tmp_path_factory.mktemp("fairness") / "contested.jsonl"
    withheld_log(path, 3, 8)
    yield load_game_file(path)


def _key(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0))
    app.frame(0.0)


def _click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.dispatch(Intent("click", pos, button))
    app.frame(0.0)


def _game(steps: list[Step], at: int, size: tuple[int, int] = (1280, 720)) -> tuple[App, GameScene]:
    app = App(size, hidden=True)
    scene = app.push_scene("game", table=StaticTable(steps[:at + 1]), speed="instant")
    assert isinstance(scene, GameScene)
    app.frame(0.0)
    while scene.queue:  # (a frame takes the steps its time allows)
        app.frame(0.0)
    app.draw()
    return app, scene


def test_the_dice_button_and_d_open_it_over_a_game_in_progress(home: Path, steps: list[Step]) -> None:
    app, game = _game(steps, 500)
    _key(app, pygame.K_d, "d")
    panel = app.scenes[-1]
    assert isinstance(panel, FairnessPanel)
    m = panel.model
    shown = [s for s in steps[1:501] if s.state.chance_count > 0]
    assert [c.r for c in m.chances] == list(range(1, steps[500].state.chance_count + 1)) and shown
    assert not m.beacon and m.step == 500 and m.last == -1  # a game in progress: its events so far
    charted = dice_by_power(game.events)
    assert {f.power: f.counts for f in m.power_fits} == {p: fit_of(p, d).counts for p, d in charted.items()}
    app.draw()
    assert panel.drawn and any(w.startswith("Events ") for w, _ in panel.drawn)
    _key(app, pygame.K_ESCAPE)
    assert app.scenes == [game]
    dice = next(b for b in game.buttons if b.key == ("dice",))
    _click(app, dice.rect.center)
    panel = app.scenes[-1]
    assert isinstance(panel, FairnessPanel)
    app.draw()
    close = next(b for b in panel.buttons if b.key == "close")
    _click(app, close.rect.center)
    assert app.scenes == [game]
    _key(app, pygame.K_d, "d")
    _click(app, (5, 5), 3)  # a right click shuts it too
    assert app.scenes == [game]


def test_it_turns_its_rows_with_the_wheel_and_the_page_keys(home: Path, steps: list[Step]) -> None:
    app, game = _game(steps, len(steps) - 2)
    game.open_fairness()
    panel = app.scenes[-1]
    assert isinstance(panel, FairnessPanel)
    app.draw()
    n, per = len(panel.model.chances), panel.per_page
    assert n > 2 * per and panel.first == n - per  # it opens on the latest events
    _key(app, pygame.K_PAGEUP)
    assert panel.first == n - 2 * per
    app.dispatch(Intent("wheel", (400, 300), steps=-1))
    assert panel.first == n - 2 * per + 3
    _key(app, pygame.K_HOME)
    app.draw()
    assert panel.first == 0 and f"Events 1 to {per} of {n}" in [w for w, _ in panel.drawn]
    earlier = next(b for b in panel.buttons if b.key == "earlier")
    assert not earlier.enabled
    _click(app, next(b for b in panel.buttons if b.key == "later").rect.center)
    assert panel.first == per
    _key(app, pygame.K_END)
    app.draw()
    assert panel.first == n - per


def test_over_a_replay_it_shows_the_files_events_up_to_its_step_with_their_beacons(
        home: Path, contested: GameFile) -> None:
    game = contested
    half = game.last // 2
    app, replay = replay_in_window(game, at=half)
    _key(app, pygame.K_d, "d")
    panel = app.scenes[-1]
    assert isinstance(panel, FairnessPanel) and not replay.playing
    m = panel.model
    assert m.beacon and m.step == half and m.last == game.last
    assert [c.r for c in m.chances] == list(range(1, game.steps[half].state.chance_count + 1))
    assert all(c.beacon and c.witnessed is not None for c in m.chances)
    _key(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is replay
    dice = next(b for b in replay.scene.buttons if b.key == ("dice",))  # the game screen's Dice button
    _click(app, dice.rect.center)
    assert isinstance(app.scenes[-1], FairnessPanel)
    _key(app, pygame.K_d, "d")
    assert app.scenes[-1] is replay
    # at the end: the end screen's button opens the whole file's, drops and all
    _key(app, pygame.K_END)
    end = app.scenes[-1]
    assert isinstance(end, ReplayEnd)
    app.draw()
    _click(app, next(b for b in end.buttons if b.key == "fairness").rect.center)
    panel = app.scenes[-1]
    assert isinstance(panel, FairnessPanel)
    assert panel.model.step == game.last and len(panel.model.drops) == 1 and panel.model.drops[0].after_reveals
    app.draw()
    words = " ".join(w for w, _ in panel.drawn)
    assert "1 seat dropped" in words and "withheld its reveal" in words
    _key(app, pygame.K_d, "d")
    assert app.scenes[-1] is end


def test_the_end_screen_opens_it_with_its_button_and_d(home: Path, steps: list[Step]) -> None:
    app, game = _game(steps, len(steps) - 1)
    end = app.push_scene("end", game=game, result=outcome(steps[-1].state))
    assert isinstance(end, EndScene)
    app.draw()
    button = next(b for b in end.buttons if b.key == "fairness")
    assert button.label == "Dice and fairness"
    _click(app, button.rect.center)
    panel = app.scenes[-1]
    assert isinstance(panel, FairnessPanel) and panel.model.last == panel.model.step == len(steps) - 1
    _key(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is end
    _key(app, pygame.K_d, "d")
    assert isinstance(app.scenes[-1], FairnessPanel)


def _check_layout(panel: FairnessPanel) -> None:
    inside = panel.rect
    drawn = panel.drawn
    assert drawn
    for words, r in drawn:
        assert inside.contains(r), (words, r, inside)
        assert r.height >= 11, (words, r)  # a 10 px font's line
    for i, (w1, r1) in enumerate(drawn):
        for w2, r2 in drawn[i + 1:]:
            assert not r1.colliderect(r2), (w1, r1, w2, r2)


@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "en"), ((1600, 900), "en"), ((1280, 720), "it")])
def test_every_word_lies_inside_the_panel_and_apart(home: Path, steps: list[Step], contested: GameFile,
                                                    size: tuple[int, int], lang: str, artefacts: Path) -> None:
    from game.client.words.lang import set_language

    set_language(lang)
    try:
        _every_word_inside(steps, contested, size, artefacts, f"{size[0]}x{size[1]}" + ("" if lang == "en" else f"-{lang}"))
    finally:
        set_language("en")


def _every_word_inside(steps: list[Step], contested: GameFile, size: tuple[int, int], artefacts: Path,
                       tag: str) -> None:
    app, game = _game(steps, len(steps) - 1, size)
    game.open_fairness()
    app.draw()
    panel = app.scenes[-1]
    assert isinstance(panel, FairnessPanel)
    _check_layout(panel)
    pygame.image.save(app.surface, str(artefacts / f"fairness-local-{tag}.png"))
    app = App(size, hidden=True)
    from game.ui.navigation import watch

    watch(app, contested, "normal", contested.last)
    app.frame(0.0)
    replay = next(s for s in app.scenes if s.name == "replay")
    replay.open_fairness()  # type: ignore[attr-defined]
    for first in (-1, 0):  # the latest page and the first one (the contested event's)
        panel = app.scenes[-1]
        assert isinstance(panel, FairnessPanel)
        panel.first = first
        app.draw()
        _check_layout(panel)
        assert panel.model.drops
    assert any(c.contested for c in panel.model.chances)
    pygame.image.save(app.surface, str(artefacts / f"fairness-network-{tag}.png"))
