"""Starting a network game, for any front end: hosting one (a lobby, a peer listening on
a port, optionally a UPnP port mapping and a LAN announcement), joining one by its
invite, watching one, and taking one up again from its log. Nothing here prints: a
failure is a :class:`NetStartError` with a code and its fields, which
:func:`game.client.words.netgames.start_error` puts in words; what was done along the way
(the default port was taken, the router forwards the port or not) is said in
:class:`Hosted`'s fields.

The terminal (:mod:`game.cli.network`) and the window both stand a
:class:`~game.client.nettable.NetTable` on the peer these return.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.bots import BOT_NAMES
from game.client import folders
from net.core.genesis import DEFAULT_BANK_MS, DEFAULT_INCREMENT_MS
from net.core.identity import Identity, fingerprint
from net.core.lobby import DEFAULT_PORT, Invite, InviteError, Lobby, new_game_id
from net.peer import Peer


class NetStartError(Exception):
    """Why a network game could not be started or taken up (nothing was kept): ``code``
    and the fields its sentence needs (:func:`game.client.words.netgames.start_error`)."""

    def __init__(self, code: str, **fields: Any) -> None:
        super().__init__(code)
        self.code = code
        self.fields = fields


def lan_address() -> str:
    """This machine's address as others on the LAN see it (no packet is sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        addr = str(info[4][0])
        if not addr.startswith("127."):
            return addr
    return "127.0.0.1"


def advertised(bind: str, advertise: str | None) -> str:
    """The address other peers should use: ``advertise``, else the one bound to (this
    machine's LAN address when bound to every interface)."""
    return str(advertise or (lan_address() if bind in ("0.0.0.0", "*") else bind))


def identity_for(key: str | Path | None) -> Identity:
    """This player's key (created on first use; ``key``: another key file)."""
    from net.keyfile import KeyFileError, load_or_create

    try:
        return load_or_create(Path(key) if key else folders.key_file())
    except (KeyFileError, OSError) as exc:
        raise NetStartError("key", reason=str(exc)) from None


def default_log(game_id: str, identity: Identity, role: str = "player") -> Path:
    """``games/GAME.FINGERPRINT.jsonl`` in the data directory: one file per game and key, so a
    host and a joiner (or a spectator) on one machine never share a log."""
    tail = "" if role == "player" else f".{role}"
    return folders.network_games_dir() / f"{game_id}.{fingerprint(identity.public_hex)}{tail}.jsonl"


def new_log(log: str | Path | None, game_id: str, identity: Identity, role: str = "player") -> Path:
    """The log to write (a new file): ``log`` or one in the data directory."""
    path = Path(log) if log else default_log(game_id, identity, role)
    if path.is_dir():
        raise NetStartError("log_is_dir", log=str(path))
    if path.exists() and path.stat().st_size > 0:
        raise NetStartError("log_in_use", log=str(path))
    return path


def played_before(game_id: str, identity: Identity) -> Path | None:
    """This key's log of the game ``game_id`` where ``soe join`` keeps it, if it holds a
    game: a joiner never takes a seat again, with another secret, in a game id it has
    played (a host that signs a game id again gets no second chain from it)."""
    name = default_log(game_id, identity).name
    for d in folders.game_dirs("games"):
        path = d / name
        try:
            if path.stat().st_size > 0:
                return path
        except OSError:
            continue
    return None


def start_when_full(peer: Peer) -> Callable[[Peer], None] | None:
    """For a host resumed before the start (its lobby restored): what its table does at each
    turn until the start: sign the genesis once every seat is taken, or once the countdown
    of the host's plan ends (counted again from the restart), with the settings its lobby
    states (the timeouts, the game clock) and the computer player its plan names for the
    seats left free and dropped later. None for any other peer."""
    lobby = peer.lobby
    if lobby is None or lobby.started:
        return None
    settings = dict(lobby.settings)
    plan = dict(peer.plan)
    bot = str(plan.get("drop_bot") or "greedy")
    bot = bot if bot in BOT_NAMES else "greedy"  # (a peer file edited by hand starts the game all the same)
    fill = plan.get("fill_after_s")
    fill = fill if isinstance(fill, int | float) and not isinstance(fill, bool) and fill >= 0 else None
    begun = time.monotonic()

    def start(p: Peer) -> None:
        due = fill is not None and time.monotonic() - begun >= fill
        if (lobby.full or due) and not lobby.started:
            p.start_game(timeout_ms=settings.get("timeout_ms", 120_000), chain_length=settings.get("chain_length"),
                         drop_bot=bot, bank_ms=settings.get("bank_ms"), increment_ms=settings.get("increment_ms"))

    return start


