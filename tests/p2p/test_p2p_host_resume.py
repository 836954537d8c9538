"""A host restarted before the start goes on with its lobby, with real peers on loopback:
the lobby (seats, the hellos with their nonces, the settings) is in the host's peer file
as it changes; ``soe resume`` of the host (:meth:`Peer.resume`, and the table's start
once every seat is taken, :func:`game.client.netgames.start_when_full`) restores it, the
joiner seated before keeps its seat, a second joiner sits down, and the game is played to
its end by all three."""

from __future__ import annotations

import time
from pathlib import Path

from p2pkit import Closes, Cluster, crash

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


def test_a_restarted_host_keeps_its_plan_for_the_start_and_its_game_clock(made: list[Closes], tmp_path: Path) -> None:
    """The host's plan (computer players fill the free seats after a countdown, and which
    computer player) and the game clock its lobby showed outlive a restart: the countdown
    runs again from the restart, the free seat goes to the planned computer player, and the
    genesis carries the clock the joiners saw before they sat down."""
    c = Cluster(tmp_path, 3, join=False)
    made.append(c)
    c.lobby.settings.update(bank_ms=240_000, increment_ms=7_000)
    c.host.plan = {"drop_bot": "easy", "fill_after_s": 1.0}
    c.host.save_meta()
    south = c.join(1)
    c.run(lambda: c.seated_at_least(2), 10, "south seated")
    assert read_meta(c.host.files)["plan"] == {"drop_bot": "easy", "fill_after_s": 1.0}
    port = c.host.node.port
    crash(c.host)
    host = Peer.resume(c.ids[0], c.log(0), port=port, decider=c.decider(0), clock=c.clock)
    c.peers[0] = host
    assert host.plan == {"drop_bot": "easy", "fill_after_s": 1.0}
    start = start_when_full(host)
    assert start is not None
    lobby = host.lobby
    assert lobby is not None
    began = time.monotonic()
    c.run(lambda: lobby.started, 20, "the countdown ended and the game started", also=lambda: start(host))
    assert time.monotonic() - began >= 1.0  # counted again from the restart
    referee = host.session.referee
    assert referee is not None
    g = referee.g
    assert (g.drop_bot, g.bank_ms, g.increment_ms) == ("easy", 240_000, 7_000)
    assert [s.name for s in lobby.seats][:2] == ["host", "bot1"] and not lobby.seats[2].key
    c.finish(120)
    assert len(c.hashes()) == 1 and south.session.seat == 1
    assert "plan" not in read_meta(host.files)  # the genesis holds it now


def test_hosting_writes_the_plan_of_the_form_and_of_soe_host(tmp_path: Path) -> None:
    """What the host chose in the form (or with ``soe host --fill-after``) is in its peer
    file from the first moment, for a restart to find."""
    from game.cli.main import build_parser as parser
    from game.cli.network.host import settings_of
    from game.client.netgames import HostSettings, host_game

    s = HostSettings(players=3, name="host", bind="127.0.0.1", port=0, key=str(tmp_path / "host.pem"),
                     log=str(tmp_path / "host.jsonl"), announce=False, drop_bot="normal", fill_after_s=30.0)
    h = host_game(s)
    try:
        assert read_meta(h.peer.files)["plan"] == {"drop_bot": "normal", "fill_after_s": 30.0}
    finally:
        h.peer.close()
    args = parser().parse_args(["host", "--players", "3", "--fill-after", "45"])
    assert settings_of(args).fill_after_s == 45.0
    assert settings_of(parser().parse_args(["host", "--players", "3"])).fill_after_s is None


def test_a_plan_edited_by_hand_in_the_peer_file_still_starts_the_game_when_full() -> None:
    """An unknown computer player or a countdown that is no number in the peer file is not
    obeyed: the game starts when every seat is taken, with greedy in the seats dropped."""
    from types import SimpleNamespace

    started: list[dict[str, object]] = []
    lobby = SimpleNamespace(full=False, started=False, settings={"timeout_ms": 60_000})
    peer = SimpleNamespace(lobby=lobby, plan={"drop_bot": "skynet", "fill_after_s": "soon"},
                           start_game=lambda **kw: started.append(kw))
    start = start_when_full(peer)  # type: ignore[arg-type]
    assert start is not None
    start(peer)  # type: ignore[arg-type]
    assert started == []  # no countdown: it waits for people
    lobby.full = True
    start(peer)  # type: ignore[arg-type]
    assert started and started[0]["drop_bot"] == "greedy" and started[0]["timeout_ms"] == 60_000
