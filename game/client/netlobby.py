"""The way into a network game for a front end that must never wait for the network (the
window): hosting a table, joining one, watching one and taking one up again, each begun
in a worker thread (:class:`Job`) and then followed through its
:class:`~game.client.nettable.NetTable`, whose peer runs in a thread of its own. The
front end calls ``poll()`` once a frame and draws what these hold: the seats, what
happened, the state of the connection, in words (:mod:`game.client.words.lobby`).

- :class:`HostRoom`: :func:`~game.client.netgames.host_game` (a port, UPnP when asked, the
  LAN announcement), then the lobby: its seats, joins and leaves, a start when every seat
  is taken, after a countdown, or when the host says so;
- :class:`JoinRoom`: :func:`~game.client.netgames.join_game` or
  :func:`~game.client.netgames.watch_game`, then what the host says (its settings, the
  seats, this player's seat), or why not (no answer, refused, full);
- :class:`LanBrowser`: the games announced on the LAN, asked again every few seconds;
- :func:`resume_job`: :func:`~game.client.netgames.resume_game` in a worker.

A room ``ready()`` hands its table to the game screen (``handed``); closing a room that
never got there closes its table and removes the files of a game that never started.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.client.netgames import (
    Hosted,
    HostSettings,
    NetStartError,
    Resumed,
    host_game,
    join_game,
    resume_game,
    start_when_full,
    watch_game,
)
from game.client.nettable import NetTable, Stopped
from game.client.words.lobby import failure, refusal, window_error
from game.client.words.peer import sentence
from net.core.identity import fingerprint
from net.core.lobby import Invite, Lobby
from net.peer import Peer
from net.peer.events import (
    Connected,
    GaveUp,
    Joined,
    Left,
    LobbySeats,
    Refused,
    Seated,
    SettingsRefused,
    SettingsSeen,
    Started,
    StillTrying,
)

T = TypeVar("T")
WAIT_S = 60.0  # how long a joiner or spectator waits for the host's first answer
BROWSE_S = 1.5  # how long one look at the LAN listens
BROWSE_EVERY_S = 3.0  # the pause between two looks
IDLE_S = 10.0  # a LAN browser no screen wanted for this long stops


class Job(Generic[T]):
    """``fn()`` run in a worker thread (after ``after``, a thread to wait for first): poll
    :attr:`done`, then read :attr:`value` or :attr:`error` (a sentence: a
    :class:`~game.client.netgames.NetStartError` in the window's words, anything else
    with its reason)."""

    def __init__(self, fn: Callable[[], T], *, after: threading.Thread | None = None, name: str = "soe-start") -> None:
        self.value: T | None = None
        self.error = ""
        self.code = ""  # the NetStartError's code, when that was the failure
        self.done = False
        self._fn, self._after = fn, after
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        value: T | None = None
        try:
            if self._after is not None:
                self._after.join(30)
            value = self._fn()
        except NetStartError as exc:
            self.code, self.error = exc.code, window_error(exc.code, exc.fields)
        except Exception as exc:  # noqa: BLE001 - said on screen, never a traceback
            self.error = failure(exc)
        self.value = value
        self.done = True

    def wait(self, timeout: float) -> bool:
        self.thread.join(timeout)
        return self.done


def decider_for(bot: str, seed: int) -> Any:
    """The computer player that plays a resumed seat (``bot``: its name, "" for a person)."""
    from game.bots import make_bot
    from net.peer import BotDecider

    return BotDecider(make_bot(bot, seed)) if bot else None


def resume_job(path: Path) -> Job[Resumed]:
    """:func:`~game.client.netgames.resume_game` of the log ``path`` in a worker (a long
    game's log takes a moment to check and replay)."""
    return Job(lambda: resume_game(path, deciders=decider_for), name="soe-resume")


def resumed_table(r: Resumed) -> NetTable:
    """The table of a resumed peer: a person plays the seat unless a computer player did
    (or it is a spectator's); the game so far comes first, as history; a host resumed
    before the start seats the joiners and starts once every seat is taken."""
    return NetTable(r.peer, human=r.role == "player" and not r.bot, history=True,
                    before_start=start_when_full(r.peer))  # a host resumed before the start goes on with its lobby


class _Closer:
    """Closes what a room made, in a thread of its own (never a daemon's: the program
    waits for it at the end, so a port mapping is given back and no file is left)."""

    def __init__(self, work: Callable[[], object]) -> None:
        self.thread = threading.Thread(target=work, name="soe-close")
        self.thread.start()


# ---------------------------------------------------------------------- hosting
class HostedTable(NetTable):
    """The host's table: closing it also stops the LAN announcement and gives the UPnP
    mapping back (:meth:`Hosted.close`, in a thread of its own: the router may be slow to
    answer), which the game screen knows nothing of."""

    hosted: Hosted | None = None

    def close(self, timeout: float = 10.0) -> None:
        super().close(timeout)
        hosted, self.hosted = self.hosted, None
        if hosted is not None:
            _Closer(hosted.close)


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat of the host's lobby as the screen lists it: the power, the player's name and
    key fingerprint ("" for a free seat), and whether it is the host's own."""

    power: str
    name: str
    fingerprint: str
    you: bool


def seat_rows(lobby: Lobby, me: str) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(s.power, s.name if s.key else "", fingerprint(s.key) if s.key else "", s.key == me)
                 for s in lobby.seats)


