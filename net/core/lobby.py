"""Before the game: invites, the host's lobby of seats, and the joiners' ``hello``.

The host creates a game id and prints an invite (:class:`Invite`): one copyable string
with the host's address and port, the game id, the host's key fingerprint and its
CurveZMQ server key. A joiner connects and sends a signed ``hello`` envelope (its name and
the power it would like); the host's :class:`Lobby` gives it a seat. When the seats are
filled (or the host starts early, with bots in the empty seats), the host signs the
genesis, which binds every seat to its key; from then on the transcript decides
everything. ``hello`` messages are never part of the transcript.

The lobby refuses (and the host's transport says why, in a ``BYE``: :meth:`Lobby.refusal`)
a hello when every seat is taken or the game has started (``full``), a second seat for a
key that holds one already (``key_seated``: the host's own key, or a hello of a seated
key with another nonce: another program), and a hello of another release of the program
(``release``). Every message that changes a seat is signed by the seat's key: a joiner
gives its seat back before the start with a signed ``leave`` naming the nonce of the
hello it withdraws (:meth:`Lobby.withdraw`; a hello whose nonce was withdrawn does not
seat anyone again), or loses it by silence (:meth:`Lobby.leave`). The host states its
lobby to joiners and spectators in a signed ``info`` whose ``serial`` rises with each
change (:meth:`Lobby.signed_info`, :func:`read_info`). ``hello``, ``leave`` and ``info``
are never part of a transcript.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from game.rules.board import load_board
from net.core.encoding import is_hex
from net.core.envelope import GAME_ID_BYTES, Envelope, build, check_signature, parse
from net.core.genesis import MAX_NAME, NONCE_BYTES, SeatInfo
from net.core.identity import Identity, fingerprint
from net.core.reasons import Reject
from net.core.release import RELEASE, installable_name

SCHEME = "soe"
DEFAULT_PORT = 47_311  # where a host listens unless told otherwise, and an invite's port when it names none
_FP = re.compile(r"\A[A-Za-z0-9_-]{4,64}\Z")
_CURVE = re.compile(r"\A[0-9A-Za-z.\-:+=^!/*?&<>()\[\]{}@%$#]{40}\Z")
MAX_RELEASE = 120  # characters of a release's name in a hello or an info
MAX_WITHDRAWN = 1024  # nonces of withdrawn hellos a lobby remembers (the oldest are forgotten first)


# what a BYE tells a refused joiner (its reason: shown to people, never trusted); a
# joiner's own program says it in its own words (net.peer reports the code)
REFUSALS = {
    "full": "the game is full; `soe spectate` to watch",
    "key_seated": ("your key already holds a seat in this game: every player needs a key of its own; "
                   "on one machine give the second player another key file, e.g. `soe join INVITE --key south.pem`"),
}


class InviteError(ValueError):
    """An invite string that cannot be read."""


@dataclass(frozen=True, slots=True)
class Invite:
    """Where a game is and how to check its host: ``soe://HOST:PORT/GAME?fp=..&curve=..``."""

    host: str
    port: int
    game_id: str
    fingerprint: str
    curve: str = ""

    @property
    def endpoint(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"tcp://{host}:{self.port}"

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        curve = self.curve.encode("ascii").hex() if self.curve else ""
        tail = f"&curve={curve}" if curve else ""
        return f"{SCHEME}://{host}:{self.port}/{self.game_id}?fp={self.fingerprint}{tail}"

    @classmethod
    def parse(cls, text: str) -> Invite:
        text = text.strip()
        try:
            parts = urlsplit(text)
            port = DEFAULT_PORT if parts.port is None else parts.port
        except ValueError as exc:
            raise InviteError(f"not an invite: {exc}") from None
        if not 0 < port < 65_536:
            raise InviteError("the port must be 1 to 65535")  # 0 is no port: it is not the default
        if parts.scheme != SCHEME or not parts.hostname:
            raise InviteError(f"an invite looks like {SCHEME}://HOST:PORT/GAME?fp=FINGERPRINT")
        game = parts.path.strip("/")
        if not re.fullmatch(f"[0-9a-f]{{{2 * GAME_ID_BYTES}}}", game):
            raise InviteError(f"the game id must be {2 * GAME_ID_BYTES} hex digits")
        query = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p)
        fp = query.get("fp", "")
        if not _FP.match(fp):
            raise InviteError("the invite lacks the host's key fingerprint (fp=...)")
        curve = ""
        if query.get("curve"):
            try:
                curve = bytes.fromhex(query["curve"]).decode("ascii")
            except (ValueError, UnicodeDecodeError):
                raise InviteError("the invite's curve key is not hex") from None
            if not _CURVE.match(curve):
                raise InviteError("the invite's curve key is not a CurveZMQ public key")
        return cls(parts.hostname, port, game, fp, curve)


