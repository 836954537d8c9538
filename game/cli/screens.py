"""The terminal's screens of the game: the state of the game (``s``), the tiles (``t``),
the line of what a player always wants in sight when deciding, and the auction under way.
Built from what a seat may see (``view``), in the words of :mod:`game.client.words`."""

from __future__ import annotations

from collections.abc import Sequence

from game.client.words.battle import Tracker
from game.client.words.choices import counter_text
from game.client.words.prompts import prompt_sentence
from game.client.words.tiles import TIMING, tile_cost, tile_effect
from game.rules import State, pending, view
from game.rules.board import Board, load_board


def tiles_screen(st: State, seat: int) -> str:
    """Every tile: its cost, what it does, how many are left in the stock and yours."""
    b = load_board(st.ruleset)
    v = view(st, seat)
    mine, used = v["tiles"][seat], v["used"][seat]
    lines = ["Tiles (cost; when; what it does; left in the stock):"]
    family = ""
    for t in b.tiles:
        if t.family != family:
            family = t.family
            lines.append(f" {family.capitalize()} tiles:")
        held = ""
        if mine.get(t.id):
            ready = mine[t.id] - used.get(t.id, 0)
            held = f" [you hold {mine[t.id]}" + ("" if t.timing != "once_per_war" else
                                                  ", ready" if ready > 0 else ", used this war") + "]"
        lines.append(f"  {t.name} ({tile_cost(b, t.id)}; {TIMING.get(t.timing, t.timing)}): {tile_effect(b, t.id)}; "
                     f"{v['stock'].get(t.id, 0)} of {t.count} left{held}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- the state screen
def rounds_per_war(b: Board, n: int) -> int:
    return b.c("rounds_many") if n >= b.c("rounds_many_from_players") else b.c("rounds_few")




def status(st: State, seat: int, track: Tracker | None = None) -> str:
    """The state screen: wars and rounds left, play order, the auction, every power's gold,
    population, VP, tiles and pieces left in supply, and every area's VP values, control
    markers, units and neutral counters. Built from what ``seat`` may see (``view``)."""
    b = load_board(st.ruleset)
    v = view(st, seat)
    n = len(v["powers"])
    names = [b.power_name(p) for p in v["powers"]]
    wars, rounds = b.c("wars"), rounds_per_war(b, n)
    p = pending(st)
    lines = []
    if p.is_over:
        lines.append("The game is over.")
    else:
        war = int(v["war"])
        rnd = int(v["round"])
        if rnd <= 0:
            where = "auctions for alliances and play order" if p.kind in ("bid", "propose") else "setting up"
        else:
            where = f"round {rnd} of {rounds}"
        after = wars - war
        lines.append(f"War {war} of {wars}, {where}" + (f"; {after} more war{'s' if after > 1 else ''} after this"
                                                          if after else "; the last war"))
    if v["order"]:
        order = "  ".join(f"{i}. {names[s]}{' (you)' if s == seat else ''}" for i, s in enumerate(v["order"], 1))
        lines.append(f"Play order: {order}")
    sides = {1: [names[s] for s in range(n) if v["alliance"][s] == 1], 2: [names[s] for s in range(n) if v["alliance"][s] == 2]}
    if sides[1] or sides[2]:
        lines.append(f"Alliance A: {', '.join(sides[1]) or '-'};  alliance B: {', '.join(sides[2]) or '-'}")
    if p.kind in ("bid", "propose") and track is not None:
        lines.append(auction_line(st, track))
    lines.append("Powers:")
    for s in range(n):
        you = " (you)" if s == seat else ""
        unrest = f", unrest {v['unrest'][s]}" if v["unrest"][s] is not None else ""
        side = {0: "", 1: ", alliance A", 2: ", alliance B"}[v["alliance"][s]]
        lines.append(f"  {names[s]}{you}: gold {v['gold'][s]}, population {v['pop'][s]}, VP {v['vp'][s]}{unrest}{side}")
        sup = v["supply"][s]
        lines.append(f"     in supply: {sup['army']} armies, {sup['fleet']} fleets, {sup['fort']} forts, "
                     f"{sup['marker']} control markers")
        held = []
        for t in b.tiles:
            k = v["tiles"][s].get(t.id, 0)
            if k:
                u = v["used"][s].get(t.id, 0)
                held.append(f"{t.name}{f' x{k}' if k > 1 else ''}{' (used this war)' if u >= k else ''}")
        if held:
            lines.append(f"     tiles: {', '.join(held)}")
    home = [f"{names[s]} {_units(v['units'][v['powers'][s]][s])}" for s in range(n) if any(v["units"][v["powers"][s]][s])]
    if home:
        lines.append("At home: " + "; ".join(home))
    lines.append("Areas (VP for the most control markers, the second most, the third; ties share a place (R-VP-1); "
                 "M markers, A armies, F fleets, T forts):")
    for area_id in b.vp_areas:
        area = b.area_by_id[area_id]
        parts = []
        for s in range(n):
            m = v["markers"][area_id][s]
            u = v["units"][area_id][s]
            if m or any(u):
                bits = ([f"{m}M"] if m else []) + ([_units(u)] if any(u) else [])
                parts.append(f"{names[s]} {' '.join(bits)}")
        for cap in v["captured"]:
            if cap[0] == area_id:
                parts.append(f"{b.tile_name(cap[1])} holding {names[int(cap[2])]}'s marker")
        for bl in v["blockades"]:
            if bl[0] == area_id:
                parts.append(f"{names[int(bl[1])]}'s Blockade")
        neutral = [counter_text(b, c) for c in v["face_up"].get(area_id, [])]
        counts = sorted({m for m in v["markers"][area_id] if m > 0}, reverse=True)
        now = [f"{names[s]} {area.vp[counts.index(m)]}" for s, m in enumerate(v["markers"][area_id])
               if m > 0 and counts.index(m) < len(area.vp)]
        if now:
            parts.append("would score now: " + ", ".join(now))
        vp = "/".join(str(x) for x in area.vp)
        kind = "colony" if area.is_colony else "Europe"
        line = f"  {area.name} ({kind}, {vp} VP): " + ("; ".join(parts) or "nobody")
        if neutral:
            line += "; neutral: " + ", ".join(neutral)
        lines.append(line)
    if not p.is_over:
        lines.append(f"Now: {prompt_sentence(p, b)}")
    return "\n".join(lines)


def brief(st: State, seat: int) -> str:
    """One line of what the player always wants in sight when deciding."""
    b = load_board(st.ruleset)
    v = view(st, seat)
    when = f"war {v['war']} of {b.c('wars')}"
    if int(v["round"]) > 0:
        when += f", round {v['round']} of {rounds_per_war(b, len(v['powers']))}"
    side = {1: ", alliance A", 2: ", alliance B"}.get(v["alliance"][seat], "")
    return (f"{when}; you: gold {v['gold'][seat]}, population {v['pop'][seat]}, VP {v['vp'][seat]}, "
            f"unrest {v['unrest'][seat]}{side}")


def _units(u: Sequence[int]) -> str:
    return " ".join(f"{k}{c}" for k, c in zip(u, "AFT", strict=False) if k)


def auction_line(st: State, track: Tracker) -> str:
    b = load_board(st.ruleset)
    if track.high < 0:
        return "Auction: no bid yet (the opener bids 0 or more)"

    def box(p: str) -> str:
        return b.power_name(p) if p in b.power_by_id else "empty"
    passed = f"; passed since: {', '.join(b.power_name(x) for x in track.passed)}" if track.passed else ""
    return (f"Auction: high bid {track.high} gold by {b.power_name(track.leader)}, proposing "
            f"{box(track.box_a)} in box A (alliance A) and {box(track.box_b)} in box B (alliance B){passed}")
