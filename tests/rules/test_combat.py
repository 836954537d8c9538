"""Combat without allies (R-CMB): the attack's cost and targets, land and naval attacks,
the naval phase, strength, dice, losses, the 7 rule, ties and forts, unrest for losses,
neutral counters and never attacking an ally.

Battle dice are written as in a scenario script: the attacker's two dice, then the
defender's two (for a neutral counter, the engine's dice).
"""

from __future__ import annotations

from typing import Any

from .arena import Arena

GB, FR = "great_britain", "france"
TWO = [GB, FR]


def gb_attacks(area: str, kind: str, target: str, **position: Any) -> Arena:
    """Great Britain, the active player, declares an attack."""
    position.setdefault("turn", {"power": GB})
    return Arena(TWO, **position).play((GB, "attack"), (GB, "attack", area, kind, target))


# --------------------------------------------------------------------------- R-CMB-1
def test_attack_costs_two_gold_paid_before_the_dice() -> None:
    """R-CMB-1: "An attack costs 2 gold, paid before dice." Great Britain (10 gold) attacks
    France in German States: its gold is 8 while the dice are still to be rolled."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 1}, FR: {"army": 1, "markers": 1}}})
    assert a.chance() == "dice"
    assert a.gold(GB) == 8
    assert a.saw("Great Britain pays 2 gold for the attack")


def test_attack_with_too_little_gold_borrows() -> None:
    """R-CMB-1 (R-GEN-5 applies): with 1 gold, Great Britain borrows one lot of 2 gold
    (1 unrest) to pay for the attack and keeps 1 gold."""
    a = gb_attacks("german_states", "power", FR, players={GB: {"gold": 1}}, areas={
        "german_states": {GB: {"army": 1}, FR: {"army": 1, "markers": 1}}})
    assert a.gold(GB) == 1
    assert a.unrest(GB) == 1
    assert a.saw("Great Britain borrows 2 gold from the bank")


def test_targets_are_players_there_and_neutral_counters() -> None:
    """R-CMB-1: the target is another player or one neutral counter in the area. In North
    America Great Britain may attack France (an army there), Spain (a control marker only)
    or the Iroquois; not Austria (nothing there: ruling "a defender with nothing there cannot
    be attacked") and not Virginia (a Pop counter has no strength and cannot be attacked)."""
    a = Arena([GB, FR, "spain", "austria"], turn={"power": GB}, areas={
        "north_america": {GB: {"army": 1}, FR: {"army": 1}, "spain": {"markers": 1},
                          "neutral": ["iroquois", "virginia"]},
        "german_states": {"austria": {"army": 1, "markers": 1}}})
    a.step(GB, "attack")
    assert sorted(map(tuple, a.options(GB))) == [
        ("attack", "north_america", "counter", "iroquois"),
        ("attack", "north_america", "power", "france"),
        ("attack", "north_america", "power", "spain"),
    ]
    a.refused(GB, "attack", "north_america", "counter", "virginia")
    a.refused(GB, "attack", "north_america", "power", "austria")


# --------------------------------------------------------------------------- R-CMB-2
def test_land_attack_needs_an_army_there() -> None:
    """R-CMB-2: "A land attack needs at least one of the attacker's armies in the area."
    Great Britain has only a fleet in North America and France only an army and a marker:
    no attack is offered at all (a naval attack needs French fleets)."""
    a = Arena(TWO, turn={"power": GB}, areas={
        "north_america": {GB: {"fleet": 1}, FR: {"army": 1, "markers": 1}, "neutral": ["iroquois"]}})
    assert "attack" not in a.kinds(GB)


def test_fleets_only_make_a_naval_attack() -> None:
    """R-CMB-2: a player with only fleets there may make a naval attack, a naval battle
    alone, only on a player with fleets there (ruling)."""
    a = Arena(TWO, turn={"power": GB}, areas={
        "caribbean": {GB: {"fleet": 2}, FR: {"fleet": 1, "army": 1, "markers": 1}}})
    a.step(GB, "attack")
    assert a.options(GB) == [["attack", "caribbean", "naval", FR]]
    a.refused(GB, "attack", "caribbean", "power", FR)


def test_naval_attack_only_destroys_fleets() -> None:
    """R-CMB-2: a naval attack's "effect is only to destroy defending fleets". Great
    Britain's 2 fleets beat France's fleet in the Caribbean (2+0 against 1+0): the French
    fleet is lost, but the French army and control marker stay. The defender cannot
    decline a naval attack (ruling): the dice come at once."""
    a = gb_attacks("caribbean", "naval", FR, areas={
        "caribbean": {GB: {"fleet": 2}, FR: {"fleet": 1, "army": 1, "markers": 1}}})
    assert a.chance() == "dice"
    assert a.saw("Great Britain makes a naval attack on France in Caribbean")
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain wins the naval battle in Caribbean, 2 to 1")
    assert a.units("caribbean", FR) == (1, 0, 0)
    assert a.markers("caribbean", FR) == 1
    assert a.markers("caribbean", GB) == 0
    assert a.units("caribbean", GB) == (0, 2, 0)


# --------------------------------------------------------------------------- R-CMB-3
NA_BOTH_FLEETS = {"north_america": {GB: {"army": 1, "fleet": 1}, FR: {"army": 1, "fleet": 1, "markers": 1}}}


def test_attacker_who_will_not_fight_at_sea_gives_the_defender_naval_support() -> None:
    """R-CMB-3: "The attacker declares first whether to fight at sea: if not, the defender
    gets naval support." Both have an army and a fleet in North America; Great Britain
    does not fight at sea; with equal dice France wins 2 to 1."""
    a = gb_attacks("north_america", "power", FR, areas=NA_BOTH_FLEETS)
    assert a.whose() == ("naval", GB)
    assert sorted(map(tuple, a.options(GB))) == [("naval_battle",), ("no_naval_battle",)]
    a.play((GB, "no_naval_battle"), ("roll", 2, 2, 2, 2))
    assert a.saw("Great Britain does not fight at sea: France has naval support")
    assert a.saw("France wins the battle in North America, 2 to 1")
    assert a.units("north_america", GB) == (0, 1, 0)


def test_defender_who_declines_the_naval_battle_gives_the_attacker_support() -> None:
    """R-CMB-3: "if so, the defender may decline, giving the attacker naval support".
    Great Britain declares a naval battle, France declines: Great Britain wins the land
    battle 2 to 1 and takes France's marker; no fleet is lost."""
    a = gb_attacks("north_america", "power", FR, areas=NA_BOTH_FLEETS)
    a.step(GB, "naval_battle")
    assert a.whose() == ("naval_answer", FR)
    a.play((FR, "decline"), ("roll", 2, 2, 2, 2))
    assert a.saw("France declines the naval battle: Great Britain has naval support")
    assert a.saw("Great Britain wins the battle in North America, 2 to 1")
    assert a.units("north_america", FR) == (0, 1, 0)
    assert a.units("north_america", GB) == (1, 1, 0)
    assert a.markers("north_america", GB) == 1


def test_naval_battle_winner_has_naval_support() -> None:
    """R-CMB-3, R-CMB-6: "otherwise the naval battle is fought and its winner gets naval
    support"; the naval loser loses a fleet. Great Britain's 2 fleets beat France's one
    (2 to 1), then Great Britain wins the land battle 2 to 1. France loses a fleet and an
    army (2 unrest)."""
    a = gb_attacks("north_america", "power", FR, areas={
        "north_america": {GB: {"army": 1, "fleet": 2}, FR: {"army": 1, "fleet": 1, "markers": 1}}})
    a.play((GB, "naval_battle"), (FR, "accept"), ("roll", 2, 2, 2, 2))
    assert a.saw("Great Britain wins the naval battle in North America, 2 to 1")
    assert a.saw("Great Britain has naval support")
    assert a.chance() == "dice"
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain wins the battle in North America, 2 to 1")
    assert a.units("north_america", FR) == (0, 0, 0)
    assert a.unrest(FR) == 2
    assert a.markers("north_america", GB) == 1


def test_naval_tie_gives_nobody_naval_support() -> None:
    """R-CMB-3, R-CMB-8: "a tie: nobody" has naval support, and both lose a fleet. With
    2 fleets each the naval battle is a tie; in the land battle Great Britain rolls 3 and 2
    and wins 2 to 1, with no naval support on either side."""
    a = gb_attacks("north_america", "power", FR, areas={
        "north_america": {GB: {"army": 1, "fleet": 2}, FR: {"army": 1, "fleet": 2, "markers": 1}}})
    a.play((GB, "naval_battle"), (FR, "accept"), ("roll", 2, 2, 2, 2))
    assert a.saw("The naval battle in North America is a tie, 2 to 2")
    assert a.units("north_america", GB)[1] == 1 and a.units("north_america", FR)[1] == 1
    a.step("roll", 3, 2, 2, 2)
    assert a.saw("Great Britain wins the battle in North America, 2 to 1")
    assert not a.saw("has naval support")


def test_only_side_with_fleets_has_naval_support() -> None:
    """R-CMB-3: "A side with no fleet in the naval area cannot fight at sea; if only one
    side has fleets there, that side has naval support." Only France has a fleet in North
    America: nobody is asked about a naval battle and France defends with +1."""
    a = gb_attacks("north_america", "power", FR, areas={
        "north_america": {GB: {"army": 1}, FR: {"army": 1, "fleet": 1, "markers": 1}}})
    assert a.chance() == "dice"
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("France has naval support")
    assert a.saw("France wins the battle in North America, 2 to 1")


def test_no_naval_support_in_central_europe() -> None:
    """R-CMB-3: "No naval support in German States or Central Europe." Both powers have
    fleets in the neighbouring Baltic; an attack in Central Europe has no naval phase and
    no support: equal dice give a tie, 1 to 1."""
    a = gb_attacks("central_europe", "power", FR, areas={
        "central_europe": {GB: {"army": 1}, FR: {"army": 1, "markers": 1}},
        "baltic": {GB: {"fleet": 1}, FR: {"fleet": 1}}})
    assert a.chance() == "dice"
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("The battle in Central Europe is a tie, 1 to 1")
    assert not a.saw("naval support")


def test_ottoman_empire_naval_battle_is_fought_in_the_mediterranean() -> None:
    """R-CMB-3: "for Ottoman Empire it is fought with the fleets in the Mediterranean".
    Great Britain attacks France in the Ottoman Empire with 2 fleets in the Mediterranean
    against France's one: the naval battle is in the Mediterranean, France's fleet there
    is lost, and Great Britain's naval support wins the land battle 2 to 1."""
    a = gb_attacks("ottoman_empire", "power", FR, areas={
        "ottoman_empire": {GB: {"army": 1}, FR: {"army": 1, "markers": 1}},
        "mediterranean": {GB: {"fleet": 2}, FR: {"fleet": 1}}})
    assert a.whose() == ("naval", GB)
    a.play((GB, "naval_battle"), (FR, "accept"), ("roll", 2, 2, 2, 2))
    assert a.saw("Great Britain wins the naval battle in Mediterranean, 2 to 1")
    assert a.saw("France loses a fleet in Mediterranean")
    assert a.units("mediterranean", FR) == (0, 0, 0)
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain wins the battle in Ottoman Empire, 2 to 1")
    assert a.markers("ottoman_empire", GB) == 1 and a.markers("ottoman_empire", FR) == 0


def test_ottoman_empire_support_from_mediterranean_fleets_alone() -> None:
    """R-CMB-3: in the Ottoman Empire only Great Britain has fleets (in the Mediterranean):
    it has naval support without a naval battle."""
    a = gb_attacks("ottoman_empire", "power", FR, areas={
        "ottoman_empire": {GB: {"army": 1}, FR: {"army": 1, "markers": 1}},
        "mediterranean": {GB: {"fleet": 1}}})
    assert a.chance() == "dice"
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain wins the battle in Ottoman Empire, 2 to 1")


# --------------------------------------------------------------------------- R-CMB-4
def test_fort_counts_two_only_in_defence() -> None:
    """R-CMB-4: "a fort counts 2, only in defence, only on land." Great Britain attacks in
    German States with 1 army and 2 forts; France defends with 1 army and 1 fort. Great
    Britain rolls 4 and 1: 1 + 3 = 4 (its forts do not count); France rolls 1 and 1:
    1 + 2 = 3. France chooses to lose its fort (R-CMB-6: the owner picks)."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 1, "fort": 2}, FR: {"army": 1, "fort": 1, "markers": 1}}})
    a.step("roll", 4, 1, 1, 1)
    assert a.saw("Great Britain wins the battle in German States, 4 to 3")
    assert a.whose() == ("lose", FR)
    assert sorted(map(tuple, a.options(FR))) == [("lose", "army"), ("lose", "fort")]
    a.step(FR, "lose", "fort")
    assert a.units("german_states", FR) == (1, 0, 0)
    assert a.markers("german_states", GB) == 1


def test_attacker_forts_are_not_in_the_battle() -> None:
    """R-CMB-4, R-CMB-6: the attacker's forts do not fight, so they cannot be lost. Great
    Britain (1 army, 2 forts) loses 1 to 6 to France's army and fort: it loses its army,
    without being asked to choose a fort."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 1, "fort": 2}, FR: {"army": 1, "fort": 1, "markers": 1}}})
    a.step("roll", 1, 1, 4, 1)
    assert a.saw("France wins the battle in German States, 6 to 1")
    assert a.units("german_states", GB) == (0, 0, 2)
    assert a.whose() == ("action", GB)


def test_more_army_training_tiles_add_one() -> None:
    """R-CMB-4, R-TIL-1: "+1 to the side with more Army Training tiles ... than the
    opponent". Great Britain holds 2, France 1: with equal dice Great Britain wins 2 to 1."""
    a = gb_attacks("german_states", "power", FR,
                   players={GB: {"tiles": {"army_training": 2}}, FR: {"tiles": {"army_training": 1}}},
                   areas={"german_states": {GB: {"army": 1}, FR: {"army": 1, "markers": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain wins the battle in German States, 2 to 1")


def test_equal_army_training_adds_nothing() -> None:
    """R-CMB-4, R-TIL-1: one Army Training tile each: neither side has more, equal dice
    give a tie, 1 to 1."""
    a = gb_attacks("german_states", "power", FR,
                   players={GB: {"tiles": {"army_training": 1}}, FR: {"tiles": {"army_training": 1}}},
                   areas={"german_states": {GB: {"army": 1}, FR: {"army": 1, "markers": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("The battle in German States is a tie, 1 to 1")


def test_naval_training_counts_at_sea_army_training_does_not() -> None:
    """R-CMB-4, R-TIL-1: Naval Training counts in a naval battle, Army Training does not.
    Great Britain (1 Naval Training) makes a naval attack on France (2 Army Training) in
    the Caribbean, one fleet each: Great Britain wins 2 to 1."""
    a = gb_attacks("caribbean", "naval", FR,
                   players={GB: {"tiles": {"naval_training": 1}}, FR: {"tiles": {"army_training": 2}}},
                   areas={"caribbean": {GB: {"fleet": 1}, FR: {"fleet": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain wins the naval battle in Caribbean, 2 to 1")


def test_training_against_a_neutral() -> None:
    """R-CMB-4, R-TIL-1: training "works against neutrals" (a neutral holds no tiles).
    Great Britain, 1 army and 1 Army Training, attacks Louisiana (2) and rolls 3 and 2:
    1 + 1 + 1 = 3 against 2 + 0 (without the tile it would be a tie). Great Britain
    conquers Louisiana."""
    a = gb_attacks("north_america", "counter", "louisiana",
                   players={GB: {"tiles": {"army_training": 1}}},
                   areas={"north_america": {GB: {"army": 1}, "neutral": ["louisiana"]}})
    a.step("roll", 3, 2, 1, 1)
    assert a.saw("Great Britain wins the battle in North America, 3 to 2")
    assert a.markers("north_america", GB) == 1


# --------------------------------------------------------------------------- R-CMB-5
def test_each_side_adds_the_difference_of_its_two_dice() -> None:
    """R-CMB-5: "each side rolls two dice and adds their difference. Higher total wins."
    Great Britain (1 army) rolls 6 and 2: 1 + 4 = 5; France (2 armies) rolls 3 and 3:
    2 + 0 = 2. Great Britain wins 5 to 2 although it has fewer armies."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 1}, FR: {"army": 2, "markers": 1}}})
    a.step("roll", 6, 2, 3, 3)
    assert a.saw("Great Britain rolls 6 and 2, France rolls 3 and 3")
    assert a.saw("Great Britain wins the battle in German States, 5 to 2")
    assert a.units("german_states", FR) == (1, 0, 0)


# --------------------------------------------------------------------------- R-CMB-6
def test_winner_replaces_one_defender_marker() -> None:
    """R-CMB-6: "If the attacker wins the land battle, one of the defender's control markers
    there is replaced with the attacker's." France has 2 markers: one becomes British."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 2}, FR: {"army": 1, "markers": 2}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.markers("german_states", FR) == 1
    assert a.markers("german_states", GB) == 1
    assert a.supply(GB, "marker") == 22 and a.supply(FR, "marker") == 22
    assert a.saw("France's control marker in German States is replaced by Great Britain's")


def test_winner_over_a_defender_without_markers_places_none() -> None:
    """R-CMB-6: "none if the defender has none there". France has only an army: Great
    Britain wins, France loses the army, and no marker changes hands."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 2}, FR: {"army": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.units("german_states", FR) == (0, 0, 0)
    assert a.markers("german_states", GB) == 0


def test_defender_who_wins_keeps_marker_and_attacker_loses_a_unit() -> None:
    """R-CMB-6: the loser (here the attacker) loses one unit; France keeps its marker."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 2}, FR: {"army": 2, "markers": 1}}})
    a.step("roll", 2, 2, 6, 2)
    assert a.saw("France wins the battle in German States, 6 to 2")
    assert a.units("german_states", GB) == (1, 0, 0)
    assert a.markers("german_states", FR) == 1
    assert a.unrest(GB) == 1 and a.unrest(FR) == 0


# --------------------------------------------------------------------------- R-CMB-7
def test_a_seven_costs_the_winner_a_unit() -> None:
    """R-CMB-7: "A side whose two dice total 7 loses one more unit, win or lose." Great
    Britain rolls 3 and 4 (a 7) and wins 3 to 1: it loses an army for the 7, France an
    army for the battle; each takes 1 unrest."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 2}, FR: {"army": 1, "markers": 1}}})
    a.step("roll", 3, 4, 2, 2)
    assert a.saw("Great Britain wins the battle in German States, 3 to 1")
    assert a.saw("Great Britain loses an army in German States (rolled a 7)")
    assert a.units("german_states", GB) == (1, 0, 0)
    assert a.units("german_states", FR) == (0, 0, 0)
    assert (a.unrest(GB), a.unrest(FR)) == (1, 1)
    assert a.markers("german_states", GB) == 1


def test_a_seven_costs_the_loser_a_second_unit() -> None:
    """R-CMB-7: France loses the battle (3 to 6) and rolled 3 and 4: it loses two armies
    and takes 2 unrest."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 2}, FR: {"army": 2, "markers": 1}}})
    a.step("roll", 5, 1, 3, 4)
    assert a.saw("Great Britain wins the battle in German States, 6 to 3")
    assert a.units("german_states", FR) == (0, 0, 0)
    assert a.unrest(FR) == 2
    assert a.unrest(GB) == 0


# --------------------------------------------------------------------------- R-CMB-8
def test_tie_both_lose_a_unit_defender_keeps_marker() -> None:
    """R-CMB-8: "Tie: both sides lose one unit, the defender keeps its control marker.\""""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 2}, FR: {"army": 2, "markers": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("The battle in German States is a tie, 2 to 2")
    assert a.units("german_states", GB) == (1, 0, 0)
    assert a.units("german_states", FR) == (1, 0, 0)
    assert a.markers("german_states", FR) == 1 and a.markers("german_states", GB) == 0
    assert (a.unrest(GB), a.unrest(FR)) == (1, 1)


def test_a_fort_is_never_lost_on_a_tie_not_even_to_a_seven() -> None:
    """R-CMB-8: "A fort is never lost on a tie"; ruling: "in a tie no fort is lost at all,
    not even to a 7". France defends German States with a fort only (strength 2) and rolls
    3 and 4 (2 + 1 = 3); Great Britain (2 armies) rolls 2 and 3 (3). A tie: Great Britain
    loses an army, France keeps its fort and its marker and takes no unrest."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 2}, FR: {"fort": 1, "markers": 1}}})
    a.step("roll", 2, 3, 3, 4)
    assert a.saw("The battle in German States is a tie, 3 to 3")
    assert a.units("german_states", FR) == (0, 0, 1)
    assert a.units("german_states", GB) == (1, 0, 0)
    assert a.unrest(FR) == 0
    assert a.markers("german_states", FR) == 1


def test_cmb_8_a_fort_that_stands_on_a_tie_is_said_once() -> None:
    """R-CMB-8: "A fort is never lost on a tie." France, with a fort only, ties and rolls a
    7: it owes two losses it cannot pay, and the log says once that its fort stands (not,
    twice, that it has no unit left to lose). With an army and a fort, a tie and a 7, France
    loses the army for the tie and the fort stands against the 7. A defender with no unit
    at all that loses and rolls a 7 has no unit left to lose: said once."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 2}, FR: {"fort": 1, "markers": 1}}})
    a.step("roll", 2, 3, 3, 4)
    assert a.lines("fort") == ["France's fort stands in German States: a fort is never lost on a tie"]
    assert not a.saw("no unit left to lose")
    b = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 3}, FR: {"army": 1, "fort": 1, "markers": 1}}})
    b.step("roll", 2, 3, 3, 4)
    assert b.saw("The battle in German States is a tie, 4 to 4")
    assert b.saw("France loses an army in German States (a tie)")
    assert b.lines("stands") == ["France's fort stands in German States: a fort is never lost on a tie"]
    assert b.units("german_states", FR) == (0, 0, 1)
    c = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 2}, FR: {"markers": 1}}})
    c.step("roll", 6, 1, 3, 4)
    assert c.lines("no unit left to lose") == ["France has no unit left to lose in the battle in German States"]


def test_a_tie_with_army_and_fort_costs_the_army() -> None:
    """R-CMB-8: on a tie France, with an army and a fort, is not asked which unit to lose:
    only the army can go."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 3}, FR: {"army": 1, "fort": 1, "markers": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("The battle in German States is a tie, 3 to 3")
    assert a.units("german_states", FR) == (0, 0, 1)
    assert a.whose() == ("action", GB)


def test_tie_against_a_neutral_costs_the_attacker_a_unit() -> None:
    """R-CMB-8, R-CMB-12: "A tie against a neutral: the attacker loses one unit and the
    counter stays." Great Britain (2 armies) rolls 2 and 3 against the Iroquois (3), who
    roll 1 and 1: 3 to 3."""
    a = gb_attacks("north_america", "counter", "iroquois", areas={
        "north_america": {GB: {"army": 2}, "neutral": ["iroquois"]}})
    a.step("roll", 2, 3, 1, 1)
    assert a.saw("The battle in North America is a tie, 3 to 3")
    assert a.units("north_america", GB) == (1, 0, 0)
    assert a.st.face_up["north_america"] == ["iroquois"]
    assert a.markers("north_america", GB) == 0
    assert a.unrest(GB) == 1


# --------------------------------------------------------------------------- R-CMB-11
def test_each_unit_lost_costs_one_unrest() -> None:
    """R-CMB-11: "Each unit lost costs its owner 1 unrest." France loses two armies (the
    battle and a 7): 2 unrest, shown in the events."""
    a = gb_attacks("german_states", "power", FR, players={FR: {"unrest": 3}}, areas={
        "german_states": {GB: {"army": 2}, FR: {"army": 2, "markers": 1}}})
    a.step("roll", 5, 1, 3, 4)
    assert a.unrest(FR) == 5
    assert len(a.lines("France loses an army in German States")) == 2
    assert all("(+1 unrest)" in t for t in a.lines("France loses an army"))


def test_defender_with_no_units_loses_the_marker_but_no_unrest() -> None:
    """R-CMB-11: "A defender with no units defends with strength 0 plus dice; if beaten it
    loses the marker but no unit and no unrest." France has only a marker in German States
    and rolls 3 and 4 (a 7, 0 + 1); Great Britain rolls 2 and 1 (1 + 1 = 2)."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 1}, FR: {"markers": 1}}})
    a.step("roll", 2, 1, 3, 4)
    assert a.saw("Great Britain wins the battle in German States, 2 to 1")
    assert a.markers("german_states", FR) == 0 and a.markers("german_states", GB) == 1
    assert a.unrest(FR) == 0


def test_defender_with_no_units_can_still_win_on_dice() -> None:
    """R-CMB-11: strength 0 plus dice can win: France (a marker only) rolls 6 and 1, 0 + 5,
    against Great Britain's 1 + 0. Great Britain loses its army; France keeps the marker."""
    a = gb_attacks("german_states", "power", FR, areas={
        "german_states": {GB: {"army": 1}, FR: {"markers": 1}}})
    a.step("roll", 2, 2, 6, 1)
    assert a.saw("France wins the battle in German States, 5 to 1")
    assert a.units("german_states", GB) == (0, 0, 0)
    assert a.markers("german_states", FR) == 1


# --------------------------------------------------------------------------- R-CMB-12
def test_neutral_with_gold_pays_the_conqueror() -> None:
    """R-CMB-12: "a gold value on the counter is paid to the attacker by the bank"; "No
    naval battle: the attacker has naval support if it has at least one fleet there."
    Great Britain (2 armies, 1 fleet in the Mediterranean) attacks Venice (4, gold 2):
    it rolls 3 and 1, 2 + 1 + 2 = 5 against 4 + 0. Venice leaves the game, a British marker
    is placed and Great Britain, having paid 2 for the attack, gets 2 gold back."""
    a = gb_attacks("mediterranean", "counter", "venice", areas={
        "mediterranean": {GB: {"army": 2, "fleet": 1}, "neutral": ["venice", "genoa"]}})
    assert a.chance() == "dice"
    a.step("roll", 3, 1, 2, 2)
    assert a.saw("Great Britain has naval support")
    assert a.saw("Great Britain wins the battle in Mediterranean, 5 to 4")
    assert a.st.face_up["mediterranean"] == ["genoa"]
    assert "venice" not in a.st.bag
    assert a.markers("mediterranean", GB) == 1
    assert a.gold(GB) == 10
    assert a.saw("Great Britain takes 2 gold from Venice")


def test_neutral_with_a_vp_square_gives_one_vp() -> None:
    """R-CMB-12: "a VP square gives 1 VP". Great Britain (1 army) rolls 5 and 1 (1 + 4)
    against the Papal States (3, VP square), who roll 2 and 2: Great Britain scores 1 VP."""
    a = gb_attacks("mediterranean", "counter", "papal_states", areas={
        "mediterranean": {GB: {"army": 1}, "neutral": ["papal_states"]}})
    a.step("roll", 5, 1, 2, 2)
    assert a.vp(GB) == 1
    assert a.markers("mediterranean", GB) == 1
    assert a.st.face_up["mediterranean"] == []
    assert a.saw("Great Britain scores 1 VP for Papal States")


def test_neutral_wins_and_attacker_loses_a_unit() -> None:
    """R-CMB-12: the neutral's strength is the counter's value and the engine rolls for it.
    Mysore (4) rolls 2 and 1 (4 + 1 = 5) against Great Britain's 2 armies rolling 2 and 2:
    Great Britain loses an army, Mysore stays."""
    a = gb_attacks("india", "counter", "mysore", areas={
        "india": {GB: {"army": 2}, "neutral": ["mysore"]}})
    a.step("roll", 2, 2, 2, 1)
    assert a.saw("Great Britain rolls 2 and 2, Mysore rolls 2 and 1")
    assert a.saw("Mysore wins the battle in India, 5 to 2")
    assert a.units("india", GB) == (1, 0, 0)
    assert a.st.face_up["india"] == ["mysore"]


def test_attacker_seven_against_a_neutral() -> None:
    """R-CMB-12, R-CMB-7: the attacker's 7 still costs it a unit (ruling); the neutral's
    own 7 costs nothing. Great Britain (2 armies) rolls 3 and 4 (2 + 1) and beats
    Louisiana (2), which rolls 1 and 1: it conquers Louisiana and loses one army."""
    a = gb_attacks("north_america", "counter", "louisiana", areas={
        "north_america": {GB: {"army": 2}, "neutral": ["louisiana"]}})
    a.step("roll", 3, 4, 1, 1)
    assert a.saw("Great Britain wins the battle in North America, 3 to 2")
    assert a.units("north_america", GB) == (1, 0, 0)
    assert a.markers("north_america", GB) == 1


def test_neutral_rolling_seven_loses_nothing_more() -> None:
    """R-CMB-12: a neutral has no units; its 7 changes nothing. Hudson Bay (1, gold 1)
    rolls 3 and 4 (1 + 1 = 2) and loses to Great Britain's 2 armies rolling 3 and 1 (4)."""
    a = gb_attacks("north_america", "counter", "hudson_bay", areas={
        "north_america": {GB: {"army": 2}, "neutral": ["hudson_bay"]}})
    a.step("roll", 3, 1, 3, 4)
    assert a.saw("Great Britain wins the battle in North America, 4 to 2")
    assert a.units("north_america", GB) == (2, 0, 0)
    assert a.gold(GB) == 9


# --------------------------------------------------------------------------- R-CMB-13
def test_never_attack_an_ally() -> None:
    """R-CMB-13: "You may never attack an ally." Great Britain and France are allies,
    Spain is in the other alliance: in North America only Spain is offered, and an attack
    on France is refused with that rule (docs/scenarios.md: "fails": "R-CMB-13"), at sea
    too."""
    a = Arena([GB, FR, "spain"], turn={"power": GB},
              alliances={"A": [GB, FR], "B": ["spain"]},
              areas={"north_america": {GB: {"army": 2}, FR: {"army": 1, "markers": 2},
                                       "spain": {"army": 1, "markers": 1}}})
    a.step(GB, "attack")
    assert a.options(GB) == [["attack", "north_america", "power", "spain"]]
    err = a.refused(GB, "attack", "north_america", "power", FR)
    assert err.rule == "R-CMB-13"
    assert "Great Britain may never attack an ally" in str(err)
    assert a.refused(GB, "attack", "north_america", "naval", FR).rule == "R-CMB-13"
