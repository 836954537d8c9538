"""Canonical encoding, identity keys, envelopes, hash chains, the beacon expansion, unrest
commitments and the incremental state hash."""

from __future__ import annotations

import copy
import json
import os
import random
import stat
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from netkit import GAME_ID, identity

import net.core.beacon as beacon
from game.bots import make_bot
from game.client.folders import key_file
from game.rules import Act, Roll, State, apply_in_place, canonical_json, is_over, legal, new_game, pending, state_hash
from net.core import encoding
from net.core.envelope import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Envelope,
    build,
    message_id,
    parse,
    parse_json,
    public_key,
    signature_ok,
    signed_bytes,
    signing_input,
)
from net.core.identity import fingerprint
from net.core.reasons import Reject
from net.core.statehash import StateHasher
from net.core.unrest import commitment, opening_ok
from net.keyfile import KeyFileError, load, load_or_create


# --------------------------------------------------------------------------- encoding
def test_one_canonical_encoding_refuses_floats() -> None:
    assert encoding.canonical_json is canonical_json
    assert canonical_json({"b": 1, "a": [1, "é"]}) == '{"a":[1,"é"],"b":1}'.encode()
    for bad in (1.5, {"a": 0.0}, [1, [2.0]]):
        with pytest.raises(TypeError):
            canonical_json(bad)


def test_fixed_width_integers_and_hex() -> None:
    assert encoding.u64(1) == b"\0" * 7 + b"\1"
    for bad in (-1, 1 << 64, True, 1.0):
        with pytest.raises(ValueError):
            encoding.u64(bad)  # type: ignore[arg-type]
    assert encoding.is_hex("00ff", 2) and not encoding.is_hex("00FF") and not encoding.is_hex("0f0")
    with pytest.raises(ValueError):
        encoding.from_hex("zz")


