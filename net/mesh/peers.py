"""A node's table of peers: whom it remembers, dials and names to others in ``PEERS``
frames (see :class:`PeerTable`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from net.mesh.link import Limits

# how the node knows of a peer, from the least to the most checked
NAMED = 1  # named by another node (PEERS), or by itself in a HELLO on a link it opened, with no seated key
DIALLED = 2  # this node dialled its address, and the node there said HELLO
SEATED = 3  # it said HELLO on a live link naming a key the genesis (or the host's lobby) seats


@dataclass(slots=True)
class PeerEntry:
    addr: str
    curve: str
    rank: int  # NAMED, DIALLED or SEATED
    since: int  # when it entered the table (or was checked better)
    key: str = ""  # the seated key its HELLO named (SEATED)
    vouched: bool = False  # (NAMED) named, as checked, by a peer this node has checked

    @property
    def checked(self) -> bool:
        return self.rank >= DIALLED


class PeerTable:
    """The peers a node remembers: at most ``Limits.max_peers``, with room kept for the
    seated players and for what the node has checked, so names made up by a stranger
    cannot keep the players apart.

    - A **seated** entry (a HELLO with a seated key, on a live link) and a **dialled** one
      (this node dialled the address, and a node answered there) are checked: names are
      never let in at their expense. At most ``seated_per_key`` entries are seated for one
      key (a HELLO's key is only a claim), and the last ``seated_room`` places of the table
      are for seated entries alone.
    - A **named** entry (named by another node in ``PEERS``, or a HELLO's own address with
      no seated key) is not checked: at most ``max_named`` of them, first come first in;
      a name that a checked peer lists as checked (``vouched``) takes the place of the
      oldest that is not. A name is also let in while no room is left, in the place of a
      less checked one, never the other way round.

    ``on_evict(node, entry)`` is called for an entry pushed out to make room (the node
    closes the DEALER it opened for it). Forgetting the silent ones is the node's
    (:meth:`remove`)."""

    def __init__(self, limits: Limits, on_evict: Callable[[str, PeerEntry], None] | None = None) -> None:
        self.limits = limits
        self.on_evict = on_evict
        self.entries: dict[str, PeerEntry] = {}
        self.version = 0  # changes whenever the table does
        self.checked_version = 0  # changes whenever its checked entries do
        self._counts = {NAMED: 0, DIALLED: 0, SEATED: 0}

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, node: object) -> bool:
        return node in self.entries

    def get(self, node: str) -> PeerEntry | None:
        return self.entries.get(node)

    def items(self) -> Iterator[tuple[str, PeerEntry]]:
        return iter(list(self.entries.items()))

    def offer(self, node: str, addr: str, curve: str, rank: int, now: int, *, key: str = "",
              vouched: bool = False, fallback: int = NAMED) -> bool:
        """Remember ``node`` at ``addr`` as known by ``rank`` (a seated ``key``; a named
        entry ``vouched`` for; ``fallback``: the rank it has when ``key`` has all the seated
        entries it may have already). An entry is only ever checked better, never worse,
        and its address changes only with a better check. Returns whether it is in the
        table."""
        if rank == SEATED and self._seated(key, node) >= self.limits.seated_per_key:
            rank, key = fallback, ""
        e = self.entries.get(node)
        if e is not None:
            better = rank > e.rank or (rank == e.rank == NAMED and vouched and not e.vouched)
            if not better or not self._room(rank, vouched, node):
                return True
            self._counts[e.rank] -= 1
            self._counts[rank] += 1
            was_checked = e.checked
            e.rank, e.key, e.vouched, e.since = rank, key, vouched, now
            if rank > NAMED:
                e.addr, e.curve = addr, curve
            self._changed(was_checked or e.checked)
            return True
        if not self._room(rank, vouched, node):
            return False
        self.entries[node] = PeerEntry(addr, curve, rank, now, key, vouched)
        self._counts[rank] += 1
        self._changed(rank > NAMED)
        return True

    def remove(self, node: str) -> PeerEntry | None:
        e = self.entries.pop(node, None)
        if e is not None:
            self._counts[e.rank] -= 1
            self._changed(e.checked)
        return e

    def listing(self, me: dict[str, Any]) -> list[dict[str, Any]]:
        """What a ``PEERS`` frame says: this node (``me``) first, then its checked peers
        (marked ``"v": 1``), then the named ones, ``max_peers`` entries in all (a receiver
        reads no more)."""
        entries = sorted(self.entries.items(), key=lambda ne: (-ne[1].rank, not ne[1].vouched, ne[0]))
        out = [me] + [{"node": n, "addr": e.addr, "curve": e.curve, **({"v": 1} if e.checked else {})}
                      for n, e in entries]
        return out[:self.limits.max_peers]

    def checked(self) -> list[tuple[str, str]]:
        """The addresses (and curve keys) of the checked peers: what a resumed peer calls."""
        return sorted((e.addr, e.curve) for e in self.entries.values() if e.checked)

    # ------------------------------------------------------------------ room
    def _seated(self, key: str, node: str) -> int:
        return sum(1 for n, e in self.entries.items() if e.rank == SEATED and e.key == key and n != node)

    def _room(self, rank: int, vouched: bool, node: str) -> bool:
        """Whether an entry of ``rank`` fits (``node``'s own place, if it has one, counted
        free), pushing out a less checked one if that makes room."""
        lim = self.limits
        own = self.entries.get(node)
        counts = dict(self._counts)
        if own is not None:
            counts[own.rank] -= 1
        total = sum(counts.values())
        unseated = counts[NAMED] + counts[DIALLED]
        if rank == NAMED and (counts[NAMED] >= lim.max_named or unseated >= lim.max_peers - lim.seated_room):
            # a name in the place of an older name that no checked peer vouched for, or no place
            return vouched and self._evict(node, lambda e: e.rank == NAMED and not e.vouched)
        if rank == DIALLED and unseated >= lim.max_peers - lim.seated_room:
            return self._evict(node, lambda e: e.rank == NAMED)
        if total >= lim.max_peers:
            return self._evict(node, lambda e: e.rank < rank)
        return True

    def _evict(self, node: str, may: Callable[[PeerEntry], bool]) -> bool:
        """Push out the least checked, oldest entry that ``may`` be (never ``node``)."""
        victims = [(e.rank, e.vouched, e.since, n) for n, e in self.entries.items() if n != node and may(e)]
        if not victims:
            return False
        *_, victim = min(victims)
        e = self.remove(victim)
        if e is not None and self.on_evict is not None:
            self.on_evict(victim, e)
        return True

    def _changed(self, checked: bool) -> None:
        self.version += 1
        if checked:
            self.checked_version += 1
