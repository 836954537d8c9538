"""The command line as people run it, in subprocesses on loopback: ``soe host`` and
``soe join`` with bots play a game to the end; mistakes get a clear message; and (slow,
marked) ``soe demo`` with a spectator and a player killed and resumed."""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from net.core.identity import Identity
from net.core.lobby import Invite

ROOT = Path(__file__).resolve().parents[2]
COMMON = ["--bind", "127.0.0.1", "--port", "0", "--quiet", "--deadline", "120"]
LOUD = [a for a in COMMON if a != "--quiet"]


def soe(*args: str) -> list[str]:
    """The command line of ``soe ARGS``; the network commands in the terminal (``--text``:
    their window is tested in tests/ui)."""
    text = ["--text"] if args and args[0] in ("host", "join", "spectate", "resume") and "--help" not in args else []
    return [sys.executable, "-m", "game.cli", *args[:1], *text, *args[1:]]


def free_port() -> int:
    """A port nothing listens on (just released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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
    from game.client.netgames import _port_of

    assert _port_of("tcp://127.0.0.1:40915") == 40915
    assert _port_of("tcp://[::1]:7") == 7
    assert _port_of("") == 0 and _port_of("tcp://host") == 0


# --------------------------------------------------------------------------- the door and waiting
def start_host(tmp_path: Path, env: dict[str, str], procs: list[subprocess.Popen[bytes]], *extra: str,
               name: str = "host", log: bool = True) -> tuple[subprocess.Popen[bytes], Invite, Path]:
    """``soe host --players 2`` played by a person who never answers (stdin closed): once it
    starts, the game waits. Returns the process, its invite and its output file."""
    invite_file, out = tmp_path / f"{name}.invite", tmp_path / f"{name}.out"
    host = subprocess.Popen(soe("host", "--players", "2", "--no-announce", "--invite-file", str(invite_file),
                                "--name", name, "--chain-length", "1024",
                                *(["--log", str(tmp_path / f"{name}.jsonl")] if log else []), *extra, *LOUD),
                            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=open(out, "wb"),
                            stderr=subprocess.STDOUT)
    procs.append(host)
    deadline = time.monotonic() + 30
    while not (invite_file.exists() and invite_file.read_text().strip()):
        assert host.poll() is None, out.read_text()
        assert time.monotonic() < deadline, "no invite file"
        time.sleep(0.05)
    return host, Invite.parse(invite_file.read_text()), out


def games_dir(env: dict[str, str]) -> Path:
    return Path(env["XDG_DATA_HOME"]) / "struggle-of-empires" / "games"


def run_soe(env: dict[str, str], *args: str, timeout: float = 60) -> tuple[int, str, str]:
    res = subprocess.run(soe(*args), cwd=ROOT, env=env, capture_output=True, timeout=timeout,
                         stdin=subprocess.DEVNULL)
    out, err = res.stdout.decode(), res.stderr.decode()
    assert "Traceback" not in out + err, out + err
    return res.returncode, out, err


def _other_curve(invite: Invite) -> Invite:
    import zmq

    return dataclasses.replace(invite, curve=zmq.curve_keypair()[0].decode("ascii"))


@pytest.mark.parametrize(("change", "says"), [
    (lambda inv: dataclasses.replace(inv, port=free_port()), "nothing listens at 127.0.0.1:"),
    (_other_curve, "the encryption handshake fails: its key is not the invite's curve key"),
    (lambda inv: dataclasses.replace(inv, game_id="0" * 32), f"refused game {'0' * 32}: it hosts another game"),
    (lambda inv: dataclasses.replace(inv, fingerprint="aaaa-bbbb-cccc-dddd"), "not aaaa-bbbb-cccc-dddd as the invite "
                                                                             "says: not joining"),
], ids=["wrong-port", "wrong-curve-key", "wrong-game-id", "wrong-fingerprint"])
def test_a_join_that_cannot_succeed_says_why_and_gives_up(change: Any, says: str, tmp_path: Path,
                                                          env: dict[str, str],
                                                          procs: list[subprocess.Popen[bytes]]) -> None:
    _, invite, host_out = start_host(tmp_path, env, procs)
    start = time.monotonic()
    code, out, err = run_soe(env, "join", str(change(invite)), "--key", str(tmp_path / "south.pem"), "--name", "south",
                             "--wait", "3", *COMMON)
    assert code == 5, out + err
    assert says in err, err
    assert time.monotonic() - start < 20
    assert "Joining game" in out  # it said what it was doing before it gave up
    assert not games_dir(env).exists() or not list(games_dir(env).iterdir())  # no files of a game never joined
    assert "south joined" not in host_out.read_text()


def test_waiting_for_an_answer_is_said_with_back_off_and_the_timeout_is_in_the_help(env: dict[str, str]) -> None:
    invite = Invite("127.0.0.1", free_port(), "ab" * 16, "abcd-efgh")
    code, out, err = run_soe(env, "spectate", str(invite), "--wait", "5", "--no-curve", *COMMON)
    assert code == 5
    tries = [line for line in err.splitlines() if line.startswith("still trying")]
    assert [t.split(" s of")[0] for t in tries] == ["still trying (2", "still trying (4"]  # 2 s, then 4 s
    assert err.rstrip().endswith("Check the invite's address and port, and that the host's program is running")
    for cmd in ("join", "spectate", "resume"):
        helped = run_soe(env, cmd, "--help")[1]
        assert "--wait SECONDS" in helped and "(default: 60)" in helped


def test_a_second_seat_for_a_seated_key_is_refused_naming_key(tmp_path: Path, env: dict[str, str],
                                                              procs: list[subprocess.Popen[bytes]]) -> None:
    """Two terminals on one machine share the installation's key (and data directory)."""
    _, invite, host_out = start_host(tmp_path, env, procs, log=False)
    # the default log too: it is the host's own (one file per game and key), held by the host
    code, out, err = run_soe(env, "join", str(invite), "--name", "South", "--wait", "10", *COMMON)
    assert code == 2, out + err
    assert "this key is in this game already, in another soe process on this machine" in err
    assert "every player needs a key of its own" in err and "--key south.pem" in err
    # another log: the invite names the joiner's own key as the host's, which is refused at
    # once, before anything says the joiner has a seat (the host's seat is that key's)
    code, out, err = run_soe(env, "join", str(invite), "--name", "South", "--log", str(tmp_path / "south.jsonl"),
                             "--wait", "10", *LOUD)
    assert code == 5, out + err
    assert "your key already holds a seat in this game" in err and "--key south.pem" in err
    assert "You have a seat" not in out and "you play" not in out.lower(), out
    assert not (tmp_path / "south.jsonl").exists()
    assert "South" not in host_out.read_text()  # the host's seat is still the host's
    assert [p.name for p in games_dir(env).glob("*.jsonl")] == [f"{invite.game_id}.{invite.fingerprint}.jsonl"]


