"""CurveZMQ: the bytes on the wire are encrypted (a relay in the middle sees no protocol
text), a DEALER without the node's server key gets nothing, and what does arrive are the
signed messages themselves, which verify whoever carried them."""

from __future__ import annotations

import select
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
import zmq
from p2pkit import LOOPBACK, Cluster, Raw, Stub, idle

from net.core.envelope import parse, public_key, signature_ok
from net.mesh import PROTO, Node

pytestmark = pytest.mark.skipif(not zmq.has("curve"), reason="this libzmq has no CurveZMQ")


class Tap:
    """A TCP relay to ``port`` on loopback that keeps a copy of every byte it passes.
    Pumped from the test's loop (no thread); every wait is bounded."""

    def __init__(self, port: int) -> None:
        self.upstream = port
        self.listener = socket.create_server((LOOPBACK, 0))
        self.port: int = self.listener.getsockname()[1]
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.seen = bytearray()

    @property
    def endpoint(self) -> str:
        return f"tcp://{LOOPBACK}:{self.port}"

    def pump(self) -> None:
        ready, _, _ = select.select([self.listener], [], [], 0)
        if ready:
            client, _ = self.listener.accept()
            self.pairs.append((client, socket.create_connection((LOOPBACK, self.upstream), timeout=5)))
        for a, b in self.pairs:
            for src, dst in ((a, b), (b, a)):
                while select.select([src], [], [], 0)[0]:
                    data = src.recv(65_536)
                    if not data:
                        break
                    self.seen += data
                    dst.settimeout(5)
                    dst.sendall(data)

    def close(self) -> None:
        for a, b in self.pairs:
            a.close()
            b.close()
        self.listener.close()


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Cluster]:
    c = Cluster(tmp_path, 2)
    yield c
    c.close()


def test_the_wire_is_encrypted_and_the_messages_still_verify(game: Cluster) -> None:
    c = game
    c.start()
    c.run(lambda: c.messages() >= 40, 30, "a few messages")
    tap = Tap(c.host.node.port)
    r = Raw(tap.endpoint, c.invite.curve)
    try:
        assert r.hello(c.game_id)
        c.run(lambda: r.seen(b"HELLO") and r.seen(b"MSG", 40), 10, "the catch-up through the relay", also=tap.pump)
        got = r.messages()
        for raw in got:  # the exact signed bytes: they verify on their own (a reveal is proved by its chain)
            env = parse(raw)
            assert env.kind == "reveal" or signature_ok(env, public_key(env.author))
            assert c.host.session.transcript.has(env.id)
        wire = bytes(tap.seen)
        assert len(wire) > sum(len(m) for m in got)  # everything went through the relay...
        assert PROTO not in wire and c.game_id.encode() not in wire  # ...and none of it in the clear
        assert not any((e.sig or e.body["value"]).encode() in wire for e in map(parse, got))
    finally:
        r.close()
        tap.close()


def test_without_curve_the_same_relay_reads_everything(made: list[Node | Raw]) -> None:
    """The control: the relay does see the protocol when the node does not encrypt."""
    n = Node(Stub(), "ab" * 16, host=LOOPBACK, curve=False)
    made.append(n)
    tap = Tap(n.port)
    r = Raw(tap.endpoint)
    made.append(r)
    try:
        assert r.hello("ab" * 16)
        deadline = 500
        while not r.seen(b"HELLO"):
            deadline -= 1
            assert deadline, "no answer through the relay"
            n.poll(2)
            tap.pump()
        assert PROTO in tap.seen and b"ab" * 16 in tap.seen
    finally:
        tap.close()


def test_a_dealer_without_the_server_key_cannot_talk_to_a_curve_node(game: Cluster) -> None:
    c = game
    plain = Raw(c.invite.endpoint)  # no curve at all
    wrong = Raw(c.invite.endpoint, zmq.curve_keypair()[0].decode("ascii"))  # another server's key
    right = Raw(c.invite.endpoint, c.invite.curve)
    try:
        # Without the key the handshake fails and libzmq may drop the pipe before the HELLO is
        # queued (send then says EAGAIN): either way nothing must reach the node.
        for r in (plain, wrong):
            r.hello(c.game_id)
        assert right.hello(c.game_id)
        c.run(lambda: right.seen(b"HELLO"), 10, "the keyed dealer greeted")
        idle(c.peers, 0.3)
        assert plain.read(50) == [] and wrong.read(50) == []
        assert [lk["node"] for lk in c.host.node.link_summary()].count("raw") == 1  # only the keyed one got in
    finally:
        for r in (plain, wrong, right):
            r.close()


