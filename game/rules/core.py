"""Core value types of the engine: choices, chance requests, pending decisions, events,
the game state and its canonical encoding and hash.

The state is plain data: ints, strings, lists and dicts with string keys, so that it is
serialisable to canonical JSON exactly and hashed the same way on every machine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from game.rules.errors import MalformedInput, StateError

if TYPE_CHECKING:  # pragma: no cover - the board module imports this one
    from game.rules.board import Board

Arg = str | int
JSON = Any


# --------------------------------------------------------------------------- encoding
def canonical_json(obj: JSON, *, trusted: bool = False) -> bytes:
    """The one canonical encoding: sorted keys, no white space, UTF-8, integers only.

    Floats are refused (they do not encode identically everywhere), and object keys must be
    strings. ``trusted`` skips that walk over the data, for data that cannot hold either:
    engine states (the engine makes no floats, its keys are strings) and JSON parsed with
    floats refused.
    """
    if not trusted:
        _refuse_floats(obj)
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def _refuse_floats(obj: JSON) -> None:
    """Raise TypeError on a float anywhere in ``obj`` or an object key that is not a string.
    Strings and integers, the most common leaves by far, are passed over without a call."""
    t = type(obj)
    if t is dict:
        for k, v in obj.items():
            if type(k) is not str and not isinstance(k, str):
                raise TypeError("canonical JSON object keys must be strings")
            tv = type(v)
            if tv is not int and tv is not str:
                _refuse_floats(v)
    elif t is list or t is tuple:
        for v in obj:
            tv = type(v)
            if tv is not int and tv is not str:
                _refuse_floats(v)
    elif isinstance(obj, float):
        raise TypeError("floats are not allowed in canonical JSON")
    elif isinstance(obj, dict):
        _refuse_floats(dict(obj))
    elif isinstance(obj, (list, tuple)):
        _refuse_floats(list(obj))


def deep_copy(obj: JSON) -> JSON:
    """Copy plain JSON-like data (dicts, lists, immutable leaves) quickly."""
    if isinstance(obj, list):
        return [deep_copy(v) if isinstance(v, (list, dict)) else v for v in obj]
    if isinstance(obj, dict):
        return {k: deep_copy(v) if isinstance(v, (list, dict)) else v for k, v in obj.items()}
    return obj


# --------------------------------------------------------------------------- choices
class Choice(NamedTuple):
    """A decision a seat can submit: a kind and a few string or integer arguments.

    Its wire form is a JSON list ``[kind, *args]`` (see :meth:`wire`).
    """

    kind: str
    args: tuple[Arg, ...] = ()

    def wire(self) -> list[Arg]:
        return [self.kind, *self.args]

    @classmethod
    def from_wire(cls, data: Any) -> Choice:
        if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
            raise MalformedInput("a choice must be a list starting with its kind, e.g. [\"pass\"]", "",
                                 "input.wire_shape")
        for a in data[1:]:
            if isinstance(a, bool) or not isinstance(a, (str, int)):
                raise MalformedInput(f"choice arguments must be strings or integers, not {a!r}", "",
                                     "input.argument_type", {"value": repr(a)})
        return cls(str(data[0]), tuple(data[1:]))

    def __str__(self) -> str:
        return " ".join(str(x) for x in self.wire())


def C(kind: str, *args: Arg) -> Choice:
    """Shorthand constructor: ``C("move", "india", "fleet", "africa")`` (made as the tuple
    it is, without the named tuple's own constructor: the engine lists thousands a game)."""
    return tuple.__new__(Choice, (kind, args))


class ChanceRequest(NamedTuple):
    """A chance input the engine needs: one integer per range, each in ``[lo, hi]``.

    ``kind`` says what the values are for (``first_player``, ``draw``, ``dice``,
    ``sea_roll``, ``reroll``); draws index into the bag as it shrinks.
    """

    kind: str
    ranges: tuple[tuple[int, int], ...]


class Act(NamedTuple):
    """A seat's choice as an input to :func:`apply`."""

    seat: int
    choice: Choice


class Roll(NamedTuple):
    """Chance values as an input to :func:`apply`."""

    values: tuple[int, ...]


Input = Act | Roll


Said = str | Callable[["Board", Mapping[str, Any]], str]
"""How a prompt or an event is said in English: a function of the board (for the names of
powers, areas, tiles and counters) and the prompt's or event's own fields (``data``), or a
plain sentence (a ``str``) for one that has no fields. It reads nothing else: no state, no
frame (a test checks that no such function captures a variable), so a sentence said long
after its step is the one it was then."""


def _board(ruleset: str) -> Board:
    from game.rules.board import _CACHE, load_board  # the board module imports this one

    b = _CACHE.get(ruleset)
    return b if b is not None else load_board(ruleset)


def say(said: Said, ruleset: str, data: Mapping[str, Any]) -> str:
    """The sentence ``said`` makes of ``data`` with the names of the ruleset's board."""
    return said if isinstance(said, str) else said(_board(ruleset), data)


class _PendingFields(NamedTuple):
    kind: str  # the decision kind, "chance", or "over"
    seat: int  # the deciding seat, -1 for chance or game over
    chance: ChanceRequest | None
    data: dict[str, Any]
    said: Said  # how the prompt is said, without its rule id (see Said)
    ruleset: str  # the component data whose names the prompt uses


class Pending(_PendingFields):
    """What the game waits for: a seat's decision, a chance input, or nothing (over).

    ``data`` is what ``prompt`` is made of: ``key`` names the prompt's sentence, ``rule``
    the rule id(s) it ends with ("" for none), and the other entries are its fields (power,
    area, tile ids, unit kinds, integers), so a front end can say it in its own words
    (``game.client.words.prompts``). Only strings and integers: it goes into the view as it
    is. It is never changed after it is made.

    ``prompt``, the English sentence, is said when it is read (most prompts never are: a
    computer player decides from the choices): ``said`` makes it of ``data``.
    """

    __slots__ = ()

    @property
    def prompt(self) -> str:
        bare = say(self.said, self.ruleset, self.data)
        rule = self.data.get("rule")
        return f"{bare} ({rule})" if rule else bare

    @property
    def is_chance(self) -> bool:
        return self.chance is not None

    @property
    def is_over(self) -> bool:
        return self.kind == "over"

    def _asdict(self) -> dict[str, Any]:
        """The pending as a dict (as the view gives it): kind, seat, chance, prompt, data."""
        return {"kind": self.kind, "seat": self.seat, "chance": self.chance, "prompt": self.prompt,
                "data": self.data}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pending) and self._asdict() == other._asdict()

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Pending(kind={self.kind!r}, seat={self.seat!r}, chance={self.chance!r}, "
                f"prompt={self.prompt!r}, data={self.data!r})")

    def __reduce__(self) -> tuple[Any, ...]:  # copied or pickled with its prompt said
        return Pending, (self.kind, self.seat, self.chance, self.data, say(self.said, self.ruleset, self.data),
                         self.ruleset)


