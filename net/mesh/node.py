"""A mesh node: one peer's end of the mesh (see :mod:`net.mesh`)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

import zmq

from net.core.encoding import canonical_json
from net.core.envelope import message_id
from net.mesh.bell import Doorbell
from net.mesh.catchup import CatchUp
from net.mesh.frames import address_group, author_of, decode_frame, encode_frame, is_key, valid_endpoint
from net.mesh.gate import Gate
from net.mesh.intro import Introductions
from net.mesh.link import (
    VIOLATIONS,
    Limits,
    Link,
    Replica,
    Stats,
    TokenBucket,
    curve_client,
    curve_server,
    monotonic_ms,
    tune,
)

# a host sends its lobby's INFO on a link when it changes, and again every this many heartbeats
INFO_REFRESH_BEATS = 10
# plain integers: pyzmq's enums cost microseconds per use, and the loop reads every frame with them
_NOBLOCK, _EVENTS, _POLLIN = int(zmq.NOBLOCK), int(zmq.EVENTS), int(zmq.POLLIN)


def _read(sock: zmq.Socket[bytes]) -> list[zmq.Frame]:
    """The parts of the next message waiting on ``sock`` (what pyzmq's ``recv_multipart``
    does, in half its time: it asks ZeroMQ for each part's successor through an enum)."""
    parts = [sock.recv(_NOBLOCK, copy=False)]
    while parts[-1].more:
        parts.append(sock.recv(_NOBLOCK, copy=False))
    return parts


class Node:
    """One peer's end of the mesh (see :mod:`net.mesh`)."""

    def __init__(self, replica: Replica, game_id: str, *, host: str = "127.0.0.1", port: int = 0,
                 advertise: str | None = None, role: str = "player", curve: bool = True,
                 limits: Limits | None = None, clock: Callable[[], int] = monotonic_ms,
                 on_desync: Callable[[bytes, str], None] | None = None, curve_keys: tuple[bytes, bytes] | None = None,
                 on_info: Callable[[dict[str, Any]], None] | None = None, author: str = "") -> None:
        self.replica = replica
        # a BYE that arrived (the link, its code and reason), and what a refusal by the
        # replica says to the link that sent the refused message (None: say nothing)
        self.on_bye: Callable[[Link, str, str], None] | None = None
        self.on_refuse: Callable[[str], str | None] | None = None
        self.author = author  # this peer's player key (hex), named in its HELLO
        self.game_id = game_id
        self.role = role
        self.limits = limits or Limits()
        self.clock = clock
        self.on_desync = on_desync
        self.on_info = on_info
        self.node_id = secrets.token_hex(8)
        self.ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
        self.curve = curve and bool(zmq.has("curve"))
        self.curve_public = ""
        self._curve_secret = b""
        self.router: zmq.Socket[bytes] = self.ctx.socket(zmq.ROUTER)
        tune(self.router, self.limits)
        if self.curve:
            public = curve_server(self.router, curve_keys)  # (public, secret): a resumed peer keeps its own
            self.curve_public = public.decode("ascii")
        self.router.setsockopt(zmq.HANDSHAKE_IVL, self.limits.handshake_ms)
        self.stats = Stats()
        self.gate = Gate(self.ctx, self.router, self.limits, self.stats, self.node_id)  # (before it listens)
        if port:
            self.router.bind(f"tcp://{host}:{port}")
            self.port = port
        else:
            self.port = self.router.bind_to_random_port(f"tcp://{host}")
        self.host = host
        self.advertise = advertise if advertise is not None else host
        self.poller = zmq.Poller()
        self.poller.register(self.router, zmq.POLLIN)
        self.bell = Doorbell(self.ctx, self.node_id)  # wake(): poll's wait ends at once
        self.poller.register(self.bell.socket, zmq.POLLIN)
        self.poller.register(self.gate.monitor, zmq.POLLIN)
        self.links: dict[tuple[str, bytes], Link] = {}
        self.intro = Introductions(self)  # the peers it knows of (net.mesh.peers), and dials
        self.table = self.intro.table
        self.closed = False
        self._next_beat = 0
        self._peers_sent: dict[tuple[str, bytes], int] = {}
        self._peers_shared = 0  # the peer list version last offered to every live link
        self._info_sent: dict[tuple[str, bytes], bytes] = {}  # link -> the INFO last sent on it
        self._beats = 0  # heartbeats so far
        self.catchup = CatchUp(replica, self.limits, self.stats, self._send_msg)
        self._bans: dict[str, list[int]] = {}  # address -> when its links were banned
        # message id -> when this node first flooded it (took it in, or made it): see _catch_up
        self._fresh: dict[str, int] = {}
        # the player keys this node hears directly, as the last HAVE sent on each link told
        # it, and whether a link has been greeted since (see _tell_direct)
        self._direct_told: dict[tuple[str, bytes], list[str]] = {}
        self._greeted_since = False

    # ------------------------------------------------------------------ setup
    @property
    def peers(self) -> dict[str, tuple[str, str]]:
        """The peers it knows of: node id -> (endpoint, curve key)."""
        return {n: (e.addr, e.curve) for n, e in self.table.entries.items()}

    @property
    def peers_version(self) -> int:
        """Changes whenever the table of peers does."""
        return self.table.version

    @property
    def checked_version(self) -> int:
        """Changes whenever the checked peers do (see :meth:`checked_peers`)."""
        return self.table.checked_version

    def checked_peers(self) -> list[tuple[str, str]]:
        """The peers it has checked (:mod:`net.mesh.peers`): what a resumed peer calls."""
        return self.table.checked()

    @property
    def endpoint(self) -> str:
        """The address other peers connect to."""
        host = f"[{self.advertise}]" if ":" in self.advertise else self.advertise
        return f"tcp://{host}:{self.port}"

    def connect(self, endpoint: str, curve_key: str = "") -> None:
        """Connect a DEALER to a peer (ZeroMQ reconnects by itself, with back-off). Raises
        ValueError for an address or key ZeroMQ refuses."""
        key = ("out", endpoint.encode())
        if key in self.links or endpoint == self.endpoint:
            return
        if not valid_endpoint(endpoint):
            raise ValueError(f"not a tcp://HOST:PORT address: {endpoint!r}")
        try:
            sock: zmq.Socket[bytes] = self.ctx.socket(zmq.DEALER)
        except zmq.ZMQError as exc:  # no file descriptor left, mostly
            self.stats.no_files += 1
            raise ValueError(f"cannot connect to {endpoint!r}: {exc}") from None
        try:
            tune(sock, self.limits)
            if curve_key and self.curve:
                curve_client(sock, curve_key)
            sock.connect(endpoint)
        except (zmq.ZMQError, UnicodeEncodeError) as exc:
            sock.close(linger=0)
            raise ValueError(f"cannot connect to {endpoint!r}: {exc}") from None
        now = self.clock()
        link = self._new_link(key, now)
        link.endpoint = endpoint
        link.curve = curve_key
        link.socket = sock
        self.links[key] = link
        self.poller.register(sock, zmq.POLLIN)
        self._send(link, b"HELLO", self._hello())

    def _new_link(self, key: tuple[str, bytes], now: int) -> Link:
        lim = self.limits
        return Link(key=key, last_rx=now, frames=TokenBucket(lim.burst, lim.rate, now),
                    bytes=TokenBucket(lim.byte_burst, lim.byte_rate, now),
                    calls=TokenBucket(lim.calls_burst, lim.calls_rate, now))

    def _hello(self) -> bytes:
        return canonical_json({"game": self.game_id, "node": self.node_id, "addr": self.endpoint,
                               "curve": self.curve_public, "role": self.role, "key": self.author,
                               "have": self.replica.have()})

    # ------------------------------------------------------------------ sending
    def _send(self, link: Link, kind: bytes, payload: bytes) -> None:
        frame = encode_frame(kind, payload)
        try:
            if link.socket is not None:
                link.socket.send(frame, flags=zmq.NOBLOCK)
            else:
                self.router.send_multipart([link.key[1], frame], flags=zmq.NOBLOCK)
        except zmq.Again:  # the peer is not reading: anti-entropy will resend later
            return
        except zmq.ZMQError:  # e.g. a ROUTER identity that has gone
            return
        link.last_tx = self.clock()
        self.stats.frames_out += 1
        name = kind.decode("ascii")
        self.stats.sent[name] = self.stats.sent.get(name, 0) + 1

    def _send_msg(self, link: Link, raw: bytes, msg_id: str, now: int) -> None:
        last = link.sent_at.get(msg_id)
        if msg_id in link.known and last is None:
            return  # the link gave it to us
        if last is not None and now - last < self.limits.resend_ms:
            return
        link.sent_at[msg_id] = now
        link.known.add(msg_id)
        self._send(link, b"MSG", raw)

    def _live(self) -> list[Link]:
        return [lk for lk in self.links.values() if lk.greeted and lk.banned_until == 0]

    def flood(self) -> int:
        """Send every newly accepted message to each link that lacks it. Two nodes that
        connected to each other share two links: such a peer gets it through our DEALER
        only. (That DEALER reached the CurveZMQ key we dialled; an in link is skipped only
        when it names that node and that key, so no one can divert a message by naming
        himself after a peer.)"""
        raws = self.replica.drain()
        return self._spread(raws) if raws else 0

    def send_own(self, raw: bytes) -> int:
        """Send a message this node's author has just signed (and made durable) to every
        peer at once, before the replica has finished taking it in; :meth:`flood` will
        not send it again."""
        return self._spread([raw])

    def relay(self, raw: bytes) -> int:
        """Send a message the transcript refused as evidence against its author (another
        state hash for a position) to every live link that has not sent it or been sent it:
        each peer checks it and keeps it itself."""
        sent = 0
        now = self.clock()
        msg_id = message_id(raw)
        for link in self._live():
            if msg_id not in link.known:
                self._send_msg(link, raw, msg_id, now)
                sent += 1
        return sent

    def _spread(self, raws: list[bytes]) -> int:
        sent = 0
        now = self.clock()
        live = self._live()
        dialled = {(lk.node, lk.curve) for lk in live if lk.socket is not None and lk.node}
        fresh = self._fresh
        targets: dict[str, list[Link]] = {}  # author -> the links to send its messages on
        for raw in raws:
            msg_id = message_id(raw)
            fresh.setdefault(msg_id, now)
            author = author_of(raw)
            to = targets.get(author)
            if to is None:
                relay = bool(author) and author != self.author
                to = targets[author] = [
                    link for link in live
                    if not (relay and (link.peer_key == author or author in link.direct))  # hears the author directly
                    and (link.socket is not None or (link.node, link.curve) not in dialled)]
            for link in to:
                if msg_id not in link.known:
                    self._send_msg(link, raw, msg_id, now)
                    sent += 1
        return sent

    # ------------------------------------------------------------------ receiving
    def poll(self, timeout_ms: int = 0) -> int:
        """Handle what arrived (waiting up to ``timeout_ms``), flood, beat; returns frames handled."""
        if self.closed:
            return 0
        handled = 0
        for sock, _ in self.poller.poll(timeout_ms):
            if sock is self.bell.socket:
                self.bell.quiet()
                continue
            if sock is self.gate.monitor:
                self.gate.handle()
                continue
            router = sock is self.router
            link = None if router else next((lk for lk in self.links.values() if lk.socket is sock), None)
            # what is waiting, and no more: ZeroMQ says whether another message is ready
            # (cheaper than the exception a read of an empty socket raises)
            for _ in range(1000):
                try:
                    parts = _read(sock)
                    if router:  # (a frame object: the address of a new connection)
                        key = ("in", parts[0].bytes)
                        link = self.links.get(key) or self._accept_link(key, parts[-1])
                        if link is not None:
                            self._frame(link, [f.bytes for f in parts[1:]])
                    elif link is not None:
                        self._frame(link, [f.bytes for f in parts])
                    handled += 1
                    if not sock.getsockopt(_EVENTS) & _POLLIN:
                        break
                except zmq.ZMQError:  # zmq.Again among them: nothing more after all
                    break
        self.flood()
        self._maintain()
        return handled

    def wake(self) -> None:
        """End a wait in :meth:`poll` at once: the one call another thread may make."""
        self.bell.ring()

    def _accept_link(self, key: tuple[str, bytes], frame: zmq.Frame) -> Link | None:
        """A new connection on the ROUTER: refused (its frames ignored) when its address has
        too many connections already or has had too many links banned (an IPv6 address
        counts with the rest of its /64: :func:`~net.mesh.frames.address_group`)."""
        try:
            addr = address_group(str(frame.get("Peer-Address")))
        except (zmq.ZMQError, AttributeError, ValueError):
            addr = ""
        now = self.clock()
        lim = self.limits
        bans = [t for t in self._bans.get(addr, []) if now - t < lim.ban_ms]
        self._bans[addr] = bans
        if not bans:
            del self._bans[addr]
        same = sum(1 for lk in self.links.values() if lk.socket is None and lk.addr == addr)
        if len(bans) >= lim.address_bans or same >= lim.max_links_per_address:
            self.stats.refused_links += 1
            return None
        link = self._new_link(key, now)
        link.addr = addr
        self.links[key] = link
        return link

    def _violation(self, link: Link, code: str) -> None:
        self.stats.rejected[code] = self.stats.rejected.get(code, 0) + 1
        link.violations += 1
        if link.violations >= self.limits.ban_after and link.banned_until == 0:
            link.banned_until = self.clock() + self.limits.ban_ms
            self.stats.bans += 1
            if link.socket is None:
                self._bans.setdefault(link.addr, []).append(self.clock())
            self._send(link, b"BYE", canonical_json({"code": "banned", "reason": "too many invalid frames"}))

    def _frame(self, link: Link, frames: list[bytes]) -> None:
        now = self.clock()
        self.stats.frames_in += 1
        if link.banned_until:
            if now < link.banned_until:
                return
            link.banned_until = 0
            link.violations = 0
        size = sum(len(f) for f in frames)
        assert link.frames is not None and link.bytes is not None
        if not link.frames.take(1, now) or not link.bytes.take(size, now):
            link.dropped_frames += 1
            self.stats.rate_limited += 1
            if link.dropped_frames % 100 == 0:
                self._violation(link, "rate")
            return
        decoded = decode_frame(frames[0]) if len(frames) == 1 and size <= self.limits.max_frame else None
        if decoded is None:
            self._violation(link, "garbage")
            return
        link.last_rx = now
        kind, payload = decoded
        if kind != b"MSG":
            if not link.calls.take(1, now):
                self.stats.calls_dropped += 1  # an honest peer sends one or two a second: dropped unread
                return
            link.calls_taken += 1
        if kind == b"MSG":
            if not link.greeted:
                self._violation(link, "garbage")
                return
            self._msg(link, payload, now)
            return
        try:
            data = json.loads(payload.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):  # deep nesting must not end the node
            self._violation(link, "garbage")
            return
        if kind == b"BYE":  # whether greeted or not: a refusal may come before any HELLO
            link.greeted = False
            if isinstance(data, dict) and self.on_bye is not None:
                code, reason = data.get("code"), data.get("reason")
                self.on_bye(link, code[:40] if isinstance(code, str) else "",
                            reason[:400] if isinstance(reason, str) else "")
            return
        if kind == b"HELLO":
            self._on_hello(link, data, now)
        elif not link.greeted:
            self._violation(link, "garbage")
        elif kind == b"HAVE":
            if isinstance(data, dict) and isinstance(data.get("have"), dict):
                direct = data.get("direct")
                if isinstance(direct, list) and direct != link.direct_said:  # (mostly the same as the last)
                    link.direct_said = direct
                    link.direct = frozenset(k for k in direct[:64] if is_key(k))
                self._catch_up(link, data["have"], now, heartbeat=True)
            else:
                self._violation(link, "garbage")
        elif kind == b"PEERS":
            self.intro.on_peers(link, data, now)
        elif kind == b"INFO":
            if isinstance(data, dict) and self.on_info is not None:
                self.on_info(data)

    def _on_hello(self, link: Link, data: Any, now: int) -> None:
        if not isinstance(data, dict) or not isinstance(data.get("have"), dict):
            self._violation(link, "garbage")
            return
        if data.get("game") != self.game_id:
            self._send(link, b"BYE", canonical_json({"code": "wrong_game", "reason": f"this is game {self.game_id}"}))
            link.greeted = False
            return
        node = str(data.get("node", ""))
        if node == self.node_id:  # we connected to ourselves
            link.greeted = False
            return
        first = not link.greeted
        link.greeted = True
        self._greeted_since = self._greeted_since or first
        link.node = node
        link.role = str(data.get("role", ""))
        key = data.get("key")
        link.peer_key = str(key) if is_key(key) else ""
        addr, curve = data.get("addr"), data.get("curve")
        if link.socket is None:
            link.curve = curve if isinstance(curve, str) else ""  # only a claim on an in link
            link.said_addr = addr if valid_endpoint(addr) and isinstance(curve, str) else ""
        self.intro.note(link, now)
        if first:
            self._info_sent.pop(link.key, None)  # (a peer come back may be a new process: tell it again)
        if first and link.socket is None:
            self._send(link, b"HELLO", self._hello())  # answer so the DEALER side knows us
            info = self.replica.info()
            if info is not None:  # a host's lobby: a joiner sees it (the game's settings) before it asks to sit
                self._info_sent[link.key] = raw_info = canonical_json(info)
                self._send(link, b"INFO", raw_info)
        self._catch_up(link, data["have"], now)

    def _catch_up(self, link: Link, their_have: dict[str, Any], now: int, heartbeat: bool = False) -> None:
        """Send what the link's peer lacks, as far as its budget allows (:class:`CatchUp`); a
        heartbeat's ``HAVE`` is not answered with what is on its way from its author."""
        self.catchup.answer(link, their_have, now, self._fresh if heartbeat else {})

    def _msg(self, link: Link, raw: bytes, now: int) -> None:
        msg_id = message_id(raw)
        link.known.add(msg_id)
        code = self.replica.receive(raw, now)
        if code in ("accepted", "duplicate", "held"):
            if code == "duplicate":
                self.stats.duplicates += 1
            elif code == "accepted" and link.peer_key:  # (its hello may have just seated its key)
                self.intro.recheck(link, now)
            return
        if code != "state_mismatch":
            link.known.discard(msg_id)  # refused: remembering it would only grow with a flood
        if code in VIOLATIONS:
            self._violation(link, code)  # counts it in the stats too
        else:
            self.stats.rejected[code] = self.stats.rejected.get(code, 0) + 1
        if code == "state_mismatch" and self.on_desync is not None:
            self.on_desync(raw, code)
        if self.on_refuse is not None:
            reason = self.on_refuse(code)
            if reason is not None:
                self.bye(link, code, reason)

    def bye(self, link: Link, code: str, reason: str) -> None:
        """Tell one link why it is refused (or that we leave): a ``BYE`` frame."""
        self._send(link, b"BYE", canonical_json({"code": code, "reason": reason}))

    def bye_all(self, code: str, reason: str) -> None:
        """Say ``BYE`` on every live link (a joiner leaving before the game starts)."""
        for link in self._live():
            self.bye(link, code, reason)

    # ------------------------------------------------------------------ upkeep
    def _peers_frame(self) -> bytes:
        return canonical_json(self.table.listing({"node": self.node_id, "addr": self.endpoint,
                                                  "curve": self.curve_public}))

    def _direct(self, now: int) -> list[str]:
        """The player keys this node hears directly (a ``HAVE`` tells them: see :meth:`_spread`)."""
        lim = self.limits
        return sorted({lk.peer_key for lk in self.links.values()
                       if lk.peer_key and lk.greeted and not lk.banned_until and now - lk.last_rx <= lim.dead_ms})

    def _tell_direct(self, now: int) -> None:
        """Between heartbeats: once a new link has made this node hear another author
        directly, tell every link at once (a ``HAVE``), so that none of them goes on
        relaying that author's messages to it until the next heartbeat (while a mesh
        forms at the start of a game, that was every message of its first second, sent
        again by every peer)."""
        self._greeted_since = False
        direct = self._direct(now)
        have = b""
        for link in self._live():
            if self._direct_told.get(link.key) != direct:
                self._direct_told[link.key] = direct
                have = have or canonical_json({"have": self.replica.have(), "direct": direct})
                self._send(link, b"HAVE", have)

    def _maintain(self) -> None:
        now = self.clock()
        lim = self.limits
        if self._greeted_since and now < self._next_beat:
            self._tell_direct(now)
        if now < self._next_beat and self.peers_version != self._peers_shared:
            # a peer arrived: introduce it now rather than at the next beat, so the mesh
            # does not hang on its first node while it forms
            self._peers_shared = self.peers_version
            peers = self._peers_frame()
            for link in self._live():
                if self._peers_sent.get(link.key) != self.peers_version:
                    self._peers_sent[link.key] = self.peers_version
                    self._send(link, b"PEERS", peers)
        if now >= self._next_beat:
            self._next_beat = now + lim.heartbeat_ms
            self._beats += 1
            refresh = self._beats % INFO_REFRESH_BEATS == 0
            self._peers_shared = self.peers_version
            self._greeted_since = False
            direct = self._direct(now)
            self._direct_told = {}
            have = canonical_json({"have": self.replica.have(), "direct": direct})
            peers = self._peers_frame()
            info = self.replica.info()
            info_raw = canonical_json(info) if info is not None else b""
            self.intro.forget_silent(now)
            self.gate.tick()
            if self._fresh:  # only the last fresh_ms matter
                self._fresh = {m: t for m, t in self._fresh.items() if now - t < lim.fresh_ms}
            self.catchup.tidy(self.links, now)  # budgets back to full, of addresses with no connection left
            for link in list(self.links.values()):
                if link.socket is not None and link.greeted and now - link.last_rx > lim.dead_ms:
                    # the peer went away: queue no more messages for it (up to SNDHWM of them
                    # per dead link); say HELLO until it answers, then catch it up
                    link.greeted = False
                if link.socket is not None and not link.greeted:
                    self._send(link, b"HELLO", self._hello())  # until the peer answers
                    continue
                if link.socket is None and now - link.last_rx > lim.dead_ms and now >= link.banned_until:
                    # a ROUTER-side link that went away, never said HELLO, or served its ban
                    del self.links[link.key]
                    self._peers_sent.pop(link.key, None)
                    self._info_sent.pop(link.key, None)
                    continue
                if not link.greeted or link.banned_until:
                    continue
                self.intro.recheck(link, now)  # a key seated since, a table with room again
                self._send(link, b"HAVE", have)
                self._direct_told[link.key] = direct
                if refresh or self._peers_sent.get(link.key) != self.peers_version:
                    self._peers_sent[link.key] = self.peers_version
                    self._send(link, b"PEERS", peers)
                if info_raw and (refresh or self._info_sent.get(link.key) != info_raw):
                    self._info_sent[link.key] = info_raw  # when it changes (and now and then, for the record)
                    self._send(link, b"INFO", info_raw)

    def close_learned(self, addr: str) -> None:
        """Close the DEALER opened to ``addr`` because someone told us of it, if one is."""
        link = self.links.get(("out", addr.encode()))
        if link is not None and link.learned and link.socket is not None:
            self.poller.unregister(link.socket)
            link.socket.close(linger=0)
            del self.links[link.key]
            self._peers_sent.pop(link.key, None)
            self._info_sent.pop(link.key, None)

    def link_summary(self) -> list[dict[str, Any]]:
        """For people: one line per link."""
        now = self.clock()
        return [{"to": lk.endpoint or lk.key[1].hex(), "node": lk.node, "role": lk.role, "greeted": lk.greeted,
                 "silent_ms": now - lk.last_rx, "banned": bool(lk.banned_until), "violations": lk.violations}
                for lk in self.links.values()]

    def close(self, linger_ms: int = 100) -> None:
        """Close every socket, letting queued frames out for ``linger_ms`` (0: as a crash would)."""
        if self.closed:
            return
        self.closed = True
        self.bell.close()
        self.gate.close()
        for link in self.links.values():
            if link.socket is not None:
                link.socket.close(linger=linger_ms)
        self.router.close(linger=linger_ms)
        self.ctx.term()
