"""Pirates (R-TIL-17) and Slave Revolt (R-TIL-18): bought and played at once against a
control marker in a colony, the battle against the marker's owner, the captured marker
(no income, no VP), and attacking the tile later to take the marker.

The tile is the attacking side: battle dice are the tile's two dice, then the owner's.
"""

from __future__ import annotations

from typing import Any

from .arena import Arena

GB, FR, ES = "great_britain", "france", "spain"
THREE = [GB, FR, ES]


def gb_buys(tile: str, **position: Any) -> Arena:
    """Great Britain buys Pirates or Slave Revolt as its first action."""
    position.setdefault("turn", {"power": GB})
    return Arena(THREE, **position).play((GB, "buy"), (GB, "tile", tile))


# --------------------------------------------------------------------------- R-TIL-17 Pirates
def test_pirates_are_played_at_once_and_capture_a_marker() -> None:
    """R-TIL-17: "bought and played at once in a colony, naming a control marker there ...
    The tile, strength 1, fights a naval battle against that marker owner's fleets there (0
    if none) ... If the pirates win, the marker is put on the tile, which stays in the
    area." Great Britain pays 2 gold and names France's marker in India; Spain's marker in
    German States is no target (not a colony). The Pirates roll 3 and 1 (1 + 2 = 3) against
    France's 0 + 0: France's marker is captured."""
    a = gb_buys("pirates", areas={"india": {FR: {"markers": 2}}, "caribbean": {FR: {"markers": 1}},
                                  "german_states": {ES: {"markers": 1}}})
    assert a.whose() == ("revolt", GB)
    assert sorted(map(tuple, a.options(GB))) == [("revolt", "caribbean", FR), ("revolt", "india", FR)]
    a.step(GB, "revolt", "india", FR)
    assert a.chance() == "dice"
    assert a.saw("The Pirates strike France in India")
    a.step("roll", 3, 1, 2, 2)
    assert a.saw("The Pirates win the naval battle in India, 3 to 0")
    assert a.saw("The Pirates capture France's control marker in India")
    assert a.markers("india", FR) == 1
    assert a.st.captured == [["india", "pirates", a.s(FR)]]
    assert a.supply(FR, "marker") == 20
    assert a.tiles(GB) == {} and a.stock("pirates") == 0
    assert a.gold(GB) == 8
    assert a.whose() == ("action", GB)


def test_pirates_fight_the_owners_fleets_and_return_if_beaten() -> None:
    """R-TIL-17: "If the pirates lose their first battle, the tile returns to the stock."
    France has 2 fleets in India: 2 to 1, France keeps its marker and its fleets."""
    a = gb_buys("pirates", areas={"india": {FR: {"fleet": 2, "markers": 1}}})
    a.play((GB, "revolt", "india", FR), ("roll", 2, 2, 2, 2))
    assert a.saw("France wins the naval battle in India, 2 to 1")
    assert a.saw("The Pirates fail; the tile returns to the stock")
    assert a.units("india", FR) == (0, 2, 0)
    assert a.markers("india", FR) == 1
    assert a.stock("pirates") == 1 and a.st.captured == []


def test_pirates_tie_costs_the_owner_a_fleet_and_the_tile_returns() -> None:
    """R-TIL-17 (ruling): "on a tie the owner loses one unit (the tie rule), keeps its
    marker and the tile returns to the stock." 1 to 1: France loses its fleet."""
    a = gb_buys("pirates", areas={"india": {FR: {"fleet": 1, "markers": 1}}})
    a.play((GB, "revolt", "india", FR), ("roll", 2, 2, 2, 2))
    assert a.saw("The naval battle in India is a tie, 1 to 1")
    assert a.units("india", FR) == (0, 0, 0)
    assert a.unrest(FR) == 1
    assert a.markers("india", FR) == 1 and a.stock("pirates") == 1


