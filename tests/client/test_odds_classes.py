"""The odds counted by classes of dice outcomes (game/client/battle_dice.py) are the
reference's exactly: the classes' counts are the 6^4 outcomes' by hand, and on attacks of
whole seeded 7-player games (naval battle first, allies on either side or both, an
attack under way while an ally is asked) the three figures, who could help and what was
assumed equal, fraction for fraction, those of the engine applied to every dice outcome
(``each_outcome``, the method the window used before)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from game.bots import make_bot
from game.client.battle_dice import OUTCOMES, outcome_classes, result_counts
from game.client.dice import seeded_dice
from game.client.loop import play
from game.client.odds import AttackOdds, attack_odds
from game.rules import Act, Choice, Input, State, legal, new_game, pending


@settings(max_examples=60, deadline=None)
@given(hs.integers(0, 14), hs.integers(0, 14), hs.integers(2, 12))
def test_the_classes_count_the_outcomes_by_hand(att: int, dfn: int, seven: int) -> None:
    """R-CMB-5, R-CMB-7: each side adds its two dice's difference to its strength; a side
    whose dice make the seven owes a unit. Every outcome is in the class of its result and
    sevens, and the class's outcome that stands for it is one of them."""
    counts: dict[tuple[str, bool, bool], int] = {}
    for d in product(range(1, 7), repeat=4):
        a, b = att + abs(d[0] - d[1]), dfn + abs(d[2] - d[3])
        key = ("att" if a > b else "def" if b > a else "tie", d[0] + d[1] == seven, d[2] + d[3] == seven)
        counts[key] = counts.get(key, 0) + 1
    classes = outcome_classes(att, dfn, seven)
    assert {k: n for k, n, _ in classes} == counts
    for (result, s_att, s_def), _, d in classes:
        a, b = att + abs(d[0] - d[1]), dfn + abs(d[2] - d[3])
        assert result == ("att" if a > b else "def" if b > a else "tie")
        assert (d[0] + d[1] == seven, d[2] + d[3] == seven) == (s_att, s_def)
    win, tie = result_counts(att, dfn)
    assert win == sum(n for k, n in counts.items() if k[0] == "att")
    assert tie == sum(n for k, n in counts.items() if k[0] == "tie")
    assert sum(counts.values()) == OUTCOMES


# ----------------------------------------------------------------------- whole games
def positions(seed: int, players: int = 7) -> Iterator[tuple[State, int, Choice | None]]:
    """Every attack offered in the seeded greedy-bot game (its position, seat and attack),
    and every position where an attack under way asks an ally or an offer (attack None)."""
    seats = {i: make_bot("greedy", seed * 1009 + i) for i in range(players)}
    found: list[tuple[State, int, Choice | None]] = []

    def before(st: State, inp: Input) -> None:
        if not isinstance(inp, Act):
            return
        p = pending(st)
        if p.kind in ("help", "offer"):
            found.append((st.clone(), p.seat, None))
        for c in legal(st, inp.seat):
            if c.kind == "attack" and len(c.args) == 3:
                found.append((st.clone(), inp.seat, c))

    play(new_game(players), seats, seeded_dice(seed), before=before)
    yield from found


def kinds(o: AttackOdds) -> set[str]:
    """What makes an attack's count hard: a naval battle first, allies of either side."""
    out = set()
    if "naval" in o.decided:
        out.add("naval first")
    if o.helpers[0] and o.helpers[1]:
        out.add("allies both sides")
    elif o.helpers[1]:
        out.add("defender's allies")
    elif o.helpers[0]:
        out.add("attacker's allies")
    return out or {"alone"}


def same(new: AttackOdds, ref: AttackOdds) -> list[str]:
    """Where the new figures differ from the reference's (those it gives)."""
    diff = []
    for name in ("none", "defended", "helped"):
        a, b = getattr(new, name), getattr(ref, name)
        if b is not None and a != b:
            diff.append(f"{name}: {a} != {b}")
    if ref.done and not ref.too_many:
        for name in ("none", "defended", "helped", "helpers", "assumed", "decided", "rolls", "unknown"):
            if getattr(new, name) != getattr(ref, name):
                diff.append(f"{name}: {getattr(new, name)} != {getattr(ref, name)}")
    return diff


