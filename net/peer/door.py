"""At the door, before and at the start of a game: a joiner checking its host, the host
watching its lobby, and what the host's lobby (``INFO``) and refusals (``BYE``) tell a
joiner. Each function takes the :class:`~net.peer.Peer` whose door it keeps and reports
through its events (:mod:`net.peer.events`).

A joiner sends its ``hello`` only once the invite's address has answered with a key whose
fingerprint is the invite's, and then only there (on the connection it dialled, whose
CurveZMQ key is the invite's), every :data:`HELLO_EVERY_MS` until the game starts: the
host takes a seat as heard while its hello keeps coming, so a stranger who names a
joiner's key in its own ``HELLO`` neither frees nor keeps that seat. A joiner leaves
(:attr:`Peer.refused`) if the genesis is signed by another key, if the genesis does not
seat it (the game is full), if the host's genesis seats its key for another hello (a
genesis not made for this lobby), if the host's program is of another release, or if the
host refuses it (``BYE``: full, a key seated already, another game, another release). It
believes only the ``INFO`` the invite's host key signed, and none older than one it has.
The host frees the seat of a joiner that withdraws its hello with a signed ``leave`` or
whose hello has not come for :data:`LEAVE_MS` before the start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import zmq

from net.core.encoding import canonical_json
from net.core.envelope import Envelope, check_signature
from net.core.genesis import settings_fault
from net.core.identity import fingerprint
from net.core.lobby import MAX_RELEASE, REFUSALS, Lobby, hello, leave, new_nonce, read_info
from net.core.reasons import Reject
from net.core.release import RELEASE
from net.mesh import Link, encode_frame
from net.peer.events import Joined, Left, LobbySeats, Refused, Seated, SettingsRefused, SettingsSeen, Started

if TYPE_CHECKING:
    from net.peer.peer import Peer

LEAVE_MS = 5_000  # a joiner whose hello has not come this long before the start has left: its seat is free again
HELLO_EVERY_MS = 1_000  # a joiner says its hello to the host this often until the game starts
# a host restarted before the start keeps its joiners' seats this long before the silence
# rule applies: their connections to it must time out and greet it again (10 s) first
RESUME_GRACE_MS = 30_000


def refuse(peer: Peer, event: Refused) -> None:
    """This joiner may not play here: take nothing more in, decide nothing more."""
    if peer.refused is None:
        peer.refused = event
        peer.replica.frozen = True
        peer.emit(event)


def host_link(peer: Peer) -> Link | None:
    """The connection this peer dialled to the invite's address, once it has answered."""
    link = peer.node.links.get(("out", peer.host_endpoint.encode())) if peer.host_endpoint else None
    return link if link is not None and link.greeted and link.socket is not None else None


def tell_host(peer: Peer, raw: bytes) -> bool:
    """Send a lobby message (a hello, a leave) to the host alone, on the connection this
    peer dialled to the invite's address: no one else gets a copy to replay."""
    link = host_link(peer)
    if link is None or link.socket is None:
        return False
    try:
        link.socket.send(encode_frame(b"MSG", raw), flags=zmq.NOBLOCK)
    except zmq.ZMQError:
        return False
    return True


def ask_again(peer: Peer, name: str, power: str, nonce: str) -> None:
    """A joiner's hello (``nonce``: "" for a new one): a joiner resumed before the start
    says the same hello as before (its nonce kept in the peer file), so the host knows it
    for the seat it holds; it goes out once the host's key is checked again."""
    peer.nonce = nonce or new_nonce()
    peer.hello_as = (name, power)
    peer.my_hello = hello(peer.identity, peer.node.game_id, name, power, peer.nonce, peer.release)


def say_leaving(peer: Peer) -> None:
    """A joiner leaving before the start: a signed ``leave`` withdraws its hello at the
    host (a ``BYE`` alone frees nothing), and a later resume asks with a new nonce."""
    if peer.my_hello and peer.host_checked and tell_host(peer, leave(peer.identity, peer.node.game_id, peer.nonce)):
        name, power = peer.hello_as or ("player", "")
        ask_again(peer, name, power, "")
    peer.node.bye_all("leaving", "left before the start")


