"""The prompt of every decision and chance request, rebuilt from ``Pending.data``.

The engine's :class:`game.rules.Pending` carries ``data``: ``key`` (which prompt),
``rule`` (the rule id or ids it ends with, "" for none) and its fields (``power`` the
deciding power's id, areas, tiles, unit kinds, integers). :func:`prompt_sentence` says the
prompt as the engine's ``Pending.prompt`` does, rule id in parentheses at the end;
:func:`prompt_bare` says it without the rule. The view has the same data under
``view(st, seat)["pending"]["data"]``; both functions take either.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.client.words.kinds import Render, Table
from game.client.words.lang import say, say_n
from game.client.words.names import Names
from game.rules.board import Board
from game.rules.core import Pending

D = Mapping[str, Any]
_T = Table()
kind = _T.kind


# --------------------------------------------------------------------------- setup and the war
@kind("first_player")
def _first_player(d: D, nm: Names) -> str:
    return say("Draw the first player")


@kind("draw_setup")
def _draw_setup(d: D, nm: Names) -> str:
    return say("Draw the setup nation counters")


@kind("draw_war")
def _draw_war(d: D, nm: Names) -> str:
    return say("Draw nation counters for war {war}", war=d["war"])


@kind("place")
def _place(d: D, nm: Names) -> str:
    return say("{power}: place initial unit {n} of {of}", power=nm.power(d["power"]), n=d["n"], of=d["of"])


@kind("over")
def _over(d: D, nm: Names) -> str:
    return say("The game is over")


# --------------------------------------------------------------------------- auctions
@kind("bid_open")
def _bid_open(d: D, nm: Names) -> str:
    return say("{power}: open the auction with a bid of 0 or more", power=nm.power(d["power"]))


@kind("bid_raise")
def _bid_raise(d: D, nm: Names) -> str:
    return say("{power}: raise above {high} or pass", power=nm.power(d["power"]), high=d["high"])


@kind("propose")
def _propose(d: D, nm: Names) -> str:
    return say("{power}: choose the proposal for your bid of {bid}", power=nm.power(d["power"]), bid=d["bid"])


# --------------------------------------------------------------------------- a turn
@kind("action")
def _action(d: D, nm: Names) -> str:
    return say("{power}: choose action {n} of {of}, or use a tile", power=nm.power(d["power"]), n=d["n"], of=d["of"])


@kind("end")
def _end(d: D, nm: Names) -> str:
    return say("{power}: use a tile or end your turn", power=nm.power(d["power"]))


@kind("buy")
def _buy(d: D, nm: Names) -> str:
    return say("{power}: choose a tile to buy", power=nm.power(d["power"]))


@kind("revolt")
def _revolt(d: D, nm: Names) -> str:
    return say("{power}: choose the colony and the control marker for {force}", power=nm.power(d["power"]),
               force=nm.the_tile(d["tile"]))


@kind("move")
def _move(d: D, nm: Names) -> str:
    return say_n("{power}: move a unit ({n} left) or stop", "{power}: move a unit ({n} left) or stop", d["left"],
                 power=nm.power(d["power"]))


@kind("sea_roll")
def _sea_roll(d: D, nm: Names) -> str:
    return say("Sea roll for {power}'s {unit}", power=nm.power(d["power"]), unit=nm.unit(d["unit"]))


@kind("disband")
def _disband(d: D, nm: Names) -> str:
    return say("{power}: disband a unit first (1 unrest) or not", power=nm.power(d["power"]))


@kind("build")
def _build(d: D, nm: Names) -> str:
    return say("{power}: choose the unit to build", power=nm.power(d["power"]))


@kind("build_move")
def _build_move(d: D, nm: Names) -> str:
    return say("{power}: move the new {unit} from {area} or keep it there", power=nm.power(d["power"]),
               unit=nm.unit(d["unit"]), area=nm.area(d["area"]))


@kind("militia")
def _militia(d: D, nm: Names) -> str:
    return say("{power}: build one more army with {tile} (1 population)?", power=nm.power(d["power"]),
               tile=nm.tile("militia"))


# --------------------------------------------------------------------------- an attack
@kind("attack")
def _attack(d: D, nm: Names) -> str:
    return say("{power}: choose the area and target of your attack", power=nm.power(d["power"]))


@kind("surprise")
def _surprise(d: D, nm: Names) -> str:
    return say("{power}: use {tile} so the defender's allies cannot help?", power=nm.power(d["power"]),
               tile=nm.tile("surprise_attack"))


@kind("offer")
def _offer(d: D, nm: Names) -> str:
    return say("{power}: you ask {ally} to help you in {area}; offer gold, paid only if it helps, or 0",
               power=nm.power(d["power"]), ally=nm.power(d["ally"]), area=nm.area(d["area"]))


@kind("help")
def _help(d: D, nm: Names) -> str:
    fields = {"power": nm.power(d["power"]), "asker": nm.power(d["asker"]), "area": nm.area(d["area"]),
              "units": nm.forces(d["armies"], d["fleets"])}
    if d["gold"] > 0:
        return say_n("{power}: help {asker} in {area}? Send any of your {units} there; {asker} offers {n} gold if "
                     "you help", "{power}: help {asker} in {area}? Send any of your {units} there; {asker} offers {n} "
                     "gold if you help", d["gold"], **fields)
    return say("{power}: help {asker} in {area}? Send any of your {units} there", **fields)


@kind("ally_tile")
def _ally_tile(d: D, nm: Names) -> str:
    return say("{power}: use {tile} as an army or a fleet?", power=nm.power(d["power"]), tile=nm.tile(d["tile"]))


@kind("naval")
def _naval(d: D, nm: Names) -> str:
    return say("{power}: fight a naval battle first?", power=nm.power(d["power"]))


@kind("naval_answer")
def _naval_answer(d: D, nm: Names) -> str:
    return say("{power}: accept the naval battle or decline it", power=nm.power(d["power"]))


@kind("blockade")
def _blockade(d: D, nm: Names) -> str:
    return say("{power}: use {tile} for +2 naval support?", power=nm.power(d["power"]), tile=nm.tile("blockade"))


# --------------------------------------------------------------------------- a battle
@kind("dice")
def _dice(d: D, nm: Names) -> str:
    if d["sea"]:
        return say("Dice for the naval battle in {area}", area=nm.area(d["area"]))
    return say("Dice for the battle in {area}", area=nm.area(d["area"]))


@kind("reserve")
def _reserve(d: D, nm: Names) -> str:
    return say("{power}: use a {tile} to reroll your dice?", power=nm.power(d["power"]), tile=nm.tile("reserve"))


@kind("reroll")
def _reroll(d: D, nm: Names) -> str:
    return say("{tile} reroll for {power}", tile=nm.tile("reserve"), power=nm.power(d["power"]))


@kind("withdraw")
def _withdraw(d: D, nm: Names) -> str:
    return say("{power}: use {tile}?", power=nm.power(d["power"]), tile=nm.tile("fighting_withdrawal"))


@kind("ally_loses")
def _ally_loses(d: D, nm: Names) -> str:
    return say("{power}: choose which ally loses the unit", power=nm.power(d["power"]))


@kind("lose")
def _lose(d: D, nm: Names) -> str:
    return say("{power}: choose the unit you lose", power=nm.power(d["power"]))


# --------------------------------------------------------------------------- the table
TEMPLATES: Mapping[str, Render] = _T.renders
"""Every prompt key the engine uses -> the function that says the prompt (without its rule)."""


def _data(pending: Pending | Mapping[str, Any]) -> Mapping[str, Any]:
    return pending.data if isinstance(pending, Pending) else pending


def prompt_bare(pending: Pending | Mapping[str, Any], board: Board) -> str:
    """The prompt of ``pending`` (a :class:`Pending` or its ``data``) without its rule id."""
    d = _data(pending)
    return TEMPLATES[str(d["key"])](d, Names(board))


def prompt_sentence(pending: Pending | Mapping[str, Any], board: Board) -> str:
    """The prompt of ``pending`` as ``Pending.prompt`` says it: the sentence, then the rule
    id(s) in parentheses ("Great Britain: choose a tile to buy (R-ACT-A1)")."""
    d = _data(pending)
    bare = prompt_bare(d, board)
    return say("{prompt} ({rule})", prompt=bare, rule=d["rule"]) if d.get("rule") else bare


__all__ = ["TEMPLATES", "prompt_bare", "prompt_sentence"]
