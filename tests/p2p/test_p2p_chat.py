"""Chat between the players and spectators of a real game on loopback: every peer hears
every line (flooded like the game's messages), each keeps what it heard beside its log, a
replay shows the lines where they were written, and nothing of it touches the game (the
logs verify as fair, every peer ends on one state). A stranger flooding lines is held to
the per-author rate."""

from __future__ import annotations

from pathlib import Path

from p2pkit import Cluster, idle, verify_log

from game.client.gamefile import load_game_file
from net.core.chat import BURST
from net.core.envelope import build
from net.core.identity import Identity
from net.peer.events import Chat
from net.peer.files import read_chat


def test_players_and_a_spectator_chat_and_the_game_is_untouched(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 3)
    try:
        c.start()
        watcher = c.spectate("s0")
        watcher.name = "East"
        c.run(lambda: c.messages() >= 20 and watcher.session.referee is not None, 60, "a game under way")
        chats: dict[int, list[Chat]] = {id(p): [] for p in c.everyone()}

        def collect() -> None:
            for p in c.everyone():
                chats[id(p)] += [e for e in p.events() if isinstance(e, Chat)]

        assert c.peers[1].chat("Good luck, all!") == ""
        assert watcher.chat("Nice opening") == ""
        assert c.peers[0].chat("") == "bad_body" and c.peers[0].chat("x" * 300) == "bad_body"
        c.run(lambda: (collect() is None) and all(len(chats[id(p)]) >= 2 for p in c.everyone()), 30,
              "every peer hearing both lines")
        for p in c.everyone():
            said = {(e.name, e.seat, e.text) for e in chats[id(p)]}
            assert ("bot1", 1, "Good luck, all!") in said and ("East", -1, "Nice opening") in said, said
            own = [e for e in chats[id(p)] if e.own]
            assert all(e.author == p.identity.public_hex for e in own)
        c.finish(90)
        assert len(c.hashes()) == 1
        for i in range(3):
            verify_log(c.log(i))  # chat is no part of the log: it stays fair
            assert len(read_chat(c.log(i))) >= 2
        game = load_game_file(c.log(0))
        lines = [e["text"] for s in game.steps for e in s.events if e.get("kind") == "chat"]
        assert "bot1: Good luck, all!" in lines and "East (watching): Nice opening" in lines
        assert game.verdict.status == "fair"
    finally:
        c.close()


def test_a_stranger_flooding_chat_lines_is_held_to_the_rate(tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2)
    try:
        c.start()
        c.run(lambda: c.messages() >= 6, 30, "a game under way")
        stranger = Identity.generate()
        prev = None
        lines = []
        for i in range(40):  # bounded: forty lines at once, signed, chained
            env = build(stranger, game=c.game_id, seq=i, prev=prev, kind="chat", at=0, state="",
                        body={"name": "spam", "text": f"buy now {i}"})
            lines.append(env.raw)
            prev = env.id
        host = c.host
        codes = [host.replica.receive(raw, host.clock()) for raw in lines]
        assert codes.count("accepted") == BURST and codes.count("rate") == 40 - BURST
        got: list[Chat] = []

        def spam() -> int:
            got.extend(e for e in c.peers[1].events() if isinstance(e, Chat))
            return len(got)

        c.run(lambda: spam() >= BURST, 20, "the joiner hearing what the host took")
        idle(c.everyone(), 1.0)
        spam()
        assert [e.text for e in got] == [f"buy now {i}" for i in range(BURST)]  # no more reached the others
        assert all(e.seat == -1 and e.name == "spam" for e in got)
    finally:
        c.close()
