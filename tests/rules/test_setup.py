"""Setup (R-SET-1..5), the start of each war (R-WAR-1) and the numbers of the game
(R-GEN-1). Each test quotes its rule and plays the case with exact chance values."""

from __future__ import annotations

import pytest

from game.rules import IllegalInput, Roll, apply, legal, new_game, pending
from game.rules.board import load_board

from .play import Table

THREE = ["great_britain", "france", "spain"]


def setup_drawn(players: list[str], first: int) -> Table:
    """A new game whose first player is seat ``first`` and whose setup draws are all 0,
    i.e. the counters come out of the bag in alphabetical order of their ids."""
    st = new_game(players)
    st, _ = apply(st, Roll((first,)))
    request = pending(st).chance
    assert request is not None and request.kind == "draw"
    # one uniform draw after another from the shrinking bag: 10 + 5 per player
    assert request.ranges == tuple((0, 64 - i) for i in range(10 + 5 * len(players)))
    st, events = apply(st, Roll(tuple(0 for _ in request.ranges)))
    return Table(st, [e.text for e in events])


def test_gen_1_two_to_seven_players() -> None:
    """R-GEN-1: "Players: 2 to 7. Each plays one great power."

    A game for 1 or 8 players, or with a power twice, is refused with R-GEN-1; 2 and 7 are
    accepted and the seven powers are Great Britain, France, Spain, Russia, Austria,
    Prussia and the United Provinces."""
    for bad in (1, 8):
        with pytest.raises(IllegalInput) as exc:
            new_game(bad)
        assert exc.value.rule == "R-GEN-1"
    with pytest.raises(IllegalInput) as exc:
        new_game(["france", "france"])
    assert exc.value.rule == "R-GEN-1"
    with pytest.raises(IllegalInput):
        new_game(["france", "portugal"])
    assert new_game(2).powers == ["great_britain", "france"]
    assert new_game(7).powers == ["great_britain", "france", "spain", "russia", "austria", "prussia",
                                  "united_provinces"]


def test_set_2_first_player_is_a_shared_draw_and_seating_is_the_list() -> None:
    """R-SET-2: "A random first player (a shared random draw). Seating order is the order of
    seats in the game."

    The game opens on a chance draw among the seats; drawing 2 of Great Britain, France,
    Spain makes Spain the first player, and the seats keep the order given."""
    st = new_game(THREE)
    p = pending(st)
    assert p.is_chance and p.chance is not None
    assert p.chance.kind == "first_player" and p.chance.ranges == ((0, 2),)
    st, events = apply(st, Roll((2,)))
    assert st.first == 2 and st.powers == THREE
    assert "Spain is the first player" in [e.text for e in events]


def test_set_3_starting_resources() -> None:
    """R-SET-3: "Each player: population 5, 10 gold, 0 VP, 0 unrest." R-GEN-2: "Per player
    supply: 14 armies, 7 fleets, 2 forts, 23 control markers.\""""
    st = new_game(4)
    assert st.pop == [5] * 4 and st.gold == [10] * 4 and st.vp == [0] * 4 and st.unrest == [0] * 4
    assert st.supply == [{"army": 14, "fleet": 7, "fort": 2, "marker": 23}] * 4


def test_set_1_and_4_ten_map_counters_then_five_per_player_from_the_first() -> None:
    """R-SET-1: "Put the 65 nation counters in the bag. Draw 10 and place each face up on its
    space." R-SET-4: "Each player draws 5 nation counters and puts one of their control
    markers on each drawn counter's space, ignoring the counter's symbols; those counters
    leave the game. [ruling] the 10 map counters are drawn first, then each player's 5, in
    seating order from the first player."

    Three players, France first, every draw takes the first counter left in the bag
    (alphabetical): the first ten go face up; France gets the next five, Spain the five after,
    Great Britain the last five; a Slaves counter (Guiana) gives a marker all the same."""
    t = setup_drawn(THREE, first=1)
    ids = sorted(c.id for c in load_board().counters)
    assert len(ids) == 65
    board = load_board()
    face_up = sorted(c for cs in t.st.face_up.values() for c in cs)
    assert face_up == sorted(ids[:10])
    for counter in ids[:10]:
        assert counter in t.st.face_up[board.counter_by_id[counter].area]
    expected = {"france": ids[10:15], "spain": ids[15:20], "great_britain": ids[20:25]}
    for power, drawn in expected.items():
        want: dict[str, int] = {}
        for c in drawn:
            want[board.counter_by_id[c].area] = want.get(board.counter_by_id[c].area, 0) + 1
        got = {a: t.markers(a, power) for a in board.vp_areas if t.markers(a, power)}
        assert got == want, power
        assert t.supply(power)["marker"] == 18
    # the 15 drawn for players left the game; 40 remain in the bag
    assert len(t.st.bag) == 40 and not set(t.st.bag) & set(ids[:25])
    assert "guiana" in expected["great_britain"]  # a Slaves counter: a marker all the same
    assert t.saw("Great Britain draws Guiana and places a control marker in South America")
    assert t.saw("France draws Chile and places a control marker in South America")