def read_invite(text: str, browse: Callable[[float], list[Any]] | None = None) -> Invite:
    """The invite ``text`` is, or the one of the LAN game it names (``browse`` lists the
    games announced on the LAN, :func:`net.discovery.browse`)."""
    text = text.strip()
    try:
        return Invite.parse(text)
    except InviteError as exc:
        if text.startswith("soe://") or browse is None:
            raise NetStartError("bad_invite", reason=str(exc), text=text[:80]) from None
    for a in browse(2.0):
        if a.name == text or a.invite.game_id.startswith(text):
            return a.invite  # type: ignore[no-any-return]
    raise NetStartError("no_such_game", text=text[:80])


@dataclass
class HostSettings:
    """What a host chooses (see ``soe host --help``)."""

    players: int = 4
    name: str = "player"
    power: str = ""
    timeout_s: float = 120.0
    chain_length: int | None = None
    bank_ms: int = DEFAULT_BANK_MS  # the game clock: each seat's time bank (0: no game clock)
    increment_ms: int = DEFAULT_INCREMENT_MS  # and what a turn gives back (0 without a bank)
    bind: str = "0.0.0.0"
    port: int | None = None  # None: the default port, or any free one when it is taken
    advertise: str | None = None
    curve: bool = True
    key: str | None = None
    log: str | None = None
    bot: str = ""  # a computer player for the host's own seat ("" for a person)
    seed: int = 0
    upnp: bool = False
    upnp_group: tuple[str, int] | None = None  # tests: a loopback SSDP responder
    announce: bool = True
    announce_on: str | None = None
    drop_bot: str = "greedy"  # who plays the seats left free at the start, and those dropped later
    fill_after_s: float | None = None  # computer players take the free seats after this (None: wait for people)


@dataclass
class Hosted:
    """A hosted game before its start: the peer and its lobby, the invite to give
    (``invite``; ``lan_invite`` for players on this network when they differ), whether the
    default port was taken (``fell_back``), the UPnP outcome (``upnp``: ``""`` not asked,
    ``mapped`` with ``external`` and ``local_ip``, or ``failed`` with ``upnp_error``), and
    the LAN announcement (``announced``, or ``announce_error``)."""

    peer: Peer
    lobby: Lobby
    invite: Invite
    lan_invite: Invite
    settings: HostSettings
    fell_back: bool = False
    upnp: str = ""
    external: str = ""
    local_ip: str = ""
    upnp_error: str = ""
    announce_error: str = ""
    announcer: Any = None
    mapping: Any = None  # the UPnP gateway, to unmap the port at the end
    started_at: float = field(default_factory=time.monotonic)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.peer.identity.public_hex)

    def free(self) -> int:
        return sum(1 for s in self.lobby.seats if not s.key)

    def start(self, peer: Peer, drop_bot: str = "greedy") -> bool:
        """Sign the genesis (in the peer's thread): the lobby's seats, computer players
        (``drop_bot``) in the free ones."""
        s = self.settings
        done = peer.start_game(timeout_ms=int(s.timeout_s * 1000), chain_length=s.chain_length, drop_bot=drop_bot,
                               bank_ms=s.bank_ms, increment_ms=s.increment_ms)
        if self.announcer is not None:
            self.announcer.update(0, True)
        return done

    def tick(self, peer: Peer) -> None:
        """The lobby's upkeep, in the peer's thread: say on the LAN how many seats are free."""
        if self.announcer is not None:
            self.announcer.update(self.free(), False)

    def close(self) -> str:
        """Stop announcing and give the port mapping back; a word on the mapping ("" when fine)."""
        said = ""
        if self.announcer is not None:
            try:
                self.announcer.close()
            except OSError:
                pass
            self.announcer = None
        if self.mapping is not None:
            from net.upnp import UPnPError, unmap_port

            try:
                unmap_port(self.mapping, self.peer.node.port)
                said = "unmapped"
            except UPnPError as exc:
                said = str(exc)
            self.mapping = None
        return said


