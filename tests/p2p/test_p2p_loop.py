"""A peer's loop (``Peer.step``): what a turn of it does at once, and what it leaves.

A message that moves the game is acted on in the very turn that takes it in: a bot
whose turn it brings decides, and its news is reported. A turn woken by a frame that
changes none of that (a reveal short of the last of its chance event, a heartbeat) goes
back to sleep without its chores, which on a busy machine leaves the processor to the
peers that still have a chance event's work to do."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from p2pkit import Cluster, run_until, withhold

import net.peer.door
from net.peer import BotDecider, Peer


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Cluster]:
    c = Cluster(tmp_path, players=4, seed=3)
    try:
        c.start()
        c.run(lambda: all(p.session.referee is not None and p.session.referee.started for p in c.peers), 20,
              "every seat in the started game")
        yield c
    finally:
        c.close()


def test_a_message_that_moves_the_game_is_acted_on_in_the_turn_that_takes_it_in(game: Cluster) -> None:
    turns = 0
    while game.messages() < 300 and not game.host.over:
        for p in game.everyone():
            p.step(1)
            s = p.session
            # every line of news the game made is reported by the end of the turn
            assert p._told == len(s.log), (p.role, p._told, len(s.log))
            # a bot's decision that a message brought is made in the same turn: a bot
            # ends a turn with a decision still to make only right after its own message
            # (a move action, say, is several decisions in a row)
            assert isinstance(p.decider, BotDecider)
            assert not s.my_turn() or s.transcript.entries[-1].seat == s.seat, len(s.transcript)
        turns += 1
        assert turns < 20_000, "the game did not move"


def test_a_peer_woken_by_a_reveal_short_of_the_last_does_no_chores(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    c = Cluster(tmp_path, players=5, seed=4)
    try:
        watcher, others, holdout = c.peers[1], [c.peers[0], *c.peers[2:4]], c.peers[4]
        withhold(holdout, "reveal")  # the first chance event waits for it: the others' reveals stay short of the last
        c.start()
        c.run(lambda: all(p.session.referee is not None and p.session.referee.chance_round() for p in c.peers), 20,
              "the first chance event asked for")
        chores = [0]
        check = net.peer.door.check

        def counting_check(peer: Peer, now: int) -> None:
            chores[0] += peer is watcher
            check(peer, now)
        monkeypatch.setattr(net.peer.door, "check", counting_check)
        watcher.clock = lambda: watcher._stepped[1] - 1  # the periodic chores never fall due meanwhile
        run_until(others, lambda: all(len(p.session.referee.reveals) >= 3 for p in others  # type: ignore[union-attr]
                                      if p.session.referee is not None), 10, "the others' reveals")
        table = watcher.session.referee
        assert table is not None
        quiet = 0
        end = time.monotonic() + 1.0
        while time.monotonic() < end and len(table.reveals) < 4:
            before = (len(table.reveals), chores[0])
            watcher.step(1)
            if len(table.reveals) > before[0]:  # took in reveals, none the last (the holdout's never comes)
                quiet += 1
                assert chores[0] == before[1], "chores after a reveal that changed nothing they depend on"
        assert len(table.reveals) == 4 and table.chance_round() and quiet >= 1
        # and they come once CHORES_MS has passed (the drop timeout's votes, among them)
        due = watcher._stepped[1]
        watcher.clock = lambda: due
        watcher.step(1)
        assert chores[0] == 1
    finally:
        c.close()
