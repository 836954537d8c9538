"""Income and upkeep (R-INC-1..3), victory points (R-VP-1), the end of a war (R-EOW-1) and
the end of the game (R-END-1..4). The rulebook's scoring example is the scenario
tests/scenarios/scoring_002_german_states.json."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules import MalformedInput, is_over, outcome, view, war_end_scores
from game.rules.war import dense_rank_scores

from .play import Table

THREE = ["great_britain", "france", "spain"]
FIVE = ["great_britain", "france", "spain", "austria", "prussia"]


def war_end(war: int = 1, powers: list[str] | None = None, **position: Any) -> Table:
    """The last turn of war ``war`` is over: income, upkeep and scoring run at once."""
    return Table.at(powers or THREE, "war_end", war=war, **position)


# --------------------------------------------------------------------------- R-INC
def test_inc_1_income_per_population_and_marker() -> None:
    """R-INC-1: "Income: +1 gold per population point, +1 gold per control marker on the map
    (not those on a Pirates tile)."

    Great Britain, population 4, has 2 markers in India and 1 in German States, and a fourth
    held on a Pirates tile in the Caribbean: it collects 4 + 3 = 7 gold."""
    t = war_end(players={"great_britain": {"population": 4}},
                areas={"india": {"great_britain": {"markers": 2}}, "german_states": {"great_britain": {"markers": 1}}},
                captured=[["caribbean", "pirates", "great_britain"]])
    assert t.saw("Great Britain collects 7 gold")
    assert t.gold("great_britain") == 17


def test_inc_2_upkeep_per_unit_borrowing_if_short() -> None:
    """R-INC-2: "Then upkeep: −1 gold per unit on the map (armies, fleets, forts, home nation
    included); R-GEN-5 if short. Units cannot be removed to avoid upkeep."

    France, 0 gold and population 1, keeps 3 armies and a fort at home and a fleet in the
    Baltic: income 1, upkeep 5, so it borrows 2 lots (4 gold, 2 unrest) and ends with 0. No
    decision is asked of France: no unit can be removed. Spain, with no unit, pays nothing."""
    t = war_end(players={"france": {"gold": 0, "population": 1}},
                areas={"france": {"france": {"army": 3, "fort": 1}}, "baltic": {"france": {"fleet": 1}}})
    assert t.saw("France pays 5 gold for upkeep")
    assert (t.gold("france"), t.unrest("france")) == (0, 2)
    assert t.saw("France borrows 4 gold from the bank (+2 unrest)")
    assert t.units("france", "france") == {"army": 3, "fleet": 0, "fort": 1}
    assert t.gold("spain") == 15 and not t.saw("Spain pays")
    assert t.pending.chance is not None  # straight on to war 2's counter draw


def test_inc_3_population_grows_by_five_up_to_nine() -> None:
    """R-INC-3: "Then population +5, capped at 9." Income is counted before the growth.

    Population 2 -> 7 (income 2), 6 -> 9 (income 6), 9 stays 9."""
    t = war_end(players={"great_britain": {"population": 2}, "france": {"population": 6},
                         "spain": {"population": 9}})
    assert (t.pop("great_britain"), t.pop("france"), t.pop("spain")) == (7, 9, 9)
    assert (t.gold("great_britain"), t.gold("france"), t.gold("spain")) == (12, 16, 19)


# --------------------------------------------------------------------------- R-VP
def test_vp_1_dense_ranking_exact_rulebook_counts() -> None:
    """R-VP-1: "(002 example, German States 8/5/3: 3,3,2,1 markers score 8,8,5,3.)" and "Had
    Spain tied Austria at 2, it too would score 5": 3,3,2,2 score 8,8,5,5. A player with no
    marker scores nothing."""
    assert dense_rank_scores([3, 3, 2, 1, 0], (8, 5, 3)) == [8, 8, 5, 3, 0]
    assert dense_rank_scores([3, 3, 2, 2, 0], (8, 5, 3)) == [8, 8, 5, 5, 0]


def test_vp_1_values_beyond_the_printed_ones_score_nothing() -> None:
    """R-VP-1: "Dense ranking: all players tied at a rank score that rank's value, and the next
    lower count takes the next value. Values beyond the printed ones score 0."

    Africa (3/2): Great Britain 3, France 2, Spain 1 -> 3, 2, 0. India (5/3/1): Spain 2, France
    2 -> 5 each. VP add to those already held (France had 4)."""
    t = war_end(players={"france": {"vp": 4}},
                areas={"africa": {"great_britain": {"markers": 3}, "france": {"markers": 2}, "spain": {"markers": 1}},
                       "india": {"spain": {"markers": 2}, "france": {"markers": 2}}})
    assert (t.vp("great_britain"), t.vp("france"), t.vp("spain")) == (3, 4 + 2 + 5, 0 + 5)
    assert t.saw("Africa scores: Great Britain 3, France 2")
    assert t.saw("Victory points after war 1: Great Britain 3, France 11, Spain 5")


def test_vp_1_war_end_scores_gives_the_rulebook_example_from_a_view() -> None:
    """R-VP-1, the rulebook's scoring example, through the public ``war_end_scores`` of a
    seat's view in the middle of a war: German States (8/5/3) with Great Britain 3 markers,
    France 3, Austria 2, Spain 1 would score 8, 8, 5, 3 (Prussia, with none, nothing); had
    Spain tied Austria it too would score 5 (at 1 each: 3 + 3 + 2 + 2 markers do not fit the
    9 spaces, R-MAP-5, as in scoring_002_german_states_tie.json). Africa (3/2): 3, 2, 0 as above. Every
    seat's view gives the same figures, and the war's own scoring then agrees."""
    areas = {"german_states": {"great_britain": {"markers": 3}, "france": {"markers": 3},
                               "austria": {"markers": 2}, "spain": {"markers": 1}},
             "africa": {"great_britain": {"markers": 3}, "france": {"markers": 2}, "spain": {"markers": 1}}}
    t = Table.at(FIVE, "turn", turn={"power": "france"}, areas=areas)
    scores = war_end_scores(view(t.st, t.seat("prussia")))
    assert scores["german_states"] == [8, 8, 3, 5, 0]  # seating order: GB, France, Spain, Austria, Prussia
    assert scores["africa"] == [3, 2, 0, 0, 0]
    assert scores["india"] == [0, 0, 0, 0, 0]
    assert all(war_end_scores(view(t.st, s)) == scores for s in range(5))
    assert war_end_scores(view(t.st, None)) == scores
    tied = Table.at(FIVE, "turn", turn={"power": "france"},
                    areas={"german_states": {**areas["german_states"], "austria": {"markers": 1}}})
    assert war_end_scores(view(tied.st, 0))["german_states"] == [8, 8, 5, 5, 0]
    ended = war_end(powers=FIVE, areas=areas)
    assert ended.saw("German States scores: Great Britain 8, France 8, Spain 3, Austria 5")
    assert ended.saw("Africa scores: Great Britain 3, France 2")


@pytest.mark.parametrize("bad", [None, [], {"powers": ["france"]}, {"powers": ["a", "b"], "markers": {"india": [1]}},
                                 {"powers": ["a", "b"], "markers": {"india": [1, -1]}},
                                 {"powers": ["a", "b"], "markers": {}, "ruleset": "no_such_components"}])
def test_war_end_scores_refuses_what_is_not_a_view(bad: object) -> None:
    with pytest.raises(MalformedInput):
        war_end_scores(bad)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- R-EOW
def test_eow_1_end_of_war_resets() -> None:
    """R-EOW-1: "Advance the war marker; round back to 1; all turned (used) tiles are ready
    again; alliance tiles and placed Blockade return to the stock; the alliance track is
    cleared, remembering who took the last turn."

    After war 1: war 2; Spain's turned Reserve and Improved Agriculture are ready; its Bavaria
    tile and Great Britain's Blockade in India are back in the stock (Great Britain keeps its
    fleet and Army Training); nobody is allied; France, who took the last turn, opens war 2's
    first auction; the first round of war 2 is round 1."""
    t = war_end(players={"spain": {"population": 3,
                                   "tiles": {"reserve": 1, "improved_agriculture": 1, "bavaria": 1},
                                   "used": {"reserve": 1, "improved_agriculture": 1}},
                         "great_britain": {"tiles": {"army_training": 1}}},
                areas={"india": {"great_britain": {"fleet": 1}}},
                blockades=[["india", "great_britain"]],
                alliances={"A": ["spain", "great_britain"], "B": ["france"]}, last_turn="france")
    assert t.saw("War 1 ends")
    assert t.st.war == 2
    assert t.st.used[t.seat("spain")] == {}
    assert t.tiles("spain") == {"reserve": 1, "improved_agriculture": 1}
    assert t.st.stock["bavaria"] == 1 and t.st.stock["blockade"] == 1 and t.st.blockades == []
    assert t.tiles("great_britain") == {"army_training": 1} and t.units("india", "great_britain")["fleet"] == 1
    assert t.st.alliance == [0, 0, 0] and t.st.order == []
    t.roll(*[0] * 10)
    assert t.pending.kind == "bid" and t.whose() == "france"
    t.do("france", "bid", 0).do("france", "propose", "france", "spain")
    t.do("spain", "pass").do("great_britain", "pass")
    t.do("spain", "bid", 0).do("spain", "propose", "great_britain", "-")
    t.do("great_britain", "pass").do("france", "pass")
    assert t.st.round == 1 and t.whose() == "france"
    t.do("france", "pass").do("france", "pass")
    assert t.whose() == "spain" and ("use", "improved_agriculture") in t.options("spain")


def test_eow_1_the_last_turn_is_remembered_from_play() -> None:
    """R-EOW-1 with R-ALL-2: the player who really took the last turn of the war opens the next
    war's auctions. Three players, round 6, play order Spain, Great Britain, France: France's
    last turn ends war 1, so France opens war 2 (not the first player, Spain)."""
    t = Table.at(THREE, war=1, round=6, first="spain",
                 alliances={"A": ["spain", "france"], "B": ["great_britain"]}, turn={"power": "france"})
    t.do("france", "pass").do("france", "pass")
    assert t.st.war == 2
    t.roll(*[0] * 10)
    assert t.pending.kind == "bid" and t.whose() == "france"


# --------------------------------------------------------------------------- R-END
def game_end(players: dict[str, dict[str, int]], powers: list[str] | None = None, **position: Any) -> Table:
    """War 3 has just ended its rounds: its scoring then the end of the game."""
    return war_end(3, powers or FIVE, players=players, **position)


def test_end_1_unrest_revealed_after_the_third_war() -> None:
    """R-END-1: "After the third war's scoring, unrest is revealed."

    War 3's scoring (Great Britain 5 in India) comes first, then each player's unrest is
    revealed; every player's view now shows every total, and the game is over."""
    t = game_end({"great_britain": {"unrest": 3}, "france": {"unrest": 1}}, powers=THREE,
                 areas={"india": {"great_britain": {"markers": 1}}})
    assert is_over(t.st) and t.pending.is_over
    i = next(k for k, x in enumerate(t.texts) if x.startswith("India scores"))
    j = next(k for k, x in enumerate(t.texts) if "reveals" in x)
    assert i < j
    assert t.saw("Great Britain reveals 3 unrest") and t.saw("France reveals 1 unrest") and t.saw("Spain reveals 0 unrest")
    assert view(t.st, 2)["unrest"] == [3, 1, 0]
    result = outcome(t.st)
    assert result is not None and result["unrest"] == {"great_britain": 3, "france": 1, "spain": 0}


