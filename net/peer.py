"""A running peer: a :class:`~net.core.session.Session` on a :class:`~net.mesh.Node`, with the
host's :class:`~net.core.lobby.Lobby` before the game and a decider (a bot or a person) for
this seat. The command line (``soe host``, ``join``, ``spectate``, ``resume``, ``demo``)
and, later, the desktop client drive a peer by calling :meth:`Peer.step` in their loop.

Files of a peer with a log ``FILE``: ``FILE`` (the transcript, JSON Lines, fsynced),
``FILE.secret`` (its beacon chain secret, 0600) and ``FILE.peer.json`` (game id, key
file, role, who plays the seat, the peers it knew), so ``soe resume FILE`` restarts it
after a crash. ``FILE.lock`` is held while a process uses them (:func:`net.store.lock_game`).

At the door a joiner checks its host: it sends its ``hello`` only once the invite's
address has answered with a key whose fingerprint is the invite's, and it leaves (see
:attr:`Peer.refused`) if the genesis is signed by another key, if the genesis does not
seat it (the game is full), or if the host refuses it (``BYE``: full, a key seated
already, another game). The host frees the seat of a joiner that says it leaves or is
silent for :data:`LEAVE_MS` before the start.
"""

from __future__ import annotations

import json
import os
import secrets as _secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.bots import lend
from game.rules import Choice, State, state_hash
from net.core.beacon import SECRET_BYTES
from net.core.envelope import message_id, parse
from net.core.identity import Identity, fingerprint
from net.core.lobby import REFUSALS, Invite, Lobby, hello
from net.core.reasons import Reject
from net.core.session import Held, Session
from net.core.transcript import Accepted
from net.mesh import Limits, Link, Node, monotonic_ms
from net.store import GameLock, TranscriptFile, load, lock_game, resume_session, write_private

LEAVE_MS = 5_000  # a joiner silent this long before the start has left: its seat is free again
# Received messages are fsynced once the network has been quiet this long, and at the
# latest this long after they were written (net.store): an fsync stops the loop (for
# milliseconds when other processes use the disk), and in the middle of a chance event it
# would hold up every peer waiting for this one's reveal.
QUIET_MS = 20
# a peer's loop does its chores (drop votes, the lobby, news) at least this often when
# nothing else calls for them (Peer.step)
CHORES_MS = 20
SYNC_MS = 1_000


class Decider(Protocol):
    """Chooses this seat's decisions: a bot, or a person at a prompt. ``None`` = not yet."""

    def decide(self, state: State, seat: int, options: list[Choice]) -> Choice | None: ...


@dataclass
class BotDecider:
    bot: Any

    def decide(self, state: State, seat: int, options: list[Choice]) -> Choice | None:
        choice: Choice = self.bot.choose(state, seat, options)
        return choice


class GameReplica:
    """The transport's view of a session (and of the host's lobby): implements
    :class:`net.mesh.Replica`."""

    def __init__(self, session: Session, lobby: Lobby | None = None, my_hello: bytes = b"") -> None:
        self.session = session
        self.lobby = lobby
        self.my_hello = my_hello
        # a joiner asks for its seat once it has seen the host's lobby (and so the game's
        # settings, shown to its player); never for a game whose settings are out of bounds
        self.settings_seen = False
        self.settings_refused = False
        self.frozen = False  # after a desync: take in nothing more (and so sign nothing more)
        self._flooded = 0
        self._extra: list[bytes] = []

    def _scan(self) -> None:
        """Collect the messages accepted since the last look, to flood them."""
        entries = self.session.transcript.entries
        self._extra.extend(e.env.raw for e in entries[self._flooded:])
        self._flooded = len(entries)

    def have(self) -> dict[str, int]:
        return self.session.transcript.heads()

    def missing(self, their_have: dict[str, int]) -> list[bytes]:
        out = self.session.transcript.missing_for(their_have)
        if self._asking():
            out.append(self.my_hello)
        return out

    def _asking(self) -> bool:
        return (bool(self.my_hello) and self.session.transcript.genesis is None and self.settings_seen
                and not self.settings_refused)

    def receive(self, raw: bytes, now: int) -> str:
        if self.frozen:
            return "held"
        if self.session.transcript.has(message_id(raw)):
            return "duplicate"  # what the transcript would say, without parsing: most copies of a flood
        try:
            env = parse(raw)  # once: the transcript takes the parsed envelope
        except Reject as r:
            return r.code
        if env.kind == "hello":
            if self.lobby is None:
                return "held"  # not ours to judge; only the host seats players
            code = self.lobby.offer(raw)
            return "accepted" if code in ("accepted", "duplicate") else code  # a refusal: told in a BYE
        res = self.session.incoming(raw, now, env)
        if isinstance(res, Accepted):
            return "accepted"
        if isinstance(res, Held):
            return "held"
        return res.code

    def drain(self) -> list[bytes]:
        self._scan()
        self.session.outgoing()  # own messages are transcript entries: flooded from there
        out, self._extra = self._extra, []
        if self._asking():
            out.append(self.my_hello)
        return out

    def info(self) -> dict[str, Any] | None:
        return self.lobby.info() if self.lobby is not None else None


