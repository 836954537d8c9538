"""Signed envelopes: the shape of every protocol message, its signature and its id.

An envelope is a JSON object with exactly the fields ``v, game, author, seq, prev, kind,
at, state, body, sig``. On the wire (and in the log file) it is exactly its canonical
encoding, so the received bytes are the bytes that were hashed: a receiver parses them,
re-encodes the parsed object and refuses the message unless that gives back the same
bytes. The signature is Ed25519 over the canonical encoding of all fields but ``sig``;
the message id is SHA-256 of the full canonical encoding (the wire bytes).

A ``reveal`` is the one kind that carries no signature (``sig`` is ``""``): its value is
the preimage of its author's last hash-chain value, which only the author can produce,
and every other field is fixed by the transcript it is made on (the author's next seq
and last id, the one position that waits for that chance event and its state hash), so
there is exactly one valid reveal of a seat for a chance event and nothing for a
signature to add. The author's next signed message seals it: its ``prev`` names this
reveal or a later reveal of the author whose ``prev`` leads back to it. Checking
six signatures fewer per chance event is what keeps the dice quick. Reveals, the most
frequent messages, also have a fast path through :func:`parse`.

This module checks form and signature only; whether a message may enter the game is the
transcript's business (:mod:`net.core.transcript`).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from net.core.encoding import canonical_json, canonical_trusted, from_hex, is_hex, sha256_hex
from net.core.identity import Identity, verify_signature
from net.core.reasons import Reject

PROTOCOL_VERSION = 4  # 3: a reveal carries its chance request; 4: a genesis names its release, clocks and nonces
MAX_MESSAGE_BYTES = 32 * 1024
FIELDS = ("at", "author", "body", "game", "kind", "prev", "seq", "sig", "state", "v")
KINDS = ("hello", "leave", "info", "seat", "genesis", "choice", "reveal", "commit", "open", "undo", "chat", "resign",
         "drop", "end")
GAME_ID_BYTES = 16
UNSIGNED_KINDS = frozenset({"reveal"})  # see the module docstring
MAX_SEQ = (1 << 53) - 1  # integers stay exact in every JSON implementation


@dataclass(frozen=True, slots=True)
class Envelope:
    """A parsed envelope whose bytes are canonical (its signature is checked separately)."""

    v: int
    game: str
    author: str
    seq: int
    prev: str | None
    kind: str
    at: int
    state: str
    body: dict[str, Any]
    sig: str
    raw: bytes
    id: str

    def fields(self) -> dict[str, Any]:
        return {"v": self.v, "game": self.game, "author": self.author, "seq": self.seq, "prev": self.prev,
                "kind": self.kind, "at": self.at, "state": self.state, "body": self.body, "sig": self.sig}


def signing_input(fields: dict[str, Any], *, parsed: bool = False) -> bytes:
    """The bytes signed: the canonical encoding of every field except ``sig``."""
    return canonical_json({k: v for k, v in fields.items() if k != "sig"}, trusted=parsed)


# the last message's bytes and id: the transport, the duplicate check and the parser each
# need the id of the message in hand (bytes are immutable, so the very same object has it)
_last_id: tuple[bytes, str] = (b"", sha256_hex(b""))


def message_id(raw: bytes) -> str:
    """The id of a message: hex SHA-256 of its full canonical encoding."""
    global _last_id
    last = _last_id
    if raw is last[0]:
        return last[1]
    msg_id = hashlib.sha256(raw).hexdigest()
    _last_id = (raw, msg_id)
    return msg_id


def build(identity: Identity, *, game: str, seq: int, prev: str | None, kind: str, at: int, state: str,
          body: dict[str, Any]) -> Envelope:
    """Sign a new envelope with ``identity`` (the author)."""
    if kind == "reveal" and body.keys() == _REVEAL_BODY:
        env = _build_reveal(identity.public_hex, game, seq, prev, at, state, body)
        if env is not None:
            return env
    fields: dict[str, Any] = {"v": PROTOCOL_VERSION, "game": game, "author": identity.public_hex, "seq": seq,
                              "prev": prev, "kind": kind, "at": at, "state": state, "body": body}
    fields["sig"] = "" if kind in UNSIGNED_KINDS else identity.sign(signing_input(fields)).hex()
    raw = canonical_json(fields)
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ValueError(f"message of {len(raw)} bytes exceeds {MAX_MESSAGE_BYTES}")
    return parse(raw)


def _is_int(v: Any, lo: int = 0, hi: int = MAX_SEQ) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


class _Float:
    """A number that is not an integer, as parsed: no field accepts it and the canonical
    encoding refuses it (so the envelope is malformed or not canonical, never trusted)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def parse(raw: bytes) -> Envelope:
    """Check the form of an envelope: size, JSON object with exactly the envelope fields,
    their types, and that ``raw`` is its canonical encoding. Raises :class:`Reject`.
    A well-formed reveal is recognised by its bytes alone (:data:`_REVEAL`)."""
    fast = _REVEAL.fullmatch(raw) if isinstance(raw, bytes) and len(raw) <= MAX_MESSAGE_BYTES else None
    if fast is not None:
        env = _reveal(fast, raw)
        if env is not None:
            return env
    return parse_json(raw)


