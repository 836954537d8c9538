"""The game side of the transcript: the engine state and everything the protocol adds
around it, and the rules for each kind of message once its envelope is sound.

A :class:`Table` knows who controls each seat (a person, or a bot after ``drop`` or
``resign``), the hash-chain tip of every seat, the reveals of the open chance event, the
drop votes, the unrest commitments and openings, the end signatures, and the inputs the
engine has applied (for ``undo``). :meth:`Table.plan` validates one message and returns
the closure that applies it, so a refused message changes nothing.

Bots: a seat the genesis gives no key (an empty seat the host filled with a bot), and a
seat no longer played by a person, is played by the genesis ``drop_bot``, seeded
for each decision from ``SHA-256("soe/bot" || game id || seat || engine step)``; every
peer computes the same choice, so bot moves are not messages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.bots import UnrestLedger, lend, make_bot
from game.rules import (
    Act,
    Choice,
    Event,
    Input,
    MalformedInput,
    Pending,
    Roll,
    RulesError,
    State,
    apply_in_place,
    check,
    is_over,
    legal,
    outcome,
    pending,
)
from net.beacon import beacon_value, expand, reveal_ok
from net.encoding import DOMAIN_BOT, from_hex, is_hex, sha256, u64
from net.genesis import Genesis
from net.reasons import Reject
from net.unrest import WARS, opening_ok

PLAYER, DROPPED, RESIGNED, BOT = "player", "dropped", "resigned", "bot"


@dataclass(frozen=True, slots=True)
class ChanceRecord:
    """One chance event: the beacon, the values drawn and whose dice they were."""

    r: int
    kind: str
    ranges: tuple[tuple[int, int], ...]
    beacon: str
    values: tuple[int, ...]
    revealers: tuple[int, ...]
    dice: tuple[tuple[int, tuple[int, ...]], ...]  # (seat or -1 for a neutral, values read)
    owners: tuple[int | str | None, ...] = ()  # the request's ``for``: whose each value is

    @property
    def witnessed(self) -> bool:
        """Whether at least two players' chains fed the beacon: with one, that player knew
        the values before anyone else (with none, everyone could compute them)."""
        return len(self.revealers) >= 2


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


def chance_request(st: State, p: Pending | None = None) -> dict[str, Any]:
    """The chance request the engine waits for, as a reveal states it: ``kind``, ``ranges``
    and ``for``, whose each value is: a seat number (that power's die), ``"neutral"`` (a
    die rolled for no power) or ``None`` (a value that is no one's die: the first player,
    a draw from the bag). ``p``: ``pending(st)``, when the caller has it."""
    req = (p if p is not None else pending(st)).chance
    assert req is not None, "the engine does not wait for chance"
    n = len(req.ranges)
    fr = st.stack[-1] if st.stack else {}

    def who(seat: Any) -> int | str:
        return int(seat) if int(seat) >= 0 else "neutral"

    owners: list[int | str | None]
    if req.kind == "dice" and n == 4:
        att, dfn = fr["sides"]
        owners = [who(att), who(att), who(dfn), who(dfn)]
    elif req.kind == "reroll":
        owners = [who(fr["sides"][fr["rr"]])] * n
    elif req.kind == "sea_roll":
        owners = [who(fr["seat"])] * n
    else:
        owners = [None] * n
    return {"kind": req.kind, "ranges": [list(r) for r in req.ranges], "for": owners}


def bot_seed(game_id: bytes, seat: int, step: int) -> int:
    return int.from_bytes(sha256(DOMAIN_BOT, game_id, u64(seat), u64(step))[:8], "big")


class Table:
    """Engine state plus protocol bookkeeping for one game (see the module docstring)."""

    def __init__(self, genesis: Genesis) -> None:
        self.g = genesis
        self.gid = genesis.game_id_bytes
        self.n = len(genesis.seats)
        # the seats' unrest as the public events tell it, for the computer players of bot
        # seats (every peer follows the same events, so every peer's bot makes the same choice)
        self.ledger = UnrestLedger(self.n)
        self.st: State = genesis.new_state()
        self.control = [BOT if s.bot else PLAYER for s in genesis.seats]
        self.joined = [False] * self.n
        self.tip: list[bytes] = [b""] * self.n  # chain commitment, then the last reveal
        self.started = False
        self.reveals: dict[int, bytes] = {}
        self.votes: dict[tuple[int, ...], set[int]] = {}  # drop votes that count, at this position
        self.keeps: dict[tuple[int, ...], set[int]] = {}  # promises not to vote for them, at this position
        self.vote_log: dict[tuple[tuple[int, ...], int], set[int]] = {}  # (seats, at) -> who voted, ever
        self.keep_log: dict[tuple[tuple[int, ...], int], set[int]] = {}  # (seats, at) -> who promised, ever
        self.position = 1  # the transcript's position (the genesis makes position 1)
        self.war_end_pos: dict[int, int] = {}
        self.war_unrest: dict[int, tuple[int, ...]] = {}  # the engine's values: private until the openings
        self.over_pos = -1
        self.commits: dict[tuple[int, int], bytes] = {}
        self._owing: tuple[tuple[int, int], list[list[int]]] = ((0, 0), [[] for _ in range(self.n)])
        self.opened: dict[int, tuple[int, ...]] = {}
        self.ended: set[int] = set()
        self.inputs: list[Input] = []
        self.undo_stack: list[tuple[int, str]] = []  # (seat, message id) of choices that may be taken back
        self.chances: list[ChanceRecord] = []
        self.drops: list[DropRecord] = []
        self.resigned_at: dict[int, int] = {}
        self._request: tuple[int, dict[str, Any]] = (0, {})  # (chance event, its request), worked out once
        # what the engine waits for, worked out once per engine step (see pending())
        self._pending: tuple[State | None, int, Pending | None] = (None, -1, None)
        self._round: tuple[State | None, int, bool, int] = (None, -1, False, 0)  # see chance_round
        # check a choice's legality while planning (when the message is persisted before it
        # is applied); otherwise applying it checks it, which is faster for verification
        self.precheck = False

    # ------------------------------------------------------------------ queries
    def pending(self) -> Pending:
        """``pending(self.st)``, worked out once per engine step: every message and every
        turn of a peer's loop asks it several times (whose turn, which chance event), and
        the state changes only by an input applied (which counts a step) or by being
        replaced (an undo)."""
        st = self.st
        cached = self._pending
        if cached[0] is st and cached[1] == st.steps and cached[2] is not None:
            return cached[2]
        p = pending(st)
        self._pending = (st, st.steps, p)
        return p

    def active(self, seat: int) -> bool:
        return self.control[seat] == PLAYER

    @property
    def over(self) -> bool:
        return is_over(self.st)

    @property
    def closed(self) -> bool:
        """Over, and every seat still played by a person has opened and signed its end."""
        return self.over and all(s in self.ended for s in range(self.n) if self.active(s))

    def request(self) -> dict[str, Any]:
        """The chance request of the chance event the engine waits for (:func:`chance_request`)."""
        r = self.chance_round()
        if self._request[0] != r:
            self._request = (r, chance_request(self.st, self.pending()))
        return self._request[1]

    def chance_round(self) -> int:
        """The number r of the chance event the engine waits for, or 0 (asked several times
        for every message: worked out once per engine step, as :meth:`pending` is)."""
        st = self.st
        cached = self._round
        if cached[0] is st and cached[1] == st.steps and cached[2] == self.started:
            return cached[3]
        r = st.chance_count + 1 if self.started and not is_over(st) and self.pending().is_chance else 0
        self._round = (st, st.steps, self.started, r)
        return r

    def decision_seat(self) -> int:
        """The seat whose decision the engine waits for, or -1."""
        if not self.started or self.over:
            return -1
        p = self.pending()
        return -1 if p.is_chance else p.seat

    def awaited(self) -> list[tuple[int, str]]:
        """Seats played by people that the game waits for now, and what for: ``seat``,
        ``commit``, ``reveal``, ``choice``, ``open`` or ``end``."""
        out: list[tuple[int, str]] = []
        r = self.chance_round()
        for s in range(self.n):
            if not self.active(s):
                continue
            if not self.joined[s]:
                out.append((s, "seat"))
            elif not self.started:
                continue
            elif self.uncommitted_wars(s):
                out.append((s, "commit"))
            elif self.over:
                if s not in self.opened:
                    out.append((s, "open"))
                elif s not in self.ended:
                    out.append((s, "end"))
            elif r and s not in self.reveals:
                out.append((s, "reveal"))
        d = self.decision_seat()
        if d >= 0 and self.active(d) and not out:
            out.append((d, "choice"))
        return out

    def drop_pending(self, seat: int) -> bool:
        """Whether a vote to drop ``seat`` counts at this position and no seat has promised
        to keep it. Its messages then wait (``drop_pending``): they are taken in if a
        promise comes (a peer took in one of its messages before it saw any vote, so the
        drop can no longer complete), refused if the drop completes. Every peer thereby
        ends on the same side, whatever order the late message and the votes reached it in."""
        return any(seat in key and voters and not self.keeps.get(key) for key, voters in self.votes.items())

    def keeps_due(self, seat: int) -> list[tuple[tuple[int, ...], int]]:
        """The (seats, position) of drop votes that ``seat`` will never join: made at an
        earlier position or for seats no longer awaited, and neither completed, voted nor
        promised by ``seat``. It promises to keep them (see :meth:`drop_pending`)."""
        if not self.vote_log or not self.active(seat):
            return []
        done = {(d.seats, d.at) for d in self.drops}
        awaited: dict[int, str] | None = None  # worked out only if needed: most games have no vote open
        out = []
        for (key, at), voters in sorted(self.vote_log.items()):
            if seat in key or seat in voters or seat in self.keep_log.get((key, at), ()) or (key, at) in done:
                continue
            if at == self.position and awaited is None:
                awaited = dict(self.awaited())
            if at < self.position or not all(t in (awaited or {}) for t in key):
                out.append((key, at))
        return out

    def uncommitted_wars(self, seat: int) -> list[int]:
        """The wars that have ended for which ``seat`` has not committed its unrest (asked for
        every message: worked out again only when a war ends or a commitment comes, the only
        changes to either, which are never taken back)."""
        key = (len(self.war_end_pos), len(self.commits))
        if self._owing[0] != key:
            ends = sorted(self.war_end_pos)
            self._owing = (key, [[w for w in ends if (s, w) not in self.commits] for s in range(self.n)])
        return list(self._owing[1][seat])

    # ------------------------------------------------------------------ planning
    def plan(self, kind: str, m: Msg) -> Plan:
        """Validate a message of ``kind`` (its envelope already checked). Raises :class:`Reject`."""
        if kind != "seat" and kind != "drop" and not self.active(m.seat):
            raise Reject("not_expected", f"seat {m.seat} is played by a bot now")
        if m.at < 1:
            raise Reject("stale", "at must be 1 or more: the game starts after the genesis")
        if kind != "drop" and self.drop_pending(m.seat):
            raise Reject("drop_pending", f"seats have voted to drop seat {m.seat}: its message waits for the outcome")
        handler = getattr(self, f"_plan_{kind}", None)
        if handler is None:
            raise Reject("not_transcript", f"{kind} messages are not part of the transcript")
        plan: Plan = handler(m)
        return plan

    @staticmethod
    def _keys(body: dict[str, Any], *keys: str) -> None:
        if set(body) != set(keys):
            raise Reject("bad_body", f"the body must have exactly {', '.join(keys) or 'no fields'}")

    def _need_started(self) -> None:
        if not self.started:
            raise Reject("not_expected", "the game has not started: not every seat has joined")
        if self.over:
            raise Reject("not_expected", "the game is over")

    def _need_commits(self, seat: int) -> None:
        missing = self.uncommitted_wars(seat)
        if missing:
            raise Reject("commit_missing", f"seat {seat} has not committed its unrest for war {missing[0]}")

    def _need_all_commits(self) -> None:
        """The position changes only once every seat played by a person has committed to its
        unrest for the wars that ended, so that every peer orders those commitments before
        the change."""
        for s in range(self.n):
            if self.active(s):
                self._need_commits(s)

    def _need_decision(self, seat: int) -> None:
        self._need_started()
        p = self.pending()
        if p.is_chance:
            raise Reject("not_your_turn", f"the game waits for chance ({p.chance.kind if p.chance else ''})")
        if p.seat != seat:
            raise Reject("not_your_turn", f"the game waits for seat {p.seat}: {p.prompt}")

    def _plan_seat(self, m: Msg) -> Plan:
        seat, body = m.seat, m.body
        self._keys(body, "seat", "chain")
        if not _is_int(body["seat"]) or body["seat"] != seat:
            raise Reject("bad_body", f"the author holds seat {seat}, not {body['seat']!r}")
        if not is_hex(body["chain"], 32):
            raise Reject("bad_body", "chain must be a 32-byte hash in hex")
        if not self.active(seat):
            raise Reject("not_expected", f"seat {seat} was dropped before it joined")
        if self.joined[seat]:
            raise Reject("not_expected", f"seat {seat} has joined already")

        def run() -> Outcome:
            self.joined[seat] = True
            self.tip[seat] = bytes.fromhex(body["chain"])
            return self._maybe_start()
        return run

    def _maybe_start(self) -> Outcome:
        if self.started or not all(self.joined[s] for s in range(self.n) if self.active(s)):
            return Outcome()
        self.started = True
        out = self._advance()
        out.epoch_changed = True
        return out

    def _plan_choice(self, m: Msg) -> Plan:
        seat, body = m.seat, m.body
        self._keys(body, "choice")
        self._need_decision(seat)
        self._need_all_commits()
        try:
            choice = Choice.from_wire(body["choice"])
        except MalformedInput as exc:
            raise Reject("bad_body", exc.message) from None
        inp = Act(seat, choice)
        checked = self.precheck
        if checked:
            try:
                check(self.st, inp)
            except RulesError as exc:
                raise Reject("illegal", str(exc)) from None

        def run() -> Outcome:
            try:  # validates before it changes anything (unless planning just did)
                events = apply_in_place(self.st, inp, checked=checked)
            except RulesError as exc:
                raise Reject("illegal", str(exc)) from None
            self.ledger.observe(self.st, events)
            self.inputs.append(inp)
            out = Outcome(events, True, True)
            barrier = self.over or any(e.kind == "war_end" for e in events)
            more = self._advance()
            if barrier or more.engine_changed:
                self.undo_stack.clear()
            else:
                self.undo_stack.append((seat, m.id))
            out.events += more.events
            return out
        return run

    def _plan_reveal(self, m: Msg) -> Plan:
        seat, body = m.seat, m.body
        self._keys(body, "chance", "r", "value")
        self._need_started()
        r = self.chance_round()
        if not r:
            raise Reject("not_expected", "the game does not wait for chance now")
        if not _is_int(body["r"]) or body["r"] != r:
            raise Reject("bad_round", f"the game waits for chance event {r}, not {body['r']!r}")
        if body["chance"] != self.request():
            raise Reject("bad_body", f"the chance request is not the one of chance event {r}: {self.request()}")
        if r > self.g.chain_length:
            raise Reject("bad_round", f"chance event {r} is past the hash chains' length {self.g.chain_length}")
        if seat in self.reveals:
            raise Reject("not_expected", f"seat {seat} has revealed for chance event {r} already")
        self._need_commits(seat)
        if not is_hex(body["value"], 32):
            raise Reject("bad_body", "value must be 32 bytes of hex")
        value = bytes.fromhex(body["value"])
        if not reveal_ok(self.tip[seat], value):
            raise Reject("bad_reveal", f"seat {seat}'s value for chance event {r} does not hash onto its previous one")

        def run() -> Outcome:
            self.reveals[seat] = value
            self.tip[seat] = value
            return self._advance()
        return run

    def _plan_commit(self, m: Msg) -> Plan:
        seat, body = m.seat, m.body
        self._keys(body, "war", "commit")
        war = body["war"]
        if not _is_int(war):
            raise Reject("bad_body", "war must be an integer")
        if war not in self.war_end_pos:
            raise Reject("not_expected", f"war {war!r} has not ended")
        if (seat, war) in self.commits:
            raise Reject("not_expected", f"seat {seat} has committed for war {war} already")
        if m.at < self.war_end_pos[war]:
            raise Reject("stale", f"a commitment for war {war} must be made after it ended")
        if not is_hex(body["commit"], 32):
            raise Reject("bad_body", "commit must be 32 bytes of hex")

        def run() -> Outcome:
            self.commits[(seat, war)] = bytes.fromhex(body["commit"])
            return Outcome()
        return run

    def _plan_open(self, m: Msg) -> Plan:
        seat, body = m.seat, m.body
        self._keys(body, "openings")
        if not self.over:
            raise Reject("not_expected", "unrest is opened when the game is over")
        if seat in self.opened:
            raise Reject("not_expected", f"seat {seat} has opened already")
        if m.at < self.over_pos:
            raise Reject("stale", "openings are made after the game is over")
        self._need_commits(seat)
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
            if not opening_ok(self.gid, seat, war, u, from_hex(salt), self.commits[(seat, war)]):
                raise Reject("bad_opening", f"seat {seat}'s opening for war {war} does not match its commitment")
            if u != self.war_unrest[war][seat]:
                raise Reject("bad_opening", f"seat {seat}'s opened unrest for war {war} is not the engine's value")
            values.append(u)

        def run() -> Outcome:
            self.opened[seat] = tuple(values)
            return Outcome()
        return run

    def _plan_end(self, m: Msg) -> Plan:
        seat, body = m.seat, m.body
        self._keys(body, "scores", "winners")
        if not self.over or seat not in self.opened:
            raise Reject("not_expected", "end comes after the game is over and the seat has opened its unrest")
        if m.at < self.over_pos:
            raise Reject("stale", f"an end states the final position ({self.over_pos} or later), not {m.at}")
        if seat in self.ended:
            raise Reject("not_expected", f"seat {seat} has signed its end already")
        result = outcome(self.st) or {}
        if body["scores"] != result.get("scores") or body["winners"] != result.get("winners"):
            raise Reject("bad_end", "scores and winners differ from the engine's outcome")

        def run() -> Outcome:
            self.ended.add(seat)
            return Outcome()
        return run

    def _plan_undo(self, m: Msg) -> Plan:
        seat, body = m.seat, m.body
        self._keys(body, "target")
        self._need_decision(seat)
        self._need_all_commits()
        if not self.undo_stack or self.undo_stack[-1] != (seat, body["target"]):
            raise Reject("undo_refused", "only the author's own last choice of this turn, since the last chance "
                                         "event, can be taken back")

        def run() -> Outcome:
            self.undo_stack.pop()
            self.inputs.pop()
            self.st = self.g.new_state()
            self.ledger = UnrestLedger(self.n)
            for inp in self.inputs:
                self.ledger.observe(self.st, apply_in_place(self.st, inp))
            return Outcome([], True, True)
        return run

    def _plan_resign(self, m: Msg) -> Plan:
        seat, body = m.seat, m.body
        self._keys(body)
        self._need_decision(seat)
        self._need_all_commits()

        def run() -> Outcome:
            self.control[seat] = RESIGNED
            self.resigned_at[seat] = m.index
            out = self._advance()
            out.epoch_changed = True
            return out
        return run

    def _plan_drop(self, m: Msg) -> Plan:
        """A vote to drop seats the game waits for. Votes count only at the position they
        were made at and while their seats are still awaited; a vote that came too late
        is kept in the transcript (it is part of its author's chain) but counts for nothing.
        With ``"keep": true`` it is the opposite, a promise never to vote for those seats
        there (:meth:`drop_pending`)."""
        seat, body = m.seat, m.body
        if "keep" in body:
            self._keys(body, "seats", "keep")
            if body["keep"] is not True:
                raise Reject("bad_body", "keep is true when present")
        else:
            self._keys(body, "seats")
        targets = body["seats"]
        if (not isinstance(targets, list) or not targets or not all(_is_int(t) and 0 <= t < self.n for t in targets)
                or targets != sorted(set(targets))):
            raise Reject("bad_body", "seats must be a sorted list of distinct seat numbers")
        if seat in targets:
            raise Reject("bad_body", "a seat does not vote to drop itself (it may resign)")
        if not self.active(seat):
            raise Reject("not_expected", f"seat {seat} is played by a bot now")
        key = tuple(targets)
        if "keep" in body:  # after a vote of its own too: the voter withdraws it (net.session)
            if seat in self.keep_log.get((key, m.at), ()):
                raise Reject("not_expected", f"seat {seat} has promised to keep {targets} there already")

            def promise() -> Outcome:
                self.keep_log.setdefault((key, m.at), set()).add(seat)
                if m.current:
                    self.keeps.setdefault(key, set()).add(seat)
                return Outcome()
            return promise
        if seat in self.keep_log.get((key, m.at), ()):
            raise Reject("not_expected", f"seat {seat} has promised to keep {targets} there")
        awaited = dict(self.awaited())
        people = sum(1 for s in range(self.n) if self.active(s))
        # it counts only for seats awaited here, and only for a minority of the seats still
        # played by people (so the voters, every other one of them, are a majority)
        counts = m.current and all(t in awaited for t in key) and 2 * len(key) < people
        if counts and seat in self.votes.get(key, set()):
            raise Reject("not_expected", f"seat {seat} has voted to drop {targets} already")

        def run() -> Outcome:
            self.vote_log.setdefault((key, m.at), set()).add(seat)
            if not counts:
                return Outcome()
            voters = self.votes.setdefault(key, set())
            voters.add(seat)
            needed = {s for s in range(self.n) if self.active(s) and s not in key}
            if not needed <= voters or self.keeps.get(key):
                return Outcome()
            r = self.chance_round()
            last = bool(r) and all(awaited[t] == "reveal" for t in key) and all(
                s in self.reveals for s in range(self.n) if self.active(s) and s not in key)
            for t in key:
                self.control[t] = DROPPED
            self.drops.append(DropRecord(key, tuple(awaited[t] for t in key), tuple(sorted(voters)), m.index, m.at,
                                         last, r if any(awaited[t] == "reveal" for t in key) else 0))
            self.reveals = {s: v for s, v in self.reveals.items() if self.active(s)}
            out = self._maybe_start() if not self.started else self._advance()
            out.epoch_changed = True
            return out
        return run

    # ------------------------------------------------------------------ automatic steps
    def _advance(self) -> Outcome:
        """Apply what needs no message: a chance event whose reveals are all in, and the
        decisions of seats played by bots."""
        out = Outcome()
        st = self.st
        while self.started and not is_over(st):
            p = self.pending()
            if p.chance is not None:
                if any(self.active(s) and s not in self.reveals for s in range(self.n)):
                    break
                r = st.chance_count + 1
                seats = tuple(s for s in range(self.n) if self.active(s))
                beacon = beacon_value(self.gid, r, [self.reveals[s] for s in seats])
                values = expand(beacon, p.chance.ranges)
                owners = tuple(self.request()["for"])
                frame = dict(st.stack[-1])
                inp: Input = Roll(values)
                events = apply_in_place(st, inp)
                self.ledger.observe(st, events)
                self.chances.append(ChanceRecord(r, p.chance.kind, p.chance.ranges, beacon.hex(), values, seats,
                                                 _dice_of(st, frame, events), owners))
                self.reveals = {}
            else:
                if self.active(p.seat):
                    break
                bot = make_bot(self.g.drop_bot, bot_seed(self.gid, p.seat, st.steps))
                lend(bot, self.ledger)
                inp = Act(p.seat, bot.choose(st, p.seat, legal(st, p.seat)))
                events = apply_in_place(st, inp)
                self.ledger.observe(st, events)
            self.inputs.append(inp)
            out.events += events
            out.engine_changed = out.epoch_changed = True
        if out.engine_changed:
            self.undo_stack.clear()
        return out

    def note_position(self, pos: int, events: list[Event]) -> None:
        """After a message moved the game to position ``pos``: forget the votes and
        promises of the last one, and record the wars it ended (and the engine's unrest
        then, for checking the openings)."""
        self.position = pos
        self.votes.clear()
        self.keeps.clear()
        for e in events:
            if e.kind == "war_end":
                war = int(e.data["war"])
                self.war_end_pos[war] = pos
                self.war_unrest[war] = tuple(self.st.unrest)
        if self.over and self.over_pos < 0:
            self.over_pos = pos


def _dice_of(st: State, frame: dict[str, Any], events: list[Event]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Whose dice a chance event rolled, read from its events (draws roll no dice)."""
    out: list[tuple[int, tuple[int, ...]]] = []
    for e in events:
        dice = e.data.get("dice")
        if not isinstance(dice, list):
            continue
        if e.kind == "dice" and len(dice) == 4 and isinstance(frame.get("sides"), list):
            att, dfn = frame["sides"]
            out += [(int(att), tuple(dice[:2])), (int(dfn), tuple(dice[2:]))]
        elif "power" in e.data and e.data["power"] in st.powers:
            out.append((st.powers.index(e.data["power"]), tuple(dice)))
    return tuple(out)