def test_joining_a_full_game_is_refused_and_a_resume_without_peers_gives_up(
        tmp_path: Path, env: dict[str, str], procs: list[subprocess.Popen[bytes]]) -> None:
    host, invite, host_out = start_host(tmp_path, env, procs)
    south_log = tmp_path / "south.jsonl"
    south = subprocess.Popen(soe("join", str(invite), "--key", str(tmp_path / "south.pem"), "--name", "south", "--bot",
                               "greedy", "--log", str(south_log), *LOUD),
                           cwd=ROOT, env=env, stdout=open(tmp_path / "south.out", "wb"), stderr=subprocess.STDOUT)
    procs.append(south)
    deadline = time.monotonic() + 30
    while "The game starts" not in host_out.read_text():
        assert time.monotonic() < deadline, host_out.read_text()
        time.sleep(0.1)
    text = host_out.read_text()
    assert "You play Great Britain. Waiting for 1 player\n" in text
    assert "south joined and plays France" in text
    assert "south plays France" in text  # powers named as in local play
    while "you play France" not in (tmp_path / "south.out").read_text():  # the joiner is told its power
        assert time.monotonic() < deadline, (tmp_path / "south.out").read_text()
        time.sleep(0.1)
    code, out, err = run_soe(env, "join", str(invite), "--key", str(tmp_path / "east.pem"), "--name", "east",
                             "--wait", "10", *COMMON)
    assert code == 5 and "the game is full; `soe spectate` to watch" in err, out + err
    assert not games_dir(env).exists() or not list(games_dir(env).iterdir())
    # everyone goes away: a resume finds nobody, says so, gives up and keeps the log
    for p in (host, south):
        p.kill()
        p.wait(10)
    before = south_log.read_bytes()
    # a second soe resume of a game another process has open (here: this test) is refused, in one line
    from net.store import lock_game

    with lock_game(south_log):
        code, out, err = run_soe(env, "resume", str(south_log), "--key", str(tmp_path / "south.pem"), *COMMON)
    assert code == 2 and err == f"soe resume: {south_log}: this game is open in another soe process\n", out + err
    assert south_log.read_bytes() == before
    code, out, err = run_soe(env, "resume", str(south_log), "--key", str(tmp_path / "south.pem"), "--wait", "3",
                             *COMMON)
    assert code == 5, out + err
    assert "greedy plays your seat" in out and "it knew to catch up" in out
    assert "gave up after 3 s: nothing listens at 127.0.0.1:" in err
    assert f"The log is kept: `soe resume {south_log}`" in err
    assert south_log.read_bytes().startswith(before) and (tmp_path / "south.jsonl.secret").exists()


