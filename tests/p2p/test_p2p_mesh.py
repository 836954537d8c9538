"""The transport alone (:class:`net.mesh.Node` with a stub replica and a clock the test
moves): rate limits, bans and their end, links forgotten, peers introduced, addresses
checked."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
import zmq
from p2pkit import LOOPBACK, Clock, Raw, Stub

from net.mesh import PROTO, Limits, Node, Stats, valid_endpoint
from net.mesh.frames import address_group
from net.mesh.gate import Gate
from net.mesh.peers import DIALLED, NAMED, SEATED, PeerTable

GAME = "ab" * 16


def node(made: list[Node | Raw], clock: Clock, **limits: int) -> Node:
    n = Node(Stub(), GAME, host=LOOPBACK, clock=clock, limits=Limits(**limits))
    made.append(n)
    return n


def raw(made: list[Node | Raw], n: Node) -> Raw:
    r = Raw(n.endpoint, n.curve_public)
    made.append(r)
    return r


def pump(nodes: list[Node], pred: Callable[[], bool], timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        for n in nodes:
            n.poll(2)


def test_the_rate_limit_cuts_a_burst_and_refills_with_time(made: list[Node | Raw]) -> None:
    clock = Clock()
    n = node(made, clock, burst=20, rate=10, ban_after=1_000)
    r = raw(made, n)
    assert r.hello(GAME)
    for _ in range(99):
        assert r.frame(b"MSG", b"{}")
    pump([n], lambda: n.stats.frames_in == 100)
    assert n.stats.rate_limited == 80 and len(n.replica.got) == 19  # type: ignore[attr-defined]
    clock.now += 1_000  # a second: 10 more frames
    for _ in range(20):
        assert r.frame(b"MSG", b"{}")
    pump([n], lambda: n.stats.frames_in == 120)
    assert len(n.replica.got) == 29  # type: ignore[attr-defined]


def test_a_ban_answers_bye_ignores_the_link_and_ends_after_ban_ms(made: list[Node | Raw]) -> None:
    clock = Clock()
    n = node(made, clock, ban_after=5, ban_ms=10_000)
    r = raw(made, n)
    assert r.hello(GAME)
    pump([n], lambda: r.seen(b"HELLO"))
    for _ in range(5):
        assert r.send(PROTO + b" NOPE ")
    pump([n], lambda: r.seen(b"BYE"))
    assert n.stats.bans == 1 and n.stats.rejected == {"garbage": 5}
    assert r.frame(b"MSG", b"{}")  # ignored while banned
    pump([n], lambda: n.stats.frames_in == 7)
    assert n.replica.got == []  # type: ignore[attr-defined]
    clock.now += 10_000
    assert r.frame(b"MSG", b"{}")  # the ban is over: heard again, violations forgiven
    pump([n], lambda: len(n.replica.got) == 1)  # type: ignore[attr-defined]
    assert [lk["violations"] for lk in n.link_summary()] == [1]


def test_silent_router_links_are_forgotten_greeted_or_not(made: list[Node | Raw]) -> None:
    """A link that never said HELLO (garbage, another protocol) is forgotten like one that
    went silent, so connecting again and again cannot grow a node's table of links."""
    clock = Clock()
    n = node(made, clock)
    talkers = [raw(made, n) for _ in range(3)]
    assert talkers[0].hello(GAME)
    assert talkers[1].send(b"GET / HTTP/1.0", b"", b"")
    assert talkers[2].frame(b"HAVE", b"{}")  # HAVE before HELLO
    pump([n], lambda: len(n.links) == 3 and n.stats.frames_in == 3)
    clock.now += n.limits.dead_ms + 1
    n.poll(0)
    assert n.links == {}


def test_a_node_introduces_each_new_peer_at_once(made: list[Node | Raw]) -> None:
    """PEERS goes out when a peer arrives, not at the next heartbeat (the clock stands still
    here), so the peers of a host reach each other before the host can fail."""
    clock = Clock()
    host, b, c = (node(made, clock) for _ in range(3))
    for n in (host, b, c):
        n.poll(0)  # the first heartbeat, before anyone is there
    b.connect(host.endpoint, host.curve_public)
    c.connect(host.endpoint, host.curve_public)
    pump([host, b, c], lambda: c.node_id in b.peers and b.node_id in c.peers)
    pump([host, b, c], lambda: any(lk.greeted and lk.node == c.node_id for lk in b.links.values()))


