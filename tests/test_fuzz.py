"""Random play with invariants (style item 12), and a property test that ``apply`` accepts
exactly what ``legal`` lists (style item 3).

Whole random games for 2 to 7 players run in place (as self-play does); after every step
the state is checked: no dead end, pieces, counters, tiles and markers conserved, gold,
population and unrest in range. On a sample of steps every listed choice is applied to a
copy with the functional ``apply``, and unlisted choices (mutated arguments, kinds from
other phases, wrong seats, bad chance values) are refused without changing the state.
The whole file runs in well under a minute.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as hs

from game.rules import (
    Act,
    C,
    Choice,
    Event,
    IllegalInput,
    MalformedInput,
    NotYourDecision,
    Roll,
    State,
    apply,
    apply_in_place,
    legal,
    new_game,
    outcome,
    pending,
    state_hash,
)
from game.rules.board import Board
from game.rules.common import board

KINDS = ("army", "fleet", "fort")
# events in which a nation counter leaves the game (R-SET-4, R-ACT-E1, R-ACT-E2, R-CMB-12)
COUNTER_LEAVES = ("setup_marker", "colonise", "enslave", "neutral_conquered")
MAX_STACK = 8


# --------------------------------------------------------------------------- invariants
def check_pending(st: State) -> None:
    """No dead end: a decision always has a legal choice, for that seat only; a chance
    request has valid integer ranges; the game over has nothing pending."""
    p = pending(st)
    assert 1 <= len(st.stack) <= MAX_STACK, st.stack
    if p.is_over:
        assert st.stack == [{"t": "game", "step": "over"}] and outcome(st) is not None
        return
    assert outcome(st) is None
    if p.chance is not None:
        assert p.seat == -1 and p.chance.ranges
        for lo, hi in p.chance.ranges:
            assert type(lo) is int and type(hi) is int and 0 <= lo <= hi, p
        assert all(legal(st, s) == [] for s in range(st.n))
        return
    assert 0 <= p.seat < st.n and p.prompt
    options = legal(st, p.seat)
    assert options, f"dead end: {p}"
    assert len(set(options)) == len(options), f"duplicate choices: {options}"
    for c in options:
        assert isinstance(c, Choice) and type(c.kind) is str and type(c.args) is tuple
        assert all(type(a) in (str, int) for a in c.args), c
    for s in range(st.n):
        if s != p.seat:
            assert legal(st, s) == []


def check_state(st: State, left: set[str]) -> None:
    """Conservation and ranges (R-GEN-2, R-GEN-7, R-MAP-2, R-MAP-5, R-MOV-1, R-SET-1)."""
    b = board(st)
    n = st.n
    homes = {a.id: a.owner for a in b.areas if a.is_home}
    for s in range(n):
        for i, kind in enumerate(KINDS):
            on_map = sum(st.units[a.id][s][i] for a in b.areas)
            assert st.supply[s][kind] >= 0
            assert st.supply[s][kind] + on_map == b.supply[kind], (st.powers[s], kind)
        markers = (st.supply[s]["marker"] + sum(st.markers[a][s] for a in b.vp_areas)
                   + sum(1 for c in st.captured if c[2] == s))
        assert st.supply[s]["marker"] >= 0 and markers == b.supply["marker"], st.powers[s]
        assert st.gold[s] >= 0, st.gold
        assert 0 <= st.pop[s] <= b.c("population_max"), st.pop
        assert st.unrest[s] >= 0 and st.vp[s] >= 0
        for tile, used in st.used[s].items():
            assert 0 < used <= st.tiles[s].get(tile, 0), (st.powers[s], tile)
        assert all(v > 0 for v in st.tiles[s].values())
        assert st.alliance[s] in (0, 1, 2)
    for area in b.areas:
        for s in range(n):
            here = st.units[area.id][s]
            assert len(here) == 3 and min(here) >= 0
            if area.is_home and homes[area.id] != st.powers[s]:
                assert here == [0, 0, 0], f"{st.powers[s]} has units in {area.id}"  # R-MOV-1
            if not area.sea:
                assert here[1] == 0, f"fleet in {area.id}"  # R-MAP-2
    # nation counters: bag + face up + gone = 65, each once, each in its own area
    face_up = [c for a in b.vp_areas for c in st.face_up[a]]
    everything = st.bag + face_up + sorted(left)
    assert len(everything) == len(set(everything)) == len(b.counters)
    assert st.bag == sorted(st.bag)
    for a in b.vp_areas:
        assert all(b.counter_by_id[c].area == a for c in st.face_up[a])
        # R-MAP-5: markers never above the spaces; each marker took a space whose counter left
        on_map = sum(st.markers[a]) + sum(1 for c in st.captured if c[0] == a)
        assert min(st.markers[a]) >= 0
        assert on_map <= b.area_by_id[a].spaces
        gone_here = sum(1 for c in left if b.counter_by_id[c].area == a)
        assert on_map <= gone_here, a
    # tiles: stock + held + placed Blockades + captured on the map (+ one being played) = count
    playing = Counter(fr["tile"] for fr in st.stack if fr["t"] == "revolt")
    for t in b.tiles:
        total = (st.stock[t.id] + sum(st.tiles[s].get(t.id, 0) for s in range(n))
                 + sum(1 for _ in st.blockades if t.id == "blockade")
                 + sum(1 for c in st.captured if c[1] == t.id) + playing[t.id])
        assert st.stock[t.id] >= 0 and total == t.count, (t.id, total, t.count)
    for area, seat in st.blockades:
        assert b.area_by_id[area].is_colony and st.units[area][seat][1] > 0, "a Blockade without a fleet"
    for area, tile, _seat in st.captured:
        assert b.area_by_id[area].is_colony and tile in ("pirates", "slave_revolt")
    if st.order:
        assert sorted(st.order) == list(range(n))


def track_counters(events: list[Event], left: set[str]) -> None:
    for e in events:
        if e.kind in COUNTER_LEAVES:
            counter = e.data["counter"]
            assert counter not in left, f"{counter} left the game twice"
            left.add(counter)


# --------------------------------------------------------------------------- unlisted choices
@cache
def vocabulary(ruleset: str) -> tuple[Any, ...]:
    """Words a choice may be built from: every id on the board and small integers."""
    b: Board = board_of(ruleset)
    words: list[Any] = [a.id for a in b.areas] + [c.id for c in b.counters] + [t.id for t in b.tiles]
    words += [p.id for p in b.powers] + list(KINDS) + ["none", "armies", "fleets", "both", "-", ""]
    words += list(range(-2, 40))
    return tuple(words)


@cache
def board_of(ruleset: str) -> Board:
    st = new_game(2, {"components": ruleset})
    return board(st)


ALL_KINDS = (
    "place", "bid", "pass", "propose", "buy", "build", "move", "attack", "colonise", "enslave", "use", "end",
    "tile", "keep", "disband", "stay", "to", "militia", "no_militia", "done", "surprise", "no_surprise",
    "help", "ally_tile", "naval_battle", "no_naval_battle", "accept", "decline", "blockade", "no_blockade",
    "reserve", "no_reserve", "withdraw", "no_withdraw", "ally_loses", "lose", "revolt", "offer",
)


def unlisted(options: list[Choice], words: tuple[Any, ...], rng: random.Random) -> Choice | None:
    """A choice not in ``options``: a listed one with an argument changed, dropped or
    added, or a kind of another phase."""
    listed = set(options)
    for _ in range(20):
        base = options[rng.randrange(len(options))]
        args = list(base.args)
        how = rng.randrange(5)
        if how == 0 and args:
            args[rng.randrange(len(args))] = words[rng.randrange(len(words))]
        elif how == 1 and args:
            args.pop(rng.randrange(len(args)))
        elif how == 2:
            args.insert(rng.randrange(len(args) + 1), words[rng.randrange(len(words))])
        elif how == 3:
            c = Choice(ALL_KINDS[rng.randrange(len(ALL_KINDS))], tuple(args))
            if c not in listed:
                return c
            continue
        else:
            args = [words[rng.randrange(len(words))] for _ in range(rng.randrange(4))]
            c = Choice(ALL_KINDS[rng.randrange(len(ALL_KINDS))], tuple(args))
            if c not in listed:
                return c
            continue
        c = Choice(base.kind, tuple(args))
        if c not in listed:
            return c
    return None


def refused_unchanged(st: State, inp: Any) -> None:
    h = state_hash(st)
    with pytest.raises((IllegalInput, MalformedInput)):
        apply_in_place(st, inp)
    assert state_hash(st) == h


# --------------------------------------------------------------------------- the fuzz test
def play_checked(players: int, seed: int, sample: int) -> dict[str, int]:
    """One random game with every invariant checked after every step; every ``sample``-th
    decision also applies all listed choices to copies and tries unlisted ones."""
    rng = random.Random(seed * 7919 + players)
    st = new_game(players)
    words = vocabulary(st.ruleset)
    left: set[str] = set()
    stats: Counter[str] = Counter()
    check_pending(st)
    check_state(st, left)
    while True:
        p = pending(st)
        if p.is_over:
            break
        if p.chance is not None:
            values = tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)
            inp: Act | Roll = Roll(values)
            if stats["steps"] % sample == 0:
                lo_hi = p.chance.ranges[0]
                refused_unchanged(st, Roll((lo_hi[1] + 1,) + values[1:]))
                refused_unchanged(st, Roll(values + (lo_hi[0],)))
                refused_unchanged(st, Act(0, C("pass")))
                stats["refused"] += 3
        else:
            options = legal(st, p.seat)
            inp = Act(p.seat, options[rng.randrange(len(options))])
            if stats["decisions"] % sample == 0:
                h = state_hash(st)
                for c in options:
                    new, events = apply(st, Act(p.seat, c))
                    assert new.steps == st.steps + 1
                    after = set(left)
                    track_counters(events, after)
                    check_state(new, after)
                    stats["applied"] += 1
                assert state_hash(st) == h, "apply changed its input"
                bad = unlisted(options, words, rng)
                if bad is not None:
                    refused_unchanged(st, Act(p.seat, bad))
                    stats["refused"] += 1
                refused_unchanged(st, Act((p.seat + 1 + rng.randrange(st.n - 1)) % st.n, inp.choice))
                refused_unchanged(st, Roll((1,)))
                stats["refused"] += 2
            stats["decisions"] += 1
        if stats["steps"] % 50 == 0:
            # the functional path on a sample: same result as in place
            twin, events = apply(st, inp)
            in_place = apply_in_place(st, inp)
            assert in_place == events and state_hash(twin) == state_hash(st)
        else:
            events = apply_in_place(st, inp)
        stats["steps"] += 1
        track_counters(events, left)
        check_pending(st)
        check_state(st, left)
    result = outcome(st)
    assert result is not None and set(result["scores"]) == set(st.powers)
    assert st.war == board(st).c("wars") and st.steps == stats["steps"]
    # R-SET-1, R-WAR-1: 10 counters a war, 5 per player at setup; all 65 with 7 players
    assert len(left) + len(st.bag) + sum(len(v) for v in st.face_up.values()) == len(board(st).counters)
    if players == 7:
        assert st.bag == []
    return dict(stats)


GAMES = [(players, seed) for players in range(2, 8) for seed in range(6)]


@pytest.mark.parametrize("players, seed", GAMES, ids=[f"{p}p-seed{s}" for p, s in GAMES])
def test_random_games_keep_the_invariants(players: int, seed: int) -> None:
    """R-GEN-2, R-GEN-7, R-MAP-2, R-MAP-5, R-MOV-1, R-SET-1, R-WAR-1: random games for 2
    to 7 players never reach a dead end and conserve every piece, counter and tile."""
    stats = play_checked(players, seed, sample=13)
    assert stats["steps"] > 200 and stats["applied"] > 50 and stats["refused"] > 20


# --------------------------------------------------------------------------- property test
def snapshots() -> list[State]:
    """Positions reached by random play, for 2 to 7 players (decisions and chance)."""
    out: list[State] = []
    for players in range(2, 8):
        rng = random.Random(1000 + players)
        st = new_game(players)
        while pending(st).kind != "over":
            p = pending(st)
            if rng.randrange(4) == 0 or p.kind not in ("action", "bid", "propose", "place"):
                out.append(st.clone())
            if p.chance is not None:
                apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)))
            else:
                options = legal(st, p.seat)
                apply_in_place(st, Act(p.seat, options[rng.randrange(len(options))]))
        out.append(st.clone())
    return out


SNAPSHOTS = snapshots()
WORDS = vocabulary("standard")


@hs.composite
def candidates(draw: hs.DrawFn) -> tuple[State, Act | Roll]:
    """A position and an input for it: a listed choice, a near miss, or anything."""
    st = SNAPSHOTS[draw(hs.integers(0, len(SNAPSHOTS) - 1))]
    p = pending(st)
    seat = p.seat if draw(hs.integers(0, 5)) else draw(hs.integers(-1, st.n))
    if p.chance is not None and draw(hs.integers(0, 5)):
        ranges = p.chance.ranges
        count = len(ranges) if draw(hs.integers(0, 4)) else draw(hs.integers(0, len(ranges) + 1))
        values = [draw(hs.integers(lo - 1, hi + 1)) if i < len(ranges) and draw(hs.integers(0, 3))
                  else draw(hs.integers(lo, hi)) if i < len(ranges) else draw(hs.integers(-1, 7))
                  for i, (lo, hi) in enumerate((ranges + ranges[:1] * 2)[:count])]
        return st, Roll(tuple(values))
    options = legal(st, p.seat) if p.seat >= 0 else []
    how = draw(hs.integers(0, 3))
    if options and how <= 1:
        choice = draw(hs.sampled_from(options))
        if how == 1 and choice.args:  # a near miss: one argument changed
            i = draw(hs.integers(0, len(choice.args) - 1))
            args = list(choice.args)
            args[i] = draw(hs.sampled_from(WORDS))
            choice = Choice(choice.kind, tuple(args))
    else:
        kinds = sorted({c.kind for c in options}) + list(ALL_KINDS)
        choice = Choice(draw(hs.sampled_from(kinds)),
                        tuple(draw(hs.lists(hs.sampled_from(WORDS), max_size=4))))
    return st, Act(seat, choice)


@settings(max_examples=600, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(candidates())
def test_apply_accepts_exactly_what_legal_lists(case: tuple[State, Act | Roll]) -> None:
    """One source of legality: an input is accepted if and only if it is listed (a
    decision by the deciding seat in ``legal``, chance values inside the requested
    ranges); a refused input raises a typed error and leaves the state as it was."""
    st, inp = case
    p = pending(st)
    h = state_hash(st)
    if isinstance(inp, Act):
        listed = p.chance is None and not p.is_over and inp.seat == p.seat and inp.choice in legal(st, inp.seat)
    else:
        ranges = p.chance.ranges if p.chance is not None else ()
        listed = (p.chance is not None and len(inp.values) == len(ranges)
                  and all(lo <= v <= hi for v, (lo, hi) in zip(inp.values, ranges, strict=True)))
    event(f"{'listed' if listed else 'refused'} {'chance' if isinstance(inp, Roll) else 'decision'}")
    if listed:
        new, _ = apply(st, inp)
        assert new.steps == st.steps + 1
        check_pending(new)
    else:
        with pytest.raises((IllegalInput, MalformedInput)) as err:
            apply(st, inp)
        if isinstance(inp, Act) and p.chance is None and not p.is_over and inp.seat != p.seat:
            assert isinstance(err.value, NotYourDecision)
        assert str(err.value)
    assert state_hash(st) == h


# --------------------------------------------------------------------------- refusals name their rule
def _rule_id_ok(rule: str) -> bool:
    """A specific rule id of the reference (R-CMB-9, R-ACT-B2), not a section (R-ACT)."""
    parts = rule.split("-")
    return (len(parts) == 3 and parts[0] == "R" and parts[1].isalpha() and parts[1].isupper()
            and parts[2][-1].isdigit() and (parts[2].isdigit() or (parts[2][0].isupper() and parts[2][1:].isdigit())))


def check_refusal(st: State, inp: Act | Roll, rules: Counter[str]) -> None:
    """``inp`` is refused with an IllegalInput that names a specific rule and says why in a
    sentence a player can read; the state is unchanged."""
    h = state_hash(st)
    with pytest.raises(IllegalInput) as info:
        apply_in_place(st, inp)
    assert state_hash(st) == h
    err = info.value
    assert _rule_id_ok(err.rule), (inp, err.rule, err.message)
    msg = err.message
    assert msg[:1].isupper() and len(msg.split()) >= 4, (inp, msg)
    assert "Choice(" not in msg and "args=" not in msg and "[" not in msg, msg
    assert str(err).endswith(f"({err.rule})")
    rules[err.rule] += 1


def near_misses(options: list[Choice], words: tuple[Any, ...], rng: random.Random) -> list[Choice]:
    """Unlisted choices a player could click: wrong targets, wrong kinds, numbers out of range."""
    listed = set(options)
    out: list[Choice] = []
    for _ in range(3):
        c = unlisted(options, words, rng)
        if c is not None:
            out.append(c)
    for c in options:
        ints = [i for i, a in enumerate(c.args) if isinstance(a, int)]
        if ints:
            i = ints[-1]
            top = max(int(o.args[i]) for o in options if o.kind == c.kind and len(o.args) == len(c.args))
            for v in (top + 1, -1, 10**6):
                args = list(c.args)
                args[i] = v
                out.append(Choice(c.kind, tuple(args)))
            break
    return [c for c in out if c not in listed]


@pytest.mark.parametrize("players", range(2, 8))
def test_every_refusal_names_a_specific_rule_and_says_why(players: int) -> None:
    """Every refusal of ``apply``, for every decision kind, names the most specific rule id
    of the reference (R-MOV-4, not R-MOV or R-ACT) and says why in a sentence: a fuzzed game
    tries, at its decisions, wrong targets, wrong kinds, out-of-range numbers, another seat's
    decision and chance values; at its chance requests, a decision."""
    rng = random.Random(4242 + players)
    st = new_game(players)
    words = vocabulary(st.ruleset)
    rules: Counter[str] = Counter()
    kinds: set[str] = set()
    while True:
        p = pending(st)
        if p.is_over:
            check_refusal(st, Act(0, C("pass")), rules)
            break
        if p.chance is not None:
            if rng.randrange(4) == 0:
                check_refusal(st, Act(rng.randrange(st.n), C("pass")), rules)
            apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)))
            continue
        options = legal(st, p.seat)
        if p.kind not in kinds or rng.randrange(3) == 0:
            kinds.add(p.kind)
            for c in near_misses(options, words, rng):
                check_refusal(st, Act(p.seat, c), rules)
            check_refusal(st, Act((p.seat + 1 + rng.randrange(st.n - 1)) % st.n, options[0]), rules)
            check_refusal(st, Roll((1,)), rules)
        apply_in_place(st, Act(p.seat, options[rng.randrange(len(options))]))
    assert len(rules) >= 15, rules
    assert {"action", "bid", "propose", "place", "move", "attack", "buy"} <= kinds, kinds


def test_snapshots_cover_every_phase() -> None:
    """The property test's positions include every kind of decision random play reaches."""
    kinds = {pending(s).kind for s in SNAPSHOTS}
    assert {"chance", "place", "bid", "propose", "action", "buy", "build", "build_move", "disband", "move",
            "attack", "over"} <= kinds, kinds
