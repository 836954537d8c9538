"""Strangers on the transport (anyone holding an invite, or only a peer's address), each
attack played against real peers over loopback while the honest ones finish their game on
one state (docs/network.md, "Limits"): asking for catch-up again and again, a peer table
filled with made-up addresses, and more connections than a process may have files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest
from p2pkit import DROP_MS, Cluster, Raw, crash, run_until, verify_log

from game.bots import make_bot
from net.core.encoding import canonical_json
from net.core.identity import Identity
from net.core.lobby import Invite
from net.mesh import encode_frame
from net.mesh.peers import SEATED
from net.peer import BotDecider, Peer
from net.verify import verify_file

ROOT = Path(__file__).resolve().parents[2]
STRANGERS = 16
RATE = 200  # frames a second a link may send (Limits.rate)


def test_strangers_asking_for_catch_up_again_and_again_cost_what_they_may_receive(tmp_path: Path) -> None:
    """Attack 4: sixteen connections with no seat (a spectator's invite is all they need)
    say HELLO with nothing held, then HAVE with nothing held as often as a link may send
    a frame, while the game is played. Their frames past a few a second are
    dropped unread, and each one answered looks at no more of the transcript than the
    address's catch-up budget pays for: the game ends on one state, and the host did for
    the strangers what their budget allows, whatever they sent."""
    c = Cluster(tmp_path, 3)
    strangers: list[Raw] = []
    try:
        c.start()
        c.run(lambda: c.messages() >= 100, 30, "mid-game")
        host = c.host.node
        lim = host.limits
        for i in range(STRANGERS):
            r = Raw(c.invite.endpoint, c.invite.curve, sndhwm=1_000)
            assert r.frame(b"HELLO", {"game": c.game_id, "node": f"stranger{i}", "addr": "", "curve": "",
                                      "role": "spectator", "key": "", "have": {}})
            strangers.append(r)
        have = encode_frame(b"HAVE", canonical_json({"have": {}, "direct": []}))
        before = c.messages()
        start = time.monotonic()
        sent = [0]

        def ask() -> None:
            due = int((time.monotonic() - start) * RATE) - sent[0]
            for _ in range(min(due, 20)):
                for r in strangers:
                    r.send(have)
                sent[0] += 1
            for r in strangers:
                r.read(0)

        c.run(lambda: all(p.over for p in c.everyone()), 60, "the end of the game", also=ask)
        elapsed = time.monotonic() - start
        for r in strangers:
            r.read(50)
    finally:
        for r in strangers:
            r.close()
        c.close()
    assert len(c.hashes()) == 1 and not any(p.desynced for p in c.peers)
    for p in c.peers:
        verify_log(p.files.log)
    links = [lk for lk in host.links.values() if lk.node.startswith("stranger")]
    assert len(links) == STRANGERS and sent[0] >= RATE * elapsed * 0.5
    asked = sent[0] * STRANGERS
    # few frames a second read on each link, the rest dropped before they were read (or
    # still on their way when the game ended)
    read = sum(lk.calls_taken for lk in links)
    assert read <= STRANGERS * (lim.calls_burst + (elapsed + 1) * lim.calls_rate) + STRANGERS, (read, asked)
    # what was looked at and sent for all of them came from their address's one budget
    # (besides the game's new messages, flooded to every link once)
    budget = lim.catchup_burst + (elapsed + 1) * lim.catchup_rate
    looked = sum(lk.looked for lk in links)
    flooded = STRANGERS * sum(len(e.env.raw) for e in c.host.session.transcript.entries[before:])
    got = sum(len(m) for r in strangers for m in r.messages())
    assert looked * lim.catchup_step + got <= budget + flooded, (looked, got, flooded, budget)
    assert host.stats.catchup_paced > 0  # it was the budget that stopped them


def made_up(n: int, start: int = 0) -> list[dict[str, str]]:
    """Peers no one runs (TEST-NET addresses: no answer, ever)."""
    return [{"node": f"fake{start + i}", "addr": f"tcp://192.0.2.{1 + (start + i) // 250}:{1000 + start + i}",
             "curve": ""} for i in range(n)]


def linked(a: Peer, b: Peer) -> bool:
    """Whether ``a`` has a greeted link on which ``b``'s player key said HELLO."""
    return any(lk.greeted and lk.peer_key == b.identity.public_hex for lk in a.node.links.values())


def test_made_up_peers_filling_the_host_table_keep_neither_players_apart_nor_the_game_from_its_end(
        tmp_path: Path) -> None:
    """Attack 6: before anyone joins, a stranger fills the host's peer table with 64
    made-up addresses (a PEERS frame, and its HELLO's address), and names more as the
    joiners come. A table keeps room for what it has checked (a node that said HELLO with
    a seated key on a live link, or that answered when dialled), and made-up names get a
    bounded share of it: the joiners are introduced and meet, so when the host then
    vanishes mid-game they drop its seat by vote and finish on one state."""
    c = Cluster(tmp_path, 3, join=False)
    host = c.host.node
    rogue = Raw(c.invite.endpoint, c.invite.curve)
    named = [64]

    def name_more() -> None:  # a few more made-up peers now and then, as the joiners come
        if named[0] < 64 * 20 and c.clock() % 200 < 5:
            rogue.frame(b"PEERS", made_up(8, named[0]))
            named[0] += 8

    try:
        assert rogue.hello(c.game_id, node="rogue", addr="tcp://192.0.2.200:9")
        assert rogue.frame(b"PEERS", made_up(64))
        c.run(lambda: host.stats.frames_in >= 2, 10, "the made-up peers taken in")
        assert len(host.peers) == host.limits.max_named  # the names' share of the table, full
        for i in (1, 2):
            c.join(i)
            c.run(partial(c.seated_at_least, i + 1), 10, f"seat {i} taken", also=name_more)
        b, d = c.peers[1:]
        c.run(lambda: linked(b, d) and linked(d, b), 15, "the joiners meet", also=name_more)
        c.start(timeout_ms=DROP_MS)
        c.run(lambda: c.messages() >= 40 and all(p.session.referee is not None for p in c.peers), 30, "mid-game",
              also=name_more)
    finally:
        rogue.close()
    joiners = c.peers[1:]
    # the made-up names kept to their share, the joiners in the table as seated players
    assert sum(1 for e in host.table.entries.values() if not e.checked) <= host.limits.max_named
    assert all(getattr(host.table.get(p.node.node_id), "rank", 0) == SEATED for p in joiners)
    assert sum(1 for lk in host.links.values() if lk.learned) <= host.limits.max_named + len(joiners)
    crash(c.host)
    c.peers = joiners
    c.clock.speed(10)  # the timeout passes in a second
    run_until(joiners, lambda: all(p.over for p in joiners), 30, "the end of the game without the host")
    try:
        assert len({p.result()["state_hash"] for p in joiners}) == 1
        rep = verify_file(joiners[0].files.log)
        assert [d["seats"] for d in rep.drops] == [[0]] and rep.drops[0]["voters"] == [1, 2]
    finally:
        c.close()


def test_more_connections_than_the_host_may_open_files_neither_end_it_nor_keep_a_spectator_out(
        tmp_path: Path) -> None:
    """Attack 7: a host whose process may open 256 files (a system's usual limit is 1024,
    macOS's 256) gets 300 plain TCP connections from one address, held open and opened
    again as they are closed, from before its joiners come to the end of the game. It
    shuts those past 32 from that address down as soon as they are accepted, so its files
    are never used up: the game is played to the end, and a spectator who comes in the
    middle of it gets in and catches up."""
    from tools.netbench.attacks import PlainConnections, loopback_other

    if not loopback_other():  # (the flood must not come from the honest peers' address: it is counted apart)
        pytest.skip("no second loopback address (127.0.0.2) to connect from")
    files = 256
    host = subprocess.Popen([sys.executable, str(Path(__file__).with_name("fdhost.py")), str(tmp_path), str(files),
                             "60"], stdout=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    peers: list[Peer] = []
    flood: PlainConnections | None = None
    try:
        assert host.stdout is not None
        invite = Invite.parse(host.stdout.readline().strip())
        flood = PlainConnections(invite.port, 300, per_s=1_000, limit=4_000)
        deadline = time.monotonic() + 1
        while time.monotonic() < deadline:  # the flood under way before anyone joins
            flood.tick()
            time.sleep(0.005)
        for i in (1, 2):
            p = Peer.create(Identity.generate(), role="player", game_id=invite.game_id, log=tmp_path / f"p{i}.jsonl",
                            name=f"bot{i}", decider=BotDecider(make_bot("greedy", i)))
            p.connect(invite)
            peers.append(p)
        run_until(peers, lambda: all(p.session.transcript.position > 0 for p in peers), 20, "the game started",
                  also=flood.tick)
        run_until(peers, lambda: len(peers[0].session.transcript) >= 60, 20, "mid-game", also=flood.tick)
        watcher = Peer.create(Identity.generate(), role="spectator", game_id=invite.game_id,
                              log=tmp_path / "s.jsonl")
        watcher.auto_drop = False
        watcher.connect(invite)
        peers.append(watcher)
        run_until(peers, lambda: all(p.over for p in peers), 40, "the end of the game", also=flood.tick)
        assert flood.opened > 300 and flood.closed_by_peer > 0
        (tmp_path / "stop").touch()
        out, _ = host.communicate(timeout=20)
    finally:
        if flood is not None:
            flood.close()
        for p in peers:
            p.close()
        if host.poll() is None:
            host.kill()
            host.wait()
    assert host.returncode == 0, out
    said = json.loads(out.strip().splitlines()[-1])
    assert said["over"] and {p.session.transcript.state_hash for p in peers} == {said["state"]}
    assert said["shed"] >= 300 - 32 and said["cap"] < files // 2  # most of the flood shut down