class _EventFields(NamedTuple):
    kind: str
    said: Said  # how the event is said (see Said)
    data: dict[str, Any]
    seat: int
    unrest: int
    ruleset: str  # the component data whose names the text uses


class Event(_EventFields):
    """A structured, human-readable fact of what happened.

    ``unrest`` is the unrest ``seat`` took in this event: it is private to that seat until
    the end of the game (see :meth:`to_dict`). ``text``, the English sentence, is said when
    it is read: ``said`` makes it of ``data`` (most events of a computer players' game are
    never read).
    """

    __slots__ = ()

    @property
    def text(self) -> str:
        return say(self.said, self.ruleset, self.data)

    def to_dict(self, viewer: int | None = None, reveal: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, **self.data}
        if self.seat >= 0:
            out["seat"] = self.seat
        if self.unrest and (reveal or viewer == self.seat):
            out["unrest"] = self.unrest
            out["text"] = f"{out['text']} ({self.unrest:+d} unrest)"
        return out

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Event) and self.kind == other.kind and self.text == other.text
                and self.data == other.data and self.seat == other.seat and self.unrest == other.unrest)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, text={self.text!r}, data={self.data!r}, seat={self.seat!r}, "
                f"unrest={self.unrest!r})")

    def __reduce__(self) -> tuple[Any, ...]:  # copied or pickled with its text said
        return Event, (self.kind, self.text, self.data, self.seat, self.unrest, self.ruleset)


