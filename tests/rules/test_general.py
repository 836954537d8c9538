"""General rules (R-GEN-2..8) and the map (R-MAP-1..3, R-MAP-5). R-GEN-1 is in
test_setup.py, R-MAP-4 in test_movement.py."""

from __future__ import annotations

from game.rules import Act, C, apply, event_dicts, view
from game.rules.board import load_board

from .play import THREE, Table, turn

EUROPE = {"german_states", "mediterranean", "central_europe", "baltic", "ottoman_empire"}
COLONIES = {"north_america", "south_america", "caribbean", "africa", "india", "east_indies"}


# --------------------------------------------------------------------------- R-GEN-2 supply
def test_gen_2_no_unit_in_supply_no_build_of_it() -> None:
    """R-GEN-2: "A piece not in the supply cannot be built or placed."

    Great Britain has its 2 forts on the map: building without disbanding offers an army or a
    fleet, never a fort."""
    t = turn(areas={"german_states": {"great_britain": {"fort": 1}}, "india": {"great_britain": {"fort": 1}}})
    t.do("great_britain", "build").do("great_britain", "keep")
    assert t.options("great_britain") == [("build", "army"), ("build", "fleet")]
    assert t.refused("great_britain", "build", "fort")


def test_gen_2_no_marker_left_no_colonising() -> None:
    """R-GEN-2 [ruling]: "A player with no control marker left cannot colonise or enslave."

    Great Britain has all 23 markers on the map and a fleet in Africa: Virginia (Pop) and
    Jamaica (Slaves) are face up, but neither colonise nor enslave is offered; France, with
    markers left, may colonise Virginia."""
    areas = {"german_states": {"great_britain": {"markers": 8}}, "mediterranean": {"great_britain": {"markers": 6}},
             "central_europe": {"great_britain": {"markers": 5}}, "baltic": {"great_britain": {"markers": 4}},
             "africa": {"great_britain": {"fleet": 1}},
             "north_america": {"neutral": ["virginia"]}, "caribbean": {"neutral": ["jamaica"]}}
    t = turn(areas=areas)
    assert t.supply("great_britain")["marker"] == 0
    assert not t.kinds("great_britain") & {"colonise", "enslave"}
    assert t.refused("great_britain", "colonise", "virginia")
    f = turn("france", areas=areas)
    assert ("colonise", "virginia") in f.options("france")


def test_gen_2_no_marker_left_a_won_battle_places_none() -> None:
    """R-GEN-2 [ruling]: "a battle they win places no marker (a defender's marker is still
    removed; a neutral counter stays)." [ruling, docs/rulings.md] The counter staying, it pays
    no gold and no VP.

    Great Britain, with no marker left, beats Silesia (3, gold 2) in Central Europe 7 to 3:
    Silesia stays face up, Great Britain gains no gold beyond paying 2 for the attack, no
    marker. Then it beats France in German States: France's marker is removed, none placed."""
    areas = {"german_states": {"great_britain": {"markers": 9, "army": 3}},
             "mediterranean": {"great_britain": {"markers": 6}},
             "central_europe": {"great_britain": {"markers": 4, "army": 3}, "neutral": ["silesia"]},
             "baltic": {"great_britain": {"markers": 4}}}
    t = turn(areas=areas)
    t.do("great_britain", "attack").do("great_britain", "attack", "central_europe", "counter", "silesia")
    t.roll(6, 2, 3, 3)
    assert t.saw("Great Britain wins the battle in Central Europe, 7 to 3")
    assert t.st.face_up["central_europe"] == ["silesia"]
    assert t.gold("great_britain") == 8 and t.vp("great_britain") == 0
    assert t.markers("central_europe", "great_britain") == 4 and t.supply("great_britain")["marker"] == 0
    areas["german_states"] = {"great_britain": {"markers": 8, "army": 3}, "france": {"markers": 1, "army": 0}}
    areas["central_europe"] = {"great_britain": {"markers": 5}}
    t = turn(areas=areas)
    t.do("great_britain", "attack").do("great_britain", "attack", "german_states", "power", "france")
    t.roll(6, 2, 3, 3)
    assert t.markers("german_states", "france") == 0 and t.markers("german_states", "great_britain") == 8
    assert t.saw("France's control marker in German States is removed")


