"""Games for the words tests, played once per test session: whole games for 2 to 7 players
between seeded random and greedy bots (dice from a seeded ``random.Random``), and the
scenario files run through their scripts. What the tests check is collected on the way:
every step's events, every pending decision and chance request, and the refusals of
illegal and malformed inputs tried at a sample of positions (choices of other kinds, a
listed choice with an argument changed, dropped or added, numbers out of range, another
seat's choice, chance values out of range or too many or too few, a decision when chance
is due)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from game.bots import make_bot
from game.cli.scenario import build_position, load_scenario, parse_step
from game.rules import (
    Act,
    C,
    Choice,
    Event,
    Pending,
    Roll,
    RulesError,
    State,
    apply,
    apply_in_place,
    check,
    legal,
    new_game,
    pending,
)
from game.rules.board import Board, load_board

GAMES = [(2, "random", 11), (3, "greedy", 12), (4, "random", 13), (5, "greedy", 14), (6, "random", 15),
         (7, "random", 16), (7, "greedy", 17)]
PROBE_EVERY = 5  # refusals are tried at every 5th position
SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios").glob("*.json"))
KINDS = ("place", "bid", "pass", "propose", "buy", "build", "move", "attack", "colonise", "enslave", "use", "end",
         "tile", "keep", "disband", "stay", "to", "militia", "no_militia", "done", "surprise", "no_surprise",
         "help", "ally_tile", "naval_battle", "no_naval_battle", "accept", "decline", "blockade", "no_blockade",
         "reserve", "no_reserve", "withdraw", "no_withdraw", "ally_loses", "lose", "revolt", "offer")


@dataclass
class Step:
    """One step's events and the number of seats (for the viewers to try)."""

    events: list[Event]
    seats: int


@dataclass
class Played:
    board: Board
    steps: list[Step] = field(default_factory=list)
    pendings: list[Pending] = field(default_factory=list)
    refusals: list[RulesError] = field(default_factory=list)


def _words(b: Board) -> list[Any]:
    words: list[Any] = [a.id for a in b.areas] + [c.id for c in b.counters] + [t.id for t in b.tiles]
    words += [p.id for p in b.powers] + ["army", "fleet", "fort", "-", "", "power", "naval", "counter", "tile"]
    return words + list(range(-2, 12)) + [10**6]


def _probes(st: State, rng: random.Random, words: list[Any]) -> list[Act | Roll]:
    """Inputs to try at ``st``; most are refused (those accepted are simply not counted)."""
    p = pending(st)
    out: list[Act | Roll] = [Roll((1,)), Roll((1,) * 50), Roll(())]
    if p.chance is not None:
        ranges = p.chance.ranges
        out += [Act(rng.randrange(st.n), C("pass")), Roll(tuple(hi + 1 for _, hi in ranges)),
                Roll(tuple(lo - 1 for lo, _ in ranges)), Roll(tuple(lo for lo, _ in ranges) + (1,))]
        return out
    if p.is_over:
        return out + [Act(0, C("pass"))]
    options = legal(st, p.seat)
    out.append(Act((p.seat + 1 + rng.randrange(st.n - 1)) % st.n, options[rng.randrange(len(options))]))
    out.append(Act(st.n + 3, options[0]))
    for _ in range(3):
        kind = KINDS[rng.randrange(len(KINDS))]
        out.append(Act(p.seat, Choice(kind, tuple(words[rng.randrange(len(words))] for _ in range(rng.randrange(4))))))
    for c in rng.sample(options, min(4, len(options))):
        args = list(c.args)
        if args:
            changed = list(args)
            changed[rng.randrange(len(args))] = words[rng.randrange(len(words))]
            out.append(Act(p.seat, Choice(c.kind, tuple(changed))))
            out.append(Act(p.seat, Choice(c.kind, tuple(args[:-1]))))
            ints = [i for i, a in enumerate(args) if isinstance(a, int)]
            for i in ints[-1:]:
                for v in (-1, 10**6):
                    out.append(Act(p.seat, Choice(c.kind, tuple(v if j == i else a for j, a in enumerate(args)))))
        out.append(Act(p.seat, Choice(c.kind, (*args, words[rng.randrange(len(words))]))))
        out.append(Act(p.seat, Choice(KINDS[rng.randrange(len(KINDS))], tuple(args))))
    return out


def _try(st: State, inputs: list[Act | Roll], into: list[RulesError]) -> None:
    for inp in inputs:
        try:
            check(st, inp)
        except RulesError as err:
            into.append(err)


def _game(players: int, bot: str, seed: int, out: Played) -> None:
    rng = random.Random(seed)
    bots = [make_bot(bot, seed * 1009 + i) for i in range(players)]
    st = new_game(players)
    words = _words(out.board)
    k = 0
    while True:
        p = pending(st)
        out.pendings.append(p)
        if k % PROBE_EVERY == 0 or p.is_over:
            _try(st, _probes(st, rng, words), out.refusals)
        k += 1
        if p.is_over:
            return
        if p.chance is not None:
            inp: Act | Roll = Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges))
        else:
            inp = Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat)))
        out.steps.append(Step(apply_in_place(st, inp), st.n))


def _scenario(path: Path, out: Played) -> None:
    spec = load_scenario(path)
    st, events = build_position(spec)
    out.steps.append(Step(events, st.n))
    for step in spec.get("script", []):
        if isinstance(step, dict) and "check" in step:
            continue
        out.pendings.append(pending(st))
        inp, _ = parse_step(st, step)
        try:
            st, events = apply(st, inp)
        except RulesError as err:
            out.refusals.append(err)
            continue
        out.steps.append(Step(events, st.n))
    out.pendings.append(pending(st))


@cache
def played() -> Played:
    """The games and scenarios, played once."""
    out = Played(load_board("standard"))
    for players, bot, seed in GAMES:
        _game(players, bot, seed, out)
    for path in SCENARIOS:
        _scenario(path, out)
    return out


# --------------------------------------------------------------------------- focused positions
def step_input(st: State, step: tuple[Any, ...]) -> Act | Roll:
    """A script step, as in a scenario file: ``("roll", 2, 5)`` or ``(power, kind, *args)``."""
    if step[0] == "roll":
        return Roll(tuple(step[1:]))
    return Act(st.powers.index(step[0]), Choice(step[1], tuple(step[2:])))


def run(powers: list[str], steps: list[tuple[Any, ...]], **position: Any) -> tuple[State, list[list[Event]]]:
    """A position written as in a scenario file (docs/scenarios.md; a turn unless told) and
    the steps played on it: the state after them and each step's events (the position's
    own first)."""
    position.setdefault("phase", "turn")
    st, events = build_position({"players": powers, "position": position})
    out = [events]
    for step in steps:
        st, events = apply(st, step_input(st, step))
        out.append(events)
    return st, out


def refused(st: State, step: tuple[Any, ...]) -> RulesError:
    """The error of a step that must be refused."""
    try:
        check(st, step_input(st, step))
    except RulesError as err:
        return err
    raise AssertionError(f"{step} was accepted")
