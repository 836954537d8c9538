"""A rogue on the mesh: garbage, oversized frames, forged and replayed messages, a flood,
hostile peer lists; none of it is accepted and the honest peers finish their game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from p2pkit import Cluster, Raw, heard, idle, run_until, verify_log

from net.core.encoding import canonical_json
from net.core.envelope import PROTOCOL_VERSION, build, message_id, parse, signing_input
from net.core.identity import Identity
from net.mesh import PROTO, Limits, encode_frame
from net.peer import Peer


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Cluster]:
    c = Cluster(tmp_path, 2)
    yield c
    c.close()


def forge(author: str, signer: Identity, **fields: object) -> bytes:
    """An envelope naming ``author`` but signed by ``signer``."""
    f: dict[str, object] = {"v": PROTOCOL_VERSION, "author": author, **fields}
    f["sig"] = signer.sign(signing_input(f)).hex()
    return canonical_json(f)


def forgeries(c: Cluster, old: list[bytes]) -> list[tuple[str, bytes]]:
    """Messages an honest peer never sends, each with the reason the transcript gives."""
    t = c.host.session.transcript
    stranger = Identity.generate()
    seated = c.ids[1].public_hex
    seq, prev = t.last_of(seated)
    here = {"game": c.game_id, "at": t.position, "state": t.state_hash}
    choice = {"kind": "choice", "body": {"choice": ["pass"]}}
    sample = parse(next(x for x in reversed(old) if parse(x).sig))  # a signed one (reveals carry none)
    flipped = sample.sig[:-1] + ("0" if sample.sig[-1] != "0" else "1")
    fields = sample.fields()
    unsigned = canonical_json({**fields, "sig": ""})
    huge = canonical_json({**fields, "body": {"pad": "x" * 40_000}})
    reveal = parse(next(x for x in old if parse(x).kind == "reveal"))  # anyone may write a reveal: no signature
    altered = canonical_json({**reveal.fields(), "state": "ab" * 32})
    return [
        ("forged", altered),  # another reveal where the author's is: blames no one, stops no one
        ("unknown_author", build(stranger, seq=0, prev=None, **here, **choice).raw),  # type: ignore[arg-type]
        ("bad_signature", forge(seated, stranger, seq=seq, prev=prev, **here, **choice)),
        ("bad_signature", sample.raw.replace(sample.sig.encode(), flipped.encode())),
        ("wrong_game", build(stranger, game="ff" * 16, seq=0, prev=None, kind="choice", at=1, state="",
                             body={}).raw),
        ("not_canonical", b"{ " + old[-1][1:]),
        ("unsigned", unsigned),
        ("oversized", huge),
        ("malformed", b'{"v":1,'),
        ("malformed", b'{"kind":' + b"[" * 20_000),  # deep nesting, once a way to crash a peer
    ]


def garbage() -> list[list[bytes]]:
    """Frames that are not the mesh's protocol (each counts against the link)."""
    return [
        [b"soe0 MSG {}"],
        [PROTO, b"MSG", b"{}"],  # the parts of a frame sent apart
        [encode_frame(b"NOPE", b"{}")],
        [PROTO + b" HAVE"],
        [encode_frame(b"HAVE", b"\xff\xfe")],
        [encode_frame(b"HAVE", b"[1, 2]")],
        [encode_frame(b"HAVE", b"{}")],
        [encode_frame(b"HAVE", b"[" * 60_000)],  # deep nesting in a transport frame
    ]


def test_a_rogue_peer_is_refused_banned_and_the_honest_peers_finish(game: Cluster) -> None:
    c = game
    c.start()
    c.run(lambda: c.messages() >= 60, 30, "mid-game")
    rogue = Raw(c.invite.endpoint, c.invite.curve)
    try:
        assert rogue.hello(c.game_id)  # it is a peer like any other: it gets the whole game so far
        c.run(lambda: rogue.seen(b"HELLO") and rogue.seen(b"MSG", 60), 10, "the rogue's catch-up")
        old = rogue.messages()
        forged = forgeries(c, old)
        for _, raw in forged:
            assert rogue.frame(b"MSG", raw)
        for raw in old:  # replays of accepted messages
            assert rogue.frame(b"MSG", raw)
        for frames in garbage():
            assert rogue.send(*frames)
        # a flood: thousands of frames (replays) at once
        sent, deadline = 0, 0
        while sent < 8_000:
            if rogue.frame(b"MSG", old[sent % len(old)]):
                sent += 1
            else:
                deadline += 1
                assert deadline < 10_000, "the node stopped reading"
                for p in c.peers:
                    p.step(1)
        c.run(lambda: rogue.seen(b"BYE"), 20, "the rogue banned")
        c.finish(60)
    finally:
        rogue.close()
    assert len(c.hashes()) == 1 and not any(p.desynced for p in c.peers)
    assert all(p.session.transcript.equivocations == [] for p in c.peers)
    host = c.host.node
    codes = {code for code, _ in forged}
    assert codes <= set(host.stats.rejected), host.stats.rejected
    # each refusal counted once; the flood was cut by the rate limit, and its violations got the link banned
    assert {k: host.stats.rejected[k] for k in codes} == {k: [c for c, _ in forged].count(k) for k in codes}
    assert host.stats.rejected["garbage"] == len(garbage())
    assert host.stats.rate_limited > 1000 and host.stats.rejected["rate"] >= 10 and host.stats.bans == 1
    assert [lk["banned"] for lk in host.link_summary() if lk["node"] == "raw"] == [True]
    for p in c.peers:
        t = p.session.transcript
        assert not any(t.has(message_id(raw)) for _, raw in forged)
        assert {e.env.author for e in t.entries} <= {i.public_hex for i in c.ids}
        verify_log(p.files.log)
    # nothing the rogue sent was passed on: the other peer never saw any of it
    assert not set(c.peers[1].node.stats.rejected) & codes, c.peers[1].node.stats.rejected


