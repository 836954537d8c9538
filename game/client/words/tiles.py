"""What a tile costs and does, in words (the rules reference, R-TIL): wherever a tile is
named (the terminal's tile list and menus, the window's stock and tooltips)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from game.client.words.lang import N_, Alternatives, join_list, say, say_in, say_n
from game.client.words.names import Names
from game.rules.board import Board


class _Said(Mapping[str, str]):
    """A table of message ids (marked with ``N_``) read in the language in use: each value
    is said when it is looked up, never when the table is made."""

    def __init__(self, ids: Mapping[str, str]) -> None:
        self._ids = dict(ids)

    def __getitem__(self, key: str) -> str:
        return say(self._ids[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


TIMING: Mapping[str, str] = _Said({
    "keep": N_("kept"), "once_per_war": N_("once per war"), "on_take": N_("when taken"),
    "one_use": N_("used once, then back to the stock"), "war": N_("for this war")})
"""When a tile acts, by its timing, in the language in use."""


def timing(b: Board, tile_id: str) -> str:
    """When the tile acts, in words: "kept", "once per war"..."""
    t = b.tile_by_id[tile_id]
    return TIMING.get(t.timing, t.timing)


def _either(names: list[str]) -> str:
    """One of a tile's areas: "India", "India or South America"."""
    if len(names) <= 1:
        return "".join(names)
    if len(names) == 2:
        return say("{a} or {b}", a=names[0], b=names[1])
    if len(names) == 3:
        return say("{a} or {b} or {c}", a=names[0], b=names[1], c=names[2])
    return say("{a} or {b}", a=join_list(names[:-1]), b=names[-1])


def _family(b: Board, tile_id: str) -> str | None:
    """What a trade or alliance tile does, or None for another tile."""
    t = b.tile_by_id[tile_id]
    if t.family not in ("trade", "alliance") or not t.areas:
        return None
    nm = Names(b)
    areas = Alternatives([nm.area(a) for a in t.areas], _either)
    if t.family == "trade":
        return say("a free action: 1 gold per control marker you have {areas:in}", areas=areas)
    if set(t.units) == {"army", "fleet"}:
        return say("in your attacks and defences {areas:in}: +1 army or fleet; back to the stock at the end of "
                   "the war", areas=areas)
    if t.units == ("fleet",):
        return say("in your attacks and defences {areas:in}: +1 fleet; back to the stock at the end of the war",
                   areas=areas)
    return say("in your attacks and defences {areas:in}: +1 army; back to the stock at the end of the war",
               areas=areas)


def tile_effect(b: Board, tile_id: str) -> str:
    """What a tile does, in a line (the rules reference, R-TIL)."""
    family = _family(b, tile_id)
    if family is not None:
        return family
    c = b.c
    nm = Names(b)
    if tile_id == "army_training":
        return say("+1 in land battles while you hold more {tile} than the other side", tile=nm.tile(tile_id))
    if tile_id == "naval_training":
        return say("+1 in naval battles while you hold more {tile} than the other side", tile=nm.tile(tile_id))
    if tile_id == "logistics":
        return say("a move action moves {n} units instead of {usual}", n=c("move_units_logistics"),
                   usual=c("move_units"))
    if tile_id == "banking":
        return say("you borrow in lots of {n} gold instead of {usual}", n=c("borrow_lot_banking"),
                   usual=c("borrow_lot"))
    if tile_id == "navigation":
        return say("+{n} to the second sea roll", n=c("navigation_bonus"))
    if tile_id == "improved_agriculture":
        return say("a free action: +1 population (up to {max})", max=c("population_max"))
    if tile_id == "government_reform":
        return say_n("when taken: {n} unrest less", "when taken: {n} unrest less", c("government_reform_unrest"))
    if tile_id == "industry":
        return say_n("when taken: {n} VP", "when taken: {n} VP", c("industry_vp"))
    if tile_id == "pirates":
        return say("played at once: a naval battle of strength {n} against another player's control marker in a "
                   "colony", n=c("pirates_strength"))
    if tile_id == "slave_revolt":
        return say("played at once: a land battle of strength {n} against another player's control marker in the "
                   "Americas", n=c("slave_revolt_strength"))
    if tile_id == "blockade":
        return say("under your fleet in a colony (others land armies there only with more fleets than you), or +{n} "
                   "naval support in one land battle", n=c("naval_support_blockade"))
    effect = EFFECTS.get(tile_id)
    return say(effect) if effect is not None else b.tile_by_id[tile_id].use.replace("_", " ")


