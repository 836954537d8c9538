"""The floor the transport sets under a chance event: the same frames as a chance event
between N processes, through ZeroMQ with the Node's socket options and CurveZMQ, with
no game behind them (:func:`raw_rounds`).

A round: one process sends a "choice" frame to every other, then its "reveal"; every other
process, on the choice, sends its reveal to every other; a process is done when it holds the
choice and every reveal. The round's time runs from the choice's sending to the last
process being done, as the benchmark's chance latency runs from the engine asking to the
last peer knowing the beacon. ``work_us`` of processor time is spent on every frame taken
in (standing for the peer's parsing, checks and engine), so that the cost of the work per
frame can be read beside the transport's own.
"""

from __future__ import annotations

import multiprocessing as mp
import statistics
import time
from multiprocessing.connection import Connection
from typing import Any

import zmq

from net.mesh import decode_frame, encode_frame
from tools.netbench.probes import curve_dealer, curve_router, now_ns, pct

_SIZES = {b"C": 500, b"R": 300}  # a choice and a reveal envelope, about


def _spin(us: int) -> None:
    end = time.thread_time_ns() + us * 1000
    while time.thread_time_ns() < end:
        pass


def round_main(i: int, n: int, conn: Connection, poll_ms: int, work_us: int) -> None:
    """One process of the rounds: a ROUTER of its own, a DEALER to every other's."""
    ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
    router, port, public = curve_router(ctx)
    conn.send((port, public))
    dealers = [curve_dealer(ctx, p, key) for j, (p, key) in enumerate(conn.recv()) if j != i]
    poller = zmq.Poller()
    poller.register(router, zmq.POLLIN)
    for d in dealers:  # every connection made and its handshake done before the first round
        d.send(encode_frame(b"HELLO", b"-"))
    greeted = 0
    while greeted < n - 1:
        if poller.poll(100):
            router.recv_multipart()
            greeted += 1
    conn.send("ready")
    held: dict[int, int] = {}
    done: dict[int, int] = {}

    def send_all(kind: bytes, r: int) -> None:
        frame = encode_frame(b"MSG", kind + str(r).encode("ascii") + b" " + b"x" * _SIZES[kind])
        for d in dealers:
            d.send(frame)

    while True:
        if conn.poll():
            cmd = conn.recv()
            if cmd == "stop":
                break
            r = int(cmd)  # this process makes round r's choice
            t0 = now_ns()
            send_all(b"C", r)
            send_all(b"R", r)
            held[r] = 2
            conn.send(t0)
        for _sock, _ in poller.poll(poll_ms):
            while True:
                try:
                    parts = router.recv_multipart(zmq.NOBLOCK)
                except zmq.Again:
                    break
                frame = decode_frame(parts[-1])
                if frame is None or frame[0] != b"MSG":
                    continue
                kind, r = frame[1][:1], int(frame[1][1:frame[1].index(b" ")])
                if work_us:
                    _spin(work_us)
                held[r] = held.get(r, 0) + 1
                if kind == b"C":
                    send_all(b"R", r)
                    held[r] += 1
                if held[r] == n + 1 and r not in done:  # the choice and n reveals
                    done[r] = now_ns()
    conn.send(done)
    for d in dealers:
        d.close(linger=0)
    router.close(linger=0)
    ctx.term()


def raw_rounds(n: int, rounds: int, work_us: int, poll_ms: int, gap_ms: int = 50) -> dict[str, Any]:
    """``rounds`` chance rounds between ``n`` processes, the choice made by each in turn,
    ``gap_ms`` apart: the median, 90th percentile and the rounds completed."""
    ctx = mp.get_context("spawn")
    conns: list[Connection] = []
    procs = []
    for i in range(n):
        mine, theirs = ctx.Pipe()
        p = ctx.Process(target=round_main, args=(i, n, theirs, poll_ms, work_us), daemon=True)
        p.start()
        conns.append(mine)
        procs.append(p)
    try:
        where = [c.recv() for c in conns]
        for c in conns:
            c.send(where)
        for c in conns:
            if not c.poll(30) or c.recv() != "ready":
                raise RuntimeError("the processes of the raw rounds did not connect")
        sent: dict[int, int] = {}
        for r in range(rounds):
            c = conns[r % n]
            c.send(r)
            sent[r] = c.recv()
            time.sleep(gap_ms / 1000)
        time.sleep(0.3)
        for c in conns:
            c.send("stop")
        dones = [c.recv() for c in conns]
    finally:
        for p in procs:
            p.join(5)
            if p.is_alive():
                p.kill()
    ms = [(max(d[r] for d in dones) - sent[r]) / 1e6 for r in range(rounds) if all(r in d for d in dones)]
    return {"work_us": work_us, "rounds": len(ms), "median": round(statistics.median(ms), 2) if ms else None,
            "p90": round(pct(ms, 0.9), 2) if ms else None}
