"""Improvement, trade and alliance tiles used outside battles (R-TIL-3..16, R-TIL-21 (a)),
with their timing: once per war (a triangle, turned when used, ready again next war), on
take, kept, returned to the stock (R-GEN-8, R-ACT-A2, R-EOW-1).
"""

from __future__ import annotations

from typing import Any

from .arena import Arena

GB, FR, ES = "great_britain", "france", "spain"
TWO = [GB, FR]


def gb_turn(**position: Any) -> Arena:
    """Great Britain's turn, no action taken yet."""
    position.setdefault("turn", {"power": GB})
    return Arena(TWO, **position)


def actions_done(a: Arena) -> int:
    return int(a.st.stack[-1]["done"]) if a.st.stack[-1]["t"] == "turn" else -1


# --------------------------------------------------------------------------- R-TIL-3 War Office
def test_war_office_attack_is_free_and_not_an_action() -> None:
    """R-TIL-3: "once per war, one attack that is not an action and costs no gold." Great
    Britain uses the War Office before its first action: it attacks France in German
    States, keeps its 10 gold, and then still has both actions; the War Office is not
    offered again this war."""
    a = gb_turn(players={GB: {"tiles": {"war_office": 1}}},
                areas={"german_states": {GB: {"army": 2}, FR: {"army": 1, "markers": 1}}})
    assert ["use", "war_office"] in a.options(GB)
    a.step(GB, "use", "war_office")
    assert a.whose() == ("attack", GB)
    a.play((GB, "attack", "german_states", "power", FR), ("roll", 2, 2, 2, 2))
    assert a.saw("Great Britain uses the War Office: a free attack")
    assert a.saw("Great Britain wins the battle in German States, 2 to 1")
    assert a.gold(GB) == 10
    assert a.whose() == ("action", GB) and actions_done(a) == 0
    assert ["use", "war_office"] not in a.options(GB)
    assert a.st.used[a.s(GB)] == {"war_office": 1}


def test_war_office_after_both_actions() -> None:
    """R-TIL-3, R-GEN-8: free tile uses may come after the two actions: Great Britain
    passes twice, is asked to use a tile or end its turn, and attacks with the War Office."""
    a = gb_turn(players={GB: {"tiles": {"war_office": 1}}},
                areas={"german_states": {GB: {"army": 2}, FR: {"army": 1, "markers": 1}}})
    a.play((GB, "pass"), (GB, "pass"))
    assert a.whose() == ("end", GB)
    assert sorted(map(tuple, a.options(GB))) == [("end",), ("use", "war_office")]
    a.play((GB, "use", "war_office"), (GB, "attack", "german_states", "power", FR), ("roll", 2, 2, 2, 2))
    assert a.gold(GB) == 10
    assert a.whose() == ("action", FR)


# --------------------------------------------------------------------------- R-TIL-4 Mercenaries
def test_mercenaries_build_an_army_without_population() -> None:
    """R-TIL-4: "once per war, as a free action, build one army without paying population
    (placed at home, then it may move as after a build)." Great Britain's army appears in
    Great Britain and moves to German States; population stays 5, no action is spent, and
    no Militia army is offered with it (R-TIL-7)."""
    a = gb_turn(players={GB: {"tiles": {"mercenaries": 1, "militia": 1}}})
    a.step(GB, "use", "mercenaries")
    assert a.units(GB, GB) == (1, 0, 0)
    assert a.whose() == ("build_move", GB)
    assert ["to", "german_states"] in a.options(GB) and ["stay"] in a.options(GB)
    a.step(GB, "to", "german_states")
    assert a.units("german_states", GB) == (1, 0, 0)
    assert a.pop(GB) == 5
    assert a.whose() == ("action", GB) and actions_done(a) == 0
    assert ["use", "mercenaries"] not in a.options(GB)


