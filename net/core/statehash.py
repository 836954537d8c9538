"""Incremental state hashing: the same value as :func:`game.rules.state_hash`, faster
when consecutive states differ in a few fields.

The canonical encoding of an object is ``{`` + the members ``"key":value`` in key order
joined by ``,`` + ``}``, each value encoded on its own by the same
:func:`~net.core.encoding.canonical_json`. A :class:`StateHasher` keeps each field's encoded
member and a copy of the field's value, and re-encodes only the fields whose value
changed. Python's ``==`` does not tell ``1`` from ``true``, so only the large fields
that hold nothing but integers and strings are compared that way (:data:`CACHED`; a test
checks that no state holds a boolean), single values are compared with their type
(:data:`SCALARS`), and the rest (the decision stack) is encoded at every position. Tests
check the hasher against ``state_hash`` at every step of whole games and after hand edits.
"""

from __future__ import annotations

import hashlib
import marshal
from itertools import compress
from operator import attrgetter, ne
from typing import Any

from game.rules import State
from game.rules.core import deep_copy
from net.core.encoding import canonical_json, canonical_trusted

_FIELDS: tuple[str, ...] = tuple(sorted(State.__slots__))
_KEYS: dict[str, bytes] = {f: canonical_json(f) + b":" for f in _FIELDS}
CACHED = frozenset({"bag", "face_up", "units", "markers", "gold", "pop", "vp", "unrest", "supply", "tiles", "used",
                    "stock", "returned", "alliance", "track", "order", "powers", "captured", "blockades", "final",
                    "loose_forts"})
SCALARS = frozenset({"board_digest", "ruleset", "war", "round", "first", "last_turn", "steps", "chance_count"})
# cached fields that are objects with many members, few of which change at a time (the
# units in 18 areas, the stock of tiles, the control markers and the face-up counters of
# each VP area): their members are kept encoded one by one
KEYED = frozenset({"units", "stock", "markers", "face_up"})
# cached fields that are lists of one object per seat (supply, tiles held, tiles used), of
# which one changes at a time: their items are kept encoded one by one
LISTED = frozenset({"supply", "tiles", "used"})


# what the hasher does with each field, in the encoding's (sorted) order
_SCALAR, _CACHED, _KEYED, _FRAMES, _LISTED = 0, 1, 2, 3, 4
_MODES: tuple[int, ...] = tuple(
    _KEYED if f in KEYED else _LISTED if f in LISTED else _CACHED if f in CACHED else _SCALAR if f in SCALARS
    else _FRAMES for f in _FIELDS)
_VALUES = attrgetter(*_FIELDS)  # a state's fields, in that order, in one call
_INDICES = tuple(range(len(_FIELDS)))
# the members before the decision stack (the one field that changes at nearly every step)
# are hashed once for as long as none of them changes: the hash of that prefix is kept
_PREFIX = _FIELDS.index("stack")
_NEVER = object()  # equal to nothing: a field not hashed yet, or one encoded every time


