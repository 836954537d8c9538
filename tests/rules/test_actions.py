"""Actions (R-ACT): buying tiles (A1, A2), building (B1..B4), moving (C1), attacking (D1),
colonising and enslaving (E1..E3), passing (F1)."""

from __future__ import annotations

import pytest

from .play import THREE, Table, turn

SEA = {"north_america", "caribbean", "south_america", "africa", "india", "east_indies", "baltic", "mediterranean"}


def build(t: Table, power: str, kind: str) -> Table:
    return t.do(power, "build").do(power, "keep").do(power, "build", kind)


# --------------------------------------------------------------------------- A: tiles
def test_act_a1_buying_pays_gold_unrest_and_population() -> None:
    """R-ACT-A1: "Buy a tile from the stock: pay its gold, unrest and population costs."

    Government Reform costs 2 gold and 1 population: Great Britain (10 gold, population 5)
    keeps the tile with 8 gold and population 4; one fewer Government Reform in the stock."""
    t = turn()
    stock = t.st.stock["government_reform"]
    t.do("great_britain", "buy")
    assert t.pending.kind == "buy"
    t.do("great_britain", "tile", "government_reform")
    assert (t.gold("great_britain"), t.pop("great_britain")) == (8, 4)
    assert t.tiles("great_britain") == {"government_reform": 1}
    assert t.st.stock["government_reform"] == stock - 1


def test_act_a1_a_free_tile_still_takes_the_action_and_one_buy_per_round() -> None:
    """R-ACT-A1: "A tile with no cost is free but still takes the action." A buy is "at most
    once per round".

    Great Britain takes Industry (no gold; 2 unrest, 3 VP): that is action 1; for action 2 the
    buy is no longer offered and is refused."""
    t = turn()
    t.do("great_britain", "buy").do("great_britain", "tile", "industry")
    assert t.gold("great_britain") == 10 and t.unrest("great_britain") == 2 and t.vp("great_britain") == 3
    assert "action 2 of 2" in t.pending.prompt
    assert "buy" not in t.kinds("great_britain")
    assert t.refused("great_britain", "buy")


def test_act_a2_one_use_tile_not_bought_back_in_the_same_round() -> None:
    """R-ACT-A2: "Surprise Attack, Blockade and Fighting Withdrawal are kept until used once,
    then return to the stock. A player cannot use one of these and buy it back in the same
    round."

    Great Britain places its Blockade under its fleet in India and sails the fleet to Africa
    (action 1): the Blockade is lifted and back in the stock, but Great Britain's buy (action
    2) does not offer it. France may buy it in its turn of the same round."""
    t = turn(players={"great_britain": {"tiles": {"blockade": 1}}},
             alliances={"A": ["great_britain", "spain"], "B": ["france"]},
             areas={"india": {"great_britain": {"fleet": 1}}})
    t.do("great_britain", "use", "blockade", "india")
    t.do("great_britain", "move").do("great_britain", "move", "india", "fleet", "africa").roll(4, 4)
    assert t.st.stock["blockade"] == 1  # its only unit has moved: the move action is over
    t.do("great_britain", "buy")
    assert ("tile", "blockade") not in t.options("great_britain")
    assert t.refused("great_britain", "tile", "blockade")
    t.do("great_britain", "tile", "navigation")
    assert t.whose() == "france"
    t.do("france", "buy")
    assert ("tile", "blockade") in t.options("france")


def test_act_a2_tiles_are_kept_pirates_played_at_once() -> None:
    """R-ACT-A2: "Tiles are kept for the game, except: alliance tiles return to the stock at the
    end of each war; Pirates and Slave Revolt are played at once."

    Spain buys Pirates: it does not keep the tile, it must name a control marker in a colony
    at once (Great Britain's in India). Army Training bought in war 1 is still held in war 2,
    and an alliance tile is back in the stock (see also R-EOW-1)."""
    t = turn("spain", areas={"india": {"great_britain": {"markers": 1}}})
    t.do("spain", "buy").do("spain", "tile", "pirates")
    assert t.pending.kind == "revolt" and t.whose() == "spain"
    assert t.options("spain") == [("revolt", "india", "great_britain")]
    assert "pirates" not in t.tiles("spain")
    w = Table.at(THREE, "war_end", war=1,
                 players={"spain": {"tiles": {"army_training": 1, "native_americans": 1}}})
    assert w.st.war == 2 and w.tiles("spain") == {"army_training": 1}
    assert w.st.stock["native_americans"] == 1