def test_end_2_revolution_at_twenty_unrest() -> None:
    """R-END-2: "A player with 20 or more unrest scores 0 VP (revolution)."

    Great Britain (40 VP, 20 unrest) scores 0; France (30 VP, 19 unrest) is not in revolution
    and, as the highest unrest of the others, loses 7: 23; Spain (0 VP, 0 unrest), the
    second, loses 4 (R-END-3: no exemption, no floor)."""
    t = game_end({"great_britain": {"vp": 40, "unrest": 20}, "france": {"vp": 30, "unrest": 19}}, powers=THREE)
    result = outcome(t.st)
    assert result is not None
    assert result["revolution"] == ["great_britain"]
    assert result["scores"] == {"great_britain": 0, "france": 23, "spain": -4}
    assert t.saw("Revolution in Great Britain: it scores 0 VP")


def test_end_3_unrest_penalties_dense_ranking() -> None:
    """R-END-3: "Among the others, the highest unrest loses 7 VP and the second highest 4 VP,
    with dense ranking for ties (all tied at the top lose 7)." 000: "Tra i giocatori rimanenti,
    quello col valore di fermento più alto prende 7 Punti di penalità, mentre il secondo ne
    prende 4. In caso di parità, tutti i giocatori in parità prendono per intero la stessa
    penalità": no exemption for 0 unrest, and no floor under the final score.

    Unrest 8, 8, 5, 2, 0: both 8s lose 7, the 5 loses 4, the 2 and the 0 lose nothing; Spain
    with 3 VP and 5 unrest ends on -1. With unrest 0, 0 and 0 everybody is tied for the
    highest and loses 7; with 3, 0, 0 the two at 0 are the second highest and lose 4."""
    t = game_end({"great_britain": {"vp": 30, "unrest": 8}, "france": {"vp": 20, "unrest": 8},
                  "spain": {"vp": 3, "unrest": 5}, "austria": {"vp": 10, "unrest": 2},
                  "prussia": {"vp": 10, "unrest": 0}})
    result = outcome(t.st)
    assert result is not None
    assert result["penalties"] == {"great_britain": 7, "france": 7, "spain": 4, "austria": 0, "prussia": 0}
    assert result["scores"] == {"great_britain": 23, "france": 13, "spain": -1, "austria": 10, "prussia": 10}
    assert t.saw("Spain loses 4 VP for unrest")
    z = game_end({"great_britain": {"vp": 5, "unrest": 0}, "france": {"vp": 5, "unrest": 0}}, powers=THREE)
    zr = outcome(z.st)
    assert zr is not None and zr["penalties"] == {"great_britain": 7, "france": 7, "spain": 7}
    assert zr["scores"] == {"great_britain": -2, "france": -2, "spain": -7}
    y = game_end({"great_britain": {"vp": 5, "unrest": 3}, "france": {"vp": 5, "unrest": 0}}, powers=THREE)
    yr = outcome(y.st)
    assert yr is not None and yr["penalties"] == {"great_britain": 7, "france": 4, "spain": 4}


