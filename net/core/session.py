"""A sans-IO peer: one player's (or a spectator's) side of a game, with no sockets, no
files and no clock.

Feed it the bytes of incoming envelopes (:meth:`Session.incoming`) and the player's
decisions (:meth:`Session.submit`, :meth:`Session.undo`, :meth:`Session.resign`); take
the envelopes to send from :meth:`Session.outgoing`. Every call that may depend on time
takes ``now`` (integer milliseconds on any clock the caller likes); the session never
reads a clock.

The session sends what is due without anyone acting: its ``seat`` message (with its
hash-chain commitment) once the genesis is known, its ``reveal`` whenever the engine asks
for chance, its unrest ``commit`` when a war ends, and its ``open`` and ``end`` when the
game is over. Its own messages pass through the same acceptance check as everyone
else's before they are queued. Incoming messages that arrive early (a gap in their
author's seq, made at a position not reached yet, or a decision made after commitments
not received yet) are held and retried.

:meth:`Session.waiting_for` says whom the game waits for and since when, and
:meth:`Session.clocks` every seat's game clock (:mod:`net.core.clocks`: a turn counts across
undos, a bank across turns); :meth:`Session.drop_overdue` votes, once per position, to
drop the seats past either bound.
What this seat may see (:meth:`Session.view`, :attr:`Session.log`) never shows another
seat's unrest before the openings are in.

Persistence is the business of the :class:`~net.core.journal.Journal` the session is
given (``journal=``; none: nothing is kept): it gets every accepted message before the
message is applied, is synced before a message this peer signed leaves, and keeps the
evidence against authors. :func:`net.store.resume_session` builds a session from a log.
"""

from __future__ import annotations

import secrets as _secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules import Choice, State, event_dicts, legal, outcome, view
from net.core.beacon import DEFAULT_CHAIN_LENGTH, SECRET_BYTES, HashChain
from net.core.clocks import Clock, SeatClocks
from net.core.envelope import UNSIGNED_KINDS, Envelope, build, parse
from net.core.genesis import DEFAULT_BANK_MS, DEFAULT_INCREMENT_MS, DEFAULT_TIMEOUT_MS, Genesis, SeatInfo
from net.core.identity import Identity
from net.core.journal import Journal
from net.core.reasons import Reject
from net.core.referee import Referee
from net.core.transcript import Accepted, Rejected, Result, Transcript
from net.core.unrest import commitment, derive_salt

HOLD = frozenset({"out_of_order", "future_at", "no_genesis", "commit_missing", "drop_pending"})
# Own messages that may leave before their fsync (the end of the batch brings it): a
# reveal's bytes are fixed by the transcript and the chain secret (net.core.envelope), so a
# peer that loses it in a crash makes the very same one again. Any other message could
# come out different after a restart (a person decides again), so it is on disk before
# anyone sees it, lest a restarted peer equivocate.
REMADE_ALIKE = frozenset({"reveal"})
# Unsigned messages (reveals) held at once per author, at most: anyone can make copies of
# a reveal with other fields, so they must not fill the room kept for early messages.
MAX_HELD_UNSIGNED = 8
# Signed messages held at once per author, at most, and how far past the author's next seq
# one may lie to be held at all: a peer catching up, or messages crossing on two links, are
# a few messages ahead; anything further comes back by catch-up once the gap is filled.
MAX_HELD_SIGNED = 16
SEQ_WINDOW = 32
# Messages held before the genesis (their keys cannot be checked yet), at most.
MAX_HELD_EARLY = 64


@dataclass(slots=True)
class _Hold:
    """A held message: its envelope, why it waits, and whether its signature passed."""

    env: Envelope
    code: str
    verified: bool


@dataclass(frozen=True, slots=True)
class Held:
    """An incoming message kept for later: it may be accepted once earlier ones arrive."""

    code: str
    text: str
    ok = False


@dataclass(frozen=True, slots=True)
class Moved:
    """The game moved to a new position (for a front end that shows each, see
    :meth:`Session.follow`): the state there (a copy), the events of the move as this seat
    may see them, and the accepted message that moved it."""

    state: State
    events: list[dict[str, Any]]
    entry: Any  # net.core.transcript.Entry


@dataclass(frozen=True, slots=True)
class Waiting:
    seat: int
    power: str
    name: str
    what: str  # seat, reveal, choice, open or end
    since: int  # when the table began waiting for the seat (its turn, across undos)
    overdue: bool  # past the drop timeout in this turn, or its game clock's bank spent
    bank: int | None = None  # what is left of its bank (None: the game has no game clock)