# --------------------------------------------------------------------------- R-GEN-3 rounds
def finish_turn(t: Table, power: str) -> None:
    t.do(power, "pass").do(power, "pass")


def test_gen_3_six_rounds_with_four_players() -> None:
    """R-GEN-3: "A war has rounds: 6 rounds with 2–4 players, 5 with 5–7. In each round every
    player, in play order, takes 2 actions in a row."

    Four players, round 5, the last player in play order finishes its two actions: round 6
    begins with the first player in play order."""
    four = ["great_britain", "france", "spain", "austria"]
    t = Table.at(four, war=1, round=5, alliances={"A": ["great_britain", "spain"], "B": ["france", "austria"]},
                 turn={"power": "austria"})
    assert [t.st.powers[s] for s in t.st.order] == ["great_britain", "france", "spain", "austria"]
    t.do("austria", "pass")
    assert t.whose() == "austria" and t.pending.kind == "action"  # two actions in a row
    t.do("austria", "pass")
    assert t.st.round == 6 and t.whose() == "great_britain"
    for p in ("great_britain", "france", "spain", "austria"):
        assert t.whose() == p
        finish_turn(t, p)
    assert t.st.war == 2 and t.pending.chance is not None  # war 2's counter draw


def test_gen_3_five_rounds_with_five_players() -> None:
    """R-GEN-3: with 5 players, the last turn of round 5 ends the war's actions: income,
    upkeep and scoring follow at once, then war 2 starts."""
    five = ["great_britain", "france", "spain", "austria", "prussia"]
    t = Table.at(five, war=1, round=5, alliances={"A": ["great_britain", "spain", "prussia"],
                                                  "B": ["france", "austria"]},
                 turn={"power": "prussia"})
    finish_turn(t, "prussia")
    assert t.saw("Great Britain collects 5 gold") and t.saw("War 1 ends")
    assert t.st.war == 2


# --------------------------------------------------------------------------- R-GEN-4, -5 gold
def test_gen_4_spend_any_amount_the_bank_never_runs_out() -> None:
    """R-GEN-4: "Gold: the bank is unlimited. A player may spend any amount they have."

    Great Britain with exactly 3 gold buys Army Training (3): it ends with 0 gold and no
    borrowing. A player with 200 gold still collects income from the bank."""
    t = turn(players={"great_britain": {"gold": 3}})
    t.do("great_britain", "buy").do("great_britain", "tile", "army_training")
    assert t.gold("great_britain") == 0 and t.unrest("great_britain") == 0
    assert not t.saw("borrows")
    w = Table.at(THREE, "war_end", war=1, players={"france": {"gold": 200}})
    assert w.gold("france") == 205


def test_gen_5_borrowing_in_lots_of_two() -> None:
    """R-GEN-5: "whenever a player must pay a cost they cannot cover, they take gold from the
    bank in lots of 2 ... until the cost is covered, taking 1 unrest per lot."

    With 0 gold, Army Training (3) takes two lots: 4 gold borrowed, 2 unrest, 1 gold left.
    With 1 gold, an attack (2) takes one lot: 1 unrest, 1 gold left."""
    t = turn(players={"great_britain": {"gold": 0}})
    t.do("great_britain", "buy").do("great_britain", "tile", "army_training")
    assert (t.gold("great_britain"), t.unrest("great_britain")) == (1, 2)
    assert t.saw("Great Britain borrows 4 gold from the bank (+2 unrest)")
    t = turn(players={"great_britain": {"gold": 1}},
             areas={"german_states": {"great_britain": {"army": 1}, "neutral": ["baden"]}})
    t.do("great_britain", "attack").do("great_britain", "attack", "german_states", "counter", "baden")
    assert (t.gold("great_britain"), t.unrest("great_britain")) == (1, 1)


def test_gen_5_banking_lots_of_three() -> None:
    """R-GEN-5 / R-TIL-9: "lots of 2 (3 with Banking)". With Banking and 0 gold, Army Training
    (3) takes one lot of 3: 1 unrest, 0 gold left; Logistics (3) again: 1 more unrest."""
    t = turn(players={"great_britain": {"gold": 0, "tiles": {"banking": 1}}})
    t.do("great_britain", "buy").do("great_britain", "tile", "army_training")
    assert (t.gold("great_britain"), t.unrest("great_britain")) == (0, 1)
    assert t.saw("Great Britain borrows 3 gold from the bank (+1 unrest)")


