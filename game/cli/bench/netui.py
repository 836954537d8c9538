"""Benchmark of network play in the window (``soe bench --net-ui`` or ``python -m
tools.bench_netui``), with real processes on loopback:

- **click to the others' screens**: three window processes (a host and two joiners,
  ``--autoclick``) play a whole 3-player game; for every choice a window makes, the time
  from its click being taken (the choice sent to its table) to the frame on which each of
  the other two windows first draws the position it made: median and 95th percentile
  (target under 30 ms), beside the peers' own figure in the same run (to the move handed
  to the other windows' tables by their peers);
- **a spectator's window catching up**: seven computer players (``--bot``, no window, at
  a lower priority: in a real game they play on other machines, not on the spectator's
  processors) play a 7-player game; once most of it is played a spectator's window joins, catches up the
  whole transcript and follows it to the end: the time its frames take meanwhile (from the
  first step the table hands it to the last frame of the game screen; the lobby's frames
  before and the end screen's after are not counted; a frame is counted from the start of
  the loop's turn, drawn or busy with news), median, 95th percentile and maximum (target:
  95th percentile under 16 ms).

Each window process writes timing marks (:mod:`game.client.trace`: ``SOE_TRACE_FILE``) on
the clock all processes of the machine share. Screens are drawn by SDL's dummy driver.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
TARGET_CLICK_MS = 30
TARGET_FRAME_P95_MS = 16


def _env(home: Path, trace: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               SOE_KEY_FILE=str(home / "key.pem"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("SOE_TRACE_FILE", None)
    if trace is not None:
        env["SOE_TRACE_FILE"] = str(trace)
    return env


# the computer players' priority in the spectator's figure (os.nice: 19 is the lowest)
BOT_NICE = 19


def _start(tmp: Path, name: str, args: list[str], trace: bool = True,
           nice: int = 0) -> tuple[subprocess.Popen[bytes], Path]:
    """Start ``soe ARGS`` in a home of its own; ``nice``: at that lower priority (where the
    system has one), for players that would run on other machines in a real game."""
    home = tmp / name
    home.mkdir(exist_ok=True)
    out = tmp / f"{name}.out"
    lower = (lambda: os.nice(nice)) if nice and hasattr(os, "nice") else None
    with open(out, "ab") as f:
        proc = subprocess.Popen([sys.executable, "-m", "game.cli", *args], cwd=ROOT,
                                env=_env(home, tmp / f"{name}.trace" if trace else None), stdout=f,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, preexec_fn=lower)
    return proc, out


def _invite(path: Path, proc: subprocess.Popen[bytes], out: Path, wait_s: float = 60) -> str:
    end = time.monotonic() + wait_s
    while not (path.exists() and path.read_text().strip()):
        if proc.poll() is not None or time.monotonic() > end:
            raise RuntimeError(f"no invite: {out.read_text(errors='replace')[-2000:]}")
        time.sleep(0.05)
    return path.read_text().strip()


def _marks(path: Path) -> list[tuple[int, str, int]]:
    out = []
    try:
        lines = path.read_text().splitlines()
    except OSError:
        return out
    for line in lines:
        t, kind, value = line.split()
        out.append((int(t), kind, int(value)))
    return out


def _wait(procs: list[tuple[subprocess.Popen[bytes], Path]], deadline_s: float) -> None:
    end = time.monotonic() + deadline_s
    for p, out in procs:
        left = max(1.0, end - time.monotonic())
        try:
            code = p.wait(timeout=left)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"a process did not end in time: {out.read_text(errors='replace')[-2000:]}") from None
        if code != 0:
            raise RuntimeError(f"a process ended with {code}: {out.read_text(errors='replace')[-2000:]}")


def _pct(values: list[float], q: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, len(ordered) * q // 100)] if ordered else 0.0


def click_to_screens(tmp: Path, seed: int) -> dict[str, Any]:
    """Three windows play a game; each choice's time to the others' screens and tables."""
    common = ["--bind", "127.0.0.1", "--advertise", "127.0.0.1", "--autoclick", "--deadline", "600"]
    invite_file = tmp / "invite"
    host = _start(tmp, "w0", ["host", "--players", "3", "--no-announce", "--name", "Ann", "--chain-length", "1024",
                              "--timeout", "600", "--seed", str(seed), "--invite-file", str(invite_file), *common])
    invite = _invite(invite_file, *host)
    joiners = [_start(tmp, f"w{i}", ["join", invite, "--name", f"P{i}", "--seed", str(seed + i), *common])
               for i in (1, 2)]
    procs = [host, *joiners]
    try:
        _wait(procs, 600)
    finally:
        for p, _ in procs:
            if p.poll() is None:
                p.kill()
    marks = {f"w{i}": _marks(tmp / f"w{i}.trace") for i in range(3)}
    drawn_ms: list[float] = []
    table_ms: list[float] = []
    choices = 0
    for me, mine in marks.items():
        for t0, kind, steps in mine:
            if kind != "submit":
                continue
            choices += 1
            for other, theirs in marks.items():
                if other == me:
                    continue
                drawn = next((t for t, k, v in theirs if k == "drawn" and v > steps and t >= t0), None)
                arrived = next((t for t, k, v in theirs if k == "arrived" and v > steps and t >= t0), None)
                if drawn is not None:
                    drawn_ms.append((drawn - t0) / 1e6)
                if arrived is not None:
                    table_ms.append((arrived - t0) / 1e6)
    return {"choices": choices, "samples": len(drawn_ms),
            "click_to_drawn_median_ms": round(statistics.median(drawn_ms), 2) if drawn_ms else None,
            "click_to_drawn_p95_ms": round(_pct(drawn_ms, 95), 2),
            "click_to_drawn_max_ms": round(max(drawn_ms), 2) if drawn_ms else None,
            "peer_to_table_median_ms": round(statistics.median(table_ms), 2) if table_ms else None,
            "peer_to_table_p95_ms": round(_pct(table_ms, 95), 2)}


def spectator_catch_up(tmp: Path, seed: int, players: int = 7, after_lines: int = 1800) -> dict[str, Any]:
    """Computer players play a game; a spectator's window catches it up and follows it."""
    common = ["--bind", "127.0.0.1", "--advertise", "127.0.0.1", "--text", "--quiet", "--deadline", "900"]
    invite_file = tmp / "invite7"
    host = _start(tmp, "b0", ["host", "--players", str(players), "--bot", "greedy", "--no-announce", "--name", "bot0",
                              "--chain-length", "1024", "--timeout", "600", "--seed", str(seed),
                              "--invite-file", str(invite_file), "--log", str(tmp / "b0.jsonl"), *common], trace=False,
                  nice=BOT_NICE)
    invite = _invite(invite_file, *host)
    bots = [_start(tmp, f"b{i}", ["join", invite, "--bot", "greedy", "--seed", str(seed + i), "--name", f"bot{i}",
                                  *common], trace=False, nice=BOT_NICE) for i in range(1, players)]
    procs = [host, *bots]
    watcher = None
    try:
        end = time.monotonic() + 600
        while _lines(tmp / "b0.jsonl") < after_lines:
            if time.monotonic() > end or any(p.poll() is not None for p, _ in procs):
                break
            time.sleep(0.2)
        caught_at = _lines(tmp / "b0.jsonl")
        watcher = _start(tmp, "spectator", ["spectate", invite, "--bind", "127.0.0.1", "--advertise", "127.0.0.1",
                                            "--autoclick", "--deadline", "900"])
        _wait([*procs, watcher], 900)
    finally:
        for p, _ in [*procs, *([watcher] if watcher else [])]:
            if p.poll() is None:
                p.kill()
    marks = _marks(tmp / "spectator.trace")
    first = next((t for t, k, _ in marks if k == "arrived"), None)
    last = max((t for t, k, _ in marks if k == "drawn"), default=None)
    if first is None or last is None:
        raise RuntimeError(f"the spectator's window showed no game: {(tmp / 'spectator.out').read_text(errors='replace')[-2000:]}")
    frames = [v / 1e6 for t, k, v in marks if k == "frame" and first <= t <= last]
    return {"players": players, "messages_before_joining": caught_at, "frames": len(frames),
            "frame_median_ms": round(statistics.median(frames), 2) if frames else None,
            "frame_p95_ms": round(_pct(frames, 95), 2), "frame_max_ms": round(max(frames), 2) if frames else None}


