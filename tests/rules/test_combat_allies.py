"""Combat with allies and alliance tiles (R-CMB-9, R-CMB-10, and R-CMB-4, -6, -7 where
allies change them): who is asked and in which order, what an ally may add, who loses
the units, the 7 rule with one or two allies, alliance tiles with one or two symbols.

Battle dice: the attacker's two dice, then the defender's two.
"""

from __future__ import annotations

from typing import Any

from game.rules import view

from .arena import FIVE, Arena, helps

GB, FR, ES, AU, PR, RU = "great_britain", "france", "spain", "austria", "prussia", "russia"
# Great Britain, Austria and Prussia against Spain and France
SIDES = {"A": [GB, AU, PR], "B": [ES, FR]}


def es_attacks(area: str, kind: str, target: str, powers: list[str] | None = None, **position: Any) -> Arena:
    """Spain, the active player, declares an attack."""
    position.setdefault("turn", {"power": ES})
    position.setdefault("alliances", SIDES)
    return Arena(powers or FIVE, **position).play((ES, "attack"), (ES, "attack", area, kind, target))


# --------------------------------------------------------------------------- R-CMB-9: asking
def test_allies_are_asked_attacker_first_each_in_seating_order() -> None:
    """R-CMB-9: "the attacker asks its allies, then the defender asks its allies"; ruling:
    in seating order starting from the asking player's left. Seating Great Britain,
    France, Spain, Austria, Prussia, Russia; Spain and France and Prussia against Great
    Britain, Austria and Russia. Spain attacks Great Britain in German States, where
    everyone has an army: Prussia, France, then Austria, Russia are asked."""
    six = [GB, FR, ES, AU, PR, RU]
    everyone = {p: {"army": 1} for p in six}
    everyone[GB] = {"army": 1, "markers": 1}
    a = es_attacks("german_states", "power", GB, powers=six,
                   alliances={"A": [GB, AU, RU], "B": [ES, FR, PR]},
                   areas={"german_states": everyone})
    asked = []
    while a.whose()[0] in ("offer", "help"):
        kind, who = a.whose()
        if kind == "offer":
            asked.append(str(a.options(who)[0][1]))
            a.step(who, "offer", asked[-1], 0)
        else:
            a.step(who, "help", 0, 0)
    assert asked == [PR, FR, AU, RU]
    assert a.chance() == "dice"


def test_an_ally_with_nothing_to_add_is_not_asked() -> None:
    """R-CMB-9: an ally adds its armies and fleets there, "never forts": Austria, with only
    a fort and a control marker in German States, is not asked; the dice come at once."""
    a = es_attacks("german_states", "power", GB, areas={"german_states": {
        ES: {"army": 1}, GB: {"army": 1, "markers": 1}, AU: {"fort": 1, "markers": 1}}})
    assert a.chance() == "dice"


def test_an_ally_chooses_how_many_of_its_units_help() -> None:
    """R-CMB-9: "The ally chooses exactly which units help: any number of its armies and of
    its fleets there" (000: «L'alleato può anche specificare con quali unità interverrà, può
    anche dire se interverrà solo con la frotta e non con l'esercito o viceversa»; 002: «Gli
    alleati possono inoltre specificare quali unità combatteranno»). Austria, with 2 armies
    and a fleet in North America, may commit 0 to 2 armies and 0 or 1 fleet; it sends 1 army
    and its fleet. Asking for more than it has is refused, naming R-CMB-9."""
    a = es_attacks("north_america", "power", GB, areas={"north_america": {
        ES: {"army": 1}, GB: {"army": 1, "markers": 1}, AU: {"army": 2, "fleet": 1}}})
    assert a.whose() == ("offer", GB)
    a.step(GB, "offer", AU, 0)
    assert a.whose() == ("help", AU)
    assert sorted(map(tuple, a.options(AU))) == [("help", x, f) for x in range(3) for f in range(2)]
    err = a.refused(AU, "help", 3, 0)
    assert err.rule == "R-CMB-9" and "at most 2 armies and 1 fleet" in err.message
    a.step(AU, "help", 1, 1)
    assert a.saw("Austria helps Great Britain with 1 army and 1 fleet")
    # Austria's fleet gives Great Britain's side a fleet: Spain has none, so Great Britain
    # has naval support without a naval battle (R-CMB-3): 1 + 1 + 1 = 3 against 1
    assert a.chance() == "dice"
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain wins the battle in North America, 3 to 1")
    assert a.units("north_america", AU) == (2, 1, 0)


