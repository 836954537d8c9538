"""Helpers for the peer-to-peer tests: games of real peers (:class:`net.peer.Peer` on a
:class:`net.mesh.Node`) over loopback with random ports, stepped from the test's own
thread; bare ZeroMQ sockets speaking the mesh's frames (a rogue, a probe); abrupt
crashes; a session that withholds its reveals.

Every socket binds or connects to 127.0.0.1, every receive has a timeout and every loop
ends by a deadline, so a broken peer fails a test instead of hanging it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import zmq

from game.bots import make_bot
from game.client.words.peer import sentence
from net.core.encoding import canonical_json
from net.core.identity import Identity, fingerprint
from net.core.lobby import Invite, Lobby, new_game_id
from net.core.session import Session
from net.core.transcript import Rejected, Result
from net.core.verify import Report
from net.mesh import Limits, curve_client, decode_frame, encode_frame, monotonic_ms
from net.peer import BotDecider, Peer
from net.peer.events import Awaiting, Over
from net.verify import verify_file

LOOPBACK = "127.0.0.1"
CHAIN = 1024  # beacon hash chains: the shortest a genesis may ask for
TIMEOUT_MS = 30_000  # genesis timeout for games where nobody should be dropped
DROP_MS = 10_000  # the shortest timeout a genesis may set (for games where someone is dropped)


class Closes(Protocol):
    """Anything a test makes and must close after it (the ``made`` fixture)."""

    def close(self) -> None: ...


class GameClock:
    """A cluster's clock (milliseconds), shared by its peers as on one machine: real time,
    or time running ``rate`` times faster once a test calls :meth:`speed`, so that a
    game's timeout passes in a fraction of it (the transport's own timers, heartbeats
    and liveness, run faster alike)."""

    def __init__(self) -> None:
        self.rate = 1
        self._real0 = self._t0 = monotonic_ms()

    def __call__(self) -> int:
        return self._t0 + (monotonic_ms() - self._real0) * self.rate

    def speed(self, rate: int) -> None:
        now = self()
        self._real0, self._t0, self.rate = monotonic_ms(), now, rate


def heard(peer: Peer, lines: list[str]) -> list[str]:
    """``lines`` with what ``peer`` has said since, in the words ``soe`` prints (its events
    drained; whom the game waits for and the result are not printed as they happen)."""
    lines += [sentence(e) for e in peer.events() if not isinstance(e, Awaiting | Over)]
    return lines


class Withholding(Session):
    """A session that never sends the kinds in ``withhold`` (e.g. a peer keeping its reveal back)."""

    withhold: frozenset[str] = frozenset()

    def _send(self, kind: str, body: dict[str, Any], now: int, game: str | None = None,
              at: int | None = None) -> Result:
        if kind in self.withhold:
            return Rejected("not_expected", "withheld by the test")
        return super()._send(kind, body, now, game, at)


def withhold(peer: Peer, *kinds: str) -> None:
    """From now on the peer's session does not send ``kinds``."""
    peer.session.__class__ = Withholding
    assert isinstance(peer.session, Withholding)
    peer.session.withhold = frozenset(kinds)


def run_until(peers: Callable[[], Iterable[Peer]] | Iterable[Peer], pred: Callable[[], bool], timeout_s: float,
              what: str = "the condition", *, also: Callable[[], None] | None = None, step_ms: int = 1) -> float:
    """Step every peer until ``pred()`` holds; fails the test after ``timeout_s`` seconds.
    ``peers`` may be a function (the set of live peers changes when one crashes).
    Returns the seconds it took."""
    start = time.monotonic()
    deadline = start + timeout_s
    while not pred():
        if time.monotonic() > deadline:
            live = list(peers() if callable(peers) else peers)
            state = [(p.role, len(p.session.transcript), p.over, p.desynced,
                      p.session.referee.awaited() if p.session.referee else None) for p in live]
            raise AssertionError(f"timed out after {timeout_s} s waiting for {what}: {state}")
        for p in (peers() if callable(peers) else peers):
            p.step(step_ms)
        if also is not None:
            also()
    return time.monotonic() - start


