"""The worked example of docs/protocol.md: every value recomputed, once with the project's
functions and once from the page's recipe with hashlib, hmac and cryptography alone."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from netkit import GAME_ID, Game, identity

from game.rules import legal, new_game
from net.core.beacon import HashChain, beacon_value, expand
from net.core.encoding import canonical_json
from net.core.envelope import PROTOCOL_VERSION, build, parse, signing_input
from net.core.genesis import Genesis, SeatInfo
from net.core.identity import Identity
from net.core.reasons import REASONS, Reject
from net.core.transcript import Transcript
from net.core.unrest import commitment
from net.core.verify import verify_messages

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


@pytest.fixture(scope="module")
def v() -> dict[str, Any]:
    m = re.search(r"```json vectors\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert m, "docs/protocol.md has no ```json vectors block"
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def u64(n: int) -> bytes:
    return n.to_bytes(8, "big")


def test_keys_and_envelope(v: dict[str, Any]) -> None:
    ident = Identity.from_seed(bytes.fromhex(v["ed25519_seed"]))
    assert ident.public_hex == v["public_key"] and ident.fingerprint == v["fingerprint"]
    f = v["envelope_fields"]
    env = build(ident, **{k: f[k] for k in ("game", "seq", "prev", "kind", "at", "state", "body")})
    assert signing_input(env.fields()).decode() == v["signing_input"]
    assert env.sig == v["sig"] and env.raw.decode() == v["envelope"] and env.id == v["message_id"]
    assert parse(v["envelope"].encode()).id == v["message_id"]
    # from the recipe alone
    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(v["ed25519_seed"]))
    assert key.public_key().public_bytes_raw().hex() == v["public_key"]
    assert json.dumps(f, sort_keys=True, separators=(",", ":")) == v["signing_input"]
    assert key.sign(v["signing_input"].encode()).hex() == v["sig"]
    Ed25519PublicKey.from_public_bytes(bytes.fromhex(v["public_key"])).verify(
        bytes.fromhex(v["sig"]), v["signing_input"].encode())
    assert json.dumps(dict(f, sig=v["sig"]), sort_keys=True, separators=(",", ":")) == v["envelope"]
    assert canonical_json(dict(f, sig=v["sig"])).decode() == v["envelope"]
    assert hashlib.sha256(v["envelope"].encode()).hexdigest() == v["message_id"]
    import base64
    fp = base64.b32encode(hashlib.sha256(b"soe/fingerprint" + bytes.fromhex(v["public_key"])).digest()[:10])
    assert "-".join(fp.decode().lower()[i:i + 4] for i in range(0, 16, 4)) == v["fingerprint"]


def test_a_reveal_carries_no_signature(v: dict[str, Any]) -> None:
    ident = Identity.from_seed(bytes.fromhex(v["ed25519_seed"]))
    f = v["reveal_fields"]
    env = build(ident, **{k: f[k] for k in ("game", "seq", "prev", "kind", "at", "state", "body")})
    assert env.sig == "" and env.raw.decode() == v["reveal_envelope"] and env.id == v["reveal_id"]
    assert f["prev"] == v["message_id"] and f["body"]["value"] == v["chain"]["links"][3]
    assert parse(v["reveal_envelope"].encode()) == env
    # from the recipe alone: the canonical encoding with an empty sig, and its SHA-256
    assert json.dumps(dict(f, sig=""), sort_keys=True, separators=(",", ":")) == v["reveal_envelope"]
    assert hashlib.sha256(v["reveal_envelope"].encode()).hexdigest() == v["reveal_id"]
    value = bytes.fromhex(f["body"]["value"])
    assert hashlib.sha256(b"soe/chain" + value).hexdigest() == v["chain"]["links"][4]  # onto the commitment


def test_chain_beacon_and_expansion(v: dict[str, Any]) -> None:
    c = v["chain"]
    chain = HashChain(bytes.fromhex(c["secret"]), c["length"])
    assert [h.hex() for h in chain.links] == c["links"]
    links = [bytes.fromhex(c["secret"])]
    for _ in range(c["length"]):
        links.append(hashlib.sha256(b"soe/chain" + links[-1]).digest())
    assert [h.hex() for h in links] == c["links"]
    b = v["chain_b"]
    chain_b = HashChain(bytes.fromhex(b["secret"]), b["length"])
    assert chain_b.commitment.hex() == b["commitment"]
    bc = v["beacon"]
    assert bc["reveals"] == [chain.reveal(1).hex(), chain_b.reveal(1).hex()]
    gid = bytes.fromhex(v["game_id"])
    reveals = [bytes.fromhex(x) for x in bc["reveals"]]
    value = hashlib.sha256(b"soe/beacon" + gid + u64(bc["r"]) + b"".join(reveals)).digest()
    assert value.hex() == bc["value"] == beacon_value(gid, bc["r"], reveals).hex()
    assert hmac.new(value, u64(0), hashlib.sha256).hexdigest() == bc["hmac_block_0"]
    stream = words(value)
    assert [next(stream) for _ in bc["words"]] == bc["words"]
    # the event expands the request its reveals state, and nothing else
    request = v["reveal_fields"]["body"]["chance"]
    assert bc["r"] == v["reveal_fields"]["body"]["r"] and bc["ranges"] == request["ranges"]
    assert len(bc["values"]) == len(request["for"])
    for ex in (bc, bc["other_request"]):
        ranges = [tuple(r) for r in ex["ranges"]]
        assert list(expand(value, ranges)) == ex["values"] == recipe_expand(value, ranges)
    # the text says the same values as the vectors
    text = DOC.read_text(encoding="utf-8").split("## 11. Worked example", 1)[1].split("```json vectors")[0]
    bold = re.findall(r"\*\*([0-9, ]+)\*\*", re.sub(r"\s+", " ", text))
    assert bold == [", ".join(map(str, bc["values"])), ", ".join(map(str, bc["other_request"]["values"]))]
    assert all(str(w) in re.sub(r"\s+", " ", text) for w in bc["words"])


def words(beacon: bytes) -> Any:
    """The beacon's stream of words, from the page's recipe."""
    c = 0
    while True:
        block = hmac.new(beacon, u64(c), hashlib.sha256).digest()
        yield from (int.from_bytes(block[i:i + 4], "big") for i in range(0, 32, 4))
        c += 1


def recipe_expand(beacon: bytes, ranges: list[tuple[int, int]]) -> list[int]:
    """The page's expansion: one value per range, rejecting the words at or above the limit."""
    stream, out = words(beacon), []
    for lo, hi in ranges:
        m = hi - lo + 1
        w = next(stream)
        while w >= 2**32 - 2**32 % m:
            w = next(stream)
        out.append(lo + w % m)
    return out


