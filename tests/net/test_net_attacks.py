"""A cheating seat against the sessions of the others, with no sockets: votes that come
too early or drop too many, a flood of early messages, a settings trap in the genesis, a
made-up state hash; and every die of a game recomputed from the log with SHA-256 and
HMAC alone, as docs/protocol.md describes."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from pathlib import Path
from typing import Any

import pytest
from netkit import GAME_ID, Game, Mesh, identity, seats_for

import net.core.transcript as transcript_module
from game.cli.verify import format_report
from net.core.envelope import build
from net.core.session import MAX_HELD_SIGNED, MAX_HELD_UNSIGNED, SEQ_WINDOW, Held, Session
from net.core.verify import verify_messages
from net.store import TranscriptFile
from net.verify import verify_file


def _awaiting_seat_2(m: Mesh) -> None:
    """Play until every peer's game waits for seat 2 (it holds its reveal back)."""
    m.peers[2].suppress = frozenset({"reveal"})
    for _ in range(3000):
        if all(p.referee.chance_round() and set(p.referee.reveals) == {0, 1} for p in m.peers):
            return
        assert m.step()
    raise AssertionError("no chance event reached")


def test_a_vote_before_the_voters_own_clock_shows_the_seat_overdue_is_answered_by_a_promise() -> None:
    """Attack 2: seat 1 votes to drop seat 2 the moment it is due. Peer 0 takes the vote in
    and, its own clock showing seat 2 far from overdue, promises at once to keep seat 2:
    the drop can never complete at this position, seat 2 goes on as soon as it hears of the
    promise, and all three end on one state."""
    m = Mesh(3, rng=random.Random(3))
    _awaiting_seat_2(m)
    since = m.peers[0].waiting_for(m.now)[0].since
    assert m.peers[1]._act("drop", {"seats": [2]}, since + 1).ok  # the cheat does not wait
    vote = m.peers[1].outgoing()[-1]
    assert m.peers[0].incoming(vote, since + 2).ok
    promise = json.loads(m.peers[0].outgoing()[-1])
    assert promise["kind"] == "drop" and promise["body"] == {"seats": [2], "keep": True}
    assert not m.peers[0].referee.drop_pending(2)
    assert m.peers[2].incoming(vote, since + 2).ok
    assert m.peers[2].referee.drop_pending(2)  # seat 2 heard the vote: what it owes waits...
    m.peers[2].suppress = frozenset()
    m.peers[2].tick(since + 3)
    assert m.peers[2].outgoing() == []
    raw_promise = json.dumps(promise, sort_keys=True, separators=(",", ":")).encode()
    for i in (1, 2):
        assert m.peers[i].incoming(raw_promise, since + 4).ok
    m.peers[2].tick(since + 5)  # ...until the promise: then it reveals
    reveal = m.peers[2].outgoing()
    assert [json.loads(r)["kind"] for r in reveal] == ["reveal"]
    for i in (0, 1):
        assert m.peers[i].incoming(reveal[0], since + 6).ok
    assert len({p.transcript.state_hash for p in m.peers}) == 1 and all(p.referee.active(2) for p in m.peers)
    # a vote that comes in time (past half of the timeout here) is not answered so
    _awaiting_seat_2(m)
    since = m.peers[0].waiting_for(m.now)[0].since
    assert m.peers[1]._act("drop", {"seats": [2]}, since + 10_000).ok
    assert m.peers[0].incoming(m.peers[1].outgoing()[-1], since + 9_000).ok
    assert m.peers[0].outgoing() == [] and m.peers[0].referee.drop_pending(2)
    # but if seat 2's reveal reaches it while its clock shows seat 2 in time, it promises
    m.peers[2].suppress = frozenset()
    m.peers[2].tick(m.now)
    late = m.peers[2].outgoing()
    count = m.peers[0].referee.st.chance_count
    assert isinstance(m.peers[0].incoming(late[0], since + 9_500), Held)
    assert json.loads(m.peers[0].outgoing()[-1])["body"] == {"seats": [2], "keep": True}
    assert m.peers[0].referee.active(2) and m.peers[0].referee.st.chance_count == count + 1  # the reveal is in