def test_gold_offered_for_help_passes_only_if_the_ally_helps() -> None:
    """R-CMB-9: "The player asking may offer gold for the help (000 «Un giocatore può offrire
    del danaro ad un altro giocatore per convincerlo ad unirsi a lui»; 002 «Un giocatore può
    offrire di pagare con oro un altro giocatore in cambio di aiuto»); the ally sees the
    offer, and the gold passes only if it helps." R-GEN-5: the asker borrows if it must.

    Great Britain (1 gold) offers Austria 4 gold: Austria's prompt shows the offer; Austria
    helps, so Great Britain borrows 2 lots (2 unrest) and Austria receives 4. Offered to
    France against Spain's attack elsewhere, the gold stays with Great Britain when France
    declines. R-GEN-4: the offer is not capped by the revolution: Great Britain, at 17 unrest,
    may offer up to its gold plus 100 borrowed (the end of the list of amounts); 102 is
    refused, naming R-GEN-4."""
    area = {"north_america": {ES: {"army": 1}, GB: {"army": 1, "markers": 1}, AU: {"army": 1}}}
    a = es_attacks("north_america", "power", GB, players={GB: {"gold": 1, "unrest": 17}}, areas=area)
    assert a.whose() == ("offer", GB)
    assert [o[2] for o in a.options(GB)] == list(range(102))  # 1 gold and 100 borrowed
    assert a.refused(GB, "offer", AU, 102).rule == "R-GEN-4"
    a.step(GB, "offer", AU, 4)
    assert a.whose() == ("help", AU)
    p = view(a.st, a.s(AU))["pending"]
    assert "Great Britain offers 4 gold if you help" in p["prompt"]
    a.step(AU, "help", 1, 0)
    assert a.gold(AU) == 14 and a.gold(GB) == 1 and a.unrest(GB) == 19
    assert a.saw("Great Britain borrows 4 gold from the bank")
    assert a.saw("Austria receives 4 gold from Great Britain for its help")
    b = es_attacks("north_america", "power", GB, areas=area)
    b.play((GB, "offer", AU, 3), (AU, "help", 0, 0))
    assert b.gold(AU) == 10 and b.gold(GB) == 10 and b.saw("Austria does not help")
    assert not b.saw("receives")


def test_ally_armies_count_but_not_its_forts_or_tiles() -> None:
    """R-CMB-9, R-CMB-4: Austria helps Great Britain in German States with its 2 armies;
    its fort and its 3 Army Training tiles do not count. Spain (2 armies, 1 Army Training
    against Great Britain's none) has 2 + 1 = 3; Great Britain 1 + 2 = 3: a tie. Great
    Britain loses its own army (the player first), Spain an army; Austria loses nothing."""
    a = es_attacks("german_states", "power", GB,
                   players={ES: {"tiles": {"army_training": 1}}, AU: {"tiles": {"army_training": 3}}},
                   areas={"german_states": {ES: {"army": 2}, GB: {"army": 1, "markers": 1},
                                            AU: {"army": 2, "fort": 1}}})
    a.step(GB, "offer", AU, 0)
    assert a.whose() == ("help", AU)
    assert a.options(AU) == [["help", 0, 0], ["help", 1, 0], ["help", 2, 0]]
    a.play((AU, "help", 2, 0), ("roll", 2, 2, 2, 2))
    assert a.saw("The battle in German States is a tie, 3 to 3")
    assert a.units("german_states", GB) == (0, 0, 0)
    assert a.units("german_states", AU) == (2, 0, 1)
    assert a.units("german_states", ES) == (1, 0, 0)
    assert a.markers("german_states", GB) == 1