def idle(peers: Iterable[Peer], seconds: float) -> None:
    """Step the peers for a while (time passing in a game that may be waiting)."""
    end = time.monotonic() + seconds
    peers = list(peers)
    while time.monotonic() < end:
        for p in peers:
            p.step(1)


def crash(peer: Peer) -> None:
    """Kill a peer as a crash would: sockets closed without lingering, the log's file
    descriptor and its lock released (as the death of the process does), nothing saved or said."""
    peer.node.close(linger_ms=0)
    if peer.store is not None:
        peer.store.close()
    if peer.lock is not None:
        peer.lock.release()


class Cluster:
    """One game: a host with its lobby and ``players - 1`` joiners, bots on every seat."""

    def __init__(self, root: Path, players: int = 3, *, name: str = "game", bot: str = "greedy", seed: int = 0,
                 limits: Limits | None = None, join: bool = True) -> None:
        self.dir = root / name
        self.dir.mkdir(parents=True, exist_ok=True)
        self.bot, self.seed, self.limits = bot, seed, limits
        self.clock = GameClock()
        self.ids = [Identity.generate() for _ in range(players)]
        self.game_id = new_game_id()
        self.lobby = Lobby(self.ids[0], self.game_id, players, host_name="host")
        host = Peer.create(self.ids[0], role="player", game_id=self.game_id, log=self.log(0), lobby=self.lobby,
                           name="host", decider=self.decider(0), limits=limits, clock=self.clock)
        self.peers: list[Peer] = [host]
        self.spectators: list[Peer] = []
        self.invite = Invite(LOOPBACK, host.node.port, self.game_id, fingerprint(self.ids[0].public_hex),
                             host.node.curve_public)
        if join:  # one after the other, so that peer i holds seat i
            for i in range(1, players):
                self.join(i)
                self.run(partial(self.seated_at_least, i + 1), 10, f"seat {i} taken")

    # ---------------------------------------------------------------- building
    def log(self, i: int) -> Path:
        return self.dir / f"p{i}.jsonl"

    def decider(self, i: int) -> BotDecider:
        return BotDecider(make_bot(self.bot, self.seed * 100 + i))

    def join(self, i: int) -> Peer:
        p = Peer.create(self.ids[i], role="player", game_id=self.game_id, log=self.log(i), name=f"bot{i}",
                        decider=self.decider(i), limits=self.limits, clock=self.clock)
        p.connect(self.invite)
        self.peers.append(p)
        return p

    def spectate(self, name: str = "s0") -> Peer:
        s = Peer.create(Identity.generate(), role="spectator", game_id=self.game_id, log=self.dir / f"{name}.jsonl",
                        limits=self.limits, clock=self.clock)
        s.auto_drop = False
        s.connect(self.invite)
        self.spectators.append(s)
        return s

    def seated_at_least(self, n: int) -> bool:
        return sum(1 for s in self.lobby.seats if s.key) >= n

    @property
    def host(self) -> Peer:
        return self.peers[0]

    def everyone(self) -> list[Peer]:
        return [*self.peers, *self.spectators]

    # ---------------------------------------------------------------- running
    def run(self, pred: Callable[[], bool], timeout_s: float, what: str = "the condition",
            also: Callable[[], None] | None = None) -> float:
        return run_until(self.everyone, pred, timeout_s, what, also=also)

    def start(self, *, timeout_ms: int = TIMEOUT_MS, chain_length: int = CHAIN, seat_timeout_s: float = 10,
              bank_ms: int | None = None, increment_ms: int = 0) -> None:
        """Wait until every seat is taken, then sign the genesis."""
        self.run(lambda: self.lobby.full, seat_timeout_s, "every seat taken")
        assert self.host.start_game(timeout_ms=timeout_ms, chain_length=chain_length, bank_ms=bank_ms,
                                    increment_ms=increment_ms)

    def messages(self) -> int:
        return len(self.host.session.transcript)

    def finish(self, timeout_s: float = 60) -> float:
        return self.run(lambda: all(p.over for p in self.everyone()), timeout_s, "the end of the game")

    def hashes(self) -> set[str]:
        return {p.result()["state_hash"] for p in self.everyone()}

    def close(self) -> None:
        for p in self.everyone():
            if not p.node.closed:
                p.close()
            if p.store is not None:
                p.store.close()