# --------------------------------------------------------------------------- B: building
def test_act_b1_build_pays_population_places_at_home_then_may_move() -> None:
    """R-ACT-B1: "Build: pay 1 population; place an army, fleet or fort from supply in the home
    nation; then it may move at once by the movement rules (R-MOV), sea roll included."

    Great Britain builds an army (population 5 -> 4): it stands in Great Britain, and may move
    to German States (adjacent) or India (a British fleet is there), not to the Baltic. Sent to
    India it makes a sea roll (5: arrives)."""
    t = turn(areas={"india": {"great_britain": {"fleet": 1}}})
    build(t, "great_britain", "army")
    assert t.pop("great_britain") == 4 and t.units("great_britain", "great_britain")["army"] == 1
    assert t.pending.kind == "build_move"
    assert set(t.options("great_britain")) == {("stay",), ("to", "german_states"), ("to", "india")}
    t.do("great_britain", "to", "india")
    assert t.pending.chance is not None and t.pending.chance.kind == "sea_roll"
    t.roll(5, 1)
    assert t.units("india", "great_britain")["army"] == 1 and t.units("great_britain", "great_britain")["army"] == 0
    assert t.supply("great_britain")["army"] == 13 and "action 2 of 2" in t.pending.prompt
    # the same action may be taken twice in a turn: a second build, a fleet kept at home
    build(t, "great_britain", "fleet").do("great_britain", "stay")
    assert t.pop("great_britain") == 3 and t.units("great_britain", "great_britain")["fleet"] == 1
    assert t.whose() == "france"


@pytest.mark.rule("R-ACT-B2")
def test_act_b2_fort_moves_only_when_built() -> None:
    """R-ACT-B2: "A fort moves only as part of its build, as if it were an army. If its sea
    roll keeps it at home, it stays in the home nation and may later be moved by a normal
    move action; a fort its owner chose to keep at home does not move later. Once in a VP
    area it never moves." (000: "se un forte è costretto a ritornare nella propria nazione
    perché è fallito il movimento via mare ... potrà poi essere mosso come parte di una
    normale azione di movimento"; 002: "I forti restano dove sono stati piazzati quando
    costruiti".)

    Great Britain builds a fort and sends it to India (its fleet is there): it rolls 1 then 3
    and stays in Great Britain. The next move action offers the fleet and that fort; the fort
    goes to German States, and after that no move of it is ever offered."""
    t = turn(areas={"india": {"great_britain": {"fleet": 1}}})
    build(t, "great_britain", "fort")
    assert ("to", "india") in t.options("great_britain") and ("to", "baltic") not in t.options("great_britain")
    t.do("great_britain", "to", "india").roll(1, 3)
    assert t.units("great_britain", "great_britain")["fort"] == 1
    assert t.saw("Great Britain's fort rolls 1, then 3: it stays in Great Britain")
    t.do("great_britain", "move")
    assert {o[2] for o in t.options("great_britain") if o[0] == "move"} == {"fleet", "fort"}
    t.do("great_britain", "move", "great_britain", "fort", "german_states")
    assert t.units("german_states", "great_britain")["fort"] == 1
    assert {o[2] for o in t.options("great_britain") if o[0] == "move"} == {"fleet"}


@pytest.mark.rule("R-ACT-B2")
def test_act_b2_a_fort_kept_at_home_never_moves() -> None:
    """R-ACT-B2: "a fort its owner chose to keep at home does not move later" (002: "I forti
    restano dove sono stati piazzati quando costruiti"). Great Britain builds a fort and keeps
    it at home; its next move action offers only its army, and a move of the fort is refused
    with the rule's id."""
    t = turn(areas={"german_states": {"great_britain": {"army": 1}}})
    build(t, "great_britain", "fort").do("great_britain", "stay")
    assert t.units("great_britain", "great_britain")["fort"] == 1
    t.do("great_britain", "move")
    assert {o[2] for o in t.options("great_britain") if o[0] == "move"} == {"army"}
    err = t.refused("great_britain", "move", "great_britain", "fort", "german_states")
    assert err.rule == "R-ACT-B2"