def test_unrest_commitment(v: dict[str, Any]) -> None:
    u = v["unrest"]
    gid, salt = bytes.fromhex(v["game_id"]), bytes.fromhex(u["salt"])
    assert commitment(gid, u["seat"], u["war"], u["unrest"], salt).hex() == u["commit"]
    raw = b"soe/unrest" + gid + u64(u["seat"]) + u64(u["war"]) + u64(u["unrest"]) + salt
    assert hashlib.sha256(raw).hexdigest() == u["commit"]


# --------------------------------------------------------------------------- the refusal codes, case by case
def table(heading: str) -> list[tuple[str, str]]:
    """The rows (first cell, second cell) of the first table after ``heading`` in the page."""
    text = DOC.read_text(encoding="utf-8").split(heading + "\n", 1)[1]
    rows = []
    for line in text.splitlines():
        if rows and not line.startswith("|"):
            break
        if line.startswith("| ") and not line.startswith("| ---"):
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            rows.append((cells[0], cells[1].strip("`")))
    return rows[1:]  # the header


def _fields(g: Game, seat: int, kind: str, body: dict[str, Any], **over: Any) -> dict[str, Any]:
    seq, prev = g.t.last_of(g.ids[seat].public_hex)
    f = {"v": PROTOCOL_VERSION, "game": g.t.game_id, "author": g.ids[seat].public_hex, "seq": seq, "prev": prev, "kind": kind,
         "at": g.t.position, "state": g.t.state_hash, "body": body}
    f.update(over)
    return f


def _signed(g: Game, seat: int, f: dict[str, Any]) -> bytes:
    return canonical_json(dict(f, sig=g.ids[seat].sign(signing_input(f)).hex()))


def _code(t: Transcript, raw: bytes) -> str:
    res = t.offer(raw)
    assert not res.ok, res
    return res.code


