"""The searching bot: legal, deterministic (also across processes), blind to hidden unrest,
and able to explain its choice."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game.bots import BOT_NAMES, make_bot
from game.bots.ledger import UnrestLedger
from game.bots.prng import Rng
from game.bots.search import LEVELS, SearchBot
from game.rules import Act, Roll, State, apply_in_place, legal, new_game, pending


def position(seed: int, kind: str, skip: int = 0, players: int = 4) -> State:
    """A position reached by greedy play where some seat must decide ``kind`` (the
    ``skip``-th such moment)."""
    st = new_game(players)
    bots = [make_bot("greedy", seed * 10 + s) for s in range(players)]
    dice = Rng(seed)
    while True:
        p = pending(st)
        assert not p.is_over, f"no {kind} decision found"
        if p.chance is not None:
            apply_in_place(st, Roll(tuple(dice.randint(lo, hi) for lo, hi in p.chance.ranges)))
            continue
        options = legal(st, p.seat)
        if p.kind == kind and len(options) > 1 and st.war >= 2:
            if skip == 0:
                return st
            skip -= 1
        apply_in_place(st, Act(p.seat, bots[p.seat].choose(st, p.seat, options)))


def test_levels_are_registered_for_menus_and_the_command_line() -> None:
    for level in ("easy", "normal", "hard"):
        assert level in BOT_NAMES
        assert make_bot(level, 1).name == level
    assert make_bot("strong", 1).name == "hard"
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster", 1)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_state_seat_and_seed_give_the_same_choice(level: str) -> None:
    st = position(3, "action")
    seat = pending(st).seat
    options = legal(st, seat)
    before = st.to_dict()
    first = SearchBot(77, level).choose(st, seat, options)
    assert SearchBot(77, level).choose(st, seat, options) == first
    assert first in options
    assert st.to_dict() == before  # the bot searched on copies


SCRIPT = """
import json, sys
sys.path.insert(0, {root!r})
from tests.bots.test_search import position
from game.bots.search import SearchBot
from game.rules import legal, pending
out = []
for seed, kind in ((3, "action"), (5, "attack"), (2, "bid")):
    st = position(seed, kind)
    seat = pending(st).seat
    out.append(str(SearchBot(seed, "normal").choose(st, seat, legal(st, seat))))
print(json.dumps(out))
"""


def runs_under_hash_seeds(script: str, hash_seeds: tuple[str, ...], timeout: float) -> list[object]:
    """What ``script`` (its ``{root}``: the project's folder) prints as JSON, run in a fresh
    process for each ``PYTHONHASHSEED``."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    runs = []
    for hash_seed in hash_seeds:
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-c", script.format(root=root)], env=env, capture_output=True,
                              text=True, timeout=timeout, check=True)
        runs.append(json.loads(done.stdout))
    return runs


def test_choices_are_the_same_in_processes_with_different_hash_seeds() -> None:
    runs = runs_under_hash_seeds(SCRIPT, ("1", "4242"), 300)
    assert runs[0] == runs[1]
    assert len(runs[0]) == 3


@pytest.mark.parametrize("kind", ["action", "attack", "bid"])
def test_the_bot_never_reads_the_other_seats_unrest(kind: str) -> None:
    st = position(5, kind)
    seat = pending(st).seat
    options = legal(st, seat)
    altered = st.clone()
    altered.unrest = [u if s == seat else u + 9 + 3 * s for s, u in enumerate(st.unrest)]
    for level in ("normal", "hard"):
        a, b = SearchBot(11, level), SearchBot(11, level)
        assert a.choose(altered, seat, options) == b.choose(st, seat, options)
        assert a.last is not None and b.last is not None and a.last.means == b.last.means


