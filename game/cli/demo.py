"""``soe demo``: a whole game between bot peers, each in its own process, over ZeroMQ on
loopback, with spectators; optionally one player is killed mid-game and resumed from its
log. Exits 0 only when every process ends on the same final state hash.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from game.client.words.lang import say, say_n
from game.client.words.numbers import number


def register(sub: Any) -> None:
    p = sub.add_parser("demo", help=say("play a whole game between bot peer processes over loopback"))
    p.add_argument("--players", type=int, default=4, help=say("number of bot players, 2-7 (default 4)"))
    p.add_argument("--spectators", type=int, default=1,
                   help=say("spectator processes that join mid-game (default 1)"))
    p.add_argument("--seed", type=int, default=0,
                   help=say("seed of the bots (dice come from the beacon; default 0)"))
    p.add_argument("--kill-one", action="store_true", help=say("kill one player mid-game (SIGKILL) and resume it"))
    p.add_argument("--out", required=True, metavar="DIR", help=say("where each process writes its log and output"))
    p.add_argument("--deadline", type=float, default=900, help=say("give up after this many seconds (default 900)"))
    p.add_argument("--bots", default="greedy", help=say("the bots' kind (default greedy)"))
    p.set_defaults(func=run_demo)


class Proc:
    def __init__(self, name: str, out: Path, argv: list[str]) -> None:
        self.name = name
        self.argv = argv
        self.out = out
        self.result = out / f"{name}.result.json"
        self.popen: subprocess.Popen[bytes] | None = None
        self.restarts = 0

    def start(self, argv: list[str] | None = None) -> None:
        stream = open(self.out / f"{self.name}.out", "ab")
        cmd = [sys.executable, "-m", "game.cli", *(argv or self.argv), "--result", str(self.result)]
        self.popen = subprocess.Popen(cmd, stdout=stream, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                      env={**os.environ, "PYTHONUNBUFFERED": "1"})
        stream.close()

    def done(self) -> bool:
        return self.popen is not None and self.popen.poll() is not None

    def kill(self) -> None:
        if self.popen is not None and self.popen.poll() is None:
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait()


def _lines(path: Path) -> int:
    try:
        with open(path, "rb") as f:
            return sum(1 for _ in f)
    except OSError:
        return 0


def run_demo(args: argparse.Namespace) -> int:
    from game.rules.board import load_board

    b = load_board()
    if not b.c("players_min") <= args.players <= b.c("players_max"):
        print(say("soe demo: a game has {least} to {most} players, not {n}", least=b.c("players_min"),
                  most=b.c("players_max"), n=args.players), file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    previous = [*out.glob("p[0-9]*.jsonl*"), *out.glob("s[0-9]*.jsonl*")]  # a run before into this DIR
    for old in list(out.glob("*.result.json")) + list(out.glob("*.out")) + [out / "invite.txt"] + previous:
        old.unlink(missing_ok=True)
    n, k = args.players, args.spectators
    common = ["--bind", "127.0.0.1", "--port", "0", "--quiet", "--deadline", str(int(args.deadline))]
    invite_file = out / "invite.txt"
    host = Proc("p0", out, ["host", "--players", str(n), "--bot", args.bots, "--seed", str(args.seed),
                            "--key", str(out / "p0.key"), "--log", str(out / "p0.jsonl"), "--no-announce",
                            "--invite-file", str(invite_file), "--fill-after", "60", "--timeout", "60",
                            "--name", "host", *common])
    procs = [host]
    host.start()
    t0 = time.monotonic()
    while not invite_file.exists() or not invite_file.read_text().strip():
        if host.done() or time.monotonic() - t0 > 30:
            print(say("soe demo: the host did not start (see {file})", file=out / "p0.out"), file=sys.stderr)
            host.kill()
            return 1
        time.sleep(0.05)
    invite = invite_file.read_text().strip()
    print(say("host: {invite}", invite=invite))
    for i in range(1, n):
        p = Proc(f"p{i}", out, ["join", invite, "--bot", args.bots, "--seed", str(args.seed + i), "--name", f"bot{i}",
                                "--key", str(out / f"p{i}.key"), "--log", str(out / f"p{i}.jsonl"), *common])
        p.start()
        procs.append(p)
    spectators: list[Proc] = []
    victim = procs[1] if args.kill_one and n > 1 else None
    killed = False
    deadline = t0 + args.deadline
    ok = True
    while not all(p.done() for p in procs + spectators):
        time.sleep(0.1)
        lines = _lines(out / "p0.jsonl")
        if len(spectators) < k and lines > 40:  # spectators join mid-game and catch up
            for j in range(k):
                s = Proc(f"s{j}", out, ["spectate", invite, "--text", "--log", str(out / f"s{j}.jsonl"), *common])
                s.start()
                spectators.append(s)
        if victim is not None and not killed and _lines(out / f"{victim.name}.jsonl") > 120:
            victim.kill()
            killed = True
            print(say_n("killed {name} (SIGKILL) after {n} message; resuming it",
                        "killed {name} (SIGKILL) after {n} messages; resuming it", _lines(out / f"{victim.name}.jsonl"),
                        name=victim.name))
            time.sleep(0.5)
            victim.start(["resume", str(out / f"{victim.name}.jsonl"), "--bot", args.bots, "--seed",
                          str(args.seed + 1), *common])
            victim.restarts += 1
        if time.monotonic() > deadline:
            print(say("soe demo: out of time"), file=sys.stderr)
            ok = False
            break
    for p in procs + spectators:
        p.kill()
    hashes: dict[str, str] = {}
    for p in procs + spectators:
        try:
            result = json.loads(p.result.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            print(say("{name}: no result (exit {code}; see {file})", name=p.name,
                      code=p.popen.returncode if p.popen else "?", file=out / (p.name + ".out")))
            ok = False
            continue
        hashes[p.name] = result.get("state_hash", "")
        print(say("{name}: {role} seat {seat}, {messages} messages, over {over}, state {state}", name=p.name,
                  role=result.get("role"), seat=result.get("seat"), messages=result.get("messages"),
                  over=result.get("over"), state=hashes[p.name][:16]))
        ok = ok and bool(result.get("over")) and not result.get("desync")
    agreed = len(set(hashes.values())) == 1 and len(hashes) == n + len(spectators)
    if victim is not None and not killed:
        print(say("soe demo: the game ended before a player could be killed"), file=sys.stderr)
        ok = False
    fields = {"state": next(iter(hashes.values()), "")[:16], "seconds": number(time.monotonic() - t0, ".1f")}
    if agreed:
        print(say_n("all agree: {n} process, final state {state} in {seconds} s",
                    "all agree: {n} processes, final state {state} in {seconds} s", len(hashes), **fields))
    else:
        print(say_n("DISAGREE: {n} process, final state {state} in {seconds} s",
                    "DISAGREE: {n} processes, final state {state} in {seconds} s", len(hashes), **fields))
    return 0 if ok and agreed else 1
