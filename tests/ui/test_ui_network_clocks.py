"""The game clocks on a network game's screen (real peers on loopback, tests/p2p/p2pkit.py's
cluster; the window's peer in a NetTable): each seat's bank in its player's panel, ticking
down for the seat the table waits for and red under a minute; the increment given back
once its turn ends with a decision; the waiting line saying why a seat is overdue (its
clock ran out). The screens are written as artefacts in English and Italian."""

from __future__ import annotations

import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "p2p"))

from p2pkit import Cluster  # noqa: E402

from game.client.nettable import NetTable, SeatClock  # noqa: E402
from game.client.words.lang import speaking  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.drawing import palette as P  # noqa: E402
from game.ui.navigation import play  # noqa: E402
from net.core.genesis import MAX_TIMEOUT_MS  # noqa: E402
from tests.ui.test_ui_online import click, tick  # noqa: E402


def _turn(c: Cluster, app: App, until: Callable[[], bool], what: str, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while not until():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        tick(c)
        app.frame(0.0)


def _clock(table: NetTable, seat: int) -> SeatClock:
    return next(k for k in table.clocks() if k.seat == seat)


def _tip(scene: Any, seat: int) -> str:
    return next(h.tip for h in scene._strip_hits if h.target == ("clock", str(seat)))


def _shown(scene: Any, seat: int) -> int:
    """The seconds left that seat ``seat``'s clock shows (its tooltip's m:ss)."""
    m = re.search(r"(\d+):(\d\d)", _tip(scene, seat))
    assert m is not None, _tip(scene, seat)
    return int(m.group(1)) * 60 + int(m.group(2))


def _border(app: App, scene: Any, seat: int) -> tuple[int, int, int]:
    """The colour of the top edge of seat ``seat``'s clock (drawn only while it ticks)."""
    chip = next(h.rect for h in scene._strip_hits if h.target == ("clock", str(seat)))
    r, g, b, _ = app.surface.get_at((chip.centerx, chip.y))
    return r, g, b


def test_the_bank_ticks_down_for_the_awaited_seat_and_a_turn_gives_back_the_increment(
        home: Path, artefacts: Path) -> None:
    c = Cluster(home, 2)
    table = None
    try:
        c.start(timeout_ms=MAX_TIMEOUT_MS, bank_ms=300_000, increment_ms=60_000)
        person = c.peers[1]
        person.decider = None  # a person plays seat 1 in the window
        c.run(lambda: person.session.seat == 1, 20, "the genesis at the window's peer")
        c.peers.remove(person)
        table = NetTable(person, human=True)
        app = App((1280, 720), hidden=True)
        scene: Any = play(app, table, "instant")
        _turn(c, app, lambda: table.my_turn() and scene.ready() and bool(scene.clickables()), "seat 1's decision")
        app.frame(0.0)
        assert _clock(table, 1).running and not _clock(table, 0).running
        first = _shown(scene, 1)
        assert 240 < first <= 300 and "ticking" in _tip(scene, 1), _tip(scene, 1)
        assert "5 min each + 1 min a turn" in _tip(scene, 0) and "ticking" not in _tip(scene, 0)
        assert _border(app, scene, 1) == P.HIGHLIGHT[:3]
        c.clock.speed(30)  # the game's time runs 30 times faster: the bank goes down
        _turn(c, app, lambda: _shown(scene, 1) <= first - 20, "seat 1's clock to go down", 10)
        c.clock.speed(1)
        app.frame(0.0)
        pygame.image.save(app.surface, str(artefacts / "online-clocks.png"))
        # the seat decides: once its turn ends, the increment comes back (the clock stops)
        rng = random.Random(2)
        last = _clock(table, 1).bank
        while _clock(table, 1).running:
            assert last is not None
            last = min(last, _clock(table, 1).bank or 0)
            if scene.ready() and scene.clickables() and table.my_turn():
                targets = scene.clickables()
                click(app, targets[rng.randrange(len(targets))][0])
            _turn(c, app, lambda: True, "a frame")
        after = _clock(table, 1).bank
        assert after is not None and last is not None and after > last + 45_000, (last, after)  # + 1 min, less the clicks
        # the next turn: the bank runs out, red under a minute, and the waiting line says why it is overdue
        _turn(c, app, lambda: _clock(table, 1).running and table.my_turn(), "seat 1's next decision")
        c.clock.speed(200)
        _turn(c, app, lambda: (_clock(table, 1).bank or 0) < 50_000, "seat 1 under a minute", 20)
        c.clock.speed(1)
        app.frame(0.0)
        assert _border(app, scene, 1) == P.BAD[:3]  # red
        c.clock.speed(200)
        _turn(c, app, lambda: "(out of time)" in scene.waiting_said, "the bank spent", 20)
        c.clock.speed(1)
        app.frame(0.0)
        assert "its game clock ran out" in _tip(scene, 1)
        pygame.image.save(app.surface, str(artefacts / "online-clocks-spent.png"))
        with speaking("it"):
            _turn(c, app, lambda: "(tempo esaurito)" in scene.waiting_said,
                  "the Italian waiting line", 10)
            assert "5 min a testa + 1 min a turno" in _tip(scene, 0), _tip(scene, 0)
            pygame.image.save(app.surface, str(artefacts / "it-online-clocks-spent.png"))
    finally:
        if table is not None:
            table.close()
        c.close()


@pytest.mark.parametrize(("bank", "increment"), [(600_000, 5_000), (0, 0)])
def test_a_spectator_sees_every_seats_clock(home: Path, bank: int, increment: int) -> None:
    """A spectator's window shows the clocks as the players' do: every seat's bank in its
    panel, the one the table waits for ticking; a game with no game clock shows none."""
    c = Cluster(home, 2)
    table = None
    try:
        watcher = c.spectate()
        c.start(bank_ms=bank, increment_ms=increment)
        for p in c.peers:
            p.decider = None  # nobody answers: the table waits for the first decision
        c.run(lambda: watcher.session.referee is not None, 20, "the genesis at the spectator")
        c.spectators.remove(watcher)
        table = NetTable(watcher, human=False)
        app = App((1280, 720), hidden=True)
        scene: Any = play(app, table, "instant")
        _turn(c, app, lambda: any(k.running for k in table.clocks()) and scene.shown is not None, "a wait", 30)
        app.frame(0.0)
        app.draw()
        shown = [h for h in scene._strip_hits if h.target[0] == "clock"]
        if not bank:
            assert not shown and scene.clock_room() == 0 and table.clock_rule() == (0, 0, 30_000)
            return
        assert sorted(h.target[1] for h in shown) == ["0", "1"]
        running = next(k for k in table.clocks() if k.running)
        assert "10 min each + 5 s a turn" in _tip(scene, running.seat) and "ticking" in _tip(scene, running.seat)
    finally:
        if table is not None:
            table.close()
        c.close()