class Session:
    """One peer of one game (see the module docstring)."""

    def __init__(self, identity: Identity, *, secret: bytes | None = None, transcript: Transcript | None = None,
                 journal: Journal | None = None, now: int = 0, max_held: int = 1024) -> None:
        self.me = identity
        self.secret = secret if secret is not None else _secrets.token_bytes(SECRET_BYTES)
        if len(self.secret) != SECRET_BYTES:
            raise ValueError(f"a chain secret is {SECRET_BYTES} bytes")
        self.transcript = transcript if transcript is not None else Transcript()
        self.journal = journal  # where accepted messages and evidence are kept (net.core.journal)
        if journal is not None:
            self.transcript.attach_sink(journal.append)
        self.max_held = max_held
        self.log: list[dict[str, Any]] = []
        self._out: list[bytes] = []
        self.on_sent: Callable[[], object] | None = None  # called as each own message is ready to leave
        self.send_early: Callable[[bytes], object] | None = None  # an own message, on disk, before it is applied
        # early messages, by author and then by their bytes (see _hold)
        self._held: dict[str, dict[bytes, _Hold]] = {}
        self._held_count = 0
        self._evidence_kept: set[tuple[str, int]] = set()
        self._judged: dict[tuple[tuple[int, ...], int], bool] = {}  # (vote's seats, position) -> early
        self._chain: HashChain | None = None
        self._clocks: SeatClocks | None = None  # made with the referee (see _clocks_at)
        self._hidden_events: list[dict[str, Any]] = []
        self._following = False
        self._moves: list[Moved] = []  # released to moves()
        self._moves_held: list[Moved] = []  # held with the events while the openings are not all in
        # what was worked out for the transcript at a length (a loop asks every few ms;
        # the answers change only when a message is accepted)
        self._held_tried = -1  # length at which the held messages were last retried
        self._idle_at = -1  # length at which nothing was due
        self._turn: tuple[int, bool, list[Choice]] = (-1, False, [])

    # ------------------------------------------------------------------ who and what
    @property
    def referee(self) -> Referee | None:
        return self.transcript.referee

    @property
    def seat(self) -> int:
        """This peer's seat, or -1 (spectator, or no genesis yet)."""
        return self.transcript.seat_of(self.me.public_hex)

    @property
    def state(self) -> State | None:
        """The engine state (all of it: show :meth:`view` to people)."""
        return self.transcript.state

    def my_turn(self) -> bool:
        return self._turn_now()[1]

    def legal(self) -> list[Choice]:
        """This seat's choices now (a new list each call; empty when it is not its turn)."""
        turn, options = self._turn_now()[1:]
        if turn and not options:
            t = self.referee
            assert t is not None
            options = legal(t.st, self.seat)
            self._turn = (self._turn[0], True, options)
        return list(options)

    def _turn_now(self) -> tuple[int, bool, list[Choice]]:
        n = len(self.transcript.entries)
        if self._turn[0] != n:
            t, seat = self.referee, self.seat
            mine = (t is not None and seat >= 0 and t.active(seat) and t.decision_seat() == seat
                    and not t.drop_pending(seat))  # its choice would wait for the drop's outcome
            self._turn = (n, mine, [])
        return self._turn

    def _revealed(self) -> bool:
        t = self.referee
        return t is not None and (not t.over or all(s in t.opened for s in range(t.n) if t.active(s)))

    def view(self) -> dict[str, Any]:
        """What this seat may see (a spectator sees no one's unrest until the openings)."""
        t = self.referee
        if t is None:
            return {}
        seat = self.seat if self.seat >= 0 else None
        data = view(t.st, seat)
        if t.over and not self._revealed():
            data["unrest"] = [t.st.unrest[s] if s == seat else None for s in range(t.n)]
            data["final"] = {}
        return data

    def outcome(self) -> dict[str, Any] | None:
        t = self.referee
        return outcome(t.st) if t is not None and self._revealed() else None

    def waiting_for(self, now: int) -> list[Waiting]:
        """Seats the game waits for, what for, since when, and whether past the timeout."""
        t, g = self.referee, self.transcript.genesis
        if t is None or g is None:
            return []
        c = self._clocks_at(now)
        return [Waiting(s, g.seats[s].power, g.seats[s].name, what, c.since(s, now), c.overdue(s, now), c.bank(s, now))
                for s, what in t.awaited()]

    def clocks(self, now: int) -> list[Clock]:
        """Every seat's game clock on this peer's clock (empty before the genesis)."""
        return self._clocks_at(now).clocks(now) if self.referee is not None else []

    def _clocks_at(self, now: int) -> SeatClocks:
        if self._clocks is None:
            t = self.referee
            assert t is not None
            self._clocks = SeatClocks(t.g, now, t.awaited())  # (a resumed peer: restore_clocks may go on from its file)
        return self._clocks

    def clock_snapshot(self, now: int) -> dict[str, Any] | None:
        """The game clocks now, with the position, for a restarted process (:meth:`restore_clocks`)."""
        t = self.referee
        return {"position": self.transcript.position, **self._clocks_at(now).snapshot(now)} if t and t.started else None

    def restore_clocks(self, snap: Any, now: int) -> bool:
        """Go on counting from an earlier process's :meth:`clock_snapshot` (False, the clocks
        full, when it is not one: :meth:`net.core.clocks.SeatClocks.restore`)."""
        t = self.referee
        clocks = SeatClocks(t.g, now, t.awaited()) if t is not None and t.started else None
        if clocks is None or not isinstance(snap, dict) or not clocks.restore(
                snap, now, snap.get("position") == self.transcript.position):
            return False
        self._clocks = clocks
        return True

    def outgoing(self) -> list[bytes]:
        """The envelopes to send to every peer (and forget)."""
        out, self._out = self._out, []
        return out

    # ------------------------------------------------------------------ actions
    def create(self, seats: Sequence[SeatInfo], *, now: int, game_id: str | None = None, ruleset: str = "standard",
               chain_length: int = DEFAULT_CHAIN_LENGTH, timeout_ms: int = DEFAULT_TIMEOUT_MS,
               drop_bot: str = "greedy", bank_ms: int = DEFAULT_BANK_MS,
               increment_ms: int = DEFAULT_INCREMENT_MS) -> Result:
        """Sign the genesis of a new game (this peer is its creator)."""
        gid = game_id or _secrets.token_hex(16)
        body = Genesis(gid, tuple(seats), ruleset, (), chain_length=chain_length, timeout_ms=timeout_ms,
                       drop_bot=drop_bot, bank_ms=bank_ms, increment_ms=increment_ms).body()
        return self._act("genesis", body, now, game=gid)

    def incoming(self, raw: bytes, now: int, parsed: Envelope | None = None) -> Result | Held:
        """Offer one received envelope (``parsed``: :func:`~net.core.envelope.parse` of it, if the
        caller has it); already-known messages come back as ``duplicate``."""
        t = self.transcript
        if parsed is None or parsed.raw is not raw:
            try:
                parsed = parse(raw)
            except Reject as r:
                return Rejected(r.code, r.text)
        if t.genesis is not None and t.seat_of(parsed.author) >= 0:
            nxt = t.last_of(parsed.author)[0]
            if parsed.seq > nxt + SEQ_WINDOW:  # refused before its signature costs anything
                return Rejected("out_of_order", f"seq {parsed.seq} is more than {SEQ_WINDOW} past the author's "
                                                f"next ({nxt}): it comes back by catch-up", parsed.id)
            if parsed.seq >= nxt and raw in self._held.get(parsed.author, {}):
                return Held("duplicate", "held already")
        res = t.offer(raw, parsed=parsed)
        if isinstance(res, Rejected):
            self._keep_evidence()
            if res.code in HOLD and self._hold(parsed, res.code):
                if res.code in ("drop_pending", "future_at"):  # this peer may have a promise to make
                    self._idle_at = -1
                    self._settle(now)
                return Held(res.code, res.text)
        if isinstance(res, Accepted):
            self._keep_evidence()
            self._note(res, now)
            n = len(t.entries)
            if (self._idle_at == n - 1 and not res.changed and parsed.kind in UNSIGNED_KINDS
                    and not self._held_count):
                # a reveal that is not the last of its chance event changes nothing this
                # peer's next message depends on (its own reveal comes through _send; one
                # brought back by catch-up after a crash was not owed either, or it would
                # have been sent): it still owes nothing
                self._idle_at = n
            self._settle(now)
        return res

    def _hold(self, env: Envelope, code: str) -> bool:
        """Keep an early message for later, within the limits: a few per author, fewer of
        the unsigned kind, and before the genesis a few in all."""
        if self._held_count >= self.max_held:
            return False
        mine = self._held.get(env.author, {})
        if env.kind in UNSIGNED_KINDS:
            if sum(1 for h in mine.values() if h.env.kind in UNSIGNED_KINDS) >= MAX_HELD_UNSIGNED:
                return False  # catch-up brings the author's own copy back later
        elif len(mine) >= MAX_HELD_SIGNED:
            return False
        if code == "no_genesis" and sum(len(h) for h in self._held.values()) >= MAX_HELD_EARLY:
            return False
        if env.raw not in mine:
            self._held_count += 1
        mine[env.raw] = _Hold(env, code, code != "no_genesis")
        self._held[env.author] = mine
        return True

    def held(self) -> int:
        """How many early messages this session holds."""
        return self._held_count

    def _clock_keeps(self, t: Referee, s: int, now: int) -> list[tuple[int, ...]]:
        """Counting votes of others that this peer's own clock does not support, which it
        promises never to join: a vote that reached it before half of the timeout
        had passed here since the position began (judged once, when first seen), or one
        whose seats' message this peer holds while its clock shows them in time."""
        out: list[tuple[int, ...]] = []
        if not t.votes:
            return out
        timeout = t.g.timeout_ms
        c = self._clocks_at(now)
        pending = {self.transcript.seat_of(a) for a, mine in self._held.items() if any(
            h.code == "drop_pending" for h in mine.values())}
        in_time = {p for p in pending if not c.overdue(p, now)}
        for key, voters in sorted(t.votes.items()):
            if not voters or s in key or s in voters or s in t.keeps.get(key, set()):
                continue
            early = self._judged.setdefault((key, t.position), any(2 * c.slack(x, now) > timeout for x in key))
            if early or in_time & set(key):
                out.append(key)
        return out

    def _withdrawals(self, t: Referee, s: int) -> list[tuple[int, ...]]:
        """This seat's own counting votes that can no longer complete: another seat that must
        vote for them has not, and has moved on to a later position (this peer holds a
        message of it made there: it took the awaited seat's late message in). The seat
        withdraws such a vote by promising to keep the seats, so that the late message they
        hold here is taken in and this peer follows the others."""
        out: list[tuple[int, ...]] = []
        if not t.votes:
            return out
        pos = self.transcript.position
        ahead = {self.transcript.seat_of(a) for a, mine in self._held.items()
                 if any(h.env.at > pos for h in mine.values())}
        for key, voters in sorted(t.votes.items()):
            if s not in voters or t.keeps.get(key) or s in t.keep_log.get((key, pos), set()):
                continue
            if any(o >= 0 and t.active(o) and o not in key and o not in voters for o in ahead):
                out.append(key)
        return out

    def _keep_evidence(self) -> None:
        """Hand new proofs against authors (equivocations, signed messages naming another
        state) to the journal, once each."""
        t = self.transcript
        for proof in t.equivocations:
            key = ("eq:" + proof.author, proof.seq)
            if key not in self._evidence_kept:
                self._evidence_kept.add(key)
                if self.journal is not None:
                    self.journal.append_evidence(proof.first, proof.second)
        for (author, seq), m in t.mismatches.items():
            if (author, seq) not in self._evidence_kept:
                self._evidence_kept.add((author, seq))
                if self.journal is not None:
                    self.journal.append_mismatch(m.raw)

    def out_of_step(self) -> bool:
        """Whether this peer, rather than the authors, is wrong about the game: more than
        half of the other seats still played by people have signed states for positions
        that differ from this peer's, and none of them has other evidence against it (a
        proof of equivocation not made of such a message). One author, or a minority,
        naming another state is evidence against that author, never a reason to stop."""
        t, table = self.transcript, self.referee
        if table is None:
            return False
        others = [s for s in range(table.n) if table.active(s) and s != self.seat]
        doubted = {p.author for p in t.equivocations if (p.author, p.seq) not in t.mismatches}
        against = {t.seat_of(m.author) for m in t.mismatches.values() if m.author not in doubted}
        return bool(others) and 2 * len(against & set(others)) > len(others)

    def submit(self, choice: Choice | Sequence[str | int], now: int) -> Result:
        """Send this seat's decision (one of :meth:`legal`)."""
        c = choice if isinstance(choice, Choice) else Choice.from_wire(list(choice))
        return self._act("choice", {"choice": c.wire()}, now)

    def undo(self, now: int) -> Result:
        """Take back this seat's last choice (within its turn, never past chance)."""
        t = self.referee
        target = t.undo_stack[-1][1] if t is not None and t.undo_stack else ""
        return self._act("undo", {"target": target}, now)

    def resign(self, now: int) -> Result:
        """Give this seat to the bot (on this seat's decision)."""
        return self._act("resign", {}, now)

    def drop_overdue(self, now: int) -> Result | None:
        """Vote to drop every other seat the game has waited for past the timeout of its
        turn or past its bank: once per position and set of seats, and only a vote that can
        count (for a minority of the seats still played by people)."""
        t = self.referee
        s = self.seat
        if t is None or s < 0 or not t.active(s):
            return None
        c = self._clocks_at(now)
        if not any(w != s and c.overdue(w, now) for w in c.waited_for()):
            return None  # (most messages) no seat is overdue on the clocks, which follow awaited()
        late = tuple(sorted(w for w, _ in t.awaited() if w != s and c.overdue(w, now)))
        if not late or 2 * len(late) >= sum(1 for x in range(t.n) if t.active(x)):
            return None  # no one is late, or the vote could not count (no majority would be left to vote)
        if s in t.vote_log.get((late, t.position), ()) or s in t.keep_log.get((late, t.position), ()):
            return None  # voted (or promised to keep) here already: one vote per position and seats
        return self._act("drop", {"seats": list(late)}, now)

    def keep_waiting(self, now: int) -> list[Result]:
        """Promise never to vote for the drops others have voted for at this position (a
        player who would rather wait): the seats' late messages, which wait while such a
        vote stands, are then taken in (:meth:`net.core.referee.Table.drop_pending`). A client
        that does not vote by itself (``Peer.auto_drop`` off) calls this when its player
        declines to drop."""
        t = self.referee
        s = self.seat
        if t is None or s < 0 or not t.active(s):
            return []
        keys = [k for k, voters in sorted(t.votes.items())
                if voters and s not in k and s not in voters and s not in t.keeps.get(k, set())]
        return [self._act("drop", {"seats": list(k), "keep": True}, now) for k in keys]

    def tick(self, now: int) -> None:
        """Send whatever is due (normally done after every call; harmless to repeat)."""
        self._settle(now)

    # ------------------------------------------------------------------ internals
    def _act(self, kind: str, body: dict[str, Any], now: int, game: str | None = None) -> Result:
        res = self._send(kind, body, now, game)
        if res.ok:
            self._settle(now)
        return res

    def _send(self, kind: str, body: dict[str, Any], now: int, game: str | None = None,
              at: int | None = None) -> Result:
        t = self.transcript
        seq, prev = t.last_of(self.me.public_hex)
        at = t.position if at is None else at
        env = build(self.me, game=game or t.game_id, seq=seq, prev=prev, kind=kind, at=at, state=t.positions[at],
                    body=body)
        early = self.send_early

        def persisted() -> None:
            if self.journal is not None and kind not in REMADE_ALIKE:
                self.journal.sync()  # on disk before it leaves (with every message before it)
            if early is not None:
                early(env.raw)  # it has passed every check: it may leave while it is applied here

        res = t.offer_own(env, persisted, remade_alike=kind in REMADE_ALIKE)
        if isinstance(res, Accepted):
            self._out.append(env.raw)
            if self.on_sent is not None:
                self.on_sent()
            self._note(res, now)
        return res

    def follow(self) -> None:
        """From now on, keep a copy of the state at each position the game moves to, with
        the move's events, for :meth:`moves` (a front end that shows every move; costs a
        copy of the state per move)."""
        self._following = True

    def moves(self) -> list[Moved]:
        """The moves since the last call (see :meth:`follow`), in order; a move that ends
        the game waits, as the log does, until everyone's unrest may be seen."""
        out, self._moves = self._moves, []
        return out

    def _note(self, res: Accepted, now: int) -> None:
        t = self.referee
        if t is not None:
            if self._clocks is None:
                self._clocks = SeatClocks(t.g, now, t.awaited())
            else:
                self._clocks.update(t.awaited(), now)
        events: list[dict[str, Any]] = []
        if res.events:
            seat = self.seat if self.seat >= 0 else None
            events = event_dicts(res.events, seat)
            self._hidden_events += events
        if self._following and res.changed and t is not None:
            self._moves_held.append(Moved(t.st.clone(), events, res.entry))
        self._release()

    def _release(self) -> None:
        """Events wait while the game is over but the openings are not all in (the engine
        tells everyone's unrest when the game ends)."""
        if (self._hidden_events or self._moves_held) and (not self.referee or not self.referee.over or self._revealed()):
            self.log += self._hidden_events
            self._hidden_events = []
            self._moves += self._moves_held
            self._moves_held = []

    def _settle(self, now: int) -> None:
        """Retry held messages and send what is due until nothing changes."""
        progress = True
        while progress:
            # what this peer owes first (its reveal leaves before the early messages are retried)
            progress = self._due(now)
            n = len(self.transcript.entries)
            # a held message can pass only once another has been accepted (or, for a vote
            # held on this peer's clock, once the timeout has passed)
            if self._held_count and self._held_tried != n:
                progress = self._retry(now) or progress
            self._held_tried = n
        self._release()

    def _retry(self, now: int) -> bool:
        """Offer again the held messages that could now pass: each author's message at its
        next seq, made at a position reached (at most a few per author), never checking a
        signature twice. Messages the transcript has left behind are forgotten."""
        t = self.transcript
        accepted = False
        for author in sorted(self._held):
            mine = self._held[author]
            nxt = t.last_of(author)[0] if t.genesis is not None else 0
            for raw, h in sorted(mine.items(), key=lambda kv: kv[1].env.seq):
                if t.genesis is not None and h.env.seq < nxt:
                    del mine[raw]  # the author's message at that seq is in: this one never will be
                    self._held_count -= 1
                    continue
                if t.genesis is not None and (h.env.seq > nxt or h.env.at > t.position):
                    continue  # cannot pass yet
                res = t.offer(raw, parsed=h.env, verified=h.verified)
                if isinstance(res, Rejected) and res.code in HOLD:
                    h.code = res.code
                    h.verified = h.verified or res.code != "no_genesis"
                    continue
                del mine[raw]
                self._held_count -= 1
                if isinstance(res, Accepted):
                    self._note(res, now)
                    accepted = True
                    nxt = t.last_of(author)[0]
                self._keep_evidence()
            if not mine:
                del self._held[author]
        return accepted

    def _due(self, now: int) -> bool:
        """Send one message that is due without a decision; True if one was sent. What is due
        depends on the transcript alone: once nothing is, nothing is until it grows."""
        n = len(self.transcript.entries)
        if self._idle_at == n:
            return False
        due = self._what_is_due(now)
        if due is None:
            self._idle_at = n
            return False
        return self._send(due[0], due[1], now, at=due[2]).ok

    def _what_is_due(self, now: int) -> tuple[str, dict[str, Any], int | None] | None:
        """What to send (kind, body and, for a promise about an earlier position, its ``at``)."""
        t = self.referee
        s = self.seat
        if t is None or s < 0 or not t.active(s) or t.closed:
            return None
        for key, at in t.keeps_due(s):  # first: seats that hold a late message wait for it
            return "drop", {"seats": list(key), "keep": True}, at
        for key in self._clock_keeps(t, s, now):  # votes this peer's clock does not support
            return "drop", {"seats": list(key), "keep": True}, None
        for key in self._withdrawals(t, s):  # its own votes that can no longer complete
            return "drop", {"seats": list(key), "keep": True}, None
        if t.drop_pending(s):
            return None  # what this seat owes would wait for the drop's outcome
        due = self._owed(t, s)
        return (*due, None) if due is not None else None

    def _owed(self, t: Referee, s: int) -> tuple[str, dict[str, Any]] | None:
        chain = self._chain_for(t)
        if not t.joined[s]:
            return "seat", {"seat": s, "chain": chain.commitment.hex(), "genesis": t.genesis_id}
        for war in t.uncommitted_wars(s):
            c = commitment(t.gid, s, war, t.war_unrest[war][s], derive_salt(self.secret, war))
            return "commit", {"war": war, "commit": c.hex()}
        r = t.chance_round()
        if r and s not in t.reveals and r <= chain.length:
            return "reveal", {"chance": t.request(), "r": r, "value": chain.reveal(r).hex()}
        if t.over and s not in t.opened:
            ops = [{"war": w, "unrest": t.war_unrest[w][s], "salt": derive_salt(self.secret, w).hex()}
                   for w in sorted(t.war_unrest)]
            return "open", {"openings": ops}
        if t.over and s not in t.ended:
            result = outcome(t.st) or {}
            return "end", {"scores": result["scores"], "winners": result["winners"]}
        return None

    def _chain_for(self, t: Referee) -> HashChain:
        if self._chain is None or self._chain.length != t.g.chain_length:
            self._chain = HashChain(self.secret, t.g.chain_length)
        return self._chain