def host_game(s: HostSettings, decider: Any = None) -> Hosted:
    """Open a game's table: its lobby (the host in a seat), a peer listening (the default
    port, else any free one), the UPnP mapping when asked, the LAN announcement."""
    import zmq

    from game.client.words.peer import settings_problem
    from net.core.beacon import DEFAULT_CHAIN_LENGTH
    from net.store import GameInUse

    chain = s.chain_length or DEFAULT_CHAIN_LENGTH
    problem = settings_problem(chain, int(s.timeout_s * 1000), s.bank_ms, s.increment_ms)
    if problem:
        raise NetStartError("settings", problem=problem)
    ident = identity_for(s.key)
    gid = new_game_id()
    try:
        lobby = Lobby(ident, gid, s.players, host_name=s.name, host_power=s.power)
    except ValueError as exc:
        raise NetStartError("lobby", reason=str(exc)) from None
    lobby.settings = {"chain_length": chain, "timeout_ms": int(s.timeout_s * 1000), "bank_ms": s.bank_ms,
                      "increment_ms": s.increment_ms}
    log = new_log(s.log, gid, ident)
    advertise = advertised(s.bind, s.advertise)
    ports = [s.port] if s.port is not None else [DEFAULT_PORT, 0]  # a busy default: any free port
    peer: Peer | None = None
    for port in ports:
        try:
            peer = Peer.create(ident, role="player", game_id=gid, log=log, host=s.bind, port=port,
                               advertise=advertise, curve=s.curve, lobby=lobby, name=s.name, decider=decider,
                               key_file=s.key or "", bot=s.bot, bot_seed=s.seed)
            break
        except zmq.ZMQError as exc:
            if port != ports[-1]:
                continue
            raise NetStartError("port", bind=s.bind, port=port, reason=zmq.strerror(exc.errno or 0),
                                taken=exc.errno == zmq.EADDRINUSE) from None
        except GameInUse as exc:
            raise NetStartError("in_use", reason=str(exc)) from None
        except OSError as exc:
            raise NetStartError("os", reason=str(exc)) from None
    assert peer is not None
    peer.plan = {"drop_bot": s.drop_bot, "fill_after_s": s.fill_after_s}  # kept with the lobby: a restart goes on
    peer.save_meta()
    fp = fingerprint(ident.public_hex)
    lan_invite = Invite(advertise, peer.node.port, gid, fp, peer.node.curve_public)
    hosted = Hosted(peer, lobby, lan_invite, lan_invite, s, fell_back=port != ports[0])
    if s.upnp:
        _map_port(hosted)
    hosted.invite = Invite(peer.node.advertise, peer.node.port, gid, fp, peer.node.curve_public)
    if s.announce:
        try:
            from net.discovery import Announcer

            hosted.announcer = Announcer(lan_invite, f"{s.name}'s game", s.players,  # (the name older releases show)
                                         interfaces=[s.announce_on] if s.announce_on else None, host=s.name)
        except OSError as exc:
            hosted.announce_error = str(exc)
    return hosted


def _map_port(h: Hosted) -> None:
    """UPnP: ask the router to forward the port, and invite with its external address."""
    from net.upnp import SSDP_GROUP, UPnPError, discover, map_port

    peer = h.peer
    try:
        gw = discover(group=h.settings.upnp_group or SSDP_GROUP)
        external = map_port(gw, peer.node.port)
    except UPnPError as exc:
        h.upnp, h.upnp_error = "failed", str(exc)
        return
    h.upnp, h.external, h.local_ip, h.mapping = "mapped", external, gw.local_ip, gw
    if not h.settings.advertise:
        peer.node.advertise = external  # what peers tell each other to dial: the router's address
        peer.save_meta()


def join_game(invite: Invite, *, name: str, power: str = "", key: str | None = None, log: str | None = None,
              bind: str = "0.0.0.0", port: int = 0, advertise: str | None = None, curve: bool = True,
              bot: str = "", seed: int = 0, decider: Any = None) -> Peer:
    """A peer that asks for a seat in the game of ``invite`` (once the host's key is the
    invite's); its files are removed again if it never gets one."""
    from net.store import GameInUse

    ident = identity_for(key)
    path = new_log(log, invite.game_id, ident)
    earlier = played_before(invite.game_id, ident)
    if earlier is not None and earlier != path:  # (the same file: new_log said so)
        raise NetStartError("played_before", log=str(earlier))
    try:
        peer = Peer.create(ident, role="player", game_id=invite.game_id, log=path, host=bind, port=port,
                           advertise=advertised(bind, advertise), curve=curve, name=name, power=power,
                           decider=decider, key_file=key or "", bot=bot, bot_seed=seed)
    except GameInUse as exc:
        raise NetStartError("in_use" if log else "key_in_game", reason=str(exc)) from None
    except (OSError, ValueError) as exc:
        raise NetStartError("os", reason=str(exc)) from None
    except Exception as exc:  # zmq.ZMQError: the port cannot be listened on
        raise NetStartError("port", bind=bind, port=port, reason=str(exc), taken=False) from None
    peer.connect(invite)
    return peer