def test_hostile_peer_lists_neither_crash_a_node_nor_grow_it_without_end(game: Cluster) -> None:
    """PEERS frames (and HELLO addresses) are relayed to every peer and make it connect:
    an address ZeroMQ cannot parse must not raise out of the node's loop, and a flood of
    made-up peers must not open sockets or grow the peer list (and its PEERS frame) without
    bound."""
    c = game
    node = c.host.node
    rogue = Raw(c.invite.endpoint, c.invite.curve)
    try:
        assert rogue.hello(c.game_id, node="bad", addr="tcp://no such host:0")
        bad = [{"node": f"n{i}", "addr": a, "curve": ""} for i, a in
               enumerate(["tcp://", "tcp://[::1", "tcp://127.0.0.1:notaport", "tcp://127.0.0.1:99999", "tcp://:1"])]
        assert rogue.frame(b"PEERS", bad)
        for k in range(40):
            assert rogue.frame(b"PEERS", [{"node": f"fake{k}-{i}", "addr": f"tcp://127.0.0.1:{1 + k * 64 + i}",
                                           "curve": ""} for i in range(64)])
        c.run(lambda: rogue.seen(b"PEERS"), 10, "the rogue's peer lists taken in")
        idle(c.peers, 0.3)
    finally:
        rogue.close()
    limit = node.limits.max_peers
    for p in c.peers:
        outs = [lk for lk in p.node.links.values() if lk.socket is not None]
        assert len(outs) <= limit and len(p.node.peers) <= limit
        assert all(a.startswith("tcp://127.0.0.1:") or a == c.peers[0].node.endpoint for a, _ in p.node.peers.values())
    # the game still starts and is played
    c.start()
    c.finish(60)
    assert len(c.hashes()) == 1


def test_a_frame_over_the_size_limit_only_costs_the_sender_its_link(game: Cluster) -> None:
    """ZeroMQ refuses a frame over ``Limits.max_frame`` (MAXMSGSIZE) and drops the
    connection: the node never sees the frame, and the sender (its DEALER reconnects by
    itself) starts again on a new link that must say HELLO again."""
    c = game
    c.start()
    probe = Raw(c.invite.endpoint, c.invite.curve)
    try:
        assert probe.hello(c.game_id)
        c.run(lambda: probe.seen(b"HELLO"), 10, "the probe greeted")
        assert probe.frame(b"MSG", b"{" + b" " * Limits().max_frame + b"}")
        idle(c.peers, 0.3)
        assert probe.hello(c.game_id)
        c.run(lambda: probe.seen(b"HELLO", 2), 10, "the probe greeted on its new link")
        c.finish(60)
        assert len(c.hashes()) == 1
        assert not c.host.node.stats.rejected, c.host.node.stats.rejected  # the frame never reached the node
        assert [lk["node"] for lk in c.host.node.link_summary()].count("raw") == 2  # the old link, and the new
    finally:
        probe.close()


def test_lobby_information_is_believed_from_the_hosts_key_alone_and_any_shape_is_shown(tmp_path: Path) -> None:
    """INFO (the lobby's seats, for people) is believed only as an ``info`` signed by the
    key the invite names as the host's, and newer than the last one believed: an unsigned
    one, one a stranger signed (telling this joiner it sits at France) and an older serial
    are not; of the host's own, a peer shows what it can and is not ended by what it cannot
    (a list of seats that is not a list)."""
    said: list[str] = []
    game = "ab" * 16
    lone = Peer.create(Identity.generate(), role="player", game_id=game, log=tmp_path / "lone.jsonl")
    host, stranger = Identity.generate(), Identity.generate()
    lone.expect_fp = host.fingerprint  # as its invite says
    mine = lone.identity.fingerprint

    def info(by: Identity, serial: int, **body: object) -> bytes:
        return build(by, game=game, seq=0, prev=None, kind="info", at=0, state="",
                     body={"serial": serial, "release": lone.release, **body}).raw

    at_france = [{"power": "france", "name": "me", "taken": True, "fp": mine}]
    shapes: list[dict[str, object]] = [{"seats": 5}, {"seats": None}, {"seats": {"a": 1}},
                                       {"seats": [{"power": 1}, 7, "x"]}, {"started": []}]
    rogue = Raw(lone.node.endpoint, lone.node.curve_public)
    try:
        assert rogue.hello(game)
        assert rogue.frame(b"INFO", {"seats": at_france})  # not signed
        assert rogue.frame(b"INFO", info(stranger, 50, seats=at_france))  # not the host's key
        for i, shape in enumerate(shapes, 1):
            assert rogue.frame(b"INFO", info(host, 10 + i, **shape))
        assert rogue.frame(b"INFO", info(host, 3, seats=at_france))  # older than the last believed
        run_until([lone], lambda: lone.info_serial == 10 + len(shapes) and lone.node.stats.frames_in >= 9, 10,
                  "the INFO frames taken in")
        idle([lone], 0.3)
    finally:
        rogue.close()
        lone.close()
    assert heard(lone, said) == ["lobby: 1: free"]  # the one list of seats among them; never a seat at France
    assert lone.info == {"started": [], "serial": 15, "release": lone.release}
