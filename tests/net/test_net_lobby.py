"""The host's lobby on its own (net/core/lobby.py): a seat is given back only by a ``leave``
its key signed for the hello that took it; a hello of another release, or one whose nonce
was withdrawn, seats no one; the same hello again is a duplicate, another hello of a seated
key is refused; the ``info`` the host signs rises in serial with each change; and the
lobby saved in the host's peer file comes back as it was."""

from __future__ import annotations

import json

from netkit import GAME_ID, identity

from net.core.envelope import build
from net.core.lobby import Lobby, hello, leave, new_nonce, read_info
from net.core.release import RELEASE


def _lobby() -> Lobby:
    lobby = Lobby(identity(0), GAME_ID, 3, host_name="host")
    lobby.settings = {"chain_length": 1024, "timeout_ms": 30_000}
    return lobby


def _taken(lobby: Lobby) -> list[str]:
    return [s.name for s in lobby.seats if s.key]


def test_a_seat_is_given_back_only_by_a_leave_its_key_signed_for_that_hello() -> None:
    lobby = _lobby()
    south, stranger = identity(1), identity(2)
    first = new_nonce()
    assert lobby.offer(hello(south, GAME_ID, "south", nonce=first)) == "accepted"
    forged = build(stranger, game=GAME_ID, seq=0, prev=None, kind="leave", at=0, state="", body={"nonce": first}).raw
    assert lobby.withdraw(forged) == "stale"  # the stranger holds no seat: nothing freed
    assert lobby.withdraw(leave(south, GAME_ID, new_nonce())) == "stale"  # not the hello that seated it
    assert lobby.withdraw(leave(south, "ff" * 16, first)) == "wrong_game"
    assert _taken(lobby) == ["host", "south"]
    old_leave = leave(south, GAME_ID, first)
    assert lobby.withdraw(old_leave) == "accepted"
    assert _taken(lobby) == ["host"]
    # the withdrawn hello seats no one again (a replay); a new hello does, and the old leave cannot free it
    assert lobby.offer(hello(south, GAME_ID, "south", nonce=first)) == "stale"
    again = new_nonce()
    assert lobby.offer(hello(south, GAME_ID, "south", nonce=again)) == "accepted"
    assert lobby.withdraw(old_leave) == "stale"
    assert _taken(lobby) == ["host", "south"]
    assert [n.what for n in lobby.news] == ["joined", "left", "joined"]


def test_a_seated_keys_hello_again_is_a_duplicate_and_another_program_with_it_is_refused() -> None:
    lobby = _lobby()
    south = identity(1)
    nonce = new_nonce()
    assert lobby.offer(hello(south, GAME_ID, "south", nonce=nonce)) == "accepted"
    assert lobby.offer(hello(south, GAME_ID, "south", nonce=nonce)) == "duplicate"  # a resume asks again
    assert lobby.offer(hello(south, GAME_ID, "south2")) == "key_seated"  # a second program with the key
    assert lobby.offer(hello(identity(0), GAME_ID, "me")) == "key_seated"  # the host's own key


def test_a_hello_of_another_release_is_refused_naming_the_hosts() -> None:
    lobby = _lobby()
    other = f"{RELEASE} modified 0123456789abcdef"
    assert lobby.offer(hello(identity(1), GAME_ID, "south", release=other)) == "release"
    assert _taken(lobby) == ["host"]
    why = lobby.refusal("release")
    assert why is not None and RELEASE in why and "install release" in why
    lobby.release = other  # a changed copy hosting: it asks for its own release, and says which to install
    assert lobby.offer(hello(identity(1), GAME_ID, "south")) == "release"
    assert f"install release {RELEASE} " in str(lobby.refusal("release"))


def test_the_hosts_info_is_signed_and_its_serial_rises_with_each_change() -> None:
    lobby = _lobby()
    first = read_info(lobby.signed_info(), GAME_ID)
    assert first.author == identity(0).public_hex and first.body["serial"] == 1
    assert first.body["release"] == RELEASE and first.body["timeout_ms"] == 30_000
    assert lobby.signed_info() == first.raw  # no change, no new serial
    assert lobby.offer(hello(identity(1), GAME_ID, "south")) == "accepted"
    second = read_info(lobby.signed_info(), GAME_ID)
    assert second.body["serial"] == 2 and [s["name"] for s in second.body["seats"]][:2] == ["host", "south"]


def test_the_lobby_saved_in_the_peer_file_comes_back_as_it_was() -> None:
    lobby = _lobby()
    south, east = identity(1), identity(2)
    nonce = new_nonce()
    assert lobby.offer(hello(south, GAME_ID, "south", power="spain", nonce=nonce)) == "accepted"
    gone = new_nonce()
    assert lobby.offer(hello(east, GAME_ID, "east", nonce=gone)) == "accepted"
    assert lobby.withdraw(leave(east, GAME_ID, gone)) == "accepted"
    lobby.signed_info()
    saved = json.loads(json.dumps(lobby.to_json()))
    back = Lobby.from_json(identity(0), GAME_ID, saved)
    assert back.seat_infos() == lobby.seat_infos() and back.settings == lobby.settings
    assert back.offer(hello(south, GAME_ID, "south", power="spain", nonce=nonce)) == "duplicate"
    assert back.offer(hello(east, GAME_ID, "east", nonce=gone)) == "stale"
    assert read_info(back.signed_info(), GAME_ID).body["serial"] == lobby.serial + 1  # never an older serial