class HostRoom:
    """A hosted game before its start (see the module docstring). ``fill_after``: seconds
    after which computer players (``drop_bot``) take the empty seats (None: never by
    itself); ``host``: what opens the table (tests)."""

    def __init__(self, settings: HostSettings, *, fill_after: float | None = None, drop_bot: str = "greedy",
                 host: Callable[[HostSettings], Hosted] = host_game) -> None:
        settings = replace(settings, drop_bot=drop_bot, fill_after_s=fill_after)  # (kept: a restarted host keeps them)
        self.settings = settings
        self.fill_after = fill_after
        self.drop_bot = drop_bot
        self.hosted: Hosted | None = None
        self.table: HostedTable | None = None
        self.seats: tuple[SeatRow, ...] = ()
        self.news: list[str] = []
        self.error = ""
        self.handed = False  # the table belongs to the game screen now
        self.opened_at = 0.0
        self._start_asked = False
        self._closed = False  # nothing more to take in
        self._left = False  # close() was called
        self.closer: _Closer | None = None
        self.job: Job[Hosted] = Job(lambda: host(settings), name="soe-host")

    def poll(self) -> None:
        """Take in what happened since the last frame."""
        if self._closed:
            return
        if self.hosted is None:
            if not self.job.done:
                return
            if self.job.value is None:
                self.error = self.job.error
                self._closed = True
                return
            h = self.hosted = self.job.value
            self.seats = seat_rows(h.lobby, h.peer.identity.public_hex)
            self.opened_at = time.monotonic()
            table = HostedTable(h.peer, human=True, before_start=self._lobby)
            table.hosted = h
            self.table = table
        assert self.table is not None
        for ev in self.table.notices():
            if isinstance(ev, Joined | Left | Started):
                self.news.append(sentence(ev))
            elif isinstance(ev, Stopped):
                self.error = failure(ev.error)

    def _lobby(self, peer: Peer) -> None:
        """In the peer thread, until the game starts: the LAN hears how many seats are free,
        the screen reads the seats, and the game starts when every seat is taken, when the
        countdown ends or when the host asked."""
        h = self.hosted
        assert h is not None
        h.tick(peer)
        self.seats = seat_rows(h.lobby, peer.identity.public_hex)
        if self._start_asked or h.lobby.full or self.remaining() == 0:
            h.start(peer, self.drop_bot)

    def start_now(self) -> None:
        """The host's Start: computer players in the empty seats (at the peer thread's next turn)."""
        self._start_asked = True

    def remaining(self) -> float | None:
        """Seconds until computer players fill the empty seats (None: no countdown)."""
        if self.fill_after is None or not self.opened_at:
            return None
        return max(0.0, self.fill_after - (time.monotonic() - self.opened_at))

    @property
    def starting(self) -> bool:
        return self._start_asked

    def ready(self) -> bool:
        """The game has started and this seat is known: the table is the game screen's."""
        t = self.table
        return t is not None and t.started and t.seat >= 0 and not self.error

    def hand_over(self) -> NetTable:
        assert self.table is not None
        self.handed = True
        return self.table

    def close(self, *, wait: bool = False) -> None:
        """Leave before the start: the table and the peer closed, the files of a game that
        never started removed, the announcement stopped and the port mapping given back
        (in a thread of its own unless ``wait``; a table still opening is closed as soon as
        it is open). Nothing when the game screen has the table."""
        if self._left or self.handed:
            return
        self._left = self._closed = True
        table, hosted, job = self.table, self.hosted, self.job
        self.table = self.hosted = None

        def work() -> None:
            nonlocal hosted
            if hosted is None:
                job.wait(120)
                hosted = job.value
                if hosted is None:
                    return
            started = table.started if table is not None else False
            if table is not None:
                table.hosted = None  # closed here, after the peer
                table.close()
            else:
                hosted.peer.close()
            hosted.close()
            if not started:
                hosted.peer.files.remove()

        if wait:
            work()
        else:
            self.closer = _Closer(work)


