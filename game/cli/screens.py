"""The terminal's screens of the game: the state of the game (``s``), the tiles (``t``),
the line of what a player always wants in sight when deciding, and the auction under way.
Built from what a seat may see (``view``), in the words of :mod:`game.client.words`."""

from __future__ import annotations

from collections.abc import Sequence

from game.client.words.battle import Tracker
from game.client.words.choices import counter_text
from game.client.words.lang import join_list, say, say_in, say_n
from game.client.words.names import Names
from game.client.words.prompts import prompt_sentence
from game.client.words.tiles import TIMING, tile_cost, tile_effect
from game.rules import State, pending, view
from game.rules.board import Board, load_board


def _family_heading(family: str) -> str:
    return {"improvement": say("Improvement tiles:"), "trade": say("Trade tiles:"),
            "alliance": say("Alliance tiles:")}.get(family, family)


def tiles_screen(st: State, seat: int) -> str:
    """Every tile: its cost, what it does, how many are left in the stock and yours."""
    b = load_board(st.ruleset)
    nm = Names(b)
    v = view(st, seat)
    mine, used = v["tiles"][seat], v["used"][seat]
    lines = [say("Tiles (cost; when; what it does; left in the stock):")]
    family = ""
    for t in b.tiles:
        if t.family != family:
            family = t.family
            lines.append(" " + _family_heading(family))
        held = ""
        if mine.get(t.id):
            k = mine[t.id]
            ready = k - used.get(t.id, 0)
            held = " " + (say("[you hold {n}]", n=k) if t.timing != "once_per_war" else
                          say("[you hold {n}, ready]", n=k) if ready > 0 else say("[you hold {n}, used this war]", n=k))
        left = v["stock"].get(t.id, 0)
        lines.append("  " + say_n("{tile} ({cost}; {when}): {effect}; {n} of {count} left",
                                  "{tile} ({cost}; {when}): {effect}; {n} of {count} left", left, tile=nm.tile(t.id),
                                  cost=tile_cost(b, t.id), when=TIMING.get(t.timing, t.timing),
                                  effect=tile_effect(b, t.id), count=t.count) + held)
    return "\n".join(lines)


# --------------------------------------------------------------------------- the state screen
def rounds_per_war(b: Board, n: int) -> int:
    return b.c("rounds_many") if n >= b.c("rounds_many_from_players") else b.c("rounds_few")


def _war_line(war: int, wars: int, where: str) -> str:
    after = wars - war
    if after:
        return say_n("War {war} of {wars}, {where}; {n} more war after this",
                     "War {war} of {wars}, {where}; {n} more wars after this", after, war=war, wars=wars, where=where)
    return say("War {war} of {wars}, {where}; the last war", war=war, wars=wars, where=where)


def _side(alliance: int) -> list[str]:
    """A power's alliance, as an item of its line (none before the auctions)."""
    return [say("alliance A")] if alliance == 1 else [say("alliance B")] if alliance == 2 else []


def _letters() -> tuple[str, str, str, str]:
    """The letters of control markers, armies, fleets and forts on the state screen."""
    return (say_in("letter", "M"), say_in("letter", "A"), say_in("letter", "F"), say_in("letter", "T"))


