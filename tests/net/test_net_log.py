"""Persistence (JSON Lines, fsync, truncated tails, resuming), ``soe selfplay --log``,
``soe verify`` and ``tools/verify.py``, and tampered logs."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from netkit import GAME_ID, Game, Mesh, identity, seats_for, secret

from game.cli import main as soe
from net import selfplay
from net.core.encoding import canonical_json
from net.core.envelope import build, parse
from net.core.identity import Identity
from net.core.session import REMADE_ALIKE, Session
from net.core.transcript import rebuild
from net.core.verify import verify_messages
from net.store import TranscriptFile, load, resume_session
from net.verify import verify_file

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def log3(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "game.jsonl"
    assert soe(["selfplay", "--players", "3", "--seed", "2", "--log", str(path)]) == 0
    return path


def test_every_accepted_message_is_appended_and_fsynced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = os.fsync
    monkeypatch.setattr("net.store.os.fsync", lambda fd: (calls.append(fd), real(fd)))
    path = tmp_path / "g.jsonl"
    with TranscriptFile(path) as store:
        g = Game(2, store=store)
        g.play_until(lambda g: g.referee.st.chance_count >= 5)
        n = len(g.t)
        assert len(calls) == n
        rejected = g.t.offer(g.envelope(0, "choice", {"choice": ["nonsense"]}))
        assert not rejected.ok and len(calls) == n  # refused messages are never written
    lines = load(path).messages
    assert lines == [e.env.raw for e in g.t.entries]
    t, failure = rebuild(lines)
    assert failure is None and t.state_hash == g.t.state_hash


def test_a_peer_groups_the_fsyncs_of_received_messages_but_never_sends_what_it_signed_before_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []  # the file's size at each fsync
    real = os.fsync
    monkeypatch.setattr("net.store.os.fsync", lambda fd: (synced.append(os.fstat(fd).st_size), real(fd)))
    m = Mesh(3)
    p = m.peers[1]
    store = TranscriptFile(tmp_path / "p1.jsonl")
    store.group = True  # as a running peer's log (net.peer)
    p.journal = store
    p.transcript.attach_sink(store.append)
    first = len(p.transcript)
    handed: list[int] = []
    take = p.outgoing

    def outgoing() -> list[bytes]:
        out = take()
        if out:
            handed.append(len(out))
        return out

    def sent(raw: bytes) -> None:  # whatever this peer signed is on disk, with every line before it, before it leaves
        if parse(raw).kind not in REMADE_ALIKE:
            assert not store.dirty and synced[-1] == store.path.stat().st_size
            signed.append(raw)

    signed: list[bytes] = []
    p.send_early = sent

    monkeypatch.setattr(p, "outgoing", outgoing)
    for _ in range(150):
        assert m.step()
    written = len(p.transcript) - first
    own = sum(1 for e in p.transcript.entries[first:] if e.env.author == p.me.public_hex)
    assert handed and own >= 20 and written > 2 * own and signed
    assert len(synced) <= len(signed) < own < written  # an fsync per own signed message, none per received one
    # received lines are written at once (a killed process loses none of them); sync() makes them durable
    assert load(store.path).messages == [e.env.raw for e in p.transcript.entries[first:]]
    store.sync()
    assert synced[-1] == store.path.stat().st_size and not store.dirty
    store.close()


def test_a_running_peer_fsyncs_received_messages_when_the_network_is_quiet_or_within_a_second(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from net.peer import QUIET_MS, SYNC_MS, Peer

    g = Game(2)
    g.play_until(lambda g: len(g.t) > 41)
    raws = [e.env.raw for e in g.t.entries]
    now = [1_000]
    peer = Peer.create(Identity.generate(), role="spectator", game_id=GAME_ID, log=tmp_path / "s.jsonl",
                       clock=lambda: now[0])
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr("net.store.os.fsync", lambda fd: (synced.append(os.fstat(fd).st_size), real(fd)))

    def take(raw: bytes, after_ms: int) -> None:
        """``after_ms`` later, a frame brings ``raw``; then a turn of the peer's loop."""
        now[0] += after_ms
        peer.node.stats.frames_in += 1  # what the node counts as each frame arrives
        assert peer.replica.receive(raw, now[0]) == "accepted"
        peer.step(0)

    try:
        assert peer.store is not None
        first = now[0] + QUIET_MS // 2  # when the first message is written
        for raw in raws[:40]:  # messages keep coming, each less than QUIET_MS after the last
            take(raw, QUIET_MS // 2)
        # each written at once (a killed process loses none of them), none fsynced yet: an
        # fsync while frames come would hold up what they bring
        assert now[0] - first < SYNC_MS and load(peer.files.log).messages == raws[:40] and not synced
        while now[0] - first < SYNC_MS - QUIET_MS // 2:
            peer.node.stats.frames_in += 1  # other frames (heartbeats) keep the network busy
            now[0] += QUIET_MS // 2
            peer.step(0)
        assert not synced and peer.store.dirty
        now[0] += QUIET_MS // 2  # a second after the first unsynced line: durable, busy or not
        peer.node.stats.frames_in += 1
        peer.step(0)
        assert synced == [peer.files.log.stat().st_size] and not peer.store.dirty
        take(raws[40], 1)
        now[0] += QUIET_MS - 1
        peer.step(0)
        assert len(synced) == 1
        now[0] += 1  # no frame for QUIET_MS: a quiet moment to make it durable
        peer.step(0)
        assert synced[-1] == peer.files.log.stat().st_size and len(synced) == 2 and not peer.store.dirty
        now[0] += 10 * SYNC_MS
        peer.step(0)
        assert len(synced) == 2  # nothing new written: nothing to fsync
    finally:
        peer.close()


def test_truncated_last_line_is_reported_and_cut(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    with TranscriptFile(path) as store:
        Game(2, store=store)
    whole = path.read_bytes()
    n = whole.count(b"\n")
    path.write_bytes(whole + b'{"at":3,"auth')
    loaded = load(path)
    assert len(loaded.messages) == n and loaded.truncated == b'{"at":3,"auth'
    rep = verify_file(path)
    assert not rep.fair and rep.truncated_tail and rep.failure and rep.failure["line"] == n + 1
    store = TranscriptFile(path)
    assert store.repaired == b'{"at":3,"auth'
    store.close()
    assert path.read_bytes() == whole


def _exchange(peers: list[Session], now: int) -> None:
    while True:
        moved = False
        for i, p in enumerate(peers):
            for raw in p.outgoing():
                for j, q in enumerate(peers):
                    if j != i:
                        q.incoming(raw, now)
                        moved = True
        if not moved:
            return


def test_resume_from_the_log_after_a_crash(tmp_path: Path) -> None:
    from game.bots import make_bot

    path = tmp_path / "a.jsonl"
    a = Session(identity(0), secret=secret(0), journal=TranscriptFile(path))
    b = Session(identity(1), secret=secret(1))
    assert a.create(seats_for(2), now=0, game_id=GAME_ID, chain_length=1024).ok
    bots = [make_bot("random", 1), make_bot("random", 2)]

    def play(peers: list[Session], steps: int) -> None:
        for _ in range(steps):
            _exchange(peers, 0)
            if all(p.referee.closed for p in peers):
                return
            p = next(p for p in peers if p.my_turn())
            assert p.submit(bots[p.seat].choose(p.state, p.seat, p.legal()), 0).ok

    play([a, b], 60)
    _exchange([a, b], 0)
    while not b.my_turn():
        play([a, b], 1)
        _exchange([a, b], 0)
    assert b.submit(bots[b.seat].choose(b.state, b.seat, b.legal()), 0).ok
    b.outgoing()  # lost in flight: a crashes before it arrives
    del a  # crash: the file is all that is left (plus the chain secret)
    a2 = resume_session(identity(0), path, secret=secret(0))
    lacking = b.transcript.missing_for(a2.transcript.heads())  # catch-up: what a2 lacks
    assert 0 < len(lacking) < len(b.transcript)
    for raw in lacking:
        assert a2.incoming(raw, 0).ok
    assert a2.transcript.state_hash == b.transcript.state_hash
    play([a2, b], 5000)
    assert a2.referee.closed and b.referee.closed
    rep = verify_file(path)
    assert rep.fair, rep.failure


def test_selfplay_log_verifies_fair(log3: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert soe(["verify", str(log3)]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("fair")
    assert "chance events:" in out and "final state hash:" in out and "dice" in out and "final scores:" in out
    assert soe(["verify", str(log3), "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["fair"] and rep["chance_events"] > 10 and len(rep["players"]) == 3
    assert len(rep["final_state"]) == 64 and rep["scores"] and rep["faces"] and sum(rep["faces"]) > 0
    lines = log3.read_bytes().splitlines()
    assert len(lines) == rep["messages"]
    kinds = {parse(x).kind for x in lines}
    assert kinds == {"genesis", "seat", "choice", "reveal", "commit", "open", "end"}
    authors = {parse(x).author for x in lines}
    assert len(authors) == 3  # every seat signs with its own key


def test_tools_verify_script(log3: Path) -> None:
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "verify.py"), str(log3)], capture_output=True,
                         text=True, cwd=str(ROOT / "tests"))
    assert run.returncode == 0, run.stderr
    assert run.stdout.rstrip().endswith("fair")


def test_selfplay_logs_are_reproducible(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    selfplay.play_logged(2, 9, None, a, chain_length=1024)
    selfplay.play_logged(2, 9, None, b, chain_length=1024)
    assert a.read_bytes() == b.read_bytes()


def test_beacon_recomputed_independently(log3: Path) -> None:
    """From the log alone, with hashlib and hmac: the first chance event (the first player,
    one value in 0..2) comes from the three seats' first reveals."""
    msgs = [json.loads(x) for x in log3.read_bytes().splitlines()]
    genesis = msgs[0]
    keys = [s["key"] for s in genesis["body"]["seats"]]
    reveals = {m["author"]: bytes.fromhex(m["body"]["value"]) for m in msgs if m["kind"] == "reveal"
               and m["body"]["r"] == 1}
    chains = {m["author"]: bytes.fromhex(m["body"]["chain"]) for m in msgs if m["kind"] == "seat"}
    for k in keys:
        assert hashlib.sha256(b"soe/chain" + reveals[k]).digest() == chains[k]
    b1 = hashlib.sha256(b"soe/beacon" + bytes.fromhex(genesis["game"]) + (1).to_bytes(8, "big")
                        + b"".join(reveals[k] for k in keys)).digest()
    limit = (1 << 32) - (1 << 32) % 3
    block = hmac.new(b1, (0).to_bytes(8, "big"), hashlib.sha256).digest()
    words = [int.from_bytes(block[i:i + 4], "big") for i in range(0, 32, 4)]
    first = next(w for w in words if w < limit) % 3
    t, failure = rebuild(log3.read_bytes().splitlines())
    assert failure is None
    assert t.referee.chances[0].values == (first,) and t.referee.chances[0].beacon == b1.hex()


def _resign_chain(msgs: list[bytes], index: int, body: dict[str, object], ids: dict[str, Identity]) -> list[bytes]:
    """Replace message ``index``'s body, re-sign it, and re-sign the author's later
    messages so that its chain (prev) stays whole: a forger with the author's key."""
    out = list(msgs)
    obj = json.loads(out[index])
    author = obj["author"]
    new_prev = None
    for i in range(index, len(out)):
        o = json.loads(out[i])
        if o["author"] != author:
            continue
        if i == index:
            o["body"] = body
        else:
            o["prev"] = new_prev
        fields = {k: o[k] for k in ("game", "seq", "prev", "kind", "at", "state", "body")}
        env = build(ids[author], **fields)
        out[i] = env.raw
        new_prev = env.id
    return out


def _selfplay_ids(players: int, seed: int) -> dict[str, Identity]:
    ids = [Identity.from_seed(selfplay._derive(b"key", seed, i)) for i in range(players)]
    return {i.public_hex: i for i in ids}


def test_tampered_logs_fail_at_the_right_line(log3: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    msgs = log3.read_bytes().splitlines()
    ids = _selfplay_ids(3, 2)
    bad = tmp_path / "bad.jsonl"

    def check(lines: list[bytes], line: int | None, codes: set[str]) -> None:
        bad.write_bytes(b"".join(x + b"\n" for x in lines))
        capsys.readouterr()
        assert soe(["verify", str(bad), "--json"]) == 1
        rep = json.loads(capsys.readouterr().out)
        assert not rep["fair"] and rep["failure"]["code"] in codes, rep["failure"]
        if line is not None:
            assert rep["failure"]["line"] == line

    # a flipped byte in a signature
    i = next(k for k, x in enumerate(msgs) if parse(x).sig and k >= 20)
    o = json.loads(msgs[i])
    o["sig"] = ("0" if o["sig"][0] != "0" else "1") + o["sig"][1:]
    check(msgs[:i] + [canonical_json(o)] + msgs[i + 1:], i + 1, {"bad_signature"})
    # a reveal replaced by another value, correctly signed: it no longer hashes onto the chain
    i = next(k for k, x in enumerate(msgs) if parse(x).kind == "reveal" and k > 30)
    body = dict(parse(msgs[i]).body, value="42" * 32)
    check(_resign_chain(msgs, i, body, ids), i + 1, {"bad_reveal"})
    # a different legal choice, correctly signed: the game diverges and a later state hash fails
    t, _ = rebuild([])
    for k, x in enumerate(msgs):
        env = parse(x)
        if env.kind == "choice" and k > 40:
            from game.rules import legal

            options = [c.wire() for c in legal(t.referee.st, t.seat_of(env.author))]
            alt = next((c for c in options if c != env.body["choice"]), None)
            if alt is not None:
                forged = _resign_chain(msgs, k, {"choice": alt}, ids)
                bad.write_bytes(b"".join(y + b"\n" for y in forged))
                rep = verify_file(bad)
                assert not rep.fair and rep.failure and rep.failure["line"] > k + 1
                break
        assert t.offer(x).ok
    # a second signed message with the same author and seq (equivocation)
    j = next(k for k, x in enumerate(msgs) if parse(x).kind == "choice" and k > 50)
    twin = _resign_chain(msgs, j, {"choice": ["no such choice"]}, ids)[j]
    check(msgs[:j + 1] + [twin] + msgs[j + 1:], j + 2, {"equivocation"})
    # another reveal where the author's is: anyone can write one, so it proves nothing against the author
    j = next(k for k, x in enumerate(msgs) if parse(x).kind == "reveal" and k > 50)
    o = json.loads(msgs[j])
    o["state"] = "ab" * 32
    check(msgs[:j + 1] + [canonical_json(o)] + msgs[j + 1:], j + 2, {"forged"})
    # a reveal may not carry a signature
    o = json.loads(msgs[j])
    o["sig"] = "ab" * 64
    check(msgs[:j] + [canonical_json(o)] + msgs[j + 1:], j + 1, {"malformed"})
    # replayed old message
    check(msgs[:60] + [msgs[10]] + msgs[60:], 61, {"duplicate"})
    # a game cut short is not fair either
    check(msgs[: len(msgs) // 2], None, {"incomplete"})


def test_verify_gives_the_verdict_of_offering_each_line_in_turn(log3: Path) -> None:
    """verify_messages checks the form and signatures of a batch of lines before replaying
    them: the verdict is still the first line the transcript refuses, one line after the
    other, and why (lines refused for other reasons before a bad signature in the same
    batch, and after it; in the first batch and in later ones)."""
    msgs = log3.read_bytes().splitlines()
    assert len(msgs) > 2 * 256
    ids = _selfplay_ids(3, 2)

    def flip(x: bytes) -> bytes:
        o = json.loads(x)
        o["sig"] = ("0" if o["sig"][0] != "0" else "1") + o["sig"][1:]
        return canonical_json(o)

    def signed(after: int) -> int:
        return next(k for k, x in enumerate(msgs) if k > after and parse(x).sig)

    logs = [msgs, msgs[:300]]
    for i in (signed(5), signed(260), signed(len(msgs) - 40)):
        logs.append(msgs[:i] + [flip(msgs[i])] + msgs[i + 1:])  # a bad signature
        logs.append(msgs[:i] + [b"{not json"] + msgs[i + 1:])  # a line that is no envelope
        logs.append(msgs[:i] + msgs[i + 1:])  # a line left out: its author's next is out of order
        j = signed(i + 5)
        logs.append(msgs[:i] + msgs[i + 1:j] + [flip(msgs[j])] + msgs[j + 1:])  # both, the bad signature later
        logs.append(msgs[:i] + [flip(msgs[i])] + msgs[i + 1:j] + msgs[j + 1:])  # both, the bad signature first
        logs.append(msgs[:i] + [msgs[i - 3]] + msgs[i:])  # a line again
        logs.append(_resign_chain(msgs, i, {"choice": ["no such choice"]}, ids))
    for lines in logs:
        t, failure = rebuild(lines)
        rep = verify_messages(lines)
        if failure is None:
            assert rep.failure is None or rep.failure["code"] == "incomplete"
        else:
            assert rep.failure == {"line": failure.index + 1, "code": failure.code, "text": failure.text}
        assert rep.messages == len(t) and rep.final_state == t.state_hash
        _same_report_beside(lines, rep)


def _same_report_beside(lines: list[bytes], want: Any) -> None:
    """``soe verify``'s way (the signatures checked by a second process while the game is
    replayed) gives the report of offering each line in turn, bad signature or not."""
    import net.verify as nv

    mp = pytest.MonkeyPatch()
    mp.setattr(nv, "can_check_beside", lambda lines: True)  # (pytest may have threads of its own)
    try:
        got = nv.verify_messages_beside(lines)
    finally:
        mp.undo()
    assert got.to_json() == want.to_json()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a second process is forked only where fork exists")
def test_soe_verify_checks_the_signatures_beside_the_replay(log3: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay takes the signatures as their authors' only when a second process has
    checked them all; when that process fails, or finds a bad one, the usual check is made
    and says which line is wrong."""
    import net.verify as nv

    msgs = log3.read_bytes().splitlines()
    monkeypatch.setattr(nv, "can_check_beside", lambda lines: True)
    calls: list[bool] = []
    serial = nv.verify_messages

    def counted(*a: Any, signed_elsewhere: bool = False, **kw: Any) -> Any:
        calls.append(signed_elsewhere)
        return serial(*a, signed_elsewhere=signed_elsewhere, **kw)

    monkeypatch.setattr(nv, "verify_messages", counted)
    rep = nv.verify_messages_beside(msgs)
    assert rep.fair and calls == [True]  # one replay, trusting the second process's verdicts
    # a signature the replay took on trust is not its author's: checked again, and named
    i = next(k for k, x in enumerate(msgs) if k >= 100 and parse(x).sig)
    o = json.loads(msgs[i])
    o["sig"] = ("0" if o["sig"][0] != "0" else "1") + o["sig"][1:]
    calls.clear()
    rep = nv.verify_messages_beside(msgs[:i] + [canonical_json(o)] + msgs[i + 1:])
    assert calls == [True, False] and rep.failure is not None and rep.failure["code"] == "bad_signature"
    assert rep.failure["line"] == i + 1
    # the second process fails: the usual check

    def broken(lines: Any) -> bytes:
        raise RuntimeError("no")

    monkeypatch.setattr(nv, "signature_verdicts", broken)
    calls.clear()
    assert nv.verify_messages_beside(msgs).fair and calls == [True, False]


def test_verify_reports_unreadable_and_empty_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert soe(["verify", str(tmp_path / "missing.jsonl")]) == 2
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert soe(["verify", str(empty)]) == 1
    assert "FAILED" in capsys.readouterr().out


def test_verify_messages_counts_what_passed() -> None:
    g = Game(2)
    g.play_until(lambda g: g.referee.st.chance_count >= 4)
    rep = verify_messages([e.env.raw for e in g.t.entries])
    assert rep.status == "incomplete" and rep.messages == len(g.t) and rep.chance_events == 4
