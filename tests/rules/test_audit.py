"""Findings of the rules audit against the Italian originals (000 full translation with the
tile table, 001 player aid, 002 full rulebook): engine fixes and rulings, each quoting the
rule it follows.
"""

from __future__ import annotations

from .arena import Arena

GB, FR, ES = "great_britain", "france", "spain"
THREE = [GB, FR, ES]


# --------------------------------------------------------------------------- R-TIL-17, R-TIL-18
def test_slave_revolt_owner_defends_with_its_alliance_tile() -> None:
    """R-TIL-18, R-CMB-10: "Alliance tiles ... add one army or fleet, by the tile's symbol, in
    the tile's area(s)"; of the Pirates 000 says "Il combattimento avviene nella solita maniera
    (non si può chiedere l'aiuto di alleati)" and 001 "Il combattimento si svolge in modo
    normale (il difensore non può chiedere aiuto agli alleati)": only allies are kept out, as
    with a Surprise Attack, where "Il difensore può sempre usare le tessere Alleanza".

    France holds Native Americans (North America, army) and defends its marker there with one
    army: 1 + 1 = 2. The revolt rolls 2 and 2 (3 + 0), France 4 and 2 (2 + 2): France wins 4
    to 3 and keeps its army and marker; the tile returns to the stock (without the tile it
    would be a tie, 3 to 3, costing France its army)."""
    a = Arena(THREE, turn={"power": GB}, players={FR: {"tiles": {"native_americans": 1}}},
              areas={"north_america": {FR: {"army": 1, "markers": 1}}})
    a.play((GB, "buy"), (GB, "tile", "slave_revolt"), (GB, "revolt", "north_america", FR))
    assert a.saw("France's Native Americans adds one army")
    a.step("roll", 2, 2, 4, 2)
    assert a.saw("France wins the battle in North America, 4 to 3")
    assert a.markers("north_america", FR) == 1 and a.units("north_america", FR) == (1, 0, 0)
    assert a.stock("slave_revolt") == 1


def test_pirates_owner_defends_with_its_fleet_alliance_tile() -> None:
    """R-TIL-17, R-CMB-10: against the Pirates (a naval battle) the owner's alliance tile that
    shows a fleet adds a fleet in its area; an army-only tile adds nothing at sea. France holds
    Portugal (India; army or fleet) and Indian Nawab (India, army), and has no fleet in India:
    it defends with 1 (Portugal's fleet) and ties the Pirates' 1 on equal dice, so the Pirates
    fail; France has no unit to lose and keeps its marker."""
    a = Arena(THREE, turn={"power": GB}, players={FR: {"tiles": {"portugal": 1, "indian_nawab": 1}}},
              areas={"india": {FR: {"markers": 1}}})
    a.play((GB, "buy"), (GB, "tile", "pirates"), (GB, "revolt", "india", FR))
    assert a.saw("France's Portugal adds one fleet")
    assert not a.saw("Indian Nawab")
    a.step("roll", 2, 2, 2, 2)
    assert a.saw("The naval battle in India is a tie, 1 to 1")
    assert a.markers("india", FR) == 1 and a.st.captured == [] and a.stock("pirates") == 1


# --------------------------------------------------------------------------- R-ACT-B4
def test_a_disbanded_unit_is_rebuilt_as_the_same_kind() -> None:
    """R-ACT-B4 [ruling]: "as part of a build action the player may first remove one of their
    units from any area (taking 1 unrest), then build normally"; 000 "distruggere una unità in
    un'area e ricostruirla ovunque", 002 "distruggere una unità e costruirla da qualche altra
    parte": the unit destroyed is the one rebuilt. Great Britain disbands its army in India:
    only an army may be built (its fleets and forts in the supply are not offered); without a
    disband every kind is."""
    a = Arena(THREE, turn={"power": GB}, areas={"india": {GB: {"army": 1}}})
    a.step(GB, "build")
    assert ["disband", "india", "army"] in a.options(GB) and ["keep"] in a.options(GB)
    a.step(GB, "disband", "india", "army")
    assert a.options(GB) == [["build", "army"]]
    a.step(GB, "build", "army")
    assert a.units(GB, GB) == (1, 0, 0) and a.units("india", GB) == (0, 0, 0)
    assert a.unrest(GB) == 1 and a.pop(GB) == 4
    b = Arena(THREE, turn={"power": GB}, areas={"india": {GB: {"army": 1}}})
    b.play((GB, "build"), (GB, "keep"))
    assert b.options(GB) == [["build", "army"], ["build", "fleet"], ["build", "fort"]]