def sample(seeds: range, per_kind: int, naval_per_kind: int,
           naval_in_all: int = 1000) -> list[tuple[str, State, int, Choice | None, AttackOdds]]:
    """Up to ``per_kind`` attacks of each kind (spread over the games), ``naval_per_kind``
    of those with a naval battle first (the reference's slowest: seconds each) and
    ``naval_in_all`` such attacks in all, with the new figures."""
    chosen: list[tuple[str, State, int, Choice | None, AttackOdds]] = []
    seen: dict[str, int] = {}
    naval = 0
    for seed in seeds:
        for k, (st, seat, attack) in enumerate(positions(seed)):
            o = attack_odds(st, seat, attack)
            assert o.done and o.none is not None and not o.too_many, (seed, st.steps, attack)  # always a figure
            label = ("under way, " if attack is None else "") + ", ".join(sorted(kinds(o)))
            first = "naval first" in label
            most = (naval_per_kind if naval < naval_in_all else 0) if first else per_kind
            if seen.get(label, 0) < most and k % 3 == seed % 3:
                seen[label] = seen.get(label, 0) + 1
                naval += first
                chosen.append((label, st, seat, attack, o))
    return chosen


def check(chosen: list[tuple[str, State, int, Choice | None, AttackOdds]]) -> dict[str, Any]:
    compared: dict[str, int] = {}
    for label, st, seat, attack, o in chosen:
        ref = attack_odds(st, seat, attack, each_outcome=True)
        assert not same(o, ref), (label, st.steps, attack, same(o, ref))
        if ref.none is not None:
            compared[label] = compared.get(label, 0) + 1
    return compared


def test_the_figures_equal_the_reference_on_attacks_of_seeded_games() -> None:
    """A few attacks of every kind from two whole 7-player games, two with a naval battle
    first (the reference takes seconds for each: the slow test below compares more) and
    allies on both sides among them, against the engine applied to every dice outcome."""
    compared = check(sample(range(2), 3, 1, naval_in_all=2))
    assert sum(n for k, n in compared.items() if "naval first" in k) == 2, compared
    assert any("allies both sides" in k for k in compared), compared
    assert any(k.startswith("under way") for k in compared), compared
    assert sum(compared.values()) >= 18, compared


@pytest.mark.slow
def test_the_figures_equal_the_reference_on_many_attacks() -> None:
    """More attacks, more games (minutes: the reference tries every dice outcome)."""
    compared = check(sample(range(2, 6), 6, 3))
    assert sum(compared.values()) >= 60, compared


def test_a_naval_battle_first_counts_every_outcome_of_both_battles() -> None:
    """The scenario of a naval battle before the land battle: the figure is a fraction of
    the 6^4 x 6^4 outcomes, the reference's."""
    from game.cli.scenario import build_position, load_scenario
    from game.rules import C, apply

    st, _ = build_position(load_scenario(Path(__file__).parents[1] / "scenarios" / "combat_002_north_america.json"))
    seat = st.powers.index("spain")
    st, _ = apply(st, Act(seat, C("attack")))
    attack = legal(st, seat)[0]
    o, ref = attack_odds(st, seat, attack), attack_odds(st, seat, attack, each_outcome=True)
    assert "naval" in o.decided and o.none is not None and o.defended is not None
    assert not same(o, ref)
    assert (o.none.win * OUTCOMES ** 2).denominator == 1 and o.none.win != Fraction(0)


def test_bench_odds_times_every_attack_and_ends_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``soe bench --odds`` plays seeded games, times each attack's figures and ends with
    the line its target is stated in."""
    import json
    import re

    from game.cli.bench.odds import main as bench
    from game.cli.main import main as soe

    assert bench(["--games", "1", "--players", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["attacks"] > 0 and figures["without_figure"] == 0
    assert 0 < figures["median_ms"] <= figures["p95_ms"] <= figures["max_ms"]
    assert soe(["bench", "--odds", "--games", "1", "--players", "3"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"odds: median [\d.]+ ms, 95th percentile [\d.]+ ms, maximum [\d.]+ ms over \d+ attacks "
                        r"\(0 without a figure\)", last), last