# --------------------------------------------------------------------------- R-TIL-5 Pressgangs
def test_pressgangs_build_a_fleet_without_population() -> None:
    """R-TIL-5: "once per war, as a free action, build one fleet without paying population."
    The fleet is built in Great Britain and sails to India (a sea roll: 3, it arrives)."""
    a = gb_turn(players={GB: {"tiles": {"pressgangs": 1}}})
    a.step(GB, "use", "pressgangs")
    assert a.units(GB, GB) == (0, 1, 0)
    a.step(GB, "to", "india")
    assert a.chance() == "sea_roll"
    a.step("roll", 3, 1)
    assert a.units("india", GB) == (0, 1, 0)
    assert a.pop(GB) == 5
    assert a.supply(GB, "fleet") == 6
    assert ["use", "pressgangs"] not in a.options(GB)


# --------------------------------------------------------------------------- R-TIL-6 Trained Natives
def test_trained_natives_are_placed_in_a_colony_then_may_move_once() -> None:
    """R-TIL-6: "build one army free, placed straight into a colony where you have a control
    marker or unit (no sea roll, no fleet needed); it may then make one free move (with a
    sea roll if leaving the colony)." Great Britain has a marker in India and a fleet in
    the Caribbean: it may raise the army in either, not in Africa. In India (no fleet there)
    the army appears at once; it then sails home: sea roll 1, then 4, it stays in India."""
    a = gb_turn(players={GB: {"tiles": {"trained_natives": 1}}},
                areas={"india": {GB: {"markers": 1}}, "caribbean": {GB: {"fleet": 1}}})
    uses = sorted(tuple(o) for o in a.options(GB) if o[:2] == ["use", "trained_natives"])
    assert uses == [("use", "trained_natives", "caribbean"), ("use", "trained_natives", "india")]
    a.step(GB, "use", "trained_natives", "india")
    assert a.units("india", GB) == (1, 0, 0)
    assert a.pop(GB) == 5
    assert a.whose() == ("build_move", GB)
    a.step(GB, "to", GB)
    assert a.chance() == "sea_roll"
    a.step("roll", 1, 4)
    assert a.units("india", GB) == (1, 0, 0)
    assert a.whose() == ("action", GB) and actions_done(a) == 0


def test_trained_natives_ignore_a_blockade() -> None:
    """R-TIL-6 (ruling): the army is placed, not moved, so France's Blockade in India (2
    French fleets there, none British) does not stop it."""
    a = gb_turn(players={GB: {"tiles": {"trained_natives": 1}}}, blockades=[["india", FR]],
                areas={"india": {GB: {"markers": 1}, FR: {"fleet": 2}}})
    a.play((GB, "use", "trained_natives", "india"), (GB, "stay"))
    assert a.units("india", GB) == (1, 0, 0)


# --------------------------------------------------------------------------- R-TIL-7 Militia
def test_militia_adds_an_army_to_a_build_paying_its_population() -> None:
    """R-TIL-7: "when you build any unit you may also build one more army, paying its
    population." Great Britain builds a fleet (1 population) and a Militia army (1 more),
    both at home: population 5 -> 3, one action spent."""
    a = gb_turn(players={GB: {"tiles": {"militia": 1}}})
    a.play((GB, "build"), (GB, "keep"), (GB, "build", "fleet"), (GB, "stay"))
    assert a.whose() == ("militia", GB)
    a.step(GB, "militia")
    assert a.saw("Great Britain builds an army with Militia in Great Britain")
    a.step(GB, "stay")
    assert a.units(GB, GB) == (1, 1, 0)
    assert a.pop(GB) == 3
    assert actions_done(a) == 1


def test_militia_declined_and_no_militia_without_the_tile() -> None:
    """R-TIL-7: the extra army is optional; without the tile no question is asked."""
    a = gb_turn(players={GB: {"tiles": {"militia": 1}}})
    a.play((GB, "build"), (GB, "keep"), (GB, "build", "army"), (GB, "stay"), (GB, "no_militia"))
    assert a.units(GB, GB) == (1, 0, 0) and a.pop(GB) == 4
    b = gb_turn()
    b.play((GB, "build"), (GB, "keep"), (GB, "build", "army"), (GB, "stay"))
    assert b.whose() == ("action", GB) and actions_done(b) == 1


