"""The sentences of the refusals of colonising, tile uses, a turn's actions, buying and the
auctions (``Phase.refusal``): why a choice the rules forbid now is refused, rebuilt from
the refusal's key and fields; part of the refusal table of
:mod:`game.client.words.refusals`.

Fields name powers (``power``, ``ally``, ``defender``, ``owner``), areas, tiles, counters
and unit kinds by id; ``value`` is an argument of the refused choice as it was given
(quoted in the sentence), ``how``/``action`` the kind of the refused choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.client.words.kinds import Render, Table
from game.client.words.lang import say, say_n
from game.client.words.names import Names

F = Mapping[str, Any]
_T = Table()
kind = _T.kind

def _p(f: F, nm: Names) -> str:
    return nm.power(f["power"])


# --------------------------------------------------------------------------- colonise and enslave (R-ACT-E)
@kind("colonise.once_a_round")
def _once_a_round(f: F, nm: Names) -> str:
    return say("{power} has already colonised or enslaved this round: one of them per round", power=_p(f, nm))


@kind("colonise.names_a_counter")
def _names_a_counter(f: F, nm: Names) -> str:
    if f["how"] == "enslave":
        return say("Enslave names one nation counter on the map")
    return say("Colonise names one nation counter on the map")


@kind("colonise.not_face_up")
def _not_face_up(f: F, nm: Names) -> str:
    return say("{counter} is not face up on the map", counter=nm.counter(f["counter"]))


@kind("colonise.not_pop")
def _not_pop(f: F, nm: Names) -> str:
    return say("Only a counter marked Pop can be colonised, and {counter} is not one", counter=nm.counter(f["counter"]))


@kind("colonise.not_slaves")
def _not_slaves(f: F, nm: Names) -> str:
    return say("Only a counter marked Slaves can be enslaved, and {counter} is not one",
               counter=nm.counter(f["counter"]))


@kind("colonise.no_marker")
def _colonise_no_marker(f: F, nm: Names) -> str:
    return say("{power} has no control marker left in its supply", power=_p(f, nm))


@kind("colonise.no_population")
def _no_population(f: F, nm: Names) -> str:
    return say("{power} has no population left to colonise (population is never borrowed)", power=_p(f, nm))


@kind("colonise.no_fleet_in_africa")
def _no_fleet_in_africa(f: F, nm: Names) -> str:
    return say("{power} has no fleet in {area}: enslaving needs one there", power=_p(f, nm), area=nm.area("africa"))


# --------------------------------------------------------------------------- tiles used (R-GEN-8, R-TIL)
@kind("use.names_a_tile")
def _use_names_a_tile(f: F, nm: Names) -> str:
    return say("Use names one of your tiles")


@kind("use.not_held")
def _not_held(f: F, nm: Names) -> str:
    return say("{power} does not hold {tile}", power=_p(f, nm), tile=nm.tile(f["tile"]))


@kind("use.alliance_tile")
def _use_alliance_tile(f: F, nm: Names) -> str:
    return say("{tile} is used inside a battle in its area, not as a free action", tile=nm.tile(f["tile"]))


@kind("use.not_free_action")
def _not_free_action(f: F, nm: Names) -> str:
    return say("{tile} is not used as a free action", tile=nm.tile(f["tile"]))


@kind("use.used_this_war")
def _used_this_war(f: F, nm: Names) -> str:
    return say("{power} has already used {tile} this war (once per war)", power=_p(f, nm), tile=nm.tile(f["tile"]))


@kind("use.trade_no_marker")
def _trade_no_marker(f: F, nm: Names) -> str:
    return say("{power} has no control marker in that area of {tile}", power=_p(f, nm), tile=nm.tile(f["tile"]))


@kind("use.nothing_to_attack")
def _nothing_to_attack(f: F, nm: Names) -> str:
    return say("{power} has nothing it could attack now", power=_p(f, nm))


@kind("use.no_army_in_supply")
def _no_army_in_supply(f: F, nm: Names) -> str:
    return say("{power} has no army left in its supply", power=_p(f, nm))


@kind("use.no_fleet_in_supply")
def _no_fleet_in_supply(f: F, nm: Names) -> str:
    return say("{power} has no fleet left in its supply", power=_p(f, nm))


@kind("use.trained_natives")
def _trained_natives(f: F, nm: Names) -> str:
    return say("{power} needs an army in its supply and a colony where it has a control marker or a unit",
               power=_p(f, nm))


@kind("use.alliance_not_in_stock")
def _alliance_not_in_stock(f: F, nm: Names) -> str:
    return say("That alliance tile is not in the stock")


@kind("use.population_at_maximum")
def _population_at_maximum(f: F, nm: Names) -> str:
    return say("{power}'s population is already at its maximum", power=_p(f, nm))


@kind("use.blockade_where")
def _blockade_where(f: F, nm: Names) -> str:
    return say("A {tile} is placed under one of {power}'s fleets in a colony without a {tile}", power=_p(f, nm),
               tile=nm.tile("blockade"))


@kind("use.not_that_way")
def _not_that_way(f: F, nm: Names) -> str:
    return say("{tile} cannot be used that way now", tile=nm.tile(f["tile"]))


# --------------------------------------------------------------------------- a turn's actions (R-GEN-3, R-ACT)
@kind("turn.actions_taken")
def _actions_taken(f: F, nm: Names) -> str:
    return say("{power} has taken both its actions this turn", power=_p(f, nm))


@kind("turn.action_left")
def _action_left(f: F, nm: Names) -> str:
    return say("{power} still has an action to take (a pass is an action)", power=_p(f, nm))


@kind("turn.no_arguments")
def _no_arguments(f: F, nm: Names) -> str:
    if f["action"] == "buy":
        return say("The buy action takes no arguments: its details are chosen next")
    if f["action"] == "build":
        return say("The build action takes no arguments: its details are chosen next")
    if f["action"] == "move":
        return say("The move action takes no arguments: its details are chosen next")
    if f["action"] == "attack":
        return say("The attack action takes no arguments: its details are chosen next")
    return say("The pass action takes no arguments: its details are chosen next")


@kind("turn.bought_this_round")
def _bought_this_round(f: F, nm: Names) -> str:
    return say("{power} has already bought a tile this round: one tile per round", power=_p(f, nm))


@kind("turn.no_tile_to_buy")
def _no_tile_to_buy(f: F, nm: Names) -> str:
    return say("There is no tile in the stock {power} could take now", power=_p(f, nm))


@kind("turn.build_no_population")
def _build_no_population(f: F, nm: Names) -> str:
    return say("{power} has no population left to pay for a build (population is never borrowed)", power=_p(f, nm))


@kind("turn.build_nothing")
def _build_nothing(f: F, nm: Names) -> str:
    return say("{power} has no unit in its supply and none on the map to disband", power=_p(f, nm))


@kind("turn.nothing_to_move")
def _nothing_to_move(f: F, nm: Names) -> str:
    return say("{power} has no army or fleet that could move anywhere now", power=_p(f, nm))


@kind("turn.no_target")
def _no_target(f: F, nm: Names) -> str:
    return say("{power} has no target: a land attack needs one of its armies and a naval attack one of its fleets "
               "where an enemy unit, control marker or neutral counter is", power=_p(f, nm))


# --------------------------------------------------------------------------- buying a tile (R-ACT-A)
@kind("buy.names_a_tile")
def _buy_names_a_tile(f: F, nm: Names) -> str:
    return say("Buying names one tile of the stock")


@kind("buy.none_left")
def _none_left(f: F, nm: Names) -> str:
    return say("No {tile} tile is left in the stock", tile=nm.tile(f["tile"]))


@kind("buy.used_this_round")
def _used_this_round(f: F, nm: Names) -> str:
    return say("{power} used {tile} this round and cannot buy it back in the same round", power=_p(f, nm),
               tile=nm.tile(f["tile"]))


@kind("buy.population")
def _buy_population(f: F, nm: Names) -> str:
    return say_n("{tile} costs {n} population and {power} has {population} (population is never borrowed)",
                 "{tile} costs {n} population and {power} has {population} (population is never borrowed)",
                 f["cost"], tile=nm.tile(f["tile"]), power=_p(f, nm), population=f["population"])


@kind("buy.no_target")
def _buy_no_target(f: F, nm: Names) -> str:
    return say("The {tile} need another player's control marker in a colony to strike", tile=nm.tile(f["tile"]))


# --------------------------------------------------------------------------- auctions (R-ALL)
@kind("propose.names_two")
def _names_two(f: F, nm: Names) -> str:
    return say("A proposal names the power for box A and the power for box B")


@kind("propose.no_such_power")
def _no_such_power(f: F, nm: Names) -> str:
    return say("There is no power called {value!r} in this game", value=f["value"])


@kind("propose.already_allied")
def _already_allied(f: F, nm: Names) -> str:
    return say("{power} is already in an alliance", power=_p(f, nm))


@kind("propose.same_player")
def _same_player(f: F, nm: Names) -> str:
    return say("The two boxes must hold two different players")


@kind("propose.fill_both")
def _fill_both(f: F, nm: Names) -> str:
    return say("Both boxes must be filled while two or more players are unallied")


@kind("propose.one_unallied")
def _one_unallied(f: F, nm: Names) -> str:
    return say("Only one player is unallied: the proposal holds that single marker")


@kind("propose.row_full")
def _row_full(f: F, nm: Names) -> str:
    return say("That row of the alliance track is full")


@kind("bid.must_open")
def _must_open(f: F, nm: Names) -> str:
    return say("{power} opens this auction and must bid (0 or more)", power=_p(f, nm))


@kind("bid.one_number")
def _one_number(f: F, nm: Names) -> str:
    return say("A bid is one whole number of gold")


@kind("bid.negative")
def _bid_negative(f: F, nm: Names) -> str:
    return say("A bid is 0 gold or more")


@kind("bid.not_higher")
def _not_higher(f: F, nm: Names) -> str:
    return say("A bid must be higher than the high bid of {high}", high=f["high"])


@kind("gold.amount_bound")
def _amount_bound(f: F, nm: Names) -> str:
    return say_n("{power} may name at most {n} gold for one payment: its gold in hand and {borrowed} more taken from "
                 "the bank (the rules set no cap; amounts are listed up to this bound, which no real game reaches)",
                 "{power} may name at most {n} gold for one payment: its gold in hand and {borrowed} more taken from "
                 "the bank (the rules set no cap; amounts are listed up to this bound, which no real game reaches)",
                 f["gold"], power=_p(f, nm), borrowed=f["borrowed"])


RULES: Mapping[str, Render] = _T.renders
"""The refusals of colonising, tile uses, a turn's actions, buying and the auctions -> their
sentences (:mod:`game.client.words.refusals_forces` has those of attacks, battles,
movement, building and the setup placement)."""

__all__ = ["RULES"]
