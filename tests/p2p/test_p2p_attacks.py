"""A cheating seated player against honest peers over loopback: each attack is played
with real peers, and the honest ones finish their game on one state (see
docs/network.md, "Cheating players")."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from p2pkit import DROP_MS, Cluster, Raw, heard, idle, run_until, verify_log, withhold

from game.cli.verify import format_report
from net.core.beacon import HashChain, beacon_value, expand
from net.core.envelope import build
from net.core.session import MAX_HELD_SIGNED, MAX_HELD_UNSIGNED
from net.mesh import Limits
from net.peer import Peer
from net.verify import verify_file

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def made(tmp_path: Path) -> Iterator[list[Cluster]]:
    clusters: list[Cluster] = []
    yield clusters
    for c in clusters:
        c.close()


def cluster(made: list[Cluster], root: Path, players: int, **kw: object) -> Cluster:
    c = Cluster(root, players, name=f"game{len(made)}", **kw)  # type: ignore[arg-type]
    made.append(c)
    return c


def holds_all_of(peers: list[Peer], author: str, source: Peer) -> bool:
    want = source.session.transcript.last_of(author)
    return all(p.session.transcript.last_of(author) == want for p in peers)


def test_one_made_up_state_sent_to_one_peer_is_evidence_not_an_ejection(made: list[Cluster], tmp_path: Path) -> None:
    """Attack 1: a seated player signs its next message with a made-up state hash and sends
    it to one victim only. The victim refuses it, keeps it and passes it on; it does not stop
    (one author of two others is no majority); everyone finishes on one state, and verify
    of the victim's log says contested, naming the author."""
    c = cluster(made, tmp_path, 3)
    c.start()
    c.run(lambda: c.messages() >= 60, 30, "mid-game")
    victim, other, cheat = c.peers
    key = c.ids[2]
    run_until([victim, other], lambda: holds_all_of([victim, other], key.public_hex, cheat), 10,
              "the cheat's messages everywhere")
    t = victim.session.transcript
    seq, prev = t.last_of(key.public_hex)
    lie = build(key, game=c.game_id, seq=seq, prev=prev, kind="choice", at=1, state="ab" * 32,
                body={"choice": ["pass"]}).raw
    liar = Raw(victim.node.endpoint, victim.node.curve_public)
    try:
        assert liar.hello(c.game_id, have=t.heads()) and liar.frame(b"MSG", lie)
        run_until([victim, other], lambda: all((key.public_hex, seq) in p.session.transcript.mismatches
                                               for p in (victim, other)), 10, "the lie refused and passed on")
    finally:
        liar.close()
    assert not victim.desynced and not other.desynced
    c.finish(60)
    assert len(c.hashes()) == 1 and not any(p.desynced for p in c.peers)
    for p in (victim, other):
        evidence = p.files.log.with_name(p.files.log.name + ".evidence").read_bytes().splitlines()
        assert {"mismatch": lie.decode()} in [json.loads(x) for x in evidence]
        rep = verify_file(p.files.log)
        power = rep.players[2]["power"]
        assert rep.status == "contested" and rep.failure is None and not rep.drops
        assert ("state", power) in {(e["kind"], e["power"]) for e in rep.evidence}
        assert f"{power} (seat 2) signed state abababababababab for position 1" in format_report(rep)


def test_a_vote_to_drop_at_once_drops_no_one(made: list[Cluster], tmp_path: Path) -> None:
    """Attack 2: the cheat votes to drop seat 0 the moment the game waits for it, again
    and again. The other peers hold each vote until their own clocks show seat 0 overdue
    (it never is), and one vote is no majority anyway: no one is dropped."""
    c = cluster(made, tmp_path, 3)
    c.start(timeout_ms=DROP_MS)
    cheat = c.peers[2]
    votes: list[int] = []

    def vote_at_once() -> None:
        t = cheat.session.referee
        if t is None or not t.started or t.over:  # (at the very end it would only stop its own peer)
            return
        pos = cheat.session.transcript.position
        if 0 in dict(t.awaited()) and (not votes or votes[-1] != pos) and not t.votes:
            if cheat.session._act("drop", {"seats": [0]}, cheat.clock()).ok:
                votes.append(pos)

    c.run(lambda: all(p.over for p in c.everyone()), 90, "the end of the game", also=vote_at_once)
    assert len(votes) >= 3
    assert len(c.hashes()) == 1
    for p in c.peers:
        rep = verify_log(p.files.log)
        assert not rep.drops and [pl["status"] for pl in rep.players] == ["played"] * 3