def test_gen_5_no_borrowing_in_advance_no_buying_off_unrest() -> None:
    """R-GEN-5: "Nobody may borrow in advance, or pay gold to lose unrest."

    A player with 0 gold and 5 unrest is offered no borrowing and no way to pay off unrest,
    at any point of its turn; its gold stays 0 until it must pay."""
    t = turn(players={"great_britain": {"gold": 0, "unrest": 5}},
             areas={"german_states": {"great_britain": {"army": 1}}})
    assert not t.kinds("great_britain") & {"borrow", "repay", "pay"}
    t.do("great_britain", "pass")
    assert not t.kinds("great_britain") & {"borrow", "repay", "pay"}
    assert t.gold("great_britain") == 0 and t.unrest("great_britain") == 5


# --------------------------------------------------------------------------- R-GEN-6 unrest
def test_gen_6_unrest_is_hidden_from_the_others() -> None:
    """R-GEN-6: "Unrest is hidden: each player knows only their own total until the end of
    the game."

    France borrows for Army Training (2 unrest): France's view shows its own 2, Great
    Britain's view and a spectator's show no French unrest; the borrowing event shows the
    unrest only to France."""
    t = turn("france", players={"france": {"gold": 0}})
    st, _ = apply(t.st, Act(1, C("buy")))
    st, events = apply(st, Act(1, C("tile", "army_training")))
    assert view(st, 1)["unrest"] == [None, 2, None]
    assert view(st, 0)["unrest"] == [0, None, None]
    assert view(st, None)["unrest"] == [None, None, None]
    borrow = [e for e in event_dicts(events, 0) if e["kind"] == "borrow"][0]
    assert "unrest" not in borrow and "unrest" not in borrow["text"]
    mine = [e for e in event_dicts(events, 1) if e["kind"] == "borrow"][0]
    assert mine["unrest"] == 2


def test_gen_6_sources_of_unrest() -> None:
    """R-GEN-6: "Sources: borrowing (R-GEN-5), tile costs, each unit lost in combat (R-CMB-11),
    disbanding a unit to rebuild it (R-ACT-B4). Government Reform removes 2."

    Great Britain (3 unrest) takes Industry (+2 unrest), then disbands an army in India to
    build (+1): 6. Next war, taking Government Reform brings it to 4."""
    t = turn(players={"great_britain": {"unrest": 3}}, areas={"india": {"great_britain": {"army": 1}}})
    t.do("great_britain", "buy").do("great_britain", "tile", "industry")
    assert t.unrest("great_britain") == 5 and t.vp("great_britain") == 3
    t.do("great_britain", "build").do("great_britain", "disband", "india", "army")
    assert t.unrest("great_britain") == 6
    t.do("great_britain", "build", "army").do("great_britain", "stay")
    g = turn(players={"great_britain": {"unrest": 6}})
    g.do("great_britain", "buy").do("great_britain", "tile", "government_reform")
    assert g.unrest("great_britain") == 4


# --------------------------------------------------------------------------- R-GEN-7 population
def test_gen_7_population_is_spent_and_never_borrowed() -> None:
    """R-GEN-7: "Population: a track from 0 to 9, starts at 5. It is spent on builds,
    colonising and some tiles ... an action that would need more population than the player
    has is illegal; population is never borrowed."

    Great Britain at population 1 builds an army (population 0); then a build, colonising
    Virginia and Government Reform (1 population) are no longer offered."""
    t = turn(players={"great_britain": {"population": 1}}, areas={"north_america": {"neutral": ["virginia"]}})
    assert ("colonise", "virginia") in t.options("great_britain")
    t.do("great_britain", "build").do("great_britain", "keep").do("great_britain", "build", "army")
    t.do("great_britain", "stay")
    assert t.pop("great_britain") == 0
    kinds = t.kinds("great_britain")
    assert "build" not in kinds and "colonise" not in kinds
    err = t.refused("great_britain", "build")
    assert err.rule == "R-GEN-7" and "no population left" in err.message
    t.do("great_britain", "buy")
    assert ("tile", "government_reform") not in t.options("great_britain")
    assert ("tile", "army_training") in t.options("great_britain")


