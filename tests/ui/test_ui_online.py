"""The game screen of a network game (its table a NetTable, the peer in its own thread):
played to the end by clicks on what is highlighted, with the connection strip, chat in
the log, the overdue choice (vote the late seat to a computer player, or keep waiting)
and the verdict so far; real peers on loopback (tests/p2p/p2pkit.py's cluster)."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "p2p"))

from p2pkit import DROP_MS, Cluster  # noqa: E402

from game.client.nettable import NetTable  # noqa: E402
from game.rules import pending, state_hash  # noqa: E402
from game.ui.app import App, Intent  # noqa: E402
from game.ui.navigation import play  # noqa: E402


def tick(c: Cluster, skip: Any = None) -> None:
    """Step the cluster's peers (the window's peer steps in its table's thread), and give
    that thread a moment, as a window's frame cap does."""
    for p in c.everyone():
        if p is not skip:
            p.step(1)
    time.sleep(0.001)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(0.0)


def type_line(app: App, scene: Any, line: str) -> None:
    """Enter (the chat field takes the keys), the line, Enter (sent)."""
    scene.handle(Intent("key", key=pygame.K_RETURN))
    for ch in line:
        scene.handle(Intent("key", key=ord(ch.lower()) if ch.isalpha() else 0, text=ch))
    scene.handle(Intent("key", key=pygame.K_RETURN))
    app.frame(0.0)


def test_a_network_game_played_in_the_window_with_chat(home: Path) -> None:
    c = Cluster(home, 2)
    table = None
    try:
        c.start()
        person = c.peers[1]
        person.decider = None  # a person plays seat 1 in the window
        c.peers.remove(person)
        table = NetTable(person, human=True)
        app = App((1280, 720), hidden=True)
        scene: Any = play(app, table, "instant")
        rng = random.Random(3)
        said = False
        deadline = time.monotonic() + 150
        while not scene.ended:
            assert time.monotonic() < deadline, "the game did not end in the window"
            tick(c)
            app.frame(0.0)
            if not said and scene.shown is not None and scene.shown.steps > 40:
                type_line(app, scene, "Good game, host!")
                said = True
            if scene.ready():
                targets = scene.clickables()
                if targets:
                    click(app, targets[rng.randrange(len(targets))][0])
        c.run(lambda: c.host.over, 30, "the host's end")
        assert state_hash(scene.shown) == c.host.result()["state_hash"]
        assert any(s.name == "end" for s in app.scenes)  # the end screen over the board
        # the line went to the host, and is in the window's log
        assert any(line.endswith("bot1: Good game, host!") for line in scene.log), scene.log[-20:]
        assert any(h.target[0] == "link" for h in scene._strip_hits)  # every seat's connection, drawn
        assert table.verdict()[0] == "fair"
    finally:
        if table is not None:
            table.close()
        c.close()


def test_an_overdue_seat_is_voted_to_a_computer_player_from_the_window(home: Path) -> None:
    """Three players: the window's, the host's and one who goes silent. Once that seat is
    overdue, the window offers to hand it to a computer player; the host votes by itself,
    the window's click is the vote that completes the drop, and the game goes on."""
    c = Cluster(home, 3)
    table = None
    try:
        c.start(timeout_ms=DROP_MS)
        person = c.peers[1]
        person.decider = None
        c.run(lambda: person.session.seat == 1, 20, "the genesis at the window's peer")
        c.peers.remove(person)
        table = NetTable(person, human=True)
        app = App((1280, 720), hidden=True)
        scene: Any = play(app, table, "instant")
        silent = c.peers[1]  # seat 2
        silent.decider = None  # it never answers (else it might answer in the tick that shows its turn)

        def seat2_awaited() -> bool:  # the game waits for seat 2 alone (its table says so, and the screen shows it)
            st = scene.shown
            waits = table.waiting()
            return st is not None and pending(st).seat == 2 and [w.seat for w in waits] == [2]

        rng = random.Random(5)
        deadline = time.monotonic() + 120
        while not seat2_awaited():  # play on until the game waits for seat 2
            assert time.monotonic() < deadline, (scene.shown and pending(scene.shown), table.waiting(), scene.message)
            tick(c)
            app.frame(0.0)
            if scene.ready() and scene.clickables():
                targets = scene.clickables()
                click(app, targets[rng.randrange(len(targets))][0])
        c.clock.speed(40)  # seat 2 falls silent; the game's time runs 40 times faster
        deadline = time.monotonic() + 60
        while not scene._overdue:
            assert time.monotonic() < deadline, ("no overdue choice offered", table.waiting(), scene.message)
            tick(c, skip=silent)
            app.frame(0.0)
        assert [w.seat for w in table.waiting() if w.overdue] == [2], table.waiting()
        drop = next(b for b in scene._overdue if b.key == "drop")
        click(app, drop.rect.center)
        deadline = time.monotonic() + 60
        while not any("was dropped for keeping the game waiting" in line for line in scene.log):
            assert time.monotonic() < deadline, scene.log[-10:]
            tick(c, skip=silent)
            app.frame(0.0)
        status, reasons = table.verdict()
        assert status == "contested" and "dropped" in reasons[0], (status, reasons)
    finally:
        if table is not None:
            table.close()
        c.close()


