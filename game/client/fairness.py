"""Whether a game's dice were fair, as one structure a panel draws (:class:`Fairness`):
every chance event (its number r, its kind, where in the game it fell, what it gave and
to whom, and for a network game who revealed its beacon, the beacon and whether two or
more players witnessed it), every drop of a seat and why, and each power's dice against
the fair distribution with a goodness-of-fit figure.

It is built from any of three sources:

- a network game's referee (:func:`fairness_of_referee`): its chance records and drops;
- a game file read for a replay (:func:`fairness_of_file`): a network log's chance
  records and drops, or a local save's inputs, whose dice come from the game's seed (no
  beacon, nothing to witness);
- the steps a game screen shows (:class:`ChanceLog`, fed one step at a time): what the
  events of each chance step say.

What each chance event gave is read from its events (the dice each side rolled, the
counters drawn, the first player), as the end screen's chart reads them
(:func:`dice_by_power`), so every source says it alike. Nothing here changes a state;
the figures are for showing only (floats never reach anything hashed or signed).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.rules import Input, Pending, Roll, State, apply_in_place, event_dicts, is_over, new_game, pending
from net.core.chance import ChanceRecord, chance_request
from net.core.plans import DropRecord

if TYPE_CHECKING:
    from game.client.gamefile import GameFile
    from net.core.referee import Referee

FACES = 6
MIN_DICE = 30  # fewer dice (under 5 expected a face) and the chi-square figure says nothing
SEA_EVENTS = ("sea_arrive", "sea_lost", "sea_back")


def dice_by_power(events: Iterable[dict[str, Any]]) -> dict[str, list[int]]:
    """Each power's dice, from the game's events in order: its two dice in each battle it
    fought (the event names the power on each side; a neutral's dice are nobody's), its
    rerolls with a Reserve, and its sea rolls."""
    out: dict[str, list[int]] = {}
    for e in events:
        k, dice = e.get("kind"), e.get("dice")
        if not isinstance(dice, list):
            continue
        if k == "dice" and isinstance(e.get("powers"), list):
            for side, pid in enumerate(e["powers"][:2]):
                if pid:
                    out.setdefault(str(pid), []).extend(int(x) for x in dice[2 * side:2 * side + 2])
        elif k in ("reroll", *SEA_EVENTS) and e.get("power"):
            out.setdefault(str(e["power"]), []).extend(int(x) for x in dice)
    return out


# --------------------------------------------------------------------------- the fit
def chi2_sf(x: float, df: int) -> float:
    """The chance that a chi-square variable of ``df`` degrees of freedom (a whole number,
    1 or more) is at least ``x``: the p-value of a goodness-of-fit test (closed forms of
    the upper incomplete gamma function for whole and half-whole shapes)."""
    if df < 1:
        raise ValueError("a chi-square distribution has 1 or more degrees of freedom")
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:  # e^-h * sum of h^j / j! for j < df / 2
        term = total = math.exp(-h)
        for j in range(1, df // 2):
            term *= h / j
            total += term
        return min(1.0, total)
    z = math.sqrt(x)  # erfc(sqrt(x/2)) + sqrt(2x/pi) e^-h * (1 + x/3 + x^2/15 + ...)
    total = math.erfc(z / math.sqrt(2))
    term = math.sqrt(2 / math.pi) * z * math.exp(-h)
    for j in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * j + 1)
    return min(1.0, max(0.0, total))


@dataclass(frozen=True)
class DiceFit:
    """One power's dice against fair dice: how often each face came up (``counts``, faces
    1 to 6), and the chi-square goodness-of-fit figure (``p``: how often fair dice would
    roll at least this unevenly; None when there are too few dice to tell)."""

    power: str  # a power id; "" for every die of the game together (the neutrals' too)
    counts: tuple[int, ...]

    @property
    def n(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> float:
        """How often each face comes up on average with fair dice."""
        return self.n / FACES

    @property
    def mean(self) -> float:
        return sum((f + 1) * c for f, c in enumerate(self.counts)) / self.n if self.n else 0.0

    @property
    def chi2(self) -> float:
        e = self.expected
        return sum((c - e) ** 2 / e for c in self.counts) if e else 0.0

    @property
    def p(self) -> float | None:
        return chi2_sf(self.chi2, FACES - 1) if self.n >= MIN_DICE else None

    @property
    def one_in(self) -> int:
        """``p`` as "1 in N" (N rounded to two figures), 0 when there is no figure."""
        p = self.p
        if p is None or p <= 0:
            return 0 if p is None else 10 ** 9
        n = 1 / p
        digits = max(0, int(math.log10(n)) - 1)
        return int(round(n / 10 ** digits) * 10 ** digits)


def fit_of(power: str, dice: Iterable[int]) -> DiceFit:
    counts = [0] * FACES
    for v in dice:
        if 1 <= v <= FACES:
            counts[v - 1] += 1
    return DiceFit(power, tuple(counts))


# --------------------------------------------------------------------------- the rows
@dataclass(frozen=True)
class Given:
    """What a chance event gave one side: ``owner`` a power id, ``"neutral"`` (a neutral's
    dice: ``neutral`` names it, a nation counter or a tile's force, as ``neutral_kind``
    says) or ``""`` (no one's: counters laid on the map); its ``dice``, or the
    ``counters`` it drew. A first player's draw gives its power nothing else."""

    owner: str
    dice: tuple[int, ...] = ()
    counters: tuple[str, ...] = ()
    neutral: str = ""
    neutral_kind: str = ""


@dataclass(frozen=True)
class ChanceRow:
    """One chance event: its number ``r`` (1, 2, ...), ``kind`` (``dice``: a battle's dice,
    ``reroll``, ``sea_roll``, ``draw``, ``first_player``), where it fell (``step``: the
    game's position after it, as a replay counts steps; the war and round before it), what
    it gave and to whom (``gave``); the ``values`` drawn and whose each is (``owners``: a
    seat, ``"neutral"`` or None) when known; for a network game the seats whose reveals
    fed its ``beacon`` (hex). ``contested``: a seat withheld its reveal of it after every
    other reveal was in, and was dropped (it could choose between two rolls)."""

    r: int
    kind: str
    step: int
    war: int
    round: int
    gave: tuple[Given, ...]
    values: tuple[int, ...] = ()
    owners: tuple[int | str | None, ...] = ()
    revealers: tuple[int, ...] = ()
    beacon: str = ""
    contested: bool = False

    @property
    def witnessed(self) -> bool | None:
        """Whether two or more players' hash chains fed the beacon; None without a beacon
        (a local game's dice come from its seed)."""
        return len(self.revealers) >= 2 if self.beacon else None

    @property
    def beacon_short(self) -> str:
        return f"{self.beacon[:8]}\u2026{self.beacon[-4:]}" if len(self.beacon) > 12 else self.beacon


@dataclass(frozen=True)
class DropRow:
    """A seat (or seats) handed to a computer player: what it withheld (``reveal``,
    ``choice``, ``commit``, ``open``, ``end``, ``seat``), whether it withheld a reveal
    after every other reveal of that chance event was in (``after_reveals``, chance event
    ``chance``), who voted, the log line of the vote that completed it and where in the
    game (``step``: inputs applied before it, -1 when not known)."""

    seats: tuple[int, ...]
    withheld: tuple[str, ...]
    voters: tuple[int, ...]
    after_reveals: bool
    chance: int
    line: int
    step: int = -1
    war: int = 0
    round: int = 0


@dataclass(frozen=True)
class Fairness:
    """What a fairness panel draws (see the module docstring): the game's ``powers`` (by
    seat) and players' ``names``, its chance events so far, its drops, the fit of each
    power's dice (seat order, those that rolled) and then of every die together;
    ``beacon``: the dice come from the players' beacon (a network game), else from a
    local game's seed; ``step``: how far the game is covered; ``origin`` and ``borrowed``:
    a game played on from another game's position (what if), the file and step it was
    taken from and how many of its chance events are that game's."""

    powers: tuple[str, ...]
    chances: tuple[ChanceRow, ...] = ()
    drops: tuple[DropRow, ...] = ()
    fits: tuple[DiceFit, ...] = ()
    beacon: bool = False
    names: tuple[str, ...] = ()
    step: int = 0
    last: int = -1  # the game's last step when it is known (a game file), -1 otherwise
    ruleset: str = "standard"
    origin: tuple[str, int] | None = None
    borrowed: int = 0

    @property
    def unwitnessed(self) -> list[ChanceRow]:
        return [c for c in self.chances if c.witnessed is False]

    @property
    def power_fits(self) -> list[DiceFit]:
        return [f for f in self.fits if f.power]

    @property
    def all_dice(self) -> DiceFit:
        return next((f for f in self.fits if not f.power), DiceFit("", (0,) * FACES))

    def upto(self, step: int) -> Fairness:
        """The same game as far as step ``step`` (what a screen has shown of it)."""
        if step >= self.step:
            return self
        rows = tuple(c for c in self.chances if c.step <= step)
        drops = tuple(d for d in self.drops if d.step <= step)
        return replace(self, chances=rows, drops=drops, fits=fits_of(self.powers, rows), step=step,
                       borrowed=sum(1 for c in rows if self.origin is not None and c.step <= self.origin[1]))


def gave_of(events: Iterable[dict[str, Any]]) -> tuple[Given, ...]:
    """What a chance event gave, from its step's events (as a spectator sees them)."""
    out: list[Given] = []
    for e in events:
        k = e.get("kind")
        dice = e.get("dice")
        if k == "dice" and isinstance(dice, list) and isinstance(e.get("powers"), list):
            for side, pid in enumerate(e["powers"][:2]):
                part = tuple(int(x) for x in dice[2 * side:2 * side + 2])
                if pid:
                    out.append(Given(str(pid), part))
                else:
                    out.append(Given("neutral", part, neutral=str(e.get("neutral", "")),
                                     neutral_kind=str(e.get("neutral_kind", ""))))
        elif k in ("reroll", *SEA_EVENTS) and isinstance(dice, list) and e.get("power"):
            out.append(Given(str(e["power"]), tuple(int(x) for x in dice)))
        elif k == "first_player" and e.get("power"):
            out.append(Given(str(e["power"])))
        elif k in ("counter", "setup_marker") and e.get("counter"):
            owner = str(e.get("power", "")) if k == "setup_marker" else ""
            if out and out[-1].owner == owner and out[-1].counters and not out[-1].dice:
                out[-1] = Given(owner, counters=(*out[-1].counters, str(e["counter"])))
            else:
                out.append(Given(owner, counters=(str(e["counter"]),)))
    return tuple(out)


@dataclass(frozen=True)
class _Before:
    """What a chance event's row needs of the state before it."""

    kind: str
    owners: tuple[int | str | None, ...]
    war: int
    round: int


def _before(st: State, p: Pending | None = None) -> _Before | None:
    p = pending(st) if p is None else p
    if p.chance is None:
        return None
    return _Before(p.chance.kind, tuple(chance_request(st, p)["for"]), st.war, st.round)


def _row(b: _Before, r: int, step: int, events: Sequence[dict[str, Any]], values: tuple[int, ...] = (),
         record: ChanceRecord | None = None, contested: bool = False) -> ChanceRow:
    if record is not None:
        return ChanceRow(r, record.kind, step, b.war, b.round, gave_of(events), tuple(record.values),
                         tuple(record.owners) or b.owners, tuple(record.revealers), record.beacon, contested)
    return ChanceRow(r, b.kind, step, b.war, b.round, gave_of(events), tuple(values),
                     b.owners if values else (), (), "", contested)


def fits_of(powers: Sequence[str], rows: Iterable[ChanceRow]) -> tuple[DiceFit, ...]:
    """Each power's dice (seat order, those that rolled), then every die together, from
    what the chance events gave: a power's dice are what :func:`dice_by_power` reads from
    the same events (its side's dice in battle, its rerolls and its sea rolls)."""
    by_power: dict[str, list[int]] = {}
    every: list[int] = []
    for row in rows:
        for g in row.gave:
            every.extend(g.dice)
            if g.dice and g.owner and g.owner != "neutral":
                by_power.setdefault(g.owner, []).extend(g.dice)
    return (*(fit_of(p, by_power[p]) for p in powers if p in by_power), fit_of("", every))


# --------------------------------------------------------------------------- a game screen's steps
class ChanceLog:
    """The chance events a game screen has shown, one row per chance step: fed each step
    with the state shown before it (:meth:`observe`); a step that made one chance input
    (the chance count and the engine's step each one more) is a chance event."""

    def __init__(self) -> None:
        self.rows: list[ChanceRow] = []
        self.step = 0
        self.over = False
        self.powers: tuple[str, ...] = ()
        self.ruleset = "standard"

    def observe(self, before: State | None, after: State, events: Sequence[dict[str, Any]]) -> None:
        self.step, self.powers, self.ruleset = after.steps, tuple(after.powers), after.ruleset
        self.over = is_over(after)
        if before is None or after.chance_count != before.chance_count + 1 or after.steps != before.steps + 1:
            return
        b = _before(before)
        if b is not None:
            self.rows.append(_row(b, after.chance_count, after.steps, events))

    def fairness(self) -> Fairness:
        """The chance events shown so far (dice from a local game's seed: no beacon)."""
        return Fairness(self.powers, tuple(self.rows), (), fits_of(self.powers, self.rows),
                        step=self.step, last=self.step if self.over else -1, ruleset=self.ruleset)


# --------------------------------------------------------------------------- a referee
def _drop_rows(drops: Iterable[tuple[DropRecord, int]], where: dict[int, tuple[int, int]]) -> tuple[DropRow, ...]:
    out = []
    for d, step in drops:
        war, rnd = where.get(step, (0, 0))
        out.append(DropRow(tuple(d.seats), tuple(d.withheld), tuple(d.voters), d.after_reveals, d.chance, d.index + 1,
                           step, war, rnd))
    return tuple(out)


def _replayed(st: State, inputs: Iterable[Input], records: Sequence[ChanceRecord] = (), contested: frozenset[int] =
              frozenset()) -> tuple[list[ChanceRow], dict[int, tuple[int, int]], dict[int, int]]:
    """The chance rows of ``inputs`` applied in turn to ``st`` (changed: pass a copy), each
    with its record when there is one; where the game was before each input (by the
    inputs applied before it: the war and round), and the inputs applied before each
    chance event."""
    rows: list[ChanceRow] = []
    where: dict[int, tuple[int, int]] = {}
    roll_step: dict[int, int] = {}
    for inp in inputs:
        k = st.steps
        b = _before(st) if isinstance(inp, Roll) else None
        where[k] = (st.war, st.round)
        got = event_dicts(apply_in_place(st, inp, checked=True), None)
        if b is not None and isinstance(inp, Roll):
            r = st.chance_count
            rec = records[r - 1] if r <= len(records) else None
            rows.append(_row(b, r, k + 1, got, tuple(inp.values), rec, r in contested))
            roll_step[r] = k
    where[st.steps] = (st.war, st.round)
    return rows, where, roll_step


def fairness_of_referee(referee: Referee, drop_steps: Sequence[int] | None = None) -> Fairness:
    """A network game's chance events and drops so far, from its referee (the game over
    the transcript): the referee's inputs are applied again from the genesis to place
    each chance event (a copy: the referee is not touched). Call it in the thread that
    steps the referee's peer. ``drop_steps``: the inputs applied before each drop, when
    the caller followed the transcript (a reveal's drop is placed by its chance event
    without it; any other drop stays unplaced)."""
    inputs, records, drops = list(referee.inputs), list(referee.chances), list(referee.drops)
    g = referee.g
    st = g.new_state()
    rows, where, roll_step = _replayed(st, _sound(inputs, len(records)), records,
                                       frozenset(d.chance for d in drops if d.after_reveals))
    steps = list(drop_steps) if drop_steps is not None else [roll_step.get(d.chance, -1) if d.chance else -1
                                                             for d in drops]
    powers = tuple(s.power for s in g.seats)
    return Fairness(powers, tuple(rows), _drop_rows(zip(drops, steps, strict=False), where), fits_of(powers, rows),
                    beacon=True, names=tuple(s.name for s in g.seats), step=st.steps, ruleset=st.ruleset)


def _sound(inputs: list[Input], records: int) -> Iterator[Input]:
    """The inputs up to the last roll whose chance record is in (a referee read from
    another thread may be a step ahead in one list)."""
    seen = 0
    for inp in inputs:
        if isinstance(inp, Roll):
            seen += 1
            if seen > records:
                return
        yield inp


class SaveReader:
    """A local save's chance events, read from the file as it stands (a game in progress
    writes it as it goes; a torn last line is left out): its rolls come from the game's
    seed (a what-if save's first ones from the game it was played on from). Read again,
    it applies only the inputs added since (all of them again after an undo)."""

    def __init__(self) -> None:
        self.inputs: list[Input] = []
        self.state: State | None = None
        self.rows: list[ChanceRow] = []

    def read(self, path: Path) -> Fairness:
        """The save's chance events now (ValueError or OSError when it is no save)."""
        from game.client.saves import read_save

        header, inputs = read_save(path)
        powers = tuple(str(p) for p in header["powers"])
        n = len(self.inputs)
        if self.state is None or len(inputs) < n or inputs[:n] != self.inputs or tuple(self.state.powers) != powers:
            self.state, self.inputs, self.rows, n = new_game(list(powers)), [], [], 0
        st = self.state
        rows, _, _ = _replayed(st, inputs[n:])
        self.inputs = list(inputs)
        self.rows += rows
        got = header.get("from")
        origin = (str(got.get("file", "")), int(got["step"])) if isinstance(got, dict) and isinstance(
            got.get("step"), int) else None
        return Fairness(powers, tuple(self.rows), (), fits_of(powers, self.rows), step=st.steps,
                        last=st.steps if is_over(st) else -1, ruleset=st.ruleset, origin=origin,
                        borrowed=sum(1 for c in self.rows if origin is not None and c.step <= origin[1]))


def fairness_of_save(path: Path) -> Fairness:
    """A local save's chance events (see :class:`SaveReader`)."""
    return SaveReader().read(path)


# --------------------------------------------------------------------------- a game file
def fairness_of_file(game: GameFile, upto: int | None = None) -> Fairness:
    """The chance events and drops of a game file up to step ``upto`` (default: its end),
    as its replay shows them: a network log's chance records, or a local save's rolls
    (from the game's seed; a what-if save's first ones from the game it was taken from)."""
    last = game.last if upto is None else max(0, min(game.last, upto))
    steps = game.steps
    network = game.kind == "network"
    contested = {d.chance for d, _ in game.drops if d.after_reveals}
    rows: list[ChanceRow] = []
    for k in range(1, last + 1):
        before, after = steps[k - 1].state, steps[k].state
        if after.chance_count != before.chance_count + 1:
            continue
        b = _before(before)
        if b is None:
            continue
        r = after.chance_count
        inp = game.inputs[k - 1] if k - 1 < len(game.inputs) else None
        values = tuple(inp.values) if isinstance(inp, Roll) else ()
        record = game.chances[r - 1] if network and r <= len(game.chances) else None
        got = [e for e in steps[k].events if e.get("kind") != "notice"]
        rows.append(_row(b, r, k, got, values, record, r in contested))
    where = {k: (steps[k].state.war, steps[k].state.round) for _, k in game.drops if 0 <= k <= game.last}
    drops = tuple(d for d in _drop_rows(game.drops, where) if d.step <= last)
    powers = tuple(game.powers)
    origin = game.origin
    borrowed = sum(1 for c in rows if origin is not None and c.step <= origin[1])
    return Fairness(powers, tuple(rows), drops, fits_of(powers, rows), beacon=network,
                    names=tuple(game.names), step=last, last=game.last, ruleset=steps[0].state.ruleset,
                    origin=origin, borrowed=borrowed)
