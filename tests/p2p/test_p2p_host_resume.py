"""A host restarted before the start goes on with its lobby, with real peers on loopback:
the lobby (seats, the hellos with their nonces, the settings) is in the host's peer file
as it changes; ``soe resume`` of the host (:meth:`Peer.resume`, and the table's start
once every seat is taken, :func:`game.client.netgames.start_when_full`) restores it, the
joiner seated before keeps its seat, a second joiner sits down, and the game is played to
its end by all three."""

from __future__ import annotations

from pathlib import Path

from p2pkit import Cluster, crash

from game.client.netgames import start_when_full
from net.peer import Peer
from net.peer.files import read_meta


def test_a_host_restarted_before_the_start_goes_on_with_its_lobby(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 3, join=False)
    try:
        south = c.join(1)
        c.run(lambda: c.seated_at_least(2), 10, "south seated")
        saved = read_meta(c.host.files)["lobby"]
        assert [s["name"] for s in saved["seats"]] == ["host", "bot1", ""]
        assert saved["seats"][1]["nonce"] == south.nonce and south.identity.public_hex in saved["hellos"]
        assert saved["settings"] == c.lobby.settings
        port = c.host.node.port
        crash(c.host)  # killed before the start: nothing said, nothing saved
        host = Peer.resume(c.ids[0], c.log(0), port=port, decider=c.decider(0), clock=c.clock)
        c.peers[0] = host
        lobby = host.lobby
        assert lobby is not None and not lobby.started
        assert [(s.name, s.nonce) for s in lobby.seats if s.key] == [("host", ""), ("bot1", south.nonce)]
        start = start_when_full(host)
        assert start is not None
        east = c.join(2)  # a second joiner arrives at the restarted host
        c.run(lambda: lobby.started, 45, "every seat taken and the game started", also=lambda: start(host))
        assert [(s.power, s.name) for s in lobby.seats] == [("great_britain", "host"), ("france", "bot1"),
                                                            ("spain", "bot2")]
        assert "lobby" not in read_meta(host.files)  # the genesis holds the seats now
        c.finish(90)
        assert (south.session.seat, east.session.seat) == (1, 2) and len(c.hashes()) == 1
        assert south.refused is None and east.refused is None
    finally:
        c.close()
