"""The rules for each kind of message once its envelope is sound: for a ``seat``,
``choice``, ``reveal``, ``commit``, ``open``, ``end``, ``undo``, ``resign`` or ``drop``,
:data:`PLANS` holds the function that validates it against a :class:`~net.core.referee.Table`
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
from game.rules.phase import PHASES
from net.core.beacon import reveal_ok
from net.core.encoding import from_hex, is_hex
from net.core.reasons import Reject
from net.core.unrest import WARS, opening_ok

if TYPE_CHECKING:
    from net.core.referee import Referee

# who controls a seat (Referee.control): a person, or the bot after a drop, a resignation, or from the start
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


@dataclass(slots=True)
class Msg:
    """What the referee needs of a message: its author's seat, body, ``at``, its index in
    the transcript, its id, and whether it was made at the current position (made for every
    message, and only read: not frozen, which makes it a quarter of the time to build)."""

    seat: int
    body: dict[str, Any]
    at: int
    index: int
    id: str
    current: bool


def _is_int(v: Any) -> bool:
    return type(v) is int  # not a bool


def _keys(body: dict[str, Any], *keys: str) -> None:
    if body.keys() != set(keys):
        raise Reject("bad_body", f"the body must have exactly {', '.join(keys) or 'no fields'}")


def _need_started(referee: Referee) -> None:
    if not referee.started:
        raise Reject("not_expected", "the game has not started: not every seat has joined")
    if referee.over:
        raise Reject("not_expected", "the game is over")


def _need_commits(referee: Referee, seat: int) -> None:
    missing = referee.uncommitted_wars(seat)
    if missing:
        raise Reject("commit_missing", f"seat {seat} has not committed its unrest for war {missing[0]}")


def _need_all_commits(referee: Referee) -> None:
    """The position changes only once every seat played by a person has committed to its
    unrest for the wars that ended, so that every peer orders those commitments before
    the change."""
    if not referee.war_end_pos or referee.all_committed():  # nothing owed (most messages)
        return
    for s in range(referee.n):
        if referee.active(s):
            _need_commits(referee, s)


def _need_decision(referee: Referee, seat: int) -> None:
    _need_started(referee)
    p = referee.pending()
    if p.is_chance:
        raise Reject("not_your_turn", f"the game waits for chance ({p.chance.kind if p.chance else ''})")
    if p.seat != seat:
        raise Reject("not_your_turn", f"the game waits for seat {p.seat}: {p.prompt}")


def plan_seat(referee: Referee, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "seat", "chain", "genesis")
    if body["genesis"] != referee.genesis_id:  # checked first by the transcript; a plan alone checks it too
        raise Reject("wrong_genesis", "the seat message names another genesis than this game's")
    if not _is_int(body["seat"]) or body["seat"] != seat:
        raise Reject("bad_body", f"the author holds seat {seat}, not {body['seat']!r}")
    if not is_hex(body["chain"], 32):
        raise Reject("bad_body", "chain must be a 32-byte hash in hex")
    if not referee.active(seat):
        raise Reject("not_expected", f"seat {seat} was dropped before it joined")
    if referee.joined[seat]:
        raise Reject("not_expected", f"seat {seat} has joined already")

    def run() -> Outcome:
        referee.joined[seat] = True
        referee.tip[seat] = bytes.fromhex(body["chain"])
        return referee.maybe_start()
    return run


def plan_choice(referee: Referee, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "choice")
    _need_decision(referee, seat)
    _need_all_commits(referee)
    try:
        choice = Choice.from_wire(body["choice"])
    except MalformedInput as exc:
        raise Reject("bad_body", exc.message) from None
    inp = Act(seat, choice)
    # the engine's test of a decision (check) without working out again what the game waits
    # for: _need_decision found it is this seat's decision, and from_wire made a well-formed
    # choice; what is left is whether the phase allows it (check says why not)
    st = referee.st
    fr = st.stack[-1]
    checked = PHASES[fr["t"]].allows(st, fr, choice)
    if not checked and referee.precheck:
        try:
            check(st, inp)
        except RulesError as exc:
            raise Reject("illegal", str(exc)) from None

    def run() -> Outcome:
        try:  # validates before it changes anything (unless planning just did)
            events = apply_in_place(referee.st, inp, checked=checked)
        except RulesError as exc:
            raise Reject("illegal", str(exc)) from None
        referee.ledger.observe(referee.st, events)
        referee.inputs.append(inp)
        out = Outcome(events, True, True)
        barrier = referee.over or any(e.kind == "war_end" for e in events)
        more = referee.advance()
        if barrier or more.engine_changed:
            referee.undo_stack.clear()
        else:
            referee.undo_stack.append((seat, m.id))
        out.events += more.events
        return out
    return run


def plan_reveal(referee: Referee, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "chance", "r", "value")
    _need_started(referee)
    r = referee.chance_round()
    if not r:
        raise Reject("not_expected", "the game does not wait for chance now")
    if not _is_int(body["r"]) or body["r"] != r:
        raise Reject("bad_round", f"the game waits for chance event {r}, not {body['r']!r}")
    if body["chance"] != referee.request():
        raise Reject("bad_body", f"the chance request is not the one of chance event {r}: {referee.request()}")
    if r > referee.g.chain_length:
        raise Reject("bad_round", f"chance event {r} is past the hash chains' length {referee.g.chain_length}")
    if seat in referee.reveals:
        raise Reject("not_expected", f"seat {seat} has revealed for chance event {r} already")
    _need_commits(referee, seat)
    if not is_hex(body["value"], 32):
        raise Reject("bad_body", "value must be 32 bytes of hex")
    value = bytes.fromhex(body["value"])
    if not reveal_ok(referee.tip[seat], value):
        raise Reject("bad_reveal", f"seat {seat}'s value for chance event {r} does not hash onto its previous one")

    def run() -> Outcome:
        referee.reveals[seat] = value
        referee.tip[seat] = value
        return referee.advance()
    return run


def plan_commit(referee: Referee, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "war", "commit")
    war = body["war"]
    if not _is_int(war) or not 1 <= war <= WARS:  # a war that no game has is a bad body, as in an opening
        raise Reject("bad_body", f"war must be an integer from 1 to {WARS}")
    if war not in referee.war_end_pos:
        raise Reject("not_expected", f"war {war!r} has not ended")
    if (seat, war) in referee.commits:
        raise Reject("not_expected", f"seat {seat} has committed for war {war} already")
    if m.at < referee.war_end_pos[war]:
        raise Reject("stale", f"a commitment for war {war} must be made after it ended")
    if not is_hex(body["commit"], 32):
        raise Reject("bad_body", "commit must be 32 bytes of hex")

    def run() -> Outcome:
        referee.commits[(seat, war)] = bytes.fromhex(body["commit"])
        return Outcome()
    return run


def plan_open(referee: Referee, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "openings")
    if not referee.over:
        raise Reject("not_expected", "unrest is opened when the game is over")
    if seat in referee.opened:
        raise Reject("not_expected", f"seat {seat} has opened already")
    if m.at < referee.over_pos:
        raise Reject("stale", "openings are made after the game is over")
    _need_commits(referee, seat)
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
        if not opening_ok(referee.gid, seat, war, u, from_hex(salt), referee.commits[(seat, war)]):
            raise Reject("bad_opening", f"seat {seat}'s opening for war {war} does not match its commitment")
        if u != referee.war_unrest[war][seat]:
            raise Reject("bad_opening", f"seat {seat}'s opened unrest for war {war} is not the engine's value")
        values.append(u)

    def run() -> Outcome:
        referee.opened[seat] = tuple(values)
        return Outcome()
    return run


def plan_end(referee: Referee, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "scores", "winners")
    if not referee.over or seat not in referee.opened:
        raise Reject("not_expected", "end comes after the game is over and the seat has opened its unrest")
    if m.at < referee.over_pos:
        raise Reject("stale", f"an end states the final position ({referee.over_pos} or later), not {m.at}")
    if seat in referee.ended:
        raise Reject("not_expected", f"seat {seat} has signed its end already")
    result = outcome(referee.st) or {}
    if body["scores"] != result.get("scores") or body["winners"] != result.get("winners"):
        raise Reject("bad_end", "scores and winners differ from the engine's outcome")

    def run() -> Outcome:
        referee.ended.add(seat)
        return Outcome()
    return run


def plan_undo(referee: Referee, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body, "target")
    _need_decision(referee, seat)
    _need_all_commits(referee)
    if not referee.undo_stack or referee.undo_stack[-1] != (seat, body["target"]):
        raise Reject("undo_refused", "only the author's own last choice of this turn, since the last chance "
                                     "event, can be taken back")

    def run() -> Outcome:
        referee.undo_stack.pop()
        referee.inputs.pop()
        referee.st = referee.g.new_state()
        referee.ledger = UnrestLedger(referee.n)
        for inp in referee.inputs:
            referee.ledger.observe(referee.st, apply_in_place(referee.st, inp))
        return Outcome([], True, True)
    return run


def plan_resign(referee: Referee, m: Msg) -> Plan:
    seat, body = m.seat, m.body
    _keys(body)
    _need_decision(referee, seat)
    _need_all_commits(referee)

    def run() -> Outcome:
        referee.control[seat] = RESIGNED
        referee.resigned_at[seat] = m.index
        out = referee.advance()
        out.epoch_changed = True
        return out
    return run


def plan_drop(referee: Referee, m: Msg) -> Plan:
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
    if (not isinstance(targets, list) or not targets or not all(_is_int(t) and 0 <= t < referee.n for t in targets)
            or targets != sorted(set(targets))):
        raise Reject("bad_body", "seats must be a sorted list of distinct seat numbers")
    if seat in targets:
        raise Reject("bad_body", "a seat does not vote to drop itself (it may resign)")
    if not referee.active(seat):
        raise Reject("not_expected", f"seat {seat} is played by a bot now")
    key = tuple(targets)
    if "keep" in body:  # after a vote of its own too: the voter withdraws it (net.core.session)
        if seat in referee.keep_log.get((key, m.at), ()):
            raise Reject("not_expected", f"seat {seat} has promised to keep {targets} there already")

        def promise() -> Outcome:
            referee.keep_log.setdefault((key, m.at), set()).add(seat)
            if m.current:
                referee.keeps.setdefault(key, set()).add(seat)
            return Outcome()
        return promise
    if seat in referee.keep_log.get((key, m.at), ()):
        raise Reject("not_expected", f"seat {seat} has promised to keep {targets} there")
    awaited = dict(referee.awaited())
    people = sum(1 for s in range(referee.n) if referee.active(s))
    # it counts only for seats awaited here, and only for a minority of the seats still
    # played by people (so the voters, every other one of them, are a majority)
    counts = m.current and all(t in awaited for t in key) and 2 * len(key) < people
    if counts and seat in referee.votes.get(key, set()):
        raise Reject("not_expected", f"seat {seat} has voted to drop {targets} already")

    def run() -> Outcome:
        referee.vote_log.setdefault((key, m.at), set()).add(seat)
        if not counts:
            return Outcome()
        voters = referee.votes.setdefault(key, set())
        voters.add(seat)
        needed = {s for s in range(referee.n) if referee.active(s) and s not in key}
        if not needed <= voters or referee.keeps.get(key):
            return Outcome()
        r = referee.chance_round()
        last = bool(r) and all(awaited[t] == "reveal" for t in key) and all(
            s in referee.reveals for s in range(referee.n) if referee.active(s) and s not in key)
        for t in key:
            referee.control[t] = DROPPED
        referee.drops.append(DropRecord(key, tuple(awaited[t] for t in key), tuple(sorted(voters)), m.index, m.at,
                                     last, r if any(awaited[t] == "reveal" for t in key) else 0))
        referee.reveals = {s: v for s, v in referee.reveals.items() if referee.active(s)}
        out = referee.maybe_start() if not referee.started else referee.advance()
        out.epoch_changed = True
        return out
    return run


PLANS: MappingProxyType[str, Callable[[Referee, Msg], Plan]] = MappingProxyType({
    "seat": plan_seat, "choice": plan_choice, "reveal": plan_reveal, "commit": plan_commit, "open": plan_open,
    "end": plan_end, "undo": plan_undo, "resign": plan_resign, "drop": plan_drop,
})
