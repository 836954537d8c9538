"""The fairness model (game/client/fairness.py) and its words: from a network game's
referee and from its log read back it has exactly one row per chance event, with the
values the verifier recomputes from each beacon; a reveal withheld after every other
reveal is a drop with its reason and marks its chance event contested; each power's dice
are the end screen's chart's (``dice_by_power``); a local save's rolls are its inputs and
come from no beacon; the goodness-of-fit figure is the chi-square test's."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.bots import make_bot
from game.client.fairness import (
    ChanceLog,
    DiceFit,
    SaveReader,
    chi2_sf,
    dice_by_power,
    fairness_of_file,
    fairness_of_referee,
    fairness_of_save,
    fit_of,
)
from game.client.gamefile import GameFile, load_game_file
from game.client.saves import SaveFile, Setup
from game.client.words import fairness as W
from game.rules import Act, Roll, apply, event_dicts, legal, new_game, pending
from game.rules.board import load_board
from net.core.beacon import expand
from net.store import TranscriptFile
from tests.net.netkit import Game

BOARD = load_board("standard")


@pytest.fixture(scope="module")
def network(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Game, GameFile]]:
    """A three-player network game in which seat 2 withholds its reveal of a chance event
    once the other two are in and is dropped for it; its log read back."""
    path = tmp_path_factory.mktemp("fair") / "game.jsonl"
    store = TranscriptFile(path, fsync=False)
    g = Game(3, timeout_ms=10_000, store=store)
    g.play_until(lambda g: g.referee.st.chance_count >= 5 and g.referee.decision_seat() >= 0)
    g.sessions[2].suppress = frozenset({"reveal"})
    g.play_until(lambda g: g.referee.chance_round() > 0 and len(g.referee.reveals) == 2)
    g.now += 20_000
    assert g.sessions[0].drop_overdue(g.now).ok and g.sessions[1].drop_overdue(g.now).ok
    g.auto = {0, 1}
    g.finish()
    store.close()
    yield g, load_game_file(path)


def test_one_row_per_chance_event_with_the_values_the_beacon_gives(network: tuple[Game, GameFile]) -> None:
    g, game = network
    ref = g.referee
    f = fairness_of_referee(ref)
    assert [c.r for c in f.chances] == list(range(1, len(ref.chances) + 1))
    rolls = [inp for inp in ref.inputs if isinstance(inp, Roll)]
    assert len(f.chances) == len(rolls) == ref.st.chance_count
    for row, rec, roll in zip(f.chances, ref.chances, rolls, strict=True):
        assert row.values == roll.values == expand(bytes.fromhex(row.beacon), rec.ranges)  # as the verifier recomputes
        assert row.kind == rec.kind and row.revealers == rec.revealers and row.witnessed == rec.witnessed
        assert row.beacon == rec.beacon and row.beacon_short.startswith(rec.beacon[:8]) and len(row.beacon_short) < 16
        assert len(row.owners) == len(row.values)
        assert game.steps[row.step].state.chance_count == row.r == game.steps[row.step - 1].state.chance_count + 1
    assert f.beacon and f.powers == tuple(game.powers) and f.step == ref.st.steps
    # the log read back says the same, and knows its end
    read = fairness_of_file(game)
    assert read.chances == f.chances and read.drops == f.drops and read.fits == f.fits and read.last == game.last
    # up to a step: the events so far
    half = fairness_of_file(game, game.last // 2)
    assert half.chances == tuple(c for c in f.chances if c.step <= game.last // 2) and half.step == game.last // 2


def test_a_withheld_reveal_is_a_drop_with_its_reason(network: tuple[Game, GameFile]) -> None:
    g, game = network
    f = fairness_of_file(game)
    (drop,) = f.drops
    assert drop.seats == (2,) and drop.withheld == ("reveal",) and drop.after_reveals and drop.voters == (0, 1)
    row = next(c for c in f.chances if c.r == drop.chance)
    assert row.contested and row.revealers == (0, 1)  # the roll made without it
    assert [c.r for c in f.chances if c.contested] == [drop.chance]
    assert drop.step == row.step - 1 and drop.line > 0 and (drop.war, drop.round) == (row.war, row.round)
    said = W.drop_sentence(drop, f, BOARD)
    cheat = BOARD.power_name(game.powers[2])
    assert said.startswith(f"{cheat} withheld its reveal for chance event {drop.chance} after every other reveal")
    assert f"log line {drop.line}" in said and f"at step {drop.step}" in said and "contested" in said
    said = W.chance_sentence(row, f, BOARD)
    assert "Contested" in said and f"Beacon {row.beacon[:16]} {row.beacon[16:32]} " in said  # in groups: it wraps
    assert f"Revealed by {BOARD.power_name(game.powers[0])}, {BOARD.power_name(game.powers[1])}: witnessed." in said
    assert any("1 seat was dropped" in line for line in W.summary(f, BOARD))
    # the referee alone places it too (by its chance event)
    assert fairness_of_referee(g.referee).drops == f.drops


def test_each_powers_dice_are_the_end_screens_chart(network: tuple[Game, GameFile]) -> None:
    _, game = network
    f = fairness_of_file(game)
    events = [e for s in game.steps for e in s.events]
    charted = dice_by_power(events)
    assert {fit.power: fit.counts for fit in f.power_fits} == {p: fit_of(p, d).counts for p, d in charted.items()}
    every = [v for c in f.chances for g in c.gave for v in g.dice]
    assert f.all_dice.n == len(every) >= sum(len(d) for d in charted.values())  # the neutrals' dice too


def _local_game(path: Path, players: int, seed: int) -> None:
    """A save of a whole game between greedy bots, as a local game writes it."""
    rng = random.Random(seed)
    setup = Setup(new_game(players).powers, 0, "greedy", seed)
    save = SaveFile(path, new=True)
    save.write_setup(setup)
    bots = [make_bot("greedy", seed + i) for i in range(players)]
    st = new_game(players)
    while not (p := pending(st)).is_over:
        inp = (Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)) if p.chance is not None
               else Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat))))
        save.write_input(inp)
        st, _ = apply(st, inp)
    save.close()


def test_a_local_saves_rolls_are_its_inputs_and_a_screen_sees_the_same(tmp_path: Path) -> None:
    path = tmp_path / "local.jsonl"
    _local_game(path, 3, 4)
    game = load_game_file(path)
    f = fairness_of_file(game)
    rolls = [inp.values for inp in game.inputs if isinstance(inp, Roll)]
    assert [c.values for c in f.chances] == rolls and not f.beacon and not f.drops
    assert all(c.witnessed is None and not c.beacon and not c.revealers for c in f.chances)
    assert any("seed" in line for line in W.summary(f, BOARD))
    assert {c.kind for c in f.chances} >= {"first_player", "draw", "dice", "sea_roll"}
    # a game screen fed the same steps one at a time sees the same events (it knows no values)
    log = ChanceLog()
    for before, after in zip([None, *game.steps], game.steps, strict=False):
        log.observe(before.state if before else None, after.state, after.events)
    seen = log.fairness()
    assert [(c.r, c.kind, c.step, c.war, c.round, c.gave) for c in seen.chances] == \
        [(c.r, c.kind, c.step, c.war, c.round, c.gave) for c in f.chances]
    assert seen.fits == f.fits and seen.step == game.last
    for c in f.chances:
        assert W.chance_sentence(c, f, BOARD).startswith(f"Chance event {c.r}: ")


def test_a_save_read_as_it_grows_says_what_its_replay_says(tmp_path: Path) -> None:
    path = tmp_path / "local.jsonl"
    _local_game(path, 3, 9)
    game = load_game_file(path)
    whole = fairness_of_file(game)
    read = fairness_of_save(path)
    assert read.chances == whole.chances and read.fits == whole.fits and read.step == read.last == game.last
    # read while the game is written: only what is new is applied, and an undo starts it again
    lines = path.read_bytes().split(b"\n")
    growing = tmp_path / "growing.jsonl"
    reader = SaveReader()
    for cut in (40, 200, 201, len(lines) - 1):  # (the last element is the empty one after the last newline)
        growing.write_bytes(b"\n".join(lines[:cut]) + b"\n")
        got = reader.read(growing)
        assert got.chances == whole.upto(cut - 1).chances and got.step == cut - 1
    growing.write_bytes(b"\n".join(lines[:150]) + b"\n" + b'{"undo":3}\n')
    got = reader.read(growing)
    assert got.step == 146 and got.chances == whole.upto(146).chances
    # as far as a step: the same as the file read up to it
    for k in (0, 1, 2, 100, game.last):
        part = fairness_of_file(game, k)
        assert whole.upto(k).chances == part.chances and whole.upto(k).fits == part.fits


def test_what_a_chance_event_gave_is_said_for_every_kind() -> None:
    rng = random.Random(2)
    st = new_game(4)
    log = ChanceLog()
    bots = [make_bot("greedy", i) for i in range(4)]
    while not (p := pending(st)).is_over and st.steps < 400:
        inp = (Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)) if p.chance is not None
               else Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat))))
        after, events = apply(st, inp)
        log.observe(st, after, event_dicts(events, None))
        st = after
    f = log.fairness()
    first = f.chances[0]
    assert first.kind == "first_player" and W.chance_sentence(first, f, BOARD).endswith(
        f"{BOARD.power_name(first.gave[0].owner)} is the first player. Its values come from the game's seed, not from "
        "a beacon.")
    draw = f.chances[1]
    assert draw.kind == "draw" and " laid on the map" in W.chance_sentence(draw, f, BOARD)
    battle = next(c for c in f.chances if c.kind == "dice" and any(g.owner == "neutral" for g in c.gave))
    neutral = next(g for g in battle.gave if g.owner == "neutral")
    assert f"{BOARD.counter_name(neutral.neutral)} rolled {neutral.dice[0]} and {neutral.dice[1]}" in \
        W.chance_sentence(battle, f, BOARD)


@pytest.mark.parametrize(("x", "df", "p"), [(3.841, 1, 0.05), (5.991, 2, 0.05), (7.815, 3, 0.05), (9.488, 4, 0.05),
                                            (11.070, 5, 0.05), (15.086, 5, 0.01), (20.515, 5, 0.001),
                                            (4.351, 5, 0.5), (0.0, 5, 1.0)])
def test_the_chi_square_tail_is_the_tables(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, rel=2e-3, abs=1e-6)


def test_the_fit_in_words() -> None:
    fair = DiceFit("france", (10, 10, 10, 10, 10, 10))
    assert fair.p == 1.0 and W.fit_words(fair) == "as fair dice would give" and fair.mean == 3.5
    few = DiceFit("france", (1, 2, 3, 4, 5, 6))
    assert few.p is None and W.fit_words(few) == "too few dice to tell"
    odd = DiceFit("spain", (2, 8, 10, 10, 10, 20))  # chi-square 16.8: about 1 in 200
    assert odd.p is not None and odd.p < 0.01 and W.fit_words(odd) == f"unusual: 1 in {odd.one_in:,}"
    assert odd.one_in == 200
    assert W.fit_name(odd, BOARD) == "Spain" and W.fit_count(odd) == "60 dice, mean 4.30"
    assert W.fit_count(DiceFit("spain", (1, 0, 0, 0, 0, 0))) == "1 die, mean 1.00"
    assert "Chi-square 16.80 with 5 degrees of freedom" in W.fit_tip(odd, BOARD)
