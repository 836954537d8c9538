"""``soe replay FILE``: a local save watched to its end shows the game's result, seen as a
spectator sees it; stepping back and forth shows the very positions of the game; every
kind of bad file is a message, never a traceback. (A network log with a withheld reveal:
tests/p2p/test_p2p_replay.py.)"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.cli.main import main
from game.client.gamefile import GameFileError, load_game_file
from game.rules import apply_in_place, new_game, pending, state_hash
from game.ui.app import App
from game.ui.scenes.end import ReplayEnd
from tests.ui.conftest import env_for
from tests.ui.games import play_save, replay_in_window

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    path = tmp_path_factory.mktemp("replay") / "game.jsonl"
    scores = play_save(path, 3, 21)
    return path, scores


def _frames(app: App, until, limit_s: float = 120.0, dt: float = 0.05) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + limit_s
    while not until():
        assert time.monotonic() < end, "the replay did not get there"
        app.frame(dt)


def _key(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0))
    app.frame(0.0)


def test_a_local_save_replayed_to_the_end_shows_the_games_scores_and_no_hidden_unrest_before(
        home: Path, save: tuple[Path, dict[str, int]], artefacts: Path) -> None:
    path, scores = save
    game = load_game_file(path)
    assert game.kind == "local" and game.verdict.status == "local"
    app, replay = replay_in_window(game, "off", playing=True, draw=False)
    assert replay.playing and replay.shown() == 0
    seen_unrest: list[object] = []

    def at_end() -> bool:
        v = replay.scene.view
        if v and not pending(replay.scene.shown).is_over:  # type: ignore[arg-type]
            seen_unrest.extend(u for u in v["unrest"] if u is not None)
        return isinstance(app.scenes[-1], ReplayEnd)

    _frames(app, at_end)
    assert seen_unrest == []  # a spectator's view: no unrest until the end
    end = app.scenes[-1]
    assert isinstance(end, ReplayEnd)
    assert end.result["scores"] == scores  # what the game itself ended on
    assert replay.shown() == game.last and not replay.playing
    app.draw()
    assert end.drawn[0] == "A local game against computer players"
    assert all(u is not None for u in replay.scene.view["unrest"])  # the end reveals it
    pygame.image.save(app.surface, str(artefacts / "replay-local-end.png"))


def test_no_choice_is_offered_in_a_replay(home: Path, save: tuple[Path, dict[str, int]]) -> None:
    game = load_game_file(save[0])
    app, replay = replay_in_window(game, draw=False)
    seat0 = next(k for k, s in enumerate(game.steps) if not pending(s.state).is_chance
                 and pending(s.state).seat == 0 and k > 10)
    replay.goto(seat0)
    app.frame(0.0)
    app.draw()
    g = replay.scene
    assert pending(g.shown).seat == 0 and g.picker is None and g.clickables() == []  # type: ignore[arg-type]
    assert not any(b.enabled for b in g.buttons if b.key in (("undo",), ("hint",)))


def test_stepping_back_and_forth_shows_the_positions_applying_forward_reaches(
        home: Path, save: tuple[Path, dict[str, int]]) -> None:
    from game.client.saves import read_save as read_local

    header, inputs = read_local(save[0])
    st = new_game(header["powers"])
    hashes = [state_hash(st)]
    for inp in inputs:
        apply_in_place(st, inp)
        hashes.append(state_hash(st))
    game = load_game_file(save[0])
    assert game.last == len(inputs)
    app, replay = replay_in_window(game, "fast", draw=False)
    logs: dict[int, list[str]] = {}
    rng = random.Random(4)
    want = 0
    moves = [pygame.K_RIGHT] * 30 + [pygame.K_LEFT] * 7 + [pygame.K_END, pygame.K_HOME]
    moves += [rng.choice((pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT)) for _ in range(40)]
    moves += [pygame.K_END] + [pygame.K_LEFT] * 5 + [pygame.K_RIGHT] * 5
    for key in moves:
        _key(app, key)
        if key == pygame.K_RIGHT:
            want = min(game.last, want + 1)
        elif key == pygame.K_LEFT:
            want = max(0, want - 1)
        else:
            want = 0 if key == pygame.K_HOME else game.last
        _frames(app, lambda: not replay.scene.busy() and not replay.table.pending(), 30, dt=1.0)
        assert replay.shown() == want
        assert state_hash(replay.scene.shown) == hashes[want]  # type: ignore[arg-type]
        log = list(replay.scene.log)
        assert logs.setdefault(want, log) == log  # back or forward, the log panel says the same
    assert isinstance(app.scenes[-1], ReplayEnd) == (want == game.last)


def test_the_timeline_and_the_space_bar(home: Path, save: tuple[Path, dict[str, int]]) -> None:
    game = load_game_file(save[0])
    app, replay = replay_in_window(game)
    r = replay.slider_rect()
    mid = (r.x + r.width // 2, r.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=mid, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=mid, button=1))
    app.frame(0.0)
    app.frame(0.0)
    assert abs(replay.shown() - game.last // 2) <= 1
    here = replay.shown()
    _key(app, pygame.K_SPACE, " ")
    assert replay.playing
    _frames(app, lambda: replay.shown() >= here + 3, 60, dt=0.5)
    _key(app, pygame.K_SPACE, " ")
    assert not replay.playing
    app.draw()
    def play_button() -> str:
        return next(b.label for b in replay.buttons if b.key == "play")

    assert f"Step {replay.shown()} of {game.last}" in replay.drawn and play_button() == "\u25b6"
    _key(app, pygame.K_SPACE, " ")
    app.draw()
    assert play_button() == "\u275a\u275a"  # pause
    _key(app, pygame.K_SPACE, " ")
    _key(app, pygame.K_PLUS, "+")
    assert replay.speed == "fast"


def test_a_save_with_an_input_the_rules_refuse_is_watched_as_far_as_it_is_sound(
        home: Path, save: tuple[Path, dict[str, int]], capsys: pytest.CaptureFixture[str]) -> None:
    lines = save[0].read_text().splitlines()
    bad = home / "bad.jsonl"
    cut = 41
    first_act = next(i for i, line in enumerate(lines) if i >= cut and '"choice"' in line)
    rec = json.loads(lines[first_act])
    rec["choice"] = ["build", "no_such_area"]
    bad.write_text("\n".join([*lines[:first_act], json.dumps(rec), *lines[first_act + 1:]]) + "\n")
    game = load_game_file(bad)
    assert game.failed and game.last > 0 and "is not allowed where it stands" in game.verdict.reasons[0]
    out = home / "bad.png"
    code = main(["replay", str(bad), "--screenshot", str(out)])
    err = capsys.readouterr().err
    assert code == 1 and out.exists()
    assert err.count("\n") == 1 and "damaged save" in err and "Traceback" not in err


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["replay", *args])
    got = capsys.readouterr()
    assert "Traceback" not in got.err
    return code, got.err


def test_files_that_cannot_be_watched_are_one_line_and_exit_2(home: Path, save: tuple[Path, dict[str, int]],
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    shot = ["--screenshot", str(home / "x.png")]
    cases: dict[str, tuple[Path, str]] = {}
    (home / "notes.txt").write_text("shopping: bread, milk\n")
    cases["text"] = (home / "notes.txt", "neither a local save of soe play nor a network game log")
    (home / "other.json").write_text('{"kind": "something else", "at": 3}\n')
    cases["json"] = (home / "other.json", "neither a local save of soe play nor a network game log")
    (home / "empty.jsonl").write_text("")
    cases["empty"] = (home / "empty.jsonl", "is empty")
    cases["missing"] = (home / "nowhere.jsonl", "no such file")
    cases["directory"] = (home, "is a directory")
    lines = save[0].read_text().splitlines()
    (home / "torn.jsonl").write_text("\n".join([*lines[:20], "{not json", *lines[20:]]) + "\n")
    cases["damaged save"] = (home / "torn.jsonl", "torn.jsonl is a damaged local save")
    for name, (path, says) in cases.items():
        code, err = _cli([str(path), *shot], capsys)
        assert code == 2 and err.count("\n") == 1 and says in err, (name, err)
        with pytest.raises(GameFileError):
            load_game_file(path)
    code, err = _cli([str(save[0]), "--at", "100000", *shot], capsys)
    assert code == 2 and err.count("\n") == 1 and "past the end" in err
    code, err = _cli([str(save[0]), "--at", "-1", *shot], capsys)
    assert code == 2 and "--at" in err
    code, err = _cli([str(save[0]), "--size", "huge", *shot], capsys)
    assert code == 2 and "WIDTHxHEIGHT" in err


def test_a_screenshot_of_a_step(home: Path, save: tuple[Path, dict[str, int]], artefacts: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    out = artefacts / "replay-local-120.png"
    code = main(["replay", str(save[0]), "--at", "120", "--screenshot", str(out), "--size", "1600x900"])
    assert code == 0 and "step 120 of" in capsys.readouterr().out
    assert pygame.image.load(str(out)).get_size() == (1600, 900)


def test_no_display_is_said_in_one_line(home: Path, save: tuple[Path, dict[str, int]]) -> None:
    env = env_for(home)
    for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(k, None)
    r = subprocess.run([sys.executable, "-m", "game.cli", "replay", str(save[0])], capture_output=True, text=True,
                       env=env, timeout=60, cwd=ROOT)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "no display" in r.stderr and "--screenshot" in r.stderr and "Traceback" not in r.stderr


def test_the_help_says_every_option_and_the_keys(home: Path) -> None:
    from game.cli.main import build_parser

    r = subprocess.run([sys.executable, "-m", "game.cli", "replay", "--help"], capture_output=True, text=True,
                       env=env_for(home), timeout=60, cwd=ROOT)
    words = " ".join(r.stdout.split())
    assert r.returncode == 0
    for opt in ("--speed {slow,normal,fast,off}", "--at STEP", "--screenshot FILE.png", "--size WxH", "FILE"):
        assert opt in words, opt
    for said in ("space plays or pauses", "Home and End", "contested", "withheld reveals", "Exit status"):
        assert said in words, said
    assert "replay" in build_parser().format_help()


def test_unwitnessed_dice_and_evidence_against_an_author_are_reasons_on_screen(home: Path) -> None:
    """A two-player game in which one player resigns (the dice then come from one chain
    only) and whose evidence file proves that the other signed two messages with one
    number: both are said, in words, on the replay's screen."""
    from net.core.encoding import canonical_json
    from net.store import TranscriptFile
    from tests.net.netkit import Game

    path = home / "resigned.jsonl"
    store = TranscriptFile(path, fsync=False)
    g = Game(2, store=store)
    g.play_until(lambda g: g.referee.st.steps > 60 and g.referee.decision_seat() == 1)
    assert g.sessions[1].resign(g.now).ok
    g.auto = {0}
    g.finish()
    store.close()
    first = next(e.env for e in g.t.entries if e.env.author == g.ids[0].public_hex and e.env.seq == 5)
    twin = g.envelope(0, "choice", {"choice": ["pass"]}, seq=5, prev=first.prev)
    (home / "resigned.jsonl.evidence").write_bytes(
        canonical_json({"first": first.raw.decode(), "second": twin.decode()}) + b"\n")
    game = load_game_file(path)
    assert game.verdict.status == "contested" and not any(m.kind in ("drop", "withheld") for m in game.marks)
    assert [m.kind for m in game.marks] == ["resign", "unwitnessed"]  # tests/ui/test_ui_replaymenu.py: where
    app, replay = replay_in_window(game)
    assert replay.drawn[0] == "Verified: CONTESTED"
    assert any("fewer than two players' hash chains" in w and "unwitnessed" in w for w in replay.drawn)
    assert any("signed two different messages with seq 5" in w for w in replay.drawn)