def test_an_ally_gains_nothing() -> None:
    """R-CMB-9: "An ally gains nothing." France helps Spain beat Great Britain in German
    States (2 to 1): the British marker becomes Spanish, France gets none."""
    a = es_attacks("german_states", "power", GB, areas={"german_states": {
        ES: {"army": 1}, FR: {"army": 1}, GB: {"army": 1, "markers": 1}}})
    assert a.whose() == ("offer", ES)
    a.play(*helps(ES, FR, 1), ("roll", 2, 2, 2, 2))
    assert a.saw("Spain wins the battle in German States, 2 to 1")
    assert a.markers("german_states", ES) == 1
    assert a.markers("german_states", FR) == 0
    assert a.units("german_states", FR) == (1, 0, 0)
    assert a.unrest(FR) == 0


def test_neutrals_get_no_help_but_the_attacker_may_be_helped() -> None:
    """R-CMB-9: "Neutrals get no help"; ruling: allies may help against neutrals. Spain
    attacks the Iroquois (3) in North America: its ally France is asked, Great Britain
    (an army there) is not. 2 + 1 + 2 = 5 against 3: Spain conquers the Iroquois."""
    a = es_attacks("north_america", "counter", "iroquois", areas={"north_america": {
        ES: {"army": 2}, FR: {"army": 1}, GB: {"army": 3}, "neutral": ["iroquois"]}})
    assert a.whose() == ("offer", ES)
    a.play(*helps(ES, FR, 1))
    assert a.chance() == "dice"
    a.step("roll", 3, 1, 1, 1)
    assert a.saw("Spain wins the battle in North America, 5 to 3")
    assert a.markers("north_america", ES) == 1 and a.markers("north_america", FR) == 0


def test_ally_fleets_join_the_ottoman_naval_battle_in_the_mediterranean() -> None:
    """R-CMB-3, R-CMB-9: "Allies may add fleets to the naval battle"; for the Ottoman Empire
    the naval battle is fought with fleets in the Mediterranean. France adds its
    Mediterranean fleet, so Spain (no fleet of its own) may fight at sea. Great Britain wins
    the naval battle 3 to 1; Spain has no fleet there, so France loses its fleet (ruling:
    the loss falls on a helping ally when the player has no unit in the battle). Great
    Britain then has naval support and wins on land 2 to 1."""
    a = es_attacks("ottoman_empire", "power", GB, areas={
        "ottoman_empire": {ES: {"army": 1}, GB: {"army": 1, "markers": 1}},
        "mediterranean": {FR: {"fleet": 1}, GB: {"fleet": 1}}})
    a.step(ES, "offer", FR, 0)
    assert a.whose() == ("help", FR)
    assert a.options(FR) == [["help", 0, 0], ["help", 0, 1]]
    a.step(FR, "help", 0, 1)
    assert a.whose() == ("naval", ES)
    a.play((ES, "naval_battle"), (GB, "accept"), ("roll", 2, 2, 3, 1))
    assert a.saw("Great Britain wins the naval battle in Mediterranean, 3 to 1")
    assert a.saw("France loses a fleet in Mediterranean (lost the battle)")
    assert a.units("mediterranean", FR) == (0, 0, 0)
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain wins the battle in Ottoman Empire, 2 to 1")
    assert a.units("ottoman_empire", ES) == (0, 0, 0)
    assert (a.unrest(FR), a.unrest(ES)) == (1, 1)