# ---------------------------------------------------------------------- joining and watching
@dataclass
class NetOptions:
    """Where this program listens and with which key, for joining and watching (tests:
    loopback and a key of their own), and how long it waits for an answer."""

    bind: str = "0.0.0.0"
    advertise: str | None = None
    key: str | None = None
    curve: bool = True
    wait_s: float = WAIT_S
    log: str | None = None  # where the log is written (default: in the data directory)
    port: int = 0  # where it listens (default: any free port)


@dataclass
class JoinState:
    """What a joiner (or spectator) knows: ``phase`` (``opening``, ``connecting``,
    ``trying``, ``connected``, ``seated``, ``started``, ``gave_up``, ``refused``,
    ``settings``, ``failed``, ``stopped``), the last word on it (``said``), the refusal's
    code, the game's settings as the host states them and its seats ``(power, name)``."""

    phase: str = "opening"
    said: str = ""
    refused: str = ""
    timeout_ms: int = 0
    chain_length: int = 0
    clock: tuple[int, int] | None = None  # each seat's bank and increment (None: the host's lobby does not say)
    seats: tuple[tuple[str, str], ...] = ()
    power: str = ""
    news: list[str] = field(default_factory=list)

    @property
    def over(self) -> bool:
        """Whether this attempt is over (it failed: try again, watch, or go back)."""
        return self.phase in ("gave_up", "refused", "settings", "failed", "stopped")