def test_set_5_initial_units_in_turn_from_the_first_player() -> None:
    """R-SET-5: "each player places 5 units, one at a time, in seating order starting with
    the first player, going round until all have 5. Armies and forts may go in any of the 11
    VP areas; fleets in any of the 8 sea VP areas. No movement rules apply and no control
    marker is needed. Units come from the player's supply (forts at most 2)."

    Spain first of three: the placers go Spain, Great Britain, France, Spain, ... Spain puts
    an army in India (no fleet there) and two forts; a third fort is no longer offered. No
    fleet may go to German States, Central Europe or the Ottoman Empire, nothing to a home
    nation."""
    t = setup_drawn(THREE, first=2)
    order = []
    spain_places = [("army", "india"), ("fort", "ottoman_empire"), ("fort", "baltic"), ("fleet", "africa"),
                    ("army", "german_states")]
    for k in range(15):
        p = t.pending
        assert p.kind == "place"
        power = t.whose()
        assert power is not None
        order.append(power)
        opts = t.options(power)
        assert ("place", "fleet", "german_states") not in opts
        assert ("place", "fleet", "central_europe") not in opts
        assert ("place", "fleet", "ottoman_empire") not in opts
        assert ("place", "fleet", "baltic") in opts and ("place", "army", "central_europe") in opts
        assert not any(o[2] in THREE for o in opts)  # never a home nation
        if power == "spain":
            kind, area = spain_places[k // 3]
            if k // 3 == 3:
                assert not any(o[1] == "fort" for o in opts)  # R-GEN-2: only 2 forts
            t.do("spain", "place", kind, area)
        else:
            t.do(power, "place", "army", "caribbean")
    assert order == ["spain", "great_britain", "france"] * 5
    assert t.units("india", "spain") == {"army": 1, "fleet": 0, "fort": 0}
    assert t.units("ottoman_empire", "spain")["fort"] == 1 and t.supply("spain")["fort"] == 0
    assert t.units("caribbean", "france")["army"] == 5
    assert t.supply("great_britain")["army"] == 9
    # setup is over: war 1's first auction, opened by the first player (R-ALL-2)
    assert t.pending.kind == "bid" and t.whose() == "spain"


def test_set_5_fleet_to_a_land_area_is_refused() -> None:
    """R-SET-5 / R-MAP-2: a fleet placed in Central Europe at setup is refused; the state
    is unchanged."""
    t = setup_drawn(THREE, first=0)
    exc = t.refused("great_britain", "place", "fleet", "central_europe")
    assert isinstance(exc, IllegalInput) and exc.rule == "R-SET-5"
    assert not legal(t.st, 1)  # not France's decision


def test_war_1_draws_ten_more_counters_from_war_2() -> None:
    """R-WAR-1: "from war 2 on, draw 10 counters (or all that remain) and place them face
    up; counters already on the map stay."

    After war 1 ends (income, scoring, end of war), war 2 starts with a draw of 10 counters
    from the bag; Hanover, face up since war 1, stays. The ten drawn (all first counters in
    the bag) go face up on their spaces, then war 2's auctions begin."""
    t = Table.at(THREE, "war_end", war=1, last_turn="france",
                 areas={"german_states": {"neutral": ["hanover"]}})
    p = t.pending
    assert p.chance is not None and p.chance.kind == "draw" and len(p.chance.ranges) == 10
    assert t.st.war == 2
    bag = list(t.st.bag)
    t.roll(*[0] * 10)
    up = sorted(c for cs in t.st.face_up.values() for c in cs)
    assert up == sorted(bag[:10] + ["hanover"])
    assert t.pending.kind == "bid" and t.whose() == "france"  # R-ALL-2: the last turn opens


def test_war_1_draws_all_that_remain() -> None:
    """R-WAR-1: with only 3 counters left in the bag, war 3 draws those 3; with an empty bag
    no draw is asked and the auctions begin at once."""
    t = Table.at(THREE, "war_end", war=2, bag=["java", "ceylon", "sumatra"])
    p = t.pending
    assert p.chance is not None and p.chance.ranges == ((0, 2), (0, 1), (0, 0))
    t.roll(2, 0, 0)
    assert sorted(t.st.face_up["east_indies"]) == ["ceylon", "java", "sumatra"]
    assert t.st.bag == []
    t = Table.at(THREE, "war_end", war=1, bag=[])
    assert t.pending.kind == "bid" and t.st.war == 2
