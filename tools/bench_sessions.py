"""CPU per message of the protocol core, without sockets: ``python -m tools.bench_sessions
[--players 7] [--seed 0] [--games 1] [--json]``.

Plays whole games between greedy bots, one :class:`net.core.session.Session` per seat in this
one process, each with its own transcript and log file (written as in play, not fsynced:
the disk is not what is measured). Every message a session sends is delivered to every
other one, in turn, through :meth:`net.peer.GameReplica.receive` (the transport's way in),
followed by what a peer's loop does after taking frames in (``tick``, ``my_turn``,
``drop_overdue``, ``store.sync``). Each of those handlings is timed in processor time and
counted by what was received and what it made the session send, e.g. ``recv choice ->
reveal`` (a choice that asks for chance, answered by this seat's reveal) or ``recv reveal``.

Processor time rather than latency: it is what seven peers on two cores compete for, and
it does not depend on how busy the machine is, so two versions of the code can be
compared on a shared machine (``docs/benchmarks.md``). The game depends only on the
seed (keys, chain secrets and bots are derived from it).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import deque
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import make_bot  # noqa: E402
from game.rules import new_game  # noqa: E402
from net.core.encoding import sha256, u64  # noqa: E402
from net.core.envelope import parse  # noqa: E402
from net.core.genesis import SeatInfo  # noqa: E402
from net.core.identity import Identity  # noqa: E402
from net.core.session import Session  # noqa: E402
from net.peer import GameReplica  # noqa: E402
from net.store import TranscriptFile  # noqa: E402

GAME_ID = "00112233445566778899aabbccddeeff"


def play(players: int, seed: int, work: Path) -> dict[str, Any]:
    """One game; returns its counts and the processor time of each kind of handling."""
    ids = [Identity.from_seed(sha256(b"bench/key", u64(seed), u64(i))) for i in range(players)]
    stores = [TranscriptFile(work / f"g{seed}-p{i}.jsonl", fsync=False) for i in range(players)]
    sessions = [Session(ids[i], secret=sha256(b"bench/secret", u64(seed), u64(i)), journal=stores[i])
                for i in range(players)]
    replicas = [GameReplica(s) for s in sessions]
    bots = [make_bot("greedy", seed * 100 + i) for i in range(players)]
    inbox: list[deque[bytes]] = [deque() for _ in range(players)]
    cost: dict[str, list[int]] = {}  # what -> [count, nanoseconds]
    clock = time.process_time_ns

    def add(what: str, ns: int) -> None:
        c = cost.setdefault(what, [0, 0])
        c[0] += 1
        c[1] += ns

    def send(i: int) -> list[str]:
        out = sessions[i].outgoing()
        for raw in out:
            for j in range(players):
                if j != i:
                    inbox[j].append(raw)
        return [parse(raw).kind for raw in out]

    powers = new_game(players).powers
    seats = [SeatInfo(powers[i], ids[i].public_hex, f"p{i}") for i in range(players)]
    res = sessions[0].create(seats, now=0, game_id=GAME_ID)
    if not res.ok:
        raise RuntimeError(f"the genesis was refused: {res}")
    send(0)
    now = 0
    total = 0
    while True:
        moved = False
        for i in range(players):  # one message to each peer in turn
            if not inbox[i]:
                continue
            raw = inbox[i].popleft()
            kind = parse(raw).kind
            s = sessions[i]
            t0 = clock()
            code = replicas[i].receive(raw, now)
            s.tick(now)
            s.my_turn()
            s.drop_overdue(now)
            stores[i].sync()
            dt = clock() - t0
            if code not in ("accepted", "duplicate", "held"):
                raise RuntimeError(f"peer {i} refused a {kind}: {code}")
            made = send(i)
            add(f"recv {kind}" + (" -> " + "+".join(made) if made else ""), dt)
            total += dt
            moved = True
        if moved:
            continue
        turn = next((i for i in range(players) if sessions[i].my_turn()), -1)
        if turn < 0:
            break
        now += 1
        s = sessions[turn]
        state = s.state
        assert state is not None  # a seat has a turn only in a started game
        choice = bots[turn].choose(state, turn, s.legal())
        t0 = clock()
        res = s.submit(choice, now)
        stores[turn].sync()
        dt = clock() - t0
        if not res.ok:
            raise RuntimeError(f"seat {turn}'s choice was refused: {res}")
        add("submit -> " + "+".join(send(turn)), dt)
        total += dt
    t = sessions[0].transcript
    table = sessions[0].referee
    for st in stores:
        st.close()
    return {"messages": len(t), "chance_events": table.st.chance_count if table is not None else 0,
            "over": bool(table is not None and table.closed),
            "same_state": len({s.transcript.state_hash for s in sessions}) == 1, "cpu_ns": total, "cost": cost}


def run(players: int, seed: int, games: int) -> dict[str, Any]:
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for g in range(games):
            results.append(play(players, seed + g, Path(tmp)))
    messages = sum(r["messages"] for r in results)
    cpu = sum(r["cpu_ns"] for r in results)
    cost: dict[str, list[int]] = {}
    for r in results:
        for what, (n, ns) in r["cost"].items():
            c = cost.setdefault(what, [0, 0])
            c[0] += n
            c[1] += ns
    return {"players": players, "seed": seed, "games": games, "messages": messages,
            "chance_events": sum(r["chance_events"] for r in results),
            "over": all(r["over"] for r in results), "same_state": all(r["same_state"] for r in results),
            "cpu_ms": round(cpu / 1e6, 1), "cpu_us_per_message": round(cpu / messages / 1e3, 1),
            "handlings": {what: {"count": n, "us_each": round(ns / n / 1e3, 1), "ms": round(ns / 1e6, 1)}
                          for what, (n, ns) in sorted(cost.items(), key=lambda kv: -kv[1][1])}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench_sessions", description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--players", type=int, default=7)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not 2 <= args.players <= 7 or args.games < 1:
        ap.error("--players is 2 to 7 and --games at least 1")
    out = run(args.players, args.seed, args.games)
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{out['games']} game(s), {out['players']} players: {out['messages']} messages, {out['chance_events']} "
          f"chance events; processor time {out['cpu_ms']} ms, {out['cpu_us_per_message']} us per message "
          f"(all peers)")
    for what, h in out["handlings"].items():
        print(f"  {what:40s} {h['count']:6d} x {h['us_each']:8.1f} us = {h['ms']:8.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
