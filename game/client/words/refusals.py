"""The sentence of every refusal the engine gives, rebuilt from its key and fields.

A refused input raises a :class:`game.rules.RulesError` (``IllegalInput``,
``NotYourDecision``, ``MalformedInput``; ``DataError`` and ``StateError`` for component
data and saved states) whose ``key`` names the sentence and whose ``fields`` hold what it
is made of; ``rule`` is the rule id. :func:`refusal_sentence` says ``err.message`` from
them, :func:`refusal_line` says ``str(err)`` (the sentence and the rule in parentheses).

This module has the refusals of the engine's entry points (an input that is not the
decision or chance the game waits for, or malformed; ``new_game``'s players; views,
states and component data); the phases' own are in
:mod:`game.client.words.refusals_rules` and :mod:`game.client.words.refusals_forces`.
A refusal that repeats the prompt carries the prompt's data (``prompt``, said by
:func:`game.client.words.prompts.prompt_bare`); one that names the refused choice carries
its wire form (``choice``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.client.words.kinds import Render, Table
from game.client.words.lang import capital, join_list, say, say_in, say_n
from game.client.words.names import Names
from game.client.words.prompts import prompt_bare
from game.client.words.refusals_forces import FORCES
from game.client.words.refusals_rules import RULES
from game.rules.board import Board
from game.rules.errors import RulesError

F = Mapping[str, Any]
_T = Table()
kind = _T.kind

def choice_words() -> dict[str, str]:
    """The choices' kinds as words ("naval battle"), in the language in use; each in the
    context "choice", since the same English word means another thing elsewhere ("pass", "to")."""
    return {
        "accept": say_in("choice", "accept"), "ally_loses": say_in("choice", "ally loses"),
        "ally_tile": say_in("choice", "ally tile"), "attack": say_in("choice", "attack"),
        "bid": say_in("choice", "bid"), "blockade": say_in("choice", "blockade"), "build": say_in("choice", "build"),
        "buy": say_in("choice", "buy"), "colonise": say_in("choice", "colonise"), "decline": say_in("choice", "decline"),
        "disband": say_in("choice", "disband"), "done": say_in("choice", "done"), "end": say_in("choice", "end"),
        "enslave": say_in("choice", "enslave"), "help": say_in("choice", "help"), "keep": say_in("choice", "keep"),
        "lose": say_in("choice", "lose"), "militia": say_in("choice", "militia"), "move": say_in("choice", "move"),
        "naval_battle": say_in("choice", "naval battle"), "no_blockade": say_in("choice", "no blockade"),
        "no_militia": say_in("choice", "no militia"), "no_naval_battle": say_in("choice", "no naval battle"),
        "no_reserve": say_in("choice", "no reserve"), "no_surprise": say_in("choice", "no surprise"),
        "no_withdraw": say_in("choice", "no withdraw"), "offer": say_in("choice", "offer"),
        "pass": say_in("choice", "pass"), "place": say_in("choice", "place"), "propose": say_in("choice", "propose"),
        "reserve": say_in("choice", "reserve"), "revolt": say_in("choice", "revolt"), "stay": say_in("choice", "stay"),
        "surprise": say_in("choice", "surprise"), "tile": say_in("choice", "tile"), "to": say_in("choice", "to"),
        "use": say_in("choice", "use"), "withdraw": say_in("choice", "withdraw"),
    }


def choice_word(k: str) -> str:
    """A choice's kind as a word ("naval battle"); a kind no choice has, as it is spelt."""
    return choice_words().get(k) or k.replace("_", " ")


def _argument_word(k: str, s: str, nm: Names) -> str:
    """An argument of a choice of kind ``k`` that is no name on the board: a unit kind
    ("fleet") or an attack's kind of target ("naval") as a word, anything else as it is."""
    if s in ("army", "fleet", "fort"):
        return nm.unit(s)
    if k == "attack" and s in ("power", "naval", "counter", "tile"):
        return {"power": say_in("attack target", "power"), "naval": say_in("attack target", "naval"),
                "counter": say_in("attack target", "counter"), "tile": say_in("attack target", "tile")}[s]
    return s


def _int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def choice_phrase(wire: Sequence[Any], nm: Names) -> str:
    """A choice in its wire form (``["move", "india", "fleet", "africa"]``), any choice a
    player may have sent, in words: "bid 3 gold", "offer Spain 2 gold to help", "help with
    1 army", else its kind and its arguments by name ("move India fleet Africa")."""
    k, xs = str(wire[0]), list(wire[1:])
    b = nm.board
    if k == "bid" and len(xs) == 1 and _int(xs[0]):
        return say_n("bid {n} gold", "bid {n} gold", xs[0])
    if k == "offer" and len(xs) == 2 and str(xs[0]) in b.power_by_id and _int(xs[1]):
        if xs[1]:
            return say_n("offer {power} {n} gold to help", "offer {power} {n} gold to help", xs[1],
                         power=nm.power(str(xs[0])))
        return say("offer {power} no gold to help", power=nm.power(str(xs[0])))
    if k == "help" and len(xs) == 2 and all(_int(x) for x in xs):
        if xs[0] > 0 or xs[1] > 0:
            return say("help with {units}", units=nm.forces(xs[0], xs[1]))
        return say("do not help")
    words = []
    for a in xs:
        s = str(a)
        if s in b.area_by_id:
            words.append(nm.area(s))
        elif s in b.tile_by_id and k in ("tile", "use", "ally_tile"):
            words.append(nm.tile(s))
        elif s in b.counter_by_id:
            words.append(nm.counter(s))
        elif s in b.power_by_id:
            words.append(nm.power(s))
        else:
            words.append(_argument_word(k, s, nm))
    if not words:
        return choice_word(k)
    # the kind, then its arguments by name, as a player may have typed them
    return say("{choice} {arguments}", choice=choice_word(k), arguments=" ".join(words))