@pytest.mark.parametrize("addr", ["tcp://127.0.0.1:1", "tcp://[::1]:65535", "tcp://host.lan:47311", "tcp://a:2"])
def test_addresses_a_node_dials(addr: str) -> None:
    assert valid_endpoint(addr)


@pytest.mark.parametrize("addr", ["tcp://", "tcp://127.0.0.1", "tcp://127.0.0.1:0", "tcp://127.0.0.1:65536",
                                  "tcp://no such host:1", "tcp://[::1:1", "ipc:///tmp/x", "udp://1.2.3.4:5",
                                  "tcp://-a:1", "tcp://127.0.0.1:1/x", None, 5])
def test_addresses_a_node_refuses(addr: object, made: list[Node | Raw]) -> None:
    assert not valid_endpoint(addr)
    if isinstance(addr, str):
        n = node(made, Clock())
        with pytest.raises(ValueError):
            n.connect(addr)
        assert n.links == {}


class Source(Stub):
    """A stub replica with messages of its own to flood."""

    def __init__(self) -> None:
        super().__init__()
        self.out: list[bytes] = []

    def drain(self) -> list[bytes]:
        out, self.out = self.out, []
        return out


def test_a_link_to_a_peer_gone_silent_carries_nothing_until_the_peer_answers_again(made: list[Node | Raw]) -> None:
    """A DEALER keeps a pipe to a dead peer and would queue every message for it (up to
    its high-water mark); silent past ``dead_ms``, the link goes back to saying HELLO, and
    carries messages again once the peer, back at its address, answers."""
    clock = Clock()
    src = Source()
    a = Node(src, GAME, host=LOOPBACK, clock=clock, curve=False)
    b = Node(Stub(), GAME, host=LOOPBACK, clock=clock, curve=False)
    made += [a, b]
    a.connect(b.endpoint)
    out = next(lk for lk in a.links.values() if lk.socket is not None)
    # both ways: a's DEALER to b, and b's DEALER to a (b learns a's address from its PEERS)
    pump([a, b], lambda: out.greeted and len(a.links) == 2 and all(lk.greeted for lk in b.links.values()))
    port = b.port
    b.close()
    for _ in range(20):  # whatever b sent as it closed, taken in before the time passes
        a.poll(5)
    clock.now += a.limits.dead_ms + 1
    a.poll(0)
    src.out.append(b'{"lost":1}')
    assert not out.greeted and a.flood() == 0
    back = Node(Stub(), GAME, host=LOOPBACK, port=port, clock=clock, curve=False)
    made.append(back)

    def beat() -> bool:
        clock.now += a.limits.heartbeat_ms  # the HELLO goes out at each beat
        return out.greeted

    pump([a, back], beat, timeout_s=15)
    src.out.append(b'{"new":1}')
    assert a.flood() == 1
    pump([a, back], lambda: b'{"new":1}' in back.replica.got)  # type: ignore[attr-defined]