# --------------------------------------------------------------------------- state
_FIELDS: tuple[str, ...] = (
    "ruleset", "board_digest", "powers", "war", "round", "first", "last_turn",
    "bag", "face_up", "units", "markers", "captured", "gold", "pop", "vp", "unrest",
    "supply", "tiles", "used", "stock", "returned", "blockades", "alliance", "track",
    "order", "stack", "steps", "chance_count", "final", "loose_forts",
)


class State:
    """The whole game state as plain data (see ``docs/state.md`` for every field).

    Per-seat values are lists indexed by seat (0..n-1, seating order). Per-area values are
    dicts keyed by area id, always iterated in the board's area order by the engine.
    """

    __slots__ = _FIELDS

    ruleset: str
    board_digest: str
    powers: list[str]
    war: int
    round: int
    first: int
    last_turn: int
    bag: list[str]
    face_up: dict[str, list[str]]
    units: dict[str, list[list[int]]]
    markers: dict[str, list[int]]
    captured: list[list[Any]]
    gold: list[int]
    pop: list[int]
    vp: list[int]
    unrest: list[int]
    supply: list[dict[str, int]]
    tiles: list[dict[str, int]]
    used: list[dict[str, int]]
    stock: dict[str, int]
    returned: list[list[str]]
    blockades: list[list[Any]]
    alliance: list[int]
    track: list[int]
    order: list[int]
    stack: list[dict[str, Any]]
    steps: int
    chance_count: int
    final: dict[str, Any]
    loose_forts: list[int]

    @property
    def n(self) -> int:
        return len(self.powers)

    def to_dict(self) -> dict[str, Any]:
        return _copy_fields(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        if not isinstance(data, dict):
            raise StateError("a state must be a JSON object", "", "state.not_an_object")
        missing = [f for f in _FIELDS if f not in data]
        extra = sorted(set(data) - set(_FIELDS))
        if missing or extra:
            raise StateError(f"state fields missing {missing} or unknown {extra}", "", "state.fields",
                             {"missing": missing, "unknown": extra})
        st = cls.__new__(cls)
        for f in _FIELDS:
            setattr(st, f, deep_copy(data[f]))
        return st

    def clone(self) -> State:
        st = State.__new__(State)
        for f, v in _copy_fields(self).items():
            setattr(st, f, v)
        return st

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    def __hash__(self) -> int:  # pragma: no cover - states are not dict keys
        raise TypeError("State is mutable; use state_hash()")


def _copy_fields(st: State) -> dict[str, Any]:
    """A deep copy of every field of ``st``, each copied by its known shape (docs/state.md):
    the lists and dicts of integers and strings one level or two deep, and only the
    decision stack and the final result, whose frames vary, by walking them (the lists of
    lists and of dicts are copied by ``map``, without a Python step for each). This is what
    :meth:`State.clone` (every functional ``apply``) costs, so it is written out."""
    units = st.units
    return {
        "ruleset": st.ruleset,
        "board_digest": st.board_digest,
        "powers": st.powers[:],
        "war": st.war,
        "round": st.round,
        "first": st.first,
        "last_turn": st.last_turn,
        "bag": st.bag[:],
        "face_up": {a: v[:] for a, v in st.face_up.items()},
        "units": {a: list(map(list.copy, seats)) for a, seats in units.items()},
        "markers": {a: v[:] for a, v in st.markers.items()},
        "captured": [c[:] for c in st.captured],
        "gold": st.gold[:],
        "pop": st.pop[:],
        "vp": st.vp[:],
        "unrest": st.unrest[:],
        "supply": list(map(dict.copy, st.supply)),
        "tiles": list(map(dict.copy, st.tiles)),
        "used": list(map(dict.copy, st.used)),
        "stock": st.stock.copy(),
        "returned": [r[:] for r in st.returned],
        "blockades": [b[:] for b in st.blockades],
        "alliance": st.alliance[:],
        "track": st.track[:],
        "order": st.order[:],
        "stack": [deep_copy(fr) for fr in st.stack],
        "steps": st.steps,
        "chance_count": st.chance_count,
        "final": deep_copy(st.final),
        "loose_forts": st.loose_forts[:],
    }


def state_hash(state: State) -> str:
    """Hex SHA-256 of the canonical encoding of the state (its fields as they are: encoding
    copies nothing)."""
    return hashlib.sha256(canonical_json({f: getattr(state, f) for f in _FIELDS})).hexdigest()