def test_in_a_two_player_game_the_other_seat_cannot_be_dropped(made: list[Cluster], tmp_path: Path) -> None:
    """Attack 2 in two: dropping the opponent would leave one chain feeding every later
    die, known to the one left before anyone else. One seat of two is no majority: the
    vote counts for nothing and the game goes on between both."""
    c = cluster(made, tmp_path, 2)
    c.start(timeout_ms=DROP_MS)
    cheat = c.peers[1]
    c.run(lambda: c.messages() >= 30, 30, "play under way")
    assert cheat.session._act("drop", {"seats": [0]}, cheat.clock() + 10 * DROP_MS).ok
    c.finish(60)
    assert len(c.hashes()) == 1
    rep = verify_log(c.host.files.log)
    assert not rep.drops and not rep.unwitnessed


def test_a_flood_of_far_future_messages_costs_the_honest_peers_little(made: list[Cluster], tmp_path: Path) -> None:
    """Attack 3: the cheat signs thousands of messages with seq far ahead (and a few just
    ahead) and sends them to a peer. Those past the window are refused unchecked, a few
    are held, and the game goes on to the end on one state."""
    c = cluster(made, tmp_path, 3, limits=Limits(burst=4000))
    c.start()
    c.run(lambda: c.messages() >= 60, 30, "mid-game")
    victim = c.peers[0]
    key = c.ids[2]
    t = victim.session.transcript
    seq, prev = t.last_of(key.public_hex)
    here = {"game": c.game_id, "kind": "choice", "at": t.position, "state": t.state_hash,
            "body": {"choice": ["pass"]}}
    flood = [build(key, seq=seq + 1 + k, prev=prev, **here).raw for k in range(3000)]  # type: ignore[arg-type]
    rogue = Raw(victim.node.endpoint, victim.node.curve_public)
    try:
        assert rogue.hello(c.game_id, have=t.heads())
        sent = 0
        while sent < len(flood):
            if rogue.frame(b"MSG", flood[sent]):
                sent += 1
            else:
                victim.step(1)
        c.run(lambda: victim.node.stats.rejected.get("out_of_order", 0) >= 2000, 30, "the flood taken in")
        assert victim.session.held() <= MAX_HELD_SIGNED + MAX_HELD_UNSIGNED
        # nothing of the flood is remembered per link either (its ids would grow with it)
        assert [len(lk.known) < 50 for lk in victim.node.links.values() if lk.node == "raw"] == [True]
        c.finish(60)
    finally:
        rogue.close()
    assert len(c.hashes()) == 1 and not any(p.desynced for p in c.peers)
    assert victim.session.held() <= MAX_HELD_SIGNED + MAX_HELD_UNSIGNED
    for p in c.peers:
        verify_log(p.files.log)


def test_many_connections_asking_for_the_whole_game_get_one_copy_and_a_trickle(
        made: list[Cluster], tmp_path: Path) -> None:
    """Attack 4: twenty connections from one address each say HELLO with nothing held.
    Together they get what one address's catch-up budget allows (about one copy of the
    game, then a trickle), never twenty copies, and connections past the cap for their
    address are ignored."""
    lim = Limits(max_links_per_address=12, catchup_burst=256 << 10, catchup_rate=64 << 10)
    c = cluster(made, tmp_path, 3, limits=lim)
    c.start()
    c.finish(60)
    host = c.host.node
    log = sum(len(e.env.raw) for e in c.host.session.transcript.entries)
    rogues = [Raw(c.invite.endpoint, c.invite.curve) for _ in range(20)]
    try:
        for r in rogues:
            assert r.hello(c.game_id)
        # three seconds at least, and until every connection has been answered or refused
        # and the first half of the burst has gone out (a loaded machine makes the twenty
        # CurveZMQ handshakes slow), within a bound
        start = time.monotonic()
        while True:
            c.host.step(5)
            for r in rogues:
                r.read(0)
            elapsed = time.monotonic() - start
            if elapsed >= 3:
                got = sum(len(m) for r in rogues for m in r.messages())
                answered = sum(1 for r in rogues if r.kinds())
                settled = answered + host.stats.refused_links >= 20 and got >= lim.catchup_burst // 2
                if settled or elapsed >= 20:
                    break
    finally:
        for r in rogues:
            r.close()
    assert answered <= lim.max_links_per_address - 2  # the two joiners' connections count too
    assert host.stats.refused_links >= 20 - answered
    assert lim.catchup_burst <= log  # (the game is more than the burst: what follows is paced)
    assert lim.catchup_burst // 2 <= got <= lim.catchup_burst + int((elapsed + 1) * lim.catchup_rate), (log, got)
    assert got < answered * log // 4 and host.stats.catchup_paced > 0  # each answered one would get the game


