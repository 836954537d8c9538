"""Incremental state hashing: the same value as :func:`game.rules.state_hash`, faster
when consecutive states differ in a few fields.

The canonical encoding of an object is ``{`` + the members ``"key":value`` in key order
joined by ``,`` + ``}``, each value encoded on its own by the same
:func:`~net.core.encoding.canonical_json`. A :class:`StateHasher` keeps each field's encoded
member and a copy of the field's value, and re-encodes only the fields whose value
changed. Python's ``==`` does not tell ``1`` from ``true``, so only the large fields
that hold nothing but integers and strings are compared that way (:data:`CACHED`; a test
checks that no state holds a boolean), single values are compared with their type
(:data:`SCALARS`), and the rest (the decision stack with its frames) is encoded every time. Tests check the
hasher against ``state_hash`` at every step of whole games.
"""

from __future__ import annotations

import hashlib
import marshal
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
# units in 18 areas): their members are kept encoded one by one
KEYED = frozenset({"units"})


class StateHasher:
    """``hasher(state)`` returns ``state_hash(state)``, reusing the encodings of unchanged fields."""

    __slots__ = ("_copies", "_members", "_keyed")

    def __init__(self) -> None:
        self._copies: dict[str, Any] = {}
        self._members: dict[str, bytes] = {}
        self._keyed: dict[str, dict[str, bytes]] = {}  # KEYED field -> its members, encoded

    def __call__(self, st: State) -> str:
        parts: list[bytes] = []
        copies, members = self._copies, self._members
        for f in _FIELDS:
            value = getattr(st, f)
            member = members.get(f)
            if f in SCALARS:
                old = copies.get(f)
                if type(old) is not type(value) or old != value:
                    member = None
            elif member is not None and (f not in CACHED or copies[f] != value):
                member = self._rekey(f, value) if f in KEYED else None
            if member is None:
                # an engine state: no floats; an integer (steps, chance_count...) is its digits
                member = _KEYS[f] + (str(value).encode("ascii") if type(value) is int else canonical_trusted(value))
                members[f] = member
                if f in CACHED or f in SCALARS:  # the others are encoded every time: no copy to compare
                    copies[f] = _copy(value)
                if f in KEYED:
                    self._keyed[f] = {k: canonical_trusted(k) + b":" + canonical_trusted(v) for k, v in value.items()}
            parts.append(member)
        return hashlib.sha256(b"{" + b",".join(parts) + b"}").hexdigest()


    def _rekey(self, f: str, value: Any) -> bytes | None:
        """The member of KEYED field ``f``, re-encoding only its members that changed; None
        (encode it whole) if it is not a dict with the same keys as before."""
        old, enc = self._copies[f], self._keyed.get(f)
        if enc is None or not isinstance(value, dict) or not isinstance(old, dict) or old.keys() != value.keys():
            return None
        for k, v in value.items():
            if old[k] != v:
                enc[k] = canonical_trusted(k) + b":" + canonical_trusted(v)
                old[k] = _copy(v)
        member = _KEYS[f] + b"{" + b",".join(enc[k] for k in sorted(value)) + b"}"
        self._members[f] = member
        return member


def _copy(value: Any) -> Any:
    """A deep copy of plain data: :mod:`marshal` copies dicts, lists, strings and integers
    (types kept) about three times faster than walking them in Python."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:  # a type marshal does not take (never in an engine state): copy by hand
        return deep_copy(value)