# --------------------------------------------------------------------------- R-TIL-8 Logistics
def test_logistics_moves_three_units() -> None:
    """R-TIL-8: "a move action moves 3 units" (R-ACT-C1: 2 without it). Great Britain moves
    three armies from home to German States in one action; without Logistics the action
    ends after two."""
    home3 = {GB: {GB: {"army": 3}}}
    a = gb_turn(players={GB: {"tiles": {"logistics": 1}}}, areas=home3)
    a.step(GB, "move")
    for _ in range(3):
        a.step(GB, "move", GB, "army", "german_states")
    assert a.units("german_states", GB) == (3, 0, 0)
    assert actions_done(a) == 1 and a.whose() == ("action", GB)
    b = gb_turn(areas=home3)
    b.play((GB, "move"), (GB, "move", GB, "army", "german_states"), (GB, "move", GB, "army", "german_states"))
    assert b.units("german_states", GB) == (2, 0, 0)
    assert b.whose() == ("action", GB)


# --------------------------------------------------------------------------- R-TIL-9 Banking
def test_banking_borrows_in_lots_of_three() -> None:
    """R-TIL-9: "a borrowing lot is 3 gold instead of 2." With no gold, Great Britain pays
    for an attack by borrowing one lot of 3 (1 unrest) and keeps 1 gold."""
    a = gb_turn(players={GB: {"gold": 0, "tiles": {"banking": 1}}},
                areas={"german_states": {GB: {"army": 2}, FR: {"army": 1, "markers": 1}}})
    a.play((GB, "attack"), (GB, "attack", "german_states", "power", FR))
    assert a.gold(GB) == 1 and a.unrest(GB) == 1
    assert a.saw("Great Britain borrows 3 gold from the bank")


def test_banking_lots_for_a_tile() -> None:
    """R-TIL-9, R-GEN-5: buying Mercenaries (3 gold) with 1 gold takes one lot of 3 with
    Banking (1 unrest, 1 gold left); without Banking one lot of 2 (1 unrest, 0 left)."""
    a = gb_turn(players={GB: {"gold": 1, "tiles": {"banking": 1}}})
    a.play((GB, "buy"), (GB, "tile", "mercenaries"))
    assert (a.gold(GB), a.unrest(GB)) == (1, 1)
    b = gb_turn(players={GB: {"gold": 1}})
    b.play((GB, "buy"), (GB, "tile", "mercenaries"))
    assert (b.gold(GB), b.unrest(GB)) == (0, 1)


# --------------------------------------------------------------------------- R-TIL-10 Navigation
def test_navigation_adds_two_to_the_second_sea_roll() -> None:
    """R-TIL-10: "+2 to the second sea roll" (R-MOV-5: on 1 roll again: 1-2 lost, 3-4 stays,
    5-6 arrives). With Navigation a fleet from North America to India rolling 1 then 1 (3)
    stays; rolling 1 then 3 (5) arrives. Without it 1 then 3 stays."""
    na = {"north_america": {GB: {"fleet": 2}}}
    a = gb_turn(players={GB: {"tiles": {"navigation": 1}}}, areas=na)
    a.play((GB, "move"), (GB, "move", "north_america", "fleet", "india"), ("roll", 1, 1))
    assert a.saw("rolls 1, then 1 (+2 Navigation): it stays in North America")
    assert a.units("north_america", GB) == (0, 2, 0)
    a.play((GB, "move", "north_america", "fleet", "india"), ("roll", 1, 3))
    assert a.units("india", GB) == (0, 1, 0)
    b = gb_turn(areas=na)
    b.play((GB, "move"), (GB, "move", "north_america", "fleet", "india"), ("roll", 1, 3))
    assert b.units("india", GB) == (0, 0, 0) and b.units("north_america", GB) == (0, 2, 0)


def test_navigation_does_not_change_the_first_roll() -> None:
    """R-TIL-10: only the second roll gets +2: a first roll of 2 arrives anyway and a lost
    unit needs 1 then a total of 1-2, impossible with Navigation."""
    a = gb_turn(players={GB: {"tiles": {"navigation": 1}}}, areas={"north_america": {GB: {"fleet": 1}}})
    a.play((GB, "move"), (GB, "move", "north_america", "fleet", "india"), ("roll", 2, 1))
    assert a.units("india", GB) == (0, 1, 0)


