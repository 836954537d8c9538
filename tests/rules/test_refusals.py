"""Refusals a player reads when clicking something the rules do not allow: each names the
most specific rule id of the reference and says why in words (docs/rulings.md, "Refusals
name their rule"). The fuzzed walk over whole games is in tests/test_fuzz.py."""

from __future__ import annotations

import pytest

from .arena import Arena

GB, FR, ES = "great_britain", "france", "spain"
THREE = [GB, FR, ES]


def gb_turn(**position: object) -> Arena:
    position.setdefault("turn", {"power": GB})
    position.setdefault("alliances", {"A": [GB], "B": [FR, ES]})
    return Arena(THREE, **position)


@pytest.mark.rule("R-MOV-4")
def test_a_move_into_a_european_area_without_the_adjacency() -> None:
    """R-MOV-4: Spain's army in the Mediterranean may not go to the German States: no marker
    there or next to it, not next to Spain, no fleet to carry it."""
    a = Arena(THREE, turn={"power": ES}, alliances={"A": [ES], "B": [GB, FR]},
              areas={"mediterranean": {ES: {"army": 1}}})
    a.step(ES, "move")
    err = a.refused(ES, "move", "mediterranean", "army", "german_states")
    assert err.rule == "R-MOV-4"
    assert err.message.startswith("German States is not adjacent to Spain's home nation")
    assert str(err).endswith("(R-MOV-4)")


@pytest.mark.rule("R-MOV-3")
@pytest.mark.rule("R-MOV-2")
@pytest.mark.rule("R-MOV-1")
def test_moves_the_movement_rules_forbid_name_each_rule() -> None:
    """R-MOV-3 (a colony without a fleet), R-MOV-2 (a fleet into Central Europe), R-MOV-1
    (another player's home nation)."""
    a = gb_turn(areas={"german_states": {GB: {"army": 1}}, "baltic": {GB: {"fleet": 1}}})
    a.step(GB, "move")
    assert a.refused(GB, "move", "german_states", "army", "india").rule == "R-MOV-3"
    assert a.refused(GB, "move", "baltic", "fleet", "central_europe").rule == "R-MOV-2"
    err = a.refused(GB, "move", "german_states", "army", "france")
    assert err.rule == "R-MOV-1" and "another player's home nation (France)" in err.message


@pytest.mark.rule("R-ACT-A1")
def test_a_second_tile_in_a_round() -> None:
    """R-ACT-A1: "at most once per round": after buying, a second buy is refused."""
    a = gb_turn()
    a.play((GB, "buy"), (GB, "tile", "navigation"))
    err = a.refused(GB, "buy")
    assert err.rule == "R-ACT-A1" and "already bought a tile this round" in err.message


@pytest.mark.rule("R-ACT-E2")
@pytest.mark.rule("R-ACT-E3")
def test_enslaving_without_a_fleet_in_africa_and_a_second_colony_in_a_round() -> None:
    """R-ACT-E2: enslaving needs a fleet in Africa; R-ACT-E3: one colonise or enslave a round."""
    a = gb_turn(areas={"caribbean": {"neutral": ["jamaica"]}, "north_america": {"neutral": ["virginia"]}})
    err = a.refused(GB, "enslave", "jamaica")
    assert err.rule == "R-ACT-E2" and "no fleet in Africa" in err.message
    a.step(GB, "colonise", "virginia")
    assert a.refused(GB, "enslave", "jamaica").rule == "R-ACT-E3"


@pytest.mark.rule("R-ACT-A2")
@pytest.mark.rule("R-GEN-8")
def test_tiles_bought_back_or_used_twice() -> None:
    """R-ACT-A2: a one-use tile used this round is not bought back; R-GEN-8: a triangle tile
    is used once a war."""
    a = gb_turn(players={GB: {"tiles": {"blockade": 1, "improved_agriculture": 1}}},
                areas={"india": {GB: {"fleet": 1}}})
    a.play((GB, "use", "blockade", "india"), (GB, "use", "improved_agriculture"))
    assert a.refused(GB, "use", "improved_agriculture").rule == "R-GEN-8"
    a.step(GB, "move").step(GB, "move", "india", "fleet", GB).step("roll", 4, 1)
    a.step(GB, "buy")
    err = a.refused(GB, "tile", "blockade")
    assert err.rule == "R-ACT-A2" and "cannot buy it back in the same round" in err.message


@pytest.mark.rule("R-GEN-3")
def test_another_players_decision_and_a_kind_not_asked_for() -> None:
    """R-GEN-3: France may not act in Great Britain's turn, and a bid is no action: both are
    refused with the rule of the decision the game waits for."""
    a = gb_turn()
    err = a.refused(FR, "pass")
    assert err.rule == "R-GEN-3" and err.message.startswith("It is not France's decision")
    err = a.refused(GB, "bid", 3)
    assert err.rule == "R-GEN-3" and "Bid 3 gold is not one of the choices now" in err.message


@pytest.mark.rule("R-CMB-2")
@pytest.mark.rule("R-CMB-13")
def test_attacks_without_an_army_or_on_an_ally() -> None:
    """R-CMB-2: a land attack needs an army of one's own there; R-CMB-13: never an ally."""
    a = Arena(THREE, turn={"power": GB}, alliances={"A": [GB, ES], "B": [FR]},
              areas={"india": {GB: {"army": 1}, ES: {"army": 1, "markers": 1}},
                     "africa": {GB: {"fleet": 1}, FR: {"army": 1, "markers": 1}},
                     "caribbean": {GB: {"army": 1}, FR: {"army": 1, "markers": 1}}})
    a.step(GB, "attack")
    assert a.refused(GB, "attack", "india", "power", ES).rule == "R-CMB-13"
    err = a.refused(GB, "attack", "africa", "power", FR)
    assert err.rule == "R-CMB-2" and "needs an army of Great Britain's own in Africa" in err.message