def watch_game(invite: Invite, *, key: str | None = None, log: str | None = None, name: str = "",
               bind: str = "0.0.0.0", port: int = 0, advertise: str | None = None, curve: bool = True) -> Peer:
    """A spectator's peer for the game of ``invite`` (a new key of its own unless ``key``)."""
    from net.store import GameInUse

    ident = identity_for(key) if key else Identity.generate()
    path = new_log(log, invite.game_id, ident, "spectator")
    try:
        peer = Peer.create(ident, role="spectator", game_id=invite.game_id, log=path, host=bind, port=port,
                           advertise=advertised(bind, advertise), curve=curve, key_file=key or "", name=name)
    except GameInUse as exc:
        raise NetStartError("in_use", reason=str(exc)) from None
    except (OSError, ValueError) as exc:
        raise NetStartError("os", reason=str(exc)) from None
    except Exception as exc:  # zmq.ZMQError
        raise NetStartError("port", bind=bind, port=port, reason=str(exc), taken=False) from None
    peer.auto_drop = False
    peer.connect(invite)
    return peer


@dataclass
class Resumed:
    """A peer taken up again from its log: the peer, its peer file's contents, who plays
    the seat (``bot``: "" for a person) and with what seed."""

    peer: Peer
    meta: dict[str, Any]
    bot: str
    seed: int

    @property
    def role(self) -> str:
        return str(self.meta.get("role", "player"))


def resume_game(path: Path, *, key: str | None = None, bind: str = "0.0.0.0", port: int | None = None,
                advertise: str | None = None, curve: bool = True, bot: str | None = None, seed: int | None = None,
                deciders: Callable[[str, int], Any] | None = None) -> Resumed:
    """Take up the network game of the log ``path`` (with ``LOG.secret`` and ``LOG.peer.json``
    beside it), listening where it listened before when it can; every file is checked to
    be one game's before anything touches them. ``bot``/``seed``: who plays the seat now
    (default: who played it); ``deciders(bot, seed)`` makes that computer player."""
    import zmq

    from game.bots import BOT_NAMES
    from net.peer import GameFilesError, PeerFiles, check_game_files
    from net.peer.files import read_meta
    from net.store import GameInUse, LogFails

    files = PeerFiles(path)
    if not path.exists():
        raise NetStartError("no_file", log=str(path))
    if not files.meta.exists() or not files.secret.exists():
        raise NetStartError("no_peer_files", log=str(path), meta=files.meta.name, secret=files.secret.name)
    try:
        meta = read_meta(files)
    except (OSError, ValueError) as exc:
        raise NetStartError("bad_peer_file", meta=str(files.meta), reason=str(exc)) from None
    ident = identity_for(key or meta.get("key_file") or None)
    try:
        check_game_files(files, ident)  # before anything touches them
    except GameFilesError as exc:
        raise NetStartError("files", reason=str(exc)) from None
    who = bot if bot is not None else str(meta.get("bot") or "")  # who played the seat plays it again
    if who and who not in BOT_NAMES:
        raise NetStartError("bad_bot", meta=str(files.meta), bot=who)
    seed_now = seed if seed is not None else (meta["seed"] if isinstance(meta.get("seed"), int) else 0)
    decider = deciders(who, seed_now) if who and deciders is not None and meta.get("role") == "player" else None
    old = _port_of(str(meta.get("endpoint", "")))  # listen where it listened: the others' links come back
    ports = [port] if port else ([old, 0] if old else [0])
    for p in ports:
        try:
            peer = Peer.resume(ident, path, host=bind, port=p, advertise=advertised(bind, advertise), curve=curve,
                               decider=decider)
            break
        except zmq.ZMQError as exc:  # the old port is taken: any free one will do
            if p == ports[-1]:
                raise NetStartError("port", bind=bind, port=p, reason=str(exc), taken=False) from None
        except GameInUse as exc:
            raise NetStartError("in_use", reason=str(exc)) from None
        except LogFails as exc:  # altered or damaged: left as it is, as evidence
            raise NetStartError("log_fails", log=str(path), name=path.name, folder=str(path.parent),
                                message=exc.index, text=exc.text) from None
        except (ValueError, OSError) as exc:
            raise NetStartError("os", reason=str(exc)) from None
    peer.bot, peer.bot_seed = who, seed_now
    return Resumed(peer, meta, who, seed_now)


def _port_of(endpoint: str) -> int:
    """The port of ``tcp://host:port`` (0 if there is none)."""
    tail = endpoint.rsplit(":", 1)[-1]
    return int(tail) if endpoint.startswith("tcp://") and tail.isdigit() else 0


def network_games() -> list[Path]:
    """The logs of network games this user played or watched (where ``soe host``, ``join``,
    ``spectate`` and the window keep them), newest first, with their peer files beside."""
    found: list[tuple[int, str, Path]] = []
    for d in folders.game_dirs("games"):
        try:
            logs = [p for p in d.glob("*.jsonl") if p.is_file()]
        except OSError:
            continue
        for p in logs:
            if p.with_name(p.name + ".peer.json").exists():
                try:
                    found.append((p.stat().st_mtime_ns, p.name, p))
                except OSError:
                    continue
    return [p for _, _, p in sorted(found, reverse=True)]
