"""Offline verification of a game log's messages (``soe verify FILE``, ``tools/verify.py``;
reading the file is :func:`net.verify.verify_file`'s, printing the report the command line's).

The log is replayed through the same acceptance check the peers ran
(:class:`net.core.transcript.Transcript`): every signature, every author's chain and any
equivocation, every reveal against its chain, every beacon value and the dice and draws
expanded from it, every state hash, the unrest openings against their commitments and
the engine, and the signed end results. The lines are read and their signatures checked
a batch at a time before the batch is replayed; the verdict is the one of offering each
line in turn. The report says ``fair`` only when every line
passes, the game is finished with every opening and end in, and nothing in it is
contested; ``contested`` when it is complete and sound but a seat was dropped (above all
for withholding the last reveal of a chance event, which lets a seat choose between two
rolls), some dice were fed by fewer than two players' chains, or the log's evidence file
holds a proof against an author, each explained; otherwise it names the first failing
line (1-based) and the reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from game.rules import outcome
from net.core.envelope import UNSIGNED_KINDS, Envelope, parse, public_key, signature_ok
from net.core.identity import fingerprint
from net.core.plans import BOT, RESIGNED
from net.core.reasons import Reject
from net.core.transcript import Rejected, Transcript


@dataclass
class Report:
    """The verification result; :meth:`to_json` is the ``--json`` output."""

    file: str
    status: str = "failed"  # fair, contested, incomplete or failed
    messages: int = 0
    failure: dict[str, Any] | None = None
    truncated_tail: bool = False
    game: str = ""
    release: str = ""
    ruleset: str = ""
    chain_length: int = 0
    players: list[dict[str, Any]] = field(default_factory=list)
    chance_events: int = 0
    dice: dict[str, dict[str, int]] = field(default_factory=dict)
    faces: list[int] = field(default_factory=lambda: [0] * 6)
    drops: list[dict[str, Any]] = field(default_factory=list)
    unwitnessed: list[int] = field(default_factory=list)  # chance events fed by fewer than two players' chains
    evidence: list[dict[str, Any]] = field(default_factory=list)  # proofs against authors (FILE.evidence)
    contested: list[str] = field(default_factory=list)  # why the result is contested, in English
    # the same reasons as data, one per sentence of ``contested``: a ``code`` (withheld_last,
    # dropped, unwitnessed, equivocation, state) and its fields, said in any language by the
    # client's words (game.client.words.verdict)
    reasons: list[dict[str, Any]] = field(default_factory=list)
    unrest: dict[str, list[int]] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    final_state: str = ""
    elapsed_us: int = 0  # the time the check took, measured by who reads the file (net.verify)

    @property
    def fair(self) -> bool:
        return self.status == "fair"

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items()}
        out["fair"] = self.fair
        return out


def verify_messages(messages: Sequence[bytes], file: str = "-", evidence: Sequence[bytes] = (),
                    watch: Callable[[Transcript], None] | None = None, *, signed_elsewhere: bool = False) -> Report:
    """Replay ``messages`` (the lines of a log, in order) and build the report; ``evidence``
    are the lines of the log's evidence file, each checked against the replayed game.
    ``watch`` is called with the transcript after each message it accepts (a replay
    follows the game this way). ``signed_elsewhere``: take every signature as its author's
    without checking it, because the caller checks them all beside the replay
    (:func:`signature_verdicts`) and makes the report again this way without the flag
    unless every line the replay took is signed (:func:`net.verify.verify_messages_beside`)."""
    rep = Report(file)
    t = Transcript()
    keys: dict[str, Ed25519PublicKey | None] = {}
    read: list[tuple[Envelope | None, bool]] = []
    for i, raw in enumerate(messages):
        if i % _BATCH == 0:
            read = _read(messages[i:i + _BATCH], keys, check=not signed_elsewhere)
        env, signed = read[i % _BATCH]
        res = t.offer(raw, parsed=env, verified=signed)
        if isinstance(res, Rejected):
            rep.failure = {"line": i + 1, "code": res.code, "text": res.text}
            break
        if watch is not None:
            watch(t)
    rep.messages = len(t)
    _describe(t, rep)
    _check_evidence(t, rep, evidence)
    _contest(t, rep)
    if rep.failure is None:
        table = t.referee
        if table is None:
            rep.failure = {"line": 0, "code": "no_genesis", "text": "the log holds no messages"}
        elif not table.closed:
            awaited = table.awaited()
            waits = ", ".join(f"seat {s} ({w})" for s, w in awaited) or "a decision"
            rep.status = "incomplete"
            rep.failure = {"line": len(messages), "code": "incomplete", "waits": [[s, w] for s, w in awaited],
                           "text": f"the game is not finished: after the last line it waits for {waits}"}
        else:
            rep.status = "contested" if rep.contested else "fair"
    return rep


# The messages are read and their signatures checked a batch at a time, before the batch
# is replayed: the two kinds of work, each with its own code and tables, take less time
# one after the other than in turn for every message (each in the processor's caches).
# A batch is long enough for that, and short enough that a log which fails early has few
# messages read after its failing line.
_BATCH = 256


def _read(batch: Sequence[bytes], keys: dict[str, Ed25519PublicKey | None],
          check: bool = True) -> list[tuple[Envelope | None, bool]]:
    """Each message of ``batch`` parsed (None when it is not well formed: the transcript says
    why), and whether its signature is its author's (the transcript checks every other
    message's signature itself, and says what is wrong; ``check`` False: taken as the
    author's, checked elsewhere). An author's key is the same for every message of the
    game (``keys``): the one its hex names."""
    out: list[tuple[Envelope | None, bool]] = []
    for raw in batch:
        try:
            env = parse(raw)
        except Reject:
            out.append((None, False))
            continue
        if env.kind in UNSIGNED_KINDS:
            out.append((env, False))
            continue
        out.append((env, not check or _signed(env, keys)))
    return out


def _signed(env: Envelope, keys: dict[str, Ed25519PublicKey | None]) -> bool:
    """Whether ``env`` (of a kind that carries a signature) is signed by its author; an
    author's key is looked up once a game (``keys``; None when the hex is no valid key)."""
    author = env.author
    if author in keys:
        key = keys[author]
    else:
        try:
            key = keys[author] = public_key(author)
        except ValueError:
            key = keys[author] = None
    return key is not None and signature_ok(env, key)


