"""The machine and the raw transport, as the network benchmark measures them: time and
percentiles, sockets with the node's options, a raw ZeroMQ echo (ROUTER, CurveZMQ) and its
pinger, the machine's processors and load, and the cost of an fsync."""

from __future__ import annotations

import os
import platform
import resource
import statistics
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import zmq

from net.mesh import Limits, curve_client, curve_server, encode_frame, tune


def now_ns() -> int:
    return time.monotonic_ns()


def pct(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation; nan for no values."""
    if not values:
        return float("nan")
    s = sorted(values)
    k = (len(s) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def summary_ms(values_ns: Sequence[int]) -> dict[str, float | int]:
    ms = [v / 1e6 for v in values_ns]
    if not ms:
        return {"n": 0}
    return {"n": len(ms), "median": round(statistics.median(ms), 3), "p90": round(pct(ms, 0.9), 3),
            "p99": round(pct(ms, 0.99), 3), "min": round(min(ms), 3), "max": round(max(ms), 3)}


def tuned(ctx: zmq.Context[zmq.Socket[bytes]], kind: int) -> zmq.Socket[bytes]:
    """A socket with exactly the options the Node gives its own."""
    sock: zmq.Socket[bytes] = ctx.socket(kind)
    tune(sock, Limits())
    return sock


def curve_router(ctx: zmq.Context[zmq.Socket[bytes]]) -> tuple[zmq.Socket[bytes], int, bytes]:
    """A ROUTER with the Node's options, a CurveZMQ server bound to a random port of
    127.0.0.1: the socket, its port and its public key."""
    router = tuned(ctx, zmq.ROUTER)
    public = curve_server(router)
    return router, router.bind_to_random_port("tcp://127.0.0.1"), public


def curve_dealer(ctx: zmq.Context[zmq.Socket[bytes]], port: int, server_key: str | bytes) -> zmq.Socket[bytes]:
    """A DEALER with the Node's options and a key of its own, connected to the CurveZMQ
    ROUTER of ``port`` on 127.0.0.1 whose public key is ``server_key``."""
    sock = tuned(ctx, zmq.DEALER)
    curve_client(sock, server_key)
    sock.connect(f"tcp://127.0.0.1:{port}")
    return sock


def cpu_seconds() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def echo_main(conn: Connection) -> None:
    """A ROUTER (CurveZMQ server, the Node's options) that sends back every frame it gets."""
    ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
    router, port, public = curve_router(ctx)
    conn.send((port, public.decode("ascii")))
    poller = zmq.Poller()
    poller.register(router, zmq.POLLIN)
    poller.register(conn.fileno(), zmq.POLLIN)
    while True:
        events = dict(poller.poll(1000))
        if router in events:
            while True:
                try:
                    frames = router.recv_multipart(flags=zmq.NOBLOCK)
                except zmq.Again:
                    break
                router.send_multipart(frames)
        if conn.fileno() in events or conn.poll():
            break
    router.close(linger=0)
    ctx.term()


class Pinger:
    """The DEALER side of the raw round trip."""

    def __init__(self, port: int, server_key: str, size: int = 500) -> None:
        self.ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
        self.sock = curve_dealer(self.ctx, port, server_key)
        self.payload = b"x" * size
        self.samples: list[int] = []

    def ping(self, timeout_ms: int = 2000) -> int | None:
        t0 = now_ns()
        self.sock.send(encode_frame(b"MSG", self.payload))
        if not self.sock.poll(timeout_ms, zmq.POLLIN):
            return None
        self.sock.recv_multipart()
        return now_ns() - t0

    def close(self) -> None:
        self.sock.close(linger=0)
        self.ctx.term()


def machine() -> dict[str, Any]:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(), "cpu": model or platform.processor(), "python": platform.python_version(),
            "zmq": zmq.zmq_version(), "pyzmq": zmq.pyzmq_version(), "curve": bool(zmq.has("curve"))}


def fsync_us(directory: Path, n: int = 100) -> float:
    """The cost of appending and fsyncing one 500-byte line there (as a log does per message)."""
    path = directory / "fsync.probe"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        t = time.perf_counter()
        for _ in range(n):
            os.write(fd, b"x" * 500 + b"\n")
            os.fsync(fd)
        return (time.perf_counter() - t) / n * 1e6
    finally:
        os.close(fd)
        path.unlink()


def busy_jiffies() -> tuple[int, int]:
    """(busy, total) CPU time of the whole machine so far, from /proc/stat (0, 0 elsewhere)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields[:8]) - idle, sum(fields[:8])