def new_game_id() -> str:
    return secrets.token_hex(GAME_ID_BYTES)


def new_nonce() -> str:
    """A fresh nonce for a joiner's hello (:class:`~net.core.genesis.SeatInfo`)."""
    return secrets.token_hex(NONCE_BYTES)


def hello(identity: Identity, game_id: str, name: str, power: str = "", nonce: str = "",
          release: str = RELEASE) -> bytes:
    """A joiner's signed request for a seat (not part of the transcript). ``nonce``: made
    fresh for each lobby the joiner asks to sit in (default: a new one), and the same when
    it asks again (a resume before the start); the genesis must name it in the joiner's
    seat, or the joiner does not sit down. ``release``: the joiner's program
    (``net.release.release()``): a host of another release refuses it."""
    return build(identity, game=game_id, seq=0, prev=None, kind="hello", at=0, state="",
                 body={"name": name[:MAX_NAME] or "player", "power": power, "nonce": nonce or new_nonce(),
                       "release": release[:MAX_RELEASE]}).raw


def _lobby_message(raw: bytes, game_id: str, kind: str) -> Envelope:
    env = parse(raw)
    if env.kind != kind:
        raise Reject("not_expected", f"not a {kind}")
    if env.game != game_id:
        raise Reject("wrong_game", f"this lobby is game {game_id}")
    check_signature(env)
    return env