def test_what_the_peer_reports_is_said_in_the_window_which_keeps_running(home: Path) -> None:
    """A desync, evidence kept against a player, a host that never answered, a refusal, a
    refused message and the peer stopping: each is a sentence on screen (and in the log),
    never a traceback, and the window draws on."""
    from game.client.nettable import Stopped
    from game.client.words.peer import sentence
    from net.peer.events import Desync, EvidenceKept, GaveUp, Refused, SubmitRefused

    c = Cluster(home, 2)
    table = None
    try:
        c.start()
        person = c.peers[1]
        person.decider = None
        c.run(lambda: person.session.seat == 1, 20, "the genesis at the window's peer")
        c.peers.remove(person)
        table = NetTable(person, human=True)
        app = App((1280, 720), hidden=True)
        scene: Any = play(app, table, "instant")
        for _ in range(20):
            tick(c)
            app.frame(0.0)
        key = "ab" * 32
        reports = [Desync(12, "11" * 32, "22" * 32, key, str(home / "g.jsonl.desync.json")),
                   EvidenceKept(key, 0, "great_britain", 7), GaveUp(60_000, (), str(home / "g.jsonl"), True),
                   Refused("full"), SubmitRefused("stale", "the game has changed since", None), Stopped("OSError: disk full")]
        for event in reports:
            table._feed.put(event)
            frames = app.frames
            for _ in range(3):
                app.dirty = True
                app.frame(0.0)
            assert app.frames > frames and app.running  # it draws on
            said = scene.message
            if isinstance(event, Stopped):
                assert "disk full" in said and "Continue" in said
            elif isinstance(event, SubmitRefused):
                assert "the game has changed since" in said
            else:
                assert sentence(event) in said or sentence(event) in scene.log, (event, said)
        assert "DESYNC" in " ".join(scene.log) and "desync.json" in " ".join(scene.log)
    finally:
        if table is not None:
            table.close()
        c.close()


def test_a_seat_falling_silent_and_coming_back_is_said(home: Path) -> None:
    """The strip marks a seat whose program stops answering as silent, and the log says so;
    when it answers again (its program reconnecting), the log says that too."""
    c = Cluster(home, 3)
    table = None
    try:
        c.start()
        person = c.peers[1]
        person.decider = None
        c.run(lambda: person.session.seat == 1, 20, "the genesis at the window's peer")
        c.peers.remove(person)
        table = NetTable(person, human=True)
        app = App((1280, 720), hidden=True)
        scene: Any = play(app, table, "instant")
        quiet = c.peers[1]  # seat 2's program stops answering for a while
        for _ in range(30):
            tick(c)
            app.frame(0.0)
        c.clock.speed(40)
        deadline = time.monotonic() + 30
        while not any("Spain (bot2) is silent" in line for line in scene.log):
            assert time.monotonic() < deadline, scene.log[-5:]
            tick(c, skip=quiet)
            app.frame(0.0)
        assert any(h.tip.startswith("Spain (bot2): silent") for h in scene._strip_hits)
        deadline = time.monotonic() + 30
        while not any("Spain (bot2) is connected again" in line for line in scene.log):
            assert time.monotonic() < deadline, scene.log[-5:]
            tick(c)
            app.frame(0.0)
    finally:
        if table is not None:
            table.close()
        c.close()