# what the tiles whose words hold no number do
EFFECTS = {
    "reserve": N_("after the dice of a battle you fight in: reroll your two dice"),
    "war_office": N_("a free action: one attack that is not an action and costs no gold"),
    "mercenaries": N_("a free action: build an army without paying population"),
    "pressgangs": N_("a free action: build a fleet without paying population"),
    "trained_natives": N_("a free action: a free army straight into a colony where you have a control marker or "
                          "unit"),
    "militia": N_("when you build a unit you may also build one more army, paying its population"),
    "diplomatic_service": N_("a free action: take an alliance tile, paying its cost"),
    "fighting_withdrawal": N_("as defender, after the dice: your side loses no units"),
    "surprise_attack": N_("as attacker: the defender's allies may not help"),
}

# the rule of the reference that says what each tile does
TILE_RULES = {
    "army_training": "R-TIL-1", "naval_training": "R-TIL-1", "reserve": "R-TIL-2", "war_office": "R-TIL-3",
    "mercenaries": "R-TIL-4", "pressgangs": "R-TIL-5", "trained_natives": "R-TIL-6", "militia": "R-TIL-7",
    "logistics": "R-TIL-8", "banking": "R-TIL-9", "navigation": "R-TIL-10", "diplomatic_service": "R-TIL-11",
    "improved_agriculture": "R-TIL-12", "government_reform": "R-TIL-13", "industry": "R-TIL-14",
    "pirates": "R-TIL-17", "slave_revolt": "R-TIL-18", "fighting_withdrawal": "R-TIL-19",
    "surprise_attack": "R-TIL-20", "blockade": "R-TIL-21",
}


def tile_rule(b: Board, tile_id: str) -> str:
    """The rule id of what a tile does (trade tiles R-TIL-15, alliance tiles R-TIL-16)."""
    family = b.tile_by_id[tile_id].family
    if family == "trade":
        return "R-TIL-15"
    if family == "alliance":
        return "R-TIL-16"
    return TILE_RULES.get(tile_id, "R-TIL")


def tile_line(b: Board, tile_id: str) -> str:
    """A tile's name, what it does and its rule, in a line: "Banking: you borrow in lots of
    3 gold instead of 2 (R-TIL-9)"."""
    return say("{tile}: {effect} ({rule})", tile=Names(b).tile(tile_id), effect=tile_effect(b, tile_id),
               rule=tile_rule(b, tile_id))


def tiles_named(b: Board, line: str) -> list[str]:
    """The tiles a sentence names (a log line, in the language in use), in the board's order."""
    nm = Names(b)
    return [t.id for t in b.tiles if nm.tile(t.id) in line]


def tile_cost(b: Board, tile_id: str, population: str = "population") -> str:
    """A tile's cost in words ("2 gold, 1 population"; "free"); ``population`` "pop" says
    it short (the window's narrow market: "1 pop")."""
    t = b.tile_by_id[tile_id]
    parts = []
    if t.gold:
        parts.append(say_n("{n} gold", "{n} gold", t.gold))
    if t.population:
        parts.append(say_n("{n} pop", "{n} pop", t.population) if population == "pop"
                     else say_n("{n} population", "{n} population", t.population))
    if t.unrest:
        parts.append(say_n("{n} unrest", "{n} unrest", t.unrest))
    return join_list(parts) or say_in("cost", "free")  # (a seat elsewhere is "free" too: another word)
