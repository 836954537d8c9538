"""A node's introductions: which peers it puts in its table (:class:`~net.mesh.peers.PeerTable`)
and how checked, which it dials, and which it forgets (see :class:`Introductions`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from net.mesh.frames import valid_endpoint
from net.mesh.link import Link
from net.mesh.peers import DIALLED, NAMED, SEATED, PeerEntry, PeerTable

if TYPE_CHECKING:
    from net.mesh.node import Node


class Introductions:
    """The node's side of its table of peers: what a greeting (``HELLO``) and a list of
    peers (``PEERS``) put in it, the DEALERs opened to its peers and closed when they
    leave it."""

    def __init__(self, node: Node) -> None:
        self.node = node
        self.table = PeerTable(node.limits, self.evicted)

    def note(self, link: Link, now: int) -> None:
        """Put a greeted link's node in the table, as checked as it is: seated when its
        HELLO names a seated key, dialled when this node dialled it, else named by its own
        HELLO (if that gave an address); and dial it."""
        if not link.node or not link.greeted:
            return
        seated = bool(link.peer_key) and self.node.replica.seated(link.peer_key)
        if link.socket is not None:
            addr, curve, base = link.endpoint, link.curve, DIALLED
        elif link.said_addr:
            addr, curve, base = link.said_addr, link.curve, NAMED
        else:
            return
        if self.table.offer(link.node, addr, curve, SEATED if seated else base, now,
                            key=link.peer_key if seated else "", fallback=base) and link.socket is None:
            self.dial(link.node, addr, curve, self.dialled())

    def recheck(self, link: Link, now: int) -> None:
        """Note a link's node again unless it is seated already (a key seated since, a
        table with room again)."""
        entry = self.table.get(link.node)
        if entry is None or entry.rank < SEATED:
            self.note(link, now)

    def dialled(self) -> set[str]:
        """The nodes and addresses of the DEALERs open."""
        return {lk.node or lk.endpoint for lk in self.node.links.values() if lk.socket is not None}

    def dial(self, node: str, addr: str, curve: str, dialled: set[str]) -> None:
        """Open a DEALER to a peer of the table, unless one is open to it (``dialled``) or
        as many as the table holds are."""
        n = self.node
        if node in dialled or addr in dialled or addr == n.endpoint:
            return
        if sum(1 for lk in n.links.values() if lk.learned) >= n.limits.max_peers:
            return
        try:
            n.connect(addr, curve)
        except ValueError:
            return
        dialled.add(addr)
        link = n.links.get(("out", addr.encode()))
        if link is not None:
            link.learned = True

    def on_peers(self, link: Link, data: Any, now: int) -> None:
        """Names of peers from a link: remembered, as named, as the table has room for them
        (a list padded with made-up peers opens no more sockets), and dialled. A name the
        sender marks as checked is vouched for if this node has checked the sender."""
        if not isinstance(data, list):
            return
        sender = self.table.get(link.node)
        vouching = sender is not None and sender.checked
        dialled = self.dialled()
        me = self.node.node_id
        for p in data[:self.node.limits.max_peers]:
            if not isinstance(p, dict):
                continue
            node, addr, curve = p.get("node"), p.get("addr"), p.get("curve")
            if not (isinstance(node, str) and isinstance(addr, str) and isinstance(curve, str)):
                continue
            if node == me or node in dialled or not valid_endpoint(addr):
                continue
            vouched = vouching and p.get("v") == 1 and node != link.node
            if self.table.offer(node, addr, curve, NAMED, now, vouched=vouched):
                self.dial(node, addr, curve, dialled)

    def forget_silent(self, now: int) -> None:
        """Forget the peers no link has heard from for ``forget_ms`` (made up by a rogue's
        PEERS or HELLO, or gone for good), closing the DEALERs we opened because someone
        told us of them; so a list of made-up peers holds the table's room only that long.
        A peer that comes back calls us again; a DEALER we were asked to open (an invite,
        the peers a resumed log knew) stays, reconnecting with back-off."""
        n = self.node
        forget = n.limits.forget_ms
        heard = {lk.node for lk in n.links.values() if lk.node and now - lk.last_rx <= forget}
        for node, entry in self.table.items():
            if node in heard or now - entry.since <= forget:
                continue
            self.table.remove(node)
            n.stats.forgotten += 1
            n.close_learned(entry.addr)

    def evicted(self, node: str, entry: PeerEntry) -> None:
        """A peer pushed out of the table to make room for a better checked one."""
        self.node.stats.evicted += 1
        self.node.close_learned(entry.addr)
