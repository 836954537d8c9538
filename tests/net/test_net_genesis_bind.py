"""A seat message binds to the one genesis it was made for (docs/protocol.md, the ``seat``
body's ``genesis``), and a genesis seats a joiner only with the nonce of its hello:
- the same game id signed again for another lobby cannot turn a joiner's old messages
  into a proof of equivocation against it (attack 9 of the second hostile review);
- a genesis signed again after the game, with other settings, does not verify with the
  game's messages (attack 10)."""

from __future__ import annotations

from dataclasses import replace

from netkit import GAME_ID, Game, identity, seats_for, secret

from net.core.envelope import build
from net.core.lobby import new_nonce
from net.core.session import Session
from net.core.transcript import Transcript
from net.core.verify import verify_messages


def _game_with_nonces(nonces: list[str], joiner_secret: bytes, timeout_ms: int = 10_000) -> Game:
    """A two-seat game whose genesis (the same game id each time) names ``nonces``."""
    g = Game.__new__(Game)
    g.n = 2
    g.t = Transcript()
    g.ids = [identity(0), identity(1)]
    g.sessions = [Session(g.ids[0], secret=secret(0), transcript=g.t),  # type: ignore[misc]
                  Session(g.ids[1], secret=joiner_secret, transcript=g.t)]
    from game.bots import make_bot
    g.bots = [make_bot("random", i) for i in range(2)]
    g.auto = {0, 1}
    g.now = 0
    seats = [replace(s, nonce=nonces[i]) for i, s in enumerate(seats_for(2))]
    assert g.sessions[0].create(seats, now=0, game_id=GAME_ID, timeout_ms=timeout_ms, drop_bot="random").ok
    g.settle()
    return g


def test_a_game_id_signed_again_cannot_frame_a_joiner_with_its_old_messages() -> None:
    """Rule R-NET: a host that signs the same game id again (for another lobby) and offers
    the joiner's seat and choices of the first game gets them refused, without any proof of
    equivocation against the joiner."""
    first = _game_with_nonces(["", new_nonce()], secret(1, tag=1))
    first.play_until(lambda g: g.t.last_of(g.ids[1].public_hex)[0] >= 6)
    old = [e.env.raw for e in first.t.entries if e.env.author == first.ids[1].public_hex]
    second = _game_with_nonces(["", new_nonce()], secret(1, tag=2))
    second.play_until(lambda g: g.t.last_of(g.ids[1].public_hex)[0] >= 8)  # past every old seq
    assert second.t.game_id == first.t.game_id and second.t.entries[0].env.id != first.t.entries[0].env.id
    codes = [second.t.offer(raw).code for raw in old]  # type: ignore[union-attr]
    assert codes[0] == "wrong_genesis"
    assert set(codes[1:]) <= {"bad_prev", "unsigned", "forged"}, codes
    assert second.t.equivocations == [] and second.t.mismatches == {}


def test_a_genesis_signed_again_after_the_game_does_not_verify() -> None:
    """The creator re-signs the genesis with another timeout once the game is over: the
    seat messages name the genesis they sat down to, so the log no longer verifies."""
    g = _game_with_nonces(["", new_nonce()], secret(1))
    g.finish()
    raws = [e.env.raw for e in g.t.entries]
    assert verify_messages(raws).status == "fair"
    body = dict(g.t.entries[0].env.body, timeout_ms=3_600_000)
    forged = build(g.ids[0], game=GAME_ID, seq=0, prev=None, kind="genesis", at=0, state="", body=body)
    rep = verify_messages([forged.raw, *raws[1:]])
    assert rep.status == "failed" and rep.failure is not None and rep.failure["code"] == "wrong_genesis"


def test_a_seat_message_naming_another_genesis_is_refused() -> None:
    g = Game(2)
    seat = next(e.env for e in g.t.entries if e.env.kind == "seat")
    assert seat.body["genesis"] == g.t.entries[0].env.id
    t = Transcript()
    assert t.offer(g.t.entries[0].env.raw).ok
    s = Session(g.ids[1], secret=secret(9), transcript=t)
    res = s._send("seat", {"seat": 1, "chain": "00" * 32, "genesis": "11" * 32}, 0)
    assert not res.ok and res.code == "wrong_genesis"
