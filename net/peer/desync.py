"""What a peer does with a signed message naming another state hash for a position it
holds (:func:`on_desync`): keep it and pass it on, and stop if most of the table
disagrees with it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from net.core.envelope import parse
from net.core.reasons import Reject
from net.peer.events import Desync, EvidenceKept

if TYPE_CHECKING:
    from net.peer.peer import Peer


def on_desync(peer: Peer, raw: bytes, code: str) -> None:
    """A signed message naming another state hash for a position we hold. The session
    refused it and kept it as evidence against its author; it goes to every other peer
    (each checks it itself and keeps it too). Only when most of the table disagrees
    with this peer (:meth:`net.core.session.Session.out_of_step`) is it this peer that is
    out of step: then it stops and dumps. Stopping means deciding nothing and taking in
    nothing more, since every accepted message may make the session sign one (a
    reveal, a commitment): the log stays as it was when the difference was seen."""
    if peer.desynced:
        return
    try:
        env = parse(raw)
    except Reject:
        return
    transcript = peer.session.transcript
    first = transcript.mismatches.get((env.author, env.seq))
    if first is not None and first.raw == raw and env.id not in peer._relayed:
        peer._relayed.add(env.id)
        peer.node.relay(raw)
        seat = transcript.seat_of(env.author)
        g = transcript.genesis
        power = g.seats[seat].power if g is not None and seat >= 0 else ""
        peer.emit(EvidenceKept(env.author, seat, power, env.at))
    if not peer.session.out_of_step():
        return
    positions = transcript.positions
    ours = positions[env.at] if env.at < len(positions) else ""
    peer.desynced = True
    peer.replica.frozen = True
    dump = {"reason": "state hashes differ", "position": env.at, "ours": ours, "theirs": env.state,
            "author": env.author, "message": raw.decode("utf-8", "replace"), "transcript": str(peer.files.log),
            "state_hash_now": transcript.state_hash}
    try:
        peer.files.desync.write_text(json.dumps(dump, indent=1, sort_keys=True), encoding="utf-8")
    except OSError:
        peer.no_file(str(peer.files.desync))
    peer.emit(Desync(env.at, ours, env.state, env.author, str(peer.files.desync)))
