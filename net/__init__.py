"""Peer-to-peer play: the sans-IO protocol core (:mod:`net.core`) and, apart from it, the
transport and the files that a running peer needs.

- :mod:`net.core`: canonical encoding, identities and signatures, envelopes, genesis,
  reasons, the transcript and its acceptance rules, the dice beacon, hidden-unrest
  commitments, state hashing, the game table, the session, the lobby's messages and the
  verifier's checks. Nothing there opens a file or a socket, reads a clock or prints.
- Files: :mod:`net.store` (the log as JSON Lines, its evidence file, game locks, building
  a session from a log), :mod:`net.keyfile` (key files), :mod:`net.verify` (verifying a
  log file), :mod:`net.selfplay` (a self-play game written as a signed log).
- Transport: :mod:`net.mesh` (the ZeroMQ mesh), :mod:`net.discovery` (LAN discovery),
  :mod:`net.upnp` (port mapping).
- :mod:`net.peer`: a running peer (a session on a mesh node, its files, the host's lobby,
  connection diagnoses), which reports what happens as typed events and never prints.

Byte layouts: ``docs/protocol.md``; the transport: ``docs/network.md``.
"""