def test_a_drop_needs_a_majority_and_its_seats_a_minority() -> None:
    """Attack 2: one seat cannot vote out all the others, and in a two-player game no one
    can be dropped (one seat is no majority of two)."""
    m = Mesh(3, rng=random.Random(8))
    m.silent = {0, 1}
    for p in m.peers:
        p.tick(0)
    m.now = 30_000
    vote = m.peers[2]._act("drop", {"seats": [0, 1]}, m.now)
    assert vote.ok  # taken in (it is part of the author's chain), but it counts for nothing
    assert m.peers[2].referee.votes == {} and all(m.peers[2].referee.active(s) for s in range(3))
    g = Game(2)
    g.sessions[1].suppress = frozenset({"reveal"})
    g.play_until(lambda g: g.referee.chance_round() > 0 and 0 in g.referee.reveals)
    g.now += 60_000
    assert g.sessions[0].drop_overdue(g.now) is None  # a vote that could not count is not even signed
    assert g.sessions[0]._act("drop", {"seats": [1]}, g.now).ok
    assert g.referee.active(1) and g.referee.votes == {}  # the game waits for seat 1; no die is known to seat 0 alone


def _lie(g: Game, seat: int, **over: Any) -> bytes:
    return g.envelope(seat, "choice", {"choice": ["pass"]}, **over)


