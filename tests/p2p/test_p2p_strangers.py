"""Strangers on the transport (anyone holding an invite, or only a peer's address), each
attack played against real peers over loopback while the honest ones finish their game on
one state (docs/network.md, "Limits"): asking for catch-up again and again, a peer table
filled with made-up addresses, and more connections than a process may have files."""

from __future__ import annotations

import time
from pathlib import Path

from p2pkit import Cluster, Raw, verify_log

from net.core.encoding import canonical_json
from net.mesh import encode_frame

STRANGERS = 16
RATE = 200  # frames a second a link may send (Limits.rate)


def test_strangers_asking_for_catch_up_again_and_again_cost_what_they_may_receive(tmp_path: Path) -> None:
    """Attack 4: sixteen connections with no seat (a spectator's invite is all they need)
    say HELLO with nothing held, then HAVE with nothing held as often as a link may send
    a frame, while the game is played. Their HELLO and HAVE frames past a few a second are
    dropped unread, and each one answered looks at no more of the transcript than the
    address's catch-up budget pays for: the game ends on one state, and the host did for
    the strangers what their budget allows, whatever they sent."""
    c = Cluster(tmp_path, 3)
    strangers: list[Raw] = []
    try:
        c.start()
        c.run(lambda: c.messages() >= 100, 30, "mid-game")
        host = c.host.node
        lim = host.limits
        for i in range(STRANGERS):
            r = Raw(c.invite.endpoint, c.invite.curve, sndhwm=1_000)
            assert r.frame(b"HELLO", {"game": c.game_id, "node": f"stranger{i}", "addr": "", "curve": "",
                                      "role": "spectator", "key": "", "have": {}})
            strangers.append(r)
        have = encode_frame(b"HAVE", canonical_json({"have": {}, "direct": []}))
        before = c.messages()
        start = time.monotonic()
        sent = [0]

        def ask() -> None:
            due = int((time.monotonic() - start) * RATE) - sent[0]
            for _ in range(min(due, 20)):
                for r in strangers:
                    r.send(have)
                sent[0] += 1
            for r in strangers:
                r.read(0)

        c.run(lambda: all(p.over for p in c.everyone()), 60, "the end of the game", also=ask)
        elapsed = time.monotonic() - start
        for r in strangers:
            r.read(50)
    finally:
        for r in strangers:
            r.close()
        c.close()
    assert len(c.hashes()) == 1 and not any(p.desynced for p in c.peers)
    for p in c.peers:
        verify_log(p.files.log)
    links = [lk for lk in host.links.values() if lk.node.startswith("stranger")]
    assert len(links) == STRANGERS and sent[0] >= RATE * elapsed * 0.5
    asked = sent[0] * STRANGERS
    # few frames a second read on each link, the rest dropped before they were read
    read = asked - host.stats.calls_dropped
    assert read <= STRANGERS * (lim.calls_burst + (elapsed + 1) * lim.calls_rate) + STRANGERS, (read, asked)
    # what was looked at and sent for all of them came from their address's one budget
    # (besides the game's new messages, flooded to every link once)
    budget = lim.catchup_burst + (elapsed + 1) * lim.catchup_rate
    looked = sum(lk.looked for lk in links)
    flooded = STRANGERS * sum(len(e.env.raw) for e in c.host.session.transcript.entries[before:])
    got = sum(len(m) for r in strangers for m in r.messages())
    assert looked * lim.catchup_step + got <= budget + flooded, (looked, got, flooded, budget)
    assert host.stats.catchup_paced > 0  # it was the budget that stopped them