# --------------------------------------------------------------------------- ports, files, help
def test_a_busy_port_gets_a_clear_error_and_a_busy_default_port_falls_back(tmp_path: Path, env: dict[str, str],
                                                                          procs: list[subprocess.Popen[bytes]]) -> None:
    from net.core.lobby import DEFAULT_PORT

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        log = tmp_path / "h.jsonl"
        code, out, err = run_soe(env, "host", "--no-announce", "--key", str(tmp_path / "k.pem"), "--log", str(log),
                                 "--bind", "127.0.0.1", "--port", str(port), "--deadline", "5")
        assert code == 2
        assert f"soe host: cannot listen on 127.0.0.1:{port}: Address already in use (another `soe host` on this " \
               "machine? give another --port, or leave it out)" in err
        assert not log.exists() and not list(tmp_path.glob("h.jsonl*"))  # a failed host leaves no files
    default = socket.socket()
    try:
        try:
            default.bind(("127.0.0.1", DEFAULT_PORT))
            default.listen()
        except OSError:
            pass  # something holds it already: busy either way
        invite_file = tmp_path / "invite.txt"
        host = subprocess.Popen(soe("host", "--no-announce", "--key", str(tmp_path / "k.pem"), "--log", str(log),
                                    "--bind", "127.0.0.1", "--invite-file", str(invite_file), "--deadline", "30"),
                                cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT)
        procs.append(host)
        assert host.stdout is not None
        first = host.stdout.readline().decode()
        assert first.startswith(f"Port {DEFAULT_PORT} is taken (another `soe host` on this machine?): listening on "
                                "port "), first
        port = int(first.split("listening on port ")[1].split()[0])
        assert port != DEFAULT_PORT
        invite = Invite.parse(host.stdout.readline().decode().removeprefix("Invite: "))
        assert invite.port == port
    finally:
        default.close()