def test_a_flood_of_early_messages_is_bounded_and_no_signature_is_checked_twice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack 3: a seat signs thousands of messages with seq far ahead. Those past the
    window are refused before their signature is checked; a few per author are held; a
    held message is retried only once it could pass, without checking its signature again."""
    g = Game(3)
    g.play_until(lambda g: g.referee.st.chance_count >= 2)
    watcher = Session(identity(7))
    for e in g.t.entries:
        assert watcher.incoming(e.env.raw, 0).ok
    author = g.ids[2].public_hex
    seq, prev = g.t.last_of(author)
    checked: list[str] = []
    real_check = transcript_module.check_signature

    def counting(env: Any, key: Any = None) -> Any:
        checked.append(env.id)
        return real_check(env, key)

    monkeypatch.setattr(transcript_module, "check_signature", counting)
    far = [_lie(g, 2, seq=seq + SEQ_WINDOW + 1 + k, prev=prev) for k in range(200)]
    near = [_lie(g, 2, seq=seq + 1 + k, prev=prev) for k in range(SEQ_WINDOW)]
    codes = [watcher.incoming(raw, 0) for raw in far + near]
    assert all(c.code == "out_of_order" and not isinstance(c, Held) for c in codes[:200])
    assert sum(isinstance(c, Held) for c in codes[200:]) == MAX_HELD_SIGNED
    assert watcher.held() == MAX_HELD_SIGNED
    assert len(checked) == SEQ_WINDOW  # the 200 far ones cost no signature check
    reveals = [g.envelope(2, "reveal", {"chance": {}, "r": 1, "value": "00" * 32}, seq=seq + 1 + k, prev=prev)
               for k in range(20)]
    assert sum(isinstance(watcher.incoming(raw, 0), Held) for raw in reveals) == MAX_HELD_UNSIGNED
    # the game goes on: the held messages are tried again only when they could pass
    checked.clear()
    g.play_until(lambda g: g.t.last_of(author)[0] > seq + 2)
    for e in g.t.entries[len(watcher.transcript):]:
        watcher.incoming(e.env.raw, 0)
    assert watcher.transcript.state_hash == g.t.state_hash
    held_ids = {json.loads(r)["seq"] for r in near[:MAX_HELD_SIGNED]}
    assert held_ids and len(checked) == len(set(checked))  # no signature checked twice
    assert watcher.held() <= MAX_HELD_SIGNED + MAX_HELD_UNSIGNED


def test_hostile_settings_in_a_genesis_are_refused() -> None:
    """Attack 6: a chain too short for a whole game (stuck at the 4th chance event), or a
    timeout of a millisecond or of days, make a genesis every peer refuses."""
    from net.core.transcript import Transcript

    def genesis(**over: Any) -> str:
        from net.core.genesis import Genesis

        body = Genesis(GAME_ID, tuple(seats_for(2)), chain_length=4096, timeout_ms=120_000, drop_bot="random").body()
        body.update(over)
        res = Transcript().offer(build(identity(0), game=GAME_ID, seq=0, prev=None, kind="genesis", at=0, state="",
                                       body=body).raw)
        return "ok" if res.ok else f"{res.code}: {res.text}"

    assert genesis() == "ok"
    assert genesis(chain_length=1024) == genesis(chain_length=65536) == genesis(timeout_ms=10_000) == "ok"
    for bad in ({"chain_length": 3}, {"chain_length": 1023}, {"chain_length": 1 << 20}, {"timeout_ms": 1},
                {"timeout_ms": 9_999}, {"timeout_ms": 3_600_001}):
        text = genesis(**bad)
        assert text.startswith("bad_genesis: ") and str(next(iter(bad.values()))) in text, text


def test_a_log_of_the_previous_protocol_is_refused_with_its_reason(tmp_path: Path) -> None:
    g = Game(2)
    g.play_until(lambda g: g.referee.st.chance_count >= 1)
    old = [json.loads(e.env.raw) for e in g.t.entries]
    for m in old:
        m["v"] = 3
    rep = verify_messages([json.dumps(m, sort_keys=True, separators=(",", ":")).encode() for m in old])
    assert rep.status == "failed" and rep.failure is not None
    assert rep.failure["line"] == 1 and rep.failure["code"] == "bad_version"
    assert "protocol version 3; this program speaks version 4" in rep.failure["text"]


def test_an_end_citing_a_position_before_the_final_one_is_refused() -> None:
    g = Game(2)
    g.sessions[1].suppress = frozenset({"end"})
    g.play_until(lambda g: g.referee.over and 1 in g.referee.opened and 0 in g.referee.ended)
    result = g.referee.st
    from game.rules import outcome

    out = outcome(result) or {}
    body = {"scores": out["scores"], "winners": out["winners"]}
    early = g.t.position - 2
    res = g.t.offer(g.envelope(1, "end", body, at=early, state=g.t.positions[early]))
    assert not res.ok and res.code == "stale" and "final position" in res.text
    assert g.t.offer(g.envelope(1, "end", body)).ok and g.referee.closed


def test_a_made_up_state_is_evidence_against_its_author_and_verify_shows_it(tmp_path: Path) -> None:
    """Attack 1 without sockets: a seat's signed message with another state hash is
    refused, kept in the evidence file (and a second message with its seq makes a proof of
    equivocation); the peer is not out of step for one author's word, and verify of its
    log says contested, naming the author."""
    g = Game(3)
    g.play_until(lambda g: g.referee.st.chance_count >= 2)
    log = tmp_path / "w.jsonl"
    watcher = Session(identity(7), journal=TranscriptFile(log))
    for e in g.t.entries:
        assert watcher.incoming(e.env.raw, 0).ok
    d = g.referee.decision_seat()
    lie = _lie(g, d, at=1, state="ab" * 32)
    res = watcher.incoming(lie, 0)
    assert not res.ok and res.code == "state_mismatch"
    assert not watcher.out_of_step()  # one author of three: evidence against it, not against this peer
    lines = (tmp_path / "w.jsonl.evidence").read_bytes().splitlines()
    assert [json.loads(x) for x in lines] == [{"mismatch": lie.decode()}]
    g.auto = set(range(3))
    g.finish()
    for e in g.t.entries[len(watcher.transcript):]:
        watcher.incoming(e.env.raw, 0)
    assert watcher.transcript.state_hash == g.t.state_hash and watcher.referee.closed
    assert len(watcher.transcript.equivocations) == 1  # its real message with that seq came later
    assert isinstance(watcher.journal, TranscriptFile)
    watcher.journal.close()
    rep = verify_file(log)
    assert rep.status == "contested" and rep.failure is None
    power = rep.players[d]["power"]
    assert {(e["kind"], e["power"]) for e in rep.evidence} == {("state", power), ("equivocation", power)}
    text = format_report(rep)
    assert "CONTESTED" in text and f"{power} (seat {d}) signed state abababababababab for position 1" in text
    # the evidence file proves nothing against a seat it does not name (lines that prove nothing are ignored)
    (tmp_path / "w.jsonl.evidence").write_bytes(b'{"mismatch":"{}"}\nnot json\n')
    assert verify_file(log).status == "fair"


def test_most_of_the_table_disagreeing_means_this_peer_is_out_of_step() -> None:
    g = Game(3)
    g.play_until(lambda g: g.referee.st.chance_count >= 2)
    watcher = Session(identity(7))  # a spectator: the three seats are the others
    for e in g.t.entries:
        assert watcher.incoming(e.env.raw, 0).ok
    watcher.incoming(_lie(g, 1, at=1, state="ab" * 32), 0)
    assert not watcher.out_of_step()
    watcher.incoming(_lie(g, 2, at=2, state="cd" * 32), 0)
    assert watcher.out_of_step()  # two seats of three: it is this peer that sees another game


def _by_hand(lines: list[bytes]) -> list[tuple[int, str, list[int], list[Any]]]:
    """Every die of a log from docs/protocol.md alone: the genesis gives the game id and the
    seats; the reveals of chance event r, in seat order, give B_r; the HMAC stream of B_r
    and the request's ranges give the values; its ``for`` says whose each is."""
    msgs = [json.loads(x) for x in lines]
    gid = bytes.fromhex(msgs[0]["game"])
    seat_of = {s["key"]: i for i, s in enumerate(msgs[0]["body"]["seats"]) if s["key"]}
    events: dict[int, list[tuple[int, bytes, Any]]] = {}
    for m in msgs:
        if m["kind"] == "reveal":
            b = m["body"]
            events.setdefault(b["r"], []).append((seat_of[m["author"]], bytes.fromhex(b["value"]), b["chance"]))
    out = []
    for r, reveals in sorted(events.items()):
        requests = {json.dumps(c, sort_keys=True) for _, _, c in reveals}
        assert len(requests) == 1, f"the revealers of chance event {r} disagree on its request"
        req = reveals[0][2]
        beacon = hashlib.sha256(b"soe/beacon" + gid + r.to_bytes(8, "big")
                                + b"".join(v for _, v, _ in sorted(reveals, key=lambda x: x[0]))).digest()

        def words(key: bytes = beacon) -> Any:
            c = 0
            while True:
                block = hmac.new(key, c.to_bytes(8, "big"), hashlib.sha256).digest()
                yield from (int.from_bytes(block[i:i + 4], "big") for i in range(0, 32, 4))
                c += 1

        stream, values = words(), []
        for lo, hi in req["ranges"]:
            n = hi - lo + 1
            w = next(stream)
            while w >= 2**32 - 2**32 % n:
                w = next(stream)
            values.append(lo + w % n)
        out.append((r, req["kind"], values, req["for"]))
    return out


