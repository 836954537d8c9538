"""What a running peer reports: typed events, in the order they happened.

A :class:`~net.peer.Peer` never prints and never calls out to its front end: everything
it has to tell a person (someone joined, the game starts, the host's key is not the
invite's, a seat was dropped, a line of the game...) is one of the frozen dataclasses
below, appended to a list that :meth:`Peer.events() <net.peer.Peer.events>` drains.
Call it from the thread that steps the peer, after each :meth:`~net.peer.Peer.step`
(and after :meth:`~net.peer.Peer.resume`, which may report :class:`LogRepaired`); a
peer nobody drains only holds the list.

Events carry codes and data, never sentences: power ids (``"great_britain"``), not their
names; times in milliseconds. :func:`game.client.words.peer.sentence` turns each into the
sentence the terminal prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from net.core.session import Waiting


@dataclass(frozen=True, slots=True)
class PeerEvent:
    """Every event of a peer is one of these."""


# ---------------------------------------------------------------------------- the lobby
@dataclass(frozen=True, slots=True)
class Joined(PeerEvent):
    """The host: a joiner took a seat; ``free`` seats are left."""

    name: str
    power: str
    free: int


@dataclass(frozen=True, slots=True)
class Left(PeerEvent):
    """The host: a joiner went away before the start and its seat is free again; ``free``
    seats are free now."""

    name: str
    power: str
    free: int


@dataclass(frozen=True, slots=True)
class LobbySeats(PeerEvent):
    """A joiner or spectator: the host's lobby as its ``INFO`` states it (never trusted):
    ``(power, name)`` per seat, the name ``""`` for a free seat."""

    seats: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Seated(PeerEvent):
    """A joiner: the host's lobby gives this key a seat (``power``); ``free`` seats are left."""

    power: str
    free: int


@dataclass(frozen=True, slots=True)
class SettingsSeen(PeerEvent):
    """A joiner: the game's settings as the host's lobby states them, before it asks for a
    seat: the drop timeout, the hash-chain length and the game clock (each seat's time bank
    and what a turn gives back; None: a lobby of an older release, which does not say it)."""

    timeout_ms: int
    chain_length: int
    bank_ms: int | None = None
    increment_ms: int | None = None


@dataclass(frozen=True, slots=True)
class SettingsRefused(PeerEvent):
    """A joiner: one of the game's settings is out of bounds (``problem``: ``chain_length``,
    ``timeout_ms``, ``bank_ms`` or ``increment_ms``, as :func:`net.core.genesis.settings_fault`
    says); it takes no seat."""

    timeout_ms: int
    chain_length: int
    problem: str
    bank_ms: int | None = None
    increment_ms: int | None = None


@dataclass(frozen=True, slots=True)
class Started(PeerEvent):
    """The game starts. The host (``hosting``) names every seat, ``(name, power)`` with the
    name ``""`` for a computer player; a joiner gets this when the genesis seats it,
    ``power`` being its own."""

    seats: tuple[tuple[str, str], ...]
    power: str
    hosting: bool


# ---------------------------------------------------------------------------- calling the others
@dataclass(frozen=True, slots=True)
class Diagnosis:
    """What the transport says of a connection this peer dialled: ``state`` is ``refused``
    (nothing listens), ``bad_key`` (the encryption handshake fails: not the invite's curve
    key), ``connected`` or ``secure`` (connected, no answer yet), or ``""`` (nothing heard)."""

    endpoint: str
    state: str


@dataclass(frozen=True, slots=True)
class Connected(PeerEvent):
    """A peer this one waited for (:meth:`~net.peer.Peer.await_answer`) has answered."""


@dataclass(frozen=True, slots=True)
class StillTrying(PeerEvent):
    """No answer yet, ``elapsed_ms`` into a wait of ``wait_ms`` (said after 2, 4, 8... s),
    with what the transport says of each connection."""

    elapsed_ms: int
    wait_ms: int
    contacts: tuple[Diagnosis, ...]


@dataclass(frozen=True, slots=True)
class GaveUp(PeerEvent):
    """No answer after ``wait_ms``: the peer gives up (:attr:`~net.peer.Peer.gave_up`).
    ``kept``: the log is kept for a later resume (a resumed peer's), at ``log``."""

    wait_ms: int
    contacts: tuple[Diagnosis, ...]
    log: str
    kept: bool