def _game_files(tmp_path: Path, name: str) -> tuple[Path, Identity]:
    """A 2-player game of in-process peers, stopped after a few messages: the joiner's log."""
    from p2pkit import Cluster

    c = Cluster(tmp_path, 2, name=name)
    c.start(timeout_ms=30_000)
    c.run(lambda: c.messages() >= 20, 30, "a few messages")
    c.close()
    return c.log(1), c.ids[1]


def test_resume_checks_that_log_secret_and_peer_file_are_one_games_before_touching_them(
        tmp_path: Path, env: dict[str, str]) -> None:
    from net.peer import GameFilesError, Peer, PeerFiles, check_game_files

    log_a, me = _game_files(tmp_path, "a")
    log_b, _ = _game_files(tmp_path, "b")
    a, b = PeerFiles(log_a), PeerFiles(log_b)
    check_game_files(a, me)  # its own files belong together

    def snapshot() -> list[bytes]:
        return [p.read_bytes() for p in (a.log, a.secret, a.meta)]

    def refused(says: str) -> None:
        before = snapshot()
        with pytest.raises(GameFilesError, match=says):
            Peer.resume(me, a.log)
        assert snapshot() == before
        assert not a.log.with_name(a.log.name + ".lock").exists()  # and the lock is let go

    good_log = a.log.read_bytes()
    a.log.write_bytes(b.log.read_bytes() + b'{"partial')  # another game's log, cut mid-line
    refused("is game .*, but p1.jsonl.peer.json beside it is game .*: these files are not one game's")
    a.log.write_bytes(good_log)
    good_secret = a.secret.read_bytes()
    a.secret.write_bytes(b.secret.read_bytes())
    refused("is not the secret this seat played .* with")
    a.secret.write_bytes(good_secret)
    refused_key = Identity.generate()
    with pytest.raises(GameFilesError, match="has no seat in this game"):
        check_game_files(a, refused_key)
    # the command line says it in one line, and changes nothing
    a.log.write_bytes(b.log.read_bytes())
    before = snapshot()
    code, out, err = run_soe(env, "resume", str(a.log), "--wait", "3", *COMMON)
    assert code == 2 and err.startswith("soe resume: ") and len(err.strip().splitlines()) == 1, err
    assert snapshot() == before


def test_verify_of_a_local_save_says_what_it_is(tmp_path: Path, env: dict[str, str]) -> None:
    from game.client.saves import LOCAL

    save = tmp_path / "local.jsonl"
    save.write_text(json.dumps({"kind": LOCAL, "powers": ["great_britain", "france"], "seat": 0, "bots": "greedy",
                                "seed": 1}) + "\n")
    code, out, err = run_soe(env, "verify", str(save))
    assert code == 2
    assert f"{save} is a local save of `soe play`" in err and "not a signed game log" in err
    assert f"`soe resume {save}` goes on with it" in err and "unsigned" not in err


def test_every_option_of_every_subcommand_has_a_help_line_and_soe_has_a_version(env: dict[str, str]) -> None:
    import argparse

    from game.cli.main import build_parser

    parser = build_parser()
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    checked = {"host", "join", "spectate", "resume", "lobby", "verify", "key", "selfplay", "scenario", "bench", "replay"}
    assert checked <= set(subs.choices)
    for name in sorted(checked):
        for action in subs.choices[name]._actions:
            if action.help == argparse.SUPPRESS:
                continue
            assert action.help, (name, action.dest)  # a help line for every argument and option
    resume_opts = {o for a in subs.choices["resume"]._actions for o in a.option_strings}
    assert "--log" not in resume_opts  # one way to name the log: the LOG argument
    host_help = subs.choices["host"].format_help()
    assert "(default: 47311;" in " ".join(host_help.split())
    helps = {o: a.help for a in subs.choices["host"]._actions for o in a.option_strings}
    assert str(helps["--timeout"]).endswith("(default: 120)")
    assert str(helps["--deadline"]).endswith("(default: 0, never)")
    replay = {o: a for a in subs.choices["replay"]._actions for o in a.option_strings}
    assert replay["--speed"].choices == ("slow", "normal", "fast", "off") and "(default: normal)" in str(replay["--speed"].help)
    assert "--at STEP" in str(replay["--screenshot"].help) and "space plays or pauses" in str(subs.choices["replay"].description)
    code, out, _ = run_soe(env, "--version")
    assert code == 0 and out.startswith("soe ") and out.split()[1][0].isdigit()


