"""A network game's table: a peer (:class:`net.peer.Peer`) stepped in a thread of its own,
reached by the front end through queues, with the same interface as a local game's
table (:mod:`game.client.tables`), so the terminal and the window draw it the same way.

The peer thread owns the peer and its sockets: it steps it every few milliseconds, takes
the player's choices, undos and other requests from a queue, and puts back each move of
the game (a :class:`~game.client.tables.Step`, from the session's
:meth:`~net.core.session.Session.moves`) and everything the peer reports
(:mod:`net.peer.events`, the lines of the game aside, which come with the steps). What a
front end asks between steps (whose turn, whom the game waits for, whether it is over)
it reads from a snapshot the thread keeps: the front end never waits for the network and
the network never waits for a frame.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.client import trace
from game.client.fairness import Fairness, fairness_of_referee
from game.client.tables import Step
from game.client.words.lang import say
from game.client.words.peer import so_far
from game.rules import Choice, State, apply_in_place, event_dicts
from net.core.session import Moved, Waiting
from net.core.transcript import Accepted, Rejected
from net.peer import Peer
from net.peer.events import DropVoted, GameEvent, PeerEvent, SubmitRefused
from net.peer.links import Connection, Watcher, connections, watchers

STEP_MS = 10  # how long a turn of the peer thread waits for the network
SAVE_MS = 5_000  # how often the peer file is written again (the peers it knows, for a resume)
LINGER_MS = 3_000  # a game over but not closed goes on this long at close, for this peer's opening and end


@dataclass(frozen=True, slots=True)
class UndoRefused(PeerEvent):
    """This seat's undo was refused (``text``: why, as the session says it)."""

    code: str
    text: str


@dataclass(frozen=True, slots=True)
class SeatClock:
    """A seat's game clock as this peer counts it (:class:`net.core.clocks.Clock`), with the
    seat's power and player's name: what is left of its time bank in milliseconds (None:
    the game has no game clock; 0 or less: spent), whether the table waits for it now
    (``running``: its bank ticks down) and how long it has waited for it in this turn."""

    seat: int
    power: str
    name: str
    bank: int | None
    running: bool
    turn: int


@dataclass(frozen=True, slots=True)
class Stopped(PeerEvent):
    """The peer thread stopped on an error it could not handle (``error``: what it was);
    the log holds everything accepted before it."""

    error: str


