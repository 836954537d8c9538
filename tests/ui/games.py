"""Game files made by the tests as the game makes them: a local save written by the
window's own table, and a network game's signed log written by sessions sharing one
transcript (tests/net/netkit.py), with seats that resign on the way or one that withholds
a reveal and is dropped."""

from __future__ import annotations

import os
import random
import shutil
import time
from pathlib import Path

from game.bots import make_bot
from game.client.gamefile import GameFile
from game.client.local import setup_for
from game.client.tables import LocalTable
from game.rules import legal, outcome, pending
from game.ui.app import App
from game.ui.scenes.replay import ReplayScene
from net.store import TranscriptFile
from tests.net.netkit import Game


def replay_in_window(game: GameFile, speed: str = "normal", at: int = 0, *, playing: bool = False,
                     draw: bool = True) -> tuple[App, ReplayScene]:
    """A hidden 1280x720 window showing ``game`` from step ``at`` (drawn once)."""
    app = App((1280, 720), hidden=True)
    replay = ReplayScene(game, speed, at, playing=playing)
    replay.start(app)
    if draw:
        app.draw()
    return app, replay


def put_game(src: Path, dst: Path, when: float, lines: int = 0) -> Path:
    """``src`` copied to ``dst`` (its first ``lines`` lines only, if given), written at ``when``."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if lines:
        dst.write_text("\n".join(src.read_text().splitlines()[:lines]) + "\n")
    else:
        shutil.copy(src, dst)
    os.utime(dst, (when, when))
    return dst


def play_save(path: Path, players: int, seed: int) -> dict[str, int]:
    """A whole game against greedy computer players saved by the window's own table, the
    player's seat played by a bot that takes back some of its choices; the final scores
    the game itself reached."""
    setup = setup_for(players, "", "easy", seed)
    setup.bots = "greedy"
    table = LocalTable(setup, path)
    me = make_bot("greedy", seed)
    rng = random.Random(seed)
    undone, last, waiting = 0, None, False
    deadline = time.monotonic() + 120
    try:
        while True:
            assert time.monotonic() < deadline, "the game did not end"
            got = table.steps()
            if got:  # the table answers every choice and undo with a step
                last, waiting = got[-1].state, False
            p = pending(last) if last is not None and not waiting else None
            if p is not None and p.is_over:
                break
            if p is None or p.chance is not None or p.seat != table.seat:
                time.sleep(0.001)
                continue
            assert last is not None
            if table.can_undo() and undone < 5 and rng.random() < 0.2:
                table.undo()
                undone += 1
            else:
                table.submit(me.choose(last, table.seat, legal(last, table.seat)))
            waiting = True
    finally:
        table.close()
    assert undone > 0  # the save holds undo lines
    assert last is not None
    res = outcome(last)
    assert res is not None
    return dict(res["scores"])


def withheld_log(path: Path, players: int = 3, after: int = 5) -> Game:
    """A whole network game between random bots, its log written to ``path``, in which the
    last seat withholds its reveal of a chance event (after chance event ``after``) once
    every other reveal is in, and is dropped for it by the others' votes."""
    store = TranscriptFile(path, fsync=False)
    g = Game(players, timeout_ms=10_000, store=store)
    cheat = players - 1
    g.play_until(lambda g: g.referee.st.chance_count >= after and g.referee.decision_seat() >= 0)
    g.sessions[cheat].suppress = frozenset({"reveal"})
    g.play_until(lambda g: g.referee.chance_round() > 0 and len(g.referee.reveals) == players - 1)
    g.now += 20_000
    for seat in range(cheat):
        assert g.sessions[seat].drop_overdue(g.now).ok
    g.auto.discard(cheat)
    g.finish()
    store.close()
    return g


def network_log(path: Path, players: int, resign: tuple[tuple[int, int], ...] = ()) -> tuple[Game, list[int]]:
    """A whole network game between random bots, its log written to ``path``; ``resign``
    lists (seat, engine step): that seat resigns at its first decision from that step on.
    Returns the game and, for each resignation, how many inputs the game had then."""
    store = TranscriptFile(path, fsync=False)
    g = Game(players, store=store)
    before: list[int] = []
    for seat, step in resign:
        g.play_until(lambda g, seat=seat, step=step: g.referee.st.steps >= step and g.referee.decision_seat() == seat)
        before.append(len(g.referee.inputs))
        assert g.sessions[seat].resign(g.now).ok
        g.auto.discard(seat)
    g.finish()
    store.close()
    return g, before