def status(st: State, seat: int, track: Tracker | None = None) -> str:
    """The state screen: wars and rounds left, play order, the auction, every power's gold,
    population, VP, tiles and pieces left in supply, and every area's VP values, control
    markers, units and neutral counters. Built from what ``seat`` may see (``view``)."""
    b = load_board(st.ruleset)
    nm = Names(b)
    v = view(st, seat)
    n = len(v["powers"])
    names = [nm.power(p) for p in v["powers"]]
    wars, rounds = b.c("wars"), rounds_per_war(b, n)
    p = pending(st)
    lines = []
    if p.is_over:
        lines.append(say("The game is over."))
    else:
        war = int(v["war"])
        rnd = int(v["round"])
        if rnd <= 0:
            where = say("auctions for alliances and play order") if p.kind in ("bid", "propose") else \
                say("setting up")
        else:
            where = say("round {round} of {rounds}", round=rnd, rounds=rounds)
        lines.append(_war_line(war, wars, where))
    if v["order"]:
        order = "  ".join(say("{i}. {power} (you)", i=i, power=names[s]) if s == seat else f"{i}. {names[s]}"
                          for i, s in enumerate(v["order"], 1))
        lines.append(say("Play order: {order}", order=order))
    sides = {1: [names[s] for s in range(n) if v["alliance"][s] == 1], 2: [names[s] for s in range(n) if v["alliance"][s] == 2]}
    if sides[1] or sides[2]:
        lines.append(say("Alliance A: {a};  alliance B: {b}", a=join_list(sides[1]) or "-", b=join_list(sides[2]) or "-"))
    if p.kind in ("bid", "propose") and track is not None:
        lines.append(auction_line(st, track))
    lines.append(say("Powers:"))
    m_, a_, f_, t_ = _letters()
    for s in range(n):
        who = say("{power} (you)", power=names[s]) if s == seat else names[s]
        items = [say("gold {n}", n=v["gold"][s]), say("population {n}", n=v["pop"][s]), say("VP {n}", n=v["vp"][s])]
        if v["unrest"][s] is not None:
            items.append(say("unrest {n}", n=v["unrest"][s]))
        lines.append(f"  {who}: {join_list(items + _side(v['alliance'][s]))}")
        sup = v["supply"][s]
        markers = say_n("{n} control marker", "{n} control markers", sup["marker"])
        pieces = [nm.count("army", sup["army"]), nm.count("fleet", sup["fleet"]), nm.count("fort", sup["fort"]), markers]
        lines.append("     " + say("in supply: {pieces}", pieces=join_list(pieces)))
        held = []
        for t in b.tiles:
            k = v["tiles"][s].get(t.id, 0)
            if k:
                u = v["used"][s].get(t.id, 0)
                name = say("{tile} x{n}", tile=nm.tile(t.id), n=k) if k > 1 else nm.tile(t.id)
                held.append(say("{tile} (used this war)", tile=name) if u >= k else name)
        if held:
            lines.append("     " + say("tiles: {tiles}", tiles=join_list(held)))
    home = [f"{names[s]} {_units(v['units'][v['powers'][s]][s])}" for s in range(n) if any(v["units"][v["powers"][s]][s])]
    if home:
        lines.append(say("At home: {units}", units=say("; ").join(home)))
    lines.append(say("Areas (VP for the most control markers, the second most, the third; ties share a place "
                     "(R-VP-1); {m} markers, {a} armies, {f} fleets, {t} forts):", m=m_, a=a_, f=f_, t=t_))
    for area_id in b.vp_areas:
        area = b.area_by_id[area_id]
        parts = []
        for s in range(n):
            m = v["markers"][area_id][s]
            u = v["units"][area_id][s]
            if m or any(u):
                bits = ([f"{m}{m_}"] if m else []) + ([_units(u)] if any(u) else [])
                parts.append(f"{names[s]} {' '.join(bits)}")
        for cap in v["captured"]:
            if cap[0] == area_id:
                parts.append(say("{tile} holding {power}'s marker", tile=nm.tile(cap[1]), power=names[int(cap[2])]))
        for bl in v["blockades"]:
            if bl[0] == area_id:
                parts.append(say("{power}'s {tile}", power=names[int(bl[1])], tile=nm.tile("blockade")))
        neutral = [counter_text(b, c) for c in v["face_up"].get(area_id, [])]
        counts = sorted({m for m in v["markers"][area_id] if m > 0}, reverse=True)
        now = [f"{names[s]} {area.vp[counts.index(m)]}" for s, m in enumerate(v["markers"][area_id])
               if m > 0 and counts.index(m) < len(area.vp)]
        if now:
            parts.append(say("would score now: {scores}", scores=join_list(now)))
        vp = "/".join(str(x) for x in area.vp)
        kind = say_in("area kind", "colony") if area.is_colony else say_in("area kind", "Europe")
        what = [say("; ").join(parts) or say("nobody")]
        if neutral:
            what.append(say("neutral: {counters}", counters=join_list(neutral)))
        lines.append("  " + say("{area} ({kind}, {vp} VP): {what}", area=nm.area(area_id), kind=kind, vp=vp,
                                what=say("; ").join(what)))
    if not p.is_over:
        lines.append(say("Now: {prompt}", prompt=prompt_sentence(p, b)))
    return "\n".join(lines)


def brief(st: State, seat: int) -> str:
    """One line of what the player always wants in sight when deciding."""
    b = load_board(st.ruleset)
    v = view(st, seat)
    if int(v["round"]) > 0:
        when = say("war {war} of {wars}, round {round} of {rounds}", war=v["war"], wars=b.c("wars"), round=v["round"],
                   rounds=rounds_per_war(b, len(v["powers"])))
    else:
        when = say("war {war} of {wars}", war=v["war"], wars=b.c("wars"))
    items = [say("gold {n}", n=v["gold"][seat]), say("population {n}", n=v["pop"][seat]),
             say("VP {n}", n=v["vp"][seat]), say("unrest {n}", n=v["unrest"][seat]), *_side(v["alliance"][seat])]
    return say("{when}; you: {items}", when=when, items=join_list(items))


def _units(u: Sequence[int]) -> str:
    return " ".join(f"{k}{c}" for k, c in zip(u, _letters()[1:], strict=False) if k)


def auction_line(st: State, track: Tracker) -> str:
    b = load_board(st.ruleset)
    nm = Names(b)
    if track.high < 0:
        return say("Auction: no bid yet (the opener bids 0 or more)")

    def box(p: str) -> str:
        return nm.power(p) if p in b.power_by_id else say_in("box", "empty")
    fields = {"leader": nm.power(track.leader), "a": box(track.box_a), "b": box(track.box_b)}
    if track.passed:
        return say_n("Auction: high bid {n} gold by {leader}, proposing {a} in box A (alliance A) and {b} in box B "
                     "(alliance B); passed since: {passed}",
                     "Auction: high bid {n} gold by {leader}, proposing {a} in box A (alliance A) and {b} in box B "
                     "(alliance B); passed since: {passed}", track.high,
                     passed=join_list(nm.power(x) for x in track.passed), **fields)
    return say_n("Auction: high bid {n} gold by {leader}, proposing {a} in box A (alliance A) and {b} in box B "
                 "(alliance B)",
                 "Auction: high bid {n} gold by {leader}, proposing {a} in box A (alliance A) and {b} in box B "
                 "(alliance B)", track.high, **fields)
