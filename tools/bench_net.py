"""Benchmark of the peer-to-peer transport on loopback: ``python -m tools.bench_net
[--players 7] [--think-ms 0,50] [--games 1] [--json]``.

Plays whole games between bot peers, each :class:`net.peer.Peer` in its own process
(spawned with :mod:`multiprocessing`), over ZeroMQ with CurveZMQ on 127.0.0.1 (random
ports), each process stepping its peer in a tight loop with a short poll timeout. Every
process records, on ``CLOCK_MONOTONIC`` (shared by the processes of one machine), when
each message was accepted (applied) by its transcript, when its own choices were
submitted, and when each chance event was first asked for (the engine waits for dice or
draws), when its beacon value was computed (every reveal in and checked: the dice are
fixed) and when it was applied. Combined at the end:

- choice latency: for each choice, the latest acceptance over all peers minus the
  author's submit time (median, 90th and 99th percentiles);
- chance latency: for each chance event, the time the last peer knew the beacon minus
  the time the first peer saw the engine ask for it (the target's figure); also up to
  the last peer having applied it, from the last peer being asked (the reveal round
  alone), and from the submit of the choice that asked for it;
- raw ZeroMQ round trip (DEALER -> ROUTER -> DEALER, the Node's socket options and
  CurveZMQ, a frame the size of a message), measured in the same run: before the games
  (idle) and during them (under their load);
- spectator catch-up: after each game, a new spectator process connects to one peer
  that holds the whole game and receives and replays the transcript until its session
  reaches the final state hash (``--catchup-runs`` times, one after another);
- messages (signed envelopes in the transcript) and transport frames per second, the
  cores busy (the whole machine's and the peers' own) and where the peers' loops spent
  their time.

``--think-ms 0,50`` (the default) plays a game with bots answering at once (the game
runs flat out: throughput, and latency with every core busy) and one with bots answering
50 ms after their turn comes (one decision's traffic settles before the next, as with
people, who take seconds): latency as players see it.

Targets: choice and chance latency under 10 ms (median), catch-up under 2 s.

Logs go to a temporary directory (``--log-dir`` to choose one): every peer fsyncs each
message it accepts, as in play, so the file system counts.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import zmq  # noqa: E402

from net.core.envelope import message_id  # noqa: E402
from net.mesh import Limits, encode_frame, tune  # noqa: E402

# ---------------------------------------------------------------------------- helpers


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


def cpu_seconds() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


# ---------------------------------------------------------------------------- raw ZeroMQ echo


def echo_main(conn: Connection) -> None:
    """A ROUTER (CurveZMQ server, the Node's options) that sends back every frame it gets."""
    ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context()
    router = tuned(ctx, zmq.ROUTER)
    public, secret = zmq.curve_keypair()
    router.curve_server = True
    router.curve_secretkey = secret
    router.curve_publickey = public
    port = router.bind_to_random_port("tcp://127.0.0.1")
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
        self.sock = tuned(self.ctx, zmq.DEALER)
        public, secret = zmq.curve_keypair()
        self.sock.curve_serverkey = server_key.encode("ascii")
        self.sock.curve_publickey = public
        self.sock.curve_secretkey = secret
        self.sock.connect(f"tcp://127.0.0.1:{port}")
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


# ---------------------------------------------------------------------------- peer processes


@dataclass
class Recorder:
    """What one peer process saw, on the shared monotonic clock (nanoseconds)."""

    accepted: dict[str, list[Any]] = field(default_factory=dict)  # id -> [t, kind, seat, index]
    submitted: dict[str, int] = field(default_factory=dict)  # own choices: id -> time of the submit call
    asked: dict[int, int] = field(default_factory=dict)  # chance round -> first time the engine waited for it
    applied: dict[int, int] = field(default_factory=dict)  # chance round -> time its beacon was applied
    known: dict[int, int] = field(default_factory=dict)  # chance round -> time its beacon value was computed
    trigger: dict[int, str] = field(default_factory=dict)  # chance round -> id of the message that asked for it
    chances_seen: int = 0
    busy: dict[str, list[int]] = field(default_factory=dict)  # what -> [calls, nanoseconds]
    handed: dict[str, int] = field(default_factory=dict)  # id -> when the transport took it to send

    def add(self, what: str, ns: int) -> None:
        b = self.busy.setdefault(what, [0, 0])
        b[0] += 1
        b[1] += ns

    def instrument(self, peer: Any) -> None:
        """Wrap, in this process's peer, the transcript's ``offer`` and ``offer_own`` (acceptance times, chance
        events), the session's ``submit`` (submit times), the replica's ``drain`` (when the
        transport takes a message to send) and the poller's ``poll`` (time spent waiting)."""
        transcript = peer.session.transcript
        offer = transcript.offer
        offer_own = transcript.offer_own
        submit = peer.session.submit

        def record(res: Any, t0: int) -> Any:
            t = now_ns()
            self.add("offer_accepted" if res.ok else "offer_refused", t - t0)
            if res.ok:
                env = res.entry.env
                self.accepted[env.id] = [t, env.kind, res.entry.seat, res.entry.index]
                table = transcript.table
                if table is not None and res.changed:  # chance is asked for or applied only at a new position
                    count = table.st.chance_count
                    for r in range(self.chances_seen + 1, count + 1):
                        self.applied[r] = t
                    self.chances_seen = max(self.chances_seen, count)
                    r = table.chance_round()
                    if r and r not in self.asked:
                        self.asked[r] = t
                        self.trigger[r] = env.id
            return res

        def timed_offer(raw: bytes, *, parsed: Any = None, **kw: Any) -> Any:
            t0 = now_ns()
            return record(offer(raw, parsed=parsed, **kw), t0)

        def timed_offer_own(env: Any, persisted: Any = None, **kw: Any) -> Any:
            t0 = now_ns()
            return record(offer_own(env, persisted, **kw), t0)

        def timed_submit(choice: Any, now: int) -> Any:
            t = now_ns()
            res = submit(choice, now)
            if res.ok:
                self.submitted[res.entry.env.id] = t
            return res

        replica = peer.replica
        drain = replica.drain

        mine = f'"author":"{peer.identity.public_hex}"'.encode("ascii")

        def timed_drain() -> list[bytes]:
            out: list[bytes] = drain()
            if out:
                t = now_ns()
                for raw in out:
                    if mine in raw:  # own messages only (most are handed earlier, by send_early)
                        mid = message_id(raw)
                        if mid in self.accepted and mid not in self.handed:
                            self.handed[mid] = t
            return out

        send_early = peer.session.send_early

        def timed_send_early(raw: bytes) -> Any:
            self.handed.setdefault(message_id(raw), now_ns())
            return send_early(raw) if send_early is not None else None

        setattr(peer.session, "send_early", timed_send_early)  # noqa: B010
        poller = peer.node.poller
        poll = poller.poll

        def timed_poll(timeout: int | None = None) -> Any:
            t0 = now_ns()
            out = poll(timeout)
            self.add("poll_wait", now_ns() - t0)
            return out

        import net.core.table

        beacon_value = net.core.table.beacon_value

        def timed_beacon(gid: bytes, r: int, reveals: Any) -> bytes:
            value: bytes = beacon_value(gid, r, reveals)
            self.known.setdefault(r, now_ns())  # every reveal in and checked: the dice are fixed
            return value

        setattr(net.core.table, "beacon_value", timed_beacon)  # noqa: B010
        setattr(transcript, "offer", timed_offer)  # noqa: B010
        setattr(transcript, "offer_own", timed_offer_own)  # noqa: B010
        setattr(peer.session, "submit", timed_submit)  # noqa: B010
        setattr(poller, "poll", timed_poll)  # noqa: B010
        setattr(replica, "drain", timed_drain)  # noqa: B010

    def dump(self, seat: int) -> dict[str, Any]:
        own: dict[str, list[int]] = {}
        for mid, v in self.accepted.items():
            if mid in self.handed and v[2] == seat:
                own.setdefault(v[1], []).append(self.handed[mid] - v[0])
        return {"accepted": self.accepted, "submitted": self.submitted, "asked": self.asked, "applied": self.applied,
                "known": self.known, "trigger": self.trigger,
                "busy": self.busy, "own_accept_to_send_ns": own}


class PacedDecider:
    """A bot that answers ``think_ms`` after its turn came (0: at once); times its thinking."""

    def __init__(self, bot: Any, rec: Recorder, think_ms: int, position: Callable[[], int]) -> None:
        self.bot = bot
        self.rec = rec
        self.think_ns = think_ms * 1_000_000
        self.position = position
        self.turn: tuple[int, int] = (-1, 0)  # (position, when it was first asked at it)

    def decide(self, state: Any, seat: int, options: list[Any]) -> Any:
        if self.think_ns:
            pos = self.position()
            if self.turn[0] != pos:
                self.turn = (pos, now_ns())
            if now_ns() - self.turn[1] < self.think_ns:
                return None
        t0 = now_ns()
        choice = self.bot.choose(state, seat, options)
        self.rec.add("decide", now_ns() - t0)
        return choice


class Flooder:
    """A seated player that, besides playing, signs messages with ``seq`` far ahead of its
    own (nine in ten) or just ahead (one in ten: those get held and signature-checked) and
    sends ``per_s`` of them a second to every peer it is linked to (docs/network.md,
    "Cheating players", 3)."""

    def __init__(self, peer: Any, per_s: int) -> None:
        self.peer = peer
        self.per_s = per_s
        self.t0 = 0
        self.sent = 0

    def tick(self) -> None:
        from net.core.envelope import build

        t = self.peer.session.transcript
        if t.genesis is None or self.peer.over:
            return
        now = now_ns()
        if not self.t0:
            self.t0 = now
        due = (now - self.t0) * self.per_s // 1_000_000_000 - self.sent
        if due <= 0:
            return
        me = self.peer.identity
        seq, prev = t.last_of(me.public_hex)
        live = self.peer.node._live()
        for k in range(min(due, 200)):
            n = self.sent + k
            ahead = 1 + n % 31 if n % 10 == 0 else 1000 + n
            raw = build(me, game=t.game_id, seq=seq + ahead, prev=prev, kind="choice", at=t.position,
                        state=t.state_hash, body={"choice": ["pass", n]}).raw
            for link in live:
                self.peer.node._send(link, b"MSG", raw)
        self.sent += min(due, 200)


def peer_main(index: int, players: int, work: str, conn: Connection, invite_text: str, bots: str, seed: int,
              poll_ms: int, think_ms: int, drop_timeout_ms: int, deadline_s: float, profile: bool = False,
              flood_per_s: int = 0) -> None:
    """One player: index 0 hosts (its Lobby, the genesis), the others join its invite.
    Steps until told to stop; writes its timings to ``WORK/p{index}.timings.json`` (and,
    with ``profile``, its cProfile statistics to ``WORK/p{index}.prof``)."""
    if profile:
        import cProfile

        prof = cProfile.Profile(time.process_time)  # CPU time: waiting is not cost
        prof.enable()
        try:
            peer_main(index, players, work, conn, invite_text, bots, seed, poll_ms, think_ms, drop_timeout_ms,
                      deadline_s, flood_per_s=flood_per_s)
        finally:
            prof.disable()
            prof.dump_stats(str(Path(work) / f"p{index}.prof"))
        return
    from game.bots import make_bot
    from net.core.identity import Identity, fingerprint
    from net.core.lobby import Invite, Lobby, new_game_id
    from net.peer import Peer

    ident = Identity.generate()
    lobby = None
    if index == 0:
        gid = new_game_id()
        lobby = Lobby(ident, gid, players, host_name="p0")
    else:
        invite = Invite.parse(invite_text)
        gid = invite.game_id
    rec = Recorder()
    peer = Peer.create(ident, role="player", game_id=gid, log=Path(work) / f"p{index}.jsonl", host="127.0.0.1",
                       port=0, lobby=lobby, name=f"p{index}")
    peer.decider = PacedDecider(make_bot(bots, seed + index), rec, think_ms, lambda: peer.session.transcript.position)
    rec.instrument(peer)
    if lobby is not None:
        conn.send(("invite", str(Invite("127.0.0.1", peer.node.port, gid, fingerprint(ident.public_hex),
                                        peer.node.curve_public))))
    else:
        peer.connect(Invite.parse(invite_text))
    flooder = Flooder(peer, flood_per_s) if flood_per_s else None
    steps = 0
    over_at = 0
    frames_at_over = 0
    duplicates_at_over = 0
    cpu0 = cpu_seconds()
    stop_at = time.monotonic() + deadline_s
    while time.monotonic() < stop_at:
        t0 = now_ns()
        c0 = time.thread_time_ns()
        f0 = peer.node.stats.frames_in
        peer.step(poll_ms)
        if flooder is not None:
            flooder.tick()
        if peer.session.transcript.genesis is not None and not over_at:
            rec.add("step", now_ns() - t0)
            # this thread's CPU (not ZeroMQ's I/O thread) in steps that took frames in, and in the others
            rec.add("cpu_step_with_frames" if peer.node.stats.frames_in != f0 else "cpu_step_idle",
                    time.thread_time_ns() - c0)
        steps += 1
        if lobby is not None and not lobby.started and lobby.full:
            peer.start_game(timeout_ms=drop_timeout_ms)
            conn.send(("started", now_ns()))
        if peer.over and not over_at:
            over_at = now_ns()
            frames_at_over = peer.node.stats.frames_out
            duplicates_at_over = peer.node.stats.duplicates
            conn.send(("over", {"state": peer.session.transcript.state_hash, "messages": len(peer.session.transcript),
                                "cpu_s": cpu_seconds() - cpu0}))
        if steps % 16 == 0 and conn.poll():  # a look at the pipe costs a system call: not every step
            if conn.recv() == "stop":
                break
    st = peer.node.stats
    out = {"index": index, "seat": peer.session.seat, "over_at": over_at, "steps": steps,
           "cpu_s": cpu_seconds() - cpu0, "frames_in": st.frames_in, "frames_out": st.frames_out,
           "frames_out_in_game": frames_at_over, "sent_by_type": st.sent, "rejected": st.rejected, "rate_limited": st.rate_limited,
           "duplicates_in_game": duplicates_at_over,
           "messages": len(peer.session.transcript), "state": peer.session.transcript.state_hash, "over": peer.over,
           "desync": peer.desynced, "flooder": flooder is not None,
           "flood_sent": flooder.sent if flooder is not None else 0, "held": peer.session.held(),
           "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, **rec.dump(peer.session.seat)}
    Path(work, f"p{index}.timings.json").write_text(json.dumps(out), encoding="utf-8")
    peer.close()
    conn.send(("done", index))


def spectator_main(run: int, work: str, conn: Connection, invite_text: str, final_state: str, poll_ms: int,
                   deadline_s: float) -> None:
    """A new spectator: connect to the invite's peer and step until the final state hash."""
    from net.core.identity import Identity
    from net.core.lobby import Invite
    from net.peer import Peer

    invite = Invite.parse(invite_text)
    peer = Peer.create(Identity.generate(), role="spectator", game_id=invite.game_id,
                       log=Path(work) / f"s{run}.jsonl", host="127.0.0.1", port=0)
    peer.auto_drop = False
    transcript = peer.session.transcript
    rec = Recorder()
    rec.instrument(peer)
    cpu0 = cpu_seconds()
    t0 = now_ns()
    peer.connect(invite)
    stop_at = time.monotonic() + deadline_s
    while time.monotonic() < stop_at:
        peer.step(poll_ms)
        if transcript.state_hash == final_state and peer.over:
            break
    t1 = now_ns()
    ok = transcript.state_hash == final_state and peer.over
    first = min((a[0] for a in rec.accepted.values()), default=0)
    conn.send(("catchup", {"ok": ok, "ms": (t1 - t0) / 1e6, "first_ms": (first - t0) / 1e6 if first else None,
                           "messages": len(transcript), "cpu_s": cpu_seconds() - cpu0,
                           "frames_in": peer.node.stats.frames_in, "rate_limited": peer.node.stats.rate_limited}))
    peer.close()


# ---------------------------------------------------------------------------- the run


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


def combine(timings: list[dict[str, Any]]) -> dict[str, Any]:
    """Choice and chance latencies from the peers' records."""
    n = len(timings)
    choice: list[int] = []
    first_hop: list[int] = []
    for t in timings:
        for mid, t_sub in t["submitted"].items():
            times = [p["accepted"][mid][0] for p in timings if mid in p["accepted"]]
            if len(times) != n:
                continue  # not applied everywhere (cannot happen in a finished game)
            choice.append(max(times) - t_sub)
            others = [p["accepted"][mid][0] for p in timings if p is not t]
            first_hop.append(min(others) - t_sub)
    # chance rounds (JSON keys are strings) applied on every peer
    rounds = set.intersection(*(set(t["applied"]) for t in timings))
    chance: list[int] = []
    known: list[int] = []
    last_asked: list[int] = []
    from_submit: list[int] = []
    submitted = {mid: ts for t in timings for mid, ts in t["submitted"].items()}
    for r in sorted(rounds, key=int):
        asked = [t["asked"][r] for t in timings if r in t["asked"]]
        if asked:
            chance.append(max(t["applied"][r] for t in timings) - min(asked))
            if all(r in t["known"] for t in timings):
                known.append(max(t["known"][r] for t in timings) - min(asked))
                if len(asked) == n:
                    last_asked.append(max(t["known"][r] for t in timings) - max(asked))
                trig = {t["trigger"].get(r) for t in timings} - {None}
                if len(trig) == 1 and (mid := trig.pop()) in submitted:
                    from_submit.append(max(t["known"][r] for t in timings) - submitted[mid])
    kinds: dict[str, int] = {}
    for v in timings[0]["accepted"].values():
        kinds[v[1]] = kinds.get(v[1], 0) + 1
    return {"choice": summary_ms(choice), "choice_first_peer": summary_ms(first_hop), "chance": summary_ms(chance),
            "chance_known": summary_ms(known), "reveal_round": summary_ms(last_asked),
            "chance_from_submit": summary_ms(from_submit), "chance_from_submit_ns": from_submit,
            "choice_ns": choice, "choice_first_peer_ns": first_hop, "chance_ns": chance, "chance_known_ns": known,
            "reveal_round_ns": last_asked, "kinds": kinds}


def costs(timings: list[dict[str, Any]]) -> dict[str, Any]:
    """Where the peers' loops spent their time (summed over peers, from the genesis to the end)."""
    tot: dict[str, list[int]] = {}
    for t in timings:
        for k, (calls, ns) in t["busy"].items():
            b = tot.setdefault(k, [0, 0])
            b[0] += calls
            b[1] += ns
    out: dict[str, Any] = {k: {"calls": c, "s": round(ns / 1e9, 2), "us_per_call": round(ns / c / 1e3, 1) if c else 0}
                           for k, (c, ns) in sorted(tot.items())}
    step, wait_ = tot.get("step", [0, 0])[1], tot.get("poll_wait", [0, 0])[1]
    out["loop_busy_fraction"] = round(1 - wait_ / step, 3) if step else None
    return out


def busy_jiffies() -> tuple[int, int]:
    """(busy, total) CPU time of the whole machine so far, from /proc/stat (0, 0 elsewhere)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields[:8]) - idle, sum(fields[:8])


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


def summarize(games: list[GameRun], think_ms: int, flood_per_s: int = 0) -> dict[str, Any]:
    """The figures of the games played with one think time."""
    lats = [combine(gr.timings) for gr in games]
    pooled = {key: [v for lat in lats for v in lat[key + "_ns"]]
              for key in ("choice", "choice_first_peer", "chance", "chance_known", "reveal_round",
                          "chance_from_submit")}
    messages = sum(gr.timings[0]["messages"] for gr in games)
    game_s = sum(gr.game_s for gr in games)
    frames = sum(t["frames_out_in_game"] for gr in games for t in gr.timings)  # not the catch-ups after
    rejected: dict[str, int] = {}
    for gr in games:
        for t in gr.timings:
            for k, v in t["rejected"].items():
                rejected[k] = rejected.get(k, 0) + v
    out: dict[str, Any] = {
        "think_ms": think_ms, "flood_per_s": flood_per_s, "games": len(games), "messages": messages,
        "flood_sent": sum(t.get("flood_sent", 0) for gr in games for t in gr.timings),
        # memory of the honest peers (largest resident set of each process) and what their
        # sessions still held at the end
        "honest_maxrss_mb": [round(t["maxrss_kb"] / 1024, 1) for gr in games for t in gr.timings
                             if not t.get("flooder")],
        "honest_held": [t["held"] for gr in games for t in gr.timings if not t.get("flooder")],
        "messages_per_game": [gr.timings[0]["messages"] for gr in games],
        "chance_events": len(pooled["chance"]), "game_s": [round(gr.game_s, 2) for gr in games],
        "messages_per_s": round(messages / game_s, 1), "frames_per_s": round(frames / game_s),
        "frames_per_message": round(frames / messages, 1),
        # messages a peer received again (it had them already), per message of the game
        "duplicates_per_message": round(sum(t.get("duplicates_in_game", 0) for gr in games for t in gr.timings)
                                        / messages, 2),
        "choice_ms": summary_ms(pooled["choice"]), "choice_first_peer_ms": summary_ms(pooled["choice_first_peer"]),
        "chance_ms": summary_ms(pooled["chance"]), "chance_known_ms": summary_ms(pooled["chance_known"]),
        "reveal_round_ms": summary_ms(pooled["reveal_round"]),
        "chance_from_submit_ms": summary_ms(pooled["chance_from_submit"]),
        "own_accept_to_send_ms": {
            kind: summary_ms([x for gr in games for t in gr.timings for x in t["own_accept_to_send_ns"].get(kind, [])])
            for kind in ("choice", "reveal")},
        "choice_median_per_game_ms": [lat["choice"].get("median") for lat in lats],
        "chance_median_per_game_ms": [lat["chance"].get("median") for lat in lats],
        "raw_rtt_during_ms": summary_ms([x for gr in games for x in gr.loaded]),
        "catchup": [c for gr in games for c in gr.catchups],
        "machine_busy_cores": [round(gr.machine_busy_cores, 2) for gr in games],
        "peers_cores": [round(gr.peers_cores, 2) for gr in games],
        "cpu_s_per_peer": [[round(t["cpu_s"], 2) for t in gr.timings] for gr in games],
        "costs": costs([t for gr in games for t in gr.timings]),
        "rejected": rejected, "rate_limited": sum(t["rate_limited"] for gr in games for t in gr.timings),
    }
    # the figures: a choice applied on every peer; the beacon known on every peer
    out["latency_targets_met"] = bool(out["choice_ms"].get("median", 1e9) < 10
                                      and out["chance_known_ms"].get("median", 1e9) < 10)
    return out


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
        "raw_rtt_idle_ms": summary_ms(idle), "modes": modes,
        "catchup_ms": {"n": len(cu), "median": round(statistics.median(cu), 1) if cu else None,
                       "max": round(max(cu), 1) if cu else None, "failed": len(catchups) - len(cu)},
    }
    out["catchup_target_met"] = bool(cu) and len(cu) == len(catchups) and max(cu) < 2000
    return out


def report(out: dict[str, Any]) -> None:
    m = out["machine"]
    print(f"machine: {m['nproc']} cores ({m['cpu']}), Python {m['python']}, ZeroMQ {m['zmq']} "
          f"(pyzmq {m['pyzmq']}), CurveZMQ {'on' if m['curve'] else 'off'}; load average before "
          f"{out['load_average_before'][0]}; {out['players']} peer processes; log fsync {out['fsync_us']} µs")

    def line(name: str, s: dict[str, Any]) -> None:
        if not s.get("n"):
            print(f"  {name:<38} no samples")
            return
        print(f"  {name:<38} median {s['median']:>7.2f} ms  p90 {s['p90']:>7.2f} ms  p99 {s['p99']:>7.2f} ms"
              f"  (n={s['n']})")

    line("raw ZeroMQ round trip, idle", out["raw_rtt_idle_ms"])
    for mode in out["modes"]:
        think = mode["think_ms"]
        print(f"{out['bots']} bots answering {f'{think} ms after their turn comes' if think else 'at once'}: "
              f"{mode['games']} game(s), {mode['messages']} messages {mode['messages_per_game']}, "
              f"{mode['chance_events']} chance events, {mode['game_s']} s")
        if mode["flood_per_s"]:
            print(f"  while the last peer floods {mode['flood_per_s']} early messages a second to each other peer "
                  f"({mode['flood_sent']} sent): honest peers' largest resident set {mode['honest_maxrss_mb']} MiB, "
                  f"messages held at the end {mode['honest_held']}")
        print(f"  {mode['messages_per_s']} messages/s, {mode['frames_per_s']} frames/s "
              f"({mode['frames_per_message']} frames a message, {mode['duplicates_per_message']} of them duplicates); cores busy during the game: machine "
              f"{mode['machine_busy_cores']}, these peers {mode['peers_cores']} (of {m['nproc']})")
        line("choice submitted -> on every peer", mode["choice_ms"])
        line("choice submitted -> on the first peer", mode["choice_first_peer_ms"])
        line("chance asked -> beacon known on every peer", mode["chance_known_ms"])
        line("chance asked -> applied on every peer", mode["chance_ms"])
        line("  of which asked on the last -> known on every peer", mode["reveal_round_ms"])
        line("the choice asking for it submitted -> beacon known on every peer", mode["chance_from_submit_ms"])
        for kind, v in mode["own_accept_to_send_ms"].items():
            line(f"own {kind}: handed to send minus accepted here", v)
        line("raw ZeroMQ round trip, during the game", mode["raw_rtt_during_ms"])
        c = mode["costs"]
        print("  where the peers' loops went (all peers): " + ", ".join(
            f"{k} {v['s']} s ({v['calls']} calls, {v['us_per_call']} µs each)" for k, v in c.items()
            if isinstance(v, dict)) + f"; busy (not waiting in poll) {c['loop_busy_fraction']}")
        if mode["rejected"] or mode["rate_limited"]:
            print(f"  rejected: {mode['rejected']}; rate-limited frames: {mode['rate_limited']}")
        print(f"  latency targets (medians < 10 ms): {'met' if mode['latency_targets_met'] else 'NOT met'}")
        for i, cu in enumerate(mode["catchup"]):
            print(f"  spectator catch-up {i + 1}: {cu['ms']:.0f} ms for {cu['messages']} messages "
                  f"(first one applied after {cu['first_ms'] or 0:.1f} ms; {cu['cpu_s']:.2f} s CPU; "
                  f"{cu['rate_limited']} frames rate-limited)" + ("" if cu["ok"] else " FAILED"))
    print(f"catch-up target (< 2 s): {'met' if out['catchup_target_met'] else 'NOT met'}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench_net", description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--players", type=int, default=7)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--seed", type=int, default=0, help="seed of the bots (dice come from the beacon)")
    ap.add_argument("--poll-ms", type=int, default=5, help="poll timeout of each peer's loop")
    ap.add_argument("--think-ms", default="0,50",
                    help="comma-separated: play --games games with bots answering this many ms after their turn "
                         "comes (0: at once, the game runs flat out)")
    ap.add_argument("--pings", type=int, default=1000, help="raw round trips measured before the game")
    ap.add_argument("--ping-every-ms", type=int, default=10, help="one raw round trip this often during the game")
    ap.add_argument("--games", type=int, default=1, help="games played one after another (samples pooled)")
    ap.add_argument("--catchup-runs", type=int, default=3, help="spectator catch-ups after each game")
    ap.add_argument("--drop-timeout-ms", type=int, default=600_000, help="the genesis timeout (no drops wanted)")
    ap.add_argument("--deadline", type=float, default=900)
    ap.add_argument("--flood", type=int, default=0, metavar="N",
                    help="then one more game in which the last peer floods N signed early messages a second")
    ap.add_argument("--log-dir", default=None, help="where the peers write their logs (default: a temporary one)")
    ap.add_argument("--profile", action="store_true", help="profile peer 1's CPU time (cProfile) into LOG_DIR/gameN/p1.prof")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out = run(args, (lambda _s: None) if args.json else (lambda s: print(s, flush=True)))
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        report(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