# --------------------------------------------------------------------------- R-TIL-11 Diplomatic Service
def test_diplomatic_service_takes_an_alliance_tile_as_a_free_action() -> None:
    """R-TIL-11: "once per war, take an alliance tile (paying its cost) as a free action."
    Great Britain takes Native Americans (2 gold) without spending an action; France holds
    Portugal, so it is not offered; the Diplomatic Service is then turned."""
    a = gb_turn(players={GB: {"tiles": {"diplomatic_service": 1}}, FR: {"tiles": {"portugal": 1}}})
    offered = sorted(o[2] for o in a.options(GB) if o[:2] == ["use", "diplomatic_service"])
    assert "native_americans" in offered and "portugal" not in offered and len(offered) == 10
    a.step(GB, "use", "diplomatic_service", "native_americans")
    assert a.tiles(GB) == {"diplomatic_service": 1, "native_americans": 1}
    assert a.stock("native_americans") == 0
    assert a.gold(GB) == 8
    assert actions_done(a) == 0
    assert not any(o[:2] == ["use", "diplomatic_service"] for o in a.options(GB))


# --------------------------------------------------------------------------- R-TIL-12 Improved Agriculture
def test_improved_agriculture_adds_one_population_once_per_war() -> None:
    """R-TIL-12: "once per war, +1 population (cap 9)." 5 -> 6, then not offered again."""
    a = gb_turn(players={GB: {"tiles": {"improved_agriculture": 1}}})
    a.step(GB, "use", "improved_agriculture")
    assert a.pop(GB) == 6
    assert ["use", "improved_agriculture"] not in a.options(GB)


def test_improved_agriculture_not_offered_at_the_cap() -> None:
    """R-TIL-12 (ruling): at population 9 it is not offered."""
    a = gb_turn(players={GB: {"population": 9, "tiles": {"improved_agriculture": 1}}})
    assert ["use", "improved_agriculture"] not in a.options(GB)


# --------------------------------------------------------------------------- R-TIL-13 Government Reform
def test_government_reform_removes_two_unrest_when_taken() -> None:
    """R-TIL-13: "when taken, remove 2 unrest (not below 0)"; it costs 2 gold and 1
    population (components.md). Unrest 3 -> 1; another player's at 1 would go to 0."""
    a = gb_turn(players={GB: {"unrest": 3}})
    a.play((GB, "buy"), (GB, "tile", "government_reform"))
    assert (a.unrest(GB), a.gold(GB), a.pop(GB)) == (1, 8, 4)
    b = gb_turn(players={GB: {"unrest": 1}})
    b.play((GB, "buy"), (GB, "tile", "government_reform"))
    assert b.unrest(GB) == 0


def test_government_reform_needs_population() -> None:
    """R-TIL-13, R-GEN-7: with population 0 Government Reform is not offered."""
    a = gb_turn(players={GB: {"population": 0}})
    a.step(GB, "buy")
    assert ["tile", "government_reform"] not in a.options(GB)


# --------------------------------------------------------------------------- R-TIL-14 Industry
def test_industry_gives_three_vp_and_two_unrest() -> None:
    """R-TIL-14: "when taken, gain 3 VP (and its unrest cost)": 2 unrest, no gold."""
    a = gb_turn()
    a.play((GB, "buy"), (GB, "tile", "industry"))
    assert (a.vp(GB), a.unrest(GB), a.gold(GB)) == (3, 2, 10)
    assert a.tiles(GB) == {"industry": 1}


# --------------------------------------------------------------------------- R-TIL-15 Trade tiles
def test_trade_tile_pays_one_gold_per_marker_in_one_of_its_areas() -> None:
    """R-TIL-15: "once per war, a free action: gain 1 gold per control marker you have in
    the tile's area (East Indies Trade and Levant Trade: one of two areas, your choice)."
    Great Britain has 2 markers in India and 3 in the East Indies: it takes 3 gold from the
    East Indies, and cannot use the tile again this war."""
    a = gb_turn(players={GB: {"tiles": {"east_indies_trade": 1}}},
                areas={"india": {GB: {"markers": 2}}, "east_indies": {GB: {"markers": 3}}})
    uses = sorted(tuple(o) for o in a.options(GB) if o[0] == "use")
    assert uses == [("use", "east_indies_trade", "east_indies"), ("use", "east_indies_trade", "india")]
    a.step(GB, "use", "east_indies_trade", "east_indies")
    assert a.gold(GB) == 13
    assert not any(o[0] == "use" for o in a.options(GB))
    assert actions_done(a) == 0