@dataclass(frozen=True, slots=True)
class Refused(PeerEvent):
    """This joiner (or spectator) may not play (or watch) here (:attr:`~net.peer.Peer.refused`); it takes nothing more
    in and decides nothing more. ``code``:

    - ``fingerprint``: the host's key (``theirs``, ``""`` when its ``HELLO`` named none) is
      not the invite's (``expected``); ``by_genesis``: the genesis was signed by it;
    - ``key_seated``: this key holds a seat already (the host's own, or another program's);
    - ``full``: every seat is taken, or the game started without this key;
    - ``wrong_game``: the host at ``endpoint`` hosts another game than ``game``;
    - ``release``: the game is played with release ``theirs`` (``""`` when the host's
      refusal did not say which), this program is release ``expected`` (a joiner or a
      spectator: the host's lobby or genesis says so);
    - ``not_this_lobby``: the host's genesis seats this key for another hello than its
      latest (a game id signed again, for another lobby).
    """

    code: str
    theirs: str = ""
    expected: str = ""
    by_genesis: bool = False
    endpoint: str = ""
    game: str = ""


# ---------------------------------------------------------------------------- the game
@dataclass(frozen=True, slots=True)
class GameEvent(PeerEvent):
    """A line of the game as this seat may see it: an entry of the session's log (``kind``
    and its fields, as :func:`game.rules.event_dicts` gives them)."""

    entry: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class SubmitRefused(PeerEvent):
    """The decider's choice was refused (``code`` of :data:`net.core.reasons.REASONS`)."""

    code: str
    text: str
    id: str | None


@dataclass(frozen=True, slots=True)
class DropVoted(PeerEvent):
    """This seat voted to hand the overdue ``seats`` to the computer player."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Dropped(PeerEvent):
    """A drop took effect: its ``seats`` with their ``names`` and ``powers``, now played by
    the computer player ``bot``; ``own_seat`` is this peer's seat (-1 for a spectator)."""

    seats: tuple[int, ...]
    names: tuple[str, ...]
    powers: tuple[str, ...]
    bot: str
    own_seat: int


@dataclass(frozen=True, slots=True)
class Awaiting(PeerEvent):
    """Whom the game waits for, what for, since when and whether overdue; reported when
    the awaited seats, what they owe or whether they are overdue change (empty: nobody)."""

    waits: tuple[Waiting, ...]


@dataclass(frozen=True, slots=True)
class Chat(PeerEvent):
    """A chat line (:mod:`net.core.chat`): its ``author`` (key hex), the author's ``seat``
    (-1 for a spectator), the ``name`` to show (the seat's for a player, the one it gives
    for a spectator), its ``text``, the position ``at`` which it was written, and whether it
    is this peer's own (``own``)."""

    author: str
    seat: int
    name: str
    text: str
    at: int
    own: bool


@dataclass(frozen=True, slots=True)
class EvidenceKept(PeerEvent):
    """A signed message of ``author`` (``seat`` and ``power``; -1 and ``""`` when it holds
    none) named another state for ``position``: refused and kept as evidence against it."""

    author: str
    seat: int
    power: str
    position: int


@dataclass(frozen=True, slots=True)
class Desync(PeerEvent):
    """Most of the table signed state ``theirs`` at ``position`` where this peer has
    ``ours`` (``author`` signed the message that showed it): this peer stops acting. The
    details are in the file ``dump``."""

    position: int
    ours: str
    theirs: str
    author: str
    dump: str


@dataclass(frozen=True, slots=True)
class LogRepaired(PeerEvent):
    """The log ended in a partial line (``cut_bytes`` long, left by a crash): it was cut
    off and kept in the file ``kept``."""

    cut_bytes: int
    kept: str


@dataclass(frozen=True, slots=True)
class NoFiles(PeerEvent):
    """The system lets this process open no more files (its connections took them, mostly):
    the file ``path`` (the peer file, the evidence file...) could not be written now, or,
    with ``path`` "", a connection to another peer could not be opened; it tries again."""

    path: str


@dataclass(frozen=True, slots=True)
class Over(PeerEvent):
    """The game is closed (every end signed): ``result`` is :meth:`Peer.result()
    <net.peer.Peer.result>`, ``log`` the log file."""

    result: Mapping[str, Any]
    log: str
