"""Movement (R-MOV-1..5) and the map it runs on (R-MAP-2, R-MAP-4). The rulebook's sea
move example is the scenario tests/scenarios/sea_move_002_india.json."""

from __future__ import annotations

from typing import Any

import pytest

from .play import Table

THREE = ["great_britain", "france", "spain"]
SEA_AREAS = {"north_america", "caribbean", "south_america", "africa", "india", "east_indies", "baltic",
             "mediterranean"}


def moving(power: str, areas: dict[str, Any], powers: list[str] | None = None, **extra: Any) -> Table:
    """``power``'s turn (allied with nobody in particular), inside a move action."""
    powers = powers or THREE
    others = [p for p in powers if p != power]
    t = Table.at(powers, war=1, alliances={"A": [power, *others[1:]], "B": [others[0]]},
                 turn={"power": power}, areas=areas, **extra)
    t.do(power, "move")
    return t


def dests(t: Table, power: str, src: str, kind: str) -> set[str]:
    return {str(o[3]) for o in t.options(power) if o[0] == "move" and o[1] == src and o[2] == kind}


def test_mov_1_forts_never_move() -> None:
    """R-MOV-1: "Only armies and fleets move (forts: R-ACT-B2)."

    France has only a fort in German States: the move action is not offered; with an army
    beside the fort, only the army is offered a move. (A fort still in its home nation may
    move as an army, 000, see R-ACT-B2 in docs/rulings.md and tests/rules/test_audit.py.)"""
    t = Table.at(THREE, war=1, alliances={"A": ["france"], "B": ["great_britain", "spain"]},
                 turn={"power": "france"},
                 areas={"german_states": {"france": {"fort": 1}}})
    assert "move" not in t.kinds("france")
    t = moving("france", {"german_states": {"france": {"fort": 1, "army": 1}}})
    assert {o[2] for o in t.options("france") if o[0] == "move"} == {"army"}


def test_mov_1_own_home_always_other_homes_never() -> None:
    """R-MOV-1: "A unit may always move into its own home nation; no unit may ever enter another
    player's home nation."

    A French army in India (no marker, no fleet needed) may go home to France (with a sea roll);
    no French army or fleet may enter Great Britain or Spain, nor a home nation of a power not
    in the game (Russia)."""
    t = moving("france", {"india": {"france": {"army": 1, "fleet": 1}},
                          "german_states": {"france": {"army": 1}}})
    assert "france" in dests(t, "france", "india", "army")
    assert "france" in dests(t, "france", "india", "fleet")
    for src, kind in (("india", "army"), ("india", "fleet"), ("german_states", "army")):
        assert not dests(t, "france", src, kind) & {"great_britain", "spain", "russia", "austria"}
    t.do("france", "move", "india", "army", "france")
    assert t.pending.chance is not None and t.pending.chance.kind == "sea_roll"
    t.roll(4, 1)
    assert t.units("france", "france")["army"] == 1


def test_mov_2_fleets_only_at_sea() -> None:
    """R-MOV-2 / R-MAP-2: "Fleets move between sea areas only: the 6 colonies, Baltic,
    Mediterranean, and their own home nation." Fleets can never be in German States, Central
    Europe or the Ottoman Empire.

    A Spanish fleet at home may go to exactly the eight sea VP areas; a fleet in the Baltic to
    the seven others and Spain. Moving a fleet to Central Europe is refused."""
    t = moving("spain", {"spain": {"spain": {"fleet": 1}}, "baltic": {"spain": {"fleet": 1}}})
    assert dests(t, "spain", "spain", "fleet") == SEA_AREAS
    assert dests(t, "spain", "baltic", "fleet") == SEA_AREAS - {"baltic"} | {"spain"}
    t.refused("spain", "move", "baltic", "fleet", "central_europe")
    t.refused("spain", "move", "baltic", "fleet", "ottoman_empire")


