"""A whole network game played through real window processes and no person: a host and
two joiners (``--autoclick``, synthetic clicks on what each window highlights) and a
spectator's window, over ZeroMQ on loopback; one joiner's window is killed mid-game
(SIGKILL) and continued through the main menu's "Continue the last game" (``soe play
--autoclick --continue``, with the killed window's data folder); every window ends on
the same final state."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEADLINE_S = 420


def env_of(home: Path) -> dict[str, str]:
    """A window process's own user: data, config and key in ``home``, no screen."""
    env = dict(os.environ)
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               SOE_KEY_FILE=str(home / "key.pem"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def start(name: str, tmp: Path, *args: str) -> tuple[subprocess.Popen[bytes], Path]:
    home = tmp / name
    home.mkdir(exist_ok=True)
    out = tmp / f"{name}.out"
    with open(out, "ab") as f:
        proc = subprocess.Popen([sys.executable, "-m", "game.cli", *args], cwd=ROOT, env=env_of(home),
                                stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    return proc, out


def state_of(out: Path) -> str:
    found = re.findall(r"^State ([0-9a-f]{64})", out.read_text(errors="replace"), re.M)
    assert found, out.read_text(errors="replace")[-3000:]
    return found[-1]


def logs(tmp: Path, name: str) -> list[Path]:
    return sorted((tmp / name / "data" / "struggle-of-empires" / "games").glob("*.jsonl"))


@pytest.mark.slow
def test_three_windows_and_a_spectator_play_to_the_end_one_killed_and_continued(tmp_path: Path) -> None:
    common = ["--bind", "127.0.0.1", "--advertise", "127.0.0.1", "--autoclick", "--deadline", str(DEADLINE_S)]
    invite_file = tmp_path / "invite"
    procs: list[subprocess.Popen[bytes]] = []
    try:
        host, host_out = start("host", tmp_path, "host", "--players", "3", "--no-announce", "--name", "Ann",
                               "--chain-length", "1024", "--timeout", "600", "--seed", "1",
                               "--invite-file", str(invite_file), *common)
        procs.append(host)
        end = time.monotonic() + 60
        while not (invite_file.exists() and invite_file.read_text().strip()):
            assert host.poll() is None and time.monotonic() < end, host_out.read_text(errors="replace")
            time.sleep(0.1)
        invite = invite_file.read_text().strip()
        south, south_out = start("south", tmp_path, "join", invite, "--name", "South", "--seed", "2", *common)
        east, east_out = start("east", tmp_path, "join", invite, "--name", "East", "--seed", "3", *common)
        procs += [south, east]
        end = time.monotonic() + 120
        while not any(len(p.read_bytes().splitlines()) > 120 for p in logs(tmp_path, "east")):
            assert time.monotonic() < end, east_out.read_text(errors="replace")[-2000:]
            assert all(p.poll() is None for p in procs), [o.read_text(errors="replace")[-1500:]
                                                          for o in (host_out, south_out, east_out)]
            time.sleep(0.2)
        watcher, watcher_out = start("watcher", tmp_path, "spectate", invite, *common)
        procs.append(watcher)
        time.sleep(2.0)
        east.send_signal(signal.SIGKILL)  # mid-game: its log holds its part so far
        east.wait(10)
        time.sleep(1.0)
        again, again_out = start("east", tmp_path, "play", "--autoclick", "--continue")
        procs.append(again)
        for p, out in ((host, host_out), (south, south_out), (again, again_out), (watcher, watcher_out)):
            code = p.wait(timeout=DEADLINE_S)
            assert code == 0, out.read_text(errors="replace")[-3000:]
        hashes = {state_of(o) for o in (host_out, south_out, again_out, watcher_out)}
        assert len(hashes) == 1, hashes
        assert "winner:" in again_out.read_text(errors="replace")
        assert "Traceback" not in "".join(o.read_text(errors="replace") for o in (host_out, south_out, east_out,
                                                                                   again_out, watcher_out))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(10)