def test_a_killed_bot_seat_resumes_as_the_same_bot_alone_and_keeps_what_it_cut(
        tmp_path: Path, env: dict[str, str], procs: list[subprocess.Popen[bytes]]) -> None:
    """kill -9 of a joiner played by ``--bot greedy``, a partial line at the end of its log:
    ``soe resume LOG`` (no --bot) plays the seat with the same bot, says what it cut and
    keeps it; the game ends on one state and the resumed log verifies."""
    host, invite, host_out = start_host(tmp_path, env, procs, "--bot", "greedy", "--timeout", "100")
    south_log = tmp_path / "south.jsonl"
    key = ["--key", str(tmp_path / "south.pem")]
    south = subprocess.Popen(soe("join", str(invite), *key, "--name", "south", "--bot", "greedy", "--seed", "3",
                               "--log", str(south_log), *COMMON),
                           cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    procs.append(south)
    deadline = time.monotonic() + 60
    while not south_log.exists() or south_log.read_bytes().count(b"\n") < 60:
        assert time.monotonic() < deadline and south.poll() is None, "the game did not get going"
        time.sleep(0.05)
    south.kill()
    south.wait(10)
    with open(south_log, "ab") as f:
        f.write(b'{"at":12,"auth')  # as a crash mid-write leaves it
    resumed = subprocess.Popen(soe("resume", str(south_log), *key, "--result", str(tmp_path / "south.result.json"),
                                   *LOUD),
                               cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=open(tmp_path / "resumed.out", "wb"),
                               stderr=subprocess.STDOUT)
    procs.append(resumed)
    deadline = time.monotonic() + 30
    while "Resumed" not in (tmp_path / "resumed.out").read_text():
        assert time.monotonic() < deadline and resumed.poll() is None, (tmp_path / "resumed.out").read_text()
        time.sleep(0.05)
    assert resumed.wait(timeout=150) == 0, (tmp_path / "resumed.out").read_text()
    assert host.wait(timeout=30) == 0, host_out.read_text()
    text = (tmp_path / "resumed.out").read_text()
    assert "(greedy plays your seat)" in text  # remembered, as the key is
    assert f"it was cut off and kept in {south_log}.cut" in text
    assert (tmp_path / "south.jsonl.cut").read_bytes() == b'{"at":12,"auth\n'
    result = json.loads((tmp_path / "south.result.json").read_text())
    assert result["over"] and result["seat"] == 1
    assert f"State {result['state_hash']}" in host_out.read_text()
    code, out, _ = run_soe(env, "verify", str(south_log))
    assert code == 0 and out.rstrip().endswith("fair")


def test_s_and_w_answer_at_any_time_in_network_play(tmp_path: Path) -> None:
    """Between this seat's turns the terminal over a network table answers s (the state),
    t (the tiles) and w (whom the game waits for, powers named as in local play), and a
    number is not taken for a choice; the peer runs in the table's own thread."""
    from p2pkit import Cluster

    from game.cli.terminal import StreamKeys, Terminal
    from game.client.nettable import NetTable

    c = Cluster(tmp_path, 2)
    table = None
    try:
        c.start(timeout_ms=30_000)
        c.run(lambda: c.messages() >= 5 and any(not p.session.my_turn() for p in c.peers), 30, "a turn")
        idle_peer = next(p for p in c.peers if not p.session.my_turn())
        c.peers.remove(idle_peer)  # stepped by its table's thread from now on
        table = NetTable(idle_peer, human=False)
        keys, out = StreamKeys(None), []
        term = Terminal(table, idle_peer.files.log, keys, out.append, net=table)
        for typed in ("w", "s", "t", "3"):
            keys.type(typed)
        deadline = time.monotonic() + 20
        term.follow(lambda: "typed" if keys.lines.empty() or time.monotonic() > deadline else "")
        text = "\n".join(out)
        other = 1 - idle_peer.session.seat
        power = ["Great Britain", "France"][other]
        name = "host" if other == 0 else "bot1"
        assert f"waiting for {name} ({power}): " in text, text  # powers named as in local play
        assert "War 1" in text  # the state screen
        assert "Tiles (cost; when" in text  # the tiles screen
        assert "it is not your turn" in text
    finally:
        if table is not None:
            table.close()
        c.close()


def answering(st: Any, seat: int) -> Any:
    """A table at one decision that takes a choice (kept in ``sent``) by moving on."""
    from game.client.tables import StaticTable, Step

    class Answering(StaticTable):
        sent: list[Any] = []

        def submit(self, choice: Any) -> None:
            self.sent.append(choice)
            self._steps.append(Step(st.clone(), [], seat))

    return Answering([Step(st, [], -1)], seat)


def test_the_network_terminal_menu_is_the_one_of_local_play_with_amounts_typed() -> None:
    """A bid is one line that asks for the amount (not one line per amount), typed after
    the line or with it; a wrong amount is said and changes nothing. The menu and its keys
    are the same whoever stands behind the table."""
    from game.bots import make_bot
    from game.cli.terminal import StreamKeys, Terminal, help_text
    from game.rules import Act, Roll, apply_in_place, legal, new_game, pending

    st = new_game(4)
    bot = make_bot("greedy", 0)
    while True:  # on to the first auction
        p = pending(st)
        if p.chance is not None:
            apply_in_place(st, Roll(tuple(lo for lo, _ in p.chance.ranges)))
            continue
        options = legal(st, p.seat)
        if sum(1 for c in options if c.kind == "bid") > 3:
            break
        apply_in_place(st, Act(p.seat, bot.choose(st, p.seat, options)))
    seat = p.seat
    bids = [c for c in options if c.kind == "bid"]
    table = answering(st, seat)
    keys, out = StreamKeys(None, print_fn=lambda line: out.append(line)), []
    term = Terminal(table, Path("game.jsonl"), keys, out.append)
    term.pump(0)

    def typed(line: str) -> str:
        """What the terminal says to ``line`` (the menu shown first when it is due)."""
        out.clear()
        keys.type(line)
        term.turn(term.state)  # type: ignore[arg-type]
        return "\n".join(out)

    shown = typed("")  # the menu, shown again on an empty line
    assert "bid: type the amount, 0 to" in shown and "bid 2 gold" not in shown, shown
    lines = [ln for ln in shown.splitlines() if ln.strip()[:1].isdigit()]
    assert len(lines) < len(options)  # the bids are one line
    assert "u = undo, h = help" in shown  # the keys under the menu
    line = next(ln for ln in lines if "bid: type the amount" in ln).split(".")[0].strip()
    typed(f"{line} 2")
    assert table.sent[-1] == next(c for c in bids if c.args[-1] == 2)
    term.pump(0)
    typed(line)  # the line alone asks for the amount
    asked = typed("999")  # out of range: said, and back to the menu
    assert "Amount (0 to" in asked and "The amount is a number from 0 to" in asked
    typed(line)
    typed("1")
    assert table.sent[-1] == next(c for c in bids if c.args[-1] == 1)
    term.pump(0)
    assert "a line that asks for an amount" in typed("h") and typed("h").count("Keys (then Enter)") == 1
    assert "Type a number from 1 to" in typed("banana")
    assert help_text(network=True).startswith(help_text(network=False).split("  m ")[0].rsplit("\n", 1)[0])