def _release_ok(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_RELEASE and value.isprintable()


def read_hello(raw: bytes, game_id: str) -> Envelope:
    """Check a ``hello``: form, game, signature, body. Raises :class:`Reject`."""
    env = _lobby_message(raw, game_id, "hello")
    body = env.body
    name, power, nonce = body.get("name"), body.get("power"), body.get("nonce")
    if set(body) != {"name", "power", "nonce", "release"} or not isinstance(name, str) or not isinstance(power, str):
        raise Reject("bad_body", "a hello has exactly a name, a power, a nonce and a release")
    if not is_hex(nonce, NONCE_BYTES):
        raise Reject("bad_body", f"a hello's nonce is {NONCE_BYTES} bytes of hex")
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        raise Reject("bad_body", f"a name has 1 to {MAX_NAME} printable characters")
    if not _release_ok(body["release"]):
        raise Reject("bad_body", f"a release is named in 1 to {MAX_RELEASE} printable characters")
    return env


def leave(identity: Identity, game_id: str, nonce: str) -> bytes:
    """A joiner's signed word that it gives back the seat its hello with ``nonce`` asked for
    (before the start; not part of the transcript). It withdraws that hello only: a later
    hello has another nonce, which an old ``leave`` does not name."""
    return build(identity, game=game_id, seq=0, prev=None, kind="leave", at=0, state="",
                 body={"nonce": nonce}).raw


def read_leave(raw: bytes, game_id: str) -> Envelope:
    """Check a ``leave``: form, game, signature, body. Raises :class:`Reject`."""
    env = _lobby_message(raw, game_id, "leave")
    if set(env.body) != {"nonce"} or not is_hex(env.body["nonce"], NONCE_BYTES):
        raise Reject("bad_body", f"a leave has exactly the nonce ({NONCE_BYTES} bytes of hex) of the hello it withdraws")
    return env


def read_info(raw: bytes, game_id: str) -> Envelope:
    """Check an ``info`` (the host's lobby, :meth:`Lobby.signed_info`): form, game,
    signature, and a body with a ``serial`` (a whole number that rises with each change)
    and the host's ``release``; the rest of the body is for people (its shape is checked
    where it is shown). Whose key signed it is the caller's to check. Raises :class:`Reject`."""
    env = _lobby_message(raw, game_id, "info")
    serial = env.body.get("serial")
    if type(serial) is not int or serial < 0 or not _release_ok(env.body.get("release")):
        raise Reject("bad_body", "an info has a serial (a whole number) and a release")
    return env


@dataclass(frozen=True, slots=True)
class LobbyNews:
    """A joiner took a seat (``joined``) or gave it back before the start (``left``)."""

    what: str
    name: str
    power: str


@dataclass(slots=True)
class Seat:
    power: str
    key: str = ""  # empty: free (a bot plays it if the game starts so)
    name: str = ""
    nonce: str = ""  # the nonce of the hello that asked for it


class Lobby:
    """The host's seats before the genesis. The host holds the first seat it asks for.
    ``release``: the host's program (``net.release.release()``), which every hello must
    name and every ``info`` states. ``version`` rises with every change worth saving (a
    seat, a withdrawn nonce, a new ``info`` serial): the host keeps its lobby in its peer
    file (:meth:`to_json`, :meth:`from_json`) so a restarted host goes on with it."""

    def __init__(self, host: Identity, game_id: str, players: int, *, powers: list[str] | None = None,
                 host_name: str = "host", host_power: str = "", ruleset: str = "standard") -> None:
        b = load_board(ruleset)
        if not b.c("players_min") <= players <= b.c("players_max"):
            raise ValueError(f"a game has {b.c('players_min')} to {b.c('players_max')} players")
        chosen = list(powers or [p.id for p in b.powers[:players]])
        if host_power and host_power not in chosen:
            if host_power not in b.power_by_id:
                raise ValueError(f"unknown power {host_power!r}")
            chosen[-1] = host_power
        if len(chosen) != players or len(set(chosen)) != players:
            raise ValueError("the game needs one different power per player")
        self.game_id = game_id
        self.ruleset = ruleset
        self.board = b
        self.news: list[LobbyNews] = []  # joins and leaves, for the host's player (net.peer reports them)
        self.seats = [Seat(p) for p in chosen]
        self.hellos: dict[str, bytes] = {}
        self.started = False
        self.host = host
        self.release = RELEASE
        self.version = 0
        self.serial = 0  # of the last info signed
        self.withdrawn: dict[str, None] = {}  # nonces of hellos withdrawn by a leave, oldest first
        self._info: tuple[dict[str, Any], bytes] | None = None  # the last info's body (serial aside) and bytes
        # the game's hash-chain length and drop timeout, shown to joiners before they sit
        self.settings: dict[str, int] = {}
        self.take(host.public_hex, host_name, host_power or chosen[0])

    def take(self, key: str, name: str, power: str = "", nonce: str = "") -> Seat | None:
        """Seat a key (again, if it already has a seat): its wished power if free, else the first free one."""
        for s in self.seats:
            if s.key == key:
                s.name, s.nonce = name, nonce
                self.version += 1
                return s
        free = [s for s in self.seats if not s.key]
        if not free or self.started:
            return None
        seat = next((s for s in free if s.power == power), free[0])
        seat.key, seat.name, seat.nonce = key, name, nonce
        self.version += 1
        return seat

    def seat_of(self, key: str) -> Seat | None:
        return next((s for s in self.seats if s.key == key), None) if key else None

    def offer(self, raw: bytes) -> str:
        """A ``hello`` from the network: returns ``accepted``, ``duplicate`` (the seated
        key's hello again: the same nonce), ``full``, ``key_seated``, ``release`` (see the
        module docstring), ``stale`` (a hello whose nonce a ``leave`` withdrew) or the
        reason code of a bad hello."""
        try:
            env = read_hello(raw, self.game_id)
        except Reject as r:
            return r.code
        nonce = str(env.body["nonce"])
        if env.body["release"] != self.release:
            return "release"
        if env.author == self.host.public_hex:
            return "key_seated"
        seat = self.seat_of(env.author)
        if seat is not None:
            return "duplicate" if seat.nonce == nonce else "key_seated"
        if nonce in self.withdrawn:
            return "stale"
        if self.started:
            return "full"
        seat = self.take(env.author, str(env.body["name"]), str(env.body["power"]), nonce)
        if seat is None:
            return "full"
        self.hellos[env.author] = raw
        self.news.append(LobbyNews("joined", seat.name, seat.power))
        return "accepted"

    def withdraw(self, raw: bytes) -> str:
        """A ``leave`` from the network: the seat of its author is free again if the hello
        that seated it has the nonce the leave names (``accepted``); else ``stale`` (an old
        leave, a key with no seat, the game started) or the reason code of a bad leave."""
        try:
            env = read_leave(raw, self.game_id)
        except Reject as r:
            return r.code
        seat = self.seat_of(env.author)
        if seat is None or self.started or env.author == self.host.public_hex or seat.nonce != env.body["nonce"]:
            return "stale"
        self.withdrawn[seat.nonce] = None
        while len(self.withdrawn) > MAX_WITHDRAWN:
            del self.withdrawn[next(iter(self.withdrawn))]
        self.leave(env.author)
        return "accepted"

    def leave(self, key: str) -> Seat | None:
        """A joiner went away before the start: its seat is free again (None if it held none)."""
        if self.started or key == self.host.public_hex:
            return None
        for s in self.seats:
            if s.key == key:
                self.news.append(LobbyNews("left", s.name, s.power))
                s.key, s.name, s.nonce = "", "", ""
                self.hellos.pop(key, None)
                self.version += 1
                return s
        return None

    def refusal(self, code: str) -> str | None:
        """What a ``BYE`` tells a joiner whose hello was refused with ``code`` (None: nothing)."""
        if code == "release":
            return (f"this game is played with release {self.release}: install release "
                    f"{installable_name(self.release)} to take part")
        return REFUSALS.get(code)

    def joiners(self) -> list[str]:
        """The keys seated by a hello (every seat but the host's)."""
        return [s.key for s in self.seats if s.key and s.key != self.host.public_hex]

    def power_name(self, power: str) -> str:
        return self.board.power_name(power) if power in self.board.power_by_id else power

    @property
    def full(self) -> bool:
        return all(s.key for s in self.seats)

    def seat_infos(self) -> list[SeatInfo]:
        """The genesis seats; free seats become bot seats."""
        return [SeatInfo(s.power, s.key, s.name, s.nonce) if s.key else SeatInfo(s.power, "", f"{s.power} (bot)")
                for s in self.seats]

    def info(self) -> dict[str, Any]:
        return {**self.settings, "game": self.game_id, "host": fingerprint(self.host.public_hex), "started": self.started,
                "release": self.release,
                "seats": [{"power": s.power, "name": s.name, "taken": bool(s.key),
                           "fp": fingerprint(s.key) if s.key else ""} for s in self.seats]}

    def signed_info(self) -> bytes:
        """The lobby as the host's ``INFO`` states it: an ``info`` envelope signed by the
        host, its body :meth:`info` with a ``serial`` that rises with each change (a
        joiner takes no info older than one it has)."""
        body = self.info()
        if self._info is None or self._info[0] != body:
            self.serial += 1
            self.version += 1
            raw = build(self.host, game=self.game_id, seq=0, prev=None, kind="info", at=0, state="",
                        body={**body, "serial": self.serial}).raw
            self._info = (body, raw)
        return self._info[1]

    # ------------------------------------------------------------------ the host's peer file
    def to_json(self) -> dict[str, Any]:
        """What a restarted host needs to go on with this lobby (:meth:`from_json`)."""
        return {"ruleset": self.ruleset, "settings": dict(self.settings), "serial": self.serial,
                "seats": [{"power": s.power, "key": s.key, "name": s.name, "nonce": s.nonce} for s in self.seats],
                "hellos": {k: v.decode("utf-8") for k, v in sorted(self.hellos.items())},
                "withdrawn": list(self.withdrawn)}

    @classmethod
    def from_json(cls, host: Identity, game_id: str, data: dict[str, Any]) -> Lobby:
        """The lobby :meth:`to_json` saved (raises ValueError when it cannot be read)."""
        try:
            seats = [Seat(str(s["power"]), str(s["key"]), str(s["name"]), str(s["nonce"])) for s in data["seats"]]
            mine = next(s for s in seats if s.key == host.public_hex)
            lobby = cls(host, game_id, len(seats), powers=[s.power for s in seats], host_name=mine.name,
                        host_power=mine.power, ruleset=str(data.get("ruleset", "standard")))
            lobby.seats = seats
            lobby.settings = {str(k): int(v) for k, v in dict(data.get("settings", {})).items()}
            lobby.serial = int(data.get("serial", 0))
            lobby.hellos = {str(k): str(v).encode("utf-8") for k, v in dict(data.get("hellos", {})).items()}
            lobby.withdrawn = {str(n): None for n in data.get("withdrawn", [])}
        except (KeyError, TypeError, ValueError, StopIteration, AttributeError) as exc:
            raise ValueError(f"the lobby saved in the peer file cannot be read ({exc!r})") from None
        lobby.version = 0
        return lobby
