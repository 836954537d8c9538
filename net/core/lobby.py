"""Before the game: invites, the host's lobby of seats, and the joiners' ``hello``.

The host creates a game id and prints an invite (:class:`Invite`): one copyable string
with the host's address and port, the game id, the host's key fingerprint and its
CurveZMQ server key. A joiner connects and sends a signed ``hello`` envelope (its name and
the power it would like); the host's :class:`Lobby` gives it a seat. When the seats are
filled (or the host starts early, with bots in the empty seats), the host signs the
genesis, which binds every seat to its key; from then on the transcript decides
everything. ``hello`` messages are never part of the transcript.

The lobby refuses (and the host's transport says why, in a ``BYE``: :data:`REFUSALS`) a
hello when every seat is taken or the game has started (``full``), and a second seat for
a key that holds one already (``key_seated``: the host's own key, or another hello of a
seated key). A joiner that goes away before the start gives its seat back
(:meth:`Lobby.leave`).
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

SCHEME = "soe"
DEFAULT_PORT = 47_311  # where a host listens unless told otherwise, and an invite's port when it names none
_FP = re.compile(r"\A[A-Za-z0-9_-]{4,64}\Z")
_CURVE = re.compile(r"\A[0-9A-Za-z.\-:+=^!/*?&<>()\[\]{}@%$#]{40}\Z")


# what a BYE tells a refused joiner (its reason: shown to people, never trusted); a
# joiner's own program says it in its own words (net.peer reports the code)
REFUSALS = {
    "full": "the game is full; `soe spectate` to watch",
    "key_seated": ("your key already holds a seat in this game: every player needs a key of its own; "
                   "on one machine give the second player another key file, e.g. `soe join INVITE --key bob.pem`"),
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


def hello(identity: Identity, game_id: str, name: str, power: str = "", nonce: str = "") -> bytes:
    """A joiner's signed request for a seat (not part of the transcript). ``nonce``: made
    fresh for each lobby the joiner asks to sit in (default: a new one); the genesis must
    name it in the joiner's seat, or the joiner does not sit down."""
    return build(identity, game=game_id, seq=0, prev=None, kind="hello", at=0, state="",
                 body={"name": name[:MAX_NAME] or "player", "power": power, "nonce": nonce or new_nonce()}).raw


def read_hello(raw: bytes, game_id: str) -> Envelope:
    """Check a ``hello``: form, game, signature, body. Raises :class:`Reject`."""
    env = parse(raw)
    if env.kind != "hello":
        raise Reject("not_expected", "not a hello")
    if env.game != game_id:
        raise Reject("wrong_game", f"this lobby is game {game_id}")
    check_signature(env)
    body = env.body
    name, power, nonce = body.get("name"), body.get("power"), body.get("nonce")
    if set(body) != {"name", "power", "nonce"} or not isinstance(name, str) or not isinstance(power, str):
        raise Reject("bad_body", "a hello has exactly a name, a power and a nonce")
    if not is_hex(nonce, NONCE_BYTES):
        raise Reject("bad_body", f"a hello's nonce is {NONCE_BYTES} bytes of hex")
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        raise Reject("bad_body", f"a name has 1 to {MAX_NAME} printable characters")
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
    """The host's seats before the genesis. The host holds the first seat it asks for."""

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
        # the game's hash-chain length and drop timeout, shown to joiners before they sit
        self.settings: dict[str, int] = {}
        self.take(host.public_hex, host_name, host_power or chosen[0])

    def take(self, key: str, name: str, power: str = "", nonce: str = "") -> Seat | None:
        """Seat a key (again, if it already has a seat): its wished power if free, else the first free one."""
        for s in self.seats:
            if s.key == key:
                s.name, s.nonce = name, nonce
                return s
        free = [s for s in self.seats if not s.key]
        if not free or self.started:
            return None
        seat = next((s for s in free if s.power == power), free[0])
        seat.key, seat.name, seat.nonce = key, name, nonce
        return seat

    def offer(self, raw: bytes) -> str:
        """A ``hello`` from the network: returns ``accepted``, ``duplicate``, ``full``,
        ``key_seated`` (see the module docstring) or the reason code of a bad hello."""
        try:
            env = read_hello(raw, self.game_id)
        except Reject as r:
            return r.code
        if env.author in self.hellos:
            return "duplicate" if self.hellos[env.author] == raw else "key_seated"
        if env.author == self.host.public_hex:
            return "key_seated"
        if self.started:
            return "full"
        seat = self.take(env.author, str(env.body["name"]), str(env.body["power"]), str(env.body["nonce"]))
        if seat is None:
            return "full"
        self.hellos[env.author] = raw
        self.news.append(LobbyNews("joined", seat.name, seat.power))
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
                return s
        return None

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
                "seats": [{"power": s.power, "name": s.name, "taken": bool(s.key),
                           "fp": fingerprint(s.key) if s.key else ""} for s in self.seats]}
