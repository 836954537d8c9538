"""The sentences of the events of an attack (R-CMB), its battles and the Pirates and Slave
Revolt tiles (R-TIL-17, R-TIL-18), rebuilt from their kind and fields; part of the event
table of :mod:`game.client.words.events`.

A battle's sides are named by ``powers`` (attacker, defender; "" for a neutral side) or by
``power``; a neutral side by ``neutral`` (a nation counter's or a tile's id) and
``neutral_kind`` (``counter`` or ``tile``). ``sea`` says whether it is a naval battle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.client.words.kinds import Render, Table
from game.client.words.lang import capital, say, say_n
from game.client.words.names import Names

E = Mapping[str, Any]
_T = Table()
kind = _T.kind


def _neutral(e: E, nm: Names) -> str:
    return nm.neutral(str(e.get("neutral_kind", "")), str(e.get("neutral", "")))


def _side(e: E, nm: Names, i: int) -> str:
    """Side ``i`` of the battle of ``e`` (0 the attacker, 1 the defender)."""
    power = e["powers"][i]
    return nm.power(power) if power else _neutral(e, nm)


def _one_side(e: E, nm: Names) -> str:
    """The one side an event names: ``power``, or the neutral."""
    return nm.power(e["power"]) if "power" in e else _neutral(e, nm)


# --------------------------------------------------------------------------- the declaration
@kind("attack")
def _attack(e: E, nm: Names) -> str:
    p, area, target, how = nm.power(e["power"]), nm.area(e["area"]), e["target"], e["target_kind"]
    if how == "naval":
        return say("{power} makes a naval attack on {target} in {area}", power=p, target=nm.power(target), area=area)
    if how == "counter":
        return say("{power} attacks {target} in {area}", power=p, target=nm.counter(target), area=area)
    if how == "tile":
        return say("{power} attacks the {tile} tile in {area}", power=p, tile=nm.tile(target), area=area)
    return say("{power} attacks {target} in {area}", power=p, target=nm.power(target), area=area)


@kind("war_office")
def _war_office(e: E, nm: Names) -> str:
    return say("{power} uses the {tile}: a free attack", power=nm.power(e["power"]), tile=nm.tile("war_office"))


@kind("surprise")
def _surprise(e: E, nm: Names) -> str:
    return say("{power} makes a {tile}: {defender}'s allies may not help", power=nm.power(e["power"]),
               tile=nm.tile("surprise_attack"), defender=nm.power(e["defender"]))


# --------------------------------------------------------------------------- allies and tiles
@kind("gold_offer")
def _gold_offer(e: E, nm: Names) -> str:
    return say_n("{power} offers {ally} {n} gold to help", "{power} offers {ally} {n} gold to help", e["gold"],
                 power=nm.power(e["power"]), ally=nm.power(e["ally"]))


@kind("help")
def _help(e: E, nm: Names) -> str:
    return say("{power} helps {asker} with {units}", power=nm.power(e["power"]), asker=nm.power(e["asker"]),
               units=nm.forces(e["armies"], e["fleets"]))


@kind("gold_for_help")
def _gold_for_help(e: E, nm: Names) -> str:
    return say_n("{power} receives {n} gold from {payer} for its help",
                 "{power} receives {n} gold from {payer} for its help", e["gold"],
                 power=nm.power(e["power"]), payer=nm.power(e["payer"]))


@kind("no_help")
def _no_help(e: E, nm: Names) -> str:
    return say("{power} does not help", power=nm.power(e["power"]))


@kind("alliance_tile")
def _alliance_tile(e: E, nm: Names) -> str:
    p, tile = nm.power(e["power"]), nm.tile(e["tile"])
    if e["unit"] == "fleet":
        return say("{power}'s {tile} adds one fleet", power=p, tile=tile)
    return say("{power}'s {tile} adds one army", power=p, tile=tile)


# --------------------------------------------------------------------------- the naval phase
@kind("naval_declared")
def _naval_declared(e: E, nm: Names) -> str:
    return say("{power} declares a naval battle", power=nm.power(e["power"]))


@kind("naval_refused")
def _naval_refused(e: E, nm: Names) -> str:
    return say("{power} does not fight at sea: {defender} has naval support", power=nm.power(e["power"]),
               defender=nm.power(e["defender"]))


@kind("naval_declined")
def _naval_declined(e: E, nm: Names) -> str:
    return say("{power} declines the naval battle: {attacker} has naval support", power=nm.power(e["power"]),
               attacker=nm.power(e["attacker"]))


@kind("naval_support")
def _naval_support(e: E, nm: Names) -> str:
    return say("{side} has naval support", side=_one_side(e, nm))


@kind("blockade_support")
def _blockade_support(e: E, nm: Names) -> str:
    return say("{power} uses {tile}: naval support +2", power=nm.power(e["power"]), tile=nm.tile("blockade"))


# --------------------------------------------------------------------------- battles
def _plural(e: E, nm: Names, i: int) -> bool:
    """Whether side ``i``'s name is plural, so that its verb agrees ("the Pirates roll")."""
    return not e["powers"][i] and nm.is_plural(str(e.get("neutral_kind", "")), str(e.get("neutral", "")))