def test_act_b3_a_new_fleet_may_sail_to_any_sea_area() -> None:
    """R-ACT-B3: "A fleet built in the home nation may move to any sea area (R-MOV-2)."

    Spain builds a fleet: it may stay or go to any of the eight sea VP areas; to the Baltic it
    needs no sea roll."""
    t = turn("spain")
    build(t, "spain", "fleet")
    assert {o[1] for o in t.options("spain") if o[0] == "to"} == SEA
    t.do("spain", "to", "baltic")
    assert t.units("baltic", "spain")["fleet"] == 1 and t.pending.kind == "action"


def test_act_b4_disband_to_rebuild_a_fort_elsewhere() -> None:
    """R-ACT-B4: "as part of a build action the player may first remove one of their units from
    any area (taking 1 unrest), then build normally. This is how a fort is moved or a unit is
    rebuilt when its supply is empty."

    Great Britain's two forts are in German States and India. It disbands the one in India
    (+1 unrest), builds it again at home and sends it to German States: one build action,
    population 4, 2 forts in German States."""
    t = turn(areas={"german_states": {"great_britain": {"fort": 1}}, "india": {"great_britain": {"fort": 1}}})
    t.do("great_britain", "build")
    assert ("disband", "india", "fort") in t.options("great_britain") and ("keep",) in t.options("great_britain")
    t.do("great_britain", "disband", "india", "fort")
    assert t.unrest("great_britain") == 1 and t.supply("great_britain")["fort"] == 1
    t.do("great_britain", "build", "fort").do("great_britain", "to", "german_states")
    assert t.units("german_states", "great_britain")["fort"] == 2 and t.units("india", "great_britain")["fort"] == 0
    assert t.pop("great_britain") == 4 and "action 2 of 2" in t.pending.prompt
    assert t.saw("Great Britain disbands a fort in India (+1 unrest)")


def test_act_b4_empty_supply_build_needs_a_disband() -> None:
    """R-ACT-B4: with every army, fleet and fort on the map, a build must begin by disbanding:
    "keep" is not offered."""
    t = turn(areas={"german_states": {"great_britain": {"army": 14, "fort": 2}},
                    "baltic": {"great_britain": {"fleet": 7}}})
    t.do("great_britain", "build")
    opts = t.options("great_britain")
    assert ("keep",) not in opts
    assert set(opts) == {("disband", "german_states", "army"), ("disband", "german_states", "fort"),
                         ("disband", "baltic", "fleet")}
    t.do("great_britain", "disband", "baltic", "fleet")
    assert t.options("great_britain") == [("build", "fleet")]


# --------------------------------------------------------------------------- C: moving
def test_act_c1_move_two_units_one_after_the_other() -> None:
    """R-ACT-C1: "Move: move up to 2 units (3 with Logistics), armies or fleets, each one
    separately and in turn; a unit goes straight to its destination, with no range limit."
    [ruling] A move action may stop after the first unit.

    Great Britain moves a fleet Baltic -> Mediterranean, then an army German States ->
    Mediterranean (open only now, thanks to the fleet): the action is over after two. Another
    time it stops after one unit with "done"."""
    areas = {"baltic": {"great_britain": {"fleet": 1}}, "german_states": {"great_britain": {"army": 2}}}
    t = turn(areas=areas)
    t.do("great_britain", "move")
    assert ("done",) not in t.options("great_britain")
    assert ("move", "german_states", "army", "mediterranean") not in t.options("great_britain")
    t.do("great_britain", "move", "baltic", "fleet", "mediterranean")
    assert ("done",) in t.options("great_britain")
    t.do("great_britain", "move", "german_states", "army", "mediterranean")
    assert t.pending.kind == "action" and "action 2 of 2" in t.pending.prompt
    assert t.units("mediterranean", "great_britain") == {"army": 1, "fleet": 1, "fort": 0}
    u = turn(areas=areas)
    u.do("great_britain", "move").do("great_britain", "move", "german_states", "army", "great_britain")
    u.do("great_britain", "done")
    assert "action 2 of 2" in u.pending.prompt and u.units("german_states", "great_britain")["army"] == 1