def test_trade_tile_not_offered_without_markers_and_ignores_captured_ones() -> None:
    """R-TIL-15 (ruling): offered only where the player has a marker; a marker captured on
    a Pirates tile does not count. Tobacco (North America): no marker there, not offered.
    Sugar (Caribbean): 1 marker on the map and 1 captured by Pirates: 1 gold."""
    a = gb_turn(players={GB: {"tiles": {"tobacco": 1, "sugar": 1}}},
                areas={"caribbean": {GB: {"markers": 1}}}, captured=[["caribbean", "pirates", GB]])
    uses = [o for o in a.options(GB) if o[0] == "use"]
    assert uses == [["use", "sugar", "caribbean"]]
    a.step(GB, "use", "sugar", "caribbean")
    assert a.gold(GB) == 11


# --------------------------------------------------------------------------- R-TIL-16 alliance tiles
def test_an_alliance_tile_is_bought_with_an_action_for_its_cost() -> None:
    """R-TIL-16, R-ACT-A1: alliance tiles have costs (000, Diplomatic Service: «Prendete una
    tessera "Alleato" (pagandone i costi)»); Sweden costs 3 gold (reconstructed,
    docs/components.md). With 1 gold Great Britain borrows a lot of 2 for it (R-GEN-5)."""
    a = gb_turn()
    a.play((GB, "buy"), (GB, "tile", "sweden"))
    assert a.tiles(GB) == {"sweden": 1} and a.gold(GB) == 7 and actions_done(a) == 1
    b = gb_turn(players={GB: {"gold": 1}})
    b.play((GB, "buy"), (GB, "tile", "sweden"))
    assert b.gold(GB) == 0 and b.unrest(GB) == 1 and b.saw("Great Britain pays 3 gold for Sweden")


def test_til_16_bavaria_and_saxony_cost_nothing_but_an_action() -> None:
    """R-TIL-16, R-ACT-A1 (ruling *Bavaria and Saxony cost nothing*): 000 «Se la tessera non
    riporta costi, è gratuita (sebbene valga sempre un'azione acquistarla)»; a report of a
    played game calls the Bavarian and Saxon tiles free.

    Great Britain with no gold buys Bavaria: it pays nothing, borrows nothing and has spent
    an action. With Diplomatic Service (R-TIL-11) it takes Saxony for nothing, as a free
    action."""
    a = gb_turn(players={GB: {"gold": 0}})
    a.play((GB, "buy"), (GB, "tile", "bavaria"))
    assert a.tiles(GB) == {"bavaria": 1} and a.gold(GB) == 0 and a.unrest(GB) == 0
    assert actions_done(a) == 1 and not a.saw("pays") and not a.saw("borrows")
    b = gb_turn(players={GB: {"gold": 0, "tiles": {"diplomatic_service": 1}}})
    b.step(GB, "use", "diplomatic_service", "saxony")
    assert b.tiles(GB) == {"diplomatic_service": 1, "saxony": 1} and b.gold(GB) == 0 and b.unrest(GB) == 0
    assert actions_done(b) == 0


def test_end_of_war_returns_alliance_tiles_and_blockade_and_readies_tiles() -> None:
    """R-TIL-16: alliance tiles are "returned to the stock at the end of each war";
    R-TIL-21 (a): a placed Blockade returns "at the end of the war"; R-GEN-8: turned
    triangle tiles are ready again (War Office, Reserve, Mercenaries, a trade tile);
    kept tiles stay."""
    a = Arena(TWO, phase="war_end", war=1,
              players={GB: {"tiles": {"war_office": 1, "reserve": 1, "mercenaries": 1, "tobacco": 1,
                                      "portugal": 1, "army_training": 1},
                            "used": {"war_office": 1, "reserve": 1, "mercenaries": 1, "tobacco": 1}},
                       FR: {"tiles": {"native_americans": 1}}},
              areas={"india": {GB: {"fleet": 1}}}, blockades=[["india", GB]])
    assert a.st.war == 2
    assert a.tiles(GB) == {"war_office": 1, "reserve": 1, "mercenaries": 1, "tobacco": 1, "army_training": 1}
    assert a.tiles(FR) == {}
    assert (a.stock("portugal"), a.stock("native_americans"), a.stock("blockade")) == (1, 1, 1)
    assert a.st.blockades == []
    for tile in ("war_office", "reserve", "mercenaries", "tobacco"):
        assert a.ready(GB, tile)


