"""Acceptance: every kind of bad message is refused with its reason code and changes
nothing, and the game goes on to a fair end afterwards."""

from __future__ import annotations

import json

import pytest
from netkit import Game, secret

from game.rules import Choice, legal
from net.core.encoding import canonical_json, sha256
from net.core.envelope import PROTOCOL_VERSION, build
from net.core.identity import Identity
from net.core.unrest import commitment, derive_salt
from net.core.verify import verify_messages


def refused(g: Game, raw: bytes) -> str:
    """Offer ``raw``; it must be refused and leave everything as it was. Returns the code."""
    before = g.snapshot()
    res = g.t.offer(raw)
    assert not res.ok, res
    assert g.snapshot() == before
    return res.code


def finish_fair(g: Game) -> None:
    g.auto = set(range(g.n))
    for s in g.sessions:
        s.suppress = frozenset()
    g.settle()
    g.finish()
    rep = verify_messages([e.env.raw for e in g.t.entries])
    assert rep.fair, rep.failure


@pytest.fixture
def game() -> Game:
    return Game(3)


def test_form_signature_and_author(game: Game) -> None:
    g = game
    d = g.referee.decision_seat()
    choice = legal(g.referee.st, d)[0].wire()
    good = g.envelope(d, "choice", {"choice": choice})
    assert refused(g, b"garbage") == "malformed"
    assert refused(g, good + b" ") == "not_canonical"
    assert refused(g, b'{"x":"' + b"a" * 40000 + b'"}') == "oversized"
    obj = json.loads(good)
    assert refused(g, canonical_json({k: v for k, v in obj.items() if k != "sig"})) == "unsigned"
    forged = dict(obj, body={"choice": legal(g.referee.st, d)[-1].wire() + ["x"]})
    assert refused(g, canonical_json(forged)) == "bad_signature"
    sig = bytearray(bytes.fromhex(obj["sig"]))
    sig[5] ^= 1
    assert refused(g, canonical_json(dict(obj, sig=sig.hex()))) == "bad_signature"
    stranger = Identity.from_seed(b"\x55" * 32)
    assert refused(g, g.envelope(d, "choice", {"choice": choice}, identity=stranger)) == "unknown_author"
    assert refused(g, g.envelope(d, "choice", {"choice": choice}, game="ff" * 16)) == "wrong_game"
    assert refused(g, g.envelope(d, "chat", {"text": "hi"})) == "not_transcript"
    assert g.t.offer(good).ok
    finish_fair(g)


def test_turn_legality_at_and_state(game: Game) -> None:
    g = game
    d = g.referee.decision_seat()
    other = (d + 1) % 3
    options = legal(g.referee.st, d)
    assert refused(g, g.envelope(other, "choice", {"choice": options[0].wire()})) == "not_your_turn"
    assert refused(g, g.envelope(d, "choice", {"choice": ["no_such_thing"]})) == "illegal"
    assert refused(g, g.envelope(d, "choice", {"choice": "pass"})) == "bad_body"
    assert refused(g, g.envelope(d, "choice", {"choice": options[0].wire(), "x": 1})) == "bad_body"
    assert refused(g, g.envelope(d, "choice", {"choice": options[0].wire()}, at=g.t.position + 1)) == "future_at"
    assert refused(g, g.envelope(d, "choice", {"choice": options[0].wire()}, state="ab" * 32)) == "state_mismatch"
    old_at, old_state = g.t.position, g.t.state_hash
    assert g.step()
    d2 = g.referee.decision_seat()
    if d2 >= 0:
        opt = legal(g.referee.st, d2)[0].wire()
        assert refused(g, g.envelope(d2, "choice", {"choice": opt}, at=old_at, state=old_state)) == "stale"
    finish_fair(g)


def test_replay_order_and_equivocation(game: Game) -> None:
    g = game
    d = g.referee.decision_seat()
    author = g.ids[d].public_hex
    seq, prev = g.t.last_of(author)
    first = g.envelope(d, "choice", {"choice": legal(g.referee.st, d)[0].wire()})
    assert refused(g, g.envelope(d, "choice", {"choice": legal(g.referee.st, d)[0].wire()}, seq=seq + 1,
                                 prev=sha256(b"x").hex())) == "out_of_order"
    assert refused(g, g.envelope(d, "choice", {"choice": legal(g.referee.st, d)[0].wire()},
                                 prev=sha256(b"x").hex())) == "bad_prev"
    assert g.t.offer(first).ok
    assert refused(g, first) == "duplicate"
    twin = g.envelope(d, "choice", {"choice": ["the same seq again"]}, seq=seq, prev=prev)
    assert refused(g, twin) == "equivocation"
    proof = g.t.equivocations[-1]
    assert (proof.author, proof.seq, proof.first, proof.second) == (author, seq, first, twin)
    finish_fair(g)


