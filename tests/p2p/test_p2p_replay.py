"""``soe replay`` of a network game's log made by real peers on loopback, in which a seat
withheld its last reveal of a chance event and was dropped: the replay says the game is
contested, names the seat, the chance event and where it happened, marks that point on
its timeline and says it when it gets there, and shows the verdict on the end screen; a
damaged and a truncated copy of the log are watched as far as they are sound."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from p2pkit import DROP_MS, Cluster, withhold

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.cli.main import main  # noqa: E402
from game.client.gamefile import load_game_file  # noqa: E402
from game.rules import pending, state_hash  # noqa: E402
from game.rules.board import load_board  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.end import ReplayEnd
from game.ui.scenes.replay import ReplayScene  # noqa: E402


@pytest.fixture(scope="module")
def contested(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, int]]:
    """The log of an honest peer of a three-player game in which seat 2 kept back its
    reveal once every other reveal of a chance event was in (as the withholding attack
    test plays it), and the number of that chance event."""
    c = Cluster(tmp_path_factory.mktemp("replay"), 3, name="withheld")
    try:
        c.start(timeout_ms=DROP_MS)
        c.run(lambda: c.messages() >= 60, 30, "mid-game")
        cheat = c.peers[2]
        withhold(cheat, "reveal")

        def others_revealed() -> bool:
            t = cheat.session.referee
            return t is not None and t.chance_round() > 0 and set(t.reveals) == {0, 1}

        c.run(others_revealed, 30, "every other reveal in at the cheat")
        assert cheat.session.referee is not None
        r = cheat.session.referee.chance_round()
        c.clock.speed(10)  # the timeout passes in a second
        c.finish(60)
        assert len(c.hashes()) == 1
        yield c.peers[0].files.log, r
    finally:
        c.close()


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0, scancode=0))
    app.frame(0.0)


def test_a_withheld_reveal_is_named_on_screen_and_the_replay_says_contested(
        contested: tuple[Path, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log, r = contested
    game = load_game_file(log)
    cheat = load_board().power_name(game.powers[2])
    assert game.kind == "network" and game.verdict.status == "contested"
    (mark,) = [m for m in game.marks if m.kind == "withheld"]
    # the marked step is the roll made without the seat's reveal
    assert game.steps[mark.step - 1].state.chance_count == r - 1 and game.steps[mark.step].state.chance_count == r

    app = App((1280, 720), hidden=True)
    replay = ReplayScene(game, "normal", 0, playing=False)
    replay.start(app)
    app.draw()
    assert replay.drawn[0] == "Verified: CONTESTED"
    why = next(w for w in replay.drawn[1:] if "withheld its reveal" in w)
    assert f"{cheat} (seat 2" in why and f"chance event {r} " in why and "after every other reveal of it was in" in why
    assert f"at step {mark.step - 1} (war " in why and "log line " in why  # where it happened
    assert not any(cheat in w and "withheld" in w for w in replay.drawn if w not in game.verdict.reasons)

    _key(app, pygame.K_PAGEDOWN)  # to the next marked point
    app.draw()
    assert replay.shown() == mark.step
    assert state_hash(replay.scene.shown) == state_hash(game.steps[mark.step].state)  # type: ignore[arg-type]
    assert mark.text in replay.drawn  # the note over the map
    said = [line for line in replay.scene.log if line.startswith("\u26a0")]
    assert len(said) == 1 and f"{cheat} (seat 2) withheld its reveal for chance event {r}" in said[0]
    assert replay.scene.log[-1] == said[0]  # the last thing the step says

    _key(app, pygame.K_END)
    app.draw()
    end = app.scenes[-1]
    assert isinstance(end, ReplayEnd) and pending(replay.scene.shown).is_over  # type: ignore[arg-type]
    assert end.drawn[0] == "Verified: CONTESTED" and why in end.drawn

    shot = tmp_path / "contested.png"
    assert main(["replay", str(log), "--screenshot", str(shot)]) == 0
    assert "Verified: CONTESTED" in capsys.readouterr().out and pygame.image.load(str(shot)).get_size() == (1280, 720)


def test_a_damaged_or_truncated_log_is_watched_as_far_as_it_is_sound(
        contested: tuple[Path, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log, _ = contested
    lines = log.read_bytes().split(b"\n")
    whole = load_game_file(log)
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(b"\n".join([*lines[:199], lines[199].replace(b'"kind"', b'"kinx"', 1), *lines[200:]]))
    game = load_game_file(damaged)
    assert game.failed and game.verdict.headline == "Verification FAILED"
    assert game.verdict.reasons[0].startswith("Line 200: ") and "the replay stops at step" in game.verdict.reasons[0]
    assert 0 < game.last < whole.last
    assert [state_hash(s.state) for s in game.steps] == [state_hash(s.state) for s in whole.steps[:game.last + 1]]
    assert game.marks[-1].kind == "failure" and game.marks[-1].step == game.last

    app = App((1280, 720), hidden=True)
    replay = ReplayScene(game, "normal", game.last, playing=False)
    replay.start(app)
    app.draw()
    assert replay.drawn[0] == "Verification FAILED" and game.verdict.reasons[0] in replay.drawn
    assert game.marks[-1].text in replay.drawn
    assert not any(isinstance(s, ReplayEnd) for s in app.scenes)  # a game cut short has no end screen

    code = main(["replay", str(damaged), "--screenshot", str(tmp_path / "d.png")])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "line 200" in err and (tmp_path / "d.png").exists()

    truncated = tmp_path / "truncated.jsonl"
    data = log.read_bytes()
    truncated.write_bytes(data[: len(data) - 40])  # the last line cut off, as a crash leaves it
    game = load_game_file(truncated)
    assert game.failed and "cut off" in game.verdict.reasons[0]
    code = main(["replay", str(truncated), "--screenshot", str(tmp_path / "t.png")])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "cut off" in err