# --------------------------------------------------------------------------- R-TIL-21 (a) Blockade
def test_blockade_a_is_placed_under_a_fleet_in_a_colony() -> None:
    """R-TIL-21 (a): "as the active player, put it under one of your fleets in a colony".
    Great Britain has fleets in India and the Baltic: only India is offered; placing it is a
    free action."""
    a = gb_turn(players={GB: {"tiles": {"blockade": 1}}},
                areas={"india": {GB: {"fleet": 1}}, "baltic": {GB: {"fleet": 1}}})
    assert [o for o in a.options(GB) if o[0] == "use"] == [["use", "blockade", "india"]]
    a.step(GB, "use", "blockade", "india")
    assert a.st.blockades == [["india", a.s(GB)]]
    assert a.tiles(GB) == {} and a.stock("blockade") == 0
    assert actions_done(a) == 0
    assert a.saw("Great Britain places a Blockade in India")


def test_blockade_a_stops_opponent_armies_without_more_fleets() -> None:
    """R-TIL-21 (a): "an opponent may move an army there only with more fleets there than
    you". Great Britain's Blockade in India, one British fleet: France with one fleet there
    may not move an army in; with two fleets it may. Spain, Great Britain's ally, may
    (ruling: "an opponent" is a player not in the owner's alliance)."""
    def france(fleets: int, active: str = FR) -> Arena:
        return Arena([GB, FR, ES], turn={"power": active}, alliances={"A": [GB, ES], "B": [FR]},
                     blockades=[["india", GB]],
                     areas={"india": {GB: {"fleet": 1}, FR: {"fleet": fleets}, ES: {"fleet": 1}},
                            FR: {FR: {"army": 1}}, ES: {ES: {"army": 1}}})
    a = france(1)
    a.step(FR, "move")
    assert ["move", FR, "army", "india"] not in a.options(FR)
    a.refused(FR, "move", FR, "army", "india")
    b = france(2)
    b.step(FR, "move")
    assert ["move", FR, "army", "india"] in b.options(FR)
    c = france(1, active=ES)
    c.step(ES, "move")
    assert ["move", ES, "army", "india"] in c.options(ES)


def test_blockade_a_returns_when_its_owner_has_no_fleet_left_there() -> None:
    """R-TIL-21 (a): it returns to the stock "when you have no fleet left there". France
    sinks Great Britain's only fleet in India with a naval attack (2 to 1): the Blockade is
    lifted."""
    a = Arena(TWO, turn={"power": FR}, blockades=[["india", GB]],
              areas={"india": {GB: {"fleet": 1}, FR: {"fleet": 2}}})
    a.play((FR, "attack"), (FR, "attack", "india", "naval", GB), ("roll", 2, 2, 2, 2))
    assert a.saw("Great Britain's Blockade in India is lifted")
    assert a.st.blockades == [] and a.stock("blockade") == 1


def test_blockade_a_lifted_is_not_bought_back_in_the_same_round() -> None:
    """R-ACT-A2: "A player cannot use one of these and buy it back in the same round."
    Great Britain places its Blockade in India, then sails its only fleet home (sea roll 4):
    the Blockade returns to the stock, but Great Britain may not buy it this round."""
    a = gb_turn(players={GB: {"tiles": {"blockade": 1}}}, areas={"india": {GB: {"fleet": 1}}})
    a.play((GB, "use", "blockade", "india"), (GB, "move"), (GB, "move", "india", "fleet", GB), ("roll", 4, 1))
    assert a.stock("blockade") == 1
    a.step(GB, "buy")
    assert ["tile", "blockade"] not in a.options(GB)
