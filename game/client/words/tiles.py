"""What a tile costs and does, in words (the rules reference, R-TIL): wherever a tile is
named (the terminal's tile list and menus, the window's stock and tooltips)."""

from __future__ import annotations

from game.rules.board import Board

TIMING = {"keep": "kept", "once_per_war": "once per war", "on_take": "when taken",
          "one_use": "used once, then back to the stock", "war": "for this war"}


def tile_effect(b: Board, tile_id: str) -> str:
    """What a tile does, in a line (the rules reference, R-TIL)."""
    t = b.tile_by_id[tile_id]
    areas = " or ".join(b.area_name(a) for a in t.areas)
    if t.family == "trade":
        return f"a free action: 1 gold per control marker you have in {areas}"
    if t.family == "alliance":
        units = " or ".join(t.units)
        return f"in your attacks and defences in {areas}: +1 {units}; back to the stock at the end of the war"
    c = b.c
    effects = {
        "army_training": "+1 in land battles while you hold more Army Training than the other side",
        "naval_training": "+1 in naval battles while you hold more Naval Training than the other side",
        "reserve": "after the dice of a battle you fight in: reroll your two dice",
        "war_office": "a free action: one attack that is not an action and costs no gold",
        "mercenaries": "a free action: build an army without paying population",
        "pressgangs": "a free action: build a fleet without paying population",
        "trained_natives": "a free action: a free army straight into a colony where you have "
                           "a control marker or unit",
        "militia": "when you build a unit you may also build one more army, paying its population",
        "logistics": f"a move action moves {c('move_units_logistics')} units instead of {c('move_units')}",
        "banking": f"you borrow in lots of {c('borrow_lot_banking')} gold instead of {c('borrow_lot')}",
        "navigation": f"+{c('navigation_bonus')} to the second sea roll",
        "diplomatic_service": "a free action: take an alliance tile, paying its cost",
        "improved_agriculture": f"a free action: +1 population (up to {c('population_max')})",
        "government_reform": f"when taken: {c('government_reform_unrest')} unrest less",
        "industry": f"when taken: {c('industry_vp')} VP",
        "pirates": f"played at once: a naval battle of strength {c('pirates_strength')} against another "
                   "player's control marker in a colony",
        "slave_revolt": f"played at once: a land battle of strength {c('slave_revolt_strength')} against another "
                        "player's control marker in the Americas",
        "fighting_withdrawal": "as defender, after the dice: your side loses no units",
        "surprise_attack": "as attacker: the defender's allies may not help",
        "blockade": "under your fleet in a colony (others land armies there only with more fleets than you), "
                    f"or +{c('naval_support_blockade')} naval support in one land battle",
    }
    return effects.get(tile_id, t.use.replace("_", " "))


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
    return f"{b.tile_name(tile_id)}: {tile_effect(b, tile_id)} ({tile_rule(b, tile_id)})"


def tiles_named(b: Board, line: str) -> list[str]:
    """The tiles a sentence names (a log line), in the board's order."""
    return [t.id for t in b.tiles if t.name in line]


def tile_cost(b: Board, tile_id: str, population: str = "population") -> str:
    """A tile's cost in words ("2 gold, 1 population"; "free"); ``population`` is the word
    for it (the window's narrow market says "pop")."""
    t = b.tile_by_id[tile_id]
    parts = []
    if t.gold:
        parts.append(f"{t.gold} gold")
    if t.population:
        parts.append(f"{t.population} {population}")
    if t.unrest:
        parts.append(f"{t.unrest} unrest")
    return ", ".join(parts) or "free"
