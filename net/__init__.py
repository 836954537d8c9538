"""The network core, sans IO: identity keys, the canonical encoding, signed envelopes with
per-author hash chains, the game transcript and its acceptance rules, the dice beacon,
hidden-unrest commitments, undo, dropping silent seats, persistence as JSON Lines, the
offline verifier, and a session object that a transport and a client drive.

Modules: :mod:`net.keys`, :mod:`net.encoding`, :mod:`net.envelope`, :mod:`net.reasons`,
:mod:`net.genesis`, :mod:`net.beacon`, :mod:`net.unrest`, :mod:`net.statehash`,
:mod:`net.table`, :mod:`net.transcript`, :mod:`net.session`, :mod:`net.store`,
:mod:`net.verify`, :mod:`net.selfplay`. Byte layouts: ``docs/protocol.md``.
"""