class StateHasher:
    """``hasher(state)`` returns ``state_hash(state)``, reusing the encodings of unchanged fields.

    The fields are compared with their copies all at once (in C, without a Python step per
    field) and only those that differ are looked at. The decision stack (the one field that
    is neither cached nor a single value, and changes at nearly every position) is encoded
    whole every time: a few frames, which the C encoder writes sooner than they can be
    compared with copies of them or looked up among the frames met before."""

    __slots__ = ("_copies", "_members", "_keyed", "_order", "_items", "_prefix")

    def __init__(self) -> None:
        self._copies: list[Any] = [_NEVER] * len(_FIELDS)  # each field's value when it was last encoded
        self._members: list[bytes] = [b""] * len(_FIELDS)  # each field's member, encoded
        self._keyed: dict[int, dict[str, bytes]] = {}  # KEYED field -> its members, encoded
        self._order: dict[int, list[str]] = {}  # KEYED field -> its keys, sorted
        self._items: dict[int, list[bytes]] = {}  # LISTED field -> its items, encoded
        self._prefix: hashlib._Hash | None = None  # SHA-256 of "{" and the members before the stack, each with its ","

    def __call__(self, st: State) -> str:
        values = _VALUES(st)
        copies, members = self._copies, self._members
        for i in compress(_INDICES, map(ne, values, copies)):
            if i < _PREFIX:
                self._prefix = None
            value, mode, key = values[i], _MODES[i], _KEYS[_FIELDS[i]]
            if mode == _FRAMES:  # encoded every time, whole (its copy stays _NEVER)
                members[i] = key + canonical_trusted(value)
            elif mode == _SCALAR:
                # an engine state: no floats; an integer (steps, chance_count...) is its digits
                members[i] = key + (str(value).encode("ascii") if type(value) is int else canonical_trusted(value))
                copies[i] = value if type(value) is int or type(value) is str else _copy(value)
            else:
                member = self._rekey(i, value) if mode == _KEYED else self._relist(i, value) if mode == _LISTED else None
                if member is None:
                    member = key + canonical_trusted(value)
                    copies[i] = _copy(value)
                    if mode == _KEYED and type(value) is dict:
                        self._keyed[i] = {k: _key(k) + canonical_trusted(v) for k, v in value.items()}
                        self._order[i] = sorted(value)
                    elif mode == _LISTED and type(value) is list:
                        self._items[i] = [canonical_trusted(v) for v in value]
                members[i] = member
        if self._prefix is None:
            self._prefix = hashlib.sha256(b"{" + b",".join(members[:_PREFIX]) + b",")
        h = self._prefix.copy()
        h.update(b",".join(members[_PREFIX:]) + b"}")
        return h.hexdigest()

    def _rekey(self, i: int, value: Any) -> bytes | None:
        """The member of KEYED field ``i``, re-encoding only its members that changed; None
        (encode it whole) if it is not a dict with the same keys as before."""
        old, enc = self._copies[i], self._keyed.get(i)
        if enc is None or not isinstance(value, dict) or not isinstance(old, dict) or old.keys() != value.keys():
            return None
        # the members that differ from their copies, found in one C-level pass
        for k in compress(value, map(ne, value.values(), map(old.__getitem__, value))):
            v = value[k]
            enc[k] = _key(k) + canonical_trusted(v)
            old[k] = _copy(v)
        return _KEYS[_FIELDS[i]] + b"{" + b",".join(map(enc.__getitem__, self._order[i])) + b"}"

    def _relist(self, i: int, value: Any) -> bytes | None:
        """The member of LISTED field ``i``, re-encoding only its items that changed; None
        (encode it whole) if it is not a list as long as before."""
        old, enc = self._copies[i], self._items.get(i)
        if enc is None or type(value) is not list or type(old) is not list or len(old) != len(value):
            return None
        for j in compress(range(len(value)), map(ne, value, old)):
            enc[j] = canonical_trusted(value[j])
            old[j] = _copy(value[j])
        return _KEYS[_FIELDS[i]] + b"[" + b",".join(enc) + b"]"


_KEY_MEMBERS: dict[str, bytes] = {}  # a key's encoding with its ":", for the keys met (the board's ids)


def _key(k: str) -> bytes:
    """``"k":`` encoded (the keys of a state's objects are its board's ids: a few dozen)."""
    enc = _KEY_MEMBERS.get(k)
    if enc is None:
        enc = canonical_trusted(k) + b":"
        if len(_KEY_MEMBERS) < 4096:
            _KEY_MEMBERS[k] = enc
    return enc


def _copy(value: Any) -> Any:
    """A deep copy of plain data: :mod:`marshal` copies dicts, lists, strings and integers
    (types kept) about three times faster than walking them in Python."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:  # a type marshal does not take (never in an engine state): copy by hand
        return deep_copy(value)