def _deciding() -> tuple[Game, int, bytes]:
    """A two-seat game waiting for a seat's decision, that seat, and a sound choice of it."""
    g = Game(2)
    d = g.referee.decision_seat()
    return g, d, g.envelope(d, "choice", {"choice": legal(g.referee.st, d)[0].wire()})


def empty_line() -> list[str]:
    g, _, _ = _deciding()
    rep = verify_messages([g.t.entries[0].env.raw, b""])
    assert rep.failure is not None and rep.failure["line"] == 2
    return [_code(g.t, b""), rep.failure["code"]]


def unknown_kind_signed() -> list[str]:
    g, d, _ = _deciding()
    return [_code(g.t, _signed(g, d, _fields(g, d, "shout", {"choice": ["pass"]})))]


def unknown_kind_unsigned() -> list[str]:
    g, d, _ = _deciding()
    f = _fields(g, d, "shout", {"choice": ["pass"]})
    return [_code(g.t, canonical_json(dict(f, sig=sig))) for sig in ("", None)] + [_code(g.t, canonical_json(f))]


def float_in_field() -> list[str]:
    g, _, good = _deciding()
    env = parse(good)
    return [_code(g.t, good.replace(old, new, 1)) for old, new in (
        (b'"v":%d}' % PROTOCOL_VERSION, b'"v":%d.0}' % PROTOCOL_VERSION), (b'"seq":%d,' % env.seq, b'"seq":%d.0,' % env.seq),
        (b'"at":%d,' % env.at, b'"at":%de0,' % env.at))]


def float_in_body() -> list[str]:
    g, d, good = _deciding()
    vote = g.envelope(d, "drop", {"seats": [1 - d]})
    seats = b'"seats":[%d]' % (1 - d)
    return [_code(g.t, vote.replace(seats, seats[:-1] + suffix, 1)) for suffix in (b".0]", b"e0]")]


def key_twice() -> list[str]:
    g, d, good = _deciding()
    at = parse(good).at
    vote = g.envelope(d, "drop", {"seats": [1 - d]})
    seats = b'"seats":[%d]' % (1 - d)
    return [_code(g.t, good.replace(b'{"at":', b'{"at":%d,"at":' % at, 1)),
            _code(g.t, vote.replace(seats, seats + b"," + seats, 1))]


def before_genesis() -> list[str]:
    g, d, good = _deciding()
    return [_code(Transcript(), raw) for raw in (good, g.t.entries[1].env.raw)]


def at_position_0() -> list[str]:
    g, d, _ = _deciding()
    zero = {"at": 0, "state": ""}
    codes = [_code(g.t, g.envelope(d, "choice", {"choice": legal(g.referee.st, d)[0].wire()}, **zero)),
             _code(g.t, g.envelope(d, "commit", {"war": 1, "commit": "00" * 32}, **zero)),
             _code(g.t, g.envelope(d, "drop", {"seats": [1 - d]}, **zero))]
    assert g.sessions[d].resign(g.now).ok  # a seat played by the bot now: still stale, not not_expected
    return codes + [_code(g.t, g.envelope(d, "commit", {"war": 1, "commit": "00" * 32}, **zero))]


def bots_alone() -> list[str]:
    powers = new_game(2).powers
    body = Genesis(GAME_ID, tuple(SeatInfo(p, "", "bot") for p in powers)).body()
    genesis = build(identity(0), game=GAME_ID, seq=0, prev=None, kind="genesis", at=0, state="", body=body)
    return [_code(Transcript(), genesis.raw)]


def commit_for_no_war() -> list[str]:
    g, d, _ = _deciding()
    return [_code(g.t, g.envelope(d, "commit", {"war": w, "commit": "00" * 32})) for w in (4, 0, -1)]


def commit_too_soon() -> list[str]:
    g, d, _ = _deciding()
    return [_code(g.t, g.envelope(d, "commit", {"war": w, "commit": "00" * 32})) for w in (1, 3)]


def choice_during_reveals() -> list[str]:
    g = Game(2)
    g.sessions[1].suppress = frozenset({"reveal"})
    g.play_until(lambda g: g.referee.chance_round() > 0)
    assert dict(g.referee.awaited()) == {1: "reveal"}
    return [_code(g.t, g.envelope(s, "choice", {"choice": ["pass"]})) for s in (0, 1)]