def test_pirates_owner_defends_alone_with_its_own_tiles() -> None:
    """R-TIL-17: "without allies"; ruling: the owner may use Reserve, training and Fighting
    Withdrawal. Spain, France's ally, has fleets in India but is not asked. France (1 fleet,
    Naval Training: 2) rolls 2 and 2 against the Pirates' 6 and 2 (5), rerolls with its
    Reserve 5 and 1 (6) and wins."""
    a = gb_buys("pirates", alliances={"A": [GB], "B": [FR, ES]},
                players={FR: {"tiles": {"naval_training": 1, "reserve": 1}}},
                areas={"india": {FR: {"fleet": 1, "markers": 1}, ES: {"fleet": 3}}})
    a.step(GB, "revolt", "india", FR)
    assert a.chance() == "dice"
    a.step("roll", 6, 2, 2, 2)
    assert a.whose() == ("reserve", FR)
    a.play((FR, "reserve"), ("roll", 5, 1))
    assert a.saw("France wins the naval battle in India, 6 to 5")
    assert a.markers("india", FR) == 1 and a.stock("pirates") == 1


def test_pirates_may_name_an_allys_marker() -> None:
    """R-TIL-17: "naming a control marker there (any player's, an ally's too)". Great
    Britain and France are allies; France's marker in India may still be named."""
    a = gb_buys("pirates", alliances={"A": [GB, FR], "B": [ES]}, areas={"india": {FR: {"markers": 1}}})
    assert a.options(GB) == [["revolt", "india", FR]]


def test_pirates_and_slave_revolt_need_a_target_to_be_bought() -> None:
    """R-TIL-17, R-TIL-18 (ruling): they can be bought only when another player has a
    control marker in a colony (in the Americas for Slave Revolt). France's markers are in
    Europe and Great Britain's own are in India: neither tile is offered."""
    a = Arena(THREE, turn={"power": GB}, areas={"german_states": {FR: {"markers": 2}}, "india": {GB: {"markers": 2}}})
    a.step(GB, "buy")
    offered = [o[1] for o in a.options(GB)]
    assert "pirates" not in offered and "slave_revolt" not in offered


def test_a_captured_marker_gives_no_income_and_no_vp() -> None:
    """R-TIL-17: "that marker gives no income and no VP" (R-INC-1, R-VP-1). France's only
    India marker is on the Pirates tile: at the end of war 1 France collects 5 gold (its
    population only) and scores nothing in India; Great Britain's one marker there is
    first: 5 VP."""
    a = Arena(THREE, phase="war_end", war=1, captured=[["india", "pirates", FR]], areas={"india": {GB: {"markers": 1}}})
    assert a.gold(FR) == 15
    assert a.vp(FR) == 0
    assert a.vp(GB) == 5
    assert a.st.captured == [["india", "pirates", a.s(FR)]]


def test_a_captured_marker_is_not_a_target() -> None:
    """R-TIL-17 (ruling): a captured marker "is not a marker the owner can be attacked for".
    Great Britain's army in India may attack the neutral Mysore but not France."""
    a = Arena(THREE, turn={"power": GB}, captured=[["india", "pirates", FR]],
              areas={"india": {GB: {"army": 1}, "neutral": ["mysore"]}})
    a.step(GB, "attack")
    assert a.options(GB) == [["attack", "india", "counter", "mysore"]]


def test_attacking_the_pirates_tile_at_sea_takes_the_marker() -> None:
    """R-TIL-17: "Any player may attack the tile as a neutral of strength 1 at sea (a naval
    battle); the winner takes the marker as its own control marker and the tile returns to
    the stock." Spain's fleet beats the Pirates (3 to 1): a Spanish marker goes to India,
    France's captured marker goes back to France's supply."""
    a = Arena(THREE, turn={"power": ES}, captured=[["india", "pirates", FR]],
              areas={"india": {ES: {"fleet": 1}}})
    assert a.supply(FR, "marker") == 22
    a.step(ES, "attack")
    assert a.options(ES) == [["attack", "india", "tile", "pirates"]]
    a.play((ES, "attack", "india", "tile", "pirates"), ("roll", 3, 1, 1, 1))
    assert a.saw("Spain attacks the Pirates tile in India")
    assert a.saw("Spain wins the naval battle in India, 3 to 1")
    assert a.saw("Spain beats the Pirates in India; the tile returns to the stock")
    assert a.markers("india", ES) == 1
    assert a.supply(FR, "marker") == 23
    assert a.st.captured == [] and a.stock("pirates") == 1
    assert a.gold(ES) == 8