def test_mov_3_army_into_a_colony_needs_an_own_fleet_there() -> None:
    """R-MOV-3: "An army may move into a colony only if the player has at least one fleet there
    (a fleet in North America does not allow a move to South America or Caribbean)."

    Spain has a fleet in North America and an army at home: the army may go to North America
    only, not to South America, the Caribbean or any other colony. France's fleet (an ally or
    not) in Africa does not open Africa to Spain."""
    t = moving("spain", {"north_america": {"spain": {"fleet": 1}}, "spain": {"spain": {"army": 1}},
                         "africa": {"france": {"fleet": 2}}})
    colonies = {"north_america", "caribbean", "south_america", "africa", "india", "east_indies"}
    assert dests(t, "spain", "spain", "army") & colonies == {"north_america"}
    t.refused("spain", "move", "spain", "army", "south_america")
    t.refused("spain", "move", "spain", "army", "africa")
    t2 = moving("great_britain", {"africa": {"spain": {"fleet": 1}}, "great_britain": {"great_britain": {"army": 1}}})
    assert t2.st.alliance[0] == t2.st.alliance[2]  # Great Britain and Spain are allies here
    assert "africa" not in dests(t2, "great_britain", "great_britain", "army")


@pytest.mark.parametrize(("case", "areas", "opens"), [
    ("(1) own marker there, (2) its neighbours", {"ottoman_empire": {"spain": {"markers": 1}}},
     {"ottoman_empire", "central_europe"}),
    ("(2) own marker in an adjacent area", {"baltic": {"spain": {"markers": 1}}},
     {"baltic", "german_states", "central_europe"}),
    ("(4) own fleet there", {"baltic": {"spain": {"fleet": 1}}}, {"baltic"}),
    ("(5) Ottoman Empire with a fleet in the Mediterranean", {"mediterranean": {"spain": {"fleet": 1}}},
     {"ottoman_empire"}),
])
def test_mov_4_army_into_a_european_area(case: str, areas: dict[str, Any], opens: set[str]) -> None:
    """R-MOV-4: "An army may move into a European VP area if at least one holds: (1) the player
    has a control marker there; (2) the player has a control marker in an adjacent area;
    (3) the area is adjacent to the player's home nation; (4) the player has a fleet there
    (Baltic or Mediterranean); (5) the area is Ottoman Empire and the player has a fleet in the
    Mediterranean."

    A Spanish army at home (Spain is adjacent to the Mediterranean only) may enter the
    Mediterranean (3) and, for each case, exactly the areas that case opens."""
    areas = {"spain": {"spain": {"army": 1}}, **areas}
    t = moving("spain", areas)
    europe = {"german_states", "mediterranean", "central_europe", "baltic", "ottoman_empire"}
    assert dests(t, "spain", "spain", "army") & europe == {"mediterranean"} | opens, case


def test_mov_4_no_condition_no_entry() -> None:
    """R-MOV-4: with none of the five conditions the move is refused. A Spanish army at home,
    Spain with nothing in Europe: German States, Central Europe, the Baltic and the Ottoman
    Empire are closed; an Ottoman marker of France does not help Spain."""
    t = moving("spain", {"spain": {"spain": {"army": 1}}, "ottoman_empire": {"france": {"markers": 1}}})
    for area in ("german_states", "central_europe", "baltic", "ottoman_empire"):
        t.refused("spain", "move", "spain", "army", area)


def test_mov_4_home_adjacency_great_britain_to_german_states() -> None:
    """R-MOV-4 (3): "the area is adjacent to the player's home nation (Great Britain counts as
    adjacent to German States)". A British army at home may enter German States and no other
    European area; a Russian army may enter the Baltic, Central Europe and Ottoman Empire."""
    t = moving("great_britain", {"great_britain": {"great_britain": {"army": 1}}})
    europe = {"german_states", "mediterranean", "central_europe", "baltic", "ottoman_empire"}
    assert dests(t, "great_britain", "great_britain", "army") & europe == {"german_states"}
    r = moving("russia", {"russia": {"russia": {"army": 1}}}, powers=["russia", "france", "spain"])
    assert dests(r, "russia", "russia", "army") & europe == {"baltic", "central_europe", "ottoman_empire"}