def reveal_during_decision() -> list[str]:
    g, d, _ = _deciding()
    body = {"chance": {"for": [d, d], "kind": "sea_roll", "ranges": [[1, 6], [1, 6]]},
            "r": g.referee.st.chance_count + 1, "value": "00" * 32}
    return [_code(g.t, g.envelope(s, "reveal", body)) for s in (0, 1)]


CASES = {
    r"an empty line (no byte before its `\n`)": empty_line,
    "a `kind` not in the list of section 3, signed": unknown_kind_signed,
    'a `kind` not in the list of section 3, with `sig` `""`, `null` or absent': unknown_kind_unsigned,
    "a number with a fraction or an exponent (`3.0`, `3e0`) as `v`, `seq` or `at`": float_in_field,
    "a number with a fraction or an exponent anywhere in `body`": float_in_body,
    "an object with a key twice (the envelope, or an object inside `body`)": key_twice,
    "any message but a genesis, before the genesis is in": before_genesis,
    'any message but a genesis made at position 0 (`at` 0, `state` `""`), once the genesis is in': at_position_0,
    "a genesis whose seats all have an empty `key`": bots_alone,
    "a `commit` for war 4, or any war but 1, 2 and 3": commit_for_no_war,
    "a `commit` for a war that has not ended yet": commit_too_soon,
    "a `choice` while the engine waits for a chance event's reveals": choice_during_reveals,
    "a `reveal` while the engine waits for a decision": reveal_during_decision,
}


def test_each_case_of_the_page_gets_its_code() -> None:
    rows = table("### Which code, case by case")
    assert [case for case, _ in rows] == list(CASES)
    for case, code in rows:
        assert code in REASONS, case
        assert set(CASES[case]()) == {code}, case


# --------------------------------------------------------------------------- chance events from a log alone
COMPONENTS = Path(__file__).resolve().parents[2] / "game" / "rules" / "data" / "standard.json"


def chance_events(log: list[bytes]) -> list[tuple[dict[str, Any], list[int]]]:
    """Each chance event's request and values, from the log alone (section 7's recipe)."""
    genesis = json.loads(log[0])
    keys = [s["key"] for s in genesis["body"]["seats"]]
    by_r: dict[int, list[tuple[int, str, dict[str, Any]]]] = {}
    for raw in log:
        m = json.loads(raw)
        if m["kind"] == "reveal":
            by_r.setdefault(m["body"]["r"], []).append((keys.index(m["author"]), m["body"]["value"], m["body"]["chance"]))
    assert sorted(by_r) == list(range(1, len(by_r) + 1))
    out = []
    for r in sorted(by_r):
        reveals = sorted(by_r[r])
        request = reveals[0][2]
        assert all(x[2] == request for x in reveals)
        beacon = hashlib.sha256(b"soe/beacon" + bytes.fromhex(genesis["game"]) + u64(r)
                                + b"".join(bytes.fromhex(x[1]) for x in reveals)).digest()
        out.append((request, recipe_expand(beacon, [tuple(x) for x in request["ranges"]])))
    return out


@pytest.fixture(scope="module")
def played() -> tuple[Game, list[bytes]]:
    g = Game(2, seed=6)  # a game with a Reserve reroll, sea rolls of 1 and a Pirates' strike
    g.finish()
    return g, [e.env.raw for e in g.t.entries]


def test_the_dice_tally_from_a_log_alone(played: tuple[Game, list[bytes]]) -> None:
    g, log = played
    events = chance_events(log)
    powers = [s["power"] for s in json.loads(log[0])["body"]["seats"]]
    tally: dict[str, dict[str, int]] = {p: {"dice": 0, "total": 0} for p in powers}
    faces = [0] * 6
    for request, values in events:
        owners = request["for"]
        read = 2 if request["kind"] == "sea_roll" and values[0] == 1 else 1 if request["kind"] == "sea_roll" else len(values)
        for who, value in zip(owners[:read], values[:read], strict=True):
            if who is None:
                continue
            side = tally.setdefault("neutral" if who == "neutral" else powers[who], {"dice": 0, "total": 0})
            side["dice"] += 1
            side["total"] += value
            faces[value - 1] += 1
    rep = verify_messages(log)
    assert rep.fair and rep.chance_events == len(events)
    assert rep.dice == tally and rep.faces == faces
    # the game had every case the rule speaks of
    kinds = [(req["kind"], req["for"], values) for req, values in events]
    assert any(k == "reroll" for k, _, _ in kinds)
    assert any(k == "sea_roll" and v[0] == 1 for k, _, v in kinds) and any(k == "sea_roll" and v[0] > 1 for k, _, v in kinds)
    assert any(k == "dice" and f[:2] == ["neutral", "neutral"] and f[2] != "neutral" for k, f, _ in kinds)
    for c in g.referee.chances:  # the chance records agree: a neutral side is seat -1 there
        if c.kind == "dice":
            assert [("neutral" if seat < 0 else seat) for seat, _ in c.dice] == [c.owners[0], c.owners[2]]


