"""The main menu's "Open a saved game": it lists the local saves and the network logs that
can be taken up, newest first, as "Watch a replay" lists games: of each, when, the powers
and the one this user plays, how far the game is (war and round) or who won, every word
inside its row; a damaged save says so and why without breaking the list, and picking a
save continues it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest

from game.client import folders
from game.client.gamefile import load_game_file
from game.client.settings import Settings
from game.rules import outcome
from game.rules.board import load_board
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.scenes.main_menu import MainMenu
from game.ui.scenes.open_game import OpenMenu
from net.core.identity import fingerprint
from tests.net.netkit import GAME_ID, identity
from tests.ui.games import network_log, play_save, put_game


def _name(pid: str) -> str:
    return load_board().power_name(pid)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A finished local save and a finished two-player network game's log, made once."""
    d = tmp_path_factory.mktemp("made")
    play_save(d / "local.jsonl", 3, 21)
    network_log(d / "network.jsonl", 2)
    return {"local": d / "local.jsonl", "network": d / "network.jsonl"}


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(0.0)


def _saves(made: dict[str, Path]) -> dict[str, Path]:
    """In the user's folders: a finished save, one left half-way, one damaged at its line
    31 (the newest), this user's network game left half-way (its peer file beside it), and
    a network log that cannot be taken up (no peer file: not listed)."""
    local, network = folders.local_games_dir(), folders.network_games_dir()
    now = time.time()
    out = {"finished": put_game(made["local"], local / "game-21-aaaaaa.jsonl", now - 4000),
           "half": put_game(made["local"], local / "game-21-bbbbbb.jsonl", now - 1000, lines=150)}
    lines = made["local"].read_text().splitlines()
    torn = local / "game-5-torn.jsonl"
    torn.write_text("\n".join([*lines[:30], "{not json", *lines[30:60]]) + "\n")
    os.utime(torn, (now - 10, now - 10))
    out["torn"] = torn
    mine = network / f"{GAME_ID}.{fingerprint(identity(0).public_hex)}.jsonl"  # as soe host/join name a log
    out["network"] = put_game(made["network"], mine, now - 2000, lines=160)
    mine.with_name(mine.name + ".peer.json").write_text("{}")
    out["no peer"] = put_game(made["network"], network / "someone-elses.jsonl", now - 3000)
    return out


def _open(size: tuple[int, int]) -> tuple[App, OpenMenu]:
    app = App(size, hidden=True)
    app.settings = Settings()
    app.push(MainMenu(app.settings))
    app.frame(0.0)
    app.draw()
    entry = next(b for b in app.scenes[-1].buttons if b.key == "open")  # type: ignore[attr-defined]
    assert entry.label == "Open a saved game" and entry.enabled
    _click(app, entry.rect.center)
    menu = app.scenes[-1]
    assert isinstance(menu, OpenMenu)
    end = time.monotonic() + 60
    while menu.busy():  # how far each game is, worked out after the list shows
        assert time.monotonic() < end
        app.frame(0.0)
    app.draw()
    return app, menu


def _row(menu: OpenMenu, path: Path) -> tuple[pygame.Rect, list[str]]:
    """A game's button, and the words drawn in it as shown (cut short or not)."""
    button = next(b for b in menu.buttons if b.key == ("game", path))
    return button.rect, [words for words, _, r in menu.texts if r == button.rect]


def _where(path: Path) -> str:
    st = load_game_file(path).steps[-1].state
    assert st.war > 0
    return f"war {st.war} of 3" + (f", round {st.round}" if st.round else "")


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_each_save_says_its_powers_yours_and_how_far_it_is_inside_its_row(
        home: Path, made: dict[str, Path], artefacts: Path, size: tuple[int, int]) -> None:
    saves = _saves(made)
    app, menu = _open(size)
    pygame.image.save(app.surface, str(artefacts / f"open-list-{size[0]}x{size[1]}.png"))
    listed = [b.key[1] for b in menu.buttons if b.key[0] == "game"]  # type: ignore[index]
    assert listed == [saves[k] for k in ("torn", "half", "network", "finished")]  # newest first, no "no peer"

    game = load_game_file(made["local"])
    me = _name(game.powers[game.you])
    others = [_name(p) for i, p in enumerate(game.powers) if i != game.you]
    res = outcome(game.steps[-1].state)
    assert res is not None and len(res["winners"]) == 1
    _, words = _row(menu, saves["finished"])
    assert f"finished: {_name(res['winners'][0])} won" in words
    assert words[2] == f"You played {me} against {', '.join(others)} (computer, easy)"

    _, words = _row(menu, saves["half"])
    assert f"not finished: {_where(saves['half'])}" in words and words[2].startswith(f"You played {me} against ")

    net = load_game_file(saves["network"])
    _, words = _row(menu, saves["network"])
    assert words[0].endswith("Network game") and f"not finished: {_where(saves['network'])}" in words
    assert words[2] == f"You played {_name(net.powers[0])} (player 0) against {_name(net.powers[1])} (player 1)"

    _, words = _row(menu, saves["torn"])
    assert words[1] == "damaged"
    assert words[2] == f"Line 31 is not a move of the game: it is garbled. You played {me} against {', '.join(others)} " \
                       "(computer, easy)"

    assert len(menu.texts) == 3 * len(listed)
    for shown, rect, button in menu.texts:  # every word inside its button, none cut short
        assert button.contains(rect), (shown, rect, button)
        assert not shown.endswith("\u2026"), shown
    when = time.strftime("%d %b %Y %H:%M", time.localtime(saves["half"].stat().st_mtime))
    assert _row(menu, saves["half"])[1][0] == f"{when}   Local game"


def test_a_pick_continues_the_save_and_a_damaged_one_is_a_message(home: Path, made: dict[str, Path],
                                                                   artefacts: Path) -> None:
    saves = _saves(made)
    app, menu = _open((1280, 720))
    rect, _ = _row(menu, saves["torn"])
    _click(app, rect.center)
    app.draw()
    assert app.scenes[-1] is menu  # the list stays
    assert menu.message == "game-5-torn.jsonl is damaged: line 31 is not a move of the game: it is garbled"
    assert menu.message in menu.drawn
    pygame.image.save(app.surface, str(artefacts / "open-list-damaged.png"))

    rect, _ = _row(menu, saves["half"])
    _click(app, rect.center)
    game = app.scenes[-1]
    assert isinstance(game, GameScene) and game.table.path == saves["half"]  # type: ignore[attr-defined]
    game.table.close()


def test_a_long_list_goes_page_by_page_and_esc_goes_back(home: Path, made: dict[str, Path]) -> None:
    local = folders.local_games_dir()
    now = time.time()
    for i in range(9):
        put_game(made["local"], local / f"game-{i}-cccccc.jsonl", now - 100 * i, lines=40 + i)
    app, menu = _open((1280, 720))
    assert [b.key[1].name for b in menu.buttons if b.key[0] == "game"] == [  # type: ignore[index]
        f"game-{i}-cccccc.jsonl" for i in range(7)]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, unicode="", mod=0, scancode=0))
    app.frame(0.0)
    while menu.busy():
        app.frame(0.0)
    app.draw()
    assert [b.key[1].name for b in menu.buttons if b.key[0] == "game"] == [  # type: ignore[index]
        "game-7-cccccc.jsonl", "game-8-cccccc.jsonl"]
    assert "Games 8-9 of 9, newest first" in menu.drawn[-1]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0, scancode=0))
    app.frame(0.0)
    assert [type(s) for s in app.scenes] == [MainMenu]
