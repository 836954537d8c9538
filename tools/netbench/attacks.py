"""The transport attacks the attack benchmark plays (``python -m tools.bench_attacks``):
a peer holding a whole game's transcript (:func:`holder_main`), strangers' links sending
``HAVE`` at the rate a link is allowed (:class:`HaveLinks`), plain TCP connections held
open and opened again when the peer closes them (:class:`PlainConnections`), and a bot
game's peer process with a soft limit of open files of its own (:func:`limited_peer_main`).

Only the transport's public parts are used (a :class:`~net.mesh.Node` on a
:class:`~net.peer.replica.GameReplica`), so the same benchmark measures older releases.
"""

from __future__ import annotations

import errno
import json
import os
import resource
import selectors
import socket
import time
from multiprocessing.connection import Connection
from typing import Any

import zmq

from net.core.encoding import canonical_json
from net.mesh import curve_client, encode_frame
from tools.netbench.probes import cpu_seconds


def game_messages(messages: int, players: int = 7, seed: int = 1) -> list[bytes]:
    """The first ``messages`` messages of a self-played game between greedy bots (a 7-player
    game has about 2,400)."""
    from net.selfplay import play_logged

    transcript, _ = play_logged(players, seed, bots=["greedy"] * players, chain_length=1024)
    return [e.env.raw for e in transcript.entries][:messages]


def holding_node(raws: list[bytes], **limits: int) -> Any:
    """A spectator's node (ROUTER on 127.0.0.1, CurveZMQ) whose session holds ``raws``
    (``limits``: :class:`~net.mesh.Limits` other than the defaults)."""
    from net.core.identity import Identity
    from net.core.session import Session
    from net.core.transcript import rebuild
    from net.mesh import Limits, Node
    from net.peer.replica import GameReplica

    transcript, failure = rebuild(raws)
    if failure is not None:
        raise RuntimeError(f"the game's messages do not rebuild: {failure}")
    session = Session(Identity.generate(), secret=os.urandom(32), transcript=transcript)
    replica = GameReplica(session)
    replica.drain()  # held already: nothing to flood
    return Node(replica, transcript.game_id, host="127.0.0.1", role="spectator", limits=Limits(**limits))


