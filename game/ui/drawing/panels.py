"""The side panels of the game screen: one panel per player, the tile market and the log.
Each returns what it drew where (hits), for tooltips and clicks."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.forecast import totals, war_end_scores
from game.client.words.lang import capital, join_list, say, say_in, say_n
from game.client.words.names import Names
from game.client.words.tiles import tile_cost, tile_effect, tile_rule
from game.rules.board import Board
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.hits import Hit, Target
from game.ui.drawing.pieces import icon

UNREST_LIMIT = 20


def _short(name: str, n: int) -> str:
    return name if len(name) <= n else name[: n - 1] + "."


def player_row(side: pygame.Rect, i: int, s: float) -> pygame.Rect:
    """Where player ``i``'s panel lies in the side column ``side``."""
    def px(x: float) -> int:
        return max(1, round(x * s))

    return pygame.Rect(side.x + px(6), side.y + px(6) + i * px(56), side.width - px(12), px(52))


def draw_players(surf: pygame.Surface, side: pygame.Rect, v: dict[str, Any], b: Board, seat: int,
                 thinking: int, s: float, lit: set[Target], me: str = "", reserve: int = 0) -> list[Hit]:
    """One panel per player: its power, gold, population, VP (and what the war's end would
    add), unrest when known, pieces in supply and tiles held (``me``: what the player's own
    panel calls them, "you" when ""; ``reserve``: pixels kept free at the right of each
    panel's last line, for a network game's clock drawn there)."""
    def px(x: float) -> int:
        return max(1, round(x * s))

    nm = Names(b)
    hits: list[Hit] = []
    pygame.draw.rect(surf, (32, 28, 24), side)
    pygame.draw.line(surf, P.PANEL_EDGE, side.topleft, side.bottomleft)
    powers: list[str] = v["powers"]
    gain = totals(war_end_scores(v), len(powers))
    pend = v.get("pending") or {}
    deciding = pend.get("seat", -1)
    for i, pid in enumerate(powers):
        r = player_row(side, i, s)
        bg = (62, 54, 44) if i == seat else (46, 40, 34)
        pygame.draw.rect(surf, bg, r, border_radius=6)
        edge = P.HIGHLIGHT if i == deciding else P.PANEL_EDGE
        pygame.draw.rect(surf, edge, r, 2 if i == deciding else 1, border_radius=6)
        strip = pygame.Rect(r.x, r.y, px(30), r.height)
        pygame.draw.rect(surf, P.power(pid), strip, border_top_left_radius=6, border_bottom_left_radius=6)
        lt = text(P.letters(pid), "cond-bold", px(13), P.ink(pid))
        surf.blit(lt, lt.get_rect(center=strip.center))
        name = nm.power(pid) if i != seat else f"{nm.power(pid)} ({me})" if me else say("{power} (you)",
                                                                                             power=nm.power(pid))
        nt = text(name, "sans-bold", px(13), P.TEXT)
        if nt.get_width() > px(150):
            nt = text(name, "cond-bold", px(13), P.TEXT)
        surf.blit(nt, (strip.right + px(6), r.y + px(3)))
        if i == thinking or i == deciding:
            tt = text(say("thinking...") if i == thinking else say("to decide"), "sans", px(11), P.HIGHLIGHT)
            surf.blit(tt, (r.right - reserve - tt.get_width() - px(6), r.y + px(37)))
        # gold, population, VP, unrest
        unrest = v["unrest"][i]
        x = strip.right + px(6)
        yy = r.y + px(20)
        stats = [("gold", str(v["gold"][i]), P.GOLD, say_n("{n} gold (R-GEN-4, R-GEN-5)", "{n} gold (R-GEN-4, R-GEN-5)",
                                                           v["gold"][i])),
                 ("pop", f"{v['pop'][i]}/9", (120, 190, 120), say("population {n} of 9 (R-GEN-7)", n=v["pop"][i])),
                 ("vp", f"{v['vp'][i]}" + (f" +{gain[i]}" if gain[i] else ""), (220, 120, 120),
                  say_n("{n} victory point; {more} more if the war ended now (R-VP-1)",
                        "{n} victory points; {more} more if the war ended now (R-VP-1)", v["vp"][i], more=gain[i]))]
        if unrest is None:
            stats.append(("unrest", "?", (150, 140, 130), say("unrest: hidden until the end of the game (R-GEN-6)")))
        else:
            stats.append(("unrest", f"{unrest}/{UNREST_LIMIT}", P.BAD if unrest >= UNREST_LIMIT - 4 else (230, 160, 120),
                          _unrest_tip(unrest)))
        labels = {"gold": say_in("stat", "G"), "pop": say_in("stat", "Pop"), "vp": say_in("stat", "VP"),
                  "unrest": say_in("stat", "Unrest")}
        for key, val, col, tip in stats:
            lab = text(labels[key], "cond", px(11), P.TEXT_DIM)
            vt = text(val, "sans-bold", px(13), col)
            surf.blit(lab, (x, yy + px(1)))
            surf.blit(vt, (x + lab.get_width() + px(3), yy))
            w = lab.get_width() + vt.get_width() + px(10)
            hits.append(Hit(pygame.Rect(x, yy, w, vt.get_height()), ("stat", pid, key), f"{nm.power(pid)}: {tip}"))
            x += w
        # the alliance, pieces in supply
        sup = v["supply"][i]
        sx = r.right - px(6)
        sy = r.y + px(4)
        for kind in ("marker", "fort", "fleet", "army"):
            nt2 = text(str(sup[kind]), "cond-bold", px(11), P.TEXT)
            sx -= nt2.get_width()
            surf.blit(nt2, (sx, sy + px(1)))
            sx -= px(12)
            if kind == "marker":
                pygame.draw.circle(surf, P.power(pid), (sx + px(5), sy + px(8)), px(5))
                pygame.draw.circle(surf, P.TEXT_DIM, (sx + px(5), sy + px(8)), px(5), 1)
            else:
                icon(surf, kind, pygame.Rect(sx, sy + px(2), px(11), px(11)), P.TEXT_DIM)
            sx -= px(4)
        pieces = join_list([nm.count("army", sup["army"]), nm.count("fleet", sup["fleet"]), nm.count("fort", sup["fort"]),
                            say_n("{n} control marker", "{n} control markers", sup["marker"])])
        hits.append(Hit(pygame.Rect(sx, sy, r.right - sx, px(14)), ("supply", pid),
                        say("In supply: {pieces} (R-GEN-2)", pieces=pieces)))
        # tiles held, used ones turned (dimmed, marked)
        tx = strip.right + px(6)
        ty = r.y + px(37)
        used: dict[str, int] = v["used"][i]
        for tid, count in sorted(v["tiles"][i].items(), key=lambda kv: nm.tile(kv[0]) if kv[0] in b.tile_by_id else kv[0]):
            if tid not in b.tile_by_id:
                continue
            turned = used.get(tid, 0)
            label = _short(nm.tile(tid), 12) + (f" x{count}" if count > 1 else "")
            col = (110, 100, 90) if turned >= count else P.TEXT
            tt = text(label, "cond", px(10), col)
            box = pygame.Rect(tx, ty, tt.get_width() + px(8), tt.get_height() + px(1))
            if box.right > r.right - px(4) - reserve - (px(70) if i in (thinking, deciding) else 0):
                more = text("...", "cond", px(10), P.TEXT_DIM)
                surf.blit(more, (tx, ty))
                break
            tgt: Target = ("tile", tid)
            fill = (40, 34, 28) if turned >= count else (86, 70, 50)
            pygame.draw.rect(surf, fill, box, border_radius=3)
            pygame.draw.rect(surf, P.HIGHLIGHT if i == seat and tgt in lit else (120, 100, 70), box,
                             2 if i == seat and tgt in lit else 1, border_radius=3)
            surf.blit(tt, (box.x + px(4), box.y))
            fields = {"tile": nm.tile(tid) + (f" x{count}" if count > 1 else ""), "effect": tile_effect(b, tid),
                      "rule": tile_rule(b, tid)}
            tip = (say_n("{tile} ({n} used this war): {effect} ({rule})", "{tile} ({n} used this war): {effect} ({rule})",
                         turned, **fields) if turned else say("{tile}: {effect} ({rule})", **fields))
            hits.append(Hit(box, tgt if i == seat else ("held", pid, tid), tip))
            tx = box.right + px(3)
    return hits


