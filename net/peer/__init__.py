"""A running peer (:class:`Peer`): a session on a mesh node, with its files, the host's
lobby, connection diagnoses for people waiting, and a decider for its seat. It reports
what happens as typed events (:mod:`net.peer.events`, drained by :meth:`Peer.events`) and
never prints.

Modules: :mod:`net.peer.peer` (the peer and its loop), :mod:`net.peer.events` (what it
reports), :mod:`net.peer.door` (checking the host, the host's lobby), :mod:`net.peer.files`
(its files), :mod:`net.peer.contact` (connection diagnoses), :mod:`net.peer.replica` (the
transport's view of its session).
"""

from net.peer.contact import Contact
from net.peer.door import LEAVE_MS
from net.peer.files import GameFilesError, PeerFiles, check_game_files
from net.peer.peer import CHORES_MS, QUIET_MS, SYNC_MS, BotDecider, Decider, Peer
from net.peer.replica import GameReplica

__all__ = ["CHORES_MS", "LEAVE_MS", "QUIET_MS", "SYNC_MS", "BotDecider", "Contact", "Decider", "GameFilesError",
           "GameReplica", "Peer", "PeerFiles", "check_game_files"]