class JoinRoom:
    """Joining the game of ``invite`` (or watching it: ``watch``) as ``name``, asking for
    ``power`` ("" for any). ``after``: a thread to wait for first (the previous attempt's
    closing, whose files it removes)."""

    def __init__(self, invite: Invite, *, name: str, power: str = "", watch: bool = False,
                 options: NetOptions | None = None, after: threading.Thread | None = None) -> None:
        self.invite = invite
        self.name, self.power, self.watch = name, power, watch
        self.options = options or NetOptions()
        self.state = JoinState()
        self.table: NetTable | None = None
        self.handed = False
        self.closer: _Closer | None = None
        self._closed = False  # nothing more to take in
        self._left = False  # close() was called
        self.job: Job[NetTable] = Job(self._open, after=after, name="soe-join")

    def _open(self) -> NetTable:
        o = self.options
        if self.watch:
            peer = watch_game(self.invite, name=self.name, bind=o.bind, advertise=o.advertise,
                              curve=o.curve, log=o.log, port=o.port)
        else:
            peer = join_game(self.invite, name=self.name, power=self.power, key=o.key, bind=o.bind,
                             advertise=o.advertise, curve=o.curve, log=o.log, port=o.port)
        peer.await_answer(round(o.wait_s * 1000))
        return NetTable(peer, human=not self.watch)

    def poll(self) -> None:
        """Take in what happened since the last frame."""
        s = self.state
        if self._closed:
            return
        if self.table is None:
            if not self.job.done:
                return
            if self.job.value is None:
                s.phase, s.said = "failed", self.job.error
                self._closed = True
                return
            self.table = self.job.value
            s.phase = "connecting"
        for ev in self.table.notices():
            self._take(ev)
        if not s.over and self.table.started and (self.watch or self.table.seat >= 0):
            s.phase = "started"
        if s.over:
            self._finish()

    def _take(self, ev: object) -> None:
        s = self.state
        if isinstance(ev, Connected):
            if s.phase in ("connecting", "trying"):
                s.phase, s.said = "connected", ""
        elif isinstance(ev, StillTrying):
            if s.phase in ("connecting", "trying"):
                s.phase, s.said = "trying", sentence(ev)
        elif isinstance(ev, GaveUp):
            s.phase, s.said = "gave_up", sentence(ev)
        elif isinstance(ev, Refused):
            s.phase, s.refused, s.said = "refused", ev.code, refusal(ev)
        elif isinstance(ev, SettingsSeen):
            s.timeout_ms, s.chain_length = ev.timeout_ms, ev.chain_length
            s.clock = None if ev.bank_ms is None or ev.increment_ms is None else (ev.bank_ms, ev.increment_ms)
        elif isinstance(ev, SettingsRefused):
            s.phase, s.said = "settings", sentence(ev)
        elif isinstance(ev, LobbySeats):
            s.seats = ev.seats
            if s.phase in ("connecting", "trying"):
                s.phase = "connected"
        elif isinstance(ev, Seated):
            s.phase, s.power = "seated", ev.power
            s.news.append(sentence(ev))
        elif isinstance(ev, Started):
            s.power = ev.power or s.power
        elif isinstance(ev, Stopped):
            s.phase, s.said = "stopped", failure(ev.error)

    def ready(self) -> bool:
        """The game is on and this peer follows it (with a seat, unless watching)."""
        return self.state.phase == "started" and self.table is not None

    def hand_over(self) -> NetTable:
        assert self.table is not None
        self.handed = True
        return self.table

    def _finish(self) -> None:
        """The attempt failed: its table closed and its files removed, in a thread of its own."""
        self.close()

    def close(self, *, wait: bool = False) -> None:
        """Leave: the table and the peer closed and, unless the game screen has the table,
        the files of a game this peer never got into removed (a spectator's log of a game
        it saw is kept; a table still opening is closed as soon as it is open)."""
        if self._left or self.handed:
            return
        self._left = self._closed = True
        table, job = self.table, self.job
        self.table = None

        def work() -> None:
            nonlocal table
            if table is None:
                job.wait(120)
                table = job.value
                if table is None:
                    return
            keep = self.watch and table.started
            table.close()
            if not keep:
                table.peer.files.remove()

        if wait:
            work()
        else:
            self.closer = _Closer(work)


# ---------------------------------------------------------------------- the LAN
class LanBrowser:
    """The games announced on the LAN (:func:`net.discovery.browse`, or ``browse``),
    looked for again every few seconds in a thread of its own while a screen shows them
    (:meth:`want`, each frame: a browser nobody wanted for :data:`IDLE_S` stops, and
    starts again when wanted) and until :meth:`close`: ``games`` (the newest look),
    ``looks`` (how many looks are done), ``error`` (why the last look failed, "" when it
    did not)."""

    def __init__(self, browse: Callable[[float], list[Any]] | None = None, *, seconds: float = BROWSE_S,
                 every_s: float = BROWSE_EVERY_S) -> None:
        self.games: tuple[Any, ...] = ()
        self.looks = 0
        self.error = ""
        self._browse = browse
        self._seconds, self._every = seconds, every_s
        self._stop = threading.Event()
        self._wanted = time.monotonic()
        self._thread: threading.Thread | None = None
        self.want()

    def want(self) -> None:
        """A screen shows the list: go on looking (start again if it had stopped)."""
        self._wanted = time.monotonic()
        if not self._stop.is_set() and (self._thread is None or not self._thread.is_alive()):
            self._thread = threading.Thread(target=self._run, name="soe-browse", daemon=True)
            self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self) -> None:
        browse = self._browse
        if browse is None:
            try:
                from net.discovery import browse as lan_browse
            except Exception as exc:  # noqa: BLE001 - said on screen
                self.error = failure(exc)
                return
            browse = lan_browse
        while not self._stop.is_set() and time.monotonic() - self._wanted < IDLE_S:
            try:
                self.games = tuple(browse(self._seconds))
                self.error = ""
            except Exception as exc:  # noqa: BLE001 - said on screen
                self.error = failure(exc)
            self.looks += 1
            self._stop.wait(self._every)

    def close(self) -> None:
        self._stop.set()
