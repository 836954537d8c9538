"""The main menu's "Watch a replay": it lists this user's local saves and network logs
where the game writes them, newest first, says of each what a user picks by, opens the
one picked at its start as ``soe replay FILE`` does, and says why a broken one cannot be
watched without leaving the menu. And the replay's timeline marks where a seat resigned
and from where the dice were unwitnessed, at the steps where that happened."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest

from game.client import folders
from game.client.gamefile import NOTE, load_game_file
from game.client.settings import Settings
from game.rules import pending, state_hash
from game.rules.board import load_board
from game.ui.app import App
from game.ui.scenes.main_menu import MainMenu
from game.ui.scenes.pause import ReplayMenu
from game.ui.scenes.replay import MARK_STYLE, ReplayScene
from game.ui.scenes.replay_list import PAGE, ReplayListMenu
from net.core.identity import fingerprint
from tests.net.netkit import GAME_ID, identity
from tests.ui.games import network_log, play_save, put_game, replay_in_window


def game_dirs() -> tuple[Path, Path]:
    return folders.local_games_dir(), folders.network_games_dir()


def _name(pid: str) -> str:
    return load_board().power_name(pid)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A finished local save, and the log of a two-player network game in which seat 1
    resigned, made once for the module."""
    d = tmp_path_factory.mktemp("made")
    play_save(d / "local.jsonl", 3, 21)
    network_log(d / "network.jsonl", 2, ((1, 60),))
    return {"local": d / "local.jsonl", "network": d / "network.jsonl"}


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(0.0)


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0, scancode=0))
    app.frame(0.0)


def _main_menu() -> App:
    app = App((1280, 720), hidden=True)
    app.settings = Settings()
    app.push(MainMenu(app.settings))
    app.frame(0.0)
    app.draw()
    return app


def _open_list(app: App) -> ReplayListMenu:
    entry = next(b for b in app.scenes[-1].buttons if b.key == "replays")  # type: ignore[attr-defined]
    assert entry.label == "Watch a replay" and entry.enabled
    _click(app, entry.rect.center)
    menu = app.scenes[-1]
    assert isinstance(menu, ReplayListMenu)
    end = time.monotonic() + 60
    while menu.busy():  # the local saves' "finished or not" is worked out after the list shows
        assert time.monotonic() < end
        app.frame(0.0)
    app.draw()
    return menu


def _pick(app: App, menu: ReplayListMenu, name: str) -> None:
    row = next(b for b in menu.buttons if b.key[0] == "game" and b.key[1].name == name)  # type: ignore[index]
    _click(app, row.rect.center)  # says it reads the file ...
    app.frame(0.0)  # ... and reads it once that is on screen


def test_the_list_names_each_game_newest_first_and_opens_the_one_picked_at_its_start(
        home: Path, made: dict[str, Path], artefacts: Path) -> None:
    local, network = game_dirs()
    now = time.time()
    put_game(made["local"], local / "game-21-aaaaaa.jsonl", now - 3000)
    put_game(made["local"], local / "game-21-bbbbbb.jsonl", now - 1000, lines=120)  # left half-way
    mine = f"{GAME_ID}.{fingerprint(identity(0).public_hex)}.jsonl"  # as soe host/join name a player's log
    put_game(made["network"], network / mine, now - 2000)
    (network / f"{mine}.evidence").write_text("")  # beside a log: not a game
    powers = load_game_file(made["network"]).powers

    app = _main_menu()
    menu = _open_list(app)
    pygame.image.save(app.surface, str(artefacts / "replay-list.png"))
    rows = [w for w in menu.drawn if w[:2].isdigit()]
    assert len(rows) == 3  # the newest first: the unfinished save, the network game, the finished save
    assert "Local game   not finished" in rows[0]
    assert "Network game   finished: " in rows[1] and " won" in rows[1]
    assert "Local game   finished: " in rows[2]
    says = menu.drawn[menu.drawn.index(rows[1]) + 1]
    assert says == f"You played {_name(powers[0])} (player 0) against {_name(powers[1])} (player 1)"
    assert menu.drawn[menu.drawn.index(rows[0]) + 1].startswith("You played ")
    assert "Games 1-3 of 3, newest first" in menu.drawn[-1]

    _pick(app, menu, mine)
    replay = app.scenes[-1]
    assert isinstance(replay, ReplayScene) and replay.from_list
    assert replay.shown() == 0 and replay.table.pos == 0  # at the game's start, as `soe replay FILE` opens it
    assert replay.file.path == network / mine and replay.file.verdict.status == "contested"
    assert [state_hash(s.state) for s in replay.file.steps] == [
        state_hash(s.state) for s in load_game_file(network / mine).steps]
    assert app.window.title == f"Struggle of Empires: replay of {mine}"

    _key(app, pygame.K_ESCAPE)  # the replay's menu goes back to the list it came from
    app.draw()
    pause = app.scenes[-1]
    assert isinstance(pause, ReplayMenu)
    back = next(b for b in pause.buttons if b.key == "list")
    assert back.label == "Back to the list of games"
    _click(app, back.rect.center)
    assert [type(s) for s in app.scenes] == [MainMenu, ReplayListMenu]
    assert app.window.title == "Struggle of Empires"
    menu = app.scenes[-1]  # type: ignore[assignment]
    app.draw()

    _pick(app, menu, "game-21-aaaaaa.jsonl")  # a local save opens the same way
    replay = app.scenes[-1]
    assert isinstance(replay, ReplayScene) and replay.shown() == 0 and replay.file.kind == "local"
    _key(app, pygame.K_ESCAPE)
    app.draw()
    pause = app.scenes[-1]
    assert isinstance(pause, ReplayMenu)
    _click(app, next(b for b in pause.buttons if b.key == "list").rect.center)
    app.draw()
    _key(app, pygame.K_ESCAPE)  # and Esc leaves the list for the main menu
    assert [type(s) for s in app.scenes] == [MainMenu]


