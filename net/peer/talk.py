"""A peer's chat (:mod:`net.core.chat`): sending a line to everyone in the game, and keeping
and reporting the lines that came (its own among them). Functions of a
:class:`~net.peer.peer.Peer`, as :mod:`net.peer.door` is for the door."""

from __future__ import annotations

from typing import TYPE_CHECKING

from net.core.reasons import Reject
from net.peer.events import Chat

if TYPE_CHECKING:  # (the peer imports this module)
    from net.peer.peer import Peer


def send(peer: Peer, text: str) -> str:
    """Send a chat line to everyone in the game: "" when it went, else why not
    (``bad_body``: empty, too long or unprintable; ``rate``: too fast; ``too_many``: the
    game's chat is full; ``not_expected``: no game to chat in yet)."""
    box = peer.replica.chat
    if box is None:
        return "not_expected"
    t = peer.session.transcript
    try:
        env = box.write(peer.identity, at=t.position, state=t.state_hash if t.position else "",
                        name=peer.name[:24], text=text, now=peer.clock())
    except Reject as r:
        return r.code
    peer.replica.chat_sent(box.lines[-1])
    assert env.raw == box.lines[-1].raw
    peer.node.flood()
    news(peer)
    return ""


def news(peer: Peer) -> None:
    """Keep the new chat lines in the chat file and report them (:class:`Chat`)."""
    new, peer.replica.chat_new = peer.replica.chat_new, []
    if not new:
        return
    try:
        with open(peer.files.chat, "ab") as f:  # not fsynced: a chat line is no part of the game
            for line in new:
                f.write(line.raw + b"\n")
    except OSError:
        pass  # said on screen all the same; only a replay would miss it
    t = peer.session.transcript
    g = t.genesis
    for line in new:
        seat = t.seat_of(line.author)
        name = g.seats[seat].name if g is not None and seat >= 0 and g.seats[seat].name else line.name
        peer.emit(Chat(line.author, seat, name, line.text, line.at, line.author == peer.identity.public_hex))