def restore_lobby(peer: Peer, lobby: Lobby, now: int) -> None:
    """A host resumed before the start goes on with the lobby its peer file kept; the
    joiners seated have :data:`RESUME_GRACE_MS` to say their hello again."""
    lobby.release = peer.release
    peer.lobby = peer.replica.lobby = lobby
    for key in lobby.joiners():
        peer.lobby_seen[key] = now + RESUME_GRACE_MS - LEAVE_MS


def check(peer: Peer, now: int) -> None:
    """Check the host (a joiner) or watch the lobby (the host) before and at the start."""
    if peer.lobby is not None:
        if not peer.lobby.started:
            watch_lobby(peer, now)
        return
    if peer.fault is not None:
        refuse(peer, peer.fault)
        return
    if peer.expect_fp and peer.my_hello and not peer.host_checked:
        link = host_link(peer)
        if link is not None:
            theirs = fingerprint(link.peer_key) if link.peer_key else ""
            if theirs != peer.expect_fp:
                refuse(peer, Refused("fingerprint", theirs=theirs, expected=peer.expect_fp))
                return
            peer.host_checked = True
    r = peer.replica
    if (peer.host_checked and r.settings_seen and not r.settings_refused and peer.session.transcript.genesis is None
            and now - peer.hello_at >= HELLO_EVERY_MS and tell_host(peer, peer.my_hello)):
        peer.hello_at = now
    t = peer.session.referee
    if t is None or peer.role != "player" or peer.seat_told == "started":
        return
    creator = peer.session.transcript.creator
    if peer.expect_fp and fingerprint(creator) != peer.expect_fp:
        refuse(peer, Refused("fingerprint", theirs=fingerprint(creator), expected=peer.expect_fp, by_genesis=True))
    elif creator == peer.identity.public_hex and peer.expect_fp:
        refuse(peer, Refused("key_seated"))
    elif peer.session.seat < 0:
        refuse(peer, Refused("full"))
    else:
        peer.seat_told = "started"
        peer.emit(Started(tuple((s.name, s.power) for s in t.g.seats), t.g.seats[peer.session.seat].power, False))


def judge_genesis(peer: Peer, env: Envelope) -> bool:
    """Whether to take in a genesis (the session signs this seat's first message into it
    at once). Not one the invite's host signed for another release of the program than
    this one, nor one that seats this key for another hello than its latest (the host
    signed a game id again, to reuse a seat this key took in another lobby): the joiner or
    spectator leaves instead, saying why. (A genesis of another key is taken in, and
    :func:`check` leaves it.)"""
    if peer.lobby is not None or not peer.expect_fp or fingerprint(env.author) != peer.expect_fp:
        return True
    try:
        check_signature(env)
    except Reject:
        return True  # the session refuses it
    theirs = env.body.get("release")
    if theirs != RELEASE:  # (what the session would refuse it for: a copy of the release, changed or not, takes it)
        peer.fault = peer.fault or Refused("release", theirs=str(theirs)[:MAX_RELEASE], expected=peer.release)
        return False
    seats = env.body.get("seats")
    mine = [s for s in seats if isinstance(s, dict) and s.get("key") == peer.identity.public_hex] \
        if isinstance(seats, list) else []
    if peer.role == "player" and peer.nonce and mine and mine[0].get("nonce") != peer.nonce:
        peer.fault = peer.fault or Refused("not_this_lobby")
        return False
    return True


def watch_lobby(peer: Peer, now: int) -> None:
    """The host: free the seats of joiners whose hello stopped coming, and report who
    joined and left."""
    lobby = peer.lobby
    assert lobby is not None
    heard = peer.replica.hello_heard  # joiner key -> when its hello last came
    for key in lobby.joiners():
        last = max(peer.lobby_seen.get(key, now), heard.get(key, 0))  # seated just now counts as heard
        peer.lobby_seen[key] = last
        if now - last > LEAVE_MS:
            lobby.leave(key)
            peer.lobby_seen.pop(key, None)
    if lobby.news:
        free = sum(1 for s in lobby.seats if not s.key)
        for news in lobby.news:
            peer.emit(Joined(news.name, news.power, free) if news.what == "joined" else Left(news.name, news.power, free))
        lobby.news.clear()