def holder_main(conn: Connection, messages: int, seconds: float) -> None:
    """A peer holding a game of ``messages`` messages, stepping its node for ``seconds`` once
    told to start; reports its CPU (every thread: ZeroMQ's too) and its largest resident memory."""
    node = holding_node(game_messages(messages))
    conn.send(("ready", node.endpoint, node.curve_public, node.game_id))
    conn.recv()  # start
    cpu0 = cpu_seconds()
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        node.poll(5)
    cpu = cpu_seconds() - cpu0
    conn.send(("done", {"cpu_s": cpu, "wall_s": time.monotonic() - t0, "frames_in": node.stats.frames_in,
                        "frames_out": node.stats.frames_out, "sent": node.stats.sent,
                        "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
    node.close(linger_ms=0)


class HaveLinks:
    """``links`` strangers' connections (a spectator's invite is all they need): each says
    ``HELLO`` with nothing held, then ``HAVE {"have": {}}`` ``rate`` times a second; they
    never read what they are sent (``read``: they do). They come from ``source`` (by
    default 127.0.0.2 where it can be used: not the address of the honest peers on one
    machine, whose connections a peer counts together)."""

    def __init__(self, endpoint: str, curve: str, game_id: str, links: int, rate: int = 200,
                 read: bool = False, source: str | None = None) -> None:
        self.ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
        self.socks: list[zmq.Socket[bytes]] = []
        self.rate = rate
        self.read = read
        self.sent = 0
        self.have = encode_frame(b"HAVE", canonical_json({"have": {}, "direct": []}))
        for i in range(links):
            s: zmq.Socket[bytes] = self.ctx.socket(zmq.DEALER)
            s.setsockopt(zmq.LINGER, 0)
            s.setsockopt(zmq.SNDHWM, 1000)
            if curve:
                curve_client(s, curve)
            source = source if source is not None else loopback_other()
            s.connect(f"tcp://{source}:0;{endpoint[len('tcp://'):]}" if source else endpoint)
            s.send(encode_frame(b"HELLO", canonical_json({
                "game": game_id, "node": f"stranger{i}", "addr": "", "curve": "", "role": "spectator", "key": "",
                "have": {}})))
            self.socks.append(s)
        self.t0 = time.monotonic()

    def tick(self) -> None:
        """Send what is due by now (at most a second's worth at once)."""
        due = int((time.monotonic() - self.t0) * self.rate) - self.sent
        for _ in range(min(due, self.rate)):
            for s in self.socks:
                try:
                    s.send(self.have, flags=zmq.NOBLOCK)
                except zmq.Again:
                    pass
            self.sent += 1
        if self.read:
            for s in self.socks:
                while True:
                    try:
                        s.recv(flags=zmq.NOBLOCK)
                    except zmq.Again:
                        break

    def close(self) -> None:
        for s in self.socks:
            s.close(linger=0)
        self.ctx.term()


def loopback_other() -> str:
    """127.0.0.2 if this machine can connect from it (Linux routes all of 127/8 to the
    loopback), else "" (the system's choice)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind(("127.0.0.2", 0))
    except OSError:
        return ""
    return "127.0.0.2"


class PlainConnections:
    """``count`` plain TCP connections to a port (no ZeroMQ greeting), opened at most
    ``per_s`` a second (all at once, most would wait in the kernel's queues) and held open;
    one the peer closes is opened again, ``limit`` in all at most. They come from ``source``
    (by default 127.0.0.2 where it can be used: another address than the honest peers' on
    one machine)."""

    def __init__(self, port: int, count: int, per_s: int = 500, source: str | None = None,
                 limit: int = 1 << 62) -> None:
        self.port = port
        self.limit = limit
        self.source = source if source is not None else loopback_other()
        self.count = count
        self.per_s = per_s
        self.sel = selectors.DefaultSelector()
        self.opened = 0
        self.refused = 0
        self.closed_by_peer = 0
        self.t0 = time.monotonic()
        self.tick()

    def _open(self, n: int) -> None:
        for _ in range(n):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            if self.source:
                s.bind((self.source, 0))
            s.setblocking(False)
            rc = s.connect_ex(("127.0.0.1", self.port))
            self.opened += 1
            if rc not in (0, errno.EINPROGRESS):
                s.close()
                self.refused += 1
                continue
            self.sel.register(s, selectors.EVENT_READ)

    @property
    def open_now(self) -> int:
        return len(self.sel.get_map())

    def tick(self) -> None:
        for key, _ in self.sel.select(0):
            s = key.fileobj
            assert isinstance(s, socket.socket)
            try:
                data = s.recv(4096)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:  # closed by the peer (or refused)
                self.sel.unregister(s)
                s.close()
                self.closed_by_peer += 1
        allowed = min(int((time.monotonic() - self.t0) * self.per_s), self.limit) - self.opened
        missing = self.count - self.open_now
        if missing > 0 and allowed > 0:
            self._open(min(missing, allowed))

    def close(self) -> None:
        for key in list(self.sel.get_map().values()):
            self.sel.unregister(key.fileobj)
            key.fileobj.close()  # type: ignore[union-attr]
        self.sel.close()


def limited_peer_main(nofile: tuple[int, int] | None, *args: Any, **kw: Any) -> None:
    """:func:`tools.netbench.peers.peer_main` with a soft (and hard) limit of open files of
    its own (``None``: the machine's)."""
    if nofile is not None:
        soft, hard = nofile
        _, machine_hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        hard = min(hard, machine_hard) if machine_hard != resource.RLIM_INFINITY else hard
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, hard), hard))
    from tools.netbench.peers import peer_main

    try:
        peer_main(*args, **kw)
    except BaseException as exc:  # said to the parent, which reports the peer as dead
        conn = args[3]
        try:
            conn.send(("died", f"{type(exc).__name__}: {exc}"))
        except OSError:
            pass
        raise


def to_json(out: dict[str, Any]) -> str:
    return json.dumps(out, sort_keys=True)
