"""A mesh node's links and what bounds them: its limits, token buckets, the record of
each connection and the node's statistics, the socket options every socket gets, the
transport's clock, and the :class:`Replica` (what the node needs of the game).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import zmq

# reasons a message from a link counts against it (an honest peer never sends these)
VIOLATIONS = frozenset({
    "oversized", "malformed", "not_canonical", "unsigned", "bad_signature", "bad_version", "unknown_author",
    "wrong_game", "equivocation", "bad_prev", "bad_reveal", "bad_opening", "bad_genesis", "garbage", "bad_state",
    "forged",
})


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


@dataclass(frozen=True, slots=True)
class Limits:
    """Transport limits; the defaults suit a game (a few messages a second at most)."""

    max_frame: int = 64 * 1024  # bytes of one frame (an envelope is at most 32 KiB)
    rate: int = 200  # frames per second allowed per link, on average
    # frames a link may send at once: a whole 7-player game's catch-up (2 200-2 600 messages;
    # with 2 000, the first spectator after a game lost the last few hundred, which come
    # again only resend_ms later: 3.3-3.4 s instead of under 1 s)
    burst: int = 4000
    byte_rate: int = 1 << 20  # bytes per second per link, on average
    byte_burst: int = 8 << 20
    ban_after: int = 50  # violations before a link is ignored
    ban_ms: int = 60_000
    heartbeat_ms: int = 1_000
    dead_ms: int = 10_000  # a link silent this long is considered gone
    resend_ms: int = 3_000  # a message sent to a link is not sent again to it before this
    # a heartbeat's catch-up leaves out the messages this node took in or sent less than this
    # long ago: they are on their way from their author (or its relays) already, and the
    # next heartbeat brings any that were lost
    fresh_ms: int = 500
    reconnect_ms: int = 100  # first reconnection delay (doubles up to reconnect_max_ms)
    reconnect_max_ms: int = 5_000
    max_peers: int = 64  # peers remembered and DEALERs opened on what other nodes say (PEERS, HELLO)
    max_named: int = 16  # of them, peers only named (not checked: see net.mesh.peers)
    seated_room: int = 16  # places of the table kept for the seated players' nodes
    seated_per_key: int = 2  # nodes a seated key may name in the table (a HELLO's key is only a claim)
    forget_ms: int = 60_000  # a peer no link has heard from this long is forgotten (see _forget_silent)
    # what connections from one address that we did not dial get back as catch-up, in all
    # (and each connection we dialled, alone): a whole 7-player game at once (about 1.2 MB),
    # then a trickle; the rest follows later
    catchup_burst: int = 2 << 20
    catchup_rate: int = 256 << 10  # bytes per second
    # each message looked at while answering a HELLO or HAVE costs this much of that budget
    # too, sent or not (already sent on the link, on its way from its author): an answer
    # walks only as far as the budget allows, and one with nothing left lists nothing
    catchup_step: int = 64
    # frames other than MSG a link may send at once, and a second on average (an honest peer
    # sends one or two a second: HAVE, a PEERS when its table changes); those past them are
    # dropped before they are read
    calls_burst: int = 32
    calls_rate: int = 8
    max_links_per_address: int = 32  # connections we accept from one address at once (more are shut down)
    max_connections: int = 512  # connections taken at once, at most (and at most about half the open files allowed)
    spare_files: int = 8  # file descriptors held in reserve, for the peer's files when connections took the rest
    handshake_ms: int = 5_000  # a connection to the ROUTER that has not finished its handshake by then is closed
    address_bans: int = 3  # links of one address banned (within ban_ms) before the address is ignored


class Replica(Protocol):
    """What the transport needs of the game: the messages it holds and what to do with new ones."""

    def have(self) -> dict[str, int]:
        """Author key -> number of that author's messages held (its next seq)."""
        ...

    def missing(self, their_have: Mapping[str, object]) -> Iterable[tuple[str, bytes]]:
        """The messages (id, bytes) a peer with ``their_have`` (as it says it: any values)
        lacks, in an order it can apply them; lazily, since the node stops taking them
        once the link's catch-up budget is spent (:class:`net.mesh.catchup.CatchUp`)."""
        ...

    def receive(self, raw: bytes, now: int) -> str:
        """Offer received envelope bytes; returns ``accepted``, ``duplicate``, ``held`` or a
        rejection reason code."""
        ...

    def drain(self) -> list[bytes]:
        """Messages accepted (or created) since the last call, to flood."""
        ...

    def info(self) -> dict[str, Any] | None:
        """Lobby information to share with peers, or None."""
        ...

    def seated(self, key: str) -> bool:
        """Whether ``key`` holds a seat: in the genesis, or (a host) in its lobby."""
        ...