def test_a_file_that_cannot_be_watched_is_a_message_and_the_list_stays(
        home: Path, made: dict[str, Path], artefacts: Path) -> None:
    local, network = game_dirs()
    now = time.time()
    lines = made["local"].read_text().splitlines()
    local.mkdir(parents=True)
    torn = local / "game-5-torn.jsonl"
    torn.write_text("\n".join([*lines[:30], "{not json", *lines[30:60]]) + "\n")
    os.utime(torn, (now - 10, now - 10))
    put_game(made["network"], network / "notes.jsonl", now - 20).write_text("shopping: bread, milk\n")
    os.utime(network / "notes.jsonl", (now - 20, now - 20))
    wrong = put_game(made["network"], network / "cut.jsonl", now - 30)
    raw = wrong.read_bytes().split(b"\n")
    wrong.write_bytes(b"\n".join([raw[0], raw[1].replace(b'"kind"', b'"kinx"', 1), *raw[2:]]))
    os.utime(wrong, (now - 30, now - 30))

    app = _main_menu()
    menu = _open_list(app)
    rows = [w for w in menu.drawn if w[:2].isdigit()]
    assert rows[0].endswith("damaged") and rows[1].endswith("its first line is no game's")

    _pick(app, menu, "game-5-torn.jsonl")
    assert app.scenes[-1] is menu
    app.draw()
    assert menu.message == "game-5-torn.jsonl is a damaged local save: line 31 is not a move of the game: it is garbled"
    assert menu.message in menu.drawn
    pygame.image.save(app.surface, str(artefacts / "replay-list-damaged.png"))

    _pick(app, menu, "notes.jsonl")
    assert app.scenes[-1] is menu
    assert menu.message.startswith("notes.jsonl is neither a local save of soe play nor a network game log")

    _pick(app, menu, "cut.jsonl")  # a log that fails early is still watched, as far as it is sound
    replay = app.scenes[-1]
    assert isinstance(replay, ReplayScene) and replay.file.failed and replay.shown() == 0


def test_an_empty_list_says_where_games_are_found(home: Path) -> None:
    app = _main_menu()
    menu = _open_list(app)
    local, network = game_dirs()
    assert "No games to watch yet." in menu.drawn
    words = " ".join(menu.drawn)
    assert str(local) in words and str(network) in words
    assert not any(b.key[0] == "game" for b in menu.buttons)  # type: ignore[index]


def test_a_long_list_goes_page_by_page(home: Path, made: dict[str, Path]) -> None:
    local, _ = game_dirs()
    now = time.time()
    for i in range(PAGE + 3):
        put_game(made["local"], local / f"game-{i}-cccccc.jsonl", now - 100 * i, lines=40 + i)
    app = _main_menu()
    menu = _open_list(app)
    shown = [b.key[1].name for b in menu.buttons if b.key[0] == "game"]  # type: ignore[index]
    assert shown == [f"game-{i}-cccccc.jsonl" for i in range(PAGE)]
    older = next(b for b in menu.buttons if b.key == ("page", 1))
    assert older.enabled and not next(b for b in menu.buttons if b.key == ("page", -1)).enabled
    _click(app, older.rect.center)
    app.draw()
    shown = [b.key[1].name for b in menu.buttons if b.key[0] == "game"]  # type: ignore[index]
    assert shown == [f"game-{i}-cccccc.jsonl" for i in range(PAGE, PAGE + 3)]
    assert f"Games {PAGE + 1}-{PAGE + 3} of {PAGE + 3}, newest first" in menu.drawn[-1]
    _key(app, pygame.K_PAGEUP)
    app.draw()
    assert [b.key[1].name for b in menu.buttons if b.key[0] == "game"][0] == "game-0-cccccc.jsonl"  # type: ignore[index]
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))  # the wheel turned towards the user
    app.frame(0.0)
    app.draw()
    assert [b.key[1].name for b in menu.buttons if b.key[0] == "game"][0] == f"game-{PAGE}-cccccc.jsonl"  # type: ignore[index]