def test_gen_7_population_never_exceeds_nine() -> None:
    """R-GEN-7: population "can never exceed 9". At population 7 the war's growth of 5 stops
    at 9; at 9, Improved Agriculture is not offered."""
    t = Table.at(THREE, "war_end", war=1, players={"france": {"population": 7}, "spain": {"population": 9}})
    assert t.pop("france") == 9 and t.pop("spain") == 9
    u = turn(players={"great_britain": {"population": 9, "tiles": {"improved_agriculture": 1}}})
    assert not any(o[0] == "use" for o in u.options("great_britain"))


# --------------------------------------------------------------------------- R-GEN-8 tiles
def test_gen_8_tile_use_is_a_free_action_any_number_per_turn() -> None:
    """R-GEN-8: "Tile use is a free action (not one of the two actions) unless the tile says
    otherwise; a player may use any number of tiles in a turn. A triangle tile may be used once
    per war." [ruling] used before, between or after the two actions.

    Great Britain uses Improved Agriculture and Mercenaries before its first action: it is
    still choosing action 1 of 2; Improved Agriculture is not offered again this war. After
    two passes it may still use its Tobacco trade tile, so it is asked to end its turn; once
    it has used it, the turn ends at once."""
    t = turn(players={"great_britain": {"population": 4,
                                        "tiles": {"improved_agriculture": 1, "mercenaries": 1, "tobacco": 1}}},
             areas={"north_america": {"great_britain": {"markers": 2}}})
    t.do("great_britain", "use", "improved_agriculture")
    assert t.pop("great_britain") == 5
    t.do("great_britain", "use", "mercenaries").do("great_britain", "stay")
    assert t.units("great_britain", "great_britain")["army"] == 1 and t.pop("great_britain") == 5
    assert t.pending.kind == "action" and "action 1 of 2" in t.pending.prompt
    assert ("use", "improved_agriculture") not in t.options("great_britain")
    assert t.refused("great_britain", "use", "improved_agriculture")
    t.do("great_britain", "pass").do("great_britain", "pass")
    assert t.pending.kind == "end" and t.whose() == "great_britain"
    assert set(t.options("great_britain")) == {("use", "tobacco", "north_america"), ("end",)}
    t.do("great_britain", "use", "tobacco", "north_america")
    assert t.gold("great_britain") == 12
    assert t.whose() == "france"


def test_gen_8_turn_ends_at_once_without_a_usable_tile() -> None:
    """R-GEN-8 [ruling]: "After its second action the player is asked to end the turn only when
    it still has a tile it could use; otherwise the turn ends at once." Great Britain with only
    Army Training (passive) passes twice: France's turn follows."""
    t = turn(players={"great_britain": {"tiles": {"army_training": 1}}})
    t.do("great_britain", "pass").do("great_britain", "pass")
    assert t.whose() == "france" and t.pending.kind == "action"


def test_gen_8_one_use_tiles_return_to_the_stock() -> None:
    """R-GEN-8: "A square tile is removed from the game once used." [ruling, docs/rulings.md]
    No tile of the standard data is square: the one-use tiles (Surprise Attack, Blockade,
    Fighting Withdrawal) go back to the stock after use (R-ACT-A2), so they stay in the game.

    Great Britain places its Blockade under its fleet in India, then sails the fleet away: the
    Blockade is back in the stock (1 of 1)."""
    t = turn(players={"great_britain": {"tiles": {"blockade": 1}}},
             areas={"india": {"great_britain": {"fleet": 1}}})
    assert t.st.stock["blockade"] == 0
    t.do("great_britain", "use", "blockade", "india")
    assert t.st.blockades == [["india", 0]] and "blockade" not in t.tiles("great_britain")
    t.do("great_britain", "move").do("great_britain", "move", "india", "fleet", "africa").roll(3, 3)
    assert t.st.blockades == [] and t.st.stock["blockade"] == 1
    assert t.saw("Great Britain's Blockade in India is lifted")


