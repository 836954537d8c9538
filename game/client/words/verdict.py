"""The words of the network layer's verdicts, in the language in use: why a message is
refused (the reason codes of :data:`net.core.reasons.REASONS`, which net keeps
language-free), why a verified game is contested (a
:class:`net.core.verify.Report`'s ``reasons``, each a code and its fields), where its
check failed (its ``failure``), what a seat is awaited for, and the verdict itself.

The English sentences are net's own, word for word: a reason code's sentence here is the
one :data:`~net.core.reasons.REASONS` gives it, and the report's sentences are the ones
:mod:`net.core.verify` writes into ``contested``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.client.words.lang import N_, join_list, language, say, say_in, say_n

REASON_WORDS: Mapping[str, str] = {
    "oversized": N_("the message is larger than the protocol allows"),
    "malformed": N_("not a well-formed envelope (JSON shape, field types, hex)"),
    "not_canonical": N_("the bytes are not the canonical encoding of the envelope"),
    "unsigned": N_("the envelope has no signature"),
    "bad_signature": N_("the signature does not verify with the author's key"),
    "bad_version": N_("an unknown protocol version"),
    "no_genesis": N_("no game yet: the first message must be a genesis"),
    "wrong_game": N_("the message belongs to another game"),
    "unknown_author": N_("the author's key is not one of this game's seats"),
    "duplicate": N_("this exact message was accepted before (a replay)"),
    "equivocation": N_("another message with the same author and seq exists (proof kept)"),
    "out_of_order": N_("the author's earlier messages have not arrived yet"),
    "bad_prev": N_("prev is not the id of the author's previous message"),
    "future_at": N_("at points past the end of the transcript"),
    "state_mismatch": N_("state is not this peer's state hash at position at (kept as evidence against the author)"),
    "bad_state": N_("an unsigned message (a reveal) names another state hash than the one at its position"),
    "forged": N_("an unsigned message (a reveal) differs from the author's message accepted at that seq"),
    "stale": N_("the game has changed since the state the author acted on"),
    "not_transcript": N_("this kind of message is not part of the game transcript"),
    "bad_genesis": N_("the genesis is invalid"),
    "release_mismatch": N_("the game was made by another release of the program (rules, bots or protocol)"),
    "wrong_genesis": N_("a seat message names another genesis than this game's"),
    "bad_body": N_("the body is not valid for its kind"),
    "not_expected": N_("the game does not wait for this message from this author now"),
    "not_your_turn": N_("it is not the author's decision"),
    "illegal": N_("the rules engine refuses this choice"),
    "commit_missing": N_("the author must first commit to its unrest for the war that ended"),
    "drop_pending": N_("seats have voted to drop the author: its message waits until the drop completes or fails"),
    "bad_round": N_("the reveal is for another chance event"),
    "bad_reveal": N_("the revealed value does not hash onto the author's previous one"),
    "bad_opening": N_("an unrest opening does not match its commitment or the engine"),
    "bad_end": N_("the end message does not state the game's outcome"),
    "undo_refused": N_("that choice cannot be taken back now"),
    "game_closed": N_("the game is finished: every seat has signed its end"),
    "rate": N_("the author sends chat lines faster than a game's chat takes them"),
    "too_many": N_("the game's chat holds as many lines or authors as it takes"),
}
"""Each reason code's sentence (message ids: said with :func:`reason`)."""


STATUS_WORDS: Mapping[str, str] = {
    "fair": N_("fair"), "contested": N_("CONTESTED"), "incomplete": N_("INCOMPLETE"), "failed": N_("FAILED"),
}
"""The verdict's last line, by the report's status."""


def reason(code: str) -> str:
    """Why a message is refused, by its reason code (the code itself when it has no words)."""
    words = REASON_WORDS.get(code)
    return say(words) if words is not None else code


