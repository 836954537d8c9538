"""The sentence of every event the engine reports, rebuilt from its kind and fields.

:func:`event_sentence` takes an event as :func:`game.rules.event_dicts` gives it to a
viewer (``kind``, the structured fields, and ``unrest`` only when the viewer may see it)
and the board, and says what happened: one small function per kind, in the table
:data:`TEMPLATES` keyed by kind (this module: setup, the war, turns, auctions, tiles and
movement; :mod:`game.client.words.events_combat`: attacks, battles, Pirates and Slave
Revolts). The engine's English ``text`` stays in the event for logs; a front end shows
``event_sentence`` instead, and gets the same words until a second language is chosen.

Powers, areas, tiles and counters are named in the fields by id (``power``, ``area``,
``tile``, ``counter``, ...); names come from :class:`game.client.words.names.Names`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.client.words.events_combat import COMBAT
from game.client.words.kinds import Render, Table
from game.client.words.lang import join_and, join_list, say, say_n, signed
from game.client.words.names import Names
from game.rules.board import Board

E = Mapping[str, Any]
_T = Table()
kind = _T.kind


# --------------------------------------------------------------------------- gold, unrest, markers
@kind("unrest")
def _unrest(e: E, nm: Names) -> str:
    return say("{power} takes unrest ({tile})", power=nm.power(e["power"]), tile=nm.tile(e["tile"]))


@kind("borrow")
def _borrow(e: E, nm: Names) -> str:
    return say_n("{power} borrows {n} gold from the bank", "{power} borrows {n} gold from the bank", e["gold"],
                 power=nm.power(e["power"]))


@kind("pay")
def _pay(e: E, nm: Names) -> str:
    p, n, reason = nm.power(e["power"]), e["gold"], e["reason"]
    if reason == "upkeep":
        return say_n("{power} pays {n} gold for upkeep", "{power} pays {n} gold for upkeep", n, power=p)
    if reason == "attack":
        return say_n("{power} pays {n} gold for the attack", "{power} pays {n} gold for the attack", n, power=p)
    if reason == "auction":
        return say_n("{power} pays {n} gold for the auction", "{power} pays {n} gold for the auction", n, power=p)
    if reason == "tile":
        return say_n("{power} pays {n} gold for {tile}", "{power} pays {n} gold for {tile}", n, power=p,
                     tile=nm.tile(e["tile"]))
    if reason == "help":
        return say_n("{power} pays {n} gold for {ally}'s help", "{power} pays {n} gold for {ally}'s help", n,
                     power=p, ally=nm.power(e["ally"]))
    raise KeyError(f"pay: unknown reason {reason!r}")


@kind("no_marker")
def _no_marker(e: E, nm: Names) -> str:
    if "counter" in e:  # a neutral beaten with no marker left to take its place (R-GEN-2)
        return say("{power} beats {counter} but has no control marker left: {counter} stays",
                   power=nm.power(e["power"]), counter=nm.counter(e["counter"]))
    return say("{power} has no control marker left to place in {area}", power=nm.power(e["power"]),
               area=nm.area(e["area"]))


@kind("blockade_lifted")
def _blockade_lifted(e: E, nm: Names) -> str:
    return say("{power}'s {tile} in {area} is lifted", power=nm.power(e["power"]), tile=nm.tile("blockade"),
               area=nm.area(e["area"]))


# --------------------------------------------------------------------------- setup and the war
@kind("first_player")
def _first_player(e: E, nm: Names) -> str:
    return say("{power} is the first player", power=nm.power(e["power"]))


@kind("counter")
def _counter(e: E, nm: Names) -> str:
    return say("{counter} is placed face up in {area}", counter=nm.counter(e["counter"]), area=nm.area(e["area"]))


@kind("setup_marker")
def _setup_marker(e: E, nm: Names) -> str:
    return say("{power} draws {counter} and places a control marker in {area}", power=nm.power(e["power"]),
               counter=nm.counter(e["counter"]), area=nm.area(e["area"]))


@kind("place")
def _place(e: E, nm: Names) -> str:
    return say("{power} places {unit} in {area}", power=nm.power(e["power"]), unit=nm.a_unit(e["unit"]),
               area=nm.area(e["area"]))


@kind("undo")
def _undo(e: E, nm: Names) -> str:
    """The client's own event (``game.client.tables.undo_event``): a choice taken back."""
    return say("You took back your last choice.")


@kind("war")
def _war(e: E, nm: Names) -> str:
    return say("War {war} begins", war=e["war"])


@kind("play_order")
def _play_order(e: E, nm: Names) -> str:
    return say("Play order for war {war}: {powers}", war=e["war"], powers=join_list(nm.power(p) for p in e["order"]))


@kind("round")
def _round(e: E, nm: Names) -> str:
    return say("Round {round} of war {war}", round=e["round"], war=e["war"])


