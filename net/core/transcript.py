"""The game's transcript: the ordered list of accepted messages, and the acceptance check
every peer runs on every message.

:meth:`Transcript.offer` takes the bytes of one envelope and either accepts it (appends
it, applies it) or rejects it with a reason code; a rejected message changes nothing.
The checks, in order: size and form (:func:`net.core.envelope.parse`), the game id, replay of
an accepted message, the author's key (a seat's, or the creator's for the genesis), the
signature (a reveal has none: :mod:`net.core.envelope`), the author's chain (``seq`` is the
next one and ``prev`` the id of the author's previous message; a second signed message
with an accepted ``(author, seq)`` is kept as proof of equivocation), ``at``/``state``,
and finally the rules of its kind (:mod:`net.core.referee`).

Positions: the game moves from position to position; the genesis creates position 1 (the
engine's initial state) and every accepted message that changes the engine state, who
plays a seat, or starts play creates the next one. Messages that change nothing (a reveal
before the last of its chance event, a commitment, an opening...) leave the position as
it is. ``at`` is the position the author acted on, counted this way, and ``state`` the
hash of the engine state there (``positions[at]``); a message whose ``at`` is past the
current position is from the future (held by a session until it can be applied), and a
choice, reveal, undo or resign must be made at the current position (else it is stale).
Counting positions rather than messages makes ``at`` the same for every peer, whatever
order simultaneous messages (the reveals of one chance event, the commitments at the end
of a war) reached it in; each peer's log keeps its own arrival order, which respects
every author's chain.

:func:`replay` rebuilds a game from a list of messages and reports the first one that
fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from game.rules import Event, State
from net.core.envelope import UNSIGNED_KINDS, Envelope, check_signature, parse, public_key
from net.core.genesis import Genesis
from net.core.plans import Msg
from net.core.reasons import Reject
from net.core.referee import Referee
from net.core.statehash import StateHasher

# kinds that act on the current position: they must be made at it
ACTING = frozenset({"choice", "reveal", "undo", "resign"})
# signed messages of the lobby, with a seq of their own: never part of a transcript
LOBBY_KINDS = frozenset({"hello", "leave", "info", "chat"})


@dataclass(slots=True)
class Entry:
    """An accepted message: its index in the transcript, the envelope, the author's seat
    (-1 for a creator without a seat) and the position the game was at after it. Never
    changed once made (not frozen, as :class:`Accepted` is not: one is made for every
    message, and a frozen dataclass takes four times as long to make)."""

    index: int
    env: Envelope
    seat: int
    position: int


@dataclass(slots=True)
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
class Mismatch:
    """A signed message naming another state hash for a position than this transcript's:
    evidence against its author (or, if most of the table says the same, that this peer is
    out of step)."""

    author: str
    seq: int
    at: int
    state: str
    raw: bytes


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
        self.positions: list[str] = [""]  # state hash at each position; "" before the genesis
        self.genesis: Genesis | None = None
        self.referee: Referee | None = None
        self.creator = ""
        self.equivocations: list[Equivocation] = []
        self.mismatches: dict[tuple[str, int], Mismatch] = {}  # (author, seq) -> the first such message
        self._ids: dict[str, int] = {}
        self._next: dict[str, tuple[int, str]] = {}  # author -> (next seq, id of last message)
        self._by_seq: dict[tuple[str, int], int] = {}
        self._keys: dict[str, Ed25519PublicKey] = {}
        self._seat_of: dict[str, int] = {}
        self._hasher = StateHasher()

    def attach_sink(self, sink: Callable[[bytes], None] | None) -> None:
        """Persist from now on (e.g. after rebuilding from a file without re-writing it)."""
        self.sink = sink
        if self.referee is not None:
            self.referee.precheck = sink is not None

    # ------------------------------------------------------------------ queries
    def __len__(self) -> int:
        return len(self.entries)

    @property
    def state(self) -> State | None:
        return self.referee.st if self.referee else None

    @property
    def position(self) -> int:
        """The current position (0 before the genesis; see the module docstring)."""
        return len(self.positions) - 1

    @property
    def state_hash(self) -> str:
        return self.positions[-1]

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

    def heads(self) -> dict[str, int]:
        """For catch-up: each author's next seq (how far this peer has every author)."""
        return {author: nxt for author, (nxt, _) in self._next.items()}

    def missing_for(self, heads: Mapping[str, int]) -> list[bytes]:
        """For catch-up: the messages a peer with ``heads`` lacks, in an order it can accept
        (the order of this transcript). A peer that is up to date, as a heartbeat's heads
        mostly say, costs a look at each author rather than at every message."""
        picked: list[int] = []
        for author, (nxt, _) in self._next.items():
            head = heads.get(author, 0)
            if not isinstance(head, int) or head < 0:
                head = 0
            for seq in range(head, nxt):
                picked.append(self._by_seq[(author, seq)])
        picked.sort()
        return [self.entries[i].env.raw for i in picked]

    # ------------------------------------------------------------------ acceptance
    def offer(self, raw: bytes, *, parsed: Envelope | None = None, verified: bool = False) -> Result:
        """Accept or reject one message (its exact bytes; ``parsed``: what
        :func:`~net.core.envelope.parse` made of them, when the caller parsed them already).
        ``verified``: its signature was checked before (a message held and offered again)."""
        if parsed is None or parsed.raw is not raw:
            try:
                parsed = parse(raw)
            except Reject as r:
                return Rejected(r.code, r.text)
        try:
            return self._accept(parsed, own=verified)
        except Reject as r:
            return Rejected(r.code, r.text, parsed.id)

    def offer_own(self, env: Envelope, persisted: Callable[[], object] | None = None, *,
                  remade_alike: bool = False) -> Result:
        """Accept or reject a message this peer has just signed (:func:`~net.core.envelope.build`):
        every check but the signature's, made from these very bytes a moment ago.
        ``persisted`` is called once it has passed every check and the sink has it, before
        it is applied (so it can be sent while this peer applies it); for a message this
        peer would make alike again after a crash (``remade_alike``: a reveal), before the
        sink has it."""
        try:
            return self._accept(env, own=True, persisted=persisted, early=remade_alike)
        except Reject as r:
            return Rejected(r.code, r.text, env.id)

    def _accept(self, env: Envelope, own: bool = False, persisted: Callable[[], object] | None = None,
                early: bool = False) -> Accepted:
        if env.kind in LOBBY_KINDS:  # first: a lobby message never enters a transcript (its seq is its own)
            raise Reject("not_transcript", f"{env.kind} messages are not part of the transcript")
        if self.genesis is None:
            if env.kind != "genesis":
                raise Reject("no_genesis")
        elif env.game != self.genesis.game_id:
            raise Reject("wrong_game", f"this transcript is game {self.genesis.game_id}")
        if env.id in self._ids:
            raise Reject("duplicate", f"message {env.id[:16]} is message {self._ids[env.id]} of the transcript")
        table = self.referee
        if table is not None and table.closed:
            raise Reject("game_closed")
        author, kind = env.author, env.kind
        seat = self._seat_of.get(author, -1)
        if seat < 0 and self.genesis is not None and author != self.creator:
            raise Reject("unknown_author", f"key {author[:16]} holds no seat in this game")
        if kind == "seat" and table is not None and env.body.get("genesis") != table.genesis_id:
            # a seat message made for another genesis (the same game id signed again, for
            # another lobby or with other settings) is no message of this game: neither
            # accepted nor a proof against its author (checked before the author's chain)
            raise Reject("wrong_genesis", "the seat message names another genesis than this game's")
        unsigned = kind in UNSIGNED_KINDS
        key = self._keys.get(author)
        if not unsigned and (not own or key is None):
            key = check_signature(env, key)
        # the author's chain: the next seq, after the author's last message (else
        # _check_chain says what is wrong)
        nxt = self._next.get(author)
        if nxt is None or env.seq != nxt[0] or env.prev != nxt[1]:
            if nxt is not None or env.seq != 0 or env.prev is not None:
                self._check_chain(env, unsigned)
        positions = self.positions
        position = len(positions) - 1
        at = env.at
        if at > position:
            raise Reject("future_at", f"made at position {at}; this transcript is at {position}")
        if env.state != positions[at]:
            if unsigned:  # anyone can write one: no sign of a peer that sees another game
                raise Reject("bad_state", f"state is not the state hash at position {env.at}")
            self.mismatches.setdefault((env.author, env.seq), Mismatch(env.author, env.seq, env.at, env.state, env.raw))
            raise Reject("state_mismatch", f"state {env.state[:16]} is not this peer's state hash at position "
                                           f"{env.at} ({self.positions[env.at][:16]})")
        if env.kind == "genesis":
            if self.genesis is not None:
                raise Reject("not_expected", "a game has one genesis")
            if env.at != 0:
                raise Reject("bad_genesis", "the genesis is made at 0 with an empty state")
            genesis = Genesis.from_body(env.game, env.body)
            try:
                keys = {s.key: public_key(s.key) for s in genesis.seats if s.key}
            except ValueError:
                raise Reject("bad_genesis", "a seat's key is not a valid Ed25519 public key") from None
            if self.sink:
                self.sink(env.raw)
            self.genesis, self.creator = genesis, env.author
            self._keys.update(keys)
            assert key is not None  # a genesis is signed: its signature was checked above
            self._keys[env.author] = key
            self.referee = Referee(genesis)
            self.referee.genesis_id = env.id
            self.referee.precheck = self.sink is not None
            for i, s in enumerate(genesis.seats):
                if s.key:
                    self._seat_of[s.key] = i
            self.positions.append(self._hasher(self.referee.st))
            self._append(env, -1)
            return Accepted(self.entries[-1], (), True)
        assert table is not None
        if seat < 0:
            raise Reject("unknown_author", "the creator holds no seat: only the genesis is its to sign")
        if at < position and kind in ACTING:
            raise Reject("stale", f"made at position {at}; the game has moved on to position {position}")
        plan = table.plan(kind, Msg(seat, env.body, at, len(self.entries), env.id, at == position))
        if persisted is not None and early:
            persisted()  # its bytes are fixed by the transcript: it leaves first, then is written
            persisted = None
        if self.sink:
            self.sink(env.raw)
        if persisted is not None:
            persisted()
        out = plan()
        if out.epoch_changed:
            positions.append(self._hasher(table.st) if out.engine_changed else positions[-1])
            table.note_position(position + 1, out.events)
        entry = self._append(env, seat)
        return Accepted(entry, tuple(out.events), out.epoch_changed)

    def _check_chain(self, env: Envelope, unsigned: bool = False) -> None:
        nxt, last = self.last_of(env.author)
        if env.seq < nxt and unsigned:  # the one valid message there is in already: no proof of anything
            raise Reject("forged", f"the author's message {env.seq} is another one")
        if env.seq < nxt:
            first = self.entries[self._by_seq[(env.author, env.seq)]].env
            if first.prev != env.prev:  # it continues another chain (another game with this id): no proof here
                raise Reject("bad_prev", f"seq {env.seq} follows another message than the author's {env.seq - 1} here")
            self.equivocations.append(Equivocation(env.author, env.seq, first.raw, env.raw))
            raise Reject("equivocation", f"the author signed another message with seq {env.seq}")
        if env.seq > nxt:
            raise Reject("out_of_order", f"seq {env.seq} but the author's next is {nxt}")
        if env.prev != last:
            raise Reject("bad_prev", "prev is not the id of the author's previous message")

    def _append(self, env: Envelope, seat: int) -> Entry:
        author, seq, msg_id = env.author, env.seq, env.id
        if self.mismatches:
            other = self.mismatches.get((author, seq))
            if other is not None and other.raw != env.raw and not env.sig == "":
                # it signed another message with this seq before (refused for its state): a proof too
                self.equivocations.append(Equivocation(author, seq, other.raw, env.raw))
        index = len(self.entries)
        entry = Entry(index, env, seat, len(self.positions) - 1)
        self.entries.append(entry)
        self._ids[msg_id] = index
        self._by_seq[(author, seq)] = index
        self._next[author] = (seq + 1, msg_id)
        return entry


@dataclass(frozen=True, slots=True)
class RebuildFailure:
    index: int  # 0-based position in the list given
    code: str
    text: str


def rebuild(messages: Iterable[bytes], sink: Callable[[bytes], None] | None = None
           ) -> tuple[Transcript, RebuildFailure | None]:
    """Rebuild a game from its messages in order; stops at the first one that fails."""
    t = Transcript(sink)
    for i, raw in enumerate(messages):
        res = t.offer(raw)
        if isinstance(res, Rejected):
            return t, RebuildFailure(i, res.code, res.text)
    return t, None
