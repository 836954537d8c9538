"""Peer-to-peer transport over ZeroMQ: a full mesh with flooding, catch-up, heartbeats,
back-off, size and rate limits, and CurveZMQ encryption.

Each node binds one ROUTER socket and connects one DEALER to every peer it learns of.
A link is one connection, used both ways: a node sends through its DEALER and the peer
answers through its ROUTER on the same connection, so a player behind a NAT who can
reach the host still hears everything. A frame is one ZeroMQ message part,
``b"soe2 " + TYPE + b" " + payload`` (one part rather than three: a third of the work
per frame in ZeroMQ and CurveZMQ):

``HELLO``  JSON ``{game, node, addr, curve, role, key, have}``: who is there, where it
           listens, its player key, and how many messages of each author it holds
           (``have``: author -> next seq)
``HAVE``   JSON ``{have, direct}``: a heartbeat that doubles as anti-entropy; ``direct``
           lists the player keys the sender hears directly
``MSG``    the exact bytes of one signed envelope
``PEERS``  JSON ``[{node, addr, curve, v}, ...]``: peers to connect to (the mesh grows
           itself): the sender, then the peers it has checked (``v``: 1), then the others
``INFO``   JSON: the lobby's state (seats taken), shown to people, never trusted
``BYE``    JSON ``{reason, code}``: the link is refused (another game, banned, a seat refused
           by the lobby) or its peer leaves; shown to people (:attr:`Node.on_bye`), never trusted

A new valid message is flooded once to every link that does not have it, except that a
relay skips a peer that hears the message's author directly (the author sends it there
itself; if that link fails, the peer stops listing the author and relays resume); on a ``HELLO``
or ``HAVE`` each side sends the messages the other lacks. Integrity never depends on the
transport: every message is signed (a reveal proves itself by its hash chain) and checked
by the transcript. The node never reads a
clock itself except through its ``clock`` (milliseconds), so tests can drive time.

Sockets live in the thread that calls :meth:`Node.poll`; nothing here starts a thread.

Modules: :mod:`net.mesh.frames` (frames and addresses), :mod:`net.mesh.link` (limits,
links, statistics, socket options, the clock, the :class:`Replica` protocol),
:mod:`net.mesh.node` (the :class:`Node`), :mod:`net.mesh.catchup` (what a link that asks
is sent, within its budget), :mod:`net.mesh.peers` (the table of peers, which keeps room
for what it has checked), :mod:`net.mesh.intro` (what goes in it, and the DEALERs opened
to its peers), :mod:`net.mesh.gate` (the connections the ROUTER takes, within the open
files a process may have) and :mod:`net.mesh.bell` (the doorbell another thread rings to end a
node's wait).
"""

from net.mesh.frames import FRAME_TYPES, PROTO, decode_frame, encode_frame, valid_endpoint
from net.mesh.link import (
    VIOLATIONS,
    Limits,
    Link,
    Replica,
    Stats,
    TokenBucket,
    curve_client,
    curve_server,
    monotonic_ms,
    tune,
)
from net.mesh.node import INFO_REFRESH_BEATS, Node

__all__ = ["FRAME_TYPES", "INFO_REFRESH_BEATS", "PROTO", "VIOLATIONS", "Limits", "Link", "Node", "Replica", "Stats",
           "TokenBucket", "curve_client", "curve_server", "decode_frame", "encode_frame", "monotonic_ms", "tune",
           "valid_endpoint"]
