"""A network game's table (game.client.nettable): the peer runs in the table's own thread,
the front end takes every move as a step (the state after it and its events as this seat
may see them), sends its choices and undos through the table, reads whose turn it is and
whom the game waits for from its snapshot, and a whole game played through it ends on
the same state as every other peer's."""

from __future__ import annotations

import random
import time
from pathlib import Path

from p2pkit import Cluster

from game.client.nettable import NetTable
from game.client.tables import Step
from game.rules import legal, pending, state_hash


def tick(c: Cluster) -> None:
    """Step the peers the cluster still steps itself (the table's peer steps in its thread)."""
    for p in c.everyone():
        p.step(1)


def test_a_whole_game_played_through_a_network_table(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2)
    table = None
    try:
        c.start()
        person = c.peers[1]
        person.decider = None  # a person plays seat 1, through the table
        c.peers.remove(person)  # stepped by the table's thread from now on
        table = NetTable(person, human=True)
        rng = random.Random(4)
        steps: list[Step] = []
        undone = tried_undo = 0
        own_clock: list[bool] = []  # at each of this seat's decisions: its clock ticks
        deadline = time.monotonic() + 120
        while not table.over:
            assert time.monotonic() < deadline, "the game did not end in time"
            tick(c)  # the host steps
            got = table.wait(0.01)
            steps += got
            if not steps or not table.my_turn():
                continue
            st = steps[-1].state
            if pending(st).seat != table.seat:
                continue  # the snapshot is ahead of the steps taken: take the next ones first
            own_clock.append(next(k.running and k.bank is not None for k in table.clocks() if k.seat == table.seat))
            if table.can_undo() and tried_undo < 3 and rng.random() < 0.5:
                tried_undo += 1
                before = len(steps)
                table.undo()
                while len(steps) == before:
                    tick(c)
                    steps += table.wait(0.01)
                back = steps[before]
                assert back.undo and back.actor == table.seat
                taken = [e for e in back.events if e.get("kind") == "undo"]
                assert taken and taken[0]["choice"], back.events  # the choice taken back, for the words
                undone += 1
                continue
            options = legal(st, table.seat)
            table.submit(options[rng.randrange(len(options))])
            before = len(steps)
            while len(steps) == before:  # the choice comes back as the next move
                tick(c)
                steps += table.wait(0.01)
        c.run(lambda: c.host.over, 30, "the host's end")
        end = time.monotonic() + 5
        while time.monotonic() < end and (not steps or not pending(steps[-1].state).is_over):
            steps += table.wait(0.05)
        assert pending(steps[-1].state).is_over
        assert state_hash(steps[-1].state) == c.host.result()["state_hash"]
        assert table.result()["state_hash"] == c.host.result()["state_hash"]
        assert any(s.actor == table.seat for s in steps) and any(s.actor == -1 for s in steps)
        assert undone >= 1  # choices were taken back within the turn
        # the game clocks, as the front ends read them: the genesis's, every seat's bank
        assert own_clock and all(own_clock)
        assert table.clock_rule() == (900_000, 15_000, 30_000)  # the defaults, and p2pkit's timeout
        assert [(k.seat, k.power, k.bank is not None) for k in table.clocks()] == [
            (0, "great_britain", True), (1, "france", True)]
        # every step's events are this seat's view: no other seat's unrest before the end
        others = [e for s in steps[:-3] for e in s.events if "unrest" in e and e.get("seat") != table.seat]
        assert not others
    finally:
        if table is not None:
            table.close()
        c.close()


def test_a_table_joined_mid_game_starts_from_where_the_game_is_and_closes_its_peer(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2)
    table = None
    try:
        c.start()
        c.run(lambda: c.messages() >= 12, 30, "a few moves")
        peer = c.peers[1]
        c.peers.remove(peer)  # stepped by the table's thread from now on
        table = NetTable(peer, human=False)  # its computer player goes on deciding
        got = table.wait(5)
        assert got and got[0].state.steps > 0 and not got[0].history  # where the game is now
        start = got[0].state.steps
        c.run(lambda: got.extend(table.steps()) is None and got[-1].state.steps > start + 10, 60, "more moves")
        assert not table.ended and table.started and not table.my_turn()  # nobody at this table decides
        table.close()
        assert peer.node.closed  # closed in its own thread, as it stopped
    finally:
        if table is not None:
            table.close()
        c.close()


def test_chat_and_resigning_through_a_network_table(tmp_path: Path) -> None:
    """A line said at the table reaches the other peer as a chat event; resigning hands
    the seat to the computer player, which then plays it on every peer."""
    from net.peer.events import Chat

    c = Cluster(tmp_path, 2)
    table = None
    try:
        c.start()
        person = c.peers[1]
        person.decider = None
        c.peers.remove(person)
        table = NetTable(person, human=True)
        assert table.chat("Hello from the table").result(5) == ""
        assert table.chat("").result(5) == "bad_body"
        heard: list[Chat] = []
        c.run(lambda: heard.extend(e for e in c.host.events() if isinstance(e, Chat)) is None and bool(heard), 20,
              "the host hearing the line")
        assert heard[0].text == "Hello from the table" and heard[0].seat == 1 and not heard[0].own
        mine = [n for n in table.notices() if isinstance(n, Chat)]
        assert mine and mine[0].own
        deadline = time.monotonic() + 60
        while not table.my_turn():  # resigning is a decision of one's own turn
            assert time.monotonic() < deadline
            tick(c)
            table.steps()
        table.resign()
        c.run(lambda: not c.host.session.referee.active(1), 20, "the resignation taken in")
        c.finish(120)  # the computer player plays seat 1 to the end, on every peer
        end = time.monotonic() + 10
        while time.monotonic() < end and not table.over:
            time.sleep(0.05)
        assert table.over and table.result()["state_hash"] == c.host.result()["state_hash"]
    finally:
        if table is not None:
            table.close()
        c.close()


def test_the_table_tells_its_front_end_once_when_news_waits(tmp_path: Path) -> None:
    """The window sleeps between frames: the table calls ``on_news`` (from the peer's
    thread) when a move comes, once until the front end reads the news, then again."""
    import threading

    c = Cluster(tmp_path, 2)
    table = None
    try:
        c.start()
        c.run(lambda: c.messages() >= 4, 30, "a few moves")
        peer = c.peers[1]
        c.peers.remove(peer)
        table = NetTable(peer, human=False)
        calls: list[int] = []
        rung = threading.Event()

        def told() -> None:
            calls.append(1)
            rung.set()

        table.on_news = told
        table.news()
        c.run(rung.is_set, 30, "news told")
        start = c.messages()
        c.run(lambda: c.messages() >= start + 6, 60, "more moves")
        time.sleep(0.1)
        assert len(calls) == 1  # news waits unread: told once
        assert table.news()  # read
        rung.clear()
        c.run(rung.is_set, 30, "the next news told")
        assert len(calls) == 2
    finally:
        if table is not None:
            table.close()
        c.close()