def test_the_first_player_and_the_bag_from_a_log_alone(played: tuple[Game, list[bytes]]) -> None:
    _, log = played
    events = chance_events(log)
    n = len(json.loads(log[0])["body"]["seats"])
    after: list[dict[str, Any]] = []  # the engine's state after each chance event

    def watch(t: Transcript) -> None:
        if t.referee is not None and len(t.referee.chances) > len(after):
            st = t.referee.st
            after.append({"first": st.first, "bag": list(st.bag), "face_up": {a: list(c) for a, c in st.face_up.items()},
                          "markers": {a: list(m) for a, m in st.markers.items()}})

    verify_messages(log, watch=watch)
    assert len(after) == len(events)
    (first_request, (first,)), (setup, drawn_values) = events[0], events[1]
    assert first_request == {"kind": "first_player", "ranges": [[0, n - 1]], "for": [None]}
    assert after[0]["first"] == first  # an index into the genesis seats
    counters = json.loads(COMPONENTS.read_text(encoding="utf-8"))["counters"]
    area = {c["id"]: c["area"] for c in counters}
    bag = sorted(area)
    assert setup["kind"] == "draw" and setup["ranges"] == [[0, len(bag) - 1 - i] for i in range(10 + 5 * n)]
    drawn = [bag.pop(v) for v in drawn_values]
    state = after[1]
    assert state["bag"] == bag
    assert sorted(c for cs in state["face_up"].values() for c in cs) == sorted(drawn[:10])
    for i in range(n):
        seat = (first + i) % n
        mine = [area[c] for c in drawn[10 + 5 * i:15 + 5 * i]]
        assert {a: m[seat] for a, m in state["markers"].items() if m[seat]} == {a: mine.count(a) for a in mine}
    wars = [(k, req, values) for k, (req, values) in enumerate(events) if req["kind"] == "draw"][1:]
    assert len(wars) == 2  # the draws of wars 2 and 3
    for k, req, values in wars:
        assert req["ranges"] == [[0, len(bag) - 1 - i] for i in range(min(10, len(bag)))]
        laid = [bag.pop(v) for v in values]
        assert after[k]["bag"] == bag and all(c in after[k]["face_up"][area[c]] for c in laid)


def test_incomplete_names_the_last_line_and_unsealed_reveals_count(played: tuple[Game, list[bytes]]) -> None:
    _, log = played
    # cut the log after a reveal whose author signs nothing more before the cut
    cut = next(i for i, raw in enumerate(log) if json.loads(raw)["kind"] == "reveal" and i > 10) + 1
    rep = verify_messages(log[:cut])
    assert rep.status == "incomplete" and rep.messages == cut
    assert rep.failure is not None and rep.failure["line"] == cut and rep.failure["waits"]
    assert verify_messages([]).failure == {"line": 0, "code": "no_genesis", "text": "the log holds no messages"}


def test_the_page_names_exactly_the_bots_a_genesis_takes() -> None:
    from game.bots import BOT_NAMES

    m = re.search(r'"drop_bot": ((?:"[a-z]+"\|?)+)\}', DOC.read_text(encoding="utf-8"))
    assert m and tuple(m.group(1).replace('"', "").split("|")) == BOT_NAMES
    g = Game(2)
    body = g.t.entries[0].env.body
    for name in (*BOT_NAMES, "strong", "Greedy"):
        try:
            Genesis.from_body(GAME_ID, dict(body, drop_bot=name))
        except Reject as r:
            assert name not in BOT_NAMES and r.code == "bad_genesis"
        else:
            assert name in BOT_NAMES
