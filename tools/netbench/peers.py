"""The processes of a benchmark game: each peer (:func:`peer_main`, the host or a joiner,
its transcript, session and transport timed by a :class:`Recorder`), a bot that takes its
time (:class:`PacedDecider`), a seated player flooding early messages (:class:`Flooder`),
and a spectator catching up (:func:`spectator_main`)."""

from __future__ import annotations

import json
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from net.core.envelope import message_id
from tools.netbench.probes import cpu_seconds, now_ns


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
                table = transcript.referee
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

        import net.core.referee

        beacon_value = net.core.referee.beacon_value

        def timed_beacon(gid: bytes, r: int, reveals: Any) -> bytes:
            value: bytes = beacon_value(gid, r, reveals)
            self.known.setdefault(r, now_ns())  # every reveal in and checked: the dice are fixed
            return value

        setattr(net.core.referee, "beacon_value", timed_beacon)  # noqa: B010
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