def _lines(path: Path) -> int:
    try:
        with open(path, "rb") as f:
            return sum(1 for _ in f)
    except OSError:
        return 0


def report(r: dict[str, Any]) -> str:
    a, b = r["click"], r["spectator"]
    ok_a = "meets" if a["click_to_drawn_median_ms"] is not None and a["click_to_drawn_median_ms"] < TARGET_CLICK_MS \
        else "misses"
    ok_b = "meets" if b["frame_p95_ms"] < TARGET_FRAME_P95_MS else "misses"
    return "\n".join([
        f"network play in the window: loopback, SDL's dummy driver, Python {r['python']} ({r['machine']}), "
        f"load average {r['load_average']}",
        f"  3 windows, {a['choices']} choices: click to the other windows' screens median "
        f"{a['click_to_drawn_median_ms']} ms, 95th percentile {a['click_to_drawn_p95_ms']} ms, max "
        f"{a['click_to_drawn_max_ms']} ms ({a['samples']} samples; {ok_a} the median target of {TARGET_CLICK_MS} ms)",
        f"  the same run, the choice handed to the other windows' tables by their peers: median "
        f"{a['peer_to_table_median_ms']} ms, 95th percentile {a['peer_to_table_p95_ms']} ms",
        f"  a spectator's window catching up a {b['players']}-player game from {b['messages_before_joining']} "
        f"messages, then following it to the end: {b['frames']} frames, median {b['frame_median_ms']} ms, 95th percentile {b['frame_p95_ms']} ms, "
        f"max {b['frame_max_ms']} ms ({ok_b} the 95th percentile target of {TARGET_FRAME_P95_MS} ms)",
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="soe bench --net-ui", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--keep", default="", metavar="DIR", help="keep the processes' outputs and marks in DIR")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(args.keep) if args.keep else Path(d)
        tmp.mkdir(parents=True, exist_ok=True)
        try:
            result = {"click": click_to_screens(tmp, args.seed), "spectator": spectator_catch_up(tmp, args.seed),
                      "python": platform.python_version(), "machine": platform.machine(), "load_average": round(load, 2)}
        except RuntimeError as exc:
            print(f"soe bench --net-ui: {exc}", file=sys.stderr)
            return 1
    print(json.dumps(result, sort_keys=True) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
