"""Running the benchmark: the processes of each game (:class:`Bench`) and the whole run
(:func:`run`), whose figures :mod:`tools.netbench.figures` works out."""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from tools.netbench.figures import summarize
from tools.netbench.peers import peer_main, spectator_main
from tools.netbench.probes import Pinger, busy_jiffies, echo_main, fsync_us, machine, summary_ms
from tools.netbench.rounds import raw_rounds


@dataclass
class GameRun:
    timings: list[dict[str, Any]]
    loaded: list[int]
    catchups: list[dict[str, Any]]
    machine_busy_cores: float  # average cores busy (all processes) while the game ran
    peers_cores: float  # average cores used by the peers while the game ran
    game_s: float


class Bench:
    """The processes of a run: the raw round-trip echo, then each game's peers and spectators."""

    def __init__(self, args: argparse.Namespace, work: Path, say: Callable[[str], None]) -> None:
        self.args = args
        self.work = work
        self.say = say
        self.ctx = mp.get_context("spawn")
        self.procs: list[Any] = []
        self.pinger: Pinger | None = None
        self.echo_conn: Connection | None = None

    def start_echo(self) -> Pinger:
        self.echo_conn, child = self.ctx.Pipe()
        echo = self.ctx.Process(target=echo_main, args=(child,), daemon=True)
        echo.start()
        self.procs.append(echo)
        port, key = self.echo_conn.recv()
        self.pinger = Pinger(port, key)
        for _ in range(50):
            self.pinger.ping()  # the connection and the CurveZMQ handshake
        return self.pinger

    def play(self, g: int, think_ms: int, flood_per_s: int = 0) -> GameRun:
        args, ctx = self.args, self.ctx
        work = self.work / f"game{g}"
        work.mkdir(parents=True, exist_ok=True)
        assert self.pinger is not None
        conns: list[Connection] = []

        def start_peer(i: int, invite_text: str) -> None:
            a, b = ctx.Pipe()
            p = ctx.Process(target=peer_main, args=(i, args.players, str(work), b, invite_text, args.bots,
                                                    args.seed + 100 * g, args.poll_ms, think_ms,
                                                    args.drop_timeout_ms,
                                                    args.deadline, args.profile and i == 1,
                                                    flood_per_s if i == args.players - 1 else 0),
                            daemon=True)
            p.start()
            self.procs.append(p)
            conns.append(a)

        def recv(c: Connection) -> Any:
            try:
                return c.recv()
            except EOFError:
                raise RuntimeError(f"peer process p{conns.index(c)} ended early (its error is above)") from None

        start_peer(0, "")
        kind, invite = recv(conns[0])
        assert kind == "invite"
        for i in range(1, args.players):
            start_peer(i, invite)
        self.say(f"game {g + 1}: {args.players} peer processes started, bots answering "
                 + (f"{think_ms} ms after their turn comes" if think_ms else "at once"))
        over: dict[int, dict[str, Any]] = {}
        loaded: list[int] = []
        t_start = time.monotonic()
        next_ping = 0.0
        busy0 = (0, 0)
        while len(over) < args.players:
            if time.monotonic() - t_start > args.deadline:
                raise RuntimeError(f"the game did not finish in {args.deadline} s")
            for c in wait(conns, timeout=args.ping_every_ms / 1000):
                assert isinstance(c, Connection)
                msg = recv(c)
                if msg[0] == "started" and busy0 == (0, 0):
                    busy0 = busy_jiffies()
                elif msg[0] == "over":
                    over[conns.index(c)] = msg[1]
            if time.monotonic() >= next_ping:
                next_ping = time.monotonic() + args.ping_every_ms / 1000
                x = self.pinger.ping()
                if x is not None:
                    loaded.append(x)
        busy1 = busy_jiffies()
        states = {o["state"] for o in over.values()}
        if len(states) != 1:
            raise RuntimeError(f"the peers disagree on the final state: {states}")
        final_state = states.pop()
        self.say(f"game {g + 1}: over on every peer, {over[0]['messages']} messages")
        for c in conns[1:]:
            c.send("stop")
        for c in conns[1:]:
            while recv(c)[0] != "done":
                pass

        # catch-up by new spectators from the host, the only peer left
        catchups: list[dict[str, Any]] = []
        for r in range(args.catchup_runs):
            a, b = ctx.Pipe()
            p = ctx.Process(target=spectator_main, args=(r, str(work), b, invite, final_state, args.poll_ms, 60.0),
                            daemon=True)
            p.start()
            self.procs.append(p)
            msg = a.recv()
            p.join()
            catchups.append(msg[1])
            self.say(f"game {g + 1}: spectator catch-up {r + 1}: {msg[1]['ms']:.0f} ms for {msg[1]['messages']} "
                     "messages" + ("" if msg[1]["ok"] else " (DID NOT REACH THE FINAL STATE)"))
        conns[0].send("stop")
        while recv(conns[0])[0] != "done":
            pass
        timings = [json.loads(Path(work, f"p{i}.timings.json").read_text(encoding="utf-8"))
                   for i in range(args.players)]
        genesis_id = min(timings[0]["accepted"], key=lambda k: timings[0]["accepted"][k][3])
        t_genesis = min(t["accepted"][genesis_id][0] for t in timings)
        t_over = max(t["over_at"] for t in timings)
        game_s = (t_over - t_genesis) / 1e9
        hz = os.sysconf("SC_CLK_TCK")
        wall = time.monotonic() - t_start
        span_s = max(1e-9, (busy1[1] - busy0[1]) / hz / (os.cpu_count() or 1))
        return GameRun(timings, loaded, catchups,
                       machine_busy_cores=(busy1[0] - busy0[0]) / hz / span_s if busy0 != (0, 0) else float("nan"),
                       peers_cores=sum(o["cpu_s"] for o in over.values()) / min(wall, game_s) if game_s else 0.0,
                       game_s=game_s)

    def close(self) -> None:
        if self.echo_conn is not None:
            self.echo_conn.send("stop")
        if self.pinger is not None:
            self.pinger.close()
        end = time.monotonic() + 5  # all of them, not each: after an error some never stop by themselves
        for p in self.procs:
            p.join(max(0.0, end - time.monotonic()))
            if p.is_alive():
                p.kill()


