"""Tiles used inside battles: Reserve (R-TIL-2), Fighting Withdrawal (R-TIL-19), Surprise
Attack (R-TIL-20) and Blockade (b) (R-TIL-21), with their timing (once per war; one use,
back to the stock and not bought again in the same round, R-ACT-A2).

Battle dice: the attacker's two dice, then the defender's two; a Reserve reroll is the
rerolling side's two dice.
"""

from __future__ import annotations

from typing import Any

from .arena import FIVE, Arena, helps

GB, FR, ES, AU, PR = "great_britain", "france", "spain", "austria", "prussia"
TWO = [GB, FR]
SIDES = {"A": [GB, AU, PR], "B": [ES, FR]}


def gb_attacks(area: str, kind: str, target: str, **position: Any) -> Arena:
    position.setdefault("turn", {"power": GB})
    return Arena(TWO, **position).play((GB, "attack"), (GB, "attack", area, kind, target))


def es_attacks(area: str, kind: str, target: str, **position: Any) -> Arena:
    position.setdefault("turn", {"power": ES})
    position.setdefault("alliances", SIDES)
    return Arena(FIVE, **position).play((ES, "attack"), (ES, "attack", area, kind, target))


GS_2_2 = {"german_states": {GB: {"army": 2}, FR: {"army": 2, "markers": 1}}}


# --------------------------------------------------------------------------- R-TIL-2 Reserve
def test_reserve_rerolls_and_the_new_result_stands() -> None:
    """R-TIL-2: "after dice are rolled in a battle where you are attacker or defender,
    reroll your two dice; the new result stands." Great Britain rolls 1 and 1 (2) against
    France's 3 and 1 (4), uses its Reserve and rolls 5 and 1: 6 to 4, Great Britain wins.
    The Reserve is turned for the war (R-GEN-8) but kept."""
    a = gb_attacks("german_states", "power", FR, players={GB: {"tiles": {"reserve": 1}}}, areas=GS_2_2)
    a.step("roll", 1, 1, 3, 1)
    assert a.whose() == ("reserve", GB)
    assert sorted(map(tuple, a.options(GB))) == [("no_reserve",), ("reserve",)]
    a.step(GB, "reserve")
    assert a.chance() == "reroll"
    a.step("roll", 5, 1)
    assert a.saw("Great Britain rerolls with a Reserve: 5 and 1")
    assert a.saw("Great Britain wins the battle in German States, 6 to 4")
    assert a.tiles(GB) == {"reserve": 1}
    assert not a.ready(GB, "reserve")


def test_reserve_duel_alternates_attacker_first() -> None:
    """R-TIL-2 [ruling]: "the sides are offered Reserve alternately, attacker first, until
    both decline in succession"; "Any number may be used by both sides." Great Britain
    (2 Reserves) rolls 1 and 1 against France's 3 and 1 (2 to 4); Great Britain rerolls
    4 and 1 (5); France (1 Reserve) rerolls 4 and 1 (5); Great Britain rerolls 6 and 2 (6).
    Both are out of Reserves: Great Britain wins 6 to 5."""
    a = gb_attacks("german_states", "power", FR, players={GB: {"tiles": {"reserve": 2}}, FR: {"tiles": {"reserve": 1}}},
                   areas=GS_2_2)
    a.step("roll", 1, 1, 3, 1)
    assert a.whose() == ("reserve", GB)
    a.play((GB, "reserve"), ("roll", 4, 1))
    assert a.whose() == ("reserve", FR)
    a.play((FR, "reserve"), ("roll", 4, 1))
    assert a.whose() == ("reserve", GB)
    a.play((GB, "reserve"), ("roll", 6, 2))
    assert a.saw("Great Britain wins the battle in German States, 6 to 5")
    assert a.units("german_states", FR) == (1, 0, 0)
    assert not a.ready(GB, "reserve") and not a.ready(FR, "reserve")


def test_reserve_offers_end_when_both_decline_in_succession() -> None:
    """R-TIL-2 [ruling]: after Great Britain's reroll France declines, and Great Britain,
    with a second Reserve, is asked again; when it declines too the battle is decided
    (France is not asked a second time)."""
    a = gb_attacks("german_states", "power", FR, players={GB: {"tiles": {"reserve": 2}}, FR: {"tiles": {"reserve": 1}}},
                   areas=GS_2_2)
    a.play(("roll", 1, 1, 3, 1), (GB, "reserve"), ("roll", 4, 1), (FR, "no_reserve"))
    assert a.whose() == ("reserve", GB)
    a.step(GB, "no_reserve")
    assert a.saw("Great Britain wins the battle in German States, 5 to 4")
    assert a.ready(GB, "reserve") and a.ready(FR, "reserve")