def test_training_needs_a_unit_of_ones_own_in_the_battle() -> None:
    """R-CMB-4: training counts "if that side has at least one unit of its own in that
    battle". Great Britain (2 Army Training) has only a marker in German States; Austria
    helps with an army. 1 to 1 (no training for Great Britain): a tie. Great Britain has no
    unit, so Austria takes its side's loss; Great Britain keeps its marker."""
    a = es_attacks("german_states", "power", GB, players={GB: {"tiles": {"army_training": 2}}},
                   areas={"german_states": {ES: {"army": 1}, GB: {"markers": 1}, AU: {"army": 1}}})
    a.play(*helps(GB, AU, 1), ("roll", 2, 2, 2, 2))
    assert a.saw("The battle in German States is a tie, 1 to 1")
    assert a.units("german_states", AU) == (0, 0, 0)
    assert a.units("german_states", ES) == (0, 0, 0)
    assert a.markers("german_states", GB) == 1
    assert (a.unrest(AU), a.unrest(GB)) == (1, 0)


# --------------------------------------------------------------------------- losses
def test_player_without_units_chooses_which_helping_ally_loses() -> None:
    """R-CMB-6 (ruling "Who loses"): a side's loss is taken by its own player if it has a
    unit in the battle, otherwise by a helping ally, its player choosing among several.
    Great Britain has only a marker; Austria and Prussia help with an army each and lose
    3 + 4 = 7 to 2: Great Britain picks Austria, who loses its army."""
    a = es_attacks("german_states", "power", GB, areas={"german_states": {
        ES: {"army": 3}, GB: {"markers": 1}, AU: {"army": 1}, PR: {"army": 1}}})
    a.play(*helps(GB, AU, 1), *helps(GB, PR, 1), ("roll", 6, 2, 2, 2))
    assert a.saw("Spain wins the battle in German States, 7 to 2")
    assert a.whose() == ("ally_loses", GB)
    assert sorted(map(tuple, a.options(GB))) == [("ally_loses", AU), ("ally_loses", PR)]
    a.step(GB, "ally_loses", AU)
    assert a.units("german_states", AU) == (0, 0, 0)
    assert a.units("german_states", PR) == (1, 0, 0)
    assert a.markers("german_states", ES) == 1
    assert (a.unrest(GB), a.unrest(AU), a.unrest(PR)) == (0, 1, 0)


def test_seven_with_one_ally_the_ally_loses_the_extra_unit() -> None:
    """R-CMB-7: "If an ally supported that side, the extra unit is lost by the ally".
    Spain, helped by France, rolls 3 and 4 and wins 3 to 1: Great Britain loses its army;
    France, not Spain, loses the army for Spain's 7."""
    a = es_attacks("german_states", "power", GB, areas={"german_states": {
        ES: {"army": 1}, FR: {"army": 1}, GB: {"army": 1, "markers": 1}}})
    a.play(*helps(ES, FR, 1), ("roll", 3, 4, 2, 2))
    assert a.saw("Spain wins the battle in German States, 3 to 1")
    assert a.saw("France loses an army in German States (rolled a 7)")
    assert a.units("german_states", ES) == (1, 0, 0)
    assert a.units("german_states", FR) == (0, 0, 0)
    assert (a.unrest(ES), a.unrest(FR), a.unrest(GB)) == (0, 1, 1)


def test_seven_with_two_allies_the_roller_chooses() -> None:
    """R-CMB-7: "with several allies, the roller chooses which". Great Britain, helped by
    Austria and Prussia, rolls 3 and 4 and loses 4 to 6: it loses its own army for the
    battle, and chooses Prussia to lose an army for the 7."""
    a = es_attacks("german_states", "power", GB, areas={"german_states": {
        ES: {"army": 2}, GB: {"army": 1, "markers": 1}, AU: {"army": 1}, PR: {"army": 1}}})
    a.play(*helps(GB, AU, 1), *helps(GB, PR, 1), ("roll", 6, 2, 3, 4))
    assert a.saw("Spain wins the battle in German States, 6 to 4")
    assert a.units("german_states", GB) == (0, 0, 0)
    assert a.whose() == ("ally_loses", GB)
    assert sorted(map(tuple, a.options(GB))) == [("ally_loses", AU), ("ally_loses", PR)]
    a.step(GB, "ally_loses", PR)
    assert a.saw("Prussia loses an army in German States (rolled a 7)")
    assert a.units("german_states", AU) == (1, 0, 0)
    assert a.units("german_states", PR) == (0, 0, 0)
    assert (a.unrest(GB), a.unrest(AU), a.unrest(PR)) == (1, 0, 1)


