"""Byte-level helpers of the protocol: the canonical encoding and the fixed-width pieces
that go into hashes.

The canonical encoding is the engine's own :func:`game.rules.canonical_json` (sorted keys,
no white space, UTF-8, integers only, floats refused); this module re-exports it so that
``net`` has one place to import it from, and adds the conventions around it: bytes travel
as lowercase hex, integers inside hashed byte strings are 8-byte big-endian unsigned, and
the domain strings that separate the different hashes.
"""

from __future__ import annotations

import hashlib
import json
import re
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from typing import Any

from game.rules.core import canonical_json

__all__ = [
    "DOMAIN_BEACON", "DOMAIN_BOT", "DOMAIN_CHAIN", "DOMAIN_FINGERPRINT", "DOMAIN_SALT", "DOMAIN_UNREST",
    "canonical_json", "canonical_trusted", "from_hex", "is_hex", "sha256", "sha256_hex", "to_hex", "u64",
]

# the encoder canonical_json builds on every call (json.dumps with its options), built once
_TRUSTED = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
# the C encoder that JSONEncoder.encode makes for each call, made once (no check for
# circular data, which trusted data never is; the same bytes otherwise)
_C_ENCODE = (c_make_encoder(None, None, encode_basestring, None, ":", ",", True, False, False)
             if c_make_encoder is not None else None)


def canonical_trusted(obj: Any) -> bytes:
    """``canonical_json(obj, trusted=True)`` (data that holds no float: an engine state, or
    JSON parsed with floats refused), a few microseconds sooner: the state hasher and the
    envelope parser encode for every message."""
    if _C_ENCODE is None or isinstance(obj, str):  # pragma: no cover - CPython has the C encoder
        return _TRUSTED.encode(obj).encode("utf-8")
    return "".join(_C_ENCODE(obj, 0)).encode("utf-8")

DOMAIN_CHAIN = b"soe/chain"
DOMAIN_BEACON = b"soe/beacon"
DOMAIN_UNREST = b"soe/unrest"
DOMAIN_SALT = b"soe/salt"
DOMAIN_BOT = b"soe/bot"
DOMAIN_FINGERPRINT = b"soe/fingerprint"

_HEX = re.compile(r"\A(?:[0-9a-f]{2})*\Z")


def to_hex(data: bytes) -> str:
    """Bytes as lowercase hex, the only way bytes appear in JSON."""
    return data.hex()


def is_hex(value: Any, nbytes: int | None = None) -> bool:
    """True when ``value`` is lowercase hex (of exactly ``nbytes`` bytes when given)."""
    if not isinstance(value, str) or not _HEX.match(value):
        return False
    return nbytes is None or len(value) == 2 * nbytes


def from_hex(value: str, nbytes: int | None = None) -> bytes:
    """Decode lowercase hex; raises ValueError on anything else (upper case included)."""
    if not is_hex(value, nbytes):
        want = f" of {nbytes} bytes" if nbytes is not None else ""
        raise ValueError(f"expected lowercase hex{want}")
    return bytes.fromhex(value)


def u64(n: int) -> bytes:
    """An integer as 8 bytes big-endian unsigned (the width of every integer we hash)."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < 1 << 64:
        raise ValueError(f"not an unsigned 64-bit integer: {n!r}")
    return n.to_bytes(8, "big")


def sha256(*parts: bytes) -> bytes:
    """SHA-256 of the concatenation of ``parts``."""
    h = hashlib.sha256()
    for p in parts:
        h.update(p)
    return h.digest()


def sha256_hex(*parts: bytes) -> str:
    return sha256(*parts).hex()
