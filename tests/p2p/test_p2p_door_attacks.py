"""Attacks at the door, with real peers on loopback (docs/network.md, "At the door"):

- a stranger that names a seated joiner's key in its own ``HELLO`` (read from that joiner's
  ``HELLO``) and says ``BYE leaving`` frees no seat, and cannot keep the seat of a joiner
  that vanished either (its hello stops coming);
- a stranger's ``INFO`` (unsigned, signed by another key, or an older one of the host's)
  does not tell a joiner it sits at another power;
- a genesis the host signs for the same game id with the nonce of a joiner's earlier hello
  does not seat that joiner (attack 9 of the second hostile review), which leaves without
  signing anything;
- a joiner resumed before the start says the same hello again and keeps its seat;
- ``soe join`` never sits again, with another secret, in a game id it has a log of.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from p2pkit import CHAIN, DROP_MS, TIMEOUT_MS, Closes, Cluster, Raw, crash, heard, idle, joiner, run_until, taken

from game.client.netgames import NetStartError, default_log, identity_for, join_game
from game.client.words.lobby import window_error
from game.client.words.netgames import start_error
from game.client.words.peer import refusal
from net.core.envelope import build
from net.core.identity import Identity
from net.core.lobby import Invite
from net.peer import LEAVE_MS, Peer
from net.peer.events import LobbySeats, Seated, Started
from net.peer.files import read_meta


def claim(raw: Raw, game: str, key: str) -> bool:
    """A ``HELLO`` naming someone else's player key."""
    return raw.frame(b"HELLO", {"game": game, "node": "stranger", "addr": "", "curve": "", "role": "player",
                                "key": key, "have": {}})


def test_a_stranger_naming_a_seated_joiners_key_and_saying_bye_frees_no_seat(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2, join=False)
    made.append(c)
    south = joiner(c, Identity.generate(), "south")
    c.peers.append(south)
    c.run(lambda: len(taken(c)) == 2, 10, "south seated")
    spy = Raw(south.node.endpoint, south.node.curve_public)  # the stranger reads south's key from south's own HELLO
    made.append(spy)
    assert spy.hello(c.game_id)
    c.run(lambda: spy.seen(b"HELLO"), 10, "south's HELLO")
    key = next(json.loads(p)["key"] for k, p in spy.decoded() if k == b"HELLO")
    assert key == south.identity.public_hex
    rogue = Raw(c.invite.endpoint, c.invite.curve)
    made.append(rogue)
    assert claim(rogue, c.game_id, key)
    assert rogue.frame(b"BYE", {"code": "leaving", "reason": "left before the start"})
    late = joiner(c, Identity.generate(), "latecomer")  # would take the seat the BYE freed
    made.append(late)
    run_until([*c.peers, late], lambda: late.refused is not None, 10, "the stranger refused")
    assert late.refused is not None and late.refused.code == "full"
    idle(c.peers, LEAVE_MS / 1000 + 1)  # south's hello keeps coming: no silence frees its seat either
    assert taken(c) == [("great_britain", "host"), ("france", "south")] and south.refused is None
    assert not any(b'"kind":"hello"' in m for m in spy.messages())  # south's hello went to the host alone
    assert c.host.start_game(timeout_ms=TIMEOUT_MS, chain_length=CHAIN)
    c.finish(90)
    assert len(c.hashes()) == 1 and south.session.seat == 1


def test_a_stranger_claiming_a_vanished_joiners_key_keeps_no_ghost_seat(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 3, join=False)
    made.append(c)
    east = c.join(1)
    c.run(lambda: c.seated_at_least(2), 10, "east seated")
    south = joiner(c, Identity.generate(), "south")
    rogue = Raw(c.invite.endpoint, c.invite.curve)
    made.append(rogue)
    run_until([c.host, east, south], lambda: len(taken(c)) == 3, 10, "south seated")
    assert claim(rogue, c.game_id, south.identity.public_hex)
    crash(south)
    said = [time.monotonic()]

    def talk() -> None:  # the stranger's link stays alive, naming south's key
        if time.monotonic() - said[0] > 0.3:
            said[0] = time.monotonic()
            rogue.frame(b"HAVE", {"have": {}, "direct": []})

    c.run(lambda: len(taken(c)) == 2, LEAVE_MS / 1000 + 5, "south's seat freed", also=talk)
    assert ("spain", "south") not in taken(c)
    west = joiner(c, Identity.generate(), "west")
    c.peers.append(west)
    c.start()  # every seat taken again: by people who are there
    c.finish(90)
    assert len(c.hashes()) == 1 and west.session.seat == 2


