"""Who a peer hears, for people: each seat's connection (direct, through others, or
silent, and since when) and the spectators connected to this peer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from net.core.identity import fingerprint

if TYPE_CHECKING:
    from net.peer.peer import Peer


@dataclass(frozen=True, slots=True)
class Connection:
    """A seat as this peer hears it: ``how`` is ``you`` (this peer's own seat), ``direct``
    (a live link to its program), ``relayed`` (no link, but its messages come through
    others), ``bot`` (a computer player plays it on every peer) or ``silent`` (nothing heard
    from it lately); ``heard_ms`` is how long ago it was last heard (-1: never)."""

    seat: int
    power: str
    name: str
    how: str
    heard_ms: int


@dataclass(frozen=True, slots=True)
class Watcher:
    """A spectator connected to this peer: its key's fingerprint, and how long ago it was heard."""

    fingerprint: str
    heard_ms: int


def connections(peer: Peer, now: int) -> tuple[Connection, ...]:
    """Every seat of the game as ``peer`` hears it (empty before the genesis)."""
    t = peer.session.transcript
    g, ref = t.genesis, t.referee
    if g is None or ref is None:
        return ()
    dead = peer.node.limits.dead_ms
    links: dict[str, int] = {}
    for lk in peer.node.links.values():
        if lk.peer_key and lk.greeted and not lk.banned_until:
            links[lk.peer_key] = max(links.get(lk.peer_key, 0), lk.last_rx)
    out = []
    for s, seat in enumerate(g.seats):
        heard = max(links.get(seat.key, -1), peer.replica.heard.get(seat.key, -1)) if seat.key else -1
        ago = now - heard if heard >= 0 else -1
        if seat.key == peer.identity.public_hex:
            how, ago = "you", 0
        elif not seat.key or not ref.active(s):
            how = "bot"
        elif seat.key in links and now - links[seat.key] <= dead:
            how = "direct"
        elif heard >= 0 and now - heard <= dead:
            how = "relayed"
        else:
            how = "silent"
        out.append(Connection(s, seat.power, seat.name, how, ago))
    return tuple(out)


def watchers(peer: Peer, now: int) -> tuple[Watcher, ...]:
    """The spectators with a live link to ``peer``."""
    dead = peer.node.limits.dead_ms
    seen: dict[str, int] = {}
    for lk in peer.node.links.values():
        if lk.role == "spectator" and lk.greeted and lk.peer_key and now - lk.last_rx <= dead:
            seen[lk.peer_key] = max(seen.get(lk.peer_key, 0), lk.last_rx)
    return tuple(Watcher(fingerprint(k), now - at) for k, at in sorted(seen.items()))