def _unrest_tip(unrest: int) -> str:
    """A player's unrest, when known: what it risks (R-END-2, R-END-3)."""
    if unrest < 1:
        return say("your unrest {n}: at {limit} or more your government falls; the most unrest loses 7 VP, the second "
                   "most 4 VP (no penalty yet; R-END-2, R-END-3)", n=unrest, limit=UNREST_LIMIT)
    return say("your unrest {n}: at {limit} or more your government falls; the most unrest loses 7 VP, the second most "
               "4 VP (the 4 and 7 VP penalties depend on the others' unrest; R-END-2, R-END-3)", n=unrest,
               limit=UNREST_LIMIT)


MARKET_COLS = 4


def market_rect(area: tuple[int, int, int, int], n_tiles: int, s: float) -> pygame.Rect:
    """Where the tile market lies over the map (its lower left)."""
    def px(x: float) -> int:
        return max(1, round(x * s))

    ax, ay, aw, ah = area
    cw = (aw - px(40)) // MARKET_COLS
    ch = px(38)
    rows = -(-n_tiles // MARKET_COLS)
    return pygame.Rect(ax + px(14), ay + ah - rows * (ch + px(4)) - px(44), cw * MARKET_COLS + px(12),
                       rows * (ch + px(4)) + px(36))


def draw_market(surf: pygame.Surface, area: tuple[int, int, int, int], v: dict[str, Any], b: Board, seat: int,
                s: float, lit: set[Target]) -> list[Hit]:
    """The tile stock: every tile with its cost and copies left; those the player can pay
    without borrowing carry a gold mark; legal buys are highlighted."""
    def px(x: float) -> int:
        return max(1, round(x * s))

    hits: list[Hit] = []
    stock: dict[str, int] = v["stock"]
    tiles = [t for t in b.tiles if t.id in stock]
    r = market_rect(area, len(tiles), s)
    cw = (r.width - px(12)) // MARKET_COLS
    ch = px(38)
    pygame.draw.rect(surf, (30, 26, 22), r, border_radius=6)
    pygame.draw.rect(surf, P.PANEL_EDGE, r, 1, border_radius=6)
    words = say("Tiles in stock  (gold mark: you can pay without borrowing; red: the unrest borrowing costs)")
    title = text(words, "sans-bold", px(12), P.TEXT)
    if title.get_width() > r.width - px(16):
        title = text(words, "cond-bold", px(12), P.TEXT)
    surf.blit(title, (r.x + px(8), r.y + px(6)))
    nm = Names(b)
    gold = v["gold"][seat] if 0 <= seat < len(v["gold"]) else 0
    held = v["tiles"][seat] if 0 <= seat < len(v["tiles"]) else {}
    lot = b.c("borrow_lot_banking") if held.get("banking") else b.c("borrow_lot")  # R-GEN-5, R-TIL-9
    for k, t in enumerate(tiles):
        row, col = divmod(k, MARKET_COLS)
        cell = pygame.Rect(r.x + px(6) + col * cw, r.y + px(28) + row * (ch + px(4)), cw - px(4), ch)
        left = stock[t.id]
        tgt: Target = ("tile", t.id)
        fill = (232, 216, 178) if left else (120, 112, 100)
        pygame.draw.rect(surf, fill, cell, border_radius=4)
        pygame.draw.rect(surf, P.HIGHLIGHT_EDGE if tgt in lit else P.COAST, cell, 3 if tgt in lit else 1, border_radius=4)
        name = nm.tile(t.id)
        nt = text(name, "cond-bold", px(12), P.INK)
        if nt.get_width() > cell.width - px(20):  # too long for its cell: cut with a dot (the tooltip names it whole)
            nt = text(_fit(name, "cond-bold", px(12), cell.width - px(20)), "cond-bold", px(12), P.INK)
        surf.blit(nt, (cell.x + px(5), cell.y + px(3)))
        cost = tile_cost(b, t.id, population="pop")
        line = say_n("{cost}   {n} left", "{cost}   {n} left", left, cost=cost)
        lots = -(-(t.gold - gold) // lot) if 0 <= seat and t.gold > gold else 0  # borrowing lots, 1 unrest each
        mark = 0
        if t.gold <= gold and left and 0 <= seat:
            pygame.draw.circle(surf, P.GOLD, (cell.right - px(9), cell.y + px(9)), px(5))
        elif lots and left:
            bt = text(say_n("+{n} unrest", "+{n} unrest", lots), "cond-bold", px(11), P.BAD)
            surf.blit(bt, (cell.right - bt.get_width() - px(5), cell.y + px(19)))
            mark = bt.get_width() + px(8)
        room = cell.width - px(10) - mark  # the cost line, cut with a dot where the unrest mark needs the room
        ct = text(_fit(line, "cond", px(11), room), "cond", px(11), P.INK_SOFT)
        surf.blit(ct, (cell.x + px(5), cell.y + px(19)))
        fields = {"tile": name, "cost": cost, "timing": _timing(t.timing), "count": t.count,
                  "effect": capital(tile_effect(b, t.id)), "rule": tile_rule(b, t.id)}
        if lots:
            borrow = say_n("You have {gold} gold: buying it borrows {borrow} gold in {n} lot of {lot}, {n} unrest "
                           "(R-GEN-5).", "You have {gold} gold: buying it borrows {borrow} gold in {n} lots of {lot}, {n} "
                           "unrest (R-GEN-5).", lots, gold=gold, borrow=lots * lot, lot=lot)
            tip = say_n("{tile}: {cost}, {timing}; {n} of {count} left. {borrow} {effect} ({rule})",
                        "{tile}: {cost}, {timing}; {n} of {count} left. {borrow} {effect} ({rule})", left,
                        borrow=borrow, **fields)
        else:
            tip = say_n("{tile}: {cost}, {timing}; {n} of {count} left. {effect} ({rule})",
                        "{tile}: {cost}, {timing}; {n} of {count} left. {effect} ({rule})", left, **fields)
        hits.append(Hit(cell, tgt, tip))
    return hits


def _timing(timing: str) -> str:
    """When a tile in the stock acts, in words."""
    words = {"keep": say("kept for the game"), "once_per_war": say("once per war"),
             "on_take": say("takes effect when bought"), "one_use": say("used once"), "war": say("for this war")}
    return words.get(timing, timing)


def _fit(words: str, face: str, size: int, width: int) -> str:
    """``words`` cut with a dot until they fit ``width``."""
    while len(words) > 2 and text(words, face, size, P.INK).get_width() > width:
        words = words[:-2].rstrip() + "."
    return words