def on_bye(peer: Peer, link: Link, code: str, reason: str) -> None:
    """A ``BYE`` arrived: the host refusing this joiner (a joiner's ``leaving`` frees
    nothing at the host: its signed ``leave`` does)."""
    if peer.lobby is not None:
        return
    from_host = link.endpoint == peer.host_endpoint and bool(peer.host_endpoint)
    if code == "wrong_game" and from_host and peer.session.referee is None:
        refuse(peer, Refused("wrong_game", endpoint=peer.host_endpoint, game=peer.node.game_id))
    elif code == "release" and from_host and peer.session.referee is None:
        theirs = peer.info.get("release")
        refuse(peer, Refused("release", theirs=theirs if isinstance(theirs, str) else "", expected=peer.release))
    elif code in REFUSALS and from_host and peer.role == "player" and peer.session.seat < 0:
        refuse(peer, Refused(code))


def on_info(peer: Peer, data: dict[str, Any]) -> None:
    """An ``INFO`` arrived: believed only when it is an ``info`` signed by the key the
    invite names as the host's, and newer (a higher serial) than the last one believed.
    The host's release first (another one, before the genesis: leave at once), then the
    game's settings the first time, and the seats while it has not started (their shape is
    checked as they are shown)."""
    if peer.lobby is not None or not peer.expect_fp:
        return
    try:
        env = read_info(canonical_json(data), peer.node.game_id)
    except (Reject, ValueError, TypeError):
        return
    serial = env.body["serial"]
    if fingerprint(env.author) != peer.expect_fp or serial <= peer.info_serial:
        return
    peer.info_serial = serial
    info = env.body
    if info["release"] != peer.release and peer.session.transcript.genesis is None:  # (after it: judge_genesis)
        refuse(peer, Refused("release", theirs=info["release"], expected=peer.release))
        return
    if not peer.info:
        _settings(peer, info)
    peer.info = info
    seats = info.get("seats")
    if info.get("started") or not isinstance(seats, list):
        return
    seats = [s for s in seats if isinstance(s, dict)]
    peer.emit(LobbySeats(tuple((str(s.get("power")), str(s.get("name") or "")) for s in seats)))
    mine = fingerprint(peer.identity.public_hex)
    if peer.role == "player" and peer.expect_fp == mine:
        refuse(peer, Refused("key_seated"))  # the seat with this key is the host's own
    seat = next((s for s in seats if s.get("fp") == mine), None)
    if (seat is not None and peer.role == "player" and peer.refused is None
            and peer.seat_told != str(seat.get("power"))):
        peer.seat_told = str(seat.get("power"))
        peer.emit(Seated(peer.seat_told, sum(1 for s in seats if not s.get("taken"))))


def _settings(peer: Peer, info: dict[str, Any]) -> None:
    """Tell a joiner the game's hash-chain length, drop timeout and game clock as the host's
    lobby states them (the genesis binds them; one out of bounds is refused then), and ask
    for no seat in a game whose settings are out of bounds. A lobby that does not state the
    game clock (an older release's) is told without it."""
    peer.replica.settings_seen = True
    chain, timeout = info.get("chain_length"), info.get("timeout_ms")
    if type(chain) is not int or type(timeout) is not int:
        return
    bank, inc = info.get("bank_ms"), info.get("increment_ms")
    clock = (bank, inc) if type(bank) is int and type(inc) is int else (None, None)
    peer.emit(SettingsSeen(timeout, chain, *clock))
    problem = settings_fault(chain, timeout, clock[0] or 0, clock[1] or 0)
    if problem:
        peer.replica.settings_refused = True
        peer.emit(SettingsRefused(timeout, chain, problem, *clock))