def run(args: argparse.Namespace, say: Callable[[str], None]) -> dict[str, Any]:
    thinks = [int(x) for x in str(args.think_ms).split(",") if x.strip()]
    tmp = None
    if args.log_dir:
        work = Path(args.log_dir)
        work.mkdir(parents=True, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="bench_net.")
        work = Path(tmp.name)
    bench = Bench(args, work, say)
    load_before = os.getloadavg()
    runs: list[tuple[int, list[GameRun]]] = []
    try:
        fs_us = fsync_us(work)
        pinger = bench.start_echo()
        idle = [x for x in (pinger.ping() for _ in range(args.pings)) if x is not None]
        say(f"raw ZeroMQ round trip (idle): median {statistics.median(idle) / 1e6:.3f} ms")
        floor = []
        for work_us in [int(x) for x in str(args.raw_work_us).split(",") if x.strip()] if args.raw_rounds else []:
            floor.append(raw_rounds(args.players, args.raw_rounds, work_us, args.poll_ms))
            say(f"a chance round's frames alone, {work_us} µs of work a frame: median {floor[-1]['median']} ms")
        g = 0
        for think in thinks:
            games = []
            for _ in range(args.games):
                games.append(bench.play(g, think))
                g += 1
            runs.append((think, games))
        if args.flood:
            think = thinks[-1]
            say(f"a game where the last peer floods {args.flood} messages a second to every other")
            runs.append((think, [bench.play(g, think, args.flood)]))
    finally:
        bench.close()
        if tmp is not None:
            tmp.cleanup()
    modes = [summarize(games, think, args.flood if args.flood and i == len(runs) - 1 else 0)
             for i, (think, games) in enumerate(runs)]
    catchups = [c for m in modes for c in m["catchup"]]
    cu = [c["ms"] for c in catchups if c["ok"]]
    out: dict[str, Any] = {
        "machine": machine(), "load_average_before": [round(x, 2) for x in load_before],
        "players": args.players, "bots": args.bots, "seed": args.seed, "poll_ms": args.poll_ms,
        "fsync_us": round(fs_us), "log_dir": "temporary" if tmp is not None else str(work),
        "raw_rtt_idle_ms": summary_ms(idle), "raw_rounds_ms": floor, "modes": modes,
        "catchup_ms": {"n": len(cu), "median": round(statistics.median(cu), 1) if cu else None,
                       "max": round(max(cu), 1) if cu else None, "failed": len(catchups) - len(cu)},
    }
    out["catchup_target_met"] = bool(cu) and len(cu) == len(catchups) and max(cu) < 2000
    return out