# --------------------------------------------------------------------------- R-MAP
def test_map_1_seven_homes_eleven_vp_areas() -> None:
    """R-MAP-1: "Seven home nations (one per power; no VP). Eleven VP areas: six colonies ...
    and five European areas."

    The board holds exactly those; at scoring, a player with armies, fleets and a fort at home
    and nothing elsewhere scores no VP."""
    b = load_board()
    homes = {a.id for a in b.areas if a.is_home}
    assert homes == {p.id for p in b.powers} and len(homes) == 7
    assert {a for a in b.vp_areas if b.area_by_id[a].is_colony} == COLONIES
    assert {a for a in b.vp_areas if b.area_by_id[a].kind == "europe"} == EUROPE
    t = Table.at(THREE, "war_end", war=1,
                 areas={"france": {"france": {"army": 3, "fleet": 2, "fort": 1}},
                        "india": {"spain": {"markers": 1}}})
    assert t.vp("france") == 0 and t.vp("spain") == 5


def test_map_2_sea_areas() -> None:
    """R-MAP-2: "Sea areas (can hold fleets): the six colonies, Baltic, Mediterranean, and a
    player's own home nation. Fleets can never be in German States, Central Europe or Ottoman
    Empire."

    A fleet built in Great Britain may go to the eight sea VP areas only."""
    b = load_board()
    assert {a for a in b.vp_areas if b.area_by_id[a].sea} == COLONIES | {"baltic", "mediterranean"}
    t = turn()
    t.do("great_britain", "build").do("great_britain", "keep").do("great_britain", "build", "fleet")
    assert {o[1] for o in t.options("great_britain") if o[0] == "to"} == COLONIES | {"baltic", "mediterranean"}
    assert t.refused("great_britain", "to", "ottoman_empire")


def test_map_3_every_area_holds_armies_and_forts() -> None:
    """R-MAP-3: "Every area can hold armies and forts."

    At setup an army or a fort may be placed in each of the 11 VP areas; a fort built at home
    may stay there; a fort may be built into German States (with the army move rules)."""
    from .test_setup import setup_drawn
    s = setup_drawn(THREE, first=0)
    opts = s.options("great_britain")
    b = load_board()
    for area in b.vp_areas:
        assert ("place", "army", area) in opts and ("place", "fort", area) in opts
    t = turn()
    t.do("great_britain", "build").do("great_britain", "keep").do("great_britain", "build", "fort")
    assert ("to", "german_states") in t.options("great_britain")
    t.do("great_britain", "stay")
    assert t.units("great_britain", "great_britain")["fort"] == 1


def test_map_5_vp_values_and_spaces() -> None:
    """R-MAP-5: "Each VP area prints 2 or 3 VP values, and has a fixed set of minor-state
    spaces, one per nation counter of that area; the number of spaces caps how many control
    markers the area can ever hold."

    German States prints 8/5/3 and the Baltic 5/3; each area has as many counters as spaces,
    65 in all. In the Ottoman Empire (4 spaces), Great Britain 2 markers and 2 counters face
    up: no Ottoman counter is left in the bag, and after Great Britain conquers Serbia the
    area holds 3 markers and 1 counter, still 4."""
    b = load_board()
    assert b.area_by_id["german_states"].vp == (8, 5, 3) and b.area_by_id["baltic"].vp == (5, 3)
    assert all(len(b.area_by_id[a].vp) in (2, 3) for a in b.vp_areas)
    for a in b.vp_areas:
        assert sum(1 for c in b.counters if c.area == a) == b.area_by_id[a].spaces
    assert sum(b.area_by_id[a].spaces for a in b.vp_areas) == 65
    t = turn(areas={"ottoman_empire": {"great_britain": {"markers": 2, "army": 4}, "neutral": ["serbia", "crimea"]}})
    assert not [c for c in t.st.bag if b.counter_by_id[c].area == "ottoman_empire"]
    t.do("great_britain", "attack").do("great_britain", "attack", "ottoman_empire", "counter", "serbia")
    t.roll(6, 2, 3, 3)
    assert t.markers("ottoman_empire", "great_britain") == 3 and t.st.face_up["ottoman_empire"] == ["crimea"]