@pytest.mark.parametrize(("dice", "where", "text"), [
    ((2, 1), "india", "rolls 2 and arrives in India"),
    ((6, 1), "india", "rolls 6 and arrives in India"),
    ((1, 1), "lost", "rolls 1, then 1: lost at sea"),
    ((1, 2), "lost", "rolls 1, then 2: lost at sea"),
    ((1, 3), "home", "rolls 1, then 3: it stays in Great Britain"),
    ((1, 4), "home", "rolls 1, then 4: it stays in Great Britain"),
    ((1, 5), "india", "rolls 1, then 5: it arrives in India"),
    ((1, 6), "india", "rolls 1, then 6: it arrives in India"),
])
def test_mov_5_sea_roll_table(dice: tuple[int, int], where: str, text: str) -> None:
    """R-MOV-5: "each army or fleet moving into or out of a colony ... rolls one die: 2–6 it
    arrives. On 1 roll again: 1–2 the unit is destroyed, 3–4 it stays where it started, 5–6 it
    arrives. [ruling] A unit lost at sea costs no unrest."

    A British fleet sails from home to India with each roll; a lost fleet goes back to the
    supply and costs no unrest."""
    t = moving("great_britain", {"great_britain": {"great_britain": {"fleet": 1}}})
    t.do("great_britain", "move", "great_britain", "fleet", "india")
    assert t.pending.chance is not None and t.pending.chance.kind == "sea_roll"
    t.roll(*dice)
    assert t.saw(f"Great Britain's fleet {text}")
    at_home, in_india = t.units("great_britain", "great_britain")["fleet"], t.units("india", "great_britain")["fleet"]
    assert (at_home, in_india) == {"india": (0, 1), "home": (1, 0), "lost": (0, 0)}[where]
    assert t.supply("great_britain")["fleet"] == (7 if where == "lost" else 6)
    assert t.unrest("great_britain") == 0


@pytest.mark.parametrize(("second", "where"), [(1, "home"), (2, "home"), (3, "india"), (4, "india")])
def test_mov_5_navigation_adds_two_to_the_second_roll(second: int, where: str) -> None:
    """R-MOV-5: "Navigation adds 2 to the second roll." With Navigation a second roll of 1 or 2
    (3 or 4 in all) sends the fleet back instead of losing it, and 3 or 4 (5 or 6) lands it."""
    t = moving("great_britain", {"great_britain": {"great_britain": {"fleet": 1}}},
               players={"great_britain": {"tiles": {"navigation": 1}}})
    t.do("great_britain", "move", "great_britain", "fleet", "india").roll(1, second)
    assert t.units("india" if where == "india" else "great_britain", "great_britain")["fleet"] == 1
    assert t.saw(f"rolls 1, then {second} (+2 Navigation)")


def test_mov_5_and_map_4_which_moves_need_a_sea_roll() -> None:
    """R-MAP-4: "North America, South America and Caribbean are connected to each other:
    movement among these three needs no sea roll. Africa, India and East Indies are isolated.
    Any move into a colony or out of a colony, except among the three Americas, needs a sea
    roll."

    Spanish fleets: North America -> Caribbean and Caribbean -> South America move at once;
    North America -> Africa, Caribbean -> Mediterranean and Mediterranean -> India ask for a
    sea roll; Mediterranean -> Baltic (Europe to Europe) moves at once."""
    areas = {"north_america": {"spain": {"fleet": 2}}, "caribbean": {"spain": {"fleet": 2}},
             "mediterranean": {"spain": {"fleet": 2}}}
    cases = [("north_america", "caribbean", False), ("caribbean", "south_america", False),
             ("north_america", "africa", True), ("caribbean", "mediterranean", True),
             ("mediterranean", "india", True), ("mediterranean", "baltic", False)]
    for src, dst, roll in cases:
        t = moving("spain", areas)
        t.do("spain", "move", src, "fleet", dst)
        chance = t.pending.chance
        assert (chance is not None and chance.kind == "sea_roll") == roll, (src, dst)
        if not roll:
            assert t.units(dst, "spain")["fleet"] == areas.get(dst, {"spain": {"fleet": 0}})["spain"]["fleet"] + 1
            assert t.pending.kind == "move"