def test_reveals_must_hash_onto_the_chain() -> None:
    g = Game(3)
    g.sessions[2].suppress = frozenset({"reveal"})
    g.play_until(lambda g: g.referee.chance_round() > 0 and 2 not in g.referee.reveals and len(g.referee.reveals) == 2)
    t = g.referee
    r = t.chance_round()
    chain = g.sessions[2]._chain_for(t)
    assert refused(g, g.envelope(2, "reveal", {"chance": g.referee.request(), "r": r, "value": "11" * 32})) == "bad_reveal"
    assert refused(g, g.envelope(2, "reveal", {"chance": g.referee.request(), "r": r, "value": chain.reveal(r - 1).hex()})) == "bad_reveal"
    assert refused(g, g.envelope(2, "reveal", {"chance": g.referee.request(), "r": r + 1, "value": chain.reveal(r + 1).hex()})) == "bad_round"
    assert refused(g, g.envelope(2, "reveal", {"chance": g.referee.request(), "r": r, "value": "xyz"})) == "bad_body"
    assert refused(g, g.envelope(1, "reveal", {"chance": g.referee.request(), "r": r, "value": chain.reveal(r).hex()})) == "not_expected"
    count = t.st.chance_count
    assert g.t.offer(g.envelope(2, "reveal", {"chance": g.referee.request(), "r": r, "value": chain.reveal(r).hex()})).ok
    assert g.referee.st.chance_count == count + 1  # the last reveal completes the chance event
    finish_fair(g)


def test_a_reveal_needs_no_signature_and_its_forgeries_blame_no_one() -> None:
    g = Game(3)
    g.sessions[2].suppress = frozenset({"reveal"})
    g.play_until(lambda g: g.referee.chance_round() > 0 and 2 not in g.referee.reveals and len(g.referee.reveals) == 2)
    r = g.referee.chance_round()
    req = g.referee.request()
    value = g.sessions[2]._chain_for(g.referee).reveal(r).hex()
    author = g.ids[2].public_hex
    seq, prev = g.t.last_of(author)
    # with the value, anyone can write seat 2's reveal without its key: the very bytes seat 2 writes
    genuine = g.envelope(2, "reveal", {"chance": req, "r": r, "value": value})
    by_hand = canonical_json({"v": PROTOCOL_VERSION, "game": g.t.game_id, "author": author, "seq": seq, "prev": prev,
                              "kind": "reveal", "at": g.t.position, "state": g.t.state_hash,
                              "body": {"chance": req, "r": r, "value": value}, "sig": ""})
    assert by_hand == genuine
    # and nothing else passes
    wrong_state = g.envelope(2, "reveal", {"chance": req, "r": r, "value": value}, state="ab" * 32)
    assert refused(g, wrong_state) == "bad_state"  # not a desync: anyone could have sent it
    before = g.t.position - 1
    assert refused(g, g.envelope(2, "reveal", {"chance": req, "r": r, "value": value}, at=before,
                                 state=g.t.positions[before])) == "stale"
    assert refused(g, g.envelope(2, "reveal", {"chance": req, "r": r, "value": value},
                                 prev="cd" * 32)) == "bad_prev"
    # the chance request is the engine's, word for word
    wrong_request = {**req, "for": [None] * len(req["ranges"]) if req["kind"] != "draw" else [0] * len(req["ranges"])}
    assert refused(g, g.envelope(2, "reveal", {"chance": wrong_request, "r": r, "value": value})) == "bad_body"
    res = g.t.offer(genuine)
    assert res.ok and json.loads(genuine)["sig"] == ""
    # once it is in, another reveal at that seq is a forgery, kept as no proof against seat 2
    again = g.envelope(2, "reveal", {"chance": req, "r": r, "value": value}, seq=seq, prev=prev,
                       state="cd" * 32)
    assert refused(g, again) == "forged" and g.t.equivocations == []
    finish_fair(g)


def test_a_session_holds_few_early_reveals_per_author() -> None:
    from net.core.session import MAX_HELD_UNSIGNED, Held

    g = Game(3)
    g.play_until(lambda g: g.referee.st.chance_count >= 1)
    watcher = g.sessions[1]
    author = g.ids[2].public_hex
    seq, prev = g.t.last_of(author)
    early = [g.envelope(2, "reveal", {"r": 1, "value": "00" * 32}, seq=seq + 1 + k, prev=prev)
             for k in range(MAX_HELD_UNSIGNED + 3)]
    codes = [watcher.incoming(raw, 0) for raw in early]
    assert all(isinstance(c, Held) for c in codes[:MAX_HELD_UNSIGNED])
    assert [c.code for c in codes[MAX_HELD_UNSIGNED:]] == ["out_of_order"] * 3  # refused, not held
    assert not any(isinstance(c, Held) for c in codes[MAX_HELD_UNSIGNED:])
    # a signed early message of the same author is still held
    signed = g.envelope(2, "choice", {"choice": ["pass"]}, seq=seq + 20, prev=prev)
    assert isinstance(watcher.incoming(signed, 0), Held)