@kind("turn")
def _turn(e: E, nm: Names) -> str:
    return say("{power}'s turn", power=nm.power(e["power"]))


@kind("income")
def _income(e: E, nm: Names) -> str:
    return say_n("{power} collects {n} gold", "{power} collects {n} gold", e["gold"], power=nm.power(e["power"]))


@kind("population")
def _population(e: E, nm: Names) -> str:
    if e.get("tile") == "improved_agriculture":
        return say("{power}'s population rises to {population}", power=nm.power(e["power"]),
                   population=e["population"])
    return say("{power}'s population grows to {population}", power=nm.power(e["power"]), population=e["population"])


def _points(nm: Names, powers: list[str], points: Mapping[str, int]) -> str:
    return join_list(say("{power} {points}", power=nm.power(p), points=points[p]) for p in powers)


@kind("score_area")
def _score_area(e: E, nm: Names) -> str:
    return say("{area} scores: {scores}", area=nm.area(e["area"]), scores=_points(nm, e["powers"], e["scores"]))


@kind("scored")
def _scored(e: E, nm: Names) -> str:
    return say("Victory points after war {war}: {scores}", war=e["war"], scores=_points(nm, e["powers"], e["vp"]))


@kind("war_end")
def _war_end(e: E, nm: Names) -> str:
    return say("War {war} ends", war=e["war"])


@kind("unrest_revealed")
def _unrest_revealed(e: E, nm: Names) -> str:
    return say_n("{power} reveals {n} unrest", "{power} reveals {n} unrest", e["unrest_total"],
                 power=nm.power(e["power"]))


@kind("revolution")
def _revolution(e: E, nm: Names) -> str:
    return say("Revolution in {power}: it scores 0 VP", power=nm.power(e["power"]))


@kind("unrest_penalty")
def _unrest_penalty(e: E, nm: Names) -> str:
    return say_n("{power} loses {n} VP for unrest", "{power} loses {n} VP for unrest", e["vp"],
                 power=nm.power(e["power"]))


@kind("game_over")
def _game_over(e: E, nm: Names) -> str:
    winners = e["winners"]
    return say_n("{powers} wins the game", "{powers} win the game", len(winners),
                 powers=join_and(nm.power(p) for p in winners))


# --------------------------------------------------------------------------- auctions
@kind("bid")
def _bid(e: E, nm: Names) -> str:
    p, n, a, b = nm.power(e["power"]), e["bid"], e["a"], e["b"]
    if a != "-" and b != "-":
        return say("{power} bids {n}: {a} in box A, {b} in box B", power=p, n=n, a=nm.power(a), b=nm.power(b))
    if a != "-":
        return say("{power} bids {n}: {a} in box A", power=p, n=n, a=nm.power(a))
    return say("{power} bids {n}: {b} in box B", power=p, n=n, b=nm.power(b))


@kind("bid_pass")
def _bid_pass(e: E, nm: Names) -> str:
    return say("{power} passes", power=nm.power(e["power"]))


@kind("auction_won")
def _auction_won(e: E, nm: Names) -> str:
    return say_n("{power} wins the auction for {n} gold", "{power} wins the auction for {n} gold", e["bid"],
                 power=nm.power(e["power"]))


@kind("alliance")
def _alliance(e: E, nm: Names) -> str:
    if e["alliance"] == 1:
        return say("{power} joins alliance A (play order space {space})", power=nm.power(e["power"]), space=e["space"])
    return say("{power} joins alliance B (play order space {space})", power=nm.power(e["power"]), space=e["space"])


# --------------------------------------------------------------------------- a turn's actions and tiles
@kind("pass")
def _pass(e: E, nm: Names) -> str:
    return say("{power} passes", power=nm.power(e["power"]))


@kind("colonise")
def _colonise(e: E, nm: Names) -> str:
    return say("{power} colonises {counter} in {area}", power=nm.power(e["power"]), counter=nm.counter(e["counter"]),
               area=nm.area(e["area"]))


@kind("enslave")
def _enslave(e: E, nm: Names) -> str:
    return say("{power} enslaves {counter} in {area}", power=nm.power(e["power"]), counter=nm.counter(e["counter"]),
               area=nm.area(e["area"]))


@kind("buy")
def _buy(e: E, nm: Names) -> str:
    return say("{power} takes {tile}", power=nm.power(e["power"]), tile=nm.tile(e["tile"]))


@kind("use_tile")
def _use_tile(e: E, nm: Names) -> str:
    return say("{power} uses {tile}", power=nm.power(e["power"]), tile=nm.tile(e["tile"]))


@kind("trade")
def _trade(e: E, nm: Names) -> str:
    return say_n("{power} uses {tile} in {area}: {n} gold", "{power} uses {tile} in {area}: {n} gold", e["gold"],
                 power=nm.power(e["power"]), tile=nm.tile(e["tile"]), area=nm.area(e["area"]))


