"""A running peer: a :class:`~net.core.session.Session` on a :class:`~net.mesh.Node`, with
the host's :class:`~net.core.lobby.Lobby` before the game and a decider (a bot or a
person) for this seat. The command line (``soe host``, ``join``, ``spectate``, ``resume``)
and the desktop client drive a peer by calling :meth:`Peer.step` in their loop and read
what it has to say from :meth:`Peer.events` (:mod:`net.peer.events`).

Its files are :mod:`net.peer.files`'; what it does at the door (checking the host, the
host's lobby) is :mod:`net.peer.door`'s.
"""

from __future__ import annotations

import os
import secrets as _secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import zmq

from game.bots import lend
from game.rules import Choice, State, state_hash
from net.core.beacon import SECRET_BYTES
from net.core.chat import ChatBox
from net.core.envelope import parse
from net.core.identity import Identity, fingerprint
from net.core.lobby import Invite, Lobby
from net.core.reasons import Reject
from net.core.release import RELEASE
from net.core.session import Session
from net.core.transcript import Accepted, Rejected
from net.mesh import Limits, Node, monotonic_ms
from net.peer import door, talk
from net.peer.contact import Contact
from net.peer.desync import on_desync
from net.peer.events import (
    Awaiting,
    Connected,
    Dropped,
    DropVoted,
    GameEvent,
    GaveUp,
    LogRepaired,
    NoFiles,
    Over,
    PeerEvent,
    Refused,
    Started,
    StillTrying,
    SubmitRefused,
)
from net.peer.files import PeerFiles, check_game_files, curve_keys, read_chat, read_meta, write_meta
from net.peer.replica import GameReplica
from net.release import release as live_release
from net.store import GameLock, TranscriptFile, lock_game, resume_session, write_private

# Received messages are fsynced once the network has been quiet this long, and at the
# latest this long after they were written (net.store): an fsync stops the loop (for
# milliseconds when other processes use the disk), and in the middle of a chance event it
# would hold up every peer waiting for this one's reveal.
QUIET_MS = 20
# a peer's loop does its chores (drop votes, the lobby, events) at least this often when
# nothing else calls for them (Peer.step)
CHORES_MS = 20
SYNC_MS = 1_000
CLOCKS_SAVED_MS = 5_000  # the peer file takes the game clocks this often (net.core.clocks)
# while waiting for an answer (Peer.await_answer), what the transport says is reported
# after this long, then after twice as long each time
FIRST_WORD_MS = 2_000


class Decider(Protocol):
    """Chooses this seat's decisions: a bot, or a person at a prompt. ``None`` = not yet."""

    def decide(self, state: State, seat: int, options: list[Choice]) -> Choice | None: ...


@dataclass
class BotDecider:
    bot: Any

    def decide(self, state: State, seat: int, options: list[Choice]) -> Choice | None:
        choice: Choice = self.bot.choose(state, seat, options)
        return choice


