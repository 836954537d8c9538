"""The command line as people run it, in subprocesses on loopback: ``soe host`` and
``soe join`` with bots play a game to the end; mistakes get a clear message; and (slow,
marked) ``soe demo`` with a spectator and a player killed and resumed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from net.lobby import Invite

ROOT = Path(__file__).resolve().parents[2]
COMMON = ["--bind", "127.0.0.1", "--port", "0", "--quiet", "--deadline", "120"]


def soe(*args: str) -> list[str]:
    return [sys.executable, "-m", "game.cli", *args]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """No test writes into the real data directory, whatever it forgets to pass."""
    home = tmp_path / "home"
    return {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "SOE_KEY_FILE": str(home / "key.pem"),
            "PYTHONUNBUFFERED": "1"}


@pytest.fixture
def procs() -> Iterator[list[subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for p in started:
        if p.poll() is None:
            p.kill()
        p.wait(10)


def test_soe_host_and_soe_join_play_a_game_with_bots(tmp_path: Path, env: dict[str, str],
                                                      procs: list[subprocess.Popen[bytes]]) -> None:
    invite_file, out = tmp_path / "invite.txt", tmp_path / "out"
    out.mkdir()

    def files(name: str) -> list[str]:
        return ["--key", str(tmp_path / f"{name}.pem"), "--log", str(tmp_path / f"{name}.jsonl"),
                "--result", str(tmp_path / f"{name}.result.json")]

    host = subprocess.Popen(soe("host", "--players", "2", "--no-announce", "--invite-file", str(invite_file),
                                "--bot", "greedy", "--name", "host", "--chain-length", "1024", *files("host"), *COMMON),
                            cwd=ROOT, env=env, stdout=open(out / "host.out", "wb"), stderr=subprocess.STDOUT)
    procs.append(host)
    deadline = time.monotonic() + 30
    while not (invite_file.exists() and invite_file.read_text().strip()):
        assert host.poll() is None, (out / "host.out").read_text()
        assert time.monotonic() < deadline, "no invite file"
        time.sleep(0.05)
    invite = Invite.parse(invite_file.read_text())
    assert invite.host == "127.0.0.1" and invite.port > 0 and invite.curve
    join = subprocess.Popen(soe("join", str(invite), "--bot", "greedy", "--seed", "1", "--name", "guest",
                                *files("guest"), *COMMON),
                            cwd=ROOT, env=env, stdout=open(out / "guest.out", "wb"), stderr=subprocess.STDOUT)
    procs.append(join)
    for p, name in ((host, "host"), (join, "guest")):
        assert p.wait(timeout=150) == 0, (out / f"{name}.out").read_text()
    results = [json.loads((tmp_path / f"{n}.result.json").read_text()) for n in ("host", "guest")]
    assert [r["seat"] for r in results] == [0, 1]
    assert all(r["over"] and not r["desync"] and r["role"] == "player" for r in results)
    assert results[0]["state_hash"] == results[1]["state_hash"] and results[0]["outcome"] == results[1]["outcome"]
    assert f"Invite: {invite}" in (out / "host.out").read_text()
    assert "State " + results[1]["state_hash"] in (out / "guest.out").read_text()
    verify = subprocess.run(soe("verify", str(tmp_path / "guest.jsonl")), cwd=ROOT, env=env, capture_output=True,
                            timeout=60)
    assert verify.returncode == 0 and verify.stdout.decode().rstrip().endswith("fair")
    assert not (tmp_path / "home").exists()  # the key and log files were the ones named


@pytest.mark.parametrize(("args", "code", "says"), [
    (["join", "soe://127.0.0.1:5/abc?fp=abcd-efgh"], 1, "soe: the game id must be 32 hex digits"),
    (["join", "soe://127.0.0.1:0/" + "ab" * 16 + "?fp=abcd-efgh"], 1, "soe: the port must be 1 to 65535"),
    (["spectate", "soe://"], 1, "soe: an invite looks like"),
    (["host", "--players", "9", "--no-announce"], 2, "soe host: a game has 2 to 7 players"),
    (["resume", "nowhere.jsonl"], 2, "soe resume: nowhere.jsonl: no such file"),
])
def test_mistakes_on_the_command_line_get_a_clear_message(args: list[str], code: int, says: str, tmp_path: Path,
                                                          env: dict[str, str]) -> None:
    res = subprocess.run(soe(*args, "--key", str(tmp_path / "k.pem"), *COMMON), cwd=tmp_path, env=env,
                         capture_output=True, timeout=60)
    err = res.stderr.decode()
    assert res.returncode == code and says in err, (res.returncode, err)
    assert "Traceback" not in err


@pytest.mark.slow
def test_SLOW_soe_demo_three_players_a_spectator_and_one_killed(tmp_path: Path, env: dict[str, str]) -> None:
    """End to end, one process per peer: ``soe demo --players 3 --spectators 1 --kill-one``
    (SIGKILL mid-game, ``soe resume``) exits 0 only when all four end on one state hash."""
    res = subprocess.run(soe("demo", "--players", "3", "--spectators", "1", "--kill-one", "--out", str(tmp_path / "d"),
                             "--deadline", "150"), cwd=ROOT, env=env, capture_output=True, timeout=180)
    out = res.stdout.decode()
    assert res.returncode == 0, out + res.stderr.decode()
    assert "killed p1 (SIGKILL)" in out and "all agree: 4 processes" in out
    hashes = {json.loads(p.read_text())["state_hash"] for p in (tmp_path / "d").glob("*.result.json")}
    assert len(hashes) == 1


def test_a_resumed_peer_listens_where_it_listened_before() -> None:
    """`soe resume` binds the port recorded in the peer file (the others' connections then
    simply come back), falling back to any free port when it is taken."""
    from game.cli.p2p import _port_of

    assert _port_of("tcp://127.0.0.1:40915") == 40915
    assert _port_of("tcp://[::1]:7") == 7
    assert _port_of("") == 0 and _port_of("tcp://host") == 0