def test_openings_must_match_commitments_and_engine() -> None:
    g = Game(2)
    g.sessions[1].suppress = frozenset({"commit", "open", "end"})
    g.play_until(lambda g: 1 in g.referee.war_end_pos)
    gid = g.referee.gid
    true_u = g.referee.war_unrest[1][1]
    salt = derive_salt(secret(1), 1)
    assert refused(g, g.envelope(1, "commit", {"war": 2, "commit": "00" * 32})) == "not_expected"
    assert refused(g, g.envelope(1, "commit", {"war": 1, "commit": "zz"})) == "bad_body"
    # a decision waits for every seat's commitment; it is refused (a session holds it) until then
    d = g.referee.decision_seat()
    if d == 0:
        assert refused(g, g.envelope(0, "choice", {"choice": legal(g.referee.st, 0)[0].wire()})) == "commit_missing"
    lie = commitment(gid, 1, 1, true_u + 1, salt)  # seat 1 commits to a false value
    assert g.t.offer(g.envelope(1, "commit", {"war": 1, "commit": lie.hex()})).ok
    g.sessions[1].suppress = frozenset({"open", "end"})
    g.play_until(lambda g: g.referee.over and 0 in g.referee.ended)
    ops = [{"war": w, "unrest": g.referee.war_unrest[w][1], "salt": derive_salt(secret(1), w).hex()} for w in (1, 2, 3)]
    assert refused(g, g.envelope(1, "open", {"openings": ops})) == "bad_opening"  # the truth, but not committed
    ops[0]["unrest"] = true_u + 1
    assert refused(g, g.envelope(1, "open", {"openings": ops})) == "bad_opening"  # committed, but not the engine's
    ops[0]["salt"] = "00" * 32
    assert refused(g, g.envelope(1, "open", {"openings": ops})) == "bad_opening"
    assert refused(g, g.envelope(1, "open", {"openings": ops[:2]})) == "bad_body"
    assert refused(g, g.envelope(1, "end", {"scores": {}, "winners": []})) == "not_expected"


def test_honest_openings_end_and_close() -> None:
    g = Game(2)
    g.sessions[1].suppress = frozenset({"open", "end"})
    g.play_until(lambda g: g.referee.over and 0 in g.referee.ended)
    g.sessions[1].suppress = frozenset({"end"})
    g.settle()
    assert 1 in g.referee.opened
    assert refused(g, g.envelope(1, "end", {"scores": {"x": 1}, "winners": []})) == "bad_end"
    g.sessions[1].suppress = frozenset()
    g.settle()
    assert g.referee.closed
    assert refused(g, g.envelope(0, "end", {"scores": {}, "winners": []})) == "game_closed"
    rep = verify_messages([e.env.raw for e in g.t.entries])
    assert rep.fair and rep.unrest


def test_genesis_checks() -> None:
    from netkit import GAME_ID, identity, seats_for

    from net.core.release import RELEASE
    from net.core.transcript import Transcript

    def genesis(body_over: dict[str, object], **over: object) -> str:
        body = {"protocol": PROTOCOL_VERSION, "release": RELEASE, "ruleset": "standard", "options": {},
                "seats": [s.to_json() for s in seats_for(2)], "chain_length": 1024, "timeout_ms": 10_000,
                "clock": {"bank_ms": 600_000, "increment_ms": 5_000}, "drop_bot": "random"}
        body.update(body_over)
        fields: dict[str, object] = {"game": GAME_ID, "seq": 0, "prev": None, "kind": "genesis", "at": 0,
                                     "state": "", "body": body}
        fields.update(over)
        res = Transcript().offer(build(identity(0), **fields).raw)  # type: ignore[arg-type]
        assert not res.ok
        return res.code

    two = [s.to_json() for s in seats_for(2)]
    assert genesis({"release": "0.0.1+0123456789abcdef"}) == "release_mismatch"
    assert genesis({"engine": "1"}) == "bad_genesis"  # the field of releases before the release was named
    assert genesis({"clock": {"bank_ms": 1_000, "increment_ms": 0}}) == "bad_genesis"  # a bank of 1 s
    assert genesis({"clock": {"bank_ms": 0, "increment_ms": 5_000}}) == "bad_genesis"  # an increment, no bank
    assert genesis({"clock": {"bank_ms": 600_000}}) == "bad_genesis"
    assert genesis({"seats": [two[0], dict(two[1], nonce="zz")]}) == "bad_genesis"
    assert genesis({"ruleset": "../etc/passwd"}) == "bad_genesis"
    assert genesis({"seats": two[:1]}) == "bad_genesis"
    assert genesis({"seats": [two[0], dict(two[1], key=two[0]["key"])]}) == "bad_genesis"
    assert genesis({"seats": [two[0], dict(two[1], power="atlantis")]}) == "bad_genesis"
    assert genesis({"chain_length": 0}) == "bad_genesis"
    assert genesis({"drop_bot": "genius"}) == "bad_genesis"
    assert genesis({}, at=1) == "future_at"
    t = Transcript()
    assert t.offer(build(identity(0), game=GAME_ID, seq=0, prev=None, kind="choice", at=0, state="",
                         body={"choice": ["pass"]}).raw).code == "no_genesis"


def test_choice_wire_round_trip() -> None:
    assert Choice.from_wire(["move", "a", 1]).wire() == ["move", "a", 1]
