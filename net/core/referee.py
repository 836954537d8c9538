"""The game side of the transcript: the engine state and everything the protocol adds
around it, and the rules for each kind of message once its envelope is sound.

A :class:`Referee` knows who controls each seat (a person, or a bot after ``drop`` or
``resign``), the hash-chain tip of every seat, the reveals of the open chance event, the
drop votes, the unrest commitments and openings, the end signatures, and the inputs the
engine has applied (for ``undo``). :meth:`Referee.plan` validates one message and returns
the closure that applies it, so a refused message changes nothing; the rules for each
kind are in :mod:`net.core.plans`, chance events in :mod:`net.core.chance`.

Bots: a seat the genesis gives no key (an empty seat the host filled with a bot), and a
seat no longer played by a person, is played by the genesis ``drop_bot``, seeded
for each decision from ``SHA-256("soe/bot" || game id || seat || engine step)``; every
peer computes the same choice, so bot moves are not messages.
"""

from __future__ import annotations

from typing import Any

from game.bots import UnrestLedger, lend, make_bot
from game.rules import Act, Event, Input, Pending, Roll, State, apply_in_place, is_over, legal, pending
from net.core.beacon import beacon_value, expand
from net.core.chance import ChanceRecord, bot_seed, chance_request, dice_of
from net.core.genesis import Genesis
from net.core.plans import BOT, PLANS, PLAYER, DropRecord, Msg, Outcome, Plan
from net.core.reasons import Reject


class Referee:
    """Engine state plus protocol bookkeeping for one game (see the module docstring)."""

    def __init__(self, genesis: Genesis) -> None:
        self.g = genesis
        self.genesis_id = ""  # the genesis message's id, which every seat message names (set by the transcript)
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
        # refuse an illegal choice while planning (when the message is persisted before it is
        # applied); otherwise applying it refuses it (planning asks the phase in both cases)
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
        return is_over(self.st) and all(s in self.ended for s in range(self.n) if self.active(s))

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
        ``commit``, ``reveal``, ``choice``, ``open`` or ``end``. (Asked after every message
        and every few turns of a peer's loop: what holds for all seats is asked once.)"""
        control, joined = self.control, self.joined
        if not self.started:
            return [(s, "seat") for s in range(self.n) if control[s] == PLAYER and not joined[s]]
        owing = bool(self.war_end_pos) and not self.all_committed()
        over = is_over(self.st)
        r = 0 if over else self.chance_round()
        out: list[tuple[int, str]] = []
        for s in range(self.n):
            if control[s] != PLAYER:
                continue
            if not joined[s]:
                out.append((s, "seat"))
            elif owing and self.uncommitted_wars(s):
                out.append((s, "commit"))
            elif over:
                if s not in self.opened:
                    out.append((s, "open"))
                elif s not in self.ended:
                    out.append((s, "end"))
            elif r and s not in self.reveals:
                out.append((s, "reveal"))
        if not out and not over and not r:  # (then the engine waits for a seat's decision)
            d = self.pending().seat
            if d >= 0 and control[d] == PLAYER:
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
        if not self.war_end_pos or self.all_committed():  # nothing to commit (most messages)
            return []
        key = (len(self.war_end_pos), len(self.commits))
        if self._owing[0] != key:
            ends = sorted(self.war_end_pos)
            self._owing = (key, [[w for w in ends if (s, w) not in self.commits] for s in range(self.n)])
        return list(self._owing[1][seat])

    def all_committed(self) -> bool:
        """Whether every seat has committed its unrest for every war that has ended (a
        commitment is taken only for a war that has ended, once a seat)."""
        return len(self.commits) == self.n * len(self.war_end_pos)

    # ------------------------------------------------------------------ planning
    def plan(self, kind: str, m: Msg) -> Plan:
        """Validate a message of ``kind`` (its envelope already checked). Raises :class:`Reject`."""
        if m.at < 1:  # first, as the transcript refuses an acting message made before the position
            raise Reject("stale", "at must be 1 or more: the game starts after the genesis")
        if kind != "seat" and kind != "drop" and self.control[m.seat] != PLAYER:
            raise Reject("not_expected", f"seat {m.seat} is played by a bot now")
        if kind != "drop" and self.votes and self.drop_pending(m.seat):
            raise Reject("drop_pending", f"seats have voted to drop seat {m.seat}: its message waits for the outcome")
        handler = PLANS.get(kind)
        if handler is None:
            raise Reject("not_transcript", f"{kind} messages are not part of the transcript")
        return handler(self, m)

    # ------------------------------------------------------------------ automatic steps
    def maybe_start(self) -> Outcome:
        """Start play once every seat still played by a person has joined."""
        if self.started or not all(self.joined[s] for s in range(self.n) if self.active(s)):
            return Outcome()
        self.started = True
        out = self.advance()
        out.epoch_changed = True
        return out

    def advance(self) -> Outcome:
        """Apply what needs no message: a chance event whose reveals are all in, and the
        decisions of seats played by bots."""
        out = Outcome()
        st = self.st
        while self.started and not is_over(st):
            p = self.pending()
            if p.chance is not None:
                # a reveal is awaited (at once when fewer are in than seats played by people)
                if len(self.reveals) < self.control.count(PLAYER) or any(
                        self.active(s) and s not in self.reveals for s in range(self.n)):
                    break
                r = st.chance_count + 1
                seats = tuple(s for s in range(self.n) if self.active(s))
                beacon = beacon_value(self.gid, r, [self.reveals[s] for s in seats])
                values = expand(beacon, p.chance.ranges)
                owners = tuple(self.request()["for"])
                frame = dict(st.stack[-1])
                inp: Input = Roll(values)
                # drawn from the very ranges pending asks for: a valid input by construction
                events = apply_in_place(st, inp, checked=True)
                self.ledger.observe(st, events)
                self.chances.append(ChanceRecord(r, p.chance.kind, p.chance.ranges, beacon.hex(), values, seats,
                                                 dice_of(st, frame, events), owners))
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