# --------------------------------------------------------------------------- R-MOV-3
def test_armies_stay_in_a_colony_when_their_fleet_leaves() -> None:
    """R-MOV-3 [ruling]: "An army may move into a colony only if the player has at least one
    fleet there" (000: "Un esercito si può muovere in una colonia se e solo se il giocatore ha
    almeno una flotta in quell'area"). The fleet is needed to enter, not to stay or to leave.
    Great Britain's fleet sails from India to Africa (sea roll 3): its army stays in India, may
    still leave for Europe (with a sea roll) or for Africa where the fleet now is, but not for
    the East Indies; the army at home can no longer go to India."""
    a = Arena(THREE, turn={"power": GB}, areas={"india": {GB: {"army": 1, "fleet": 1}},
                                                GB: {GB: {"army": 1}}})
    a.play((GB, "move"), (GB, "move", "india", "fleet", "africa"), ("roll", 3, 1))
    assert a.units("india", GB) == (1, 0, 0) and a.units("africa", GB) == (0, 1, 0)
    moves = a.options(GB)
    assert ["move", "india", "army", GB] in moves and ["move", "india", "army", "africa"] in moves
    assert ["move", "india", "army", "east_indies"] not in moves
    assert ["move", GB, "army", "india"] not in moves
    a.play((GB, "move", "india", "army", GB), ("roll", 4, 1))
    assert a.saw("Great Britain's army rolls 4 and arrives in Great Britain")
    assert a.units(GB, GB) == (2, 0, 0)


# --------------------------------------------------------------------------- R-ACT-B2 (000 over the reference)
def test_a_fort_sent_home_by_the_sea_may_move_later_as_an_army() -> None:
    """R-ACT-B2, R-MOV-1, following 000 where the reference deviates: "se un forte è costretto a
    ritornare nella propria nazione perché è fallito il movimento via mare, allora esso resterà
    nella propria nazione e potrà poi essere mosso come parte di una normale azione di
    movimento. Una volta piazzato in un'area con punti vittoria, non potrà più essere spostato"
    (002 too: "Una volta piazzato su una regione che fornisce Punti Vittoria non può più essere
    spostato"). The reference's "can never move again" is in neither seed.

    Great Britain's new fort rolls 1 then 3 on its way to India and stays at home. A later move
    action offers it, by the army rules (India with the fleet, German States by adjacency, not
    the Baltic); it reaches India with a 5 and is never offered a move again."""
    a = Arena(THREE, turn={"power": GB}, areas={"india": {GB: {"fleet": 1}}})
    a.play((GB, "build"), (GB, "keep"), (GB, "build", "fort"), (GB, "to", "india"), ("roll", 1, 3))
    assert a.units(GB, GB) == (0, 0, 1)
    a.step(GB, "move")
    forts = {o[3] for o in a.options(GB) if o[0] == "move" and o[2] == "fort"}
    assert forts == {"india", "german_states"}
    a.play((GB, "move", GB, "fort", "india"), ("roll", 5, 1))
    assert a.saw("Great Britain's fort rolls 5 and arrives in India")
    assert a.units("india", GB) == (0, 1, 1)
    assert not any(o[0] == "move" and o[2] == "fort" for o in a.options(GB))


def test_a_fort_in_a_vp_area_never_moves() -> None:
    """R-ACT-B2: "Once in a VP area it never moves." France's fort in German States is never
    offered a move; its fort at home, sent back there by a sea roll, is, as an army."""
    a = Arena(THREE, turn={"power": FR}, areas={"german_states": {FR: {"fort": 1}}, FR: {FR: {"fort": 1}}},
              players={FR: {"loose_forts": 1}})
    a.step(FR, "move")
    assert {(o[1], o[2]) for o in a.options(FR) if o[0] == "move"} == {(FR, "fort")}
