"""Game clocks (docs/network.md, "Game clocks"; net/core/clocks.py): a turn's time counts
across undos, a seat's bank across its turns, and a peer signs one drop vote per position
and set of seats, never one that cannot count. Sessions on a simulated clock; the same
attacks with real peers are in tests/p2p/test_p2p_clocks.py."""

from __future__ import annotations

from netkit import Mesh, secret

from net.core.plans import PLAYER
from net.core.session import Session
from net.core.transcript import rebuild

T = 10_000  # the drop timeout of these games


def _to_auction(m: Mesh) -> int:
    """Play until a seat's bid of 0 leaves it still deciding (it then names a proposal):
    the position of the choice-and-undo attack. Returns that seat."""
    for _ in range(200):
        t = m.peers[0].referee
        d = t.decision_seat()
        if any(c.wire() == ["bid", 0] for c in m.peers[d].legal()):
            return d
        assert m.step()
    raise AssertionError("no auction")


def _votes(m: Mesh, author: int) -> int:
    t = m.peers[author].transcript
    return sum(1 for e in t.entries if e.env.kind == "drop" and e.seat == author and "keep" not in e.env.body)


def test_choice_and_undo_for_ever_does_not_hold_the_table() -> None:
    """Attack 1: a seat signs a bid that leaves it deciding, takes it back 0.6 timeouts
    later, signs it again... Its turn's time counts across the undos: the others vote it to
    a computer player soon after one timeout, and every peer ends on one state."""
    m = Mesh(3, timeout_ms=T)
    cheat = _to_auction(m)
    p = m.peers[cheat]
    honest = [x for i, x in enumerate(m.peers) if i != cheat]
    for k in range(12):
        m.now += 6 * T // 10
        if k % 2 == 0:
            p.submit(["bid", 0], m.now)
        else:
            p.undo(m.now)
        m.pump()
        for h in honest:
            h.drop_overdue(m.now)
            m.pump()
        if all(h.referee.control[cheat] != PLAYER for h in honest):
            break
    assert all(h.referee.control[cheat] != PLAYER for h in honest), "the seat still holds the table"
    assert m.now <= 3 * T  # within a few timeouts, not for ever
    assert len({x.transcript.state_hash for x in m.peers}) == 1


def test_a_seat_that_always_answers_just_in_time_runs_out_of_its_bank() -> None:
    """Attack 2: a seat answers every decision at 0.99 of the timeout. Its game clock (a
    bank of 1 minute, 1 s back per turn) runs out after a few of its turns, and then the
    others vote it to a computer player; a seat answering in 0.5 s never runs out."""
    m = Mesh(3, timeout_ms=T, bank_ms=60_000, increment_ms=1_000)
    slow = 1
    turns = 0
    for _ in range(400):
        if m.peers[0].referee.control[slow] != PLAYER:
            break
        d = next((i for i, x in enumerate(m.peers) if x.my_turn()), -1)
        if d < 0:
            raise AssertionError(f"stuck: {m.peers[0].referee.awaited()}")
        if d == slow:
            turns += 1
            m.now += 99 * T // 100
            for h in (m.peers[0], m.peers[2]):
                h.drop_overdue(m.now)
                m.pump()
            if m.peers[0].referee.control[slow] != PLAYER:
                break
        else:
            m.now += 500
        x = m.peers[d]
        x.submit(m.bots[d].choose(x.state, d, x.legal()), m.now)
        m.pump()
    assert m.peers[0].referee.control[slow] != PLAYER
    assert turns <= 8  # 60 s + 1 s a turn, 9.9 s a turn
    c = m.peers[0].clocks(m.now)
    assert c[0].bank is not None and c[0].bank > 50_000  # the quick seats keep their time
    assert len({x.transcript.state_hash for x in m.peers}) == 1


def test_one_vote_per_position_and_none_that_cannot_count() -> None:
    """Attack 3: an opponent vanishes. In a two-player game (no drop can count) the peer
    left signs no vote at all however long it waits; in a three-player game it signs one
    vote per position, never more."""
    m = Mesh(2, timeout_ms=T, silent=[1])
    for _ in range(500):
        m.now += 100
        m.peers[0].drop_overdue(m.now)
        m.pump()
    assert _votes(m, 0) == 0
    m3 = Mesh(3, timeout_ms=T, silent=[2])
    for _ in range(500):
        m3.now += 100
        for i in (0, 1):
            m3.peers[i].drop_overdue(m3.now)
        m3.pump()
    assert m3.peers[0].referee.control[2] != PLAYER  # dropped (it never sent its seat)
    assert _votes(m3, 0) == 1 and _votes(m3, 1) == 1