def test_reserve_is_once_per_war() -> None:
    """R-TIL-2, R-GEN-8: a Reserve is a triangle tile, usable once per war. After using its
    only Reserve, Great Britain is not asked in its next battle of the war: the second
    battle (1 and 1 against 3 and 1) is a tie at once."""
    a = gb_attacks("german_states", "power", FR, players={GB: {"tiles": {"reserve": 1}}},
                   areas={"german_states": {GB: {"army": 3}, FR: {"army": 2, "markers": 2}}})
    a.play(("roll", 1, 1, 3, 1), (GB, "reserve"), ("roll", 5, 1))
    a.play((GB, "attack"), (GB, "attack", "german_states", "power", FR), ("roll", 1, 1, 3, 1))
    assert a.saw("The battle in German States is a tie, 3 to 3")
    assert a.whose() == ("action", FR)


def test_reserve_in_a_naval_battle_and_against_a_neutral() -> None:
    """R-TIL-2: Reserve works in any battle where its holder is attacker or defender: France
    rerolls in a naval attack it defends (4 and 1: 1 + 3 = 4 against 2), and Great Britain
    rerolls against the Iroquois, who never reroll (5 and 2: 2 + 3 = 5 against 3)."""
    a = gb_attacks("caribbean", "naval", FR, players={FR: {"tiles": {"reserve": 1}}},
                   areas={"caribbean": {GB: {"fleet": 2}, FR: {"fleet": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.whose() == ("reserve", FR)
    a.play((FR, "reserve"), ("roll", 4, 1))
    assert a.saw("France wins the naval battle in Caribbean, 4 to 2")
    b = gb_attacks("north_america", "counter", "iroquois", players={GB: {"tiles": {"reserve": 1}}},
                   areas={"north_america": {GB: {"army": 2}, "neutral": ["iroquois"]}})
    b.step("roll", 1, 1, 1, 1)
    assert b.whose() == ("reserve", GB)
    b.play((GB, "reserve"), ("roll", 5, 2))
    assert b.saw("Great Britain wins the battle in North America, 5 to 3")


def test_a_helping_ally_cannot_use_its_reserve() -> None:
    """R-CMB-9, R-TIL-2: an ally adds units, "never its tiles": Austria helps Great Britain
    and holds a Reserve, but only Spain and Great Britain may reroll; neither has one."""
    a = es_attacks("german_states", "power", GB, players={AU: {"tiles": {"reserve": 1}}},
                   areas={"german_states": {ES: {"army": 2}, GB: {"army": 1, "markers": 1}, AU: {"army": 1}}})
    a.play(*helps(GB, AU, 1), ("roll", 3, 1, 2, 2))
    assert a.saw("Spain wins the battle in German States, 4 to 2")
    assert a.ready(AU, "reserve")


# --------------------------------------------------------------------------- R-TIL-19 Fighting Withdrawal
def test_fighting_withdrawal_saves_all_units_but_not_the_marker() -> None:
    """R-TIL-19: "as defender, after dice: you and your allies lose no units in this
    battle; you still lose the marker if beaten. Returns to the stock." Spain (3 armies)
    rolls 6 and 2 (7); Great Britain and Austria (an army each) roll 3 and 4 (3): Great
    Britain would lose its army and Austria one for the 7. With Fighting Withdrawal nobody
    on its side loses a unit, the marker becomes Spanish, the tile goes back to the stock."""
    a = es_attacks("german_states", "power", GB, players={GB: {"tiles": {"fighting_withdrawal": 1}}},
                   areas={"german_states": {ES: {"army": 3}, GB: {"army": 1, "markers": 1}, AU: {"army": 1}}})
    a.play(*helps(GB, AU, 1), ("roll", 6, 2, 3, 4))
    assert a.whose() == ("withdraw", GB)
    assert sorted(map(tuple, a.options(GB))) == [("no_withdraw",), ("withdraw",)]
    a.step(GB, "withdraw")
    assert a.saw("Great Britain uses Fighting Withdrawal: its side loses no units")
    assert a.saw("Spain wins the battle in German States, 7 to 3")
    assert a.units("german_states", GB) == (1, 0, 0) and a.units("german_states", AU) == (1, 0, 0)
    assert a.unrest(GB) == 0 and a.unrest(AU) == 0
    assert a.markers("german_states", ES) == 1 and a.markers("german_states", GB) == 0
    assert a.tiles(GB) == {} and a.stock("fighting_withdrawal") == 1


def test_fighting_withdrawal_not_offered_when_nothing_would_be_lost() -> None:
    """R-TIL-19 (ruling): it is offered only when the defender's side would lose a unit.
    Great Britain wins 3 to 2 without a 7: no question, it keeps the tile."""
    a = es_attacks("german_states", "power", GB, players={GB: {"tiles": {"fighting_withdrawal": 1}}},
                   areas={"german_states": {ES: {"army": 2}, GB: {"army": 1, "markers": 1}}})
    a.step("roll", 2, 2, 5, 3)
    assert a.saw("Great Britain wins the battle in German States, 3 to 2")
    assert a.whose()[0] == "action"
    assert a.tiles(GB) == {"fighting_withdrawal": 1}


def test_fighting_withdrawal_comes_after_the_reserves() -> None:
    """R-TIL-19 (ruling): offered "after all Reserve rerolls". Great Britain holds a Reserve
    and Fighting Withdrawal: it is asked about the Reserve first; after declining, about
    the withdrawal. Declining both, it loses its army."""
    a = es_attacks("german_states", "power", GB,
                   players={GB: {"tiles": {"fighting_withdrawal": 1, "reserve": 1}}},
                   areas={"german_states": {ES: {"army": 2}, GB: {"army": 1, "markers": 1}}})
    a.step("roll", 3, 1, 2, 2)
    assert a.whose() == ("reserve", GB)
    a.step(GB, "no_reserve")
    assert a.whose() == ("withdraw", GB)
    a.step(GB, "no_withdraw")
    assert a.units("german_states", GB) == (0, 0, 0)
    assert a.tiles(GB) == {"fighting_withdrawal": 1, "reserve": 1}


def test_a_used_fighting_withdrawal_is_not_bought_back_in_the_same_round() -> None:
    """R-ACT-A2, R-TIL-19: "A player cannot use one of these and buy it back in the same
    round." France attacks Great Britain, who uses Fighting Withdrawal; in its own turn of
    the same round Great Britain may not buy it; in the next round it may."""
    a = Arena(TWO, order=[FR, GB], turn={"power": FR}, players={GB: {"tiles": {"fighting_withdrawal": 1}}},
              areas={"german_states": {FR: {"army": 2}, GB: {"army": 1, "markers": 1}}})
    a.play((FR, "attack"), (FR, "attack", "german_states", "power", GB), ("roll", 5, 1, 2, 2),
           (GB, "withdraw"), (FR, "pass"))
    assert a.whose() == ("action", GB)
    a.step(GB, "buy")
    offered = [o[1] for o in a.options(GB)]
    assert "fighting_withdrawal" not in offered and "surprise_attack" in offered
    a.play((GB, "tile", "army_training"), (GB, "pass"))
    a.play((FR, "pass"), (FR, "pass"), (GB, "buy"))
    assert ["tile", "fighting_withdrawal"] in a.options(GB)


# --------------------------------------------------------------------------- R-TIL-20 Surprise Attack
NA_SURPRISE = {"north_america": {ES: {"army": 2}, FR: {"army": 1}, GB: {"army": 1, "markers": 1}, AU: {"army": 2}}}


def test_surprise_attack_keeps_the_defenders_allies_out() -> None:
    """R-TIL-20: "as attacker, the defender's allies may not help (its alliance tiles still
    work). Returns to the stock." Spain attacks Great Britain in North America with
    Surprise Attack: France, Spain's ally, is still asked; Austria, Great Britain's, is not;
    Great Britain's Native Americans still adds an army. Spain 2 + 1 = 3 against 1 + 1 = 2."""
    a = es_attacks("north_america", "power", GB, players={ES: {"tiles": {"surprise_attack": 1}},
                                                          GB: {"tiles": {"native_americans": 1}}},
                   areas=NA_SURPRISE)
    assert a.whose() == ("surprise", ES)
    a.step(ES, "surprise")
    assert a.saw("Spain makes a Surprise Attack: Great Britain's allies may not help")
    assert a.whose() == ("offer", ES)
    a.play(*helps(ES, FR, 1))
    assert a.chance() == "dice"
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain's Native Americans adds one army")
    assert a.saw("Spain wins the battle in North America, 3 to 2")
    assert a.units("north_america", AU) == (2, 0, 0)
    assert a.tiles(ES) == {} and a.stock("surprise_attack") == 1


def test_surprise_attack_declined_is_kept_and_allies_help() -> None:
    """R-TIL-20: declining the Surprise Attack, Spain keeps it; Austria is asked."""
    a = es_attacks("north_america", "power", GB, players={ES: {"tiles": {"surprise_attack": 1}}}, areas=NA_SURPRISE)
    a.step(ES, "no_surprise")
    a.play(*helps(ES, FR, 0))
    assert a.whose() == ("offer", GB)
    assert a.tiles(ES) == {"surprise_attack": 1}


def test_surprise_attack_not_offered_without_a_helping_ally() -> None:
    """R-TIL-20 (ruling): offered only when the defender has an ally that could help; here
    Austria has nothing in North America."""
    a = es_attacks("north_america", "power", GB, players={ES: {"tiles": {"surprise_attack": 1}}},
                   areas={"north_america": {ES: {"army": 2}, GB: {"army": 1, "markers": 1}}, "india": {AU: {"army": 2}}})
    assert a.chance() == "dice"
    assert a.tiles(ES) == {"surprise_attack": 1}


def test_surprise_attack_is_not_bought_back_in_the_same_round() -> None:
    """R-ACT-A2, R-TIL-20: after its Surprise Attack (action 1) Spain buys a tile (action 2):
    Surprise Attack, just returned to the stock, is not offered."""
    a = es_attacks("north_america", "power", GB, players={ES: {"tiles": {"surprise_attack": 1}}}, areas=NA_SURPRISE)
    a.play((ES, "surprise"), *helps(ES, FR, 1), ("roll", 2, 2, 2, 2), (ES, "buy"))
    offered = [o[1] for o in a.options(ES)]
    assert "surprise_attack" not in offered and "blockade" in offered


# --------------------------------------------------------------------------- R-TIL-21 Blockade (b)
NA_GB_FLEET = {"north_america": {GB: {"army": 1, "fleet": 1}, FR: {"army": 2, "markers": 1}}}


def test_blockade_b_makes_naval_support_two() -> None:
    """R-TIL-21 (b): "your naval support is +2 instead of +1 in one land battle (declared
    before dice), then it returns to the stock." Only Great Britain has a fleet in North
    America: with Blockade it has 1 + 2 = 3 against France's 2 and wins."""
    a = gb_attacks("north_america", "power", FR, players={GB: {"tiles": {"blockade": 1}}}, areas=NA_GB_FLEET)
    assert a.whose() == ("blockade", GB)
    a.step(GB, "blockade")
    assert a.saw("Great Britain uses Blockade: naval support +2")
    assert a.chance() == "dice"
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain wins the battle in North America, 3 to 2")
    assert a.tiles(GB) == {} and a.stock("blockade") == 1


def test_blockade_b_declined_is_kept() -> None:
    """R-TIL-21 (b): declining, Great Britain has +1 only (2 to 2, a tie) and keeps it."""
    a = gb_attacks("north_america", "power", FR, players={GB: {"tiles": {"blockade": 1}}}, areas=NA_GB_FLEET)
    a.play((GB, "no_blockade"), ("roll", 2, 2, 2, 2))
    assert a.saw("The battle in North America is a tie, 2 to 2")
    assert a.tiles(GB) == {"blockade": 1}


def test_blockade_b_only_for_the_side_with_naval_support() -> None:
    """R-TIL-21 (b) (ruling): offered to the side that has naval support. Great Britain
    holds a Blockade but only France has a fleet: no question; France has +1."""
    a = gb_attacks("north_america", "power", FR, players={GB: {"tiles": {"blockade": 1}}},
                   areas={"north_america": {GB: {"army": 1}, FR: {"army": 1, "fleet": 1, "markers": 1}}})
    assert a.chance() == "dice"
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("France wins the battle in North America, 2 to 1")


def test_blockade_b_for_the_defender_after_a_naval_battle_it_won() -> None:
    """R-TIL-21 (b): the defender may use it too. France wins the naval battle (2 to 1),
    then uses Blockade: 1 + 2 = 3 against Great Britain's 2."""
    a = gb_attacks("north_america", "power", FR, players={FR: {"tiles": {"blockade": 1}}},
                   areas={"north_america": {GB: {"army": 2, "fleet": 1}, FR: {"army": 1, "fleet": 2, "markers": 1}}})
    a.play((GB, "naval_battle"), (FR, "accept"), ("roll", 2, 2, 2, 2))
    assert a.saw("France wins the naval battle in North America, 2 to 1")
    assert a.whose() == ("blockade", FR)
    a.play((FR, "blockade"), ("roll", 2, 2, 2, 2))
    assert a.saw("France wins the battle in North America, 3 to 2")
    assert a.stock("blockade") == 1