def _describe(t: Transcript, rep: Report) -> None:
    g, table = t.genesis, t.referee
    if g is None or table is None:
        return
    rep.game, rep.release, rep.ruleset, rep.chain_length = g.game_id, g.release, g.ruleset, g.chain_length
    counts = [0] * table.n
    for e in t.entries:
        if e.seat >= 0:
            counts[e.seat] += 1
    for s, info in enumerate(g.seats):
        status = "played" if table.active(s) else {RESIGNED: "resigned", BOT: "bot"}.get(table.control[s], "dropped")
        rep.players.append({"seat": s, "power": info.power, "name": info.name, "key": info.key,
                            "fingerprint": fingerprint(info.key) if info.key else "", "status": status, "messages": counts[s]})
    rep.chance_events = len(table.chances)
    for s in range(table.n):
        rep.dice[g.seats[s].power] = {"dice": 0, "total": 0}
    for c in table.chances:
        for seat, values in c.dice:
            who = rep.dice.setdefault(g.seats[seat].power if seat >= 0 else "neutral", {"dice": 0, "total": 0})
            who["dice"] += len(values)
            who["total"] += sum(values)
            for v in values:
                if 1 <= v <= 6:
                    rep.faces[v - 1] += 1
    for d in table.drops:
        rep.drops.append({"seats": list(d.seats), "powers": [g.seats[s].power for s in d.seats],
                          "withheld": list(d.withheld), "voters": list(d.voters), "line": d.index + 1,
                          "after_reveals": d.after_reveals, "chance": d.chance})
    rep.unwitnessed = [c.r for c in table.chances if not c.witnessed]
    for s, values in sorted(table.opened.items()):
        rep.unrest[g.seats[s].power] = list(values)
    result = outcome(table.st) if table.closed else None
    if result is not None:
        rep.scores, rep.winners = dict(result["scores"]), list(result["winners"])
    rep.final_state = t.state_hash