# --------------------------------------------------------------------------- inputs
@kind("input.not_listed")
def _not_listed(f: F, nm: Names) -> str:
    return say("{choice} is not one of the choices now. {prompt}; the choices are: {kinds}",
               choice=capital(choice_phrase(f["choice"], nm)), prompt=prompt_bare(f["prompt"], nm.board),
               kinds=join_list(choice_word(k) for k in f["kinds"]))


@kind("input.not_your_decision")
def _not_your_decision(f: F, nm: Names) -> str:
    prompt = prompt_bare(f["prompt"], nm.board)
    if "power" in f:
        return say("It is not {power}'s decision: the game waits for {prompt}", power=nm.power(f["power"]),
                   prompt=prompt)
    return say("It is not seat {seat}'s decision: the game waits for {prompt}", seat=f["seat"], prompt=prompt)


@kind("input.waits_for_chance")
def _waits_for_chance(f: F, nm: Names) -> str:
    return say("The game waits for chance values, not a decision: {prompt}", prompt=prompt_bare(f["prompt"], nm.board))


@kind("input.waits_for_decision")
def _waits_for_decision(f: F, nm: Names) -> str:
    return say("The game waits for a decision, not chance values: {prompt}", prompt=prompt_bare(f["prompt"], nm.board))


@kind("input.over_decision")
def _over_decision(f: F, nm: Names) -> str:
    return say("The game is over: no more decisions are taken")


@kind("input.over_chance")
def _over_chance(f: F, nm: Names) -> str:
    return say("The game is over: no chance values are needed")


@kind("input.not_a_choice")
def _not_a_choice(f: F, nm: Names) -> str:
    return say("a decision must carry a Choice")


@kind("input.not_an_input")
def _not_an_input(f: F, nm: Names) -> str:
    return say("an input must be Act or Roll, not {type}", type=f["type"])


@kind("input.seat_type")
def _seat_type(f: F, nm: Names) -> str:
    return say("a decision's seat must be an integer, not {value}", value=f["value"])


@kind("input.choice_shape")
def _choice_shape(f: F, nm: Names) -> str:
    return say("a choice is a string kind and a tuple of arguments, not {value}", value=f["value"])


@kind("input.argument_type")
def _argument_type(f: F, nm: Names) -> str:
    return say("choice arguments must be strings or integers, not {value}", value=f["value"])


@kind("input.wire_shape")
def _wire_shape(f: F, nm: Names) -> str:
    return say('a choice must be a list starting with its kind, e.g. ["pass"]')


@kind("input.chance_not_integers")
def _chance_not_integers(f: F, nm: Names) -> str:
    return say("chance values must be a tuple of integers")


@kind("input.chance_count")
def _chance_count(f: F, nm: Names) -> str:
    return say_n("{chance} needs {n} values, got {got}", "{chance} needs {n} values, got {got}", f["need"],
                 chance=f["chance"], got=f["got"])


@kind("input.chance_range")
def _chance_range(f: F, nm: Names) -> str:
    return say("chance value {value} is outside {lo}..{hi} for {chance}", value=f["value"], lo=f["lo"], hi=f["hi"],
               chance=f["chance"])


# --------------------------------------------------------------------------- a new game, views, states
@kind("game.players")
def _players(f: F, nm: Names) -> str:
    return say("Struggle of Empires is for {min} to {max} players", min=f["min"], max=f["max"])


@kind("game.powers")
def _powers(f: F, nm: Names) -> str:
    return say("each player needs a different great power (unknown or repeated: {powers})", powers=f["powers"])


@kind("game.unknown_options")
def _unknown_options(f: F, nm: Names) -> str:
    return say("unknown ruleset options: {options}", options=f["options"])


@kind("view.not_a_view")
def _not_a_view(f: F, nm: Names) -> str:
    return say("war_end_scores takes a view: a dict with 'powers', 'markers' and 'ruleset'")


@kind("view.components")
def _view_components(f: F, nm: Names) -> str:
    return say("the view names a component set that cannot be loaded: {error}", error=f["error"])


