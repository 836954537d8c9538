"""LAN discovery on loopback only: a hosted game announced with zeroconf is found by
:func:`net.discovery.browse` and by ``soe lobby``, and its invite leads to a seat.

Multicast DNS needs an interface with multicast on, which a machine's loopback often
lacks. So the test makes its own conditions: it runs the discovery tests again in a child
process inside a new network namespace (``unshare --net``, which needs root or user
namespaces) whose loopback is brought up with multicast on and a route for the multicast
range. Nothing leaves that namespace. Where no namespace can be made the test is skipped
and says why."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from p2pkit import LOOPBACK, Cluster

from net.discovery import Announcement, Announcer, browse
from net.peer import Peer

ROOT = Path(__file__).resolve().parents[2]
INSIDE = "SOE_TEST_NETNS"  # set in the child that runs inside the namespace
SETUP = "ip link set lo up multicast on"

inside_only = pytest.mark.skipif(os.environ.get(INSIDE) != "1",
                                 reason="runs inside the network namespace made by test_discovery_in_a_namespace")


def _namespace_problem() -> str:
    """Why a network namespace with multicast loopback cannot be made here ("" if it can)."""
    for tool in ("unshare", "ip"):
        if shutil.which(tool) is None:
            return f"`{tool}` is not installed (util-linux / iproute2)"
    try:
        res = subprocess.run(["unshare", "--net", "--map-root-user", "sh", "-c", SETUP] if os.geteuid() != 0
                             else ["unshare", "--net", "sh", "-c", SETUP], capture_output=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unshare failed: {exc}"
    if res.returncode != 0:
        return f"cannot make a network namespace: {res.stderr.decode(errors='replace').strip()}"
    return ""


def test_discovery_in_a_namespace(tmp_path: Path) -> None:
    """Runs the tests below in a fresh network namespace (see the module docstring)."""
    if os.environ.get(INSIDE) == "1":
        pytest.skip("already inside the namespace")
    problem = _namespace_problem()
    if problem:
        pytest.skip(f"LAN discovery needs a network namespace with multicast on loopback: {problem}")
    unshare = ["unshare", "--net"] if os.geteuid() == 0 else ["unshare", "--net", "--map-root-user"]
    cmd = [*unshare, "sh", "-c", f'{SETUP} && exec "$0" -m pytest -q -p no:cacheprovider "$1"',
           sys.executable, str(Path(__file__).resolve())]
    env = {**os.environ, INSIDE: "1"}
    res = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, timeout=150)
    out = res.stdout.decode(errors="replace") + res.stderr.decode(errors="replace")
    assert res.returncode == 0, out
    assert "2 passed" in out and "skipped" in out, out  # both inner tests ran (this one skips inside)


@inside_only
def test_loopback_here_has_multicast() -> None:
    flags = subprocess.run(["ip", "link", "show", "lo"], capture_output=True, timeout=10).stdout.decode()
    assert "MULTICAST" in flags and "UP" in flags


@inside_only
def test_a_game_announced_on_loopback_is_found_and_joined(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2, join=False)
    announcer = Announcer(c.invite, "Ann's game", 2, interfaces=[LOOPBACK])
    lobby_cli = None
    try:
        announcer.update(1, False)
        found: list[Announcement] = []
        deadline = time.monotonic() + 10  # a fresh responder may miss the first questions: ask again
        while not found and time.monotonic() < deadline:
            found = [a for a in browse(1.0, interfaces=[LOOPBACK]) if a.invite.game_id == c.game_id]
        # soe lobby, after (two browsers asking at the same moment may miss answers: mDNS
        # suppresses a question another host just asked, and the first answer goes unicast)
        lobby_cli = subprocess.Popen([sys.executable, "-m", "game.cli", "lobby", "--seconds", "3", "--interface",
                                      LOOPBACK], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert len(found) == 1
        seen = found[0]
        assert seen.invite == c.invite  # address, port, game, fingerprint and curve key
        assert (seen.name, seen.players, seen.free, seen.started) == ("Ann's game", 2, 1, False)
        assert seen.line() == f"Ann's game: 1 of 2 seats free  {c.invite}"
        # the invite found is enough to join
        joiner = Peer.create(c.ids[1], role="player", game_id=seen.invite.game_id, log=c.log(1), name="bot1",
                             decider=c.decider(1))
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
