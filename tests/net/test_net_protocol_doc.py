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

from net.core.beacon import HashChain, beacon_value, expand
from net.core.encoding import canonical_json
from net.core.envelope import build, parse, signing_input
from net.core.identity import Identity
from net.core.unrest import commitment

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