def test_act_c1_logistics_moves_three() -> None:
    """R-ACT-C1: "3 with Logistics". Great Britain with Logistics moves three armies from
    German States home in one action; without it the action ends after two."""
    areas = {"german_states": {"great_britain": {"army": 3}}}
    t = turn(players={"great_britain": {"tiles": {"logistics": 1}}}, areas=areas)
    t.do("great_britain", "move")
    for _ in range(3):
        assert t.pending.kind == "move"
        t.do("great_britain", "move", "german_states", "army", "great_britain")
    assert t.units("great_britain", "great_britain")["army"] == 3 and "action 2 of 2" in t.pending.prompt
    u = turn(areas=areas)
    u.do("great_britain", "move")
    u.do("great_britain", "move", "german_states", "army", "great_britain")
    u.do("great_britain", "move", "german_states", "army", "great_britain")
    assert u.pending.kind == "action" and u.units("german_states", "great_britain")["army"] == 1


# --------------------------------------------------------------------------- D: attack
def test_act_d1_attack_is_an_action() -> None:
    """R-ACT-D1: "Attack: see R-CMB." An attack is one of the two actions and costs 2 gold.

    Great Britain, 3 armies in German States, attacks Baden (2): it pays 2 gold, rolls 6 and
    2 against 3 and 3 (7 to 2), places a control marker for Baden, and chooses its second
    action."""
    t = turn(areas={"german_states": {"great_britain": {"army": 3}, "neutral": ["baden"]}})
    t.do("great_britain", "attack")
    assert t.options("great_britain") == [("attack", "german_states", "counter", "baden")]
    t.do("great_britain", "attack", "german_states", "counter", "baden").roll(6, 2, 3, 3)
    assert t.gold("great_britain") == 8 and t.markers("german_states", "great_britain") == 1
    assert t.st.face_up["german_states"] == [] and "action 2 of 2" in t.pending.prompt


# --------------------------------------------------------------------------- E: colonise, enslave
def test_act_e1_colonise_pays_one_population() -> None:
    """R-ACT-E1: "Colonise: pay 1 population and replace a neutral counter marked "Pop" with
    your control marker (the counter leaves the game)." [ruling] No unit is needed there.

    France, with nothing in North America, colonises Virginia: population 5 -> 4, a French
    marker in North America, Virginia gone from the map and the bag. New France (3, not Pop)
    cannot be colonised."""
    t = turn("france", areas={"north_america": {"neutral": ["virginia", "new_france"]}})
    opts = t.options("france")
    assert ("colonise", "virginia") in opts and ("colonise", "new_france") not in opts
    t.do("france", "colonise", "virginia")
    assert t.pop("france") == 3 + 1 and t.markers("north_america", "france") == 1
    assert t.st.face_up["north_america"] == ["new_france"] and "virginia" not in t.st.bag
    assert t.gold("france") == 10 and t.saw("France colonises Virginia in North America")


def test_act_e2_enslave_needs_a_fleet_in_africa() -> None:
    """R-ACT-E2: "Enslave: with at least one of your fleets in Africa, replace a neutral counter
    marked "Slaves" with your control marker, at no cost."

    Jamaica (Slaves) is face up in the Caribbean. Spain, fleet in the Caribbean only, cannot
    enslave; Great Britain, fleet in Africa, enslaves Jamaica: no gold, no population spent."""
    areas = {"caribbean": {"neutral": ["jamaica"], "spain": {"fleet": 1}}, "africa": {"great_britain": {"fleet": 1}}}
    s = turn("spain", areas=areas)
    assert "enslave" not in s.kinds("spain") and s.refused("spain", "enslave", "jamaica")
    t = turn(areas=areas)
    assert ("colonise", "jamaica") not in t.options("great_britain")
    t.do("great_britain", "enslave", "jamaica")
    assert t.markers("caribbean", "great_britain") == 1 and t.st.face_up["caribbean"] == []
    assert (t.gold("great_britain"), t.pop("great_britain")) == (10, 5)


def test_act_e3_colonise_or_enslave_once_per_round() -> None:
    """R-ACT-E3: "Colonise and enslave are the same kind of action: at most one of them per
    round."

    Great Britain colonises Virginia; New England (Pop) and Jamaica (Slaves, its fleet is in
    Africa) are still face up, but its second action may neither colonise nor enslave."""
    t = turn(areas={"north_america": {"neutral": ["virginia", "new_england"]},
                    "caribbean": {"neutral": ["jamaica"]}, "africa": {"great_britain": {"fleet": 1}}})
    t.do("great_britain", "colonise", "virginia")
    assert not t.kinds("great_britain") & {"colonise", "enslave"}
    assert t.refused("great_britain", "enslave", "jamaica")
    assert t.refused("great_britain", "colonise", "new_england")