@kind("view.markers")
def _view_markers(f: F, nm: Names) -> str:
    return say_n("the view's control markers in {area!r} are not {n} counts of 0 or more",
                 "the view's control markers in {area!r} are not {n} counts of 0 or more", f["count"], area=f["area"])


@kind("state.not_an_object")
def _state_not_an_object(f: F, nm: Names) -> str:
    return say("a state must be a JSON object")


@kind("state.fields")
def _state_fields(f: F, nm: Names) -> str:
    return say("state fields missing {missing} or unknown {unknown}", missing=f["missing"], unknown=f["unknown"])


@kind("internal.automatic_step")
def _automatic_step(f: F, nm: Names) -> str:
    return say("the state rests on an automatic step ({phase})", phase=f["phase"])


@kind("internal.runaway")
def _runaway(f: F, nm: Names) -> str:
    return say("runaway automatic steps at {frame}", frame=f["frame"])


@kind("internal.prompt_rule")
def _prompt_rule(f: F, nm: Names) -> str:
    return say("a prompt without its rule id: {prompt!r}", prompt=f["prompt"])


# --------------------------------------------------------------------------- component data
@kind("data.unreadable")
def _unreadable(f: F, nm: Names) -> str:
    return say("cannot read component data {source!r}: {error}", source=f["source"], error=f["error"])


@kind("data.not_integer")
def _not_integer(f: F, nm: Names) -> str:
    return say("component data may hold integers only, not {value}", value=f["value"])


@kind("data.not_json")
def _not_json(f: F, nm: Names) -> str:
    return say("component data is not valid JSON: {error}", error=f["error"])


@kind("data.not_an_object")
def _data_not_an_object(f: F, nm: Names) -> str:
    return say("component data must be a JSON object")


@kind("data.malformed")
def _malformed(f: F, nm: Names) -> str:
    return say("component data is incomplete or malformed: {error}", error=f["error"])


@kind("data.constant")
def _constant(f: F, nm: Names) -> str:
    return say("constant {constant} must be an integer or a list of integers", constant=f["constant"])


@kind("data.duplicate_power")
def _duplicate_power(f: F, nm: Names) -> str:
    return say("duplicate power id")


@kind("data.duplicate_area")
def _duplicate_area(f: F, nm: Names) -> str:
    return say("duplicate area id")


@kind("data.duplicate_counter")
def _duplicate_counter(f: F, nm: Names) -> str:
    return say("duplicate counter id")


@kind("data.duplicate_tile")
def _duplicate_tile(f: F, nm: Names) -> str:
    return say("duplicate tile id")


@kind("data.area_kind")
def _area_kind(f: F, nm: Names) -> str:
    return say("area {area}: unknown kind {kind}", area=f["area"], kind=f["kind"])


@kind("data.naval_area")
def _naval_area(f: F, nm: Names) -> str:
    return say("area {area}: unknown naval area", area=f["area"])


@kind("data.counter_type")
def _counter_type(f: F, nm: Names) -> str:
    return say("counter {counter}: unknown type {type}", counter=f["counter"], type=f["type"])


@kind("data.counter_area")
def _counter_area(f: F, nm: Names) -> str:
    return say("counter {counter}: unknown area {area}", counter=f["counter"], area=f["area"])


@kind("data.spaces")
def _spaces(f: F, nm: Names) -> str:
    return say("area {area}: {spaces} spaces but {counters} counters", area=f["area"], spaces=f["spaces"],
               counters=f["counters"])


@kind("data.tile_area")
def _tile_area(f: F, nm: Names) -> str:
    return say("tile {tile}: unknown area {area}", tile=f["tile"], area=f["area"])


@kind("data.tile_unit")
def _tile_unit(f: F, nm: Names) -> str:
    return say("tile {tile}: unknown unit {unit}", tile=f["tile"], unit=f["unit"])


@kind("data.home_adjacency")
def _home_adjacency(f: F, nm: Names) -> str:
    return say("home {power}: adjacency to a non-European area {area}", power=f["power"], area=f["area"])


@kind("data.adjacency")
def _adjacency(f: F, nm: Names) -> str:
    return say("bad adjacency {a}-{b}", a=f["a"], b=f["b"])


# --------------------------------------------------------------------------- the table
TEMPLATES: Mapping[str, Render] = _T.merged(RULES, FORCES)
"""Every refusal key the engine uses -> the function that says the refusal."""


def refusal_sentence(err: RulesError, board: Board) -> str:
    """The sentence of the refusal ``err`` (its ``message``), from its key and fields. An
    error without a key the engine uses is said by its own message."""
    render = TEMPLATES.get(err.key)
    if render is None:
        return err.message
    return render(err.fields, Names(board))


def refusal_line(err: RulesError, board: Board) -> str:
    """The refusal as ``str(err)`` says it: the sentence, then the rule id in parentheses."""
    sentence = refusal_sentence(err, board)
    return say("{refusal} ({rule})", refusal=sentence, rule=err.rule) if err.rule else sentence


__all__ = ["TEMPLATES", "choice_phrase", "choice_word", "choice_words", "refusal_line", "refusal_sentence"]