@kind("dice")
def _dice(e: E, nm: Names) -> str:
    d = e["dice"]
    fields = {"area": nm.area(e["area"]), "att": _side(e, nm, 0), "a": d[0], "b": d[1],
              "dfn": _side(e, nm, 1), "c": d[2], "d": d[3]}
    if e["sea"]:
        if _plural(e, nm, 0):
            return say("Naval battle in {area}: {att} roll {a} and {b}, {dfn} rolls {c} and {d}", **fields)
        if _plural(e, nm, 1):
            return say("Naval battle in {area}: {att} rolls {a} and {b}, {dfn} roll {c} and {d}", **fields)
        return say("Naval battle in {area}: {att} rolls {a} and {b}, {dfn} rolls {c} and {d}", **fields)
    if _plural(e, nm, 0):
        return say("Battle in {area}: {att} roll {a} and {b}, {dfn} rolls {c} and {d}", **fields)
    if _plural(e, nm, 1):
        return say("Battle in {area}: {att} rolls {a} and {b}, {dfn} roll {c} and {d}", **fields)
    return say("Battle in {area}: {att} rolls {a} and {b}, {dfn} rolls {c} and {d}", **fields)


@kind("reroll")
def _reroll(e: E, nm: Names) -> str:
    return say("{power} rerolls with a {tile}: {a} and {b}", power=nm.power(e["power"]), tile=nm.tile("reserve"),
               a=e["dice"][0], b=e["dice"][1])


@kind("withdrawal")
def _withdrawal(e: E, nm: Names) -> str:
    return say("{power} uses {tile}: its side loses no units", power=nm.power(e["power"]),
               tile=nm.tile("fighting_withdrawal"))


def _wins(e: E, nm: Names, i: int, sea: bool) -> str:
    """The sentence of side ``i`` winning; its verb agrees with its name (R-CMB-6)."""
    side = _side(e, nm, i)
    plural = _plural(e, nm, i)
    x, y = e["totals"][i], e["totals"][1 - i]
    area = nm.area(e["area"])
    if sea:
        text = (say("{side} win the naval battle in {area}, {x} to {y}", side=side, area=area, x=x, y=y) if plural
                else say("{side} wins the naval battle in {area}, {x} to {y}", side=side, area=area, x=x, y=y))
    else:
        text = (say("{side} win the battle in {area}, {x} to {y}", side=side, area=area, x=x, y=y) if plural
                else say("{side} wins the battle in {area}, {x} to {y}", side=side, area=area, x=x, y=y))
    return capital(text)


@kind("battle")
def _battle(e: E, nm: Names) -> str:
    sea = bool(e["sea"])
    if e["result"] == "att":
        return _wins(e, nm, 0, sea)
    if e["result"] == "def":
        return _wins(e, nm, 1, sea)
    a, d = e["totals"]
    if sea:
        return say("The naval battle in {area} is a tie, {a} to {d}", area=nm.area(e["area"]), a=a, d=d)
    return say("The battle in {area} is a tie, {a} to {d}", area=nm.area(e["area"]), a=a, d=d)


