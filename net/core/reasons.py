"""Why a message is refused: the reason codes and the exception that carries them.

Every refusal has a stable code (for machines and tests) and a text (for people). A
refused message never changes anything.
"""

from __future__ import annotations

from types import MappingProxyType

REASONS = MappingProxyType({
    "oversized": "the message is larger than the protocol allows",
    "malformed": "not a well-formed envelope (JSON shape, field types, hex)",
    "not_canonical": "the bytes are not the canonical encoding of the envelope",
    "unsigned": "the envelope has no signature",
    "bad_signature": "the signature does not verify with the author's key",
    "bad_version": "an unknown protocol version",
    "no_genesis": "no game yet: the first message must be a genesis",
    "wrong_game": "the message belongs to another game",
    "unknown_author": "the author's key is not one of this game's seats",
    "duplicate": "this exact message was accepted before (a replay)",
    "equivocation": "another message with the same author and seq exists (proof kept)",
    "out_of_order": "the author's earlier messages have not arrived yet",
    "bad_prev": "prev is not the id of the author's previous message",
    "future_at": "at points past the end of the transcript",
    "state_mismatch": "state is not this peer's state hash at position at (kept as evidence against the author)",
    "bad_state": "an unsigned message (a reveal) names another state hash than the one at its position",
    "forged": "an unsigned message (a reveal) differs from the author's message accepted at that seq",
    "stale": "the game has changed since the state the author acted on",
    "not_transcript": "this kind of message is not part of the game transcript",
    "bad_genesis": "the genesis is invalid",
    "release_mismatch": "the game was made by another release of the program (rules, bots or protocol)",
    "wrong_genesis": "a seat message names another genesis than this game's",
    "bad_body": "the body is not valid for its kind",
    "not_expected": "the game does not wait for this message from this author now",
    "not_your_turn": "it is not the author's decision",
    "illegal": "the rules engine refuses this choice",
    "commit_missing": "the author must first commit to its unrest for the war that ended",
    "drop_pending": "seats have voted to drop the author: its message waits until the drop completes or fails",
    "bad_round": "the reveal is for another chance event",
    "bad_reveal": "the revealed value does not hash onto the author's previous one",
    "bad_opening": "an unrest opening does not match its commitment or the engine",
    "bad_end": "the end message does not state the game's outcome",
    "undo_refused": "that choice cannot be taken back now",
    "game_closed": "the game is finished: every seat has signed its end",
    "rate": "the author sends chat lines faster than a game's chat takes them",
    "too_many": "the game's chat holds as many lines or authors as it takes",
})


class Reject(Exception):
    """A refused message: ``code`` (one of :data:`REASONS`) and a human ``text``."""

    def __init__(self, code: str, text: str = "") -> None:
        if code not in REASONS:  # pragma: no cover - programming error
            raise ValueError(f"unknown reason code {code!r}")
        self.code = code
        self.text = text or REASONS[code]
        super().__init__(f"{code}: {self.text}")