# --------------------------------------------------------------------------- keys
def test_key_file_created_0600_and_reloaded(tmp_path: os.PathLike[str]) -> None:
    path = os.path.join(tmp_path, "sub", "me.pem")
    a = load_or_create(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700
    b = load_or_create(path)
    assert a.public_hex == b.public_hex and len(a.public_hex) == 64
    fp = a.fingerprint
    assert len(fp) == 19 and fp.count("-") == 3 and fp == fingerprint(a.public_hex)


def test_key_file_readable_by_others_is_refused(tmp_path: os.PathLike[str]) -> None:
    path = os.path.join(tmp_path, "me.pem")
    load_or_create(path)
    os.chmod(path, 0o644)
    with pytest.raises(KeyFileError, match="chmod 600"):
        load(path)


def test_key_file_from_environment(tmp_path: os.PathLike[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = os.path.join(tmp_path, "other.pem")
    monkeypatch.setenv("SOE_KEY_FILE", path)
    assert str(key_file()) == path
    monkeypatch.delenv("SOE_KEY_FILE")
    assert key_file().name == "identity.pem" and "struggle-of-empires" in str(key_file())


def test_garbage_key_file(tmp_path: os.PathLike[str]) -> None:
    path = os.path.join(tmp_path, "bad.pem")
    with open(path, "wb") as f:
        f.write(b"not a key")
    os.chmod(path, 0o600)
    with pytest.raises(KeyFileError):
        load(path)


# --------------------------------------------------------------------------- envelopes
def _env(**over: object) -> bytes:
    fields: dict[str, object] = {"game": GAME_ID, "seq": 0, "prev": None, "kind": "chat", "at": 0, "state": "",
                                 "body": {"text": "hi"}}
    fields.update(over)
    return build(identity(0), **fields).raw  # type: ignore[arg-type]


def test_envelope_round_trip_id_and_signature() -> None:
    raw = _env()
    env = parse(raw)
    assert env.id == message_id(raw) == encoding.sha256_hex(raw)
    assert signature_ok(env, public_key(env.author))
    assert signing_input(env.fields()) == canonical_json({k: v for k, v in json.loads(raw).items() if k != "sig"})
    assert list(json.loads(raw)) == sorted(json.loads(raw))


_REQUESTS = [
    {"for": [0, 0, "neutral", "neutral"], "kind": "dice", "ranges": [[1, 6]] * 4},
    {"for": [None, None], "kind": "draw", "ranges": [[0, 38], [0, 37]]},
    {"for": [3, 3], "kind": "sea_roll", "ranges": [[1, 6], [1, 6]]},
    {"for": [None], "kind": "first_player", "ranges": [[0, -1]]},  # nonsense: still parsed alike both ways
    {"kind": "x"},
]


@settings(max_examples=300, deadline=None)
@given(at=hs.integers(0, 2**60), seq=hs.integers(0, 2**60), r=hs.integers(0, 2**60),
       value=hs.binary(min_size=32, max_size=32), state=hs.sampled_from(["", "ab" * 32]),
       flip=hs.integers(0, 700), byte=hs.integers(0, 255), chance=hs.sampled_from(_REQUESTS))
def test_the_fast_path_for_reveals_says_what_the_long_way_says(at: int, seq: int, r: int, value: bytes, state: str,
                                                              flip: int, byte: int, chance: dict[str, Any]) -> None:
    prev = None if seq == 0 else "cd" * 32
    raw = canonical_json({"v": PROTOCOL_VERSION, "game": GAME_ID, "author": identity(0).public_hex, "seq": seq,
                          "prev": prev, "kind": "reveal", "at": at, "state": state,
                          "body": {"chance": chance, "r": r, "value": value.hex()}, "sig": ""})
    for candidate in (raw, raw[:flip] + bytes([byte]) + raw[flip + 1:]):
        try:
            slow: Envelope | str = parse_json(candidate)
        except Reject as exc:
            slow = exc.code
        try:
            fast: Envelope | str = parse(candidate)
        except Reject as exc:
            fast = exc.code
        assert fast == slow


def _made(make: Any) -> Envelope | str:
    try:
        env: Envelope = make()
        return env
    except Reject as exc:
        return exc.code


@settings(max_examples=300, deadline=None)
@given(at=hs.integers(0, 2**54), seq=hs.integers(0, 2**54), r=hs.integers(0, 2**54),
       value=hs.one_of(hs.binary(min_size=32, max_size=32).map(bytes.hex), hs.sampled_from(["EF" * 32, "ef", ""])),
       state=hs.sampled_from(["", "ab" * 32, "AB" * 32]), prev=hs.sampled_from([None, "cd" * 32, "cd"]),
       chance=hs.sampled_from([*_REQUESTS, [], {"kind": "a.b", "for": ["e-1", "e+"]}]))
def test_a_reveal_built_directly_is_the_canonical_envelope(at: int, seq: int, r: int, value: str, state: str,
                                                          prev: str | None, chance: Any) -> None:
    """Every peer writes its reveal out field by field, the moment a chance event is asked
    for: the same bytes, id and parsed envelope as encoding it canonically and parsing it,
    and the same refusal for what is not a well-formed envelope."""
    me = identity(0)
    body = {"chance": chance, "r": r, "value": value}
    built = _made(lambda: build(me, game=GAME_ID, seq=seq, prev=prev, kind="reveal", at=at, state=state, body=body))
    raw = canonical_json({"v": PROTOCOL_VERSION, "game": GAME_ID, "author": me.public_hex, "seq": seq, "prev": prev,
                          "kind": "reveal", "at": at, "state": state, "body": body, "sig": ""})
    assert built == _made(lambda: parse_json(raw))


@pytest.mark.parametrize("number", [0.5, 1e-05, 1e20, -2.0])
def test_a_reveal_with_a_float_is_refused_however_it_is_built(number: float) -> None:
    with pytest.raises(TypeError):  # never canonical
        build(identity(0), game=GAME_ID, seq=1, prev="cd" * 32, kind="reveal", at=2, state="",
              body={"chance": {"kind": "x", "p": number}, "r": 1, "value": "ef" * 32})


def _reveal_bytes(chance: bytes, seq: int = 3) -> bytes:
    raw = canonical_json({"v": PROTOCOL_VERSION, "game": GAME_ID, "author": identity(0).public_hex, "seq": seq,
                          "prev": "cd" * 32, "kind": "reveal", "at": 5, "state": "ab" * 32,
                          "body": {"chance": {"kind": "x"}, "r": 2, "value": "ef" * 32}, "sig": ""})
    return raw.replace(b'{"kind":"x"}', chance)


def test_the_fast_path_refuses_a_chance_request_that_is_not_canonical_even_right_after_a_canonical_one() -> None:
    good = canonical_json(_REQUESTS[0])
    # the reveals of one chance event carry the same request: each is parsed alike
    first, second = parse(_reveal_bytes(good, 3)), parse(_reveal_bytes(good, 4))
    assert first.body["chance"] == second.body["chance"] == _REQUESTS[0]
    # numbers that are not integers, and encodings that differ from the canonical one by a
    # byte, are refused as the long way refuses them, whatever was parsed just before
    for bad in (good.replace(b"[1,6]", b"[1e0,6]", 1), good.replace(b"[1,6]", b"[1,6E0]", 1),
                good.replace(b"[1,6]", b"[01,6]", 1), good.replace(b"[1,6]", b"[-0,6]", 1),
                good.replace(b'"for"', b'"for" ', 1), b'{"ranges":[],"kind":"x"}'):
        parse(_reveal_bytes(good))
        raw = _reveal_bytes(bad)
        with pytest.raises(Reject) as fast:
            parse(raw)
        with pytest.raises(Reject) as slow:
            parse_json(raw)
        assert fast.value.code == slow.value.code, bad


def test_the_signed_bytes_are_cut_from_the_wire_bytes_whatever_the_body_holds() -> None:
    for body in ({"text": 'a ,"sig":"' + "0" * 128 + '", x'}, {"sig": "x", "state": ""}, {}, {"text": "\u00e9\n\""}):
        env = parse(_env(body=body))
        assert signed_bytes(env) == signing_input(env.fields())
        assert signature_ok(env, public_key(env.author))


def _reject(raw: bytes) -> str:
    with pytest.raises(Reject) as info:
        parse(raw)
    return info.value.code


def test_envelope_form_is_checked() -> None:
    raw = _env()
    obj = json.loads(raw)
    assert _reject(b"{nope") == "malformed"
    assert _reject(b"[1,2]") == "malformed"
    assert _reject(json.dumps(obj, sort_keys=True).encode()) == "not_canonical"  # white space
    assert _reject(canonical_json({**obj, "extra": 1})) == "malformed"
    assert _reject(canonical_json({k: v for k, v in obj.items() if k != "sig"})) == "unsigned"
    assert _reject(canonical_json({**obj, "sig": ""})) == "unsigned"
    assert _reject(canonical_json({**obj, "seq": -1})) == "malformed"
    assert _reject(canonical_json({**obj, "seq": True})) == "malformed"
    assert _reject(canonical_json({**obj, "author": obj["author"].upper()})) == "malformed"
    assert _reject(canonical_json({**obj, "kind": "nonsense"})) == "malformed"
    assert _reject(canonical_json({**obj, "v": 1})) == "bad_version"
    assert _reject(raw.replace(b'"at":0', b'"at":0.0')) == "malformed"
    assert _reject(_env(body={"x": 1}).replace(b'"x":1', b'"x":1.5')) == "not_canonical"  # floats refused
    assert _reject(raw.replace(b'{"at"', b'{"at":0,"at"')) == "not_canonical"  # duplicate key
    assert _reject(b'{"x":"' + b"a" * MAX_MESSAGE_BYTES + b'"}') == "oversized"
    assert _reject(b"[" * 100_000) in ("malformed", "oversized")


def test_tampered_envelope_fails_signature() -> None:
    env = parse(_env(body={"text": "hi"}).replace(b'"hi"', b'"ho"'))
    assert not signature_ok(env, public_key(env.author))
    other = parse(_env())
    assert not signature_ok(other, public_key(identity(1).public_hex))


@settings(max_examples=200, deadline=None)
@given(hs.binary(max_size=300))
def test_parse_never_crashes(data: bytes) -> None:
    try:
        parse(data)
    except Reject:
        pass


# --------------------------------------------------------------------------- chains and beacon
def test_hash_chain_reveals_hash_onto_each_other() -> None:
    ch = beacon.HashChain(b"\x07" * 32, 10)
    assert ch.commitment == ch.links[10] and ch.links[0] == b"\x07" * 32
    prev = ch.commitment
    for r in range(1, 11):
        v = ch.reveal(r)
        assert beacon.reveal_ok(prev, v) and not beacon.reveal_ok(prev, prev)
        prev = v
    with pytest.raises(ValueError):
        ch.reveal(11)
    assert beacon.chain_step(b"a") == encoding.sha256(b"soe/chain", b"a")


def test_beacon_value_layout() -> None:
    gid = bytes.fromhex(GAME_ID)
    reveals = [b"\1" * 32, b"\2" * 32]
    expect = encoding.sha256(b"soe/beacon" + gid + (5).to_bytes(8, "big") + reveals[0] + reveals[1])
    assert beacon.beacon_value(gid, 5, reveals) == expect


def test_expansion_rejects_biased_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """m = 6: words at or above 2**32 - 2**32 % 6 are skipped, the next one is used."""
    limit = (1 << 32) - (1 << 32) % 6
    words = iter([limit, limit + 3, 13, 0xFFFFFFFF, 7])
    monkeypatch.setattr(beacon, "_words", lambda b: words)
    assert beacon.expand(b"x" * 32, [(1, 6), (0, 9)]) == (1 + 13 % 6, 7)


def test_expansion_words_are_hmac_counter_blocks() -> None:
    import hashlib
    import hmac
    b = b"\x42" * 32
    block0 = hmac.new(b, (0).to_bytes(8, "big"), hashlib.sha256).digest()
    assert beacon.expand(b, [(0, (1 << 32) - 1)]) == (int.from_bytes(block0[:4], "big"),)
    assert beacon.expand(b, [(5, 5)] * 3) == (5, 5, 5)


@settings(max_examples=200, deadline=None)
@given(hs.binary(min_size=32, max_size=32), hs.lists(hs.tuples(hs.integers(-50, 50), hs.integers(0, 1000)),
                                                     min_size=1, max_size=12))
def test_expansion_stays_in_range(b: bytes, spans: list[tuple[int, int]]) -> None:
    ranges = [(lo, lo + w) for lo, w in spans]
    values = beacon.expand(b, ranges)
    assert len(values) == len(ranges) and all(lo <= v <= hi for v, (lo, hi) in zip(values, ranges, strict=True))
    assert values == beacon.expand(b, ranges)


def test_expansion_is_uniform_enough() -> None:
    counts = [0] * 6
    for i in range(6000):
        (v,) = beacon.expand(encoding.sha256(b"u", encoding.u64(i)), [(1, 6)])
        counts[v - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


# --------------------------------------------------------------------------- unrest
def test_unrest_commitment_layout() -> None:
    gid, salt = bytes.fromhex(GAME_ID), b"\x09" * 32
    c = commitment(gid, 2, 1, 17, salt)
    assert c == encoding.sha256(b"soe/unrest", gid, encoding.u64(2), encoding.u64(1), encoding.u64(17), salt)
    assert opening_ok(gid, 2, 1, 17, salt, c)
    assert not opening_ok(gid, 2, 1, 16, salt, c) and not opening_ok(gid, 2, 1, 17, b"\0" * 32, c)


# --------------------------------------------------------------------------- state hash
@settings(max_examples=200, deadline=None)
@given(value=hs.recursive(hs.none() | hs.integers(-2**70, 2**70) | hs.text() | hs.booleans(),
                          lambda inner: hs.lists(inner, max_size=4) | hs.dictionaries(hs.text(), inner, max_size=4),
                          max_leaves=20))
def test_the_trusted_encoder_is_the_canonical_encoding(value: Any) -> None:
    assert encoding.canonical_trusted(value) == canonical_json(value) == canonical_json(value, trusted=True)


@pytest.mark.parametrize("bot,players,seed", [("random", 7, 3), ("greedy", 4, 1)])
def test_incremental_state_hash_matches_engine(bot: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    st = new_game(players)
    bots = [make_bot(bot, seed + i) for i in range(players)]
    hasher = StateHasher()
    while not is_over(st):
        p = pending(st)
        if p.chance:
            apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)))
        else:
            apply_in_place(st, Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat))))
        assert hasher(st) == state_hash(st)
        _no_booleans(st)