@kind("blockade_placed")
def _blockade_placed(e: E, nm: Names) -> str:
    return say("{power} places a {tile} in {area}", power=nm.power(e["power"]), tile=nm.tile("blockade"),
               area=nm.area(e["area"]))


@kind("reform")
def _reform(e: E, nm: Names) -> str:
    return say("{power} reforms its government", power=nm.power(e["power"]))


@kind("vp")
def _vp(e: E, nm: Names) -> str:
    what = nm.tile(e["tile"]) if "tile" in e else nm.counter(e["counter"])
    return say_n("{power} scores {n} VP for {what}", "{power} scores {n} VP for {what}", e["vp"],
                 power=nm.power(e["power"]), what=what)


@kind("build")
def _build(e: E, nm: Names) -> str:
    p, area, tile = nm.power(e["power"]), nm.area(e["area"]), e.get("tile")
    if tile == "trained_natives":
        return say("{power} raises an army of {tile} in {area}", power=p, tile=nm.tile(tile), area=area)
    if tile == "militia":
        return say("{power} builds {unit} with {tile} in {area}", power=p, unit=nm.a_unit(e["unit"]),
                   tile=nm.tile(tile), area=area)
    return say("{power} builds {unit} in {area}", power=p, unit=nm.a_unit(e["unit"]), area=area)


@kind("disband")
def _disband(e: E, nm: Names) -> str:
    return say("{power} disbands {unit} in {area}", power=nm.power(e["power"]), unit=nm.a_unit(e["unit"]),
               area=nm.area(e["area"]))


# --------------------------------------------------------------------------- movement
@kind("move")
def _move(e: E, nm: Names) -> str:
    return say("{power} moves {unit} from {src} to {dst}", power=nm.power(e["power"]), unit=nm.a_unit(e["unit"]),
               src=nm.area(e["src"]), dst=nm.area(e["dst"]))


@kind("sea_move")
def _sea_move(e: E, nm: Names) -> str:
    return say("{power} sends {unit} from {src} to {dst}: sea roll", power=nm.power(e["power"]),
               unit=nm.a_unit(e["unit"]), src=nm.area(e["src"]), dst=nm.area(e["dst"]))


def _sea_fields(e: E, nm: Names) -> dict[str, Any]:
    """A sea roll's fields: whose unit, its second die (after a first 1) and the
    Navigation bonus added to it, if any (R-MOV-5, R-TIL-10)."""
    return {"power": nm.power(e["power"]), "unit": nm.unit(e["unit"]), "second": e["dice"][-1],
            "src": nm.area(e["src"]), "dst": nm.area(e["dst"]), "bonus": e.get("bonus", 0),
            "tile": nm.tile("navigation")}


@kind("sea_arrive")
def _sea_arrive(e: E, nm: Names) -> str:
    f = _sea_fields(e, nm)
    if len(e["dice"]) == 1:
        return say("{power}'s {unit} rolls {first} and arrives in {dst}", first=e["dice"][0], **f)
    if e["bonus"]:
        return say("{power}'s {unit} rolls 1, then {second} (+{bonus} {tile}): it arrives in {dst}", **f)
    return say("{power}'s {unit} rolls 1, then {second}: it arrives in {dst}", **f)


@kind("sea_back")
def _sea_back(e: E, nm: Names) -> str:
    f = _sea_fields(e, nm)
    if e["bonus"]:
        return say("{power}'s {unit} rolls 1, then {second} (+{bonus} {tile}): it stays in {src}", **f)
    return say("{power}'s {unit} rolls 1, then {second}: it stays in {src}", **f)


@kind("sea_lost")
def _sea_lost(e: E, nm: Names) -> str:
    f = _sea_fields(e, nm)
    if e["bonus"]:
        return say("{power}'s {unit} rolls 1, then {second} (+{bonus} {tile}): lost at sea", **f)
    return say("{power}'s {unit} rolls 1, then {second}: lost at sea", **f)


# --------------------------------------------------------------------------- the table
TEMPLATES: Mapping[str, Render] = _T.merged(COMBAT)
"""Every event kind the engine reports -> the function that says it."""


def event_sentence(e: Mapping[str, Any], board: Board) -> str:
    """The sentence of the event ``e`` (a dict of :func:`game.rules.event_dicts`), with
    "(+N unrest)" when it carries the unrest its viewer took. An event of a kind the
    engine does not report (a front end's own notice) is said by its own ``text``."""
    render = TEMPLATES.get(str(e.get("kind", "")))
    if render is None:
        return str(e.get("text", ""))
    sentence = render(e, Names(board))
    if "unrest" in e:
        return say("{event} ({change} unrest)", event=sentence, change=signed(int(e["unrest"])))
    return sentence


__all__ = ["TEMPLATES", "event_sentence"]
