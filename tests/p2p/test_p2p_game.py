"""Whole games between real peers over loopback: to the end, with a spectator joining
mid-game, with a peer killed and resumed, restarted within the timeout, withholding its
reveal, and two games side by side on one machine."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from p2pkit import CHAIN, DROP_MS, Cluster, crash, idle, run_until, verify_log, withhold

from game.cli.verify import format_report
from net.core.verify import verify_messages
from net.peer import Peer
from net.peer.events import Awaiting, GameEvent, Joined, Over, Started
from net.store import load
from net.verify import verify_file

MakeCluster = Callable[..., Cluster]


@pytest.fixture
def clusters(tmp_path: Path) -> Iterator[MakeCluster]:
    """Games in ``tmp_path``, every peer closed after the test."""
    made: list[Cluster] = []

    def make(players: int = 3, **kw: Any) -> Cluster:
        c = Cluster(tmp_path, players, name=f"game{len(made)}", **kw)
        made.append(c)
        return c

    yield make
    for c in made:
        c.close()


def test_three_peers_play_to_the_end_and_agree(clusters: MakeCluster) -> None:
    c = clusters(3)
    c.start()
    c.finish(60)
    assert len(c.hashes()) == 1
    first = [e.env.id for e in c.host.session.transcript.entries]
    outcome = c.host.result()["outcome"]
    assert outcome and outcome["winners"]
    for i, p in enumerate(c.peers):
        res = p.result()
        assert res["over"] and not res["desync"] and res["seat"] == i and res["outcome"] == outcome
        # every peer holds the same messages (each in its own arrival order) and its log verifies
        assert sorted(e.env.id for e in p.session.transcript.entries) == sorted(first)
        rep = verify_log(c.log(i))
        assert [pl["status"] for pl in rep.players] == ["played"] * 3
        assert rep.scores == outcome["scores"] and not rep.drops
        assert p.node.stats.bans == 0
        assert not set(p.node.stats.rejected) - {"stale"}, p.node.stats.rejected  # honest peers never misbehave
    # what the host reported, in order: the start, the game's lines, whom it waited for, its end
    said = c.host.events()
    kinds = [type(e) for e in said]
    assert kinds[:3] == [Joined, Joined, Started] and kinds.count(Over) == 1 and kinds[-1] is Over
    start = said[2]
    assert isinstance(start, Started) and start.hosting and [p for _, p in start.seats] == c.host.referee.g.powers
    lines = [e.entry for e in said if isinstance(e, GameEvent)]
    assert lines == c.host.session.log
    waits = [e.waits for e in said if isinstance(e, Awaiting)]
    assert all(waits[:-1]) and not waits[-1]  # someone until the end, then nobody
    assert len({tuple((w.seat, w.what) for w in ws) for ws in waits}) > 3
    end = said[-1]
    assert isinstance(end, Over) and end.result["state_hash"] == c.host.result()["state_hash"]
    assert not c.host.events()  # drained


def test_a_spectator_joining_mid_game_catches_up_and_never_signs(clusters: MakeCluster) -> None:
    c = clusters(2)
    c.start()
    c.run(lambda: c.messages() >= 120, 30, "mid-game")
    s = c.spectate()
    c.run(lambda: len(s.session.transcript) >= 100, 15, "the spectator's catch-up")
    assert s.session.seat == -1 and s.session.legal() == []
    c.finish(60)
    assert len(c.hashes()) == 1
    assert s.result()["outcome"] == c.host.result()["outcome"]
    me = s.identity.public_hex
    assert me not in s.session.transcript.heads()  # it signed nothing
    assert all(me not in p.session.transcript.heads() for p in c.peers)
    verify_log(s.files.log)


@pytest.mark.parametrize("victim", [0, 1], ids=["host", "joiner"])
def test_a_peer_killed_and_resumed_loses_nothing(clusters: MakeCluster, victim: int) -> None:
    c = clusters(3)
    c.start()
    c.run(lambda: c.messages() >= 150, 30, "mid-game")
    dead = c.peers[victim]
    me = dead.identity.public_hex
    crash(dead)
    before = load(dead.files.log).messages
    own_next = dead.session.transcript.heads()[me]
    live = [p for p in c.peers if p is not dead]
    c.peers = live
    idle(c.peers, 0.3)  # the others go on without it for a moment
    back = Peer.resume(c.ids[victim], dead.files.log, decider=c.decider(victim), clock=c.clock)
    c.peers = [*live[:victim], back, *live[victim:]]
    # the resumed peer rebuilt exactly what it had accepted, in its order
    assert [e.env.raw for e in back.session.transcript.entries] == before
    assert back.session.transcript.heads()[me] == own_next
    c.finish(60)
    assert len(c.hashes()) == 1
    after = load(back.files.log).messages
    assert after[:len(before)] == before and len(after) > len(before)
    rep = verify_log(back.files.log)
    assert not rep.drops and rep.players[victim]["status"] == "played"
    assert rep.players[victim]["messages"] > own_next  # it went on signing after the restart
    assert not back.files.log.with_name(back.files.log.name + ".evidence").exists()  # no equivocation
    for p in c.peers:
        verify_log(p.files.log)


def test_a_restart_within_the_timeout_just_catches_up(clusters: MakeCluster) -> None:
    """A peer closed (as by Ctrl-C) and resumed before the genesis timeout is not dropped."""
    c = clusters(2)
    c.start(timeout_ms=DROP_MS)
    c.run(lambda: c.messages() >= 80, 30, "mid-game")
    leaver = c.peers[1]
    leaver.close()
    assert leaver.store is not None
    with pytest.raises(ValueError, match="closed"):  # closing a peer closes its log
        leaver.store.append(b"{}")
    c.peers = [c.host]
    idle(c.peers, 1.0)
    assert c.host.session.waiting_for(c.host.clock())  # it does wait for the absent peer
    back = Peer.resume(c.ids[1], leaver.files.log, decider=c.decider(1), clock=c.clock)
    c.peers = [c.host, back]
    c.finish(60)
    assert len(c.hashes()) == 1
    for p in c.peers:
        rep = verify_log(p.files.log)
        assert not rep.drops
        assert all(json.loads(m)["kind"] != "drop" for m in load(p.files.log).messages)


def test_a_peer_withholding_its_reveal_is_dropped_and_replaced_by_a_bot(clusters: MakeCluster) -> None:
    c = clusters(3)
    c.start(timeout_ms=DROP_MS)
    c.run(lambda: c.messages() >= 60, 30, "mid-game")
    cheat = c.peers[2]
    withhold(cheat, "reveal")
    c.clock.speed(10)  # the timeout passes in a second
    c.finish(60)
    assert len(c.hashes()) == 1
    for p in c.peers:
        rep = verify_file(p.files.log)
        assert rep.status == "contested" and rep.failure is None
        assert len(rep.drops) == 1, rep.drops
        drop = rep.drops[0]
        assert drop["seats"] == [2] and drop["withheld"] == ["reveal"] and drop["voters"] == [0, 1]
        assert [pl["status"] for pl in rep.players] == ["played", "played", "dropped"]
        power = rep.players[2]["power"]
        assert f"{power} dropped for withholding (reveal), signed by seats [0, 1]" in format_report(rep)
    # the seat went on (played by the bot) to the end; the cheat signed nothing after the drop
    t = c.host.session.referee
    assert t is not None and t.control[2] == "dropped" and t.over
    assert cheat.session.seat == 2 and not cheat.session.my_turn()
    drop_line = rep.drops[0]["line"]
    cheat_key = c.ids[2].public_hex
    late = [e for e in c.host.session.transcript.entries[drop_line:] if e.env.author == cheat_key]
    assert not late


def test_the_joiners_find_each_other_at_once_and_go_on_when_the_host_vanishes(clusters: MakeCluster) -> None:
    """The host introduces its peers to each other as they arrive (not at its next
    heartbeat), so a host that dies right after signing the genesis leaves a mesh that
    can drop it and finish."""
    c = clusters(3)
    c.start(timeout_ms=DROP_MS)
    joiners = c.peers[1:]
    c.run(lambda: all(p.session.referee is not None for p in joiners), 5, "the genesis at every joiner")
    crash(c.host)
    c.peers = joiners
    c.clock.speed(10)
    run_until(joiners, lambda: all(p.over for p in joiners), 30, "the end of the game without the host")
    assert len({p.result()["state_hash"] for p in joiners}) == 1
    rep = verify_file(joiners[0].files.log)
    assert rep.status == "contested" and "CONTESTED" in format_report(rep)
    assert [d["seats"] for d in rep.drops] == [[0]] and rep.drops[0]["voters"] == [1, 2]


def test_two_games_on_one_machine_do_not_mix(clusters: MakeCluster) -> None:
    a, b = clusters(2), clusters(2)
    # a peer of each game also dials the other game's host: the link is refused (BYE)
    a.peers[1].node.connect(b.invite.endpoint, b.invite.curve)
    b.peers[1].node.connect(a.invite.endpoint, a.invite.curve)
    run_until([*a.everyone(), *b.everyone()], lambda: a.lobby.full and b.lobby.full, 10, "both lobbies full")
    assert a.host.start_game(timeout_ms=30_000, chain_length=CHAIN)
    assert b.host.start_game(timeout_ms=30_000, chain_length=CHAIN)
    both = [*a.everyone(), *b.everyone()]
    run_until(both, lambda: all(p.over for p in both), 60, "both games over")
    assert len(a.hashes()) == 1 and len(b.hashes()) == 1 and a.hashes() != b.hashes()
    for c, other in ((a, b), (b, a)):
        assert [s.key for s in c.lobby.seats] == [i.public_hex for i in c.ids]
        for p in c.peers:
            games = {json.loads(m)["game"] for m in load(p.files.log).messages}
            assert games == {c.game_id}
            authors = {e.env.author for e in p.session.transcript.entries}
            assert authors <= {i.public_hex for i in c.ids}
            # no link to the other game's nodes was ever greeted, and its addresses were never learnt
            other_nodes = {q.node.node_id for q in other.peers}
            assert not other_nodes & set(p.node.peers)
            assert not any(lk.greeted and lk.node in other_nodes for lk in p.node.links.values())
            verify_log(p.files.log)
    assert verify_messages(load(a.log(0)).messages).game == a.game_id