def refused(code: str, text: str) -> str:
    """Why a peer refused this seat's message (its reason code and the session's English
    words, which may say more): in English those words, in another language the code's
    sentence where it has one."""
    if language() == "en" or code not in REASON_WORDS:
        return text
    return reason(code)


def status(code: str) -> str:
    """The verdict: "fair", "CONTESTED", "INCOMPLETE" or "FAILED"."""
    words = STATUS_WORDS.get(code)
    return say(words) if words is not None else code


def awaited(what: str) -> str:
    """What a seat is awaited for, or withheld when it was dropped, by net's word for it
    (``net.core.referee.Referee.awaited``: seat, commit, reveal, choice, open, end): in
    English that word, as the verifier writes it."""
    words = {"seat": say_in("awaited", "seat"), "commit": say_in("awaited", "commit"),
             "reveal": say_in("awaited", "reveal"), "choice": say_in("awaited", "choice"),
             "open": say_in("awaited", "open"), "end": say_in("awaited", "end")}
    return words.get(what, what)


def withheld(what: Sequence[str]) -> str:
    """What a dropped seat withheld: "reveal", "commit, reveal"."""
    return join_list(awaited(w) for w in what)


def failure(f: Mapping[str, Any]) -> str:
    """Why a log fails (or is incomplete): a report's ``failure`` without its line. In
    English the verifier's own words, which may say more than the reason code (which
    message, which seat); in another language the code's sentence."""
    code = str(f.get("code", ""))
    if code == "incomplete" and "waits" in f:
        waits = [say("seat {seat} ({what})", seat=s, what=awaited(str(w))) for s, w in f["waits"]]
        if not waits:
            return say("the game is not finished: after the last line it waits for a decision")
        return say("the game is not finished: after the last line it waits for {waits}", waits=join_list(waits))
    if code == "truncated":
        return say("the last line is cut off (no newline): the file was not written completely")
    if code == "no_genesis" and f.get("line") == 0:
        return say("the log holds no messages")
    if language() == "en" or code not in REASON_WORDS:
        return str(f.get("text", "")) or reason(code)
    return reason(code)


def contested(r: Mapping[str, Any]) -> str:
    """One reason a verified game is contested (an item of a report's ``reasons``)."""
    code = r["code"]
    if code == "withheld_last":
        return say("line {line}: {who} withheld its reveal for chance event {chance} after every other reveal of "
                   "it was in, and was dropped: it could compute that roll with and without its reveal, and the "
                   "roll made without it stands", line=r["line"], who=join_list(r["powers"]), chance=r["chance"])
    if code == "dropped":
        return say("line {line}: {who} dropped for withholding ({what}); a bot played the seat from there",
                   line=r["line"], who=join_list(r["powers"]), what=withheld(r["withheld"]))
    if code == "unwitnessed":
        return say_n("{n} chance event (of {first}..{last}) was fed by fewer than two players' hash chains: the "
                     "player left knew those dice before anyone else, so they are unwitnessed",
                     "{n} chance events (of {first}..{last}) were fed by fewer than two players' hash chains: the "
                     "player left knew those dice before anyone else, so they are unwitnessed",
                     r["count"], first=r["first"], last=r["last"])
    if code == "equivocation":
        return say("evidence line {line}: {power} (seat {seat}) signed two different messages with seq {seq}",
                   line=r["line"], power=r["power"], seat=r["seat"], seq=r["seq"])
    if code == "state":
        return say("evidence line {line}: {power} (seat {seat}) signed state {state} for position {at}, where the "
                   "game's state was {expected} (message seq {seq}, refused by the peer that kept it)",
                   line=r["line"], power=r["power"], seat=r["seat"], state=str(r["state"])[:16], at=r["at"],
                   expected=str(r["expected"])[:16], seq=r["seq"])
    raise KeyError(f"no words for the contested reason {code!r}")


__all__ = ["REASON_WORDS", "STATUS_WORDS", "awaited", "contested", "failure",
           "reason", "status", "withheld"]