class NetTable:
    """The table of ``peer`` (see the module docstring). ``human``: a person plays this
    seat through :meth:`submit` (else the peer's own decider, a computer player, does, or
    it is a spectator's). ``before_start(peer)`` runs in the peer thread at each turn until
    the game has started (the host's lobby: start it when every seat is taken). ``history``:
    the first steps reported are the moves before now (a resumed peer's), marked as history,
    then the position it is at."""

    def __init__(self, peer: Peer, *, human: bool = True, before_start: Callable[[Peer], None] | None = None,
                 history: bool = False, step_ms: int = STEP_MS) -> None:
        self.peer = peer
        self.path: Path = peer.files.log
        self.human = human
        self.before_start = before_start
        self.step_ms = step_ms
        peer.session.follow()
        # steps and what the peer reports, in the order they happened (news()); wait() and
        # notices() take one kind and keep the other aside for the other call
        self._feed: queue.Queue[Step | PeerEvent] = queue.Queue()
        self._steps_aside: list[Step] = []
        self._notices_aside: list[PeerEvent] = []
        self._in: queue.Queue[tuple[str, Any, Future[Any] | None]] = queue.Queue()
        # called in the peer thread when news comes to an empty queue (the window posts an
        # event that wakes its loop); set by the front end, None: it polls
        self.on_news: Callable[[], None] | None = None
        self._told = threading.Event()
        self._mine: dict[str, Choice] = {}  # this seat's choices by message id (for what an undo took back)
        self._held: list[Step] = []  # steps of a game over whose unrest may not be seen yet
        # the snapshot the front end reads
        self.seat = peer.session.seat
        self._my_turn = False
        self._catching_up = False
        self._can_undo = False
        self._waits: tuple[Waiting, ...] = ()
        self._clocks: tuple[SeatClock, ...] = ()
        self._rule: tuple[int, int, int] | None = None
        self._links: tuple[Connection, ...] = ()
        self._waited = 0
        self._verdict: tuple[str, list[str]] = ("fair", [])
        self._verdict_key: tuple[int, int] = (-1, -1)
        self._resigning = False
        self._steps_seen = 0  # the engine step of the last move handed out
        self._fair: Fairness | None = None
        self._fair_job: Future[Fairness] | None = None
        self._fair_key: tuple[int, int] = (-2, -2)
        self._watchers: tuple[Watcher, ...] = ()
        self.started = False
        self.over = False
        self.desynced = False
        self.ended = ""  # why the peer stopped taking part: refused, gave_up, stopped ("" while it does)
        self.error = ""
        if history:
            self._history()
        elif peer.session.referee is not None:  # a game under way: where it is now
            self._put(Step(peer.session.referee.st.clone(), [], -1))
        self._snapshot()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="soe-peer", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ interface
    def news(self, timeout: float = 0.0) -> list[Step | PeerEvent]:
        """Every step and report since the last call, in the order they happened (waiting up
        to ``timeout`` seconds for the first): for a front end that shows both as they come."""
        self._told.clear()
        out: list[Step | PeerEvent] = [*self._notices_aside, *self._steps_aside]
        self._notices_aside, self._steps_aside = [], []
        if not out and timeout > 0:
            try:
                out.append(self._feed.get(timeout=timeout))
            except queue.Empty:
                return []
        while True:
            try:
                out.append(self._feed.get_nowait())
            except queue.Empty:
                return out

    def _sort(self, items: list[Step | PeerEvent]) -> list[Step]:
        steps = [x for x in items if isinstance(x, Step)]
        self._notices_aside += [x for x in items if not isinstance(x, Step)]
        return steps

    def steps(self) -> list[Step]:
        return self._sort(self.news())

    def wait(self, timeout: float) -> list[Step]:
        return self._sort(self.news(timeout))

    def notices(self) -> list[PeerEvent]:
        """What the peer reported since the last call, in order (the game's lines aside)."""
        items = self.news()
        self._steps_aside += [x for x in items if isinstance(x, Step)]
        return [x for x in items if not isinstance(x, Step)]

    def submit(self, choice: Choice) -> None:
        self._ask(("submit", choice, None))
        trace.mark("submit", self._steps_seen)

    def undo(self) -> None:
        self._ask(("undo", None, None))

    def can_undo(self) -> bool:
        return self._can_undo

    def my_turn(self) -> bool:
        """Whether a person decides for this seat now (the peer would take a choice)."""
        return self._my_turn

    def catching_up(self) -> bool:
        """Whether the peer still waits for the first answer of the peers it dialled (a
        joiner's host, a resumed peer's table): what they hold that it lacks may yet come,
        so a front end offers no decision before it is said."""
        return self._catching_up

    def thinking(self) -> int:
        return -1

    def waiting(self) -> tuple[Waiting, ...]:
        """Whom the game waits for, what for, since when and whether overdue."""
        return self._waits

    def clocks(self) -> tuple[SeatClock, ...]:
        """Every seat's game clock, by seat (empty before the genesis): what is left of its
        bank, ticking down while the table waits for it, as of the peer thread's last turn
        (a few milliseconds ago)."""
        return self._clocks

    def clock_rule(self) -> tuple[int, int, int] | None:
        """The game's clock as its genesis sets it: each seat's bank, the increment a turn
        gives back and the drop timeout, in milliseconds (bank 0: no game clock); None
        before the genesis."""
        return self._rule

    def chat(self, text: str) -> Future[str]:
        """Send a chat line; the future holds "" when it went, else why not
        (:meth:`net.peer.Peer.chat`: say it with ``game.client.words.peer.chat_refusal``)."""
        return self.call(lambda p: p.chat(text))

    def resign(self) -> None:
        """Hand this seat to the computer player: at once on this seat's decision, else at
        its next one (a refusal is a notice)."""
        self._ask(("resign", None, None))

    def vote_drop(self) -> None:
        """Vote to hand the seats overdue past the game's timeout to the computer player."""
        self._ask(("drop", None, None))

    def keep_waiting(self) -> None:
        """Promise not to vote for the drops the others voted for (wait for the late seats)."""
        self._ask(("keep", None, None))

    def waited_ms(self) -> int:
        """How long the game has waited for the seats it waits for (milliseconds)."""
        return self._waited

    def verdict(self) -> tuple[str, list[str]]:
        """The game's verdict so far: ``fair``, or ``contested`` with a sentence a reason
        (a seat dropped, and whether for withholding its reveal after every other was in;
        chance events fed by fewer than two players' chains), as ``soe verify`` would say
        of the log now."""
        return self._verdict

    def _so_far(self, t: Any) -> tuple[str, list[str]]:
        seats = t.g.seats
        drops = [(seats[s].power, seats[s].name, tuple(d.withheld), d.after_reveals, d.chance)
                 for d in t.drops for s in d.seats]
        return so_far(drops, sum(1 for c in t.chances if not c.witnessed))

    def fairness(self) -> Fairness | None:
        """The game's chance events and drops so far (:mod:`game.client.fairness`), for the
        fairness panel: worked out in a worker from a copy of the referee's record (the peer
        thread only copies it), the last one ready given meanwhile (None before the first)."""
        if self._fair_job is None or self._fair_job.done():
            if self._fair_job is not None and self._fair_job.exception() is None:
                self._fair = self._fair_job.result()
            if self._fair_key != self._verdict_key or self._fair is None:
                self._fair_key = self._verdict_key
                snap = self.call(_record)
                self._fair_job = Future()
                threading.Thread(target=_work_out, args=(snap, self._fair_job), name="soe-fairness",
                                 daemon=True).start()
                if self._fair is None:  # the first: wait for it (a copy, then a replay of the game)
                    try:
                        self._fair = self._fair_job.result(timeout=5)
                    except Exception:  # noqa: BLE001 - the panel says what it has
                        return None
        return self._fair

    def connections(self) -> tuple[Connection, ...]:
        """Every seat as this peer hears it: direct, through others, silent (and since when)."""
        return self._links

    def watchers(self) -> tuple[Watcher, ...]:
        """The spectators connected to this peer."""
        return self._watchers

    def call(self, fn: Callable[[Peer], Any]) -> Future[Any]:
        """Run ``fn(peer)`` in the peer thread; its result (or exception) in the future."""
        done: Future[Any] = Future()
        self._ask(("call", fn, done))
        return done

    def _ask(self, item: tuple[str, Any, Future[Any] | None]) -> None:
        """Hand the peer thread a command and wake it (its wait for the network ends)."""
        self._in.put(item)
        self.peer.node.wake()

    def _tell(self, item: Step | PeerEvent) -> None:
        """Hand the front end a step or a report, and tell it (:attr:`on_news`) when its
        queue was empty: one call per batch, however many follow."""
        self._feed.put(item)
        wake = self.on_news
        if wake is not None and not self._told.is_set():
            self._told.set()
            try:
                wake()
            except Exception:  # noqa: BLE001 - a front end's trouble: it polls all the same
                pass

    def close(self, timeout: float = 10.0) -> None:
        """Stop the peer thread, which closes the peer (its sockets, its files' lock)."""
        self._stop.set()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    # ------------------------------------------------------------------ the peer thread
    def _history(self) -> None:
        """The moves of a resumed game, replayed from its inputs (the session applied them
        before this table followed it)."""
        t = self.peer.session.referee
        if t is None:
            return
        seat = self.seat if self.seat >= 0 else None
        st = t.g.new_state()
        self._tell(Step(st.clone(), [], -1, history=True))
        for inp in t.inputs:
            events = apply_in_place(st, inp)
            self._put(Step(st.clone(), event_dicts(events, seat), getattr(inp, "seat", -1), history=True))
        self._put(Step(st.clone(), [], -1))  # where the game is now (as a local table's first step says)

    def _put(self, step: Step) -> None:
        """Hand a step to the front end, unless it shows a game over whose unrest may not be
        seen yet (held until the openings are in, as the session holds its log)."""
        self._steps_seen = step.state.steps
        trace.mark("arrived", step.state.steps)
        session = self.peer.session
        self._held.append(step)
        t = session.referee
        if t is not None and t.over and session.outcome() is None:
            return
        for s in self._held:
            self._tell(s)
        self._held = []

    def _run(self) -> None:
        peer = self.peer
        try:
            next_save = peer.clock() + SAVE_MS
            while not self._stop.is_set():
                peer.step(self.step_ms)
                if self.before_start is not None and not self._game_started():
                    self.before_start(peer)
                self._commands()
                self._resign()
                self._report()
                now = peer.clock()
                if now >= next_save:
                    next_save = now + SAVE_MS
                    peer.save_meta()
        except Exception as exc:  # noqa: BLE001 - said by the front end, never a traceback
            self.error = f"{type(exc).__name__}: {exc}"
            self.ended = "stopped"
            self._tell(Stopped(self.error))
        finally:
            self._last_out()
            try:
                peer.close()
            except Exception as exc:  # noqa: BLE001
                self.error = self.error or f"{type(exc).__name__}: {exc}"

    def _last_out(self) -> None:
        """Before the peer closes: a game whose engine is over but whose openings and ends
        are not all signed yet goes on for up to :data:`LINGER_MS`, so that this peer's own
        opening and end get out (the others would otherwise wait for them)."""
        peer = self.peer
        t = peer.session.referee
        if t is None or not t.over or peer.over or peer.desynced or self.ended:
            return
        end = peer.clock() + LINGER_MS
        try:
            while not peer.over and peer.clock() < end:
                peer.step(self.step_ms)
            peer.step(self.step_ms)
        except Exception:  # noqa: BLE001 - closing all the same
            pass

    def _game_started(self) -> bool:
        lobby = self.peer.lobby
        return lobby.started if lobby is not None else self.peer.session.referee is not None

    def _commands(self) -> None:
        peer, session = self.peer, self.peer.session
        while True:
            try:
                what, arg, done = self._in.get_nowait()
            except queue.Empty:
                return
            now = peer.clock()
            if what == "submit":
                if not (self.human and session.my_turn() and arg in session.legal()):
                    continue  # a stale choice: the position moved on
                res = session.submit(arg, now)
                peer.node.flood()
                if isinstance(res, Rejected):
                    self._tell(SubmitRefused(res.code, res.text, res.id))
                else:
                    self._mine[res.entry.env.id] = arg
            elif what == "undo":
                res = session.undo(now)
                peer.node.flood()
                if isinstance(res, Rejected):
                    self._tell(UndoRefused(res.code, res.text))
            elif what == "resign":
                self._resigning = True
            elif what == "drop":
                vote = session.drop_overdue(now)
                peer.node.flood()
                if isinstance(vote, Accepted):
                    self._tell(DropVoted(tuple(vote.entry.env.body["seats"])))
            elif what == "keep":
                session.keep_waiting(now)
                peer.node.flood()
            elif what == "call" and done is not None:
                try:
                    done.set_result(arg(peer))
                except Exception as exc:  # noqa: BLE001 - handed to the caller
                    done.set_exception(exc)

    def _resign(self) -> None:
        """Resign on this seat's decision (asked for earlier, perhaps between turns)."""
        session = self.peer.session
        if not self._resigning or not session.my_turn():
            return
        self._resigning = False
        res = session.resign(self.peer.clock())
        self.peer.node.flood()
        if isinstance(res, Rejected):
            self._tell(SubmitRefused(res.code, res.text, res.id))

    def _report(self) -> None:
        peer, session = self.peer, self.peer.session
        moves = session.moves()
        for event in peer.events():  # the moves go where their first line would
            if isinstance(event, GameEvent):
                for m in moves:
                    self._put(self._step_of(m))
                moves = []
            else:
                self._tell(event)
        for m in moves:
            self._put(self._step_of(m))
        self._snapshot()

    def _snapshot(self) -> None:
        """What the front end reads between steps (see the module docstring)."""
        peer, session = self.peer, self.peer.session
        t = session.referee
        self.seat = session.seat
        self.started = self._game_started()
        self._my_turn = self.human and session.my_turn()
        self._catching_up = peer.awaiting
        self._can_undo = (self.human and t is not None and bool(t.undo_stack)
                          and t.undo_stack[-1][0] == self.seat)
        now = peer.clock()
        self._waits = tuple(session.waiting_for(now))
        g = session.transcript.genesis
        if g is not None:
            self._rule = (g.bank_ms, g.increment_ms, g.timeout_ms)
            self._clocks = tuple(SeatClock(c.seat, g.seats[c.seat].power, g.seats[c.seat].name, c.bank, c.running,
                                           c.turn) for c in session.clocks(now))
        self._waited = now - min(w.since for w in self._waits) if self._waits else 0
        if t is not None and (len(t.drops), len(t.chances)) != self._verdict_key:
            self._verdict_key = (len(t.drops), len(t.chances))
            self._verdict = self._so_far(t)
        self._links = connections(peer, now)
        self._watchers = watchers(peer, now)
        self.over = peer.over
        self.desynced = peer.desynced
        if peer.refused is not None:
            self.ended = "refused"
        elif peer.gave_up is not None:
            self.ended = "gave_up"

    def _step_of(self, m: Moved) -> Step:
        env = m.entry.env
        actor = m.entry.seat if env.kind != "reveal" else -1
        if env.kind != "undo":
            return Step(m.state, m.events, actor)
        choice = self._mine.get(str(env.body.get("target", "")))
        events = m.events
        if m.entry.seat == self.seat and choice is not None:
            events = [*events, {"kind": "undo", "text": say("You took back your last choice."), "choice": choice.wire(),
                                "others": 0}]
        return Step(m.state, events, actor, undo=True)

    def result(self, timeout: float = 5.0) -> dict[str, Any]:
        """The peer's result (:meth:`net.peer.Peer.result`), asked of the peer thread."""
        out: dict[str, Any] = self.call(lambda p: p.result()).result(timeout)
        return out

    @property
    def state(self) -> State | None:
        """Not for front ends (they draw the steps): the engine state now, for tests."""
        t = self.peer.session.referee
        return t.st if t is not None else None


@dataclass(frozen=True)
class _Record:
    """What the fairness model reads of a referee, copied in the peer thread."""

    inputs: list[Any]
    chances: list[Any]
    drops: list[Any]
    g: Any


def _record(peer: Peer) -> _Record | None:
    t = peer.session.referee
    return None if t is None else _Record(list(t.inputs), list(t.chances), list(t.drops), t.g)


def _work_out(snap: Future[_Record | None], done: Future[Fairness]) -> None:
    try:
        record = snap.result(timeout=10)
        if record is None:
            raise ValueError("the game has not started")
        done.set_result(fairness_of_referee(record))  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001 - handed to the caller
        done.set_exception(exc)