def test_a_bot_seat_plays_only_legal_choices_to_the_end() -> None:
    st = new_game(4)
    bots = [SearchBot(1, "easy"), make_bot("greedy", 2), SearchBot(3, "easy"), make_bot("random", 4)]
    dice = Rng(9)
    while not pending(st).is_over:
        p = pending(st)
        if p.chance is not None:
            events = apply_in_place(st, Roll(tuple(dice.randint(lo, hi) for lo, hi in p.chance.ranges)))
        else:
            options = legal(st, p.seat)
            choice = bots[p.seat].choose(st, p.seat, options)
            assert choice in options
            events = apply_in_place(st, Act(p.seat, choice))  # apply checks legality again
        for b in bots:
            if isinstance(b, SearchBot):
                b.observe(st, events)


def test_the_ledger_of_public_events_adds_up_to_the_true_unrest() -> None:
    st = new_game(5)
    bots = [make_bot("greedy", s) for s in range(5)]
    ledger = UnrestLedger(5)
    dice = Rng(4)
    while not pending(st).is_over:
        p = pending(st)
        if p.chance is not None:
            events = apply_in_place(st, Roll(tuple(dice.randint(lo, hi) for lo, hi in p.chance.ranges)))
        else:
            events = apply_in_place(st, Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat))))
        ledger.observe(st, events)
    assert ledger.knows(st)
    assert ledger.unrest == st.unrest
    assert max(st.unrest) > 0


def test_explain_names_a_legal_choice_and_says_why_in_one_line() -> None:
    st = position(3, "action")
    seat = pending(st).seat
    choice, why = SearchBot(5, "normal").explain(st, seat)
    assert choice in legal(st, seat)
    assert "\n" not in why and "sampled futures" in why
    with pytest.raises(ValueError, match="not this seat"):
        SearchBot(5, "normal").explain(st, (seat + 1) % st.n)


def test_levels_spend_more_search_as_they_rise() -> None:
    assert LEVELS["easy"].playouts < LEVELS["normal"].playouts < LEVELS["hard"].playouts
    st = position(3, "action")
    seat = pending(st).seat
    spent = []
    for level in ("easy", "normal", "hard"):
        bot = SearchBot(5, level)
        bot.choose(st, seat, legal(st, seat))
        spent.append(bot.total_playouts)
    assert 0 < spent[0] < spent[1] < spent[2]


def test_a_bot_that_watched_the_game_searches_with_its_ledger_not_the_true_unrest() -> None:
    st = new_game(4)
    greedy = [make_bot("greedy", s) for s in range(4)]
    watcher = SearchBot(3, "normal")
    dice = Rng(6)
    while True:
        p = pending(st)
        if p.chance is not None:
            events = apply_in_place(st, Roll(tuple(dice.randint(lo, hi) for lo, hi in p.chance.ranges)))
        else:
            options = legal(st, p.seat)
            if p.seat == 0 and p.kind == "action" and st.war == 2:
                break
            events = apply_in_place(st, Act(p.seat, greedy[p.seat].choose(st, p.seat, options)))
        watcher.observe(st, events)
    assert watcher.ledger is not None and watcher.ledger.knows(st)
    assert watcher.ledger.unrest[1:] == st.unrest[1:]  # every source of unrest was public
    altered = st.clone()
    altered.unrest = [st.unrest[0]] + [u + 7 for u in st.unrest[1:]]
    twin = SearchBot(3, "normal")
    twin.ledger = UnrestLedger(4)
    twin.ledger.unrest = list(watcher.ledger.unrest)
    twin.ledger.steps = st.steps
    assert twin.choose(altered, 0, legal(st, 0)) == watcher.choose(st, 0, legal(st, 0))
    assert twin.last is not None and watcher.last is not None
    assert twin.last.means == watcher.last.means  # every future scored the same
    # and the search does depend on what it believes: a different ledger scores differently
    doubter = SearchBot(3, "normal")
    doubter.ledger = UnrestLedger(4)
    doubter.ledger.unrest = [u + 7 for u in watcher.ledger.unrest]
    doubter.ledger.steps = st.steps
    doubter.choose(st, 0, legal(st, 0))
    assert doubter.last is not None and doubter.last.means != watcher.last.means