def test_attacking_the_pirates_needs_a_fleet_and_a_loss_costs_one() -> None:
    """R-TIL-17: the Pirates are fought at sea (ruling: by a player with a fleet there).
    Great Britain's army in India cannot attack them. Spain's fleet loses 1 to 4: it is
    lost (1 unrest) and the tile stays with France's marker."""
    a = Arena(THREE, turn={"power": GB}, captured=[["india", "pirates", FR]], areas={"india": {GB: {"army": 2}}})
    assert "attack" not in a.kinds(GB)
    b = Arena(THREE, turn={"power": ES}, captured=[["india", "pirates", FR]], areas={"india": {ES: {"fleet": 1}}})
    b.play((ES, "attack"), (ES, "attack", "india", "tile", "pirates"), ("roll", 2, 2, 4, 1))
    assert b.saw("The Pirates win the naval battle in India, 4 to 1")
    assert b.units("india", ES) == (0, 0, 0) and b.unrest(ES) == 1
    assert b.st.captured == [["india", "pirates", b.s(FR)]]
    assert b.markers("india", ES) == 0


# --------------------------------------------------------------------------- R-TIL-18 Slave Revolt
def test_slave_revolt_only_in_the_americas() -> None:
    """R-TIL-18: "only in North America, South America or Caribbean". France has markers in
    the Caribbean, India and Africa: only the Caribbean may be named."""
    a = gb_buys("slave_revolt", areas={"caribbean": {FR: {"markers": 1}}, "india": {FR: {"markers": 1}},
                                       "africa": {FR: {"markers": 1}}})
    assert a.options(GB) == [["revolt", "caribbean", FR]]


def test_slave_revolt_is_a_land_battle_of_three_with_naval_support() -> None:
    """R-TIL-18: "a land battle of strength 3 against that owner's armies ... naval support
    may be added." France defends the Caribbean with an army, a fort (2) and a fleet (+1
    naval support): 4 + 0 against the revolt's 3 + 4 (5 and 1). France loses and picks its
    fort; its marker goes onto the tile."""
    a = gb_buys("slave_revolt", areas={"caribbean": {FR: {"army": 1, "fort": 1, "fleet": 1, "markers": 1}}})
    a.play((GB, "revolt", "caribbean", FR), ("roll", 5, 1, 2, 2))
    assert a.saw("The Slave Revolt strikes France in Caribbean")
    assert a.saw("The Slave Revolt wins the battle in Caribbean, 7 to 4")
    assert a.whose() == ("lose", FR)
    a.step(FR, "lose", "fort")
    assert a.units("caribbean", FR) == (1, 1, 0)
    assert a.markers("caribbean", FR) == 0
    assert a.st.captured == [["caribbean", "slave_revolt", a.s(FR)]]
    assert a.stock("slave_revolt") == 0


def test_slave_revolt_owner_may_use_blockade_b() -> None:
    """R-TIL-18, R-TIL-21 (b): the owner's naval support against a Slave Revolt is a land
    battle's naval support, so Blockade makes it +2 (declared before dice). France (an army,
    a fleet, Blockade) defends the Caribbean: 1 + 2 = 3 against the revolt's 3, a tie: France
    loses its army, keeps its marker, the revolt fails and the Blockade returns to the
    stock. Without a fleet there France is not asked."""
    a = gb_buys("slave_revolt", players={FR: {"tiles": {"blockade": 1}}},
                areas={"caribbean": {FR: {"army": 1, "fleet": 1, "markers": 1}}})
    a.step(GB, "revolt", "caribbean", FR)
    assert a.whose() == ("blockade", FR)
    assert sorted(map(tuple, a.options(FR))) == [("blockade",), ("no_blockade",)]
    a.play((FR, "blockade"), ("roll", 2, 2, 2, 2))
    assert a.saw("The battle in Caribbean is a tie, 3 to 3")
    assert a.units("caribbean", FR) == (0, 1, 0)
    assert a.markers("caribbean", FR) == 1
    assert a.tiles(FR) == {} and a.stock("blockade") == 1 and a.stock("slave_revolt") == 1
    b = gb_buys("slave_revolt", players={FR: {"tiles": {"blockade": 1}}},
                areas={"caribbean": {FR: {"army": 1, "markers": 1}}})
    b.step(GB, "revolt", "caribbean", FR)
    assert b.chance() == "dice"