def test_a_strangers_info_does_not_tell_a_joiner_it_sits_at_another_power(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2, join=False)
    made.append(c)
    early = Raw(c.invite.endpoint, c.invite.curve)  # an INFO of the host's, from before south sat down
    made.append(early)
    assert early.hello(c.game_id)
    c.run(lambda: early.seen(b"INFO"), 10, "the host's INFO")
    old = next(p for k, p in early.decoded() if k == b"INFO")
    south = joiner(c, Identity.generate(), "south")
    c.peers.append(south)
    c.run(lambda: south.seat_told == "france", 10, "south told its seat")
    heard(south, [])
    stranger = Identity.generate()
    seats = [{"power": "great_britain", "name": "south", "taken": True, "fp": south.identity.fingerprint},
             {"power": "france", "name": "host", "taken": True, "fp": c.host.identity.fingerprint}]
    lie: dict[str, Any] = {"game": c.game_id, "host": c.host.identity.fingerprint, "started": False,
                           "release": south.release, "seats": seats}
    rogue = Raw(south.node.endpoint, south.node.curve_public)
    made.append(rogue)
    assert rogue.hello(c.game_id)
    assert rogue.frame(b"INFO", lie)  # unsigned
    signed = build(stranger, game=c.game_id, seq=0, prev=None, kind="info", at=0, state="",
                   body={**lie, "serial": 1_000}).raw
    assert rogue.frame(b"INFO", signed)  # signed, but not by the invite's host key
    assert rogue.frame(b"INFO", old)  # the host's own, older than the one south has
    frames = south.node.stats.frames_in
    c.run(lambda: south.node.stats.frames_in >= frames + 4, 10, "the INFO frames at south")
    idle(c.peers, 0.5)
    told = [e for e in south.events() if isinstance(e, Seated | LobbySeats)]
    assert told == [] and south.seat_told == "france"
    assert c.host.start_game(timeout_ms=TIMEOUT_MS, chain_length=CHAIN)
    started: list[Started] = []
    c.run(lambda: bool(started.extend(e for e in south.events() if isinstance(e, Started)) or started), 10,
          "south's game starting")
    assert started[0].power == "france"
    c.finish(90)
    assert len(c.hashes()) == 1


def test_a_genesis_signed_again_with_an_earlier_hellos_nonce_does_not_seat_the_joiner(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 3, join=False)
    made.append(c)
    east = c.join(1)
    c.run(lambda: c.seated_at_least(2), 10, "east seated")
    key = Identity.generate()
    first = joiner(c, key, "south", "south1")
    run_until([c.host, east, first], lambda: len(taken(c)) == 3, 10, "south seated")
    old = c.lobby.seats[2].nonce
    first.close()  # a signed leave: the seat is free at once
    run_until([c.host, east], lambda: len(taken(c)) == 2, 3, "south's seat freed")
    again = joiner(c, key, "south", "south2")  # south comes back: a new hello, a new nonce
    made.append(again)
    run_until([c.host, east, again], lambda: len(taken(c)) == 3, 10, "south seated again")
    assert c.lobby.seats[2].nonce == again.nonce != old
    # the host signs the genesis with the seat of south's earlier hello
    seats = [replace(s, nonce=old) if s.key == key.public_hex else s for s in c.lobby.seat_infos()]
    assert c.host.session.create(seats, now=c.clock(), game_id=c.game_id, timeout_ms=DROP_MS,
                                 chain_length=CHAIN).ok
    c.lobby.started = True
    run_until([c.host, east, again], lambda: again.refused is not None, 10, "south leaving")
    assert again.refused is not None and again.refused.code == "not_this_lobby"
    assert refusal(again.refused).startswith("the game's genesis was not made for this lobby")
    idle([c.host, east, again], 1.0)
    assert again.session.transcript.genesis is None  # never taken in: south signed nothing in it
    assert key.public_hex not in {e.env.author for e in c.host.session.transcript.entries}
    c.clock.speed(10)  # the others hand south's seat to the computer player and play on
    c.finish(90)
    assert len(c.hashes()) == 1


def test_a_joiner_resumed_before_the_start_says_the_same_hello_and_keeps_its_seat(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2, join=False)
    made.append(c)
    key = Identity.generate()
    south = joiner(c, key, "south")
    run_until([c.host, south], lambda: len(taken(c)) == 2, 10, "south seated")
    nonce = c.lobby.seats[1].nonce
    assert read_meta(south.files)["hello"] == ["south", "", nonce]
    crash(south)
    back = Peer.resume(key, south.files.log, decider=c.decider(1), clock=c.clock)  # at once: the seat is still held
    c.peers.append(back)
    assert back.nonce == nonce
    idle(c.peers, 2.0)
    assert back.refused is None and taken(c) == [("great_britain", "host"), ("france", "south")]
    assert c.lobby.seats[1].nonce == nonce
    assert c.host.start_game(timeout_ms=TIMEOUT_MS, chain_length=CHAIN)
    c.finish(90)
    assert back.session.seat == 1 and len(c.hashes()) == 1


def test_soe_join_never_sits_again_in_a_game_it_has_a_log_of(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A host that signs a game id again cannot have a joiner's program sit in it with a
    second secret: ``soe join`` of a game whose log this key has (where ``soe join`` keeps
    it) is refused, whichever ``--log`` it is given; a log that holds nothing (a lobby left
    before the start) is no game."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    key = str(tmp_path / "south.pem")
    invite = Invite("127.0.0.1", 9, "ab" * 16, "aaaa-bbbb-cccc-dddd")
    old = default_log(invite.game_id, identity_for(key))
    old.parent.mkdir(parents=True)
    old.write_bytes(b"")
    peer = join_game(invite, name="south", key=key, log=str(tmp_path / "first.jsonl"), bind="127.0.0.1")
    peer.close()
    old.write_text('{"kind": "genesis"}\n', encoding="utf-8")
    for log in (str(tmp_path / "other.jsonl"), None):
        with pytest.raises(NetStartError) as caught:
            join_game(invite, name="south", key=key, log=log, bind="127.0.0.1")
        err = caught.value
        assert (err.code, err.fields["log"]) == ("played_before" if log else "log_in_use", str(old))
    assert start_error("played_before", {"log": str(old)}) == (
        f"you played this game already, with the log {old}: a game is joined once with a key (`soe resume {old}` "
        "goes on with it)")
    assert "continue it from the main menu" in window_error("played_before", {"log": str(old)})
    assert not (tmp_path / "other.jsonl").exists()
