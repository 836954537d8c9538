"""At the door, before and at the start of a game: a joiner checking its host, the host
watching its lobby, and what the host's lobby (``INFO``) and refusals (``BYE``) tell a
joiner. Each function takes the :class:`~net.peer.Peer` whose door it keeps and reports
through its events (:mod:`net.peer.events`).

A joiner sends its ``hello`` only once the invite's address has answered with a key whose
fingerprint is the invite's, and it leaves (:attr:`Peer.refused`) if the genesis is signed
by another key, if the genesis does not seat it (the game is full), or if the host refuses
it (``BYE``: full, a key seated already, another game). The host frees the seat of a
joiner that says it leaves or is silent for :data:`LEAVE_MS` before the start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from net.core.genesis import settings_fault
from net.core.identity import fingerprint
from net.core.lobby import REFUSALS
from net.mesh import Link
from net.peer.events import Joined, Left, LobbySeats, Refused, Seated, SettingsRefused, SettingsSeen, Started

if TYPE_CHECKING:
    from net.peer.peer import Peer

LEAVE_MS = 5_000  # a joiner silent this long before the start has left: its seat is free again


def refuse(peer: Peer, event: Refused) -> None:
    """This joiner may not play here: take nothing more in, decide nothing more."""
    if peer.refused is None:
        peer.refused = event
        peer.replica.frozen = True
        peer.replica.my_hello = b""
        peer.emit(event)


def check(peer: Peer, now: int) -> None:
    """Check the host (a joiner) or watch the lobby (the host) before and at the start."""
    if peer.lobby is not None:
        if not peer.lobby.started:
            watch_lobby(peer, now)
        return
    if peer.expect_fp and peer.hello_held:
        link = peer.node.links.get(("out", peer.host_endpoint.encode()))
        if link is not None and link.greeted:
            theirs = fingerprint(link.peer_key) if link.peer_key else ""
            if theirs != peer.expect_fp:
                refuse(peer, Refused("fingerprint", theirs=theirs, expected=peer.expect_fp))
                return
            peer.replica.my_hello, peer.hello_held = peer.hello_held, b""
            peer.node.flood()
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


def watch_lobby(peer: Peer, now: int) -> None:
    """The host: free the seats of joiners gone silent, and report who joined and left."""
    lobby = peer.lobby
    assert lobby is not None
    heard: dict[str, int] = {}  # joiner key -> the last time a link naming it was heard
    for lk in peer.node.links.values():
        if lk.peer_key and lk.greeted:
            heard[lk.peer_key] = max(heard.get(lk.peer_key, lk.last_rx), lk.last_rx)
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
    """A ``BYE`` arrived: a joiner leaving the host's lobby, or the host refusing this joiner."""
    if peer.lobby is not None:
        if code == "leaving" and link.peer_key and not peer.lobby.started:
            peer.lobby.leave(link.peer_key)  # freed at once (a silent one after LEAVE_MS)
        return
    from_host = link.endpoint == peer.host_endpoint and bool(peer.host_endpoint)
    if code == "wrong_game" and from_host and peer.session.referee is None:
        refuse(peer, Refused("wrong_game", endpoint=peer.host_endpoint, game=peer.node.game_id))
    elif code in REFUSALS and from_host and peer.role == "player" and peer.session.seat < 0:
        refuse(peer, Refused(code))


def on_info(peer: Peer, info: dict[str, Any]) -> None:
    """The host's lobby as an ``INFO`` states it (any peer may send one: its shape is not to
    be trusted either): the game's settings the first time, the seats while it has not started."""
    if info == peer.info:
        return
    if peer.lobby is None and not peer.info:
        _settings(peer, info)
    peer.info = info
    seats = info.get("seats")
    if info.get("started") or not isinstance(seats, list):
        return
    seats = [s for s in seats if isinstance(s, dict)]
    peer.emit(LobbySeats(tuple((str(s.get("power")), str(s.get("name") or "")) for s in seats)))
    mine = fingerprint(peer.identity.public_hex)
    if peer.role == "player" and peer.lobby is None and peer.expect_fp == mine:
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