def test_seven_with_no_ally_unit_left_falls_on_the_player() -> None:
    """R-CMB-7 (ruling "Who loses"): the extra loss goes to a helping ally "that still has a
    unit in the battle", otherwise to the player. Great Britain (2 armies) is helped only by
    Austria's fleet in the Caribbean; on land Austria has nothing at stake, so Great Britain
    loses two armies when it loses rolling 3 and 4."""
    a = es_attacks("caribbean", "power", GB, areas={"caribbean": {
        ES: {"army": 4}, GB: {"army": 2, "markers": 1}, AU: {"fleet": 1}}})
    a.play(*helps(GB, AU, 0, 1), ("roll", 6, 2, 3, 4))
    # Austria's fleet gives Great Britain naval support: 2 + 1 + 1 = 4 against 4 + 4 = 8
    assert a.saw("Spain wins the battle in Caribbean, 8 to 4")
    assert a.units("caribbean", GB) == (0, 0, 0)
    assert a.units("caribbean", AU) == (0, 1, 0)
    assert a.unrest(GB) == 2 and a.unrest(AU) == 0


# --------------------------------------------------------------------------- R-CMB-10
def test_alliance_tile_adds_an_army_in_its_area() -> None:
    """R-CMB-10: Spain's Native Americans adds one army in North America: 1 + 1 against
    Great Britain's 1 with equal dice."""
    a = es_attacks("north_america", "power", GB, players={ES: {"tiles": {"native_americans": 1}}},
                   areas={"north_america": {ES: {"army": 1}, GB: {"army": 1, "markers": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Spain's Native Americans adds one army")
    assert a.saw("Spain wins the battle in North America, 2 to 1")


def test_alliance_tile_outside_its_area_adds_nothing() -> None:
    """R-CMB-10: a tile works only in its area: Native Americans does not help in the
    Caribbean (1 to 1, a tie)."""
    a = es_attacks("caribbean", "power", GB, players={ES: {"tiles": {"native_americans": 1}}},
                   areas={"caribbean": {ES: {"army": 1}, GB: {"army": 1, "markers": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("The battle in Caribbean is a tie, 1 to 1")


def test_several_alliance_tiles_each_add_one() -> None:
    """R-CMB-10: Spain holds Bavaria and Saxony (German States, army): 1 + 2 = 3 against 2."""
    a = es_attacks("german_states", "power", GB, players={ES: {"tiles": {"bavaria": 1, "saxony": 1}}},
                   areas={"german_states": {ES: {"army": 1}, GB: {"army": 2, "markers": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Spain wins the battle in German States, 3 to 2")


def test_alliance_tile_is_not_a_unit_for_training_and_cannot_be_lost() -> None:
    """R-CMB-10: tiles "do not count as units for training and cannot be lost". Great
    Britain defends North America with only a marker, Native Americans and 2 Army Training:
    1 (the tile, no training) against Spain's 1: a tie. Spain loses its army; Great
    Britain has no unit to lose, takes no unrest and keeps its tile and marker."""
    a = es_attacks("north_america", "power", GB,
                   players={GB: {"tiles": {"native_americans": 1, "army_training": 2}}},
                   areas={"north_america": {ES: {"army": 1}, GB: {"markers": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain's Native Americans adds one army")
    assert a.saw("The battle in North America is a tie, 1 to 1")
    assert a.saw("Great Britain has no unit left to lose")
    assert a.units("north_america", ES) == (0, 0, 0)
    assert a.unrest(GB) == 0
    assert a.markers("north_america", GB) == 1
    assert a.tiles(GB)["native_americans"] == 1


def test_beaten_with_only_an_alliance_tile_loses_the_marker_only() -> None:
    """R-CMB-10, R-CMB-11: Great Britain (marker and Native Americans only) loses 1 to 3:
    the marker becomes Spanish, no unit and no unrest are lost."""
    a = es_attacks("north_america", "power", GB, players={GB: {"tiles": {"native_americans": 1}}},
                   areas={"north_america": {ES: {"army": 1}, GB: {"markers": 1}}})
    a.step("roll", 3, 1, 2, 2)
    assert a.saw("Spain wins the battle in North America, 3 to 1")
    assert a.markers("north_america", ES) == 1 and a.markers("north_america", GB) == 0
    assert a.unrest(GB) == 0


def test_a_helping_allys_alliance_tile_does_not_count() -> None:
    """R-CMB-10: "Alliance tiles (of the acting player only, not for helping an ally)".
    Austria holds Native Americans and helps Great Britain with its army in North America:
    Great Britain's side is 2, not 3, and wins 2 to 1."""
    a = es_attacks("north_america", "power", GB, players={AU: {"tiles": {"native_americans": 1}}},
                   areas={"north_america": {ES: {"army": 1}, GB: {"army": 1, "markers": 1}, AU: {"army": 1}}})
    a.play(*helps(GB, AU, 1), ("roll", 2, 2, 2, 2))
    assert a.saw("Great Britain wins the battle in North America, 2 to 1")
    assert not a.saw("Native Americans adds")


def test_two_symbol_tile_chosen_after_allies_before_dice() -> None:
    """R-CMB-10: "a tile showing both is used for one or the other in a given attack,
    chosen after allies are known and before dice". Spain attacks Great Britain in India,
    where both have a fleet and an army and Austria helps Great Britain: then Spain is asked
    whether Portugal is an army or a fleet. As a fleet it wins the naval battle 2 to 1."""
    a = es_attacks("india", "power", GB, players={ES: {"tiles": {"portugal": 1}}},
                   areas={"india": {ES: {"army": 1, "fleet": 1}, GB: {"army": 1, "fleet": 1, "markers": 1},
                                    AU: {"army": 1}}})
    assert a.whose() == ("offer", GB)
    a.play(*helps(GB, AU, 1))
    assert a.whose() == ("ally_tile", ES)
    assert sorted(map(tuple, a.options(ES))) == [("ally_tile", "portugal", "army"), ("ally_tile", "portugal", "fleet")]
    a.step(ES, "ally_tile", "portugal", "fleet")
    assert a.saw("Spain's Portugal adds one fleet")
    a.play((ES, "naval_battle"), (GB, "accept"), ("roll", 2, 2, 2, 2))
    assert a.saw("Spain wins the naval battle in India, 2 to 1")
    assert a.units("india", GB) == (1, 0, 0)
    # land: Spain 1 + 1 naval support = 2 against Great Britain 1 + Austria 1 = 2
    a.step("roll", 3, 2, 2, 2)
    assert a.saw("Spain wins the battle in India, 3 to 2")


def test_two_symbol_tile_in_a_land_only_attack_is_an_army() -> None:
    """R-CMB-10 (ruling): a two-symbol tile is asked about only when the attack can have
    both battles; in South America without fleets Portugal simply adds an army."""
    a = es_attacks("south_america", "power", GB, players={ES: {"tiles": {"portugal": 1}}},
                   areas={"south_america": {ES: {"army": 1}, GB: {"army": 1, "markers": 1}}})
    assert a.chance() == "dice"
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Spain's Portugal adds one army")
    assert a.saw("Spain wins the battle in South America, 2 to 1")


def test_two_symbol_tile_in_a_naval_attack_is_a_fleet() -> None:
    """R-CMB-10 (ruling): in a naval attack Portugal adds a fleet: 2 to 1 at sea."""
    a = es_attacks("south_america", "naval", GB, players={ES: {"tiles": {"portugal": 1}}},
                   areas={"south_america": {ES: {"fleet": 1}, GB: {"fleet": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Spain's Portugal adds one fleet")
    assert a.saw("Spain wins the naval battle in South America, 2 to 1")
    assert a.units("south_america", GB) == (0, 0, 0)


def test_an_army_tile_adds_nothing_to_a_naval_attack() -> None:
    """R-CMB-10, R-CMB-2: a naval attack is a naval battle alone, so Native Americans (an
    army symbol) adds nothing and is not announced: one fleet each, 1 to 1, a tie."""
    a = es_attacks("north_america", "naval", GB, players={ES: {"tiles": {"native_americans": 1}}},
                   areas={"north_america": {ES: {"fleet": 1}, GB: {"fleet": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert not a.saw("Native Americans adds")
    assert a.saw("The naval battle in North America is a tie, 1 to 1")


def test_alliance_tile_fleet_gives_no_right_to_fight_at_sea() -> None:
    """R-CMB-10, R-CMB-3 (ruling "Having a fleet"): Spain has Portugal but no fleet in
    India; Great Britain has a fleet. Spain cannot fight at sea, Great Britain has naval
    support, and Portugal adds an army: 2 to 2, a tie."""
    a = es_attacks("india", "power", GB, players={ES: {"tiles": {"portugal": 1}}},
                   areas={"india": {ES: {"army": 1}, GB: {"army": 1, "fleet": 1, "markers": 1}}})
    assert a.chance() == "dice"
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Great Britain has naval support")
    assert a.saw("The battle in India is a tie, 2 to 2")


def test_ottoman_alliance_tile_in_the_ottoman_empire() -> None:
    """R-CMB-10: the Ottoman Empire tile (Ottoman Empire or Mediterranean; army or fleet)
    adds an army in an Ottoman Empire attack without fleets: 2 to 1."""
    a = es_attacks("ottoman_empire", "power", GB, players={ES: {"tiles": {"ottomans": 1}}},
                   areas={"ottoman_empire": {ES: {"army": 1}, GB: {"army": 1, "markers": 1}}})
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("Spain's Ottoman Empire adds one army")
    assert a.saw("Spain wins the battle in Ottoman Empire, 2 to 1")


def test_naval_support_against_a_neutral_comes_from_the_attackers_own_fleet() -> None:
    """R-CMB-12: "No naval battle: the attacker has naval support if it has at least one fleet
    of its own there" (000: «cede sempre il supporto navale all'attaccante se questi ha
    almeno una flotta nell'area»). Spain (1 army, no fleet) attacks the Iroquois (3) in North
    America; its ally France has an army and a fleet there. France may add only its army (a
    fleet adds nothing against a neutral), and Spain gets no naval support: 1 + 1 + 2 = 4
    against 3 + 1 = 4, a tie. With a Spanish fleet there, Spain has the +1."""
    a = es_attacks("north_america", "counter", "iroquois", areas={"north_america": {
        ES: {"army": 1}, FR: {"army": 1, "fleet": 1}, "neutral": ["iroquois"]}})
    assert a.whose() == ("offer", ES)
    a.step(ES, "offer", FR, 0)
    assert a.options(FR) == [["help", 0, 0], ["help", 1, 0]]  # no fleets offered
    err = a.refused(FR, "help", 1, 1)
    assert err.rule == "R-CMB-12"
    a.play((FR, "help", 1, 0), ("roll", 3, 1, 2, 1))
    assert not a.saw("naval support")
    assert a.saw("The battle in North America is a tie, 4 to 4")
    b = es_attacks("north_america", "counter", "iroquois", areas={"north_america": {
        ES: {"army": 1, "fleet": 1}, "neutral": ["iroquois"]}})
    b.step("roll", 4, 1, 2, 1)
    assert b.saw("Spain has naval support")
    assert b.saw("Spain wins the battle in North America, 5 to 4")