def test_made_up_peers_are_forgotten_and_make_room_but_an_invited_peer_is_kept(made: list[Node | Raw]) -> None:
    """A rogue's PEERS list fills the table's share of names no one has checked with
    addresses no one answers at; more names are refused; after ``forget_ms`` of silence
    they are forgotten and their sockets closed, so names can be learned again. A peer
    this node was asked to call (an invite) keeps its link."""
    clock = Clock()
    n = node(made, clock, max_peers=8, max_named=4, seated_room=2, forget_ms=30_000)
    n.connect("tcp://127.0.0.1:9", "")  # the invite's host, down for now
    r = raw(made, n)
    assert r.hello(GAME)
    pump([n], lambda: r.seen(b"HELLO"))
    fake = [{"node": f"fake{i}", "addr": f"tcp://127.0.0.1:{20 + i}", "curve": ""} for i in range(20)]
    assert r.frame(b"PEERS", fake)
    pump([n], lambda: len(n.peers) == 4)
    outs = {lk.endpoint for lk in n.links.values() if lk.socket is not None}
    assert len(outs) == 5 and "tcp://127.0.0.1:9" in outs  # the invite, and a socket for each name let in
    assert r.frame(b"PEERS", [{"node": "real", "addr": "tcp://127.0.0.1:5", "curve": ""}])
    pump([n], lambda: n.stats.frames_in >= 3)
    assert "real" not in n.peers  # no room
    clock.now += 30_001
    n.poll(0)  # a beat: nobody answered at those addresses for forget_ms
    assert n.peers == {} and n.stats.forgotten == 4
    assert {lk.endpoint for lk in n.links.values() if lk.socket is not None} == {"tcp://127.0.0.1:9"}
    assert r.hello(GAME)  # (its own link went silent too long: it greets again)
    assert r.frame(b"PEERS", [{"node": "real", "addr": "tcp://127.0.0.1:5", "curve": ""}])
    pump([n], lambda: "real" in n.peers)  # room again


def test_a_peer_table_keeps_room_for_what_it_has_checked() -> None:
    """Names (from PEERS, or a HELLO's own address with no seated key) get a share of the
    table; a name a checked peer vouches for takes the place of one no one vouched for;
    a dialled peer pushes out a name, never the other way round; the last places are the
    seated players' (at most two nodes a key); PEERS lists this node, then the checked."""
    evicted: list[str] = []
    t = PeerTable(Limits(max_peers=8, max_named=3, seated_room=2, seated_per_key=2),
                  lambda node, _: evicted.append(node))
    for i in range(5):
        t.offer(f"n{i}", f"tcp://h:{i + 1}", "", NAMED, i)
    assert sorted(t.entries) == ["n0", "n1", "n2"] and t.checked_version == 0  # the share is full
    assert t.offer("v", "tcp://h:9", "", NAMED, 9, vouched=True) and evicted == ["n0"]
    for i in range(6):  # dialled peers take the places but the seated ones', names making room
        assert t.offer(f"d{i}", f"tcp://d:{i + 1}", "", DIALLED, 10 + i)
        if i == 4:
            assert evicted == ["n0", "n1", "n2"] and "v" in t.entries  # the vouched name last
    assert evicted == ["n0", "n1", "n2", "v"] and len(t) == 6
    assert not t.offer("d6", "tcp://d:7", "", DIALLED, 21)  # names are all gone: no place but the seated ones'
    assert not t.offer("x", "tcp://x:1", "", NAMED, 22, vouched=True)
    key = "ab" * 32
    for i in range(3):  # two nodes may be seated for one key; a third claim of it is only named
        t.offer(f"s{i}", f"tcp://s:{i + 1}", "", SEATED, 30 + i, key=key, fallback=NAMED)
    assert [t.entries[f"s{i}"].rank for i in range(2)] == [SEATED, SEATED] and "s2" not in t.entries
    assert not t.offer("d0", "tcp://elsewhere:1", "", NAMED, 40) or t.entries["d0"].addr == "tcp://d:1"
    assert t.offer("d0", "tcp://d:1", "", SEATED, 41, key="cd" * 32) and t.entries["d0"].rank == SEATED
    listing = t.listing({"node": "me"})
    assert listing[0] == {"node": "me"} and all(p.get("v") == 1 for p in listing[1:])
    assert [p["node"] for p in listing[1:4]] == ["d0", "s0", "s1"]  # the seated first