# --------------------------------------------------------------------------- F: pass
def test_act_f1_pass_does_nothing_and_the_player_plays_on() -> None:
    """R-ACT-F1: "Pass: do nothing; the player still acts in later rounds."

    Great Britain (last in play order) passes twice in round 1: nothing changes but the turn;
    round 2 begins and Great Britain's turn comes again after France and Spain."""
    t = turn(alliances={"A": ["france", "great_britain"], "B": ["spain"]})
    before = (t.gold("great_britain"), t.pop("great_britain"), t.unrest("great_britain"))
    assert [t.st.powers[s] for s in t.st.order] == ["france", "spain", "great_britain"]
    t.do("great_britain", "pass")
    assert t.saw("Great Britain passes") and "action 2 of 2" in t.pending.prompt
    t.do("great_britain", "pass")
    assert (t.gold("great_britain"), t.pop("great_britain"), t.unrest("great_britain")) == before
    assert t.st.round == 2 and t.whose() == "france"
    for p in ("france", "spain"):
        t.do(p, "pass").do(p, "pass")
    assert t.whose() == "great_britain" and t.pending.kind == "action"


@pytest.mark.rule("R-ACT-C1")
def test_act_c1_each_unit_moves_at_most_once_in_an_action() -> None:
    """R-ACT-C1: "move up to 2 units (3 with Logistics) ... each unit at most once in the
    action" (000: «questa azione permette a due unità di muoversi. Ciascun movimento viene
    effettuato indipendentemente dall'altro ed è un evento totalmente separato»).

    Great Britain's only fleet sails from South America to India: it may not sail on to
    Africa in the same action (refused, naming R-ACT-C1), so the action ends. With a second
    fleet and Logistics, three units move, each once."""
    t = turn(areas={"south_america": {"great_britain": {"fleet": 1}}, "german_states": {"great_britain": {"army": 1}}})
    t.do("great_britain", "move").do("great_britain", "move", "south_america", "fleet", "india").roll(4, 4)
    assert t.units("india", "great_britain")["fleet"] == 1
    assert not any(o[:3] == ("move", "india", "fleet") for o in t.options("great_britain"))
    err = t.refused("great_britain", "move", "india", "fleet", "africa")
    assert err.rule == "R-ACT-C1" and "at most once" in err.message
    t.do("great_britain", "move", "german_states", "army", "great_britain")
    assert t.pending.kind == "action"  # two units moved: the action is over
    u = turn(players={"great_britain": {"tiles": {"logistics": 1}}},
             areas={"baltic": {"great_britain": {"fleet": 2}}, "german_states": {"great_britain": {"army": 1}}})
    u.do("great_britain", "move").do("great_britain", "move", "baltic", "fleet", "mediterranean")
    assert ("move", "baltic", "fleet", "mediterranean") in u.options("great_britain")  # the other fleet
    assert not any(o[:3] == ("move", "mediterranean", "fleet") for o in u.options("great_britain"))
    u.do("great_britain", "move", "baltic", "fleet", "mediterranean")
    u.do("great_britain", "move", "german_states", "army", "great_britain")
    assert u.units("mediterranean", "great_britain")["fleet"] == 2 and u.pending.kind == "action"


@pytest.mark.rule("R-ACT-C1")
def test_act_c1_a_failed_sea_roll_is_not_retried_in_the_same_action() -> None:
    """R-ACT-C1, R-MOV-5: 002 (North America sea move example): «Se la Gran Bretagna avesse
    un'altra azione disponibile potrebbe tranquillamente ritentare di muovere la propria
    armata»: only another action may retry. Great Britain's army in German States fails its
    sea roll to India (1, then 3) and stays; the same crossing is not offered again in this
    action, and the action ends (no other unit may move)."""
    t = turn(areas={"india": {"great_britain": {"fleet": 1}}, "german_states": {"great_britain": {"army": 1}}})
    t.do("great_britain", "move").do("great_britain", "move", "german_states", "army", "india").roll(1, 3)
    assert t.units("german_states", "great_britain")["army"] == 1
    assert ("move", "german_states", "army", "india") not in t.options("great_britain")
    assert ("move", "india", "fleet", "africa") in t.options("great_britain")
    t.do("great_britain", "done")
    t.do("great_britain", "move")
    assert ("move", "german_states", "army", "india") in t.options("great_britain")  # another action