def parse_json(raw: bytes) -> Envelope:
    """:func:`parse` the long way, for any kind: decode, check, encode again, compare."""
    if not isinstance(raw, bytes):
        raise Reject("malformed", "a message is bytes")
    if len(raw) > MAX_MESSAGE_BYTES:
        raise Reject("oversized", f"{len(raw)} bytes; at most {MAX_MESSAGE_BYTES}")
    try:
        obj = json.loads(raw, parse_float=_Float, parse_constant=_Float)
    except (ValueError, RecursionError) as exc:
        raise Reject("malformed", f"not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise Reject("malformed", "an envelope is a JSON object")
    unsigned = obj.get("kind") in UNSIGNED_KINDS
    if not unsigned and ("sig" not in obj or obj.get("sig") in ("", None)):
        raise Reject("unsigned")
    keys = set(obj)
    if keys != set(FIELDS):
        raise Reject("malformed", f"fields missing {sorted(set(FIELDS) - keys)} or unknown {sorted(keys - set(FIELDS))}")
    v, game, author, seq, prev = obj["v"], obj["game"], obj["author"], obj["seq"], obj["prev"]
    kind, at, state, body, sig = obj["kind"], obj["at"], obj["state"], obj["body"], obj["sig"]
    if not _is_int(v):
        raise Reject("malformed", "v must be an integer")
    if v != PROTOCOL_VERSION:
        raise Reject("bad_version", f"protocol version {v}; this program speaks version {PROTOCOL_VERSION} only "
                                    f"(a log or peer of another version of the program cannot be checked or joined)")
    problems = []
    if not is_hex(game, GAME_ID_BYTES):
        problems.append(f"game must be {2 * GAME_ID_BYTES} lowercase hex digits")
    if not is_hex(author, 32):
        problems.append("author must be a 32-byte key in lowercase hex")
    if not _is_int(seq):
        problems.append("seq must be a non-negative integer")
    if not (prev is None if seq == 0 else is_hex(prev, 32)):
        problems.append("prev must be null at seq 0, else a message id (32 bytes hex)")
    if kind not in KINDS:
        problems.append(f"unknown kind {kind!r}")
    if not _is_int(at):
        problems.append("at must be a non-negative integer")
    if not (state == "" or is_hex(state, 32)):
        problems.append("state must be a state hash (32 bytes hex) or empty")
    if not isinstance(body, dict):
        problems.append("body must be an object")
    if unsigned and sig != "":
        problems.append(f"a {kind} carries no signature: sig must be empty")
    elif not unsigned and not is_hex(sig, 64):
        problems.append("sig must be a 64-byte signature in lowercase hex")
    if problems:
        raise Reject("malformed", "; ".join(problems))
    try:
        canonical = canonical_trusted(obj)  # parsed JSON: string keys; a float is a _Float, which it refuses
    except TypeError:
        raise Reject("not_canonical", "floats are not allowed in canonical JSON") from None
    except (ValueError, RecursionError) as exc:
        raise Reject("not_canonical", str(exc)) from None
    if canonical != raw:
        raise Reject("not_canonical")
    return Envelope(v, game, author, seq, prev, kind, at, state, body, sig, raw, message_id(raw))


# The canonical encoding of a well-formed reveal, whole: keys in order, integers without
# leading zeros, lowercase hex, no signature, and its chance request (checked by encoding
# it again). Bytes it matches are what parse() would return by the long way (a test checks
# this); anything else takes the long way.
_INT = rb"(0|[1-9][0-9]{0,15})"
_REVEAL = re.compile(
    rb'\{"at":' + _INT + rb',"author":"([0-9a-f]{64})","body":\{"chance":(\{[-0-9a-z_",:\[\]{}]{1,16000}?\}),"r":'
    + _INT + rb',"value":"([0-9a-f]{64})"\},'
    rb'"game":"([0-9a-f]{' + str(2 * GAME_ID_BYTES).encode() + rb'})","kind":"reveal","prev":(null|"[0-9a-f]{64}"),'
    rb'"seq":' + _INT + rb',"sig":"","state":"((?:[0-9a-f]{64})?)","v":' + str(PROTOCOL_VERSION).encode() + rb'\}')


# The last chance request a reveal's fast path found canonical, and what it parsed to: the
# seven reveals of a chance event carry the same bytes, so six of them skip the decoding.
# (Envelope bodies are read, never changed: the one object may serve them all.)
_last_chance: tuple[bytes, Any] = (b"", None)


def _chance(text: bytes) -> Any:
    """A reveal's chance request parsed, or None when ``text`` is not its canonical encoding."""
    global _last_chance
    last = _last_chance
    if text == last[0]:
        return last[1]
    try:
        chance = json.loads(text, parse_float=_Float, parse_constant=_Float)
        # trusted: parsed JSON has string keys, and a number that is not an integer is a
        # _Float, which the encoder refuses (TypeError)
        if canonical_trusted(chance) != text:
            return None
    except (ValueError, TypeError, RecursionError):
        return None
    _last_chance = (text, chance)
    return chance


def _reveal(m: re.Match[bytes], raw: bytes) -> Envelope | None:
    at, seq, r = int(m.group(1)), int(m.group(8)), int(m.group(4))
    prev = None if m.group(7) == b"null" else m.group(7)[1:-1].decode("ascii")
    if max(at, seq, r) > MAX_SEQ or (prev is None) != (seq == 0):
        return None  # the long way says what is wrong
    chance = _chance(m.group(3))
    if chance is None:
        return None
    return Envelope(PROTOCOL_VERSION, m.group(6).decode("ascii"), m.group(2).decode("ascii"), seq, prev, "reveal",
                    at, m.group(9).decode("ascii"), {"chance": chance, "r": r, "value": m.group(5).decode("ascii")},
                    "", raw, message_id(raw))


_REVEAL_BODY = frozenset({"chance", "r", "value"})


def _build_reveal(author: str, game: str, seq: int, prev: str | None, at: int, state: str,
                  body: dict[str, Any]) -> Envelope | None:
    """A reveal's canonical bytes written out directly (every peer makes one per chance
    event, and it leaves before anything else happens): the fields in key order, checked
    by the pattern that :func:`parse` reads reveals with. None, for :func:`build` to take
    the long way, when a value is not of the plain kind this layout is for (a test checks
    both ways agree)."""
    chance, r, value = body["chance"], body["r"], body["value"]
    if not (_is_int(at) and _is_int(seq) and _is_int(r) and type(value) is str and type(author) is str
            and type(game) is str and type(state) is str and (prev is None if seq == 0 else type(prev) is str)):
        return None
    try:
        request = canonical_trusted(chance)
    except (TypeError, ValueError, RecursionError):
        return None
    if b"." in request or b"e+" in request or b"e-" in request:
        return None  # every float is written with one of these (the long way refuses floats)
    raw = b"".join((b'{"at":', str(at).encode(), b',"author":"', author.encode(), b'","body":{"chance":', request,
                    b',"r":', str(r).encode(), b',"value":"', value.encode(), b'"},"game":"', game.encode(),
                    b'","kind":"reveal","prev":', b"null" if prev is None else b'"' + prev.encode() + b'"',
                    b',"seq":', str(seq).encode(), b',"sig":"","state":"', state.encode(), b'","v":',
                    str(PROTOCOL_VERSION).encode(), b"}"))
    if len(raw) > MAX_MESSAGE_BYTES or _REVEAL.fullmatch(raw) is None:  # the hex fields, among others
        return None
    return Envelope(PROTOCOL_VERSION, game, author, seq, prev, "reveal", at, state, body, "", raw, message_id(raw))


def public_key(author_hex: str) -> Ed25519PublicKey:
    """The Ed25519 public key of an author (raises ValueError for an invalid point)."""
    return Ed25519PublicKey.from_public_bytes(from_hex(author_hex, 32))


def check_signature(env: Envelope, key: Ed25519PublicKey | None = None) -> Ed25519PublicKey:
    """The author's key, once ``env`` is shown to be signed by it (``key``: known already).
    Raises :class:`Reject` (``malformed`` for an invalid key, ``bad_signature``; ``unsigned``
    for a kind that carries no signature: its proof is elsewhere)."""
    if env.kind in UNSIGNED_KINDS:
        raise Reject("unsigned", f"a {env.kind} carries no signature")
    if key is None:
        try:
            key = public_key(env.author)
        except ValueError:
            raise Reject("malformed", "the author is not a valid Ed25519 public key") from None
    if not signature_ok(env, key):
        raise Reject("bad_signature")
    return key


def signature_ok(env: Envelope, key: Ed25519PublicKey) -> bool:
    """True when ``env.sig`` is the author's signature of the envelope's other fields
    (False for a kind that carries none)."""
    if env.kind in UNSIGNED_KINDS:
        return False
    return verify_signature(key, bytes.fromhex(env.sig), signed_bytes(env))


_SIG_MEMBER = b',"sig":"'


def signed_bytes(env: Envelope) -> bytes:
    """The bytes ``env`` was signed over, cut out of its canonical encoding rather than
    encoded again: the keys are sorted, so dropping the ``sig`` member (never the last:
    ``state`` and ``v`` follow it, neither of which can hold that text) leaves exactly the
    canonical encoding of the other fields, which is :func:`signing_input`."""
    raw = env.raw
    i = raw.rfind(_SIG_MEMBER)
    j = i + len(_SIG_MEMBER) + len(env.sig)
    if i < 0 or raw[j:j + 1] != b'"' or raw[i + len(_SIG_MEMBER):j] != env.sig.encode("ascii"):
        return signing_input(env.fields(), parsed=True)  # pragma: no cover - a parsed envelope always has it
    return raw[:i] + raw[j + 1:]
