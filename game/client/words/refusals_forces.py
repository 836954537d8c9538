"""The sentences of the refusals of attacks (R-CMB), allies' help, losses in battle, the
Pirates and Slave Revolt targets, movement (R-MOV, R-ACT-C1), building (R-ACT-B) and the
setup placement (R-SET-5), rebuilt from the refusal's key and fields; part of the refusal
table of :mod:`game.client.words.refusals`.

Fields name powers (``power``, ``ally``, ``defender``, ``owner``), areas, tiles, counters
and unit kinds by id; ``value`` is an argument of the refused choice as it was given
(quoted in the sentence).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.client.words.kinds import Render, Table
from game.client.words.lang import say
from game.client.words.names import Names

F = Mapping[str, Any]
_T = Table()
kind = _T.kind


def _p(f: F, nm: Names) -> str:
    return nm.power(f["power"])


# --------------------------------------------------------------------------- the target of an attack
@kind("attack.shape")
def _attack_shape(f: F, nm: Names) -> str:
    return say("An attack names an area, the kind of target (power, naval, counter or tile) and the target")


@kind("attack.not_vp_area")
def _not_vp_area(f: F, nm: Names) -> str:
    return say("Attacks are made in the areas with victory points, and {value!r} is not one", value=f["value"])


@kind("attack.no_such_player")
def _no_such_player(f: F, nm: Names) -> str:
    return say("There is no player called {value!r} in this game", value=f["value"])


@kind("attack.itself")
def _itself(f: F, nm: Names) -> str:
    return say("{power} cannot attack itself", power=_p(f, nm))


@kind("attack.ally")
def _ally(f: F, nm: Names) -> str:
    return say("{power} may never attack an ally ({ally})", power=_p(f, nm), ally=nm.power(f["ally"]))


@kind("attack.needs_army")
def _needs_army(f: F, nm: Names) -> str:
    return say("A land attack needs an army of {power}'s own in {area}", power=_p(f, nm), area=nm.area(f["area"]))


@kind("attack.nothing_there")
def _nothing_there(f: F, nm: Names) -> str:
    return say("{defender} has no unit and no control marker in {area} to attack", defender=nm.power(f["defender"]),
               area=nm.area(f["area"]))


@kind("attack.needs_fleet")
def _needs_fleet(f: F, nm: Names) -> str:
    return say("A naval attack needs a fleet of {power}'s own in {area}", power=_p(f, nm), area=nm.area(f["area"]))


@kind("attack.land_not_naval")
def _land_not_naval(f: F, nm: Names) -> str:
    return say("{power} has an army in {area}: it makes a land attack, with a naval phase", power=_p(f, nm),
               area=nm.area(f["area"]))


@kind("attack.no_fleet_there")
def _no_fleet_there(f: F, nm: Names) -> str:
    return say("{defender} has no fleet in {area} to fight at sea", defender=nm.power(f["defender"]),
               area=nm.area(f["area"]))


@kind("attack.no_such_counter")
def _no_such_counter(f: F, nm: Names) -> str:
    return say("There is no such neutral counter face up in {area}", area=nm.area(f["area"]))


@kind("attack.not_neutral")
def _not_neutral(f: F, nm: Names) -> str:
    return say("{counter} has no strength: it is colonised or enslaved, not attacked", counter=nm.counter(f["counter"]))


@kind("attack.no_such_tile")
def _no_such_tile(f: F, nm: Names) -> str:
    return say("There is no such tile holding a control marker in {area}", area=nm.area(f["area"]))


@kind("attack.tile_needs_unit")
def _tile_needs_unit(f: F, nm: Names) -> str:
    fields = {"tile": nm.tile(f["tile"]), "power": _p(f, nm), "area": nm.area(f["area"])}
    if f["tile"] == "pirates":
        return say("The {tile} are fought at sea: {power} needs a fleet in {area}", **fields)
    return say("A {tile} is fought on land: {power} needs an army in {area}", **fields)


@kind("attack.target_kind")
def _target_kind(f: F, nm: Names) -> str:
    return say("The kind of target is power, naval, counter or tile, not {value!r}", value=f["value"])


# --------------------------------------------------------------------------- allies and alliance tiles
@kind("offer.shape")
def _offer_shape(f: F, nm: Names) -> str:
    return say("An offer names the ally asked ({ally}) and an amount of gold", ally=nm.power(f["ally"]))


@kind("offer.negative")
def _offer_negative(f: F, nm: Names) -> str:
    return say("An offer of gold is 0 or more")


@kind("help.shape")
def _help_shape(f: F, nm: Names) -> str:
    return say("Help names how many armies and how many fleets join, 0 or more of each")


@kind("help.no_fleets_against_neutral")
def _no_fleets_against_neutral(f: F, nm: Names) -> str:
    return say("There is no naval battle against a neutral and only the attacker's own fleet gives naval support: "
               "an ally's fleets cannot help there")


@kind("help.no_armies_at_sea")
def _no_armies_at_sea(f: F, nm: Names) -> str:
    return say("A naval attack has no land battle: an ally may add only fleets")


@kind("help.at_most")
def _at_most(f: F, nm: Names) -> str:
    return say("{power} may add at most {armies} and {fleets} there (its own units in {area}; never forts)",
               power=_p(f, nm), armies=nm.count("army", f["armies"]), fleets=nm.count("fleet", f["fleets"]),
               area=nm.area(f["area"]))


@kind("ally_tile.unit")
def _ally_tile_unit(f: F, nm: Names) -> str:
    return say("The tile adds either an army or a fleet in this attack")


# --------------------------------------------------------------------------- losses (R-CMB-6..8)
@kind("loss.ally")
def _loss_ally(f: F, nm: Names) -> str:
    return say("The unit is lost by one of the allies that still has a unit in this battle")


@kind("loss.fort_on_tie")
def _fort_on_tie(f: F, nm: Names) -> str:
    return say("A fort is never lost on a tie")


@kind("loss.own_unit")
def _own_unit(f: F, nm: Names) -> str:
    if f["sea"]:
        return say("The unit lost is one of the loser's own fleets in this battle")
    return say("The unit lost is one of the loser's own armies or forts in this battle")


# --------------------------------------------------------------------------- Pirates and Slave Revolt (R-TIL-17, -18)
@kind("revolt.target")
def _revolt_target(f: F, nm: Names) -> str:
    if f["tile"] == "pirates":
        return say("The {tile} strike another player's control marker in a colony", tile=nm.tile(f["tile"]))
    return say("A {tile} strikes another player's control marker in {north}, {south} or the {caribbean}",
               tile=nm.tile(f["tile"]), north=nm.area("north_america"), south=nm.area("south_america"),
               caribbean=nm.area("caribbean"))


# --------------------------------------------------------------------------- movement (R-MOV, R-ACT-C1)
@kind("map.no_such_area")
def _no_such_area(f: F, nm: Names) -> str:
    return say("There is no area called {value!r} on the map", value=f["value"])


@kind("enter.home_nation")
def _home_nation(f: F, nm: Names) -> str:
    return say("No unit may ever enter another player's home nation ({area})", area=nm.area(f["area"]))


@kind("enter.fleet_on_land")
def _fleet_on_land(f: F, nm: Names) -> str:
    return say("Fleets cannot enter {area}: they sail only among the colonies, the {baltic}, the {mediterranean} and "
               "their own home nation", area=nm.area(f["area"]), baltic=nm.area("baltic"),
               mediterranean=nm.area("mediterranean"))


@kind("enter.colony_no_fleet")
def _colony_no_fleet(f: F, nm: Names) -> str:
    return say("{power} has no fleet in {area}: an army may enter a colony only where its owner has a fleet",
               power=_p(f, nm), area=nm.area(f["area"]))


@kind("enter.blockade")
def _enter_blockade(f: F, nm: Names) -> str:
    return say("{owner}'s {tile} in {area}: an army may enter only with more fleets there than {owner}",
               owner=nm.power(f["owner"]), tile=nm.tile("blockade"), area=nm.area(f["area"]))


@kind("enter.not_adjacent")
def _not_adjacent(f: F, nm: Names) -> str:
    return say("{area} is not adjacent to {power}'s home nation, and {power} has no control marker there or in an "
               "adjacent area and no fleet that would carry it there", area=nm.area(f["area"]), power=_p(f, nm))


@kind("move.what_moves")
def _what_moves(f: F, nm: Names) -> str:
    return say("Only armies and fleets move, not {value!r}", value=f["value"])


@kind("move.no_unit_there")
def _move_no_unit_there(f: F, nm: Names) -> str:
    fields = {"power": _p(f, nm), "area": nm.area(f["area"])}
    if f["unit"] == "army":
        return say("{power} has no army in {area}", **fields)
    if f["unit"] == "fleet":
        return say("{power} has no fleet in {area}", **fields)
    return say("{power} has no fort in {area}", **fields)


@kind("move.fort_placed")
def _fort_placed(f: F, nm: Names) -> str:
    return say("A fort moves only when it is built: once in {area} it never moves", area=nm.area(f["area"]))


@kind("move.fort_at_home")
def _fort_at_home(f: F, nm: Names) -> str:
    return say("A fort kept at home when it was built stays there; only one a failed sea roll sent home may move "
               "later")


@kind("move.moved_once")
def _moved_once(f: F, nm: Names) -> str:
    fields = {"power": _p(f, nm), "area": nm.area(f["area"])}
    if f["unit"] == "army":
        return say("Each unit moves at most once in a move action: {power}'s armies in {area} have moved", **fields)
    if f["unit"] == "fleet":
        return say("Each unit moves at most once in a move action: {power}'s fleets in {area} have moved", **fields)
    return say("Each unit moves at most once in a move action: {power}'s forts in {area} have moved", **fields)


@kind("move.same_area")
def _same_area(f: F, nm: Names) -> str:
    return say("A unit must move to another area")


@kind("move.done_first")
def _done_first(f: F, nm: Names) -> str:
    return say("A move action moves at least one unit before it stops")


# --------------------------------------------------------------------------- building (R-ACT-B)
@kind("build.supply_empty")
def _supply_empty(f: F, nm: Names) -> str:
    return say("{power}'s supply is empty: it must disband a unit to build one", power=_p(f, nm))


@kind("disband.shape")
def _disband_shape(f: F, nm: Names) -> str:
    return say("A disband names the area and the unit (army, fleet or fort)")


@kind("disband.no_unit_there")
def _disband_no_unit_there(f: F, nm: Names) -> str:
    fields = {"power": _p(f, nm), "area": nm.area(f["area"])}
    if f["unit"] == "army":
        return say("{power} has no army in {area} to disband", **fields)
    if f["unit"] == "fleet":
        return say("{power} has no fleet in {area} to disband", **fields)
    return say("{power} has no fort in {area} to disband", **fields)


@kind("build.same_kind")
def _same_kind(f: F, nm: Names) -> str:
    if f["unit"] == "army":
        return say("The unit disbanded is rebuilt as the same kind: an army")
    if f["unit"] == "fleet":
        return say("The unit disbanded is rebuilt as the same kind: a fleet")
    return say("The unit disbanded is rebuilt as the same kind: a fort")


@kind("build.shape")
def _build_shape(f: F, nm: Names) -> str:
    return say("A build names the unit: army, fleet or fort")


@kind("build.none_left", "place.none_left")
def _none_left(f: F, nm: Names) -> str:
    if f["unit"] == "army":
        return say("{power} has no army left in its supply", power=_p(f, nm))
    if f["unit"] == "fleet":
        return say("{power} has no fleet left in its supply", power=_p(f, nm))
    return say("{power} has no fort left in its supply", power=_p(f, nm))


@kind("build_move.shape")
def _build_move_shape(f: F, nm: Names) -> str:
    return say("The new unit moves to one area, or stays")


@kind("build_move.already_there")
def _already_there(f: F, nm: Names) -> str:
    if f["unit"] == "army":
        return say("The new army is already in {area}: choose stay", area=nm.area(f["area"]))
    if f["unit"] == "fleet":
        return say("The new fleet is already in {area}: choose stay", area=nm.area(f["area"]))
    return say("The new fort is already in {area}: choose stay", area=nm.area(f["area"]))


# --------------------------------------------------------------------------- the setup placement (R-SET-5)
@kind("place.shape")
def _place_shape(f: F, nm: Names) -> str:
    return say("An initial unit is placed as: place, then army, fleet or fort, then the area")


@kind("place.not_vp_area")
def _place_not_vp_area(f: F, nm: Names) -> str:
    return say("Initial units go in one of the eleven areas with victory points, not {value!r}", value=f["value"])


@kind("place.fleet_on_land")
def _place_fleet_on_land(f: F, nm: Names) -> str:
    return say("Fleets may be placed only in the eight sea areas, not in {area}", area=nm.area(f["area"]))


FORCES: Mapping[str, Render] = _T.renders
"""The refusals of attacks, allies, losses, Pirates and Slave Revolt targets, movement,
building and the setup placement -> their sentences."""

__all__ = ["FORCES"]