def test_every_die_is_recomputed_from_the_log_with_sha256_and_hmac_alone() -> None:
    g = Game(4, seed=3, bot="greedy")
    g.finish()
    lines = [e.env.raw for e in g.t.entries]
    by_hand = _by_hand(lines)
    chances = g.referee.chances
    assert len(by_hand) == len(chances) > 20
    kinds = set()
    for (r, kind, values, owners), c in zip(by_hand, chances, strict=True):
        assert (r, kind, tuple(values), tuple(owners)) == (c.r, c.kind, c.values, c.owners)
        kinds.add(kind)
        if kind == "dice":  # a battle: the attacker's two dice, then the defender's (a power's or a neutral's)
            assert isinstance(owners[0], int) and owners[0] == owners[1] and owners[2] == owners[3]
            read = dict(c.dice)
            assert tuple(values[:2]) == read[owners[0]]
        if kind in ("first_player", "draw"):
            assert owners == [None] * len(values)
    assert {"first_player", "draw", "dice"} <= kinds


def test_soe_verify_says_contested_and_why_and_exits_non_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                               ) -> None:
    """Attack 7: a game with a drop is never called fair: the report names the drop and the
    command exits 1 (0 only for a fair game)."""
    from game.cli.verify import run

    g = Game(3)
    g.sessions[2].suppress = frozenset({"reveal"})
    g.play_until(lambda g: g.referee.chance_round() > 0 and len(g.referee.reveals) == 2)
    g.now += 20_000
    assert g.sessions[0].drop_overdue(g.now).ok and g.sessions[1].drop_overdue(g.now).ok
    g.auto = {0, 1}
    g.finish()
    log = tmp_path / "g.jsonl"
    log.write_bytes(b"".join(e.env.raw + b"\n" for e in g.t.entries))
    assert run(str(log), False) == 1
    out = capsys.readouterr().out
    power = g.t.genesis.seats[2].power if g.t.genesis else ""
    assert out.rstrip().endswith("CONTESTED") and "contested:" in out
    assert f"{power} withheld its reveal for chance event" in out
    assert run(str(log), True) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "contested" and not data["fair"] and len(data["contested"]) == 1
