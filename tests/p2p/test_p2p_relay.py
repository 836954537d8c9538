"""Relaying in the full mesh: a node floods its own messages to every link, and relays
another author's message to every link that lacks it except a peer that hears that author
directly (the author sends it there itself). When that peer stops listing the author in
its HAVE (the direct link died), the message reaches it by catch-up and later messages
by relay: a message reaches everyone even when a direct link fails."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from p2pkit import LOOPBACK, Cluster, Raw

from net.core.envelope import message_id
from net.mesh import Limits, Node

GAME = "cd" * 16
AUTHOR = "aa" * 32  # the author of the relayed messages (not connected to the relay here)
KEY_X, KEY_Y = "11" * 32, "22" * 32


class Log:
    """A replica holding every message it is given (in order), as a transcript would."""

    def __init__(self) -> None:
        self.msgs: list[bytes] = []
        self.new: list[bytes] = []

    def have(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for m in self.msgs:
            a = json.loads(m)["author"]
            out[a] = out.get(a, 0) + 1
        return out

    def missing(self, their_have: dict[str, int]) -> list[tuple[str, bytes]]:
        seen: dict[str, int] = {}
        out = []
        for m in self.msgs:
            a = json.loads(m)["author"]
            if seen.get(a, 0) >= their_have.get(a, 0):
                out.append((message_id(m), m))
            seen[a] = seen.get(a, 0) + 1
        return out

    def receive(self, raw: bytes, now: int) -> str:
        if raw in self.msgs:
            return "duplicate"
        self.msgs.append(raw)
        self.new.append(raw)
        return "accepted"

    def drain(self) -> list[bytes]:
        out, self.new = self.new, []
        return out

    def info(self) -> dict[str, Any] | None:
        return None

    def seated(self, key: str) -> bool:
        return False


def message(seq: int) -> bytes:
    return json.dumps({"author": AUTHOR, "seq": seq}, sort_keys=True).encode()


@pytest.fixture
def parts() -> Iterator[list[Any]]:
    things: list[Any] = []
    yield things
    for t in things:
        t.close()


def hello(r: Raw, node: str, key: str, have: dict[str, int] | None = None) -> None:
    assert r.frame(b"HELLO", {"game": GAME, "node": node, "addr": "", "curve": "", "role": "player", "key": key,
                              "have": have or {}})


def wait(n: Node, pred: Callable[[], bool], timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        n.poll(5)


def test_a_peer_that_hears_the_author_directly_is_not_relayed_to_until_it_stops(parts: list[Any]) -> None:
    log = Log()
    relay = Node(log, GAME, host=LOOPBACK, curve=False, author="33" * 32)
    x, y = Raw(relay.endpoint), Raw(relay.endpoint)
    parts += [relay, x, y]
    hello(x, "nodex", KEY_X)
    hello(y, "nodey", KEY_Y)
    wait(relay, lambda: sum(1 for lk in relay.links.values() if lk.greeted) == 2)
    assert x.frame(b"HAVE", {"have": {}, "direct": [AUTHOR]})  # x hears the author itself
    wait(relay, lambda: any(lk.direct for lk in relay.links.values()))
    assert y.frame(b"MSG", message(0))  # y hands the relay the author's message
    wait(relay, lambda: len(log.msgs) == 1)
    time.sleep(0.1)
    relay.poll(5)
    x.read(50)
    assert x.messages() == []  # not relayed to x
    assert y.messages() == []  # nor back to where it came from

    assert x.frame(b"HAVE", {"have": {}, "direct": []})  # x lost its link to the author
    deadline = time.monotonic() + 5
    while message(0) not in x.messages():
        assert time.monotonic() < deadline, "the message never reached x"
        relay.poll(5)
        x.read(5)
    assert y.frame(b"MSG", message(1))  # and later messages are relayed to it at once
    deadline = time.monotonic() + 5
    while message(1) not in x.messages():
        assert time.monotonic() < deadline, "the next message was not relayed to x"
        relay.poll(5)
        x.read(5)


def test_own_messages_go_to_every_link_and_the_author_is_never_relayed_its_own(parts: list[Any]) -> None:
    log = Log()
    me = "44" * 32
    node = Node(log, GAME, host=LOOPBACK, curve=False, author=me)
    a, b = Raw(node.endpoint), Raw(node.endpoint)
    parts += [node, a, b]
    hello(a, "nodea", AUTHOR)
    hello(b, "nodeb", KEY_X)
    wait(node, lambda: sum(1 for lk in node.links.values() if lk.greeted) == 2)
    assert b.frame(b"HAVE", {"have": {}, "direct": [me, AUTHOR]})
    wait(node, lambda: any(lk.direct for lk in node.links.values()))
    own = json.dumps({"author": me, "seq": 0}).encode()
    log.new.append(own)
    log.msgs.append(own)
    node.flood()
    deadline = time.monotonic() + 5
    while own not in a.messages() or own not in b.messages():
        assert time.monotonic() < deadline, "an own message did not reach every link"
        node.poll(5)
        a.read(5)
        b.read(5)
    assert b.frame(b"MSG", message(0))  # the author's message, handed over by b
    wait(node, lambda: message(0) in log.msgs)
    time.sleep(0.1)
    node.poll(5)
    a.read(20)
    assert message(0) not in a.messages()  # a is the author: never relayed its own


def test_a_have_racing_a_fresh_message_is_not_answered_with_it_until_it_is_older(parts: list[Any]) -> None:
    """A heartbeat's heads are a moment old when they arrive: the messages a node took in
    just before are mostly on their way to that peer from their author already, and sent
    again they would only cost it a frame. They go out on a later heartbeat if still lacking."""
    log = Log()
    relay = Node(log, GAME, host=LOOPBACK, curve=False, author="33" * 32, limits=Limits(fresh_ms=300))
    x, y = Raw(relay.endpoint), Raw(relay.endpoint)
    parts += [relay, x, y]
    hello(x, "nodex", KEY_X)
    hello(y, "nodey", KEY_Y)
    wait(relay, lambda: sum(1 for lk in relay.links.values() if lk.greeted) == 2)
    for r in (x, y):
        assert r.frame(b"HAVE", {"have": {}, "direct": [AUTHOR]})  # both hear the author: no relaying
    wait(relay, lambda: all(lk.direct for lk in relay.links.values() if lk.greeted))
    assert y.frame(b"MSG", message(0))
    wait(relay, lambda: len(log.msgs) == 1)
    taken = time.monotonic()
    assert x.frame(b"HAVE", {"have": {}, "direct": [AUTHOR]})  # x lacks it: in flight from the author
    relay.poll(20)
    x.read(50)
    assert time.monotonic() - taken < 0.3  # (still fresh when that HAVE was answered)
    assert message(0) not in x.messages()
    time.sleep(0.35)
    assert x.frame(b"HAVE", {"have": {}, "direct": [AUTHOR]})  # still lacking it later: now it is sent
    deadline = time.monotonic() + 5
    while message(0) not in x.messages():
        assert time.monotonic() < deadline, "the lacking peer was never caught up"
        relay.poll(5)
        x.read(5)


def test_no_message_is_relayed_twice_while_the_mesh_forms_at_the_start_of_a_game(tmp_path: Path) -> None:
    """Each new link makes a node hear another author directly: it says so at once (a HAVE),
    so its neighbours stop relaying that author's messages to it. Before, they learnt it
    at their next heartbeat, and every peer sent every message of the game's first second
    again to every other (about three copies more per message in a fast game)."""
    c = Cluster(tmp_path, 4)
    keys = {p.identity.public_hex for p in c.peers}

    def meshed() -> bool:  # every peer has a link to every other (the game starts at once then)
        return all({lk.peer_key for lk in p.node.links.values() if lk.greeted} >= keys - {p.identity.public_hex}
                   for p in c.peers)

    try:
        c.run(meshed, 20, "the mesh formed")
        c.start()
        c.run(lambda: c.messages() >= 300, 60, "300 messages")
        dup = sum(p.node.stats.duplicates for p in c.peers)
        assert dup <= c.messages() // 5, (dup, c.messages())
    finally:
        c.close()