@dataclass
class PeerFiles:
    log: Path

    @property
    def secret(self) -> Path:
        return self.log.with_name(self.log.name + ".secret")

    @property
    def meta(self) -> Path:
        return self.log.with_name(self.log.name + ".peer.json")

    @property
    def desync(self) -> Path:
        return self.log.with_name(self.log.name + ".desync.json")

    def remove(self) -> None:
        """Delete the files of a game that never started here (a failed host, a refused join)."""
        for p in (self.log, self.secret, self.meta, self.meta.with_name(self.meta.name + ".tmp")):
            try:
                p.unlink()
            except FileNotFoundError:
                pass


def check_game_files(files: PeerFiles, identity: Identity) -> None:
    """Check, reading only, that a log, its secret and its peer file belong to one game and
    to this key, before anything touches them; raises :class:`GameFilesError` saying which
    file does not belong."""
    try:
        meta = json.loads(files.meta.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise GameFilesError(f"{files.meta}: not a peer file ({exc})") from None
    game = meta.get("game") if isinstance(meta, dict) else None
    if not isinstance(game, str) or not game:
        raise GameFilesError(f"{files.meta}: not a peer file (no game id)")
    try:
        secret = files.secret.read_bytes()
    except OSError as exc:
        raise GameFilesError(f"{files.secret}: {exc.strerror}") from None
    if len(secret) != SECRET_BYTES:
        raise GameFilesError(f"{files.secret}: not a chain secret ({len(secret)} bytes, not {SECRET_BYTES})")
    me = identity.public_hex
    chain_length, seated, commitment = 0, False, ""
    for i, line in enumerate(load(files.log).messages, 1):
        try:
            env = json.loads(line)
            body = env.get("body") if isinstance(env, dict) else None
            if not isinstance(body, dict):
                raise ValueError("no body")
        except ValueError:
            raise GameFilesError(f"{files.log}: line {i} is not a message of a game log") from None
        if env.get("game") != game:
            raise GameFilesError(f"{files.log} is game {env.get('game')}, but {files.meta.name} beside it is game "
                                 f"{game}: these files are not one game's; nothing was changed")
        if i == 1 and env.get("kind") == "genesis":
            length = body.get("chain_length")
            chain_length = length if isinstance(length, int) else 0
            seated = any(isinstance(x, dict) and x.get("key") == me for x in body.get("seats", []))
            if meta.get("role") == "player" and not seated:
                raise GameFilesError(f"{files.log}: your key ({fingerprint(me)}) has no seat in this game: is it the "
                                     "key this game was played with (--key)?")
        if env.get("kind") == "seat" and env.get("author") == me:
            commitment = str(body.get("chain", ""))
            break
    if commitment and 0 < chain_length:
        from net.core.beacon import HashChain

        try:
            ours = HashChain(secret, chain_length).commitment.hex()
        except ValueError:
            ours = ""
        if ours != commitment:
            raise GameFilesError(f"{files.secret} is not the secret this seat played {files.log} with (its hash "
                                 "chain does not match the log): these files are not one game's; nothing was changed")


class Contact:
    """What the transport says of the connections a peer dialled, for people waiting for an
    answer: ZeroMQ socket monitors on the DEALERs of :attr:`Peer.node` (opened lazily,
    closed by :meth:`close` before the node closes). :meth:`diagnosis` turns the last
    events into a sentence: nothing listens there, the encryption key does not match,
    connected and waiting, or nothing heard at all."""

    def __init__(self, node: Node) -> None:
        self.node = node
        # id of a DEALER -> (the DEALER, its monitor socket, its endpoint)
        self.watching: dict[int, tuple[Any, Any, str]] = {}
        self.state: dict[str, str] = {}  # endpoint -> refused | bad_key | connected | secure
        self._made = 0

    @property
    def endpoints(self) -> list[str]:
        return sorted({e for _, _, e in self.watching.values()})

    def poll(self) -> None:
        import zmq
        from zmq.utils.monitor import recv_monitor_message

        if self.node.closed:
            return
        dialled = {id(lk.socket): lk for lk in self.node.links.values()
                   if lk.socket is not None and lk.endpoint and not lk.learned}
        for sid in [sid for sid in self.watching if sid not in dialled]:  # a DEALER the node closed
            self.watching.pop(sid)[1].close(linger=0)
        for sid, link in dialled.items():
            if sid in self.watching:
                continue
            self._made += 1
            addr = f"inproc://soe-contact-{id(self)}-{self._made}"  # never one a closed socket left bound
            sock = link.socket
            if sock is None:
                continue
            try:
                sock.monitor(addr, zmq.EVENT_ALL)
                mon = self.node.ctx.socket(zmq.PAIR)
                mon.connect(addr)
            except zmq.ZMQError:
                continue  # no diagnosis for this link; waiting works the same
            self.watching[sid] = (sock, mon, link.endpoint)
        for _, mon, endpoint in self.watching.values():
            while True:
                try:
                    event = recv_monitor_message(mon, zmq.NOBLOCK)["event"]
                except zmq.ZMQError:  # Again: nothing more
                    break
                if event == zmq.EVENT_CONNECT_RETRIED and self.state.get(endpoint) != "bad_key":
                    self.state[endpoint] = "refused"
                elif event == zmq.EVENT_CONNECTED and self.state.get(endpoint) != "bad_key":
                    self.state[endpoint] = "connected"
                elif event in (zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL, zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL,
                               zmq.EVENT_HANDSHAKE_FAILED_AUTH):
                    self.state[endpoint] = "bad_key"
                elif event == zmq.EVENT_HANDSHAKE_SUCCEEDED:
                    self.state[endpoint] = "secure"

    def diagnosis(self, endpoint: str) -> str:
        where = endpoint.removeprefix("tcp://")
        return {
            "refused": f"nothing listens at {where} (connection refused)",
            "bad_key": f"{where} answers, but the encryption handshake fails: its key is not the invite's curve key "
                       "(an invite of another game, or a damaged one)",
            "connected": f"connected to {where}, but it has not answered yet",
            "secure": f"connected to {where}, but it has not answered yet",
        }.get(self.state.get(endpoint, ""), f"no answer from {where} at all (a wrong address, or a firewall in the "
                                              "way)")

    def close(self) -> None:
        import zmq

        for sock, mon, _ in self.watching.values():
            if not sock.closed:
                try:
                    sock.disable_monitor()
                except zmq.ZMQError:
                    pass
            mon.close(linger=0)
        self.watching.clear()


class GameFilesError(ValueError):
    """A game's files that do not belong together (see :func:`check_game_files`)."""


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
    auto_drop: bool = True
    say: Callable[[str], None] = print
    clock: Callable[[], int] = monotonic_ms
    desynced: bool = False
    info: dict[str, Any] = field(default_factory=dict)
    lock: GameLock | None = None
    store: TranscriptFile | None = None  # the session's journal: this peer's log
    bot: str = ""  # who plays this seat ("" for a person) and its seed, remembered for soe resume
    bot_seed: int = 0
    refused: tuple[str, str] | None = None  # (code, reason) when this joiner may not play here
    expect_fp: str = ""  # the invite's fingerprint of the host's key
    host_endpoint: str = ""
    _hello: bytes = b""  # held back until the host's key is checked
    hello_as: tuple[str, str] | None = None  # a joiner's (name, power), so a resume before the start asks again
    _seen: dict[str, int] = field(default_factory=dict)  # host: joiner key -> last heard before the start
    _drops_told: int = 0
    _seat_told: str = ""
    contact: Contact | None = None  # watch_contact(): connection diagnoses for people
    _printed: int = 0
    _asked: int = -1
    _saved_version: int = -1
    _dirty_since: int = -1  # when sync() first saw lines written but not yet fsynced
    _heard: tuple[int, int] = (0, 0)  # (frames the node had taken in, when sync() first saw that many)
    # after the last whole turn of step(): what had happened (see _progress), and when the
    # next whole turn is due at the latest
    _stepped: tuple[tuple[int, ...], int] = ((), 0)
    _relayed: set[str] = field(default_factory=set)  # evidence sent on to the other peers

    # ------------------------------------------------------------------ building
    @classmethod
    def create(cls, identity: Identity, *, role: str, game_id: str, log: str | os.PathLike[str],
               host: str = "127.0.0.1", port: int = 0, advertise: str | None = None, curve: bool = True,
               lobby: Lobby | None = None, name: str = "player", power: str = "", secret: bytes | None = None,
               decider: Decider | None = None, key_file: str = "", limits: Limits | None = None,
               say: Callable[[str], None] = print, clock: Callable[[], int] = monotonic_ms, bot: str = "",
               bot_seed: int = 0) -> Peer:
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
            my_hello = hello(identity, game_id, name, power) if role == "player" and lobby is None else b""
            replica = GameReplica(session, lobby, my_hello)
            node = Node(replica, game_id, host=host, port=port, advertise=advertise, role=role, curve=curve,
                        limits=limits, clock=clock, author=identity.public_hex)
        except BaseException:  # e.g. the port is taken: leave no files of a game that never was
            if store is not None:
                store.close()
            files.remove()
            lock.release()
            raise
        peer = cls(identity, session, node, replica, files, role, decider, lobby, key_file, say=say, clock=clock,
                   lock=lock, bot=bot, bot_seed=bot_seed, store=store)
        if my_hello:
            peer.hello_as = (name, power)
        peer._wire()
        peer.save_meta()
        return peer

    @classmethod
    def resume(cls, identity: Identity, log: str | os.PathLike[str], *, host: str = "127.0.0.1", port: int = 0,
               advertise: str | None = None, curve: bool = True, decider: Decider | None = None,
               limits: Limits | None = None, say: Callable[[str], None] = print,
               clock: Callable[[], int] = monotonic_ms) -> Peer:
        """Restart a peer from its own files and reconnect to the peers it knew."""
        files = PeerFiles(Path(log))
        lock = lock_game(files.log)  # GameInUse: another process plays from these files
        session: Session | None = None
        try:
            check_game_files(files, identity)
            meta = json.loads(files.meta.read_text(encoding="utf-8"))
            secret = files.secret.read_bytes()
            session = resume_session(identity, files.log, secret=secret, now=clock())
            store = session.journal
            assert isinstance(store, TranscriptFile)
            replica = GameReplica(session)
            role = str(meta.get("role", "player"))
            node = Node(replica, str(meta["game"]), host=host, port=port, advertise=advertise, role=role,
                        curve=curve, limits=limits, clock=clock, author=identity.public_hex)
        except BaseException:
            if session is not None and isinstance(session.journal, TranscriptFile):
                session.journal.close()
            lock.release()
            raise
        peer = cls(identity, session, node, replica, files, role, decider, key_file=str(meta.get("key_file", "")),
                   say=say, clock=clock, lock=lock, bot=str(meta.get("bot", "")), store=store,
                   bot_seed=meta["seed"] if isinstance(meta.get("seed"), int) else 0)
        peer._printed = len(session.log)
        asked = meta.get("hello")
        if session.table is None and role == "player" and isinstance(asked, list) and len(asked) == 2:
            # a joiner resumed before the start asks for its seat again, once its host is checked
            name, power = str(asked[0]), str(asked[1])
            peer.hello_as = (name, power)
            peer._hello = hello(identity, str(meta["game"]), name, power)
            host = meta.get("host")
            if isinstance(host, list) and len(host) == 2:
                peer.host_endpoint, peer.expect_fp = str(host[0]), str(host[1])
            if not peer.expect_fp:
                peer.replica.my_hello, peer._hello = peer._hello, b""
        cut = store.repaired
        if cut is not None:
            say(f"The log ended in a partial line ({len(cut)} bytes, left by a crash): it was cut off and kept "
                f"in {store.cut_path}; the other peers hold that message too.")
        peer._wire()
        for addr, curve_key in meta.get("peers", []):
            peer.node.connect(str(addr), str(curve_key))
        return peer

    def _wire(self) -> None:
        """Let the transport call back into this peer, and group the log's fsyncs."""
        if self.store is not None:
            self.store.group = True
        self.node.on_desync = self._on_desync
        self.node.on_info = self._on_info
        self.node.on_bye = self._on_bye
        self.node.on_refuse = REFUSALS.get if self.lobby is not None else None
        # each message this peer signs leaves the moment it is on disk: a choice before the
        # reveal it makes due, a reveal before the next frame is read
        self.session.on_sent = self.node.flood
        self.session.send_early = self.node.send_own

    def save_meta(self) -> None:
        self._saved_version = self.node.peers_version
        peers = sorted(set(self.node.peers.values()) | self._seed_peers())
        data = {"game": self.node.game_id, "role": self.role, "key_file": self.key_file, "bot": self.bot,
                "seed": self.bot_seed,
                **({"hello": list(self.hello_as)} if self.hello_as else {}),
                **({"host": [self.host_endpoint, self.expect_fp]} if self.expect_fp else {}),
                "endpoint": self.node.endpoint, "peers": [list(p) for p in peers]}
        tmp = self.files.meta.with_name(self.files.meta.name + ".tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(tmp, self.files.meta)

    def _seed_peers(self) -> set[tuple[str, str]]:
        return {(lk.endpoint, lk.curve) for lk in self.node.links.values() if lk.endpoint}

    def connect(self, invite: Invite) -> None:
        """Call the host of an invite; a joiner's hello waits until the host's key is checked."""
        self.expect_fp = invite.fingerprint
        self.host_endpoint = invite.endpoint
        if self.replica.my_hello:
            self._hello, self.replica.my_hello = self.replica.my_hello, b""
        self.node.connect(invite.endpoint, invite.curve)
        meta = json.loads(self.files.meta.read_text(encoding="utf-8"))
        meta["peers"] = sorted({tuple(p) for p in meta.get("peers", [])} | {(invite.endpoint, invite.curve)})
        meta["host"] = [self.host_endpoint, self.expect_fp]
        self.files.meta.write_text(json.dumps(meta, indent=1, sort_keys=True), encoding="utf-8")

    # ------------------------------------------------------------------ running
    @property
    def table(self) -> Any:
        return self.session.table

    @property
    def over(self) -> bool:
        t = self.session.table
        return t is not None and bool(t.closed)

    def start_game(self, *, timeout_ms: int, drop_bot: str = "greedy", chain_length: int | None = None) -> bool:
        """The host signs the genesis: the lobby's seats, bots in the free ones."""
        if self.lobby is None or self.lobby.started:
            return False
        kwargs: dict[str, Any] = {"timeout_ms": timeout_ms, "drop_bot": drop_bot, "game_id": self.node.game_id}
        if chain_length is not None:
            kwargs["chain_length"] = chain_length
        res = self.session.create(self.lobby.seat_infos(), now=self.clock(), **kwargs)
        if not res.ok:
            raise RuntimeError(f"the genesis was refused: {res}")
        self.lobby.started = True
        self.say("The game starts: " + ", ".join(f"{s.name or 'a computer player'} plays {self._power_name(s.power)}"
                                                 for s in self.lobby.seats))
        return True

    def step(self, timeout_ms: int = 20) -> None:
        """One turn of the loop: network in and out, decisions due, drops due, news printed.
        A turn in which nothing the rest depends on happened (:meth:`_progress`) and it is
        not this seat's decision does the rest only every :data:`CHORES_MS` (the timeout's
        votes, the lobby, news): a peer woken by a frame that changed none of it (a reveal
        that does not end its chance event, a heartbeat) goes back to sleep at once, which
        leaves the processor to the peers that have work. (What a received message makes
        due, this peer's reveal among it, the session sends as it takes the message in.)"""
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
        self._door(now)
        if self.refused is not None:
            return
        self.session.tick(now)
        if self.decider is not None and self.session.my_turn():
            options = self.session.legal()
            t = self.session.table
            st = t.st if t is not None else None
            if options and st is not None:
                if isinstance(self.decider, BotDecider) and t is not None:
                    lend(self.decider.bot, t.ledger)  # what the public events say of the others' unrest
                choice = self.decider.decide(st, self.session.seat, options)
                if choice is not None:
                    res = self.session.submit(choice, now)
                    self.node.flood()  # at once: the rest of the step need not delay it
                    if not res.ok:
                        self.say(f"refused: {res}")
        if self.auto_drop:
            vote = self.session.drop_overdue(now)
            if vote is not None and vote.ok:
                self.say("voted to drop the seats that kept the game waiting too long")
        self.node.flood()
        if self.node.peers_version != self._saved_version:
            self.save_meta()  # so that a crash never leaves a resumed peer without anyone to call
        self._print_news()
        self._stepped = (progress, now + CHORES_MS)

    def _progress(self) -> tuple[int, ...]:
        """What the rest of :meth:`step` depends on. Before the game has started: every
        frame (the door checks the host, the lobby seats joiners) and every message. Once
        it has: the position (whose turn), the session's log (news to print), the peer
        list (saved for a resume) and the transcript's length once the game is over (the
        openings and ends); a drop vote, a reveal short of the last, a heartbeat change
        none of these."""
        s = self.session
        t = s.table
        if t is None or not t.started or (self.lobby is not None and not self.lobby.started):
            return (self.node.stats.frames_in, len(s.transcript.entries))
        return (s.transcript.position, len(s.log), self.node.peers_version,
                len(s.transcript.entries) if t.over else 0)

    # ------------------------------------------------------------------ the door
    def _refuse(self, code: str, reason: str) -> None:
        """This joiner may not play here: take nothing more in, decide nothing more."""
        if self.refused is None:
            self.refused = (code, reason)
            self.replica.frozen = True
            self.replica.my_hello = b""

    def _door(self, now: int) -> None:
        """Check the host (a joiner) or watch the lobby (the host) before and at the start."""
        if self.lobby is not None:
            if not self.lobby.started:
                self._watch_lobby(now)
            return
        if self.expect_fp and self._hello:
            link = self.node.links.get(("out", self.host_endpoint.encode()))
            if link is not None and link.greeted:
                theirs = fingerprint(link.peer_key) if link.peer_key else "(none)"
                if theirs != self.expect_fp:
                    self._refuse("fingerprint", f"the host's key fingerprint is {theirs}, not {self.expect_fp} as the "
                                 "invite says: not joining (compare the fingerprint with the one the host reads out)")
                    return
                self.replica.my_hello, self._hello = self._hello, b""
                self.node.flood()
        t = self.session.table
        if t is None or self.role != "player" or self._seat_told == "started":
            return
        creator = self.session.transcript.creator
        if self.expect_fp and fingerprint(creator) != self.expect_fp:
            self._refuse("fingerprint", f"the game was started by the key {fingerprint(creator)}, not by the invite's "
                         f"host {self.expect_fp}: leaving it")
        elif creator == self.identity.public_hex and self.expect_fp:
            self._refuse("key_seated", REFUSALS["key_seated"])
        elif self.session.seat < 0:
            self._refuse("full", REFUSALS["full"])
        else:
            self._seat_told = "started"
            seat = t.g.seats[self.session.seat]
            self.say(f"The game starts: you play {self._power_name(seat.power)}.")

    def _watch_lobby(self, now: int) -> None:
        """The host: free the seats of joiners gone silent, and say who joined and left."""
        assert self.lobby is not None
        heard: dict[str, int] = {}  # joiner key -> the last time a link naming it was heard
        for lk in self.node.links.values():
            if lk.peer_key and lk.greeted:
                heard[lk.peer_key] = max(heard.get(lk.peer_key, lk.last_rx), lk.last_rx)
        for key in self.lobby.joiners():
            last = max(self._seen.get(key, now), heard.get(key, 0))  # seated just now counts as heard
            self._seen[key] = last
            if now - last > LEAVE_MS:
                self.lobby.leave(key)
                self._seen.pop(key, None)
        if self.lobby.news:
            free = sum(1 for s in self.lobby.seats if not s.key)
            for line in self.lobby.news:
                self.say(line + (f"; waiting for {free} more player{'s' if free != 1 else ''}" if free else ""))
            self.lobby.news.clear()

    def _on_bye(self, link: Link, code: str, reason: str) -> None:
        if self.lobby is not None:
            if code == "leaving" and link.peer_key and not self.lobby.started:
                self.lobby.leave(link.peer_key)  # freed at once (a silent one after LEAVE_MS)
            return
        from_host = link.endpoint == self.host_endpoint and bool(self.host_endpoint)
        if code == "wrong_game" and from_host and self.session.table is None:
            self._refuse(code, f"the host at {self.host_endpoint} refused game {self.node.game_id}: it hosts another "
                         "game now (is the invite old?)")
        elif code in REFUSALS and from_host and self.role == "player" and self.session.seat < 0:
            self._refuse(code, REFUSALS[code])

    def _power_name(self, power: str) -> str:
        t = self.session.table
        if t is not None:
            from game.rules.common import board

            b = board(t.st)
            if power in b.power_by_id:
                return b.power_name(power)
        if self.lobby is not None:
            return self.lobby.power_name(power)
        return power.replace("_", " ").title()

    def sync(self, now: int | None = None) -> None:
        """fsync the messages received once no frame has come for :data:`QUIET_MS`, or
        :data:`SYNC_MS` after this was first called with them written but not yet durable
        (``now``: the peer's clock). What a crash of the machine loses of them comes back
        by catch-up; what this peer signs is on disk, with every line before it, before it
        leaves (net.core.session, net.store)."""
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

    def _print_news(self) -> None:
        log = self.session.log
        for line in log[self._printed:]:
            self.say(str(line.get("text", "")))
        self._printed = len(log)
        t = self.session.table
        if t is not None and len(t.drops) > self._drops_told:
            for d in t.drops[self._drops_told:]:
                for seat in d.seats:
                    info = t.g.seats[seat]
                    who = "this peer's seat" if seat == self.session.seat else (info.name or "a player")
                    self.say(f"{who} ({self._power_name(info.power)}) was dropped for keeping the game waiting; a "
                             f"computer player ({t.g.drop_bot}) plays {self._power_name(info.power)} now")
            self._drops_told = len(t.drops)

    def _on_info(self, info: dict[str, Any]) -> None:
        if info != self.info:
            if self.lobby is None and not self.info:
                self._show_settings(info)
            self.info = info
            seats = info.get("seats")  # any peer may send INFO: its shape is not to be trusted either
            if not info.get("started") and isinstance(seats, list):
                seats = [s for s in seats if isinstance(s, dict)]
                text = ", ".join(f"{self._power_name(str(s.get('power')))}: {s.get('name') or 'free'}" for s in seats)
                self.say(f"lobby: {text}")
                mine = fingerprint(self.identity.public_hex)
                seat = next((s for s in seats if s.get("fp") == mine), None)
                if seat is not None and self.role == "player" and self._seat_told != str(seat.get("power")):
                    self._seat_told = str(seat.get("power"))
                    free = sum(1 for s in seats if not s.get("taken"))
                    self.say(f"You have a seat: you play {self._power_name(self._seat_told)}; "
                             + (f"waiting for {free} more player{'s' if free != 1 else ''}" if free
                                else "the host starts the game"))

    def _show_settings(self, info: dict[str, Any]) -> None:
        """Tell a joiner the game's hash-chain length and drop timeout as the host's lobby
        states them (the genesis binds them; one out of bounds is refused then)."""
        from net.core.genesis import settings_problem

        self.replica.settings_seen = True
        chain, timeout = info.get("chain_length"), info.get("timeout_ms")
        if type(chain) is not int or type(timeout) is not int:
            return
        self.say(f"the host's game: a silent seat may be voted out after {timeout / 1000:g} s; "
                 f"hash chains of {chain} reveals")
        problem = settings_problem(chain, timeout)
        if problem:
            self.replica.settings_refused = True
            self.say(f"this game cannot be played: {problem}; not taking a seat")

    def _on_desync(self, raw: bytes, code: str) -> None:
        """A signed message naming another state hash for a position we hold. The session
        refused it and kept it as evidence against its author; it goes to every other peer
        (each checks it itself and keeps it too). Only when most of the table disagrees
        with this peer (:meth:`net.core.session.Session.out_of_step`) is it this peer that is
        out of step: then it stops and dumps. Stopping means deciding nothing and taking in
        nothing more, since every accepted message may make the session sign one (a
        reveal, a commitment): the log stays as it was when the difference was seen."""
        if self.desynced:
            return
        try:
            env = parse(raw)
        except Reject:
            return
        first = self.session.transcript.mismatches.get((env.author, env.seq))
        if first is not None and first.raw == raw and env.id not in self._relayed:
            self._relayed.add(env.id)
            self.node.relay(raw)
            seat = self.session.transcript.seat_of(env.author)
            g = self.session.transcript.genesis
            who = self._power_name(g.seats[seat].power) if g is not None and seat >= 0 else env.author[:16]
            self.say(f"refused a message of {who} naming another state for position {env.at}: "
                     f"kept as evidence against it")
        if not self.session.out_of_step():
            return
        positions = self.session.transcript.positions
        ours = positions[env.at] if env.at < len(positions) else ""
        self.desynced = True
        self.replica.frozen = True
        dump = {"reason": "state hashes differ", "position": env.at, "ours": ours, "theirs": env.state,
                "author": env.author, "message": raw.decode("utf-8", "replace"), "transcript": str(self.files.log),
                "state_hash_now": self.session.transcript.state_hash}
        self.files.desync.write_text(json.dumps(dump, indent=1, sort_keys=True), encoding="utf-8")
        self.say(f"DESYNC: most of the table saw state {env.state[:16]} at position {env.at} where this peer has "
                 f"{ours[:16]}; this peer stops acting. Details: {self.files.desync}")

    def result(self) -> dict[str, Any]:
        t = self.session.table
        st = t.st if t is not None else None
        return {"role": self.role, "seat": self.session.seat, "messages": len(self.session.transcript),
                "state_hash": state_hash(st) if st is not None else "", "over": self.over,
                "desync": self.desynced, "outcome": self.session.outcome()}

    def watch_contact(self) -> Contact:
        """Start watching the connections this peer dialled (see :class:`Contact`)."""
        if self.contact is None:
            self.contact = Contact(self.node)
        return self.contact

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
        if (self.lobby is None and self.role == "player" and self.session.table is None and not self.node.closed
                and self.refused is None):  # a refused joiner holds no seat (and may share a seated key)
            self.node.bye_all("leaving", "left before the start")  # the host frees the seat at once
        try:
            self.save_meta()
        finally:
            self.node.close()
            if self.store is not None:
                self.store.close()  # the log's file descriptor
            if self.lock is not None:
                self.lock.release()
