"""What a node sends a link that says what it holds (``HELLO``, ``HAVE``): the messages it
lacks, as far as the link's catch-up budget allows (see :class:`CatchUp`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from net.mesh.frames import author_of
from net.mesh.link import Limits, Link, Replica, Stats, TokenBucket


class CatchUp:
    """The catch-up of one node: the budgets its answers come from, and the answers.

    Connections the node did not dial share their address's budget (many connections from
    one address asking for the whole game get one copy at once and then a trickle), a
    connection it dialled has its own (:class:`Limits`: ``catchup_burst``,
    ``catchup_rate``). Each message looked at costs ``catchup_step`` of it, sent or not,
    and nothing is listed once it is spent, so what a link can make the node do is bounded
    by what it may receive; what is left goes out on a later ``HAVE``. (How often a link
    may ask is bounded too: its frames other than ``MSG`` past ``Limits.calls_*`` are
    dropped unread, :meth:`net.mesh.Node._frame`.)"""

    def __init__(self, replica: Replica, limits: Limits, stats: Stats,
                 send: Callable[[Link, bytes, str, int], None]) -> None:
        self.replica = replica
        self.limits = limits
        self.stats = stats
        self.send = send  # (link, raw, msg_id, now): sends one message, unless sent there lately
        self.budgets: dict[str, TokenBucket] = {}  # address -> catch-up budget of its in links

    def answer(self, link: Link, their_have: dict[str, Any], now: int, fresh: dict[str, int]) -> None:
        """Send the messages the link's peer lacks (``their_have``: its heads, as it says
        them). ``fresh`` (a heartbeat's ``HAVE``; empty otherwise): message id -> when the
        node first flooded it; those younger than ``fresh_ms`` whose author the peer hears
        directly are left out: a heads list is a moment old when it arrives, and those
        messages are mostly in flight to the peer from their author (sent again, they only
        cost it a frame); a later heartbeat sends any it still lacks."""
        lim = self.limits
        budget = self.budget(link, now)
        step = lim.catchup_step
        left = budget.available(now)
        if left < step:
            self.stats.catchup_paced += 1
            return
        grace, resend = lim.fresh_ms, lim.resend_ms
        known, sent_at, direct = link.known, link.sent_at, link.direct
        spent = 0
        for msg_id, raw in self.replica.missing(their_have):
            spent += step
            if spent > left:
                self.stats.catchup_paced += 1
                break
            link.looked += 1
            since = fresh.get(msg_id)
            if since is not None and now - since < grace and author_of(raw) in direct:
                continue  # on its way from its author
            last = sent_at.get(msg_id)
            if (last is None and msg_id in known) or (last is not None and now - last < resend):
                continue
            if spent + len(raw) > left:
                self.stats.catchup_paced += 1
                break
            spent += len(raw)
            self.send(link, raw, msg_id, now)
        budget.spend(min(spent, left))

    def budget(self, link: Link, now: int) -> TokenBucket:
        """The catch-up budget a link's answers come from."""
        lim = self.limits
        if link.socket is not None:
            if link.catchup is None:
                link.catchup = TokenBucket(lim.catchup_burst, lim.catchup_rate, now)
            return link.catchup
        budget = self.budgets.get(link.addr)
        if budget is None:
            budget = self.budgets[link.addr] = TokenBucket(lim.catchup_burst, lim.catchup_rate, now)
        return budget

    def tidy(self, links: dict[tuple[str, bytes], Link], now: int) -> None:
        """Forget the budgets back to full of addresses with no connection left."""
        if not self.budgets:
            return
        addrs = {lk.addr for lk in links.values() if lk.socket is None}
        for addr, bucket in list(self.budgets.items()):
            if addr not in addrs and bucket.available(now) >= bucket.capacity:
                del self.budgets[addr]