def taken(c: Cluster) -> list[tuple[str, str]]:
    """The host's lobby's taken seats, as (power, name)."""
    return [(s.power, s.name) for s in c.lobby.seats if s.key]


def joiner(c: Cluster, ident: Identity, name: str, log: str = "", invite: Invite | None = None) -> Peer:
    """A player calling the host of ``c`` (or of ``invite``) with the key ``ident``, its log
    ``log`` (default: its name) in the cluster's folder, on the cluster's clock."""
    inv = invite or c.invite
    p = Peer.create(ident, role="player", game_id=inv.game_id, log=c.dir / f"{log or name}.jsonl", name=name,
                    decider=c.decider(9), clock=c.clock)
    p.connect(inv)
    return p


def verify_log(path: Path) -> Report:
    rep = verify_file(path)
    assert rep.fair, (path, rep.failure)
    return rep


# -------------------------------------------------------------------- the transport alone
class Stub:
    """A replica that holds nothing and refuses every message as malformed."""

    def __init__(self) -> None:
        self.got: list[bytes] = []

    def have(self) -> dict[str, int]:
        return {}

    def missing(self, their_have: dict[str, int]) -> list[tuple[str, bytes]]:
        return []

    def receive(self, raw: bytes, now: int) -> str:
        self.got.append(raw)
        return "malformed"

    def drain(self) -> list[bytes]:
        return []

    def info(self) -> dict[str, Any] | None:
        return None

    def seated(self, key: str) -> bool:
        return False


class Clock:
    def __init__(self) -> None:
        self.now = 1_000

    def __call__(self) -> int:
        return self.now


# -------------------------------------------------------------------- raw sockets
class Raw:
    """A bare DEALER speaking the mesh's frames (``soe2 TYPE payload``); with
    ``server_key`` it does the CurveZMQ handshake with a fresh client key pair."""

    def __init__(self, endpoint: str, server_key: str = "", *, sndhwm: int = 100_000) -> None:
        self.ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
        self.sock: zmq.Socket[bytes] = self.ctx.socket(zmq.DEALER)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.setsockopt(zmq.SNDHWM, sndhwm)
        self.sock.setsockopt(zmq.RCVHWM, 100_000)
        if server_key:
            curve_client(self.sock, server_key)
        self.sock.connect(endpoint)
        self.inbox: list[list[bytes]] = []

    def send(self, *frames: bytes) -> bool:
        try:
            self.sock.send_multipart(list(frames), flags=zmq.NOBLOCK)
        except zmq.Again:
            return False
        return True

    def frame(self, kind: bytes, payload: bytes | Any) -> bool:
        raw = payload if isinstance(payload, bytes) else canonical_json(payload)
        return self.send(encode_frame(kind, raw))

    def hello(self, game_id: str, *, have: dict[str, int] | None = None, node: str = "raw", addr: str = "") -> bool:
        return self.frame(b"HELLO", {"game": game_id, "node": node, "addr": addr, "curve": "", "role": "player",
                                     "have": have or {}})

    def read(self, timeout_ms: int = 0) -> list[list[bytes]]:
        """Frames that arrived (waiting up to ``timeout_ms`` for the first); also kept in ``inbox``."""
        got: list[list[bytes]] = []
        if self.sock.poll(timeout_ms, zmq.POLLIN):
            while True:
                try:
                    got.append(self.sock.recv_multipart(flags=zmq.NOBLOCK))
                except zmq.Again:
                    break
        self.inbox += got
        return got

    def seen(self, kind: bytes, n: int = 1) -> bool:
        """Whether ``n`` frames of ``kind`` have arrived (reading what is there, not waiting)."""
        self.read(0)
        return self.kinds().count(kind) >= n

    def decoded(self) -> list[tuple[bytes, bytes]]:
        return [d for f in self.inbox if len(f) == 1 and (d := decode_frame(f[0])) is not None]

    def kinds(self) -> list[bytes]:
        return [kind for kind, _ in self.decoded()]

    def messages(self) -> list[bytes]:
        return [payload for kind, payload in self.decoded() if kind == b"MSG"]

    def close(self) -> None:
        self.sock.close(linger=0)
        self.ctx.term()