def test_end_4_most_vp_wins_ties_by_unrest_then_gold() -> None:
    """R-END-4: "Most VP wins. [ruling] Ties: lower unrest, then more gold; still tied,
    shared."

    Great Britain and France both end on 20 VP: France has less unrest and wins. Then both
    at 20 VP and equal unrest: Great Britain, with more gold, wins. Then equal in all three:
    both win."""
    a = game_end({"great_britain": {"vp": 27, "unrest": 6}, "france": {"vp": 24, "unrest": 3},
                  "spain": {"vp": 10, "unrest": 0}}, powers=THREE)
    ra = outcome(a.st)
    assert ra is not None and ra["scores"]["great_britain"] == ra["scores"]["france"] == 20
    assert ra["winners"] == ["france"] and a.saw("France wins the game")
    b = game_end({"great_britain": {"vp": 20, "unrest": 0, "gold": 9}, "france": {"vp": 20, "unrest": 0, "gold": 8}},
                 powers=THREE)
    rb = outcome(b.st)
    assert rb is not None and rb["winners"] == ["great_britain"]
    c = game_end({"great_britain": {"vp": 20, "gold": 8}, "france": {"vp": 20, "gold": 8}}, powers=THREE)
    rc = outcome(c.st)
    assert rc is not None and rc["winners"] == ["great_britain", "france"]
    assert c.saw("Great Britain and France win the game")
