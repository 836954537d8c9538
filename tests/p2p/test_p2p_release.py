"""Two releases at one table (attack 8 of the second hostile review), with real peers on
loopback: a joiner or spectator whose program is another release than the host's leaves
at the host's lobby (its signed ``INFO`` names the host's release) with a sentence that
says which release to install, in the terminal too; a host refuses a hello of another
release with a ``BYE`` naming its own; and a joiner or spectator that receives a genesis
of another release leaves saying so rather than sitting silently. The other release is
this one's name with ``modified`` (a copy whose rules were changed), set on the peer or
patched into ``net.release.release``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from p2pkit import CHAIN, TIMEOUT_MS, Cluster, Raw, idle, run_until, taken

import net.peer.peer
from game.client.words.peer import refusal
from net.core.envelope import build
from net.core.genesis import Genesis
from net.core.identity import Identity
from net.core.lobby import hello
from net.core.release import RELEASE
from net.peer import Peer

MODIFIED = f"{RELEASE} modified 0123456789abcdef"
ROOT = Path(__file__).resolve().parents[2]


def seated(c: Cluster) -> list[str]:
    """The names on the host's lobby's taken seats."""
    return [name for _power, name in taken(c)]


def test_a_joiner_of_another_release_leaves_at_the_lobby_saying_which_release_to_install(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2, join=False)
    changed = Peer.create(Identity.generate(), role="player", game_id=c.game_id, log=c.dir / "changed.jsonl",
                          name="south", release=MODIFIED)
    changed.connect(c.invite)
    try:
        run_until([c.host, changed], lambda: changed.refused is not None, 10, "the joiner leaving")
        assert changed.refused is not None and changed.refused.code == "release"
        assert refusal(changed.refused) == (f"this game is played with release {RELEASE}, and this program is release "
                                            f"{MODIFIED}: install release {RELEASE} to take part")
        idle([c.host], 0.5)
        assert seated(c) == ["host"]  # it never asked for a seat
        honest = c.join(1)  # the table goes on with a player of the host's release
        c.start()
        c.finish(90)
        assert honest.session.seat == 1 and len(c.hashes()) == 1
    finally:
        changed.close()
        c.close()


def test_a_spectator_of_another_release_leaves_and_a_host_of_one_names_the_release_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = Cluster(tmp_path, 2)
    monkeypatch.setattr(net.peer.peer, "live_release", lambda: MODIFIED)  # this program, from now on
    s = c.spectate()
    try:
        c.run(lambda: s.refused is not None, 10, "the spectator leaving")
        assert s.refused is not None and s.refused.code == "release" and s.release == MODIFIED
        assert f"install release {RELEASE} to take part" in refusal(s.refused)
        c.spectators.remove(s)
        s.close()
        # a changed copy hosting: a joiner of the release is told to install the release it was changed from
        other = Cluster(tmp_path, 2, name="other", join=False)
        try:
            assert other.lobby.release == MODIFIED
            monkeypatch.setattr(net.peer.peer, "live_release", lambda: RELEASE)
            j = other.join(1)
            other.run(lambda: j.refused is not None, 10, "the joiner leaving")
            assert j.refused is not None and (j.refused.theirs, j.refused.expected) == (MODIFIED, RELEASE)
            assert refusal(j.refused).endswith(f"install release {RELEASE} to take part")
        finally:
            other.close()
        c.start()
        c.finish(90)
        assert len(c.hashes()) == 1
    finally:
        c.close()


def test_a_host_refuses_a_hello_of_another_release_naming_its_own(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2, join=False)
    raw = Raw(c.invite.endpoint, c.invite.curve)
    try:
        assert raw.hello(c.game_id)
        c.run(lambda: raw.seen(b"INFO"), 10, "the host's lobby")
        assert raw.frame(b"MSG", hello(Identity.generate(), c.game_id, "stranger", release=MODIFIED))
        c.run(lambda: raw.seen(b"BYE"), 10, "the refusal")
        bye = json.loads(next(p for k, p in raw.decoded() if k == b"BYE"))
        assert bye["code"] == "release" and f"played with release {RELEASE}" in bye["reason"]
        assert seated(c) == ["host"]
    finally:
        raw.close()
        c.close()


def test_a_genesis_of_another_release_makes_a_joiner_and_a_spectator_leave_saying_so(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2)
    s = c.spectate()
    south = c.peers[1]
    rogues: list[Raw] = []
    try:
        c.run(lambda: bool(s.info) and south.seat_told == "france", 10, "the lobby seen")
        seats = tuple(c.lobby.seat_infos())
        other = "0.0.9+0123456789abcdef"
        body = Genesis(c.game_id, seats, release=other, chain_length=CHAIN, timeout_ms=TIMEOUT_MS).body()
        genesis = build(c.ids[0], game=c.game_id, seq=0, prev=None, kind="genesis", at=0, state="", body=body).raw
        for p in (south, s):  # the host's key signed it (a host of that release would have sent it)
            r = Raw(p.node.endpoint, p.node.curve_public)
            rogues.append(r)
            assert r.hello(c.game_id) and r.frame(b"MSG", genesis)
        c.run(lambda: south.refused is not None and s.refused is not None, 10, "both leaving")
        for p in (south, s):
            assert p.refused is not None and p.refused.code == "release" and p.refused.theirs == other
            assert refusal(p.refused).endswith("install release 0.0.9+0123456789abcdef to take part")
            assert p.session.transcript.genesis is None
    finally:
        for r in rogues:
            r.close()
        c.close()


@pytest.mark.parametrize(("lang", "says"), [
    ("en", f"soe join: this game is played with release {RELEASE}, and this program is release {MODIFIED}: install "
           f"release {RELEASE} to take part"),
    ("it", f"soe join: questa partita si gioca con la versione {RELEASE}, e questo programma è la versione {MODIFIED}: "
           f"installa la versione {RELEASE} per prenderne parte"),
])
def test_soe_join_of_another_release_says_which_release_to_install(lang: str, says: str, tmp_path: Path) -> None:
    """The terminal: ``soe join`` in a program whose release is another (patched in before
    it starts) prints the refusal in a line of its own, in the language asked for, and exits 5."""
    c = Cluster(tmp_path, 2, join=False)
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "PYTHONUNBUFFERED": "1"}
    code = ("import sys, net.release; mine = sys.argv.pop(1); net.release.release = lambda: mine; "
            "from game.cli.main import main; sys.exit(main())")
    proc = subprocess.Popen([sys.executable, "-c", code, MODIFIED, "join", "--text", str(c.invite), "--bot", "greedy",
                             "--key", str(tmp_path / "south.pem"), "--bind", "127.0.0.1", "--lang", lang, "--wait", "20"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        run_until([c.host], lambda: proc.poll() is not None, 60, "soe join to end")
        out, err = (b.decode() for b in proc.communicate(timeout=10))
        assert proc.returncode == 5, out + err
        assert says in err.splitlines() and "Traceback" not in err
        assert seated(c) == ["host"]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        c.close()