def _pixel(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    c = app.surface.get_at(pos)
    return (c.r, c.g, c.b)


def test_resignations_and_unwitnessed_dice_are_marked_at_their_steps(home: Path, artefacts: Path) -> None:
    """Three players: seat 1 resigns (two chains still feed the dice), then seat 2 (one
    chain left: from the next chance event on, the dice are unwitnessed)."""
    path = home / "resigned.jsonl"
    g, before = network_log(path, 3, ((1, 40), (2, 120)))
    game = load_game_file(path)
    seats = g.referee.g.seats
    resigns = [m for m in game.marks if m.kind == "resign"]
    assert [m.step for m in resigns] == [before[0] + 1, before[1] + 1]  # the bot's first decision for the seat
    for m, seat in zip(resigns, (1, 2), strict=True):
        assert pending(game.steps[m.step - 1].state).seat == seat  # the seat's own decision, which it handed over
        assert m.text.startswith(f"{_name(seats[seat].power)} (seat {seat}, 'player {seat}') resigned at step "
                                 f"{m.step - 1} (war ")
    chances = g.referee.chances
    first = next(c.r for c in chances if not c.witnessed)
    assert all(not c.witnessed for c in chances[first - 1:])
    (unw,) = [m for m in game.marks if m.kind == "unwitnessed"]
    # the step of the first roll fed by one chain, after the second resignation, not the first
    assert game.steps[unw.step - 1].state.chance_count == first - 1
    assert game.steps[unw.step].state.chance_count == first
    assert game.steps[resigns[0].step].state.chance_count < game.steps[resigns[1].step].state.chance_count <= first - 1
    assert game.steps[unw.until].state.chance_count == len(chances) == game.steps[unw.until - 1].state.chance_count + 1
    assert f"only the hash chain of {_name(seats[0].power)} (seat 0" in unw.text
    assert f"chance events {first} to {len(chances)}" in unw.text

    app, replay = replay_in_window(game)
    r = replay.slider_rect()
    resign_colour, _, _ = MARK_STYLE["resign"]
    unw_colour, _, _ = MARK_STYLE["unwitnessed"]
    for m in resigns:  # a blue diamond over the bar
        assert _pixel(app, (replay._slider_x(m.step), r.y - replay.px(8))) == resign_colour
    peak = (replay._slider_x(unw.step), r.bottom + replay.px(9))  # a violet peak under it, and the band
    assert _pixel(app, peak) == unw_colour
    band_y, mx, end = r.bottom + replay.px(5), replay._slider_x(unw.step), replay._slider_x(unw.until)
    along = [_pixel(app, (x, band_y)) == unw_colour for x in range(mx + replay.px(8), end)]
    assert sum(along) > 0.6 * len(along)  # hatched: mostly violet, to the stretch's last step
    assert not any(_pixel(app, (x, band_y)) == unw_colour for x in range(r.x, mx - replay.px(8)))
    tips = [tip for _, tip in replay.mark_hits]
    assert f"Step {unw.step}: {unw.text}" in tips and all(f"Step {m.step}: {m.text}" in tips for m in resigns)
    assert any("Marks: blue \u25c6 a seat resigned; violet \u25b2 and band under the bar: unwitnessed dice" in t
               for t in tips)

    seen: list[str] = []
    for m in [*resigns, unw]:
        _key(app, pygame.K_PAGEDOWN)  # to the next marked point
        app.draw()
        assert replay.shown() == m.step
        assert m.text in replay.drawn  # said over the map
        said = [line for line in replay.scene.log if line not in seen and line == m.short]
        assert said and replay.scene.log[-1] == m.short  # and in the log, the last thing its step says
        seen.append(m.short)
        pygame.image.save(app.surface, str(artefacts / f"replay-{m.kind}-{m.step}.png"))
    assert resigns[0].short.startswith(f"{_name(seats[1].power)} (seat 1) resigned: a computer player plays it")
    assert not resigns[0].short.startswith(NOTE) and unw.short.startswith(NOTE)  # only the dice are contested
