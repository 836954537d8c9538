"""The local table behind the game screen: choices taken back within a turn (never past
the dice), the game saved as it goes, and continued from its save."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame

from game.client.local import setup_for
from game.client.saves import read_save, state_of
from game.client.settings import Settings
from game.client.tables import LocalTable
from game.rules import state_hash
from game.ui.app import App
from game.ui.navigation import continue_game, play
from game.ui.scenes.game import GameScene


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(0.0)


def _settle(app: App, scene: GameScene, until, limit: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + limit
    while time.monotonic() < end and not until():
        app.frame(0.0)
        time.sleep(0.002)


def test_undo_takes_back_the_players_choices_and_the_save_follows(home: Path) -> None:
    app = App((1280, 720), hidden=True)
    save = home / "g.jsonl"
    table = LocalTable(setup_for(2, "", "easy", 12), save)
    play(app, table, "instant")
    scene = app.scenes[-1]
    assert isinstance(scene, GameScene)
    try:
        rng = random.Random(1)
        for _ in range(3000):  # click what is offered until a choice can be taken back
            _settle(app, scene, lambda: scene.ready() or scene.ended)
            assert not scene.ended
            if table.can_undo():
                break
            targets = scene.clickables()
            _click(app, targets[rng.randrange(len(targets))][0])
        assert table.can_undo()
        undo = next(b for b in scene.buttons if b.label == "Undo")
        assert undo.enabled
        before = state_hash(table.game.marks[-1].state)
        _click(app, undo.rect.center)
        _settle(app, scene, lambda: scene.ready() and scene.shown is not None and state_hash(scene.shown) == before)
        assert scene.shown is not None and state_hash(scene.shown) == before
        header, inputs = read_save(save)
        assert state_hash(state_of(header["powers"], inputs)) == before  # the save says the same
        log_before = list(scene.log)
        dice_before = list(scene.chances.rows)
        undo_before = table.can_undo()
    finally:
        table.close()
    # and the game continues from its save, at the same position
    app2 = App((1280, 720), hidden=True)
    assert continue_game(app2, Settings(), save, speed="instant") == ""
    again = app2.scenes[-1]
    assert isinstance(again, GameScene)
    try:
        _settle(app2, again, lambda: again.ready())
        assert again.shown is not None and state_hash(again.shown) == before
        # the log, the dice seen and the undo of this turn, as before the window closed
        kept = [line for line in log_before if not line.startswith("You took back")]  # (the undo is no move)
        assert again.log == kept and len(kept) > 10
        assert again.chances.rows == dice_before
        assert again.table.can_undo() == undo_before
    finally:
        again.table.close()


def test_a_finished_save_opened_again_has_its_whole_log_and_every_players_dice(home: Path) -> None:
    """Opened from the menu, a finished game shows its end with the log of the whole game
    and each power's dice in the fairness panel's charts (not "GB (0)")."""
    from tests.ui.games import play_save

    save = home / "done.jsonl"
    play_save(save, 3, 5)
    app = App((1280, 720), hidden=True)
    assert continue_game(app, Settings(), save, speed="instant") == ""
    game = next(s for s in app.scenes if isinstance(s, GameScene))
    try:
        _settle(app, game, lambda: game.ended)
        assert game.ended and app.scenes[-1].name == "end"
        assert len(game.log) > 200
        fair = game.fairness()
        assert len(fair.fits) == 4 and all(f.n > 0 for f in fair.fits), [(f.power, f.n) for f in fair.fits]
    finally:
        game.table.close()


def test_a_damaged_newest_save_does_not_block_continue(home: Path) -> None:
    """Continue on a damaged newest save says what is wrong, in a wrapped message, and
    offers the game before it; Continue again takes that one up."""
    import os

    from game.client.folders import local_games_dir
    from game.ui.scenes.main_menu import MainMenu

    folder = local_games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    good = folder / "older.jsonl"
    table = LocalTable(setup_for(2, "", "easy", 3), good)
    table.close()
    bad = folder / "newer.jsonl"
    bad.write_text('{"kind": "soe-local-game", "powers": ["france"], "seat": 0}\n{"seat": 0, "choice": ["fly"]}\n')
    os.utime(good, ns=(1_000_000_000, 1_000_000_000))  # the good one older
    app = App((1280, 720), hidden=True)
    menu = MainMenu(Settings())
    app.push(menu)
    app.frame(0.0)
    app.draw()

    def press_continue() -> None:
        button = next(b for b in menu.buttons if b.key == "continue")
        _click(app, button.rect.center)

    press_continue()
    assert app.scenes[-1] is menu
    assert menu.message == ("newer.jsonl is damaged: its first line has no bots field. "
                            "Continue again takes up older.jsonl, the game before it."), menu.message
    assert menu.message_box is not None  # wrapped, in a box over the menu
    _click(app, menu.message_box.center)  # read: closed, and nothing else
    assert menu.message == "" and app.scenes[-1] is menu
    press_continue()
    game = app.scenes[-1]
    assert isinstance(game, GameScene) and game.table.path == good  # type: ignore[attr-defined]
    game.table.close()