def _check_evidence(t: Transcript, rep: Report, lines: Sequence[bytes]) -> None:
    """Keep each line of the evidence file that proves something against a seat's author:
    two signed messages with one seq (equivocation), or a signed message naming another
    state hash for a position than the game's. Lines that prove nothing are ignored."""
    g = t.genesis
    if g is None:
        return
    seat_of = {s.key: i for i, s in enumerate(g.seats) if s.key}
    seen: set[tuple[str, str]] = set()

    def signed(raw: Any) -> Envelope | None:
        try:
            env = parse(raw.encode("utf-8")) if isinstance(raw, str) else None
        except Reject:
            return None
        if env is None or env.kind in UNSIGNED_KINDS or env.author not in seat_of or env.game != g.game_id:
            return None
        return env if signature_ok(env, public_key(env.author)) else None

    for n, line in enumerate(lines, start=1):
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if not isinstance(item, dict):
            continue
        if set(item) == {"first", "second"}:
            a, b = signed(item["first"]), signed(item["second"])
            if a is None or b is None or a.author != b.author or a.seq != b.seq or a.raw == b.raw:
                continue
            key = ("equivocation", f"{a.author}/{a.seq}")
            text = f"signed two different messages with seq {a.seq}"
            facts: dict[str, Any] = {"seq": a.seq}
        elif set(item) == {"mismatch"}:
            a = signed(item["mismatch"])
            if a is None or a.at >= len(t.positions) or a.state == t.positions[a.at] or a.at == 0:
                continue
            key = ("state", f"{a.author}/{a.seq}")
            text = (f"signed state {a.state[:16]} for position {a.at}, where the game's state was "
                    f"{t.positions[a.at][:16]} (message seq {a.seq}, refused by the peer that kept it)")
            facts = {"seq": a.seq, "state": a.state, "at": a.at, "expected": t.positions[a.at]}
        else:
            continue
        if key in seen:
            continue
        seen.add(key)
        seat = seat_of[a.author]
        rep.evidence.append({"kind": key[0], "seat": seat, "power": g.seats[seat].power, "line": n,
                             "text": text, **facts})


def _contest(t: Transcript, rep: Report) -> None:
    """Why the result of a sound game may still be unfair, one sentence each (and each as
    data, in ``rep.reasons``)."""
    g, table = t.genesis, t.referee
    if g is None or table is None:
        return
    for d in rep.drops:
        who = ", ".join(d["powers"])
        if d["after_reveals"]:
            rep.contested.append(
                f"line {d['line']}: {who} withheld its reveal for chance event {d['chance']} after every other "
                f"reveal of it was in, and was dropped: it could compute that roll with and without its reveal, "
                f"and the roll made without it stands")
            rep.reasons.append({"code": "withheld_last", "line": d["line"], "powers": d["powers"],
                                "chance": d["chance"]})
        else:
            rep.contested.append(f"line {d['line']}: {who} dropped for withholding ({', '.join(d['withheld'])}); "
                                 f"a bot played the seat from there")
            rep.reasons.append({"code": "dropped", "line": d["line"], "powers": d["powers"],
                                "withheld": d["withheld"]})
    if rep.unwitnessed:
        first, last = rep.unwitnessed[0], rep.unwitnessed[-1]
        rep.contested.append(
            f"{len(rep.unwitnessed)} chance events (of {first}..{last}) were fed by fewer than two players' hash "
            f"chains: the player left knew those dice before anyone else, so they are unwitnessed")
        rep.reasons.append({"code": "unwitnessed", "count": len(rep.unwitnessed), "first": first, "last": last})
    for e in rep.evidence:
        rep.contested.append(f"evidence line {e['line']}: {e['power']} (seat {e['seat']}) {e['text']}")
        rep.reasons.append({"code": e["kind"], **{k: v for k, v in e.items() if k not in ("kind", "text")}})


# what signature_verdicts says of each line
SIGNED, NOT_SIGNED, NO_SIGNATURE = 1, 0, 2


def signature_verdicts(messages: Sequence[bytes]) -> bytes:
    """One byte a line: :data:`SIGNED` when the line is a message signed by its author,
    :data:`NO_SIGNATURE` for a kind that carries none (a reveal), :data:`NOT_SIGNED` when
    it is not well formed or its signature is not its author's. The part of the check that
    needs nothing but the line itself: it may run beside the replay."""
    keys: dict[str, Ed25519PublicKey | None] = {}
    out = bytearray()
    for raw in messages:
        try:
            env = parse(raw)
        except Reject:
            out.append(NOT_SIGNED)
            continue
        if env.kind in UNSIGNED_KINDS:
            out.append(NO_SIGNATURE)
            continue
        out.append(SIGNED if _signed(env, keys) else NOT_SIGNED)
    return bytes(out)


def signatures_only(messages: Sequence[bytes]) -> int:
    """Parse every message and check its signature, nothing else (the benchmark's
    baseline, the work a second process does beside the replay); returns how many verify
    (reveals carry none)."""
    return signature_verdicts(messages).count(SIGNED)