def test_a_host_sends_its_lobby_when_it_changes_not_at_every_heartbeat(made: list[Node | Raw]) -> None:
    """INFO (the lobby, for people) goes out when it changes, and again only every tenth
    heartbeat: a game's lobby stops changing once it starts, and every link used to get it
    once a second for the whole game."""
    from net.mesh import INFO_REFRESH_BEATS

    class Lobbied(Stub):
        lobby: dict[str, Any] = {"seats": ["a"]}

        def info(self) -> dict[str, Any] | None:
            return self.lobby

    rep = Lobbied()
    host = Node(rep, GAME, host=LOOPBACK, curve=False, limits=Limits(heartbeat_ms=50))
    raw = Raw(host.endpoint)
    made += [host, raw]
    assert raw.hello(GAME)
    beats = 2 * INFO_REFRESH_BEATS + 2
    deadline = time.monotonic() + 20
    while raw.kinds().count(b"HAVE") < beats // 2:
        assert time.monotonic() < deadline, "no heartbeats"
        host.poll(5)
        raw.read(5)
    rep.lobby = {"seats": ["a", "b"]}  # a joiner sat down: said at the next heartbeat
    while raw.kinds().count(b"HAVE") < beats:
        assert time.monotonic() < deadline, "no heartbeats"
        host.poll(5)
        raw.read(5)
    infos = [json.loads(p) for k, p in raw.decoded() if k == b"INFO"]
    assert infos[0] == {"seats": ["a"]} and {"seats": ["a", "b"]} in infos  # at the greeting, then the change
    assert len(infos) <= 2 + beats // INFO_REFRESH_BEATS + 1, len(infos)  # not one a heartbeat


def test_another_thread_rings_the_doorbell_and_a_long_wait_ends_at_once(made: list[Node | Raw]) -> None:
    """A front end handing the node's thread a command (a click in the window) wakes it:
    poll's wait of 10 s ends as soon as wake() is called from another thread, and a wake
    after close does nothing."""
    import threading

    n = node(made, Clock())
    ended: list[float] = []

    def wait() -> None:
        began = time.monotonic()
        n.poll(10_000)
        ended.append(time.monotonic() - began)

    t = threading.Thread(target=wait)
    t.start()
    time.sleep(0.2)
    n.wake()
    n.wake()  # rung twice before it is answered: one wake-up, no error
    t.join(5)
    assert ended and ended[0] < 5.0
    assert n.poll(0) == 0  # the bell is quiet again, and counts as no message
    n.close()
    n.wake()  # harmless once closed


@pytest.mark.parametrize(("addr", "group"), [
    ("192.0.2.7", "192.0.2.7"),
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
    ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
    ("::ffff:192.0.2.7", "192.0.2.7"),
    ("fe80::1%eth0", "fe80::/64"),
    ("", ""),
    ("not an address", "not an address"),
])
def test_a_connection_counts_under_its_address_or_its_ipv6_64(addr: str, group: str) -> None:
    assert address_group(addr) == group


def test_connections_from_many_addresses_of_one_ipv6_64_count_as_one_address(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One machine is commonly given a whole IPv6 /64: its connections from as many
    addresses as it likes count against one address's allowance, and leave room for others."""
    ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.bind("tcp://127.0.0.1:*")
    lim = Limits(max_links_per_address=4)
    gate = Gate(ctx, router, lim, Stats(), "group-test")
    try:
        peers: dict[int, tuple[str, int]] = {}
        monkeypatch.setattr("net.mesh.gate._peer_of", lambda fd: peers.get(fd))
        shut: list[int] = []
        monkeypatch.setattr("net.mesh.gate._shut", lambda fd, peer: shut.append(fd) is None)
        for fd in range(100, 110):  # ten addresses of one /64
            peers[fd] = (f"2001:db8:5:6::{fd:x}", 40_000 + fd)
            gate._accepted(fd)
        assert len(gate.open) == 4 and shut == list(range(104, 110))
        peers[200] = ("2001:db8:5:7::1", 50_000)  # the next /64: another source
        peers[201] = ("192.0.2.9", 50_001)
        gate._accepted(200)
        gate._accepted(201)
        assert {200, 201} <= set(gate.open) and 200 not in shut and 201 not in shut
        gate._gone(100)  # one of the first group leaves: room for one more of it
        peers[111] = ("2001:db8:5:6::ffff", 40_111)
        gate._accepted(111)
        assert 111 in gate.open and gate.per_address["2001:db8:5:6::/64"] == 4
    finally:
        gate.close()
        router.close(linger=0)
        ctx.term()