def test_incremental_state_hash_follows_hand_edits() -> None:
    """Changes no game makes: keys added to and taken from the objects kept member by
    member, lists that grow and shrink, frames that hold lists or are no objects, a stack
    that is no list; and states met before, hashed again in another order."""
    st = new_game(4)
    hasher = StateHasher()
    seen: list[tuple[State, str]] = []

    def same() -> None:
        assert hasher(st) == state_hash(st)
        seen.append((copy.deepcopy(st), state_hash(st)))

    same()
    area = next(iter(st.units))
    edits = [
        lambda: st.units.__setitem__("atlantis", [[1, 0, 0]] * 4),
        lambda: st.units.pop("atlantis"),
        lambda: st.units[area][2].__setitem__(1, 3),
        lambda: st.stock.pop(next(iter(st.stock))),
        lambda: st.markers.__setitem__(area, [9]),
        lambda: st.face_up.clear(),
        lambda: st.supply.append({"army": 1}),
        lambda: st.supply.pop(),
        lambda: st.supply[1].__setitem__("army", 40),
        lambda: st.tiles.__setitem__(0, {"x": 1}),
        lambda: st.used.clear(),
        lambda: st.stack.append({"t": "test", "spent": [1, 2], "seat": 1}),
        lambda: st.stack[-1]["spent"].append(3),
        lambda: st.stack.append(["a frame that is a list"]),
        lambda: st.stack.pop(),
        lambda: st.stack.pop(),
        lambda: st.stack[-1].__setitem__("step", "other"),
        lambda: st.stack[-1].__setitem__("step", "first"),
        lambda: setattr(st, "stack", {"t": "no list"}),
        lambda: setattr(st, "stack", [{"t": "game", "step": "first"}]),
        lambda: setattr(st, "units", []),
        lambda: setattr(st, "units", {area: [[0, 0, 0]]}),
        lambda: setattr(st, "war", "two"),
        lambda: setattr(st, "steps", 12),
    ]
    for edit in edits:
        edit()
        same()
    for old, value in seen:  # states met before, in another order, with a new hasher too
        assert hasher(old) == value
        assert StateHasher()(old) == value


def _no_booleans(st: State) -> None:
    """The hasher compares fields with ==, which cannot tell 1 from true: states hold none."""
    stack: list[object] = [getattr(st, f) for f in State.__slots__]
    while stack:
        v = stack.pop()
        assert not isinstance(v, bool | float)
        if isinstance(v, dict):
            stack += v.values()
        elif isinstance(v, list):
            stack += v