@kind("no_loss")
def _no_loss(e: E, nm: Names) -> str:
    side, area = _one_side(e, nm), nm.area(e["area"])
    forts = int(e.get("forts", 0))
    if forts:  # R-CMB-8: on a tie the forts stand
        return say_n("{side}'s fort stands in {area}: a fort is never lost on a tie",
                     "{side}'s {n} forts stand in {area}: a fort is never lost on a tie", forts, side=side, area=area)
    if e["sea"]:
        return say("{side} has no unit left to lose in the naval battle in {area}", side=side, area=area)
    return say("{side} has no unit left to lose in the battle in {area}", side=side, area=area)


@kind("unit_lost")
def _unit_lost(e: E, nm: Names) -> str:
    fields = {"power": nm.power(e["power"]), "unit": nm.a_unit(e["unit"]), "area": nm.area(e["area"])}
    reason = e["reason"]
    if reason == "tie":
        return say("{power} loses {unit} in {area} (a tie)", **fields)
    if reason == "seven":
        return say("{power} loses {unit} in {area} (rolled a 7)", **fields)
    return say("{power} loses {unit} in {area} (lost the battle)", **fields)


# --------------------------------------------------------------------------- the outcome
@kind("marker_taken")
def _marker_taken(e: E, nm: Names) -> str:
    fields = {"loser": nm.power(e["loser"]), "area": nm.area(e["area"]), "power": nm.power(e["power"])}
    if e["replaced"]:
        return say("{loser}'s control marker in {area} is replaced by {power}'s", **fields)
    return say("{loser}'s control marker in {area} is removed", **fields)


@kind("neutral_conquered")
def _neutral_conquered(e: E, nm: Names) -> str:
    return say("{power} conquers {counter}", power=nm.power(e["power"]), counter=nm.counter(e["counter"]))


@kind("gold")
def _gold(e: E, nm: Names) -> str:
    return say_n("{power} takes {n} gold from {counter}", "{power} takes {n} gold from {counter}", e["gold"],
                 power=nm.power(e["power"]), counter=nm.counter(e["counter"]))


@kind("tile_beaten")
def _tile_beaten(e: E, nm: Names) -> str:
    return say("{power} beats {force} in {area}; the tile returns to the stock", power=nm.power(e["power"]),
               force=nm.the_tile(e["tile"]), area=nm.area(e["area"]))


# --------------------------------------------------------------------------- Pirates and Slave Revolt
@kind("revolt")
def _revolt(e: E, nm: Names) -> str:
    fields = {"tile": nm.tile(e["tile"]), "power": nm.power(e["power"]), "area": nm.area(e["area"])}
    if nm.is_plural("tile", e["tile"]):
        return say("The {tile} strike {power} in {area}", **fields)
    return say("The {tile} strikes {power} in {area}", **fields)


@kind("marker_captured")
def _marker_captured(e: E, nm: Names) -> str:
    fields = {"tile": nm.tile(e["tile"]), "power": nm.power(e["power"]), "area": nm.area(e["area"])}
    if nm.is_plural("tile", e["tile"]):
        return say("The {tile} capture {power}'s control marker in {area}", **fields)
    return say("The {tile} captures {power}'s control marker in {area}", **fields)


@kind("revolt_failed")
def _revolt_failed(e: E, nm: Names) -> str:
    if nm.is_plural("tile", e["tile"]):
        return say("The {tile} fail; the tile returns to the stock", tile=nm.tile(e["tile"]))
    return say("The {tile} fails; the tile returns to the stock", tile=nm.tile(e["tile"]))


COMBAT: Mapping[str, Render] = _T.renders
"""The event kinds of attacks, battles and the Pirates and Slave Revolt -> their sentences."""

__all__ = ["COMBAT"]
