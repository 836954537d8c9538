"""Sessions: peers with their own transcripts agree whatever the arrival order; undo,
drop and resign; waiting and timeouts; hidden unrest in what a seat sees."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from netkit import Game, Mesh, identity

from game.rules import Act, Choice, apply, legal, pending
from net.core.session import Session
from net.core.transcript import Transcript
from net.core.verify import verify_messages


def undoable(g: Game) -> tuple[int, Choice]:
    """Play until the deciding seat has a choice after which it decides again, with no
    chance and no war ending in between."""
    for _ in range(3000):
        st = g.referee.st
        d = g.referee.decision_seat()
        if d >= 0:
            for c in legal(st, d):
                nxt, events = apply(st, Act(d, c))
                p = pending(nxt)
                if (not p.is_chance and p.seat == d and nxt.chance_count == st.chance_count
                        and not any(e.kind == "war_end" for e in events)):
                    return d, c
        assert g.step()
    raise AssertionError("no multi-step turn found")


def test_mesh_peers_agree_whatever_the_arrival_order() -> None:
    finals = set()
    for seed in (1, 2):
        m = Mesh(3, rng=random.Random(seed))
        m.finish()
        hashes = {p.transcript.state_hash for p in m.peers}
        assert len(hashes) == 1
        finals |= hashes
        for p in m.peers:  # each peer's log (its own arrival order) verifies
            rep = verify_messages([e.env.raw for e in p.transcript.entries])
            assert rep.fair, rep.failure
        orders = {tuple(e.env.id for e in p.transcript.entries) for p in m.peers}
        assert len(orders) > 1  # the peers did see different orders
    assert len(finals) == 1  # and the game is the same for any delivery order


def test_undo_within_turn_and_its_limits() -> None:
    g = Game(3)
    d, c = undoable(g)
    s = g.sessions[d]
    before_hash, before_pos = g.t.state_hash, g.t.position
    other = g.sessions[(d + 1) % 3]
    assert not other.undo(g.now).ok  # nothing of theirs to take back
    assert s.submit(c, g.now).ok
    assert g.referee.undo_stack[-1][0] == d
    assert other.undo(g.now).code in ("not_your_turn", "undo_refused")
    target = g.referee.undo_stack[-1][1]
    bad = g.envelope(d, "undo", {"target": "00" * 32})
    assert g.t.offer(bad).code == "undo_refused"
    res = s.undo(g.now)
    assert res.ok
    assert g.t.state_hash == before_hash and g.t.position == before_pos + 2
    assert not g.referee.undo_stack or g.referee.undo_stack[-1][1] != target
    # never past chance: right after a chance event there is nothing to take back
    g.play_until(lambda g: g.referee.decision_seat() >= 0 and not g.referee.undo_stack)
    assert g.sessions[g.referee.decision_seat()].undo(g.now).code == "undo_refused"
    g.finish()
    assert verify_messages([e.env.raw for e in g.t.entries]).fair


def test_undo_is_replayed_identically_by_every_peer() -> None:
    m = Mesh(2, rng=random.Random(3))
    undone = 0
    for _ in range(400):
        for p in m.peers:
            if p.my_turn():
                st = p.state
                for c in p.legal():
                    nxt, _ = apply(st, Act(p.seat, c))
                    q = pending(nxt)
                    if not q.is_chance and q.seat == p.seat and nxt.chance_count == st.chance_count:
                        h = p.transcript.state_hash
                        assert p.submit(c, m.now).ok and p.undo(m.now).ok
                        assert p.transcript.state_hash == h
                        undone += 1
                        break
                m.pump()
        if undone >= 3:
            break
        m.step()
    assert undone >= 3
    m.finish()
    assert len({p.transcript.state_hash for p in m.peers}) == 1


def test_withholding_seat_is_dropped_and_a_bot_plays_it() -> None:
    g = Game(3, timeout_ms=10_000)
    g.sessions[2].suppress = frozenset({"reveal"})
    g.play_until(lambda g: g.referee.chance_round() > 0 and len(g.referee.reveals) == 2)
    g.now = 20_000
    waits = g.sessions[0].waiting_for(g.now)
    assert [(w.seat, w.what) for w in waits] == [(2, "reveal")]
    since = waits[0].since
    assert not g.sessions[0].waiting_for(since + 9_999)[0].overdue
    assert g.sessions[0].waiting_for(since + 10_000)[0].overdue
    g.now = since + 10_000
    stuck = g.referee.st.chance_count
    assert g.sessions[0].drop_overdue(g.now).ok
    assert g.referee.active(2) and g.referee.st.chance_count == stuck  # one vote is not enough
    assert g.sessions[0].drop_overdue(g.now) is None  # and a second one from the same seat is not sent
    assert g.sessions[1].drop_overdue(g.now).ok
    assert not g.referee.active(2) and g.referee.st.chance_count > stuck  # dropped; the chance event completed
    late = g.envelope(2, "reveal", {"r": g.referee.st.chance_count, "value": "00" * 32})
    assert g.t.offer(late).code in ("not_expected", "stale")
    g.auto = {0, 1}
    g.finish()
    rep = verify_messages([e.env.raw for e in g.t.entries])
    assert rep.status == "contested" and rep.failure is None  # sound, but seat 2 chose a roll without its reveal
    assert rep.drops and rep.drops[0]["seats"] == [2] and rep.drops[0]["withheld"] == ["reveal"]
    assert rep.drops[0]["after_reveals"] and rep.drops[0]["chance"] == stuck + 1
    assert len(rep.contested) == 1 and "after every other reveal of it was in" in rep.contested[0]
    assert rep.players[2]["status"] == "dropped"
    assert set(rep.unrest) == {rep.players[0]["power"], rep.players[1]["power"]}


def test_drop_of_a_seat_that_does_not_decide_is_the_same_on_every_peer() -> None:
    m = Mesh(3, rng=random.Random(11))
    m.silent = {1}
    for _ in range(500):
        if not m.step():
            break
    assert all(p.waiting_for(m.now)[0].seat == 1 for p in m.peers if p.seat != 1)
    m.now += 20_000
    for i in (0, 2):
        assert m.peers[i].drop_overdue(m.now).ok
        m.pump()
    for i in (0, 2):
        assert not m.peers[i].referee.active(1)
    m.peers = [m.peers[0], m.peers[2]]
    m.inbox = [[], []]
    m.n = 2
    m.silent = set()
    for _ in range(5000):
        if all(p.referee.closed for p in m.peers):
            break
        if not m.step():
            raise AssertionError([p.referee.awaited() for p in m.peers])
    assert m.peers[0].transcript.state_hash == m.peers[1].transcript.state_hash


def test_vote_for_a_seat_not_awaited_counts_for_nothing() -> None:
    g = Game(3)
    d = g.referee.decision_seat()
    other = [s for s in range(3) if s != d]
    res = g.t.offer(g.envelope(other[0], "drop", {"seats": [other[1]]}))
    assert res.ok and not res.changed and g.referee.active(other[1]) and not g.referee.votes
    assert g.t.offer(g.envelope(other[0], "drop", {"seats": [other[0]]})).code == "bad_body"
    assert g.t.offer(g.envelope(other[0], "drop", {"seats": [2, 1]})).code == "bad_body"


def test_resign_gives_the_seat_to_the_bot() -> None:
    g = Game(2)
    d = g.referee.decision_seat()
    assert not g.sessions[1 - d].resign(g.now).ok
    assert g.sessions[d].resign(g.now).ok
    assert not g.referee.active(d)
    g.auto = {1 - d}
    g.finish()
    rep = verify_messages([e.env.raw for e in g.t.entries])
    assert rep.players[d]["status"] == "resigned"
    # one player's chain alone fed every later chance event: that player knew those dice first
    assert rep.status == "contested" and rep.unwitnessed and not rep.drops
    assert rep.unwitnessed == list(range(rep.unwitnessed[0], rep.chance_events + 1))
    assert ["unwitnessed" in c for c in rep.contested] == [True]


def test_a_game_whose_last_player_resigns_is_closed_not_incomplete() -> None:
    """With no active seat left the bots play to the end within the last resign, and no one
    is left to sign an end: the game is closed there (docs/protocol.md, section 10)."""
    g = Game(2)
    d = g.referee.decision_seat()
    assert g.sessions[d].resign(g.now).ok
    g.auto = {1 - d}
    g.play_until(lambda g: g.referee.decision_seat() == 1 - d)
    assert not g.referee.over
    last = g.envelope(1 - d, "resign", {})
    assert g.t.offer(last).ok
    assert g.referee.over and g.referee.closed and not g.referee.awaited()
    assert g.t.offer(g.envelope(1 - d, "end", {"scores": {}, "winners": []})).code == "game_closed"
    log = [e.env.raw for e in g.t.entries]
    assert log[-1] == last
    rep = verify_messages(log)
    assert rep.failure is None and rep.status == "contested" and rep.scores
    assert [p["status"] for p in rep.players] == ["resigned", "resigned"]
    assert rep.unwitnessed[-1] == rep.chance_events


def test_no_one_sees_others_unrest_before_the_openings() -> None:
    m = Mesh(3, rng=random.Random(4))
    m.peers[2].suppress = frozenset({"open", "end"})
    for _ in range(5000):
        if all(p.referee.over and 0 in p.referee.ended and 1 in p.referee.ended for p in m.peers):
            break
        assert m.step()
    for seat in (0, 1):
        s = m.peers[seat]
        assert s.log and any(line.get("seat", seat) != seat for line in s.log)
        for line in s.log:
            assert "unrest" not in line or line.get("seat") == seat, line
            assert line["kind"] != "unrest_revealed"
        assert [i for i, u in enumerate(s.view()["unrest"]) if u is not None] == [seat] and s.outcome() is None
        for e in s.transcript.entries:  # nothing in the transcript tells unrest before the openings
            if e.env.kind != "open":
                assert "unrest" not in e.env.raw.decode()
    m.peers[2].suppress = frozenset()
    m.peers[2].tick(m.now)
    m.pump()
    for s in m.peers:
        assert any(line["kind"] == "unrest_revealed" for line in s.log)
        assert None not in s.view()["unrest"] and s.outcome() is not None and s.referee.closed


def test_spectator_session_follows_the_game() -> None:
    from net.core.identity import Identity
    from net.core.session import Session

    g = Game(2)
    g.play_until(lambda g: g.referee.st.chance_count >= 3)
    watcher = Session(Identity.from_seed(b"\x77" * 32))
    raws = [e.env.raw for e in g.t.entries]
    rng = random.Random(4)
    for i in range(0, len(raws), 8):  # each run of 8 in any order: held and applied when possible
        chunk = raws[i:i + 8]
        rng.shuffle(chunk)
        for raw in chunk:
            watcher.incoming(raw, 0)
    assert watcher.transcript.state_hash == g.t.state_hash
    assert watcher.seat == -1 and not watcher.outgoing() and not any(u is not None for u in watcher.view()["unrest"])


@pytest.mark.parametrize("kind", ["open"])
def test_seat_withholding_its_opening_can_be_dropped(kind: str) -> None:
    g = Game(3)
    g.sessions[2].suppress = frozenset({kind})
    g.play_until(lambda g: g.referee.over and {0, 1} <= g.referee.ended)
    g.now += 20_000
    assert g.sessions[0].waiting_for(g.now)[0].what == "open"
    assert g.sessions[0].drop_overdue(g.now).ok and g.sessions[1].drop_overdue(g.now).ok
    assert g.referee.closed
    rep = verify_messages([e.env.raw for e in g.t.entries])
    assert rep.status == "contested" and rep.drops[0]["withheld"] == ["open"]


def test_seat_that_never_joins_is_dropped_and_play_starts() -> None:
    m = Mesh(3, rng=random.Random(2), silent=[2])
    assert all(not p.referee.started for p in m.peers[:2])
    assert [(w.seat, w.what) for w in m.peers[0].waiting_for(m.now)] == [(2, "seat")]
    m.now = 20_000
    for i in (0, 1):
        assert m.peers[i].drop_overdue(m.now).ok
        m.pump()
    assert all(p.referee.started and not p.referee.active(2) for p in m.peers[:2])
    m.peers, m.inbox, m.n, m.silent = m.peers[:2], [[], []], 2, set()
    m.finish()
    assert m.peers[0].transcript.state_hash == m.peers[1].transcript.state_hash


def test_equivocation_proof_is_kept_in_the_evidence_file(tmp_path: Path) -> None:
    from net.store import TranscriptFile

    g = Game(2)
    watcher = Session(identity(5), journal=TranscriptFile(tmp_path / "w.jsonl"))
    for e in g.t.entries:
        assert watcher.incoming(e.env.raw, 0).ok
    d = g.referee.decision_seat()
    seq, prev = g.t.last_of(g.ids[d].public_hex)
    twin = g.envelope(d, "choice", {"choice": ["the same seq again"]}, seq=seq - 1,
                      prev=g.t.entries[g.t._by_seq[(g.ids[d].public_hex, seq - 1)]].env.prev)
    assert watcher.incoming(twin, 0).code == "equivocation"
    lines = (tmp_path / "w.jsonl.evidence").read_bytes().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["second"] == twin.decode()


def _withheld_reveal_mesh() -> Mesh:
    """Three peers at a chance event where seats 0 and 1 have revealed and seat 2 holds its
    reveal back, past the timeout."""
    m = Mesh(3, rng=random.Random(5))
    m.peers[2].suppress = frozenset({"reveal"})
    for _ in range(3000):
        t = m.peers[0].referee
        if t.chance_round() and set(t.reveals) == {0, 1} and all(p.referee.chance_round() for p in m.peers):
            break
        assert m.step()
    m.now += 20_000
    return m


def _send(m: Mesh, i: int, to: Sequence[int]) -> None:
    for raw in m.peers[i].outgoing():
        for j in to:
            m.inbox[j].append(raw)


def _deliver(m: Mesh, j: int) -> list[str]:
    """Give peer j what waits in its inbox, in order; the codes it answered."""
    box, m.inbox[j] = m.inbox[j], []
    codes = []
    for raw in box:
        res = m.peers[j].incoming(raw, m.now)
        codes.append("accepted" if res.ok else res.code)
    return codes


def _finish(m: Mesh, peers: Sequence[int]) -> None:
    m.peers = [m.peers[i] for i in peers]
    m.inbox, m.n, m.silent = [[] for _ in peers], len(peers), set()
    m.bots = [m.bots[i] for i in peers]
    for p in m.peers:
        p.suppress = frozenset()
        p.tick(m.now)
    m.pump()
    for _ in range(5000):
        if all(p.referee.closed for p in m.peers):
            return
        if not m.step():
            raise AssertionError([p.referee.awaited() for p in m.peers])


def test_a_late_reveal_crossing_the_last_drop_vote_leaves_every_voter_on_the_same_side() -> None:
    """Seat 2's reveal reaches peer 0 after peer 0 voted but before peer 1's vote: peer 0
    holds it (drop_pending) instead of taking it in, so when the last vote arrives both
    voters drop seat 2, as peer 1 (which had both votes first) did. Without the hold,
    peer 0 would have completed the chance event with seat 2's reveal and ignored the
    vote that came after: a split."""
    m = _withheld_reveal_mesh()
    assert m.peers[0].drop_overdue(m.now).ok
    _send(m, 0, [1])  # peer 2 has not seen it
    assert _deliver(m, 1) == ["accepted"]
    m.peers[2].suppress = frozenset()
    m.peers[2].tick(m.now)  # seat 2 comes back and reveals, knowing of no vote
    _send(m, 2, [0, 1])
    m.inbox[0], late = [], m.inbox[0]  # the reveal to peer 0 is in flight
    assert m.peers[1].drop_overdue(m.now).ok  # peer 1 has the reveal neither: the last vote
    _send(m, 1, [0, 2])
    assert not m.peers[1].referee.active(2)
    m.inbox[0] = late + m.inbox[0]  # peer 0 gets the reveal, then the last vote
    assert _deliver(m, 0)[:1] == ["drop_pending"]
    assert not m.peers[0].referee.active(2)
    assert _same_line(m.peers[0].transcript, m.peers[1].transcript)
    _deliver(m, 1)  # the reveal reaches peer 1 after the drop: refused, nothing changes
    assert _same_line(m.peers[0].transcript, m.peers[1].transcript)
    _finish(m, [0, 1])
    assert m.peers[0].transcript.state_hash == m.peers[1].transcript.state_hash


def _same_line(a: Transcript, b: Transcript) -> bool:
    """The two peers passed through the same states: one is where the other was, or both
    are at the same place (after the drop, either may already have played on with the
    dropped seat's bot and the next dice, so one may be ahead)."""
    return a.state_hash in b.positions or b.state_hash in a.positions


def test_a_peer_that_took_the_late_reveal_first_promises_to_keep_the_seat_and_the_voter_follows() -> None:
    """Peer 1 takes seat 2's reveal in before it hears of any vote, so it will never vote:
    on seeing peer 0's vote it promises to keep seat 2 (a drop with keep), and peer 0,
    which held the reveal, takes it in. All three go on together, seat 2 still playing."""
    m = _withheld_reveal_mesh()
    assert m.peers[0].drop_overdue(m.now).ok
    _send(m, 0, [1, 2])
    vote = m.inbox[1]
    m.inbox[1] = []
    m.peers[2].suppress = frozenset()
    m.peers[2].tick(m.now)
    _send(m, 2, [0, 1])
    assert m.peers[2].transcript.entries[-1].env.kind == "reveal"  # sent before it heard of the vote
    assert _deliver(m, 1) == ["accepted"]  # peer 1: the reveal; the chance event completes
    m.inbox[1] = vote
    assert _deliver(m, 1) == ["accepted"]  # the vote comes too late to count there...
    _send(m, 1, [0, 2])  # ...so peer 1 promises to keep seat 2
    keep = json.loads(m.inbox[0][-1])
    assert keep["kind"] == "drop" and keep["body"] == {"seats": [2], "keep": True} and keep["at"] < (
        m.peers[1].transcript.position)
    codes = _deliver(m, 0)
    assert codes[0] == "drop_pending"  # peer 0 voted: it held the reveal until the promise
    assert m.peers[0].referee.active(2) and m.peers[0].transcript.state_hash == m.peers[1].transcript.state_hash
    _deliver(m, 2)
    assert m.peers[2].transcript.state_hash == m.peers[1].transcript.state_hash
    _finish(m, [0, 1, 2])
    assert len({p.transcript.state_hash for p in m.peers}) == 1
    assert all(p.referee.active(2) for p in m.peers)


def test_a_player_who_declines_to_drop_promises_to_keep_the_seat_and_its_late_reveal_is_taken_in() -> None:
    """Peer 1 does not vote (its player declines): its promise lets peer 0, which voted and
    holds seat 2's late reveal, take it in; no one is dropped."""
    m = _withheld_reveal_mesh()
    assert m.peers[0].drop_overdue(m.now).ok
    _send(m, 0, [1, 2])
    _deliver(m, 1)
    _deliver(m, 2)
    assert m.peers[2].drop_overdue(m.now) is None  # (seat 2 votes for no one: it is the one awaited)
    m.peers[2].suppress = frozenset()
    m.peers[2].tick(m.now)  # it heard of the vote: its reveal waits, unsent
    assert m.peers[2].outgoing() == [] and m.peers[2].referee.drop_pending(2)
    promised = m.peers[1].keep_waiting(m.now)
    assert [r.ok for r in promised] == [True] and m.peers[1].keep_waiting(m.now) == []
    _send(m, 1, [0, 2])
    _deliver(m, 0)
    _deliver(m, 2)
    assert not any(p.referee.drop_pending(2) for p in m.peers)
    m.peers[2].tick(m.now)  # released: the reveal goes out
    _send(m, 2, [0, 1])
    _deliver(m, 0)
    _deliver(m, 1)
    assert len({p.transcript.state_hash for p in m.peers}) == 1 and all(p.referee.active(2) for p in m.peers)
    _finish(m, [0, 1, 2])
    assert len({p.transcript.state_hash for p in m.peers}) == 1
