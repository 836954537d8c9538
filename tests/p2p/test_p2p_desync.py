"""Desync: a validly signed message from a seated key that names another state hash for a
position this peer holds makes the peer stop acting and write its dump file."""

from __future__ import annotations

import json
from pathlib import Path

from p2pkit import Cluster, Raw, idle, run_until

from net.core.envelope import build


def test_a_state_hash_that_differs_stops_the_peer_and_writes_its_dump(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2)
    try:
        c.start()
        c.run(lambda: c.messages() >= 60, 30, "mid-game")
        a, b = c.peers
        me, other = c.ids[0].public_hex, c.ids[1].public_hex
        # b pauses; a takes in everything b has signed, so the lie below is b's next message
        run_until([a], lambda: a.session.transcript.last_of(other) == b.session.transcript.last_of(other), 5,
                  "a holding all of b's messages")
        t = a.session.transcript
        seq, prev = t.last_of(other)
        wrong = "ab" * 32
        assert wrong != t.positions[1]
        lie = build(c.ids[1], game=c.game_id, seq=seq, prev=prev, kind="choice", at=1, state=wrong,
                    body={"choice": ["pass"]}).raw
        liar = Raw(a.node.endpoint, a.node.curve_public)
        try:
            assert liar.hello(c.game_id, have=t.heads()) and liar.frame(b"MSG", lie)
            run_until([a], lambda: a.desynced, 5, "the desync")
        finally:
            liar.close()
        dump = json.loads(a.files.desync.read_text(encoding="utf-8"))
        assert dump["position"] == 1 and dump["ours"] == t.positions[1] and dump["theirs"] == wrong
        assert dump["author"] == other and dump["message"] == lie.decode()
        assert dump["transcript"] == str(a.files.log)
        assert a.result()["desync"] and a.node.stats.rejected.get("state_mismatch") == 1
        assert not set(a.node.stats.rejected) - {"state_mismatch", "stale"}, a.node.stats.rejected
        # from now on it signs nothing, whatever arrives: its log stays as it was when it stopped
        mine, held, lines = t.heads()[me], len(t), a.files.log.read_bytes()
        idle(c.peers, 1.0)
        assert t.heads()[me] == mine and len(t) == held and a.files.log.read_bytes() == lines
        # b goes on, taking in everything a had signed before it stopped (whether a signed
        # anything between b's pause and the lie depends on when the lie reached it)
        run_until(c.peers, lambda: b.session.transcript.last_of(me) == t.last_of(me), 10, "b holding a's messages")
    finally:
        c.close()
