"""The rules for each kind of message once its envelope is sound: for a ``seat``,
``choice``, ``reveal``, ``commit``, ``open``, ``end``, ``undo``, ``resign`` or ``drop``,
:data:`PLANS` holds the function that validates it against a :class:`~net.core.table.Table`
(raising :class:`~net.core.reasons.Reject`) and returns the closure that applies it, so a
refused message changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from game.bots import UnrestLedger
from game.rules import Act, Choice, Event, MalformedInput, RulesError, apply_in_place, check, outcome
from net.core.beacon import reveal_ok
from net.core.encoding import from_hex, is_hex
from net.core.reasons import Reject
from net.core.unrest import WARS, opening_ok

if TYPE_CHECKING:
    from net.core.table import Table

# who controls a seat (Table.control): a person, or the bot after a drop, a resignation, or from the start
PLAYER, DROPPED, RESIGNED, BOT = "player", "dropped", "resigned", "bot"


@dataclass(frozen=True, slots=True)
class DropRecord:
    """A drop that took effect: the seats, what they withheld, who signed, where."""

    seats: tuple[int, ...]
    withheld: tuple[str, ...]
    voters: tuple[int, ...]
    index: int  # of the vote that completed it, in the transcript
    at: int = 0  # the position it was voted at
    # a reveal withheld when every other active seat's reveal of that chance event was in:
    # the dropped seat could compute the dice with its reveal and chose a roll without it
    after_reveals: bool = False
    chance: int = 0  # the chance event it withheld for (0: none)


@dataclass(slots=True)
class Outcome:
    events: list[Event] = field(default_factory=list)
    engine_changed: bool = False
    epoch_changed: bool = False


Plan = Callable[[], Outcome]


@dataclass(frozen=True, slots=True)
class Msg:
    """What the table needs of a message: its author's seat, body, ``at``, its index in
    the transcript, its id, and whether it was made at the current position."""

    seat: int
    body: dict[str, Any]
    at: int
    index: int
    id: str
    current: bool


def _is_int(v: Any) -> bool:
    return type(v) is int  # not a bool


def _keys(body: dict[str, Any], *keys: str) -> None:
    if set(body) != set(keys):
        raise Reject("bad_body", f"the body must have exactly {', '.join(keys) or 'no fields'}")


def _need_started(table: Table) -> None:
    if not table.started:
        raise Reject("not_expected", "the game has not started: not every seat has joined")
    if table.over:
        raise Reject("not_expected", "the game is over")


def _need_commits(table: Table, seat: int) -> None:
    missing = table.uncommitted_wars(seat)
    if missing:
        raise Reject("commit_missing", f"seat {seat} has not committed its unrest for war {missing[0]}")


def _need_all_commits(table: Table) -> None:
    """The position changes only once every seat played by a person has committed to its
    unrest for the wars that ended, so that every peer orders those commitments before
    the change."""
    for s in range(table.n):
        if table.active(s):
            _need_commits(table, s)


def _need_decision(table: Table, seat: int) -> None:
    _need_started(table)
    p = table.pending()
    if p.is_chance:
        raise Reject("not_your_turn", f"the game waits for chance ({p.chance.kind if p.chance else ''})")
    if p.seat != seat:
        raise Reject("not_your_turn", f"the game waits for seat {p.seat}: {p.prompt}")


def plan_seat(table: Table, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "seat", "chain")
    if not _is_int(body["seat"]) or body["seat"] != seat:
        raise Reject("bad_body", f"the author holds seat {seat}, not {body['seat']!r}")
    if not is_hex(body["chain"], 32):
        raise Reject("bad_body", "chain must be a 32-byte hash in hex")
    if not table.active(seat):
        raise Reject("not_expected", f"seat {seat} was dropped before it joined")
    if table.joined[seat]:
        raise Reject("not_expected", f"seat {seat} has joined already")

    def run() -> Outcome:
        table.joined[seat] = True
        table.tip[seat] = bytes.fromhex(body["chain"])
        return table.maybe_start()
    return run


def plan_choice(table: Table, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "choice")
    _need_decision(table, seat)
    _need_all_commits(table)
    try:
        choice = Choice.from_wire(body["choice"])
    except MalformedInput as exc:
        raise Reject("bad_body", exc.message) from None
    inp = Act(seat, choice)
    checked = table.precheck
    if checked:
        try:
            check(table.st, inp)
        except RulesError as exc:
            raise Reject("illegal", str(exc)) from None

    def run() -> Outcome:
        try:  # validates before it changes anything (unless planning just did)
            events = apply_in_place(table.st, inp, checked=checked)
        except RulesError as exc:
            raise Reject("illegal", str(exc)) from None
        table.ledger.observe(table.st, events)
        table.inputs.append(inp)
        out = Outcome(events, True, True)
        barrier = table.over or any(e.kind == "war_end" for e in events)
        more = table.advance()
        if barrier or more.engine_changed:
            table.undo_stack.clear()
        else:
            table.undo_stack.append((seat, m.id))
        out.events += more.events
        return out
    return run


def plan_reveal(table: Table, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "chance", "r", "value")
    _need_started(table)
    r = table.chance_round()
    if not r:
        raise Reject("not_expected", "the game does not wait for chance now")
    if not _is_int(body["r"]) or body["r"] != r:
        raise Reject("bad_round", f"the game waits for chance event {r}, not {body['r']!r}")
    if body["chance"] != table.request():
        raise Reject("bad_body", f"the chance request is not the one of chance event {r}: {table.request()}")
    if r > table.g.chain_length:
        raise Reject("bad_round", f"chance event {r} is past the hash chains' length {table.g.chain_length}")
    if seat in table.reveals:
        raise Reject("not_expected", f"seat {seat} has revealed for chance event {r} already")
    _need_commits(table, seat)
    if not is_hex(body["value"], 32):
        raise Reject("bad_body", "value must be 32 bytes of hex")
    value = bytes.fromhex(body["value"])
    if not reveal_ok(table.tip[seat], value):
        raise Reject("bad_reveal", f"seat {seat}'s value for chance event {r} does not hash onto its previous one")

    def run() -> Outcome:
        table.reveals[seat] = value
        table.tip[seat] = value
        return table.advance()
    return run


def plan_commit(table: Table, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "war", "commit")
    war = body["war"]
    if not _is_int(war):
        raise Reject("bad_body", "war must be an integer")
    if war not in table.war_end_pos:
        raise Reject("not_expected", f"war {war!r} has not ended")
    if (seat, war) in table.commits:
        raise Reject("not_expected", f"seat {seat} has committed for war {war} already")
    if m.at < table.war_end_pos[war]:
        raise Reject("stale", f"a commitment for war {war} must be made after it ended")
    if not is_hex(body["commit"], 32):
        raise Reject("bad_body", "commit must be 32 bytes of hex")

    def run() -> Outcome:
        table.commits[(seat, war)] = bytes.fromhex(body["commit"])
        return Outcome()
    return run


def plan_open(table: Table, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "openings")
    if not table.over:
        raise Reject("not_expected", "unrest is opened when the game is over")
    if seat in table.opened:
        raise Reject("not_expected", f"seat {seat} has opened already")
    if m.at < table.over_pos:
        raise Reject("stale", "openings are made after the game is over")
    _need_commits(table, seat)
    ops = body["openings"]
    if not isinstance(ops, list) or len(ops) != WARS:
        raise Reject("bad_body", f"openings must list the {WARS} wars in order")
    values: list[int] = []
    for war, op in enumerate(ops, start=1):
        if not isinstance(op, dict) or set(op) != {"war", "unrest", "salt"} or not _is_int(op["war"]) \
                or op["war"] != war:
            raise Reject("bad_body", f"opening {war} must be {{war: {war}, unrest, salt}}")
        u, salt = op["unrest"], op["salt"]
        if not _is_int(u) or not 0 <= u < 1 << 63 or not is_hex(salt, 32):
            raise Reject("bad_body", f"opening {war}: unrest must be a non-negative integer and salt 32 bytes of hex")
        if not opening_ok(table.gid, seat, war, u, from_hex(salt), table.commits[(seat, war)]):
            raise Reject("bad_opening", f"seat {seat}'s opening for war {war} does not match its commitment")
        if u != table.war_unrest[war][seat]:
            raise Reject("bad_opening", f"seat {seat}'s opened unrest for war {war} is not the engine's value")
        values.append(u)

    def run() -> Outcome:
        table.opened[seat] = tuple(values)
        return Outcome()
    return run


def plan_end(table: Table, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "scores", "winners")
    if not table.over or seat not in table.opened:
        raise Reject("not_expected", "end comes after the game is over and the seat has opened its unrest")
    if m.at < table.over_pos:
        raise Reject("stale", f"an end states the final position ({table.over_pos} or later), not {m.at}")
    if seat in table.ended:
        raise Reject("not_expected", f"seat {seat} has signed its end already")
    result = outcome(table.st) or {}
    if body["scores"] != result.get("scores") or body["winners"] != result.get("winners"):
        raise Reject("bad_end", "scores and winners differ from the engine's outcome")

    def run() -> Outcome:
        table.ended.add(seat)
        return Outcome()
    return run


def plan_undo(table: Table, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "target")
    _need_decision(table, seat)
    _need_all_commits(table)
    if not table.undo_stack or table.undo_stack[-1] != (seat, body["target"]):
        raise Reject("undo_refused", "only the author's own last choice of this turn, since the last chance "
                                     "event, can be taken back")

    def run() -> Outcome:
        table.undo_stack.pop()
        table.inputs.pop()
        table.st = table.g.new_state()
        table.ledger = UnrestLedger(table.n)
        for inp in table.inputs:
            table.ledger.observe(table.st, apply_in_place(table.st, inp))
        return Outcome([], True, True)
    return run


def plan_resign(table: Table, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body)
    _need_decision(table, seat)
    _need_all_commits(table)

    def run() -> Outcome:
        table.control[seat] = RESIGNED
        table.resigned_at[seat] = m.index
        out = table.advance()
        out.epoch_changed = True
        return out
    return run


def plan_drop(table: Table, m: Msg) -> Plan:
    """A vote to drop seats the game waits for. Votes count only at the position they
    were made at and while their seats are still awaited; a vote that came too late
    is kept in the transcript (it is part of its author's chain) but counts for nothing.
    With ``"keep": true`` it is the opposite, a promise never to vote for those seats
    there (:meth:`drop_pending`)."""
    seat, body = m.seat, m.body
    if "keep" in body:
        _keys(body, "seats", "keep")
        if body["keep"] is not True:
            raise Reject("bad_body", "keep is true when present")
    else:
        _keys(body, "seats")
    targets = body["seats"]
    if (not isinstance(targets, list) or not targets or not all(_is_int(t) and 0 <= t < table.n for t in targets)
            or targets != sorted(set(targets))):
        raise Reject("bad_body", "seats must be a sorted list of distinct seat numbers")
    if seat in targets:
        raise Reject("bad_body", "a seat does not vote to drop itself (it may resign)")
    if not table.active(seat):
        raise Reject("not_expected", f"seat {seat} is played by a bot now")
    key = tuple(targets)
    if "keep" in body:  # after a vote of its own too: the voter withdraws it (net.core.session)
        if seat in table.keep_log.get((key, m.at), ()):
            raise Reject("not_expected", f"seat {seat} has promised to keep {targets} there already")

        def promise() -> Outcome:
            table.keep_log.setdefault((key, m.at), set()).add(seat)
            if m.current:
                table.keeps.setdefault(key, set()).add(seat)
            return Outcome()
        return promise
    if seat in table.keep_log.get((key, m.at), ()):
        raise Reject("not_expected", f"seat {seat} has promised to keep {targets} there")
    awaited = dict(table.awaited())
    people = sum(1 for s in range(table.n) if table.active(s))
    # it counts only for seats awaited here, and only for a minority of the seats still
    # played by people (so the voters, every other one of them, are a majority)
    counts = m.current and all(t in awaited for t in key) and 2 * len(key) < people
    if counts and seat in table.votes.get(key, set()):
        raise Reject("not_expected", f"seat {seat} has voted to drop {targets} already")

    def run() -> Outcome:
        table.vote_log.setdefault((key, m.at), set()).add(seat)
        if not counts:
            return Outcome()
        voters = table.votes.setdefault(key, set())
        voters.add(seat)
        needed = {s for s in range(table.n) if table.active(s) and s not in key}
        if not needed <= voters or table.keeps.get(key):
            return Outcome()
        r = table.chance_round()
        last = bool(r) and all(awaited[t] == "reveal" for t in key) and all(
            s in table.reveals for s in range(table.n) if table.active(s) and s not in key)
        for t in key:
            table.control[t] = DROPPED
        table.drops.append(DropRecord(key, tuple(awaited[t] for t in key), tuple(sorted(voters)), m.index, m.at,
                                     last, r if any(awaited[t] == "reveal" for t in key) else 0))
        table.reveals = {s: v for s, v in table.reveals.items() if table.active(s)}
        out = table.maybe_start() if not table.started else table.advance()
        out.epoch_changed = True
        return out
    return run


PLANS: MappingProxyType[str, Callable[[Table, Msg], Plan]] = MappingProxyType({
    "seat": plan_seat, "choice": plan_choice, "reveal": plan_reveal, "commit": plan_commit, "open": plan_open,
    "end": plan_end, "undo": plan_undo, "resign": plan_resign, "drop": plan_drop,
})
