"""LAN discovery on loopback only: a hosted game announced with zeroconf is found by
:func:`net.discovery.browse` and by ``soe lobby``, and its invite leads to a seat."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from p2pkit import LOOPBACK, Cluster, quiet

from net.discovery import Announcer, browse
from net.peer import Peer

ROOT = Path(__file__).resolve().parents[2]


def test_a_game_announced_on_loopback_is_found_and_joined(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2, join=False)
    announcer = Announcer(c.invite, "Ann's game", 2, interfaces=[LOOPBACK])
    lobby_cli = None
    try:
        announcer.update(1, False)
        found = [a for a in browse(1.0, interfaces=[LOOPBACK]) if a.invite.game_id == c.game_id]
        # soe lobby, after (two browsers asking at the same moment may miss answers: mDNS
        # suppresses a question another host just asked, and the first answer goes unicast)
        lobby_cli = subprocess.Popen([sys.executable, "-m", "game.cli", "lobby", "--seconds", "1", "--interface",
                                      LOOPBACK], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert len(found) == 1
        seen = found[0]
        assert seen.invite == c.invite  # address, port, game, fingerprint and curve key
        assert (seen.name, seen.players, seen.free, seen.started) == ("Ann's game", 2, 1, False)
        assert seen.line() == f"Ann's game: 1 of 2 seats free  {c.invite}"
        # the invite found is enough to join
        joiner = Peer.create(c.ids[1], role="player", game_id=seen.invite.game_id, log=c.log(1), name="bot1",
                             decider=c.decider(1), say=quiet)
        joiner.connect(seen.invite)
        c.peers.append(joiner)
        c.run(lambda: c.lobby.full, 10, "the joiner seated")
        out, _ = lobby_cli.communicate(timeout=30)
        assert lobby_cli.returncode == 0
        assert f"Ann's game: 1 of 2 seats free  {c.invite}" in out.decode()
    finally:
        if lobby_cli is not None and lobby_cli.poll() is None:
            lobby_cli.kill()
            lobby_cli.wait(10)
        announcer.close()
        c.close()