def test_half_the_players_awaited_at_once_make_no_votes() -> None:
    m = Mesh(4, timeout_ms=T, silent=[2, 3])
    for _ in range(300):
        m.now += 100
        for i in (0, 1):
            m.peers[i].drop_overdue(m.now)
        m.pump()
    assert _votes(m, 0) == 0 and _votes(m, 1) == 0


def test_clocks_are_shown_for_every_seat() -> None:
    m = Mesh(3, timeout_ms=T, bank_ms=120_000, increment_ms=5_000)
    m.now = 1_000
    seat = m.peers[0].referee.decision_seat()
    c = m.peers[1].clocks(m.now)
    assert [x.seat for x in c] == [0, 1, 2]
    assert c[seat].running and c[seat].turn == 1_000 and c[seat].bank == 119_000
    w = m.peers[1].waiting_for(m.now)
    assert [(x.seat, x.bank) for x in w] == [(seat, 119_000)] and not w[0].overdue
    m.step()
    assert m.peers[1].clocks(m.now)[seat].bank == 124_000 - 1  # the turn (1 ms more) ended with a decision: the increment


def _restarted(m: Mesh, i: int, now: int) -> Session:
    """Peer ``i`` as a new process has it: its game rebuilt from its log at ``now`` (its
    clocks made anew then)."""
    transcript, failure = rebuild([e.env.raw for e in m.peers[i].transcript.entries])
    assert failure is None
    return Session(m.ids[i], secret=secret(i), transcript=transcript, now=now)


def test_a_restarted_peer_goes_on_counting_the_game_clocks_from_its_peer_file() -> None:
    """A peer's clocks are its own: a new process of it used to start every bank full. It
    now goes on from the snapshot its peer file keeps (net/core/clocks.py): the banks spent
    in ended turns, the present turn too at the same position; the time it was not running
    counts for no one. A snapshot that is not one is refused whole."""
    m = Mesh(3, timeout_ms=60_000, bank_ms=120_000, increment_ms=0)
    slow = m.peers[0].referee.decision_seat()
    for _ in range(60):  # the slow seat takes 20 s for each of its decisions, the others 1 s
        d = m.peers[0].referee.decision_seat()
        m.now += 20_000 if d == slow else 1_000
        x = m.peers[d]
        x.submit(m.bots[d].choose(x.state, d, x.legal()), m.now)
        m.pump()
        if m.peers[1].clocks(m.now)[slow].bank < 60_000:
            break
    m.now += 7_000  # into the next turn of whoever decides now
    waiting = m.peers[0].referee.decision_seat()
    before = {c.seat: c.bank for c in m.peers[1].clocks(m.now)}
    assert before[slow] < 60_000
    snap = m.peers[1].clock_snapshot(m.now)
    assert snap is not None and snap["position"] == m.peers[1].transcript.position
    later = m.now + 3_600_000  # the process comes back an hour later, on a clock of its own
    full = _restarted(m, 1, later)
    assert full.clocks(later)[slow].bank == 120_000  # as it was: every bank full again
    back = _restarted(m, 1, later)
    assert back.restore_clocks(snap, later)
    assert {c.seat: c.bank for c in back.clocks(later)} == before  # the hour off counts for no one
    assert back.clocks(later + 500)[waiting].bank == before[waiting] - 500  # the present turn runs on
    for bad in ({"position": snap["position"], "used": [0, 0], "turns": [0, 0, 0], "turn": []},
                {**snap, "used": [-1, 0, 0]}, {**snap, "turns": [True, 0, 0]}, {**snap, "turn": [[9, 0, 0]]},
                {**snap, "used": "lots"}, [1, 2, 3], None):
        spoilt = _restarted(m, 1, later)
        assert not spoilt.restore_clocks(bad, later), bad
        assert spoilt.clocks(later)[slow].bank == 120_000
    older = _restarted(m, 1, later)  # a snapshot of an earlier position: the ended turns only
    assert older.restore_clocks({**snap, "position": snap["position"] - 1}, later)
    banks = {c.seat: c.bank for c in older.clocks(later)}
    assert banks == {s: b + (7_000 if s == waiting else 0) for s, b in before.items() if b is not None}
