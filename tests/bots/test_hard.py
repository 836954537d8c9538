"""The ``hard`` level's own code paths (bids sampled across their range, more futures for
close calls, a budget in proportion to the players, the playout's quick amounts): the same
choice everywhere, blind to the others' unrest; ``easy`` and ``normal`` unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.bots import make_bot
from game.bots.greedy import GreedyBot
from game.bots.prng import Rng
from game.bots.search import LEVELS, LOWEST_FIRST, SearchBot, _spread
from game.rules import Act, C, Choice, Pending, Roll, State, apply_in_place, legal, new_game, pending
from tests.bots.test_search import position, runs_under_hash_seeds


def test_bids_are_searched_across_their_range() -> None:
    ranked = [C("pass")] + [C("bid", x) for x in range(3, 120)]
    assert [str(c) for c in _spread(ranked, 6)] == ["pass", "bid 3", "bid 4", "bid 5", "bid 7", "bid 11"]
    assert _spread([C("bid", x) for x in range(2)], 6) == [C("bid", 0), C("bid", 1)]
    st = position(2, "bid")
    seat = pending(st).seat
    bot = SearchBot(5, "hard")
    bot.choose(st, seat, legal(st, seat))
    assert bot.last is not None
    bids = sorted(int(c.args[0]) for c, _, _ in bot.last.means if c.kind == "bid")
    assert bids[-1] - bids[0] >= 4  # not only the lowest few


def test_the_playouts_quick_amount_is_the_policys_choice() -> None:
    """For bids and offers the playout takes the first legal choice without scoring the
    list; that is exactly the greedy policy's one best choice, with no tie to break."""
    policy = GreedyBot(0)
    seen = {k: 0 for k in LOWEST_FIRST}
    for st, p, options in greedy_decisions(((0, 4), (1, 6))):
        if p.kind in LOWEST_FIRST and len(options) > 1:
            scores = [policy.score(st, p.seat, c) for c in options]
            assert scores[0] == max(scores) and scores.count(scores[0]) == 1
            seen[p.kind] += 1
    assert all(seen.values()), seen


def greedy_decisions(games: tuple[tuple[int, int], ...]) -> Iterator[tuple[State, Pending, list[Choice]]]:
    """Every decision of whole greedy games (``(seed, players)`` each, seeded dice), before
    the greedy bot's choice is applied."""
    for g, players in games:
        st = new_game(players)
        bots = [make_bot("greedy", 10 * g + s) for s in range(players)]
        dice = Rng(g)
        while not pending(st).is_over:
            p = pending(st)
            if p.chance is not None:
                apply_in_place(st, Roll(tuple(dice.randint(lo, hi) for lo, hi in p.chance.ranges)))
                continue
            options = legal(st, p.seat)
            yield st, p, options
            apply_in_place(st, Act(p.seat, bots[p.seat].choose(st, p.seat, options)))


# what easy and normal chose before hard's new paths, pinned: their levels must not change
PINNED = {
    ("easy", 3, "action"): [("move", -218, 3), ("build", -231, 3), ("attack", -328, 1)],
    ("normal", 3, "action"): [("move", -268, 9), ("build", -272, 9), ("buy", -319, 3), ("attack", -329, 3)],
    ("normal", 2, "bid"): [("bid 0", -264, 9), ("bid 1", -267, 9), ("bid 2", -287, 3), ("bid 3", -290, 3)],
}


@pytest.mark.parametrize("key", sorted(PINNED))
def test_easy_and_normal_search_as_before(key: tuple[str, int, str]) -> None:
    level, seed, kind = key
    st = position(seed, kind)
    seat = pending(st).seat
    bot = SearchBot(5, level)
    bot.choose(st, seat, legal(st, seat))
    assert bot.last is not None
    assert [(str(c), m, n) for c, m, n in bot.last.means] == PINNED[key]
    assert LEVELS["easy"].extra == LEVELS["normal"].extra == 0
    assert not (LEVELS["easy"].spread or LEVELS["normal"].spread or LEVELS["normal"].per_seat)


