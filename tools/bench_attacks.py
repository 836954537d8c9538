"""Benchmark of the transport attacks of docs/network.md on loopback: ``python -m
tools.bench_attacks MODE [--json]``, the figures the README quotes for them.

``have-frame``
    CPU of a peer's handling of one ``HAVE {"have": {}}`` frame from a stranger's link,
    ``--frames`` of them one after the other, on a transcript of ``--messages`` messages.
``have-cost``
    CPU of a peer's own thread per ``HAVE {"have": {}}`` frame from a stranger's link (a
    spectator's invite is all it needs), on a transcript of ``--messages`` messages (a
    whole 7-player game is about 2,400), the link sending ``--rate`` frames a second (200
    is what a link may send) for ``--seconds`` after its first catch-up.
``links``
    A peer holding such a transcript, in its own process, while ``--links`` strangers'
    links send ``HAVE`` at ``--rate``: its CPU (every thread) per second and its largest
    resident memory.
``game``
    A bot game of ``--players`` peer processes (``tools.bench_net``'s) while the host is
    attacked: ``--attack have`` (``--links`` links sending ``HAVE`` at ``--rate``) or
    ``--attack conns`` (``--conns`` plain TCP connections held open, opened again when
    closed), ``--head-start`` seconds before the joiners come, with ``--nofile SOFT[:HARD]`` as the peers' limit of open files (a
    desktop's is often 1024, macOS's 256); ``--attack none`` for the game alone. The
    game's length, whether every peer finished, and each peer's largest resident memory.
``tests``
    Each attack test of ``tests/p2p`` (the hostile reviews' attacks played against real
    peers) in a process of its own, ``-k PATTERN`` to narrow them: the process's largest
    resident set (an upper bound for one honest peer under that attack), its processor time
    and its wall time.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import tempfile
import time
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.netbench.attack_tests import attack_tests  # noqa: E402
from tools.netbench.attacks import (  # noqa: E402
    HaveLinks,
    PlainConnections,
    game_messages,
    holder_main,
    holding_node,
    limited_peer_main,
)


def have_cost(args: argparse.Namespace) -> dict[str, Any]:
    node = holding_node(game_messages(args.messages),
                        **({"catchup_rate": args.catchup_rate} if args.catchup_rate >= 0 else {}))
    idle = 0  # the node's loop alone, for as long: the HAVE frames' cost is the difference
    t0 = time.monotonic()
    while time.monotonic() - t0 < args.seconds:
        c = time.thread_time_ns()
        node.poll(1)
        idle += time.thread_time_ns() - c
    links = HaveLinks(node.endpoint, node.curve_public, node.game_id, 1, rate=args.rate, read=True)
    try:
        quiet_since, sent = time.monotonic(), -1
        deadline = time.monotonic() + 30
        while time.monotonic() - quiet_since < 1.0 and time.monotonic() < deadline:  # the first catch-up
            node.poll(5)
            links.tick()
            if node.stats.sent.get("MSG", 0) != sent:
                sent, quiet_since = node.stats.sent.get("MSG", 0), time.monotonic()
        first = node.stats.sent.get("MSG", 0)
        t0 = time.monotonic()
        while time.monotonic() - t0 < 4:  # the budget's burst spent: what a stranger gets from then on
            links.tick()
            node.poll(1)
        frames0, msgs0 = node.stats.frames_in, node.stats.sent.get("MSG", 0)
        handling = [0]  # in the node's handling of the frames alone (Node._frame), the loop around it apart
        frame = node._frame

        def timed_frame(*a: Any) -> Any:
            c = time.thread_time_ns()
            try:
                return frame(*a)
            finally:
                handling[0] += time.thread_time_ns() - c

        node._frame = timed_frame
        cpu = 0
        t0 = time.monotonic()
        while time.monotonic() - t0 < args.seconds:
            links.tick()
            c = time.thread_time_ns()
            node.poll(1)
            cpu += time.thread_time_ns() - c
        cpu -= idle
        frames = node.stats.frames_in - frames0
        return {"mode": "have-cost", "messages": len(node.replica.session.transcript), "rate": args.rate,
                "first_catchup_msgs": first, "frames": frames, "cpu_ms": round(cpu / 1e6, 1),
                "cpu_us_per_have": round(cpu / 1e3 / max(1, frames), 1),
                "handling_us_per_have": round(handling[0] / 1e3 / max(1, frames), 1),
                "cpu_s_per_s": round(cpu / 1e9 / args.seconds, 3),
                "msgs_sent_meanwhile": node.stats.sent.get("MSG", 0) - msgs0}
    finally:
        links.close()
        node.close(linger_ms=0)


def have_frame(args: argparse.Namespace) -> dict[str, Any]:
    """The node's handling of ``--frames`` HAVE frames of one stranger's link, one after the
    other (its rate limit lifted), after its first catch-up: CPU of each (Node._frame)."""
    from net.core.encoding import canonical_json
    from net.mesh import TokenBucket, encode_frame

    node = holding_node(game_messages(args.messages),
                        **({"catchup_rate": args.catchup_rate} if args.catchup_rate >= 0 else {}))
    try:
        key = ("in", b"stranger")
        link = node._new_link(key, node.clock())
        link.addr = "192.0.2.1"
        node.links[key] = link
        node._frame(link, [encode_frame(b"HELLO", canonical_json({
            "game": node.game_id, "node": "stranger", "addr": "", "curve": "", "role": "spectator", "key": "",
            "have": {}}))])
        first = node.stats.sent.get("MSG", 0)
        have = encode_frame(b"HAVE", canonical_json({"have": {}, "direct": []}))
        link.frames = TokenBucket(1 << 40, 1 << 30, 0)
        link.bytes = TokenBucket(1 << 40, 1 << 30, 0)
        c = time.thread_time_ns()
        t0 = time.monotonic()
        for _ in range(args.frames):
            node._frame(link, [have])
        cpu = time.thread_time_ns() - c
        return {"mode": "have-frame", "messages": len(node.replica.session.transcript), "frames": args.frames,
                "first_catchup_msgs": first, "us_per_have": round(cpu / 1e3 / args.frames, 1),
                "wall_s": round(time.monotonic() - t0, 2), "msgs_sent_meanwhile": node.stats.sent.get("MSG", 0) - first}
    finally:
        node.close(linger_ms=0)


def links_cpu(args: argparse.Namespace) -> dict[str, Any]:
    ctx = mp.get_context("spawn")
    a, b = ctx.Pipe()
    proc = ctx.Process(target=holder_main, args=(b, args.messages, args.seconds), daemon=True)
    proc.start()
    kind, endpoint, curve, game_id = a.recv()
    links = HaveLinks(endpoint, curve, game_id, args.links, rate=args.rate) if args.links else None
    try:
        time.sleep(0.5)  # the handshakes
        a.send("start")
        while not a.poll(0.005):
            if links is not None:
                links.tick()
        _, out = a.recv()
    finally:
        if links is not None:
            links.close()
        proc.join(10)
    return {"mode": "links", "links": args.links, "rate": args.rate, "messages": args.messages,
            "cpu_s_per_s": round(out["cpu_s"] / out["wall_s"], 3), "maxrss_mb": round(out["maxrss_kb"] / 1024, 1),
            "frames_in": out["frames_in"], "frames_out": out["frames_out"], "sent": out["sent"]}


def parse_nofile(text: str) -> tuple[int, int] | None:
    if not text:
        return None
    soft, _, hard = text.partition(":")
    return int(soft), int(hard or soft)


def game(args: argparse.Namespace) -> dict[str, Any]:
    ctx = mp.get_context("spawn")
    tmp = tempfile.TemporaryDirectory(prefix="bench_attacks.")
    work = Path(tmp.name)
    nofile = parse_nofile(args.nofile)
    conns: list[Connection] = []
    procs: list[Any] = []

    def start_peer(i: int, invite: str) -> None:
        a, b = ctx.Pipe()
        p = ctx.Process(target=limited_peer_main, args=(nofile, i, args.players, str(work), b, invite, "greedy",
                                                        args.seed, 5, 0, 600_000, args.deadline), daemon=True)
        p.start()
        procs.append(p)
        conns.append(a)

    attack: HaveLinks | PlainConnections | None = None
    over: dict[int, float] = {}
    died: dict[int, str] = {}
    started = 0.0
    out: dict[str, Any] = {"mode": "game", "attack": args.attack, "players": args.players, "nofile": args.nofile}
    try:
        start_peer(0, "")
        kind, invite = conns[0].recv()
        assert kind == "invite"
        from net.core.lobby import Invite

        inv = Invite.parse(invite)
        if args.attack == "have":
            attack = HaveLinks(inv.endpoint, inv.curve, inv.game_id, args.links, rate=args.rate, source=args.source)
        elif args.attack == "conns":
            attack = PlainConnections(inv.port, args.conns, source=args.source)
        t0 = time.monotonic()
        while time.monotonic() - t0 < args.head_start:  # the attack under way before the joiners come
            if attack is not None:
                attack.tick()
            conns[0].poll(0.005)
        for i in range(1, args.players):
            start_peer(i, invite)
        while len(over) + len(died) < args.players and time.monotonic() - t0 < args.deadline:
            for c in wait(conns, timeout=0.005):
                assert isinstance(c, Connection)
                i = conns.index(c)
                try:
                    msg = c.recv()
                except (EOFError, OSError):
                    died.setdefault(i, "ended")
                    conns[i] = ctx.Pipe()[0]  # (never ready again)
                    continue
                if msg[0] == "started":
                    started = time.monotonic()
                elif msg[0] == "over":
                    over[i] = time.monotonic()
                elif msg[0] == "died":
                    died[i] = msg[1]
            if attack is not None:
                attack.tick()
        out["wall_s"] = round(time.monotonic() - t0, 1)  # from the host's invite to the end
        out["game_s"] = round(max(over.values()) - started, 1) if started and len(over) == args.players else None
        out["finished"] = sorted(over)
        out["died"] = {str(k): v for k, v in died.items()}
        if isinstance(attack, PlainConnections):
            out["conns"] = {"held": args.conns, "opened": attack.opened, "closed_by_peer": attack.closed_by_peer,
                            "refused": attack.refused}
        for i, c in enumerate(conns):
            if i not in died:
                c.send("stop")
        deadline = time.monotonic() + 20
        for i, c in enumerate(conns):
            while i not in died and time.monotonic() < deadline and c.poll(max(0.0, deadline - time.monotonic())):
                try:
                    if c.recv()[0] == "done":
                        break
                except (EOFError, OSError):
                    break
        rss = {}
        for i in range(args.players):
            f = work / f"p{i}.timings.json"
            if f.exists():
                t = json.loads(f.read_text(encoding="utf-8"))
                rss[str(i)] = round(t["maxrss_kb"] / 1024, 1)
        out["maxrss_mb"] = rss
    finally:
        if attack is not None:
            attack.close()
        for p in procs:
            p.join(5)
            if p.is_alive():
                p.kill()
        tmp.cleanup()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench_attacks", description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("mode", choices=("have-frame", "have-cost", "links", "game", "tests"))
    ap.add_argument("-k", dest="pattern", default="", help="tests: a pytest -k expression choosing the tests")
    ap.add_argument("--frames", type=int, default=2000, help="have-frame: HAVE frames handled")
    ap.add_argument("--messages", type=int, default=2100)
    ap.add_argument("--rate", type=int, default=200, help="HAVE frames a second per link")
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--links", type=int, default=32)
    ap.add_argument("--catchup-rate", type=int, default=-1,
                    help="have-cost: the catch-up budget's bytes a second (0: none once its burst is spent)")
    ap.add_argument("--attack", choices=("none", "have", "conns"), default="none")
    ap.add_argument("--conns", type=int, default=1100)
    ap.add_argument("--nofile", default="", help="SOFT[:HARD] limit of open files of the game's peers")
    ap.add_argument("--source", default=None,
                    help="game: the address the attack comes from (default 127.0.0.2 where it can be used, not the "
                         "honest peers' 127.0.0.1: a peer counts the connections of one address together)")
    ap.add_argument("--head-start", type=float, default=0, help="seconds of attack before the joiners come")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--deadline", type=float, default=180)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.mode == "tests":
        rows = attack_tests(args.pattern, say=not args.json)
        if not rows["tests"]:
            print(f"bench_attacks: no attack test matches -k {args.pattern!r}", file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps(rows, sort_keys=True))
        return 0 if rows["passed"] else 1
    run = {"have-frame": have_frame, "have-cost": have_cost, "links": links_cpu, "game": game}[args.mode]
    out = run(args)
    print(json.dumps(out, sort_keys=True) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