@dataclass
class Peer:
    """One running peer (see the module docstring)."""

    identity: Identity
    session: Session
    node: Node
    replica: GameReplica
    files: PeerFiles
    role: str = "player"
    decider: Decider | None = None
    lobby: Lobby | None = None
    key_file: str = ""
    name: str = ""  # the name this peer gives (a player's seat has its own; a spectator's chat lines carry it)
    auto_drop: bool = True
    clock: Callable[[], int] = monotonic_ms
    desynced: bool = False
    info: dict[str, Any] = field(default_factory=dict)
    lock: GameLock | None = None
    store: TranscriptFile | None = None  # the session's journal: this peer's log
    bot: str = ""  # who plays this seat ("" for a person) and its seed, remembered for soe resume
    bot_seed: int = 0
    resumed: bool = False  # built by resume(): its log is kept when it leaves without a game
    refused: Refused | None = None  # when this joiner may not play here (net.peer.door)
    gave_up: GaveUp | None = None  # when no one answered in time (await_answer)
    expect_fp: str = ""  # the invite's fingerprint of the host's key
    host_endpoint: str = ""
    release: str = RELEASE  # this program's release (net.release.release()), said in a hello and an info
    # a joiner's hello (net.peer.door: said to the host alone once its key is checked), its
    # (name, power) and nonce, so a resume before the start asks again with the same hello
    my_hello: bytes = b""
    hello_as: tuple[str, str] | None = None
    nonce: str = ""
    host_checked: bool = False
    hello_at: int = -(1 << 60)  # when the hello last went to the host
    fault: Refused | None = None  # why the genesis was not taken in (net.peer.door.judge_genesis)
    info_serial: int = 0  # of the last INFO believed
    # a host's plan for the start, kept with its lobby so that a restarted host keeps it:
    # ``drop_bot`` (who takes free and dropped seats), ``fill_after_s`` (None: wait for people)
    plan: dict[str, Any] = field(default_factory=dict)
    lobby_seen: dict[str, int] = field(default_factory=dict)  # host: joiner key -> last heard before the start
    seat_told: str = ""  # a joiner: the power it was told it has, then "started"
    contact: Contact | None = None  # watch_contact(): connection diagnoses for people
    _events: list[PeerEvent] = field(default_factory=list)
    _told: int = 0  # lines of the session's log reported
    _drops_told: int = 0
    _awaiting: tuple[tuple[int, str, bool], ...] = ()  # what the last Awaiting said
    _over_told: bool = False
    _wait: tuple[int, int, int] | None = None  # await_answer(): (since, how long, when to say more)
    _saved_version: int = -1
    _clocks_saved: int = 0  # when the peer file last took the game clocks (see CLOCKS_SAVED_MS)
    _dirty_since: int = -1  # when sync() first saw lines written but not yet fsynced
    _heard: tuple[int, int] = (0, 0)  # (frames the node had taken in, when sync() first saw that many)
    # after the last whole turn of step(): what had happened (see _progress), and when the
    # next whole turn is due at the latest
    _stepped: tuple[tuple[int, ...], int] = ((), 0)
    _relayed: set[str] = field(default_factory=set)  # evidence sent on to the other peers
    _lobby_saved: int = -1  # the lobby's version last written to the peer file
    _short: tuple[set[str], int] = field(default_factory=lambda: (set(), 0))  # files not written, sockets not opened

    # ------------------------------------------------------------------ building
    @classmethod
    def create(cls, identity: Identity, *, role: str, game_id: str, log: str | os.PathLike[str],
               host: str = "127.0.0.1", port: int = 0, advertise: str | None = None, curve: bool = True,
               lobby: Lobby | None = None, name: str = "player", power: str = "", secret: bytes | None = None,
               decider: Decider | None = None, key_file: str = "", limits: Limits | None = None,
               clock: Callable[[], int] = monotonic_ms, bot: str = "", bot_seed: int = 0,
               release: str | None = None) -> Peer:
        """A new peer (``release``: this program's, by default :func:`net.release.release`)."""
        files = PeerFiles(Path(log))
        files.log.parent.mkdir(parents=True, exist_ok=True)
        lock = lock_game(files.log)  # GameInUse: another process plays from these files
        store: TranscriptFile | None = None
        try:
            with open(files.log, "wb"):
                pass  # a new game: a new log
            secret = secret if secret is not None else _secrets.token_bytes(SECRET_BYTES)
            write_private(files.secret, secret)
            store = TranscriptFile(files.log)
            session = Session(identity, secret=secret, journal=store, now=clock())
            replica = GameReplica(session, lobby)
            keys = zmq.curve_keypair() if curve and zmq.has("curve") else None
            if keys is not None:
                write_private(files.curve, keys[1])  # a resume listens with the key the invite names
            node = Node(replica, game_id, host=host, port=port, advertise=advertise, role=role, curve=curve,
                        limits=limits, clock=clock, author=identity.public_hex, curve_keys=keys)
        except BaseException:  # e.g. the port is taken: leave no files of a game that never was
            if store is not None:
                store.close()
            files.remove()
            lock.release()
            raise
        peer = cls(identity, session, node, replica, files, role, decider, lobby, key_file, clock=clock, lock=lock,
                   store=store, bot=bot, bot_seed=bot_seed, name=name if role == "player" or name != "player" else "",
                   release=release or live_release())
        replica.chat = ChatBox(game_id)
        if lobby is not None:
            lobby.release = peer.release
        elif role == "player":
            door.ask_again(peer, name, power, "")
        peer._wire()
        peer.save_meta()
        return peer

    @classmethod
    def resume(cls, identity: Identity, log: str | os.PathLike[str], *, host: str = "127.0.0.1", port: int = 0,
               advertise: str | None = None, curve: bool = True, decider: Decider | None = None,
               limits: Limits | None = None, clock: Callable[[], int] = monotonic_ms) -> Peer:
        """Restart a peer from its own files and reconnect to the peers it knew (a log cut
        short by a crash is reported as :class:`~net.peer.events.LogRepaired`)."""
        files = PeerFiles(Path(log))
        lock = lock_game(files.log)  # GameInUse: another process plays from these files
        session: Session | None = None
        try:
            check_game_files(files, identity)
            meta = read_meta(files)
            secret = files.secret.read_bytes()
            session = resume_session(identity, files.log, secret=secret, now=clock())
            store = session.journal
            assert isinstance(store, TranscriptFile)
            saved = meta.get("lobby")  # a host restarted before the start goes on with its lobby
            lobby = Lobby.from_json(identity, str(meta["game"]), saved) \
                if session.referee is None and isinstance(saved, dict) else None
            replica = GameReplica(session)
            role = str(meta.get("role", "player"))
            node = Node(replica, str(meta["game"]), host=host, port=port, advertise=advertise, role=role,
                        curve=curve, limits=limits, clock=clock, author=identity.public_hex,
                        curve_keys=curve_keys(files))
        except BaseException:
            if session is not None and isinstance(session.journal, TranscriptFile):
                session.journal.close()
            lock.release()
            raise
        peer = cls(identity, session, node, replica, files, role, decider, key_file=str(meta.get("key_file", "")),
                   clock=clock, lock=lock, store=store, bot=str(meta.get("bot", "")),
                   bot_seed=meta["seed"] if isinstance(meta.get("seed"), int) else 0, resumed=True,
                   release=live_release())
        peer._told = len(session.log)
        peer.name = str(meta.get("name", ""))
        plan = meta.get("plan")
        peer.plan = dict(plan) if lobby is not None and isinstance(plan, dict) else {}
        replica.chat = ChatBox(str(meta["game"]))
        for raw in read_chat(files.log):  # the lines it saw before: kept, not said again
            try:
                env = parse(raw)
            except Reject:
                continue
            replica.chat.restore(env, env.author == identity.public_hex)
        host_at, asked = meta.get("host"), meta.get("hello")
        if isinstance(host_at, list) and len(host_at) == 2:
            peer.host_endpoint, peer.expect_fp = str(host_at[0]), str(host_at[1])
        if lobby is not None:
            door.restore_lobby(peer, lobby, clock())
        elif session.referee is None and role == "player" and isinstance(asked, list) and len(asked) in (2, 3):
            # a joiner resumed before the start asks for its seat again, with the same hello
            door.ask_again(peer, str(asked[0]), str(asked[1]), str(asked[2]) if len(asked) == 3 else "")
        session.restore_clocks(meta.get("clocks"), clock())  # (they start full if it holds none)
        if store.repaired is not None:
            peer.emit(LogRepaired(len(store.repaired), str(store.cut_path)))
        peer._wire()
        for addr, curve_key in meta.get("peers", []):
            peer.node.connect(str(addr), str(curve_key))
        return peer

    def _wire(self) -> None:
        """Let the transport call back into this peer, and group the log's fsyncs."""
        if self.store is not None:
            self.store.group = True
        self.node.on_desync = partial(on_desync, self)
        self.node.on_info = partial(door.on_info, self)
        self.node.on_bye = partial(door.on_bye, self)
        self.node.on_refuse = self.lobby.refusal if self.lobby is not None else None
        self.replica.judge_genesis = partial(door.judge_genesis, self)
        self.replica.on_lobby_change = self._save
        # each message this peer signs leaves the moment it is on disk: a choice before the
        # reveal it makes due, a reveal before the next frame is read
        self.session.on_sent = self.node.flood
        self.session.send_early = self.node.send_own

    def save_meta(self) -> None:
        """Write the peer file (the host's lobby too, before the start: a restarted host goes on with it)."""
        self._saved_version = self.node.checked_version
        lobby = self.lobby
        self._lobby_saved = lobby.version if lobby is not None else -1
        self._clocks_saved = now = self.clock()
        clocks = None if self.over else self.session.clock_snapshot(now)
        # the peers it has checked (not the names others gave it: a made-up list would be
        # called after every resume), and those it was asked to call
        peers = sorted(set(self.node.checked_peers()) | self._seed_peers())
        write_meta(self.files, {
            "game": self.node.game_id, "role": self.role, "key_file": self.key_file, "bot": self.bot,
            "seed": self.bot_seed, **({"name": self.name} if self.name else {}),
            **({"hello": [*self.hello_as, self.nonce]} if self.hello_as else {}),
            **({"host": [self.host_endpoint, self.expect_fp]} if self.expect_fp else {}),
            **({"lobby": lobby.to_json()} if lobby is not None and not lobby.started else {}),
            **({"plan": self.plan} if self.plan and lobby is not None and not lobby.started else {}),
            **({"clocks": clocks} if clocks is not None else {}),
            "endpoint": self.node.endpoint, "peers": [list(p) for p in peers]})

    def _seed_peers(self) -> set[tuple[str, str]]:
        """The peers it was asked to call (an invite, the peers a resumed log knew)."""
        return {(lk.endpoint, lk.curve) for lk in self.node.links.values() if lk.endpoint and not lk.learned}

    def connect(self, invite: Invite) -> None:
        """Call the host of an invite; a joiner's hello waits until the host's key is checked.
        A joiner whose own key is the invite's host key is refused at once (``key_seated``:
        that key holds the host's seat), before anything could tell it of a seat."""
        self.expect_fp = invite.fingerprint
        self.host_endpoint = invite.endpoint
        if self.role == "player" and invite.fingerprint == fingerprint(self.identity.public_hex):
            door.refuse(self, Refused("key_seated"))
            return
        self.node.connect(invite.endpoint, invite.curve)
        meta = read_meta(self.files)
        meta["peers"] = sorted({tuple(p) for p in meta.get("peers", [])} | {(invite.endpoint, invite.curve)})
        meta["host"] = [self.host_endpoint, self.expect_fp]
        write_meta(self.files, meta)

    # ------------------------------------------------------------------ events
    def emit(self, event: PeerEvent) -> None:
        """Report ``event`` (see :meth:`events`)."""
        self._events.append(event)

    def events(self) -> list[PeerEvent]:
        """What happened since the last call, in order (:mod:`net.peer.events`); call it from
        the thread that steps the peer."""
        out, self._events = self._events, []
        return out

    # ------------------------------------------------------------------ running
    @property
    def referee(self) -> Any:
        return self.session.referee

    @property
    def over(self) -> bool:
        t = self.session.referee
        return t is not None and bool(t.closed)

    def start_game(self, *, timeout_ms: int, drop_bot: str = "greedy", chain_length: int | None = None,
                   bank_ms: int | None = None, increment_ms: int | None = None) -> bool:
        """The host signs the genesis: the lobby's seats, bots in the free ones, and the game
        clock (``bank_ms`` 0: none; None: the default)."""
        if self.lobby is None or self.lobby.started:
            return False
        kwargs: dict[str, Any] = {"timeout_ms": timeout_ms, "drop_bot": drop_bot, "game_id": self.node.game_id}
        if chain_length is not None:
            kwargs["chain_length"] = chain_length
        if bank_ms is not None:
            kwargs["bank_ms"] = bank_ms
            kwargs["increment_ms"] = increment_ms or 0
        res = self.session.create(self.lobby.seat_infos(), now=self.clock(), **kwargs)
        if not res.ok:
            raise RuntimeError(f"the genesis was refused: {res}")
        self.lobby.started = True
        self.save_meta()  # the lobby is the genesis's now
        mine = next((s.power for s in self.lobby.seats if s.key == self.identity.public_hex), "")
        self.emit(Started(tuple((s.name, s.power) for s in self.lobby.seats), mine, True))
        return True

    def step(self, timeout_ms: int = 20) -> None:
        """One turn of the loop: network in and out, decisions due, drops due, events
        reported. A turn in which nothing the rest depends on happened (:meth:`_progress`)
        and it is not this seat's decision does the rest only every :data:`CHORES_MS` (the
        timeout's votes, the lobby, events): a peer woken by a frame that changed none of
        it (a reveal that does not end its chance event, a heartbeat) goes back to sleep at
        once, which leaves the processor to the peers that have work. (What a received
        message makes due, this peer's reveal among it, the session sends as it takes the
        message in.)"""
        self._turn(timeout_ms)
        if self._wait is not None and self.refused is None:
            self._watch_answer(self.clock())

    def _turn(self, timeout_ms: int) -> None:
        self.node.poll(timeout_ms)
        if self.contact is not None:
            self.contact.poll()
        now = self.clock()
        self.sync(now)
        progress = self._progress()
        if (progress == self._stepped[0] and now < self._stepped[1]
                and (self.decider is None or not self.session.my_turn())):
            return
        if self.desynced or self.refused is not None:
            return
        door.check(self, now)
        if self.refused is not None:
            return
        self.session.tick(now)
        if self.decider is not None and self.session.my_turn():
            options = self.session.legal()
            t = self.session.referee
            st = t.st if t is not None else None
            if options and st is not None:
                if isinstance(self.decider, BotDecider) and t is not None:
                    lend(self.decider.bot, t.ledger)  # what the public events say of the others' unrest
                choice = self.decider.decide(st, self.session.seat, options)
                if choice is not None:
                    res = self.session.submit(choice, now)
                    self.node.flood()  # at once: the rest of the step need not delay it
                    if isinstance(res, Rejected):
                        self.emit(SubmitRefused(res.code, res.text, res.id))
        if self.auto_drop:
            vote = self.session.drop_overdue(now)
            if isinstance(vote, Accepted):
                self.emit(DropVoted(tuple(vote.entry.env.body["seats"])))
        self.node.flood()
        if self.node.checked_version != self._saved_version or (
                self.lobby is not None and self.lobby.version != self._lobby_saved) or (
                now - self._clocks_saved >= CLOCKS_SAVED_MS and self._playing()):
            # so that a crash never leaves a resumed peer without anyone to call, nor a host
            # its lobby, nor the game clocks more than a few seconds behind
            self._save()
        self._news(now)
        self._stepped = (progress, now + CHORES_MS)

    def _playing(self) -> bool:
        """Whether the game has started and is not over (its clocks run)."""
        t = self.session.referee
        return t is not None and t.started and not t.closed

    def _progress(self) -> tuple[int, ...]:
        """What the rest of :meth:`step` depends on. Before the game has started: every
        frame (the door checks the host, the lobby seats joiners) and every message. Once
        it has: the position (whose turn), the session's log (events to report), the peer
        list (saved for a resume) and the transcript's length once the game is over (the
        openings and ends); a drop vote, a reveal short of the last, a heartbeat change
        none of these."""
        s = self.session
        t = s.referee
        if t is None or not t.started or (self.lobby is not None and not self.lobby.started):
            return (self.node.stats.frames_in, len(s.transcript.entries))
        return (s.transcript.position, len(s.log), self.node.checked_version,
                len(s.transcript.entries) if t.over else 0)

    def sync(self, now: int | None = None) -> None:
        """fsync the messages received once no frame has come for :data:`QUIET_MS`, or
        :data:`SYNC_MS` after this was first called with them written but not yet durable
        (``now``: the peer's clock). What a crash of the machine loses of them comes back
        by catch-up; what this peer signs is on disk, with every line before it, before it
        leaves (net.core.journal, net.store)."""
        store = self.store
        now = self.clock() if now is None else now
        frames = self.node.stats.frames_in
        if frames != self._heard[0]:
            self._heard = (frames, now)
        if store is None or not store.dirty:
            self._dirty_since = -1
            return
        if self._dirty_since < 0:
            self._dirty_since = now
        if now - self._heard[1] >= QUIET_MS or now - self._dirty_since >= SYNC_MS:
            store.sync()
            self._dirty_since = -1

    def chat(self, text: str) -> str:
        """Send a chat line to everyone in the game: "" when it went, else why not
        (:func:`net.peer.talk.send`)."""
        return talk.send(self, text)

    def _save(self) -> None:
        """:meth:`save_meta`, said (:class:`NoFiles`) rather than raised when the system
        lets this process open no more files: tried again at the next whole turn."""
        try:
            self.save_meta()
        except OSError:
            self._saved_version = -1
            self.no_file(str(self.files.meta))
        else:
            self._short[0].discard(str(self.files.meta))

    def no_file(self, path: str) -> None:
        """Say once that ``path`` could not be written (the system let this process open no
        more files), until it is."""
        if path not in self._short[0]:
            self._short[0].add(path)
            self.emit(NoFiles(path))

    def _news(self, now: int) -> None:
        """Report the game's new lines, the drops that took effect, whom the game waits for
        (when that changes) and its end; and what could not be written or opened for want
        of file descriptors (evidence is written again until it is)."""
        talk.news(self)
        if self.store is not None and self.store.evidence_pending:
            if self.store.write_evidence():
                self._short[0].discard(str(self.store.evidence_path))
            else:
                self.no_file(str(self.store.evidence_path))
        if self.node.stats.no_files != self._short[1]:
            self._short = (self._short[0], self.node.stats.no_files)
            self.emit(NoFiles(""))
        s = self.session
        log = s.log
        if len(log) > self._told:
            self._events += [GameEvent(line) for line in log[self._told:]]
            self._told = len(log)
        t = s.referee
        if t is None:
            return
        if len(t.drops) > self._drops_told:
            for d in t.drops[self._drops_told:]:
                seats = [t.g.seats[seat] for seat in d.seats]
                self.emit(Dropped(d.seats, tuple(x.name for x in seats), tuple(x.power for x in seats), t.g.drop_bot,
                                  s.seat))
            self._drops_told = len(t.drops)
        waits = s.waiting_for(now)
        key = tuple((w.seat, w.what, w.overdue) for w in waits)
        if key != self._awaiting:
            self._awaiting = key
            self.emit(Awaiting(tuple(waits)))
        if not self._over_told and t.closed:
            self._over_told = True
            self.emit(Over(self.result(), str(self.files.log)))

    def result(self) -> dict[str, Any]:
        t = self.session.referee
        st = t.st if t is not None else None
        return {"role": self.role, "seat": self.session.seat, "messages": len(self.session.transcript),
                "state_hash": state_hash(st) if st is not None else "", "over": self.over,
                "desync": self.desynced, "outcome": self.session.outcome()}

    # ------------------------------------------------------------------ waiting for an answer
    def watch_contact(self) -> Contact:
        """Start watching the connections this peer dialled (see :class:`Contact`)."""
        if self.contact is None:
            self.contact = Contact(self.node)
        return self.contact

    def await_answer(self, wait_ms: int) -> None:
        """Wait for the peers this one dialled to answer (:meth:`answered`), from now on: its
        steps report :class:`~net.peer.events.Connected` when one does,
        :class:`~net.peer.events.StillTrying` (with what the transport says of each
        connection) after 2, 4, 8... seconds without an answer, and
        :class:`~net.peer.events.GaveUp` (also in :attr:`gave_up`) after ``wait_ms``."""
        self.watch_contact()
        now = self.clock()
        self._wait = (now, wait_ms, now + FIRST_WORD_MS)

    @property
    def awaiting(self) -> bool:
        """Whether it still waits for the first answer of the peers it dialled
        (:meth:`await_answer`: until :class:`~net.peer.events.Connected` or
        :class:`~net.peer.events.GaveUp`)."""
        return self._wait is not None

    def _watch_answer(self, now: int) -> None:
        assert self._wait is not None
        since, wait_ms, next_word = self._wait
        if self.answered() or self.over:
            if self.contact is not None:
                self.contact.close()
                self.contact = None
            self._wait = None
            self.emit(Connected())
        elif now >= next_word or now - since >= wait_ms:
            contacts = self.contact.diagnoses() if self.contact is not None else ()
            if now - since >= wait_ms:
                self._wait = None
                self.gave_up = GaveUp(wait_ms, contacts, str(self.files.log), self.resumed)
                self.emit(self.gave_up)
                return
            self.emit(StillTrying(now - since, wait_ms, contacts))
            self._wait = (since, wait_ms, since + 2 * (next_word - since))

    def answered(self) -> bool:
        """Whether a peer this one dialled has answered: the invite's host if there is one,
        else any (a resumed peer)."""
        links = [lk for lk in self.node.links.values() if lk.socket is not None and lk.greeted]
        if self.host_endpoint:
            return any(lk.endpoint == self.host_endpoint for lk in links)
        return bool(links)

    def close(self) -> None:
        if self.contact is not None:
            self.contact.close()
            self.contact = None
        if (self.lobby is None and self.role == "player" and self.session.referee is None and not self.node.closed
                and self.refused is None):  # a refused joiner holds no seat (and may share a seated key)
            door.say_leaving(self)  # a signed leave: the host frees the seat at once
        try:
            self.save_meta()
        except OSError:
            pass  # (no file descriptor left: the file keeps what it said last)
        finally:
            self.node.close()
            if self.store is not None:
                self.store.close()  # the log's file descriptor
            if self.lock is not None:
                self.lock.release()
