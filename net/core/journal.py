"""What a session needs of the log its messages are kept in: the :class:`Journal`.

A :class:`~net.core.session.Session` performs no I/O; it is given a journal (a running
peer's is :class:`net.store.TranscriptFile`, a JSON Lines file) and tells it, in this
order, what must be kept:

1. every accepted message, once it has passed every check and before it is applied
   (:meth:`Journal.append`, the transcript's sink), in transcript order;
2. before a message this peer signed leaves (is handed to the transport), that it and
   every line before it are durable (:meth:`Journal.sync`), except for the kinds the
   session would make alike again after a crash (``REMADE_ALIKE``, a reveal), which may
   leave first and are made durable by the next sync;
3. proofs against authors (:meth:`Journal.append_evidence`,
   :meth:`Journal.append_mismatch`), each once, durable when the call returns.

A journal may write each appended line at once and make it durable only at the next
:meth:`Journal.sync` (the peer does so for the messages it receives: :attr:`Journal.dirty`
says whether lines are waiting for one); what this peer signs is durable before anyone
sees it whatever the journal does with the rest.
"""

from __future__ import annotations

from typing import Protocol


class Journal(Protocol):
    """The log a session keeps its transcript and its evidence in (see the module docstring)."""

    @property
    def dirty(self) -> bool:
        """Whether lines have been appended that are not yet durable."""
        ...

    def append(self, raw: bytes) -> None:
        """Keep an accepted message (its exact bytes; they never hold a newline)."""
        ...

    def sync(self) -> None:
        """Make every line appended so far durable."""
        ...

    def append_evidence(self, first: bytes, second: bytes) -> None:
        """Keep a proof of equivocation: two signed messages with one author and seq."""
        ...

    def append_mismatch(self, raw: bytes) -> None:
        """Keep a signed message that named another state hash for a position than this peer's."""
        ...