class TokenBucket:
    __slots__ = ("capacity", "rate", "tokens", "last")

    def __init__(self, capacity: int, rate: int, now: int) -> None:
        self.capacity = capacity
        self.rate = rate
        self.tokens = capacity * 1000  # in thousandths: integers only
        self.last = now

    def available(self, now: int) -> int:
        """What may be taken now (see :meth:`spend`)."""
        if now > self.last:  # (every frame asks: no min() or max())
            tokens = self.tokens + (now - self.last) * self.rate
            full = self.capacity * 1000
            self.tokens = tokens if tokens < full else full
            self.last = now
        return self.tokens // 1000

    def spend(self, amount: int) -> None:
        """Take ``amount``, at most what :meth:`available` said a moment ago."""
        self.tokens = max(0, self.tokens - amount * 1000)

    def take(self, amount: int, now: int) -> bool:
        if self.available(now) >= amount:
            self.tokens -= amount * 1000
            return True
        return False


@dataclass(slots=True)
class Link:
    """One connection: ``out`` links are our DEALERs, ``in`` links ROUTER identities."""

    key: tuple[str, bytes]
    endpoint: str = ""
    curve: str = ""  # the peer's CurveZMQ server key: dialled (``out`` link) or as its HELLO says (``in``)
    socket: zmq.Socket[bytes] | None = None  # the DEALER of an ``out`` link
    node: str = ""  # the peer's node id, once it said HELLO
    peer_key: str = ""  # the player key its HELLO names ("" for none)
    direct: frozenset[str] = frozenset()  # player keys it hears directly, as its last HAVE says
    direct_said: list[Any] | None = None  # that HAVE's list as it came (the next one is mostly the same)
    role: str = ""
    greeted: bool = False
    last_rx: int = 0
    last_tx: int = 0
    known: set[str] = field(default_factory=set)
    sent_at: dict[str, int] = field(default_factory=dict)
    frames: TokenBucket | None = None
    bytes: TokenBucket | None = None
    calls: TokenBucket = field(default_factory=lambda: TokenBucket(32, 8, 0))  # its frames other than MSG
    said_addr: str = ""  # the address its HELLO gives (valid, or "")
    violations: int = 0
    banned_until: int = 0
    dropped_frames: int = 0
    calls_taken: int = 0  # frames other than MSG read within its allowance (Limits.calls_*)
    learned: bool = False  # an ``out`` link to a peer another node told us of (not one we were asked to call)
    addr: str = ""  # the remote address of an ``in`` link (ZeroMQ's Peer-Address) as its limits count it: its group (frames.address_group)
    catchup: TokenBucket | None = None  # the catch-up budget of an ``out`` link (``in`` links share their address's)
    looked: int = 0  # messages looked at to answer its HELLO and HAVE frames (each paid for from its budget)


@dataclass(slots=True)
class Stats:
    frames_in: int = 0
    frames_out: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    rate_limited: int = 0
    bans: int = 0
    refused_links: int = 0  # connections ignored: too many from their address, or the address banned
    catchup_paced: int = 0  # catch-up answers cut short (or not begun) by a catch-up budget spent
    calls_dropped: int = 0  # frames other than MSG past their link's allowance (Limits.calls_*), dropped unread
    sent: dict[str, int] = field(default_factory=dict)  # frames sent, by type (MSG, HAVE...)
    forgotten: int = 0  # peers forgotten after forget_ms of silence
    evicted: int = 0  # peers pushed out of the table to make room for better checked ones
    shed: int = 0  # connections shut down as soon as accepted: too many from their address, or in all
    accept_failed: int = 0  # connections ZeroMQ could not accept (no file descriptor left, mostly)
    no_files: int = 0  # sockets this node could not open (no file descriptor left)
    duplicates: int = 0  # messages received that this node had already


def curve_server(sock: zmq.Socket[bytes], keys: tuple[bytes, bytes] | None = None) -> bytes:
    """Make ``sock`` a CurveZMQ server with the key pair ``keys`` (public, secret; a new
    one when None); returns its public key."""
    public, secret = keys or zmq.curve_keypair()
    sock.curve_server = True
    sock.curve_secretkey = secret
    sock.curve_publickey = public
    return public


def curve_client(sock: zmq.Socket[bytes], server_key: str | bytes) -> None:
    """Make ``sock`` a CurveZMQ client of the server whose public key is ``server_key``
    (Z85 text), with a key pair of its own made for it."""
    public, secret = zmq.curve_keypair()
    sock.curve_serverkey = server_key.encode("ascii") if isinstance(server_key, str) else server_key
    sock.curve_publickey = public
    sock.curve_secretkey = secret


def tune(sock: zmq.Socket[bytes], lim: Limits) -> None:
    """The socket options of every socket of a node: its limits, heartbeats and back-off."""
    sock.setsockopt(zmq.LINGER, 200)
    sock.setsockopt(zmq.MAXMSGSIZE, lim.max_frame)
    sock.setsockopt(zmq.HEARTBEAT_IVL, lim.heartbeat_ms)
    sock.setsockopt(zmq.HEARTBEAT_TIMEOUT, lim.dead_ms)
    sock.setsockopt(zmq.HEARTBEAT_TTL, lim.dead_ms)
    sock.setsockopt(zmq.RECONNECT_IVL, lim.reconnect_ms)
    sock.setsockopt(zmq.RECONNECT_IVL_MAX, lim.reconnect_max_ms)
    sock.setsockopt(zmq.SNDHWM, 10_000)
    sock.setsockopt(zmq.RCVHWM, 10_000)
