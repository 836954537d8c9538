"""Trust at the door, with real peers on loopback: a joiner checks the host's key against
the invite's fingerprint before it asks for a seat; a joiner that goes away before the
start gives its seat back; a key that holds a seat cannot take a second one; a full or
started game refuses a joiner (who is told to spectate); an invite for another game is
refused by the host."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from p2pkit import CHAIN, DROP_MS, Closes, Cluster, crash, heard, idle, joiner, run_until, taken, withhold

from game.client.words.peer import refusal
from net.core.identity import Identity
from net.core.lobby import REFUSALS, new_game_id
from net.peer import LEAVE_MS, Peer


def test_an_invite_whose_fingerprint_is_not_the_hosts_never_takes_a_seat(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2, join=False)
    made.append(c)
    forged = dataclasses.replace(c.invite, fingerprint="aaaa-bbbb-cccc-dddd")
    j = joiner(c, Identity.generate(), "south", invite=forged)
    made.append(j)
    run_until([c.host, j], lambda: j.refused is not None, 10, "the joiner refusing the host")
    assert j.refused is not None
    code, reason = j.refused.code, refusal(j.refused)
    assert code == "fingerprint"
    assert "aaaa-bbbb-cccc-dddd" in reason and c.invite.fingerprint in reason and "not joining" in reason
    idle([c.host, j], 0.5)
    assert taken(c) == [("great_britain", "host")]  # no hello was ever sent: no ghost seat


def test_a_joiner_that_leaves_before_the_start_frees_its_seat(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 3, join=False)
    made.append(c)
    said: list[str] = []
    south = joiner(c, Identity.generate(), "south")
    run_until([c.host, south], lambda: len(taken(c)) == 2, 10, "south seated")
    assert any("south joined and plays France" in s and "waiting for 1 more player" in s for s in heard(c.host, said))
    south.close()  # says BYE: the seat is free at once
    t = run_until([c.host], lambda: len(taken(c)) == 1, 3, "south's seat freed")
    assert t < LEAVE_MS / 1000
    assert any("south left; France is free again" in s for s in heard(c.host, said))
    # a joiner that vanishes without a word (killed) is freed once silent for LEAVE_MS
    east = joiner(c, Identity.generate(), "east")
    run_until([c.host, east], lambda: len(taken(c)) == 2, 10, "east seated")
    crash(east)
    run_until([c.host], lambda: len(taken(c)) == 1, LEAVE_MS / 1000 + 5, "east's seat freed")
    # so the game starts with the players who are there, not with a ghost
    west = joiner(c, Identity.generate(), "west")
    third = joiner(c, Identity.generate(), "third")
    run_until([c.host, west, third], lambda: c.lobby.full, 10, "the table full again")
    assert sorted(n for _, n in taken(c)) == ["host", "third", "west"]
    west.close()
    third.close()


def test_a_key_that_holds_a_seat_cannot_take_another(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 3, join=False)
    made.append(c)
    # the host's own key (two terminals on one machine sharing the default key)
    same_as_host = joiner(c, c.ids[0], "South")
    made.append(same_as_host)
    run_until([c.host, same_as_host], lambda: same_as_host.refused is not None, 10, "the refusal")
    assert same_as_host.refused is not None and same_as_host.refused.code == "key_seated"
    assert refusal(same_as_host.refused) == REFUSALS["key_seated"]  # what the host's BYE would say
    assert "--key" in REFUSALS["key_seated"]
    assert taken(c) == [("great_britain", "host")]  # the host's seat is not renamed "South"
    # a seated joiner's key used again by a second process
    key = Identity.generate()
    first = joiner(c, key, "east")
    made.append(first)
    made.append(first)
    run_until([c.host, first], lambda: len(taken(c)) == 2, 10, "east seated")
    second = joiner(c, key, "east2")
    made.append(second)
    made.append(second)
    run_until([c.host, first, second], lambda: second.refused is not None, 10, "the refusal")
    assert second.refused is not None and second.refused.code == "key_seated"
    assert first.refused is None
    assert taken(c) == [("great_britain", "host"), ("france", "east")]


def test_joining_a_full_or_started_game_is_refused_with_a_pointer_to_spectate(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2)
    made.append(c)
    one = joiner(c, Identity.generate(), "late1")
    made.append(one)
    run_until([*c.peers, one], lambda: one.refused is not None, 10, "the full game refusing")
    assert one.refused is not None and one.refused.code == "full"
    assert refusal(one.refused) == "the game is full; `soe spectate` to watch"
    c.start(chain_length=CHAIN)
    c.run(lambda: c.messages() >= 10, 20, "the game under way")
    two = joiner(c, Identity.generate(), "late2")
    made.append(two)
    run_until([*c.peers, two], lambda: two.refused is not None, 10, "the started game refusing")
    assert two.refused is not None and two.refused.code == "full"
    assert refusal(two.refused) == "the game is full; `soe spectate` to watch"
    assert two.session.seat < 0 and not two.session.my_turn()
    c.finish(90)  # the game goes on without them
    assert len(c.hashes()) == 1


def test_the_host_refuses_an_invite_for_another_game(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2, join=False)
    made.append(c)
    wrong = dataclasses.replace(c.invite, game_id=new_game_id())
    j = joiner(c, Identity.generate(), "south", invite=wrong)
    made.append(j)
    start = time.monotonic()
    run_until([c.host, j], lambda: j.refused is not None, 10, "the refusal")
    assert time.monotonic() - start < 5
    assert j.refused is not None and j.refused.code == "wrong_game"
    assert f"refused game {wrong.game_id}" in refusal(j.refused)
    assert taken(c) == [("great_britain", "host")]


def test_a_drop_names_the_seat_and_the_computer_player_that_takes_it(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 3)
    made.append(c)
    said: list[str] = []
    c.start(timeout_ms=DROP_MS)
    c.run(lambda: c.messages() >= 60, 30, "mid-game")
    withhold(c.peers[2], "reveal")
    c.clock.speed(10)  # the timeout passes in a second
    c.run(lambda: any("was dropped" in s for s in heard(c.host, said)), 60, "the drop")
    assert ("bot2 (Spain) was dropped for keeping the game waiting; a computer player (greedy) plays Spain now"
            in said)


def test_a_refused_joiner_that_leaves_does_not_free_the_seat_of_the_key_it_shares(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 3, join=False)
    made.append(c)
    key = Identity.generate()
    first = joiner(c, key, "east")
    made.append(first)
    run_until([c.host, first], lambda: len(taken(c)) == 2, 10, "east seated")
    second = joiner(c, key, "east2")
    made.append(second)
    run_until([c.host, first, second], lambda: second.refused is not None, 10, "refusal")
    second.close()
    idle([c.host, first], 1.0)
    assert taken(c) == [("great_britain", "host"), ("france", "east")]


def test_a_joiner_killed_before_the_start_and_resumed_asks_for_its_seat_again(made: list[Closes], tmp_path: Path) -> None:
    c = Cluster(tmp_path, 2, join=False)
    made.append(c)
    key = Identity.generate()
    south = joiner(c, key, "south")
    run_until([c.host, south], lambda: len(taken(c)) == 2, 10, "south seated")
    crash(south)
    run_until([c.host], lambda: len(taken(c)) == 1, LEAVE_MS / 1000 + 5, "south's seat freed")
    back = Peer.resume(key, south.files.log, decider=c.decider(1))
    made.append(back)
    run_until([c.host, back], lambda: c.lobby.full, 10, "south seated again")
    assert taken(c) == [("great_britain", "host"), ("france", "south")]
    assert c.host.start_game(timeout_ms=30_000, chain_length=CHAIN)
    run_until([c.host, back], lambda: back.session.seat == 1 and back.over, 90, "the end")