def test_attacking_the_slave_revolt_on_land_takes_the_marker() -> None:
    """R-TIL-18 (ruling): a Slave Revolt is attacked on land by a player with an army there,
    as a neutral of strength 3; a fleet there gives naval support. Spain (2 armies, 1 fleet)
    rolls 4 and 1: 2 + 1 + 3 = 6 against 3: it places its marker, France's returns to
    France's supply and the tile to the stock. A fleet alone may not attack it."""
    a = Arena(THREE, turn={"power": ES}, captured=[["caribbean", "slave_revolt", FR]],
              areas={"caribbean": {ES: {"army": 2, "fleet": 1}}})
    a.play((ES, "attack"), (ES, "attack", "caribbean", "tile", "slave_revolt"), ("roll", 4, 1, 1, 1))
    assert a.saw("Spain has naval support")
    assert a.saw("Spain wins the battle in Caribbean, 6 to 3")
    assert a.markers("caribbean", ES) == 1
    assert a.supply(FR, "marker") == 23
    assert a.st.captured == [] and a.stock("slave_revolt") == 1
    b = Arena(THREE, turn={"power": ES}, captured=[["caribbean", "slave_revolt", FR]],
              areas={"caribbean": {ES: {"fleet": 2}}})
    assert "attack" not in b.kinds(ES)


# --------------------------------------------------------------------------- the log's words
def test_til_17_til_18_the_log_agrees_with_the_pirates_and_the_slave_revolt() -> None:
    """R-TIL-17, R-TIL-18: the log's verbs agree with the tile's name: "the Pirates roll",
    "capture", "fail" (plural); "the Slave Revolt rolls", "captures", "fails" (singular),
    whether the tile strikes or is attacked."""
    a = gb_buys("pirates", areas={"india": {FR: {"markers": 1}}})
    a.play((GB, "revolt", "india", FR), ("roll", 6, 2, 2, 2))
    assert a.saw("Naval battle in India: the Pirates roll 6 and 2, France rolls 2 and 2")
    assert a.saw("The Pirates capture France's control marker in India")
    b = gb_buys("slave_revolt", areas={"caribbean": {FR: {"army": 2, "markers": 1}}})
    b.play((GB, "revolt", "caribbean", FR), ("roll", 2, 2, 6, 1))
    assert b.saw("Battle in Caribbean: the Slave Revolt rolls 2 and 2, France rolls 6 and 1")
    assert b.saw("The Slave Revolt fails; the tile returns to the stock")
    c = gb_buys("slave_revolt", areas={"caribbean": {FR: {"markers": 1}}})
    c.play((GB, "revolt", "caribbean", FR), ("roll", 2, 2, 1, 1))
    assert c.saw("The Slave Revolt captures France's control marker in Caribbean")
    d = Arena(THREE, turn={"power": ES}, captured=[["india", "pirates", FR]], areas={"india": {ES: {"fleet": 1}}})
    d.play((ES, "attack"), (ES, "attack", "india", "tile", "pirates"), ("roll", 2, 2, 4, 1))
    assert d.saw("Naval battle in India: Spain rolls 2 and 2, the Pirates roll 4 and 1")
    assert not any(" rolls" in t and "Pirates rolls" in t for t in d.log + a.log)