def test_withholding_the_last_reveal_is_detected_and_the_game_contested(made: list[Cluster], tmp_path: Path) -> None:
    """Attack 5: the last seat to reveal computes the roll with its reveal and without it,
    and withholds. The others drop it after the timeout and roll without it; the log and
    verify say that it withheld after every other reveal was in, and the result is
    contested."""
    c = cluster(made, tmp_path, 3)
    c.start(timeout_ms=DROP_MS)
    c.run(lambda: c.messages() >= 60, 30, "mid-game")
    cheat = c.peers[2]
    withhold(cheat, "reveal")
    seen: dict[str, object] = {}

    def others_revealed() -> bool:
        t = cheat.session.referee
        return t is not None and t.chance_round() > 0 and set(t.reveals) == {0, 1}

    c.run(others_revealed, 30, "every other reveal in at the cheat")
    t = cheat.session.referee
    r = t.chance_round()
    ranges = t.st.stack and tuple(tuple(x) for x in t.request()["ranges"])
    mine = HashChain(cheat.session.secret, t.g.chain_length).reveal(r)
    with_it = expand(beacon_value(t.gid, r, [t.reveals[0], t.reveals[1], mine]), ranges)
    without = expand(beacon_value(t.gid, r, [t.reveals[0], t.reveals[1]]), ranges)
    seen.update(r=r, without=without, with_it=with_it)
    c.clock.speed(10)  # the timeout passes in a second
    c.finish(60)
    assert len(c.hashes()) == 1
    host = c.host.session.referee
    assert host is not None and host.chances[r - 1].values == without  # the roll made without the cheat
    for p in c.peers[:2]:
        rep = verify_file(p.files.log)
        assert rep.status == "contested" and rep.failure is None
        drop = rep.drops[0]
        assert drop["seats"] == [2] and drop["after_reveals"] and drop["chance"] == r
        assert f"withheld its reveal for chance event {r} after every other reveal of it was in" in format_report(rep)


def test_hostile_settings_are_shown_to_a_joiner_and_a_genesis_out_of_bounds_is_refused(
        made: list[Cluster], tmp_path: Path) -> None:
    """Attack 6: a joiner is shown the game's timeout and chain length by the host's lobby
    before it asks for a seat, and takes none when they are out of bounds; a genesis with
    hash chains of 3 (stuck at the 4th chance event) is refused by every peer, and the real
    one is played to the end."""
    said: list[str] = []
    c = cluster(made, tmp_path, 2, join=False)
    c.lobby.settings = {"chain_length": 3, "timeout_ms": 500}
    joiner = c.join(1)
    c.run(lambda: any("cannot be played" in s for s in heard(joiner, said)), 10, "the settings shown")
    assert said[0] == "the host's game: a silent seat may be voted out after 0.5 s; hash chains of 3 reveals"
    assert "the hash chains must be 1024 to 65536 long, not 3; not taking a seat" in said[1]
    idle(c.everyone(), 1.0)
    assert not c.lobby.full  # it never asked for a seat
    # an honest lobby: the joiner is told, then sits
    good = cluster(made, tmp_path, 2, join=False)
    good.lobby.settings = {"chain_length": 1024, "timeout_ms": 30_000}
    told: list[str] = []
    j2 = good.join(1)
    good.run(lambda: good.lobby.full, 10, "the seat taken")
    assert heard(j2, told)[0] == "the host's game: a silent seat may be voted out after 30 s; hash chains of 1024 reveals"
    from net.core.genesis import Genesis

    bad = Genesis(good.game_id, tuple(good.lobby.seat_infos()), chain_length=3, timeout_ms=500).body()
    trap = build(good.ids[0], game=good.game_id, seq=0, prev=None, kind="genesis", at=0, state="", body=bad).raw
    assert j2.replica.receive(trap, j2.clock()) == "bad_genesis"
    assert j2.session.transcript.genesis is None
    good.start()
    good.finish(60)
    assert len(good.hashes()) == 1


def test_soe_host_refuses_settings_out_of_bounds_in_one_line(tmp_path: Path) -> None:
    for args, text in ((["--timeout", "1"], "the timeout must be 10 to 3600 seconds, not 1"),
                       (["--chain-length", "3"], "the hash chains must be 1024 to 65536 long, not 3")):
        out = subprocess.run([sys.executable, "-m", "game.cli", "host", "--text", "--players", "2", "--no-announce",
                              "--log", str(tmp_path / "g.jsonl"), *args], cwd=ROOT, capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 2 and out.stderr.strip() == f"soe host: {text}", out.stderr
        assert "Traceback" not in out.stderr and not (tmp_path / "g.jsonl").exists()
