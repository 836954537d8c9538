"""The game's transcript: the ordered list of accepted messages, and the acceptance check
every peer runs on every message.

:meth:`Transcript.offer` takes the bytes of one envelope and either accepts it (appends
it, applies it) or rejects it with a reason code; a rejected message changes nothing.
The checks, in order: size and form (:func:`net.envelope.parse`), the game id, replay of
an accepted message, the author's key (a seat's, or the creator's for the genesis), the
signature, the author's chain (``seq`` is the next one and ``prev`` the id of the
author's previous message; a second message with an accepted ``(author, seq)`` is kept
as proof of equivocation), ``at``/``state`` (``state`` must be the state hash after the
first ``at`` messages, and messages that act on the current position must not be stale),
and finally the rules of its kind (:mod:`net.table`).

``hashes[k]`` is the hash of the engine state after the first ``k`` messages (``""``
before the genesis); the *epoch* counts changes of the position (engine state, who plays
each seat, the start of play): acting messages must be made since the last change.

:func:`replay` rebuilds a game from a list of messages and reports the first one that
fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from game.rules import Event, State
from net.envelope import Envelope, parse, public_key, signature_ok
from net.genesis import Genesis
from net.reasons import Reject
from net.statehash import StateHasher
from net.table import Table

# kinds that act on the current position: they must be made since its last change
ACTING = frozenset({"choice", "reveal", "undo", "resign", "drop"})


@dataclass(frozen=True, slots=True)
class Entry:
    """An accepted message: its index in the transcript, the envelope and the author's seat
    (-1 for a creator without a seat)."""

    index: int
    env: Envelope
    seat: int


@dataclass(frozen=True, slots=True)
class Accepted:
    """``events`` are the engine's events, unredacted: show them with
    ``game.rules.event_dicts(events, viewer)``."""

    entry: Entry
    events: tuple[Event, ...]
    changed: bool

    ok = True


@dataclass(frozen=True, slots=True)
class Rejected:
    code: str
    text: str
    id: str | None = None

    ok = False


Result = Accepted | Rejected


@dataclass(frozen=True, slots=True)
class Equivocation:
    """Proof that an author signed two different messages with the same seq."""

    author: str
    seq: int
    first: bytes
    second: bytes


class Transcript:
    """One game's accepted messages and the state they build (see the module docstring).

    ``sink``, when given, is called with the bytes of each message once it has passed every
    check and before it is applied (persistence: :class:`net.store.TranscriptFile`).
    """

    def __init__(self, sink: Callable[[bytes], None] | None = None) -> None:
        self.sink = sink
        self.entries: list[Entry] = []
        self.hashes: list[str] = [""]
        self.genesis: Genesis | None = None
        self.table: Table | None = None
        self.creator = ""
        self.epoch = 0
        self.epoch_pos = 0
        self.equivocations: list[Equivocation] = []
        self._ids: dict[str, int] = {}
        self._next: dict[str, tuple[int, str]] = {}  # author -> (next seq, id of last message)
        self._by_seq: dict[tuple[str, int], int] = {}
        self._keys: dict[str, Ed25519PublicKey] = {}
        self._seat_of: dict[str, int] = {}
        self._hasher = StateHasher()

    def attach_sink(self, sink: Callable[[bytes], None] | None) -> None:
        """Persist from now on (e.g. after rebuilding from a file without re-writing it)."""
        self.sink = sink
        if self.table is not None:
            self.table.precheck = sink is not None

    # ------------------------------------------------------------------ queries
    def __len__(self) -> int:
        return len(self.entries)

    @property
    def state(self) -> State | None:
        return self.table.st if self.table else None

    @property
    def state_hash(self) -> str:
        return self.hashes[-1]

    @property
    def game_id(self) -> str:
        return self.genesis.game_id if self.genesis else ""

    def seat_of(self, author: str) -> int:
        return self._seat_of.get(author, -1)

    def last_of(self, author: str) -> tuple[int, str | None]:
        """The next seq of ``author`` and the id of its last accepted message."""
        nxt = self._next.get(author)
        return (nxt[0], nxt[1]) if nxt else (0, None)

    def has(self, msg_id: str) -> bool:
        return msg_id in self._ids

    # ------------------------------------------------------------------ acceptance
    def offer(self, raw: bytes) -> Result:
        """Accept or reject one message (its exact bytes)."""
        try:
            env = parse(raw)
        except Reject as r:
            return Rejected(r.code, r.text)
        try:
            return self._accept(env)
        except Reject as r:
            return Rejected(r.code, r.text, env.id)

    def _accept(self, env: Envelope) -> Accepted:
        if self.genesis is None:
            if env.kind != "genesis":
                raise Reject("no_genesis")
        elif env.game != self.genesis.game_id:
            raise Reject("wrong_game", f"this transcript is game {self.genesis.game_id}")
        if env.id in self._ids:
            raise Reject("duplicate", f"message {env.id[:16]} is message {self._ids[env.id]} of the transcript")
        table = self.table
        if table is not None and table.closed:
            raise Reject("game_closed")
        seat = self._seat_of.get(env.author, -1)
        if self.genesis is not None and seat < 0 and env.author != self.creator:
            raise Reject("unknown_author", f"key {env.author[:16]} holds no seat in this game")
        key = self._keys.get(env.author)
        if key is None:
            try:
                key = public_key(env.author)
            except ValueError:
                raise Reject("malformed", "the author is not a valid Ed25519 public key") from None
        if not signature_ok(env, key):
            raise Reject("bad_signature")
        self._check_chain(env)
        if env.at >= len(self.hashes):
            raise Reject("future_at", f"at {env.at} but the transcript has {len(self.entries)} messages")
        if env.state != self.hashes[env.at]:
            raise Reject("state_mismatch", f"state differs from the state hash after {env.at} messages")
        pos = len(self.entries)
        if env.kind == "genesis":
            if self.genesis is not None:
                raise Reject("not_expected", "a game has one genesis")
            if env.at != 0:
                raise Reject("bad_genesis", "the genesis is made at 0 with an empty state")
            genesis = Genesis.from_body(env.game, env.body)
            try:
                keys = {s.key: public_key(s.key) for s in genesis.seats}
            except ValueError:
                raise Reject("bad_genesis", "a seat's key is not a valid Ed25519 public key") from None
            if self.sink:
                self.sink(env.raw)
            self.genesis, self.creator = genesis, env.author
            self._keys.update(keys)
            self._keys[env.author] = key
            self.table = Table(genesis)
            self.table.precheck = self.sink is not None
            for i, s in enumerate(genesis.seats):
                self._seat_of[s.key] = i
            self._append(env, -1)
            self.hashes.append(self._hasher(self.table.st))
            self.epoch, self.epoch_pos = 1, 1
            return Accepted(self.entries[-1], (), True)
        assert table is not None
        if seat < 0:
            raise Reject("unknown_author", "the creator holds no seat: only the genesis is its to sign")
        if env.kind in ACTING and env.at < self.epoch_pos:
            raise Reject("stale", f"made at {env.at}; the position changed at {self.epoch_pos}")
        plan = table.plan(env.kind, seat, env.body, env.at, pos, env.id)
        if self.sink:
            self.sink(env.raw)
        out = plan()
        self._keys[env.author] = key
        self._append(env, seat)
        table.note_position(pos + 1, out.events)
        self.hashes.append(self._hasher(table.st) if out.engine_changed else self.hashes[-1])
        if out.epoch_changed:
            self.epoch += 1
            self.epoch_pos = pos + 1
            table.votes.clear()
        return Accepted(self.entries[-1], tuple(out.events), out.epoch_changed)

    def _check_chain(self, env: Envelope) -> None:
        nxt, last = self.last_of(env.author)
        if env.seq < nxt:
            first = self.entries[self._by_seq[(env.author, env.seq)]].env.raw
            self.equivocations.append(Equivocation(env.author, env.seq, first, env.raw))
            raise Reject("equivocation", f"the author signed another message with seq {env.seq}")
        if env.seq > nxt:
            raise Reject("out_of_order", f"seq {env.seq} but the author's next is {nxt}")
        if env.prev != last:
            raise Reject("bad_prev", "prev is not the id of the author's previous message")

    def _append(self, env: Envelope, seat: int) -> None:
        index = len(self.entries)
        self.entries.append(Entry(index, env, seat))
        self._ids[env.id] = index
        self._by_seq[(env.author, env.seq)] = index
        self._next[env.author] = (env.seq + 1, env.id)


@dataclass(frozen=True, slots=True)
class ReplayFailure:
    index: int  # 0-based position in the list given
    code: str
    text: str


def replay(messages: Iterable[bytes], sink: Callable[[bytes], None] | None = None
           ) -> tuple[Transcript, ReplayFailure | None]:
    """Rebuild a game from its messages in order; stops at the first one that fails."""
    t = Transcript(sink)
    for i, raw in enumerate(messages):
        res = t.offer(raw)
        if isinstance(res, Rejected):
            return t, ReplayFailure(i, res.code, res.text)
    return t, None