def test_escape_and_the_menu_button_open_the_replays_menu(home: Path, save: tuple[Path, dict[str, int]]) -> None:
    from game.ui.scenes.pause import ReplayMenu

    game = load_game_file(save[0])
    app, replay = replay_in_window(game, at=5)
    _key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes[-1], ReplayMenu)
    assert [e[0] for e in app.scenes[-1].entries()] == ["Back to the replay", "Settings", "Main menu", "Quit"]
    app.pop()
    app.draw()
    menu = next(b for b in replay.scene.buttons if b.key == ("menu",))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.rect.center, button=1))
    app.frame(0.0)
    assert isinstance(app.scenes[-1], ReplayMenu)


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(0.0)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_the_verdict_is_beside_the_map_and_a_click_closes_and_opens_it(home: Path, artefacts: Path,
                                                                        size: tuple[int, int]) -> None:
    """A contested network game (a player resigned: the dice came from one chain after):
    the verdict is open, its reasons on screen, at the foot of the side column under the
    log, over no part of the map nor of the controls; a click on it closes it to its
    headline and gives the log its room back, another opens it again."""
    from game.ui.scenes.replay import ReplayScene
    from tests.ui.games import network_log

    path = home / "contested.jsonl"
    network_log(path, 2, ((1, 60),))
    game = load_game_file(path)
    assert game.verdict.status == "contested" and game.verdict.reasons
    app = App(size, hidden=True)
    replay = ReplayScene(game, "normal", 40, playing=False)
    replay.start(app)
    app.draw()
    pygame.image.save(app.surface, str(artefacts / f"replay-verdict-{size[0]}x{size[1]}.png"))
    the_map = pygame.Rect(replay.scene.map_rect())
    shown = replay.verdict_rect
    assert replay.show_verdict and shown.height > 0
    assert not shown.colliderect(the_map), (shown, the_map)
    assert not shown.colliderect(replay.scene.bar_rect()) and not shown.colliderect(replay.strip_rect())
    assert pygame.Rect((0, 0), size).contains(shown)
    assert "Verified: CONTESTED" in replay.drawn and all(r in replay.drawn for r in game.verdict.reasons)
    log = replay.scene._log_rect()  # type: ignore[attr-defined]
    assert log.bottom <= shown.top and log.height > shown.height  # the log is shortened, not covered

    _click(app, shown.center)
    app.draw()
    closed = replay.verdict_rect
    assert not replay.show_verdict and not any(r in replay.drawn for r in game.verdict.reasons)
    assert "Verified: CONTESTED" in replay.drawn
    assert closed.height < shown.height and not closed.colliderect(the_map)
    assert replay.scene._log_rect().height > log.height  # type: ignore[attr-defined]
    pygame.image.save(app.surface, str(artefacts / f"replay-verdict-closed-{size[0]}x{size[1]}.png"))

    _click(app, closed.center)
    app.draw()
    assert replay.show_verdict and replay.verdict_rect == shown


def test_a_verdict_with_more_reasons_than_room_leaves_the_log_room_and_says_them_all_on_hover(
        home: Path, save: tuple[Path, dict[str, int]], artefacts: Path) -> None:
    from game.client.gamefile import Verdict

    game = load_game_file(save[0])
    reasons = tuple(f"Reason {i}: " + "the log of this game says something long that needs saying " * 3
                    for i in range(1, 13))
    game.verdict = Verdict("failed", "Verification FAILED", reasons)
    app, replay = replay_in_window(game, at=20)
    r, space = replay.verdict_rect, replay.scene.log_space()
    assert replay.show_verdict and space.contains(r)
    assert not r.colliderect(pygame.Rect(replay.scene.map_rect()))
    assert replay.scene._log_rect().height >= replay.px(120) - replay.px(6)  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.0)
    app.draw()
    assert replay.drawn.count(reasons[0]) == 1
    # what the box has no room for, under the mouse
    assert any(tip.endswith(" ".join(reasons[-3:])) and not tip.startswith(reasons[0]) for _, tip in replay.mark_hits)
    pygame.image.save(app.surface, str(artefacts / "replay-verdict-long.png"))