@pytest.mark.parametrize("kind,players", [("bid", 4), ("action", 7), ("propose", 4)])
def test_hard_never_reads_the_other_seats_unrest(kind: str, players: int) -> None:
    st = position(6, kind, players=players)
    seat = pending(st).seat
    options = legal(st, seat)
    altered = st.clone()
    altered.unrest = [u if s == seat else u + 7 + 2 * s for s, u in enumerate(st.unrest)]
    a, b = SearchBot(13, "hard"), SearchBot(13, "hard")
    assert a.choose(altered, seat, options) == b.choose(st, seat, options)
    assert a.last is not None and b.last is not None and a.last.means == b.last.means
    if kind == "bid":  # a close call here: the top-up of futures ran, and saw no true unrest either
        assert a.last.playouts > LEVELS["hard"].playouts


SCRIPT = """
import json, sys
sys.path.insert(0, {root!r})
from tests.bots.test_search import position
from game.bots.search import SearchBot
from game.rules import legal, pending
out = []
for seed, kind, players in ((2, "bid", 4), (3, "action", 4), (4, "attack", 7)):
    st = position(seed, kind, players=players)
    seat = pending(st).seat
    bot = SearchBot(seed, "hard")
    bot.choose(st, seat, legal(st, seat))
    out.append([[str(c), m, n] for c, m, n in bot.last.means])
print(json.dumps(out))
"""


def test_hard_chooses_the_same_in_processes_with_different_hash_seeds() -> None:
    runs = runs_under_hash_seeds(SCRIPT, ("3", "977"), 600)
    assert runs[0] == runs[1]
    assert all(len(r) >= 2 for r in runs[0])


def test_hard_spends_more_on_a_close_call_and_less_per_seat_with_more_players() -> None:
    hard = LEVELS["hard"]
    st = position(3, "action")
    seat = pending(st).seat
    bot = SearchBot(21, "hard")
    bot.choose(st, seat, legal(st, seat))
    assert bot.last is not None and bot.last.searched
    assert bot.last.playouts <= hard.playouts + hard.extra
    st7 = position(3, "action", players=7)
    seat7 = pending(st7).seat
    bot7 = SearchBot(21, "hard")
    bot7.choose(st7, seat7, legal(st7, seat7))
    assert bot7.last is not None and bot7.last.playouts <= hard.playouts * 4 // 7 + hard.extra


@pytest.mark.parametrize("kind", ["move", "build_move", "help"])
def test_hard_searches_where_units_go_and_the_help_it_gives(kind: str) -> None:
    """hard weighs sampled futures where a unit moves, where a new one is placed and what
    help it gives in a battle; normal takes the heuristic's choice there at once."""
    st = position(4, kind)
    seat = pending(st).seat
    options = legal(st, seat)
    hard, normal = SearchBot(8, "hard"), SearchBot(8, "normal")
    hard.choose(st, seat, options)
    normal.choose(st, seat, options)
    assert hard.last is not None and normal.last is not None
    assert hard.last.searched and hard.last.playouts > 0 and len(hard.last.means) >= 2
    assert not normal.last.searched and normal.last.playouts == 0
    assert hard.last.choice in options
    # the level's choice is made again alike (the same seed, the same futures)
    again = SearchBot(8, "hard")
    again.choose(st, seat, options)
    assert again.last is not None and again.last.choice == hard.last.choice


def test_the_policy_scores_a_decision_as_it_scores_each_choice() -> None:
    """GreedyBot.scores shares work between the choices of one decision (the best attack,
    allies, foes, marker values, destinations): every score is the one score() gives alone,
    at every decision of whole games."""
    policy = GreedyBot(0)
    decisions = 0
    for st, p, options in greedy_decisions(((2, 4), (3, 7))):
        assert policy.scores(st, p.seat, options) == [policy.score(st, p.seat, c) for c in options]
        decisions += 1
    assert decisions > 500


def test_a_markers_worth_is_what_the_dense_ranking_gives() -> None:
    """R-VP-1: area_value counts the ranks directly; it is the dense ranking's score with
    one more marker less the score now, for every count of up to 4 markers of 4 seats."""
    from itertools import product

    from game.bots.greedy import area_value
    from game.rules.common import board
    from game.rules.war import dense_rank_scores

    st = new_game(4)
    b = board(st)
    for area in ("german_states", "india"):
        values = b.area_by_id[area].vp
        for counts in product(range(5), repeat=4):
            st.markers[area] = list(counts)
            for seat in range(4):
                more = list(counts)
                more[seat] += 1
                want = dense_rank_scores(more, values)[seat] - dense_rank_scores(list(counts), values)[seat]
                assert area_value(b, st, seat, area) == 10 * want + 15
