"""Helpers for the network tests: deterministic identities, games played through sessions
(sharing one transcript, or each with its own behind a shuffling router), and envelopes
crafted by hand."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.bots import make_bot
from game.rules import new_game
from net.core.encoding import sha256, u64
from net.core.envelope import build
from net.core.genesis import SeatInfo
from net.core.identity import Identity
from net.core.session import Session
from net.core.transcript import Rejected, Result, Transcript
from net.store import TranscriptFile

GAME_ID = "00112233445566778899aabbccddeeff"


def identity(i: int, tag: int = 0) -> Identity:
    return Identity.from_seed(sha256(b"test/key", u64(tag), u64(i)))


def secret(i: int, tag: int = 0) -> bytes:
    return sha256(b"test/secret", u64(tag), u64(i))


def seats_for(n: int, tag: int = 0) -> list[SeatInfo]:
    powers = new_game(n).powers
    return [SeatInfo(powers[i], identity(i, tag).public_hex, f"player {i}") for i in range(n)]


class TestSession(Session):
    """A session that can be told to hold back some of its automatic messages."""

    suppress: frozenset[str] = frozenset()

    def _send(self, kind: str, body: dict[str, Any], now: int, game: str | None = None,
              at: int | None = None) -> Result:
        if kind in self.suppress:
            return Rejected("not_expected", "suppressed by the test")
        return super()._send(kind, body, now, game, at)


class Game:
    """n sessions sharing one transcript; ``auto`` lists the seats that send their
    automatic messages (reveals, commitments, openings) when settled."""

    def __init__(self, n: int = 2, *, chain_length: int = 1024, timeout_ms: int = 10_000, drop_bot: str = "random",
                 store: TranscriptFile | None = None, bot: str = "random", seed: int = 0) -> None:
        self.n = n
        self.t = Transcript(store.append if store else None)
        self.ids = [identity(i) for i in range(n)]
        self.sessions = [TestSession(self.ids[i], secret=secret(i), transcript=self.t) for i in range(n)]
        self.bots = [make_bot(bot, seed * 100 + i) for i in range(n)]
        self.auto = set(range(n))
        self.now = 0
        res = self.sessions[0].create(seats_for(n), now=0, game_id=GAME_ID, chain_length=chain_length,
                                      timeout_ms=timeout_ms, drop_bot=drop_bot)
        assert res.ok, res
        self.settle()

    @property
    def referee(self) -> Any:
        return self.t.referee

    def settle(self) -> None:
        while True:
            before = len(self.t)
            for i in sorted(self.auto):
                self.sessions[i].tick(self.now)
                self.sessions[i].outgoing()
            if len(self.t) == before:
                return

    def step(self) -> bool:
        """One decision by the bot of the seat to decide; False when no seat decides now."""
        seat = self.referee.decision_seat()
        if seat < 0 or seat not in self.auto:
            return False
        self.now += 1
        s = self.sessions[seat]
        res = s.submit(self.bots[seat].choose(self.referee.st, seat, s.legal()), self.now)
        assert res.ok, res
        self.settle()
        return True

    def play_until(self, pred: Callable[[Game], bool], limit: int = 5000) -> None:
        self.settle()
        for _ in range(limit):
            if pred(self):
                return
            if not self.step():
                raise AssertionError(f"stuck: waiting for {self.referee.awaited()}")
        raise AssertionError("limit reached")

    def finish(self) -> None:
        self.play_until(lambda g: g.referee.closed)

    def envelope(self, seat: int, kind: str, body: dict[str, Any], **over: Any) -> bytes:
        """A message by ``seat`` with sound defaults (next seq, current position), any
        field overridden."""
        ident = over.pop("identity", None) or self.ids[seat]
        seq, prev = self.t.last_of(ident.public_hex)
        fields = {"game": self.t.game_id, "seq": seq, "prev": prev, "kind": kind, "at": self.t.position,
                  "state": self.t.state_hash, "body": body}
        fields.update(over)
        return build(ident, **fields).raw

    def snapshot(self) -> tuple[Any, ...]:
        t, tb = self.t, self.referee
        return (len(t.entries), t.position, t.state_hash, dict(tb.reveals), dict(tb.commits), dict(tb.opened),
                set(tb.ended), list(tb.control), {k: set(v) for k, v in tb.votes.items()}, dict(t._next),
                list(tb.undo_stack), tb.st.to_dict())


class Mesh:
    """n sessions, each with its own transcript; every message goes to every other peer,
    delivered in a random order (seeded) when ``rng`` is given."""

    def __init__(self, n: int = 3, *, rng: random.Random | None = None, chain_length: int = 1024,
                 timeout_ms: int = 10_000, bot: str = "random", seed: int = 0, silent: Sequence[int] = (),
                 bank_ms: int = 0, increment_ms: int = 0) -> None:
        self.n = n
        self.rng = rng
        self.ids = [identity(i) for i in range(n)]
        self.peers = [TestSession(self.ids[i], secret=secret(i)) for i in range(n)]
        self.inbox: list[list[bytes]] = [[] for _ in range(n)]
        self.bots = [make_bot(bot, seed * 100 + i) for i in range(n)]
        self.silent = set(silent)  # peers whose messages are not delivered
        self.now = 0
        res = self.peers[0].create(seats_for(n), now=0, game_id=GAME_ID, chain_length=chain_length,
                                   timeout_ms=timeout_ms, bank_ms=bank_ms, increment_ms=increment_ms)
        assert res.ok, res
        self.pump()

    def pump(self) -> None:
        while True:
            for i, p in enumerate(self.peers):
                for raw in p.outgoing():
                    if i in self.silent:
                        continue
                    for j in range(self.n):
                        if j != i:
                            self.inbox[j].append(raw)
            busy = [j for j in range(self.n) if self.inbox[j]]
            if not busy:
                return
            j = self.rng.choice(busy) if self.rng else busy[0]
            box = self.inbox[j]
            raw = box.pop(self.rng.randrange(len(box)) if self.rng else 0)
            res = self.peers[j].incoming(raw, self.now)
            assert res.ok or res.code in ("duplicate", "out_of_order", "future_at", "commit_missing", "no_genesis"), res

    def step(self) -> bool:
        for i, p in enumerate(self.peers):
            if p.my_turn() and i not in self.silent:
                self.now += 1
                res = p.submit(self.bots[i].choose(p.state, i, p.legal()), self.now)
                assert res.ok, res
                self.pump()
                return True
        return False

    def finish(self, limit: int = 5000) -> None:
        for _ in range(limit):
            if all(p.referee is not None and p.referee.closed for p in self.peers):
                return
            if not self.step():
                raise AssertionError(f"stuck: {[p.referee.awaited() for p in self.peers if p.referee]}")
        raise AssertionError("limit reached")
