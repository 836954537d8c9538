"""Invites: what ``soe host`` prints parses back to the same invite; a bad one says what is
wrong with it."""

from __future__ import annotations

import pytest
import zmq

from net.core.identity import Identity
from net.core.lobby import DEFAULT_PORT, Invite, InviteError, new_game_id

GAME = "0123456789abcdef0123456789abcdef"
FP = Identity.from_seed(bytes(32)).fingerprint
CURVE = zmq.curve_keypair()[0].decode("ascii")


@pytest.mark.parametrize("invite", [
    Invite("127.0.0.1", 47311, GAME, FP, CURVE),
    Invite("192.168.1.20", 1, new_game_id(), FP, ""),
    Invite("::1", 65535, GAME, FP, CURVE),
    Invite("host.lan", 5000, GAME, FP, CURVE),
], ids=["curve", "no-curve", "ipv6", "name"])
def test_an_invite_round_trips(invite: Invite) -> None:
    text = str(invite)
    assert text.startswith(f"soe://{'[::1]' if invite.host == '::1' else invite.host}:{invite.port}/{invite.game_id}?fp=")
    assert Invite.parse(text) == invite
    assert Invite.parse(f"  {text}\n") == invite  # as pasted
    assert Invite.parse(text).endpoint == (f"tcp://[::1]:{invite.port}" if invite.host == "::1"
                                           else f"tcp://{invite.host}:{invite.port}")


def test_the_curve_key_travels_as_hex_so_its_z85_symbols_cannot_break_the_url() -> None:
    key = "&=?#/" + CURVE[5:]
    inv = Invite("127.0.0.1", 9, GAME, FP, key)
    assert "&=?#" not in str(inv).split("?", 1)[1].replace("&curve=", "")
    assert Invite.parse(str(inv)).curve == key


def test_an_invite_without_a_port_uses_the_default_port() -> None:
    assert Invite.parse(f"soe://10.0.0.2/{GAME}?fp={FP}").port == DEFAULT_PORT


@pytest.mark.parametrize(("text", "says"), [
    ("", "an invite looks like soe://HOST:PORT/GAME?fp=FINGERPRINT"),
    ("hello", "an invite looks like"),
    (f"http://127.0.0.1:5/{GAME}?fp={FP}", "an invite looks like"),
    (f"soe://:5/{GAME}?fp={FP}", "an invite looks like"),
    (f"soe://127.0.0.1:99999/{GAME}?fp={FP}", "not an invite: Port out of range"),
    (f"soe://127.0.0.1:http/{GAME}?fp={FP}", "not an invite"),
    (f"soe://127.0.0.1:0/{GAME}?fp={FP}", "the port must be 1 to 65535"),
    (f"soe://127.0.0.1:5/{GAME[:-1]}?fp={FP}", "the game id must be 32 hex digits"),
    (f"soe://127.0.0.1:5/{GAME.upper()}?fp={FP}", "the game id must be 32 hex digits"),
    (f"soe://127.0.0.1:5/{GAME}", "the invite lacks the host's key fingerprint (fp=...)"),
    (f"soe://127.0.0.1:5/{GAME}?fp=a%20b", "the invite lacks the host's key fingerprint"),
    (f"soe://127.0.0.1:5/{GAME}?fp={FP}&curve=zz", "the invite's curve key is not hex"),
    (f"soe://127.0.0.1:5/{GAME}?fp={FP}&curve={'41' * 39}", "the invite's curve key is not a CurveZMQ public key"),
    (f"soe://127.0.0.1:5/{GAME}?fp={FP}&curve={CURVE.encode().hex()[:-2]}", "not a CurveZMQ public key"),
])
def test_a_bad_invite_says_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(InviteError) as err:
        Invite.parse(text)
    assert says in str(err.value)
    assert isinstance(err.value, ValueError)  # callers may catch either
