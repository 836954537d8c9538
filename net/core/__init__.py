"""The sans-IO core of the protocol: everything that decides what a message means, with
no file, socket, clock or printing in it (a test checks the imports), so that it can be
replayed, verified and fuzzed anywhere and driven by any transport.

Modules: :mod:`~net.core.encoding` (the canonical encoding and hashing conventions),
:mod:`~net.core.identity` (keys, signatures, fingerprints), :mod:`~net.core.envelope`
(signed envelopes), :mod:`~net.core.reasons` (why a message is refused),
:mod:`~net.core.genesis`, :mod:`~net.core.beacon` (fair dice), :mod:`~net.core.unrest`
(hidden-unrest commitments), :mod:`~net.core.statehash`, the game table
(:mod:`~net.core.referee`, :mod:`~net.core.plans`, :mod:`~net.core.chance`),
:mod:`~net.core.transcript`, :mod:`~net.core.journal` (what a session needs of a log),
:mod:`~net.core.session`, :mod:`~net.core.lobby` (invites, ``hello`` and the host's
seats) and :mod:`~net.core.verify` (the offline verifier's checks).
"""
