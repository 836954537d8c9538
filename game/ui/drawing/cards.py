"""Cards drawn over the map for the moments that matter: a battle (both sides' dice and
strengths, the result, the losses) and a war's scoring (each area's points)."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.words.events import event_sentence
from game.client.words.lang import join_list, say
from game.client.words.names import Names
from game.rules.board import Board
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap


def die(surf: pygame.Surface, r: pygame.Rect, value: int, colour: P.Colour) -> None:
    pygame.draw.rect(surf, (30, 24, 18), r.move(2, 2), border_radius=r.w // 6)
    pygame.draw.rect(surf, colour, r, border_radius=r.w // 6)
    pygame.draw.rect(surf, P.INK, r, 1, border_radius=r.w // 6)
    pip = max(2, r.w // 10)
    ink = (250, 250, 250) if sum(colour) < 300 else P.INK
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
             5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    for cx, cy in spots.get(value, []):
        pygame.draw.circle(surf, ink, (r.x + r.w * (1 + 2 * cx) // 6, r.y + r.h * (1 + 2 * cy) // 6), pip)


def battle_card(surf: pygame.Surface, area: pygame.Rect, events: list[dict[str, Any]], b: Board, s: float,
                detail: list[str] | None = None, rolling: int = -1) -> None:
    """Both sides' dice and totals, how each total was reached (``detail``: one line a
    side, each modifier named), the result and the losses."""
    def px(v: float) -> int:
        return max(1, round(v * s))

    dice = next((e for e in events if e.get("kind") == "dice"), None)
    battle = next((e for e in events if e.get("kind") == "battle"), None)
    attack = next((e for e in events if e.get("kind") == "attack"), None)
    if battle is None:
        return
    nm = Names(b)
    width = px(600)
    rows = [row for line in detail or [] for row in wrap(line, "cond", px(12), width - px(30))[:2]]
    lines = [event_sentence(battle, b)] + [event_sentence(e, b) for e in events
                                           if e.get("kind") in ("unit_lost", "neutral_conquered", "marker_taken", "no_loss")]
    said = [(k == 0, row) for k, line in enumerate(lines[:4])
            for row in wrap(line, "sans-bold" if k == 0 else "sans", px(13), width - px(30))[:2]]
    lh = text("Ag", "sans", px(13), P.INK).get_height() + px(2)
    r = pygame.Rect(0, 0, width, px(184) + px(18) * len(rows) + lh * len(said))
    r.center = area.center
    pygame.draw.rect(surf, (20, 16, 12), r.move(4, 5), border_radius=10)
    pygame.draw.rect(surf, P.PARCHMENT, r, border_radius=10)
    pygame.draw.rect(surf, P.COAST, r, 3, border_radius=10)
    title = text(_battle_title(battle, nm), "serif-bold", px(26), P.INK)
    surf.blit(title, title.get_rect(midtop=(r.centerx, r.y + px(8))))
    totals = battle.get("totals") or [0, 0]
    values = [int(x) for x in (dice.get("dice") or [])] if dice else []
    half = len(values) // 2
    att = str(attack.get("power")) if attack else ""
    sides = [(att, values[:half], totals[0]), ("", values[half:], totals[1])]
    for k, (pid, vals, total) in enumerate(sides):
        cx = r.x + px(130) + k * px(260)
        nt = text(_side_name(k, pid, attack, nm), "sans-bold", px(16), P.INK)
        surf.blit(nt, nt.get_rect(midtop=(cx, r.y + px(50))))
        col = P.power(pid) if pid in b.power_by_id else (235, 235, 230)
        ds = px(40)
        x0 = cx - (len(vals) * (ds + px(8))) // 2
        for i, v in enumerate(vals):
            shown = (v + rolling * (i + 2)) % 6 + 1 if rolling >= 0 else v  # tumbling, then the real value
            die(surf, pygame.Rect(x0 + i * (ds + px(8)) + (rolling % 3 - 1) * px(2) * (rolling >= 0),
                                  r.y + px(80), ds, ds), shown, col)
        if rolling < 0:
            tt = text(say("total {n}", n=total), "serif-bold", px(24), P.INK)
            surf.blit(tt, tt.get_rect(midtop=(cx, r.y + px(130))))
    vs = text(say("vs"), "serif-bold", px(22), P.INK_SOFT)
    surf.blit(vs, vs.get_rect(center=(r.centerx, r.y + px(100))))
    if rolling >= 0:
        return
    y = r.y + px(170)
    for row in rows:
        t = text(row, "cond", px(12), P.INK_SOFT)
        surf.blit(t, t.get_rect(midtop=(r.centerx, y)))
        y += px(18)
    for first, row in said:
        t = text(row, "sans-bold" if first else "sans", px(13), P.INK)
        surf.blit(t, t.get_rect(midtop=(r.centerx, y)))
        y += lh


def _battle_title(battle: dict[str, Any], nm: Names) -> str:
    """A battle card's heading: a battle or a naval battle, and where."""
    aid = battle.get("area")
    if isinstance(aid, str) and aid in nm.board.area_by_id:
        where = nm.area(aid)
        return say("Naval battle in {area}", area=where) if battle.get("sea") else say("Battle in {area}", area=where)
    return say("Naval battle") if battle.get("sea") else say("Battle")


def _side_name(k: int, pid: str, attack: dict[str, Any] | None, nm: Names) -> str:
    """Side ``k`` of a battle card (0 the attacker, 1 the defender), named."""
    b = nm.board
    if k == 0:
        return nm.power(pid) if pid in b.power_by_id else say("Attacker")
    tgt = str(attack.get("target", "")) if attack else ""
    if tgt in b.power_by_id:
        return nm.power(tgt)
    if tgt in b.counter_by_id:
        return nm.counter(tgt)
    return say("Defender")


def scoring_card(surf: pygame.Surface, area: pygame.Rect, events: list[dict[str, Any]], b: Board, s: float) -> None:
    """A war's scoring: each area's points by power, and the totals."""
    def px(v: float) -> int:
        return max(1, round(v * s))

    nm = Names(b)
    rows = [e for e in events if e.get("kind") == "score_area"]
    scored = next((e for e in events if e.get("kind") == "scored"), None)
    # as wide as its longest row needs (the map's width at most): a power's name and points each
    label_w = max([text(_area(e, nm), "sans-bold", px(14), P.INK).get_width() for e in rows] + [px(150)])
    face = "sans"
    need = max([_scores_width(e, nm, px, face) for e in rows] + [0])
    if px(40) + label_w + need > area.width - px(20):
        face = "cond"
        need = max([_scores_width(e, nm, px, face) for e in rows] + [0])
    width = min(area.width - px(20), max(px(560), px(40) + label_w + need))
    r = pygame.Rect(0, 0, width, px(70) + px(24) * (len(rows) + 2))
    r.center = area.center
    pygame.draw.rect(surf, (20, 16, 12), r.move(4, 5), border_radius=10)
    pygame.draw.rect(surf, P.PARCHMENT, r, border_radius=10)
    pygame.draw.rect(surf, P.COAST, r, 3, border_radius=10)
    war = scored.get("war", "") if scored else ""
    title = text(say("Scoring at the end of war {war}", war=war), "serif-bold", px(26), P.INK)
    surf.blit(title, title.get_rect(midtop=(r.centerx, r.y + px(8))))
    y = r.y + px(50)
    for e in rows:
        surf.blit(text(_area(e, nm), "sans-bold", px(14), P.INK), (r.x + px(20), y))
        x = r.x + px(20) + label_w + px(20)
        for pid, pts in dict(e.get("scores", {})).items():
            pygame.draw.circle(surf, P.power(pid), (x + px(7), y + px(9)), px(7))
            t = text(f"{_power(pid, nm)} {pts}", face, px(13), P.INK)
            surf.blit(t, (x + px(18), y))
            x += t.get_width() + px(30)
        y += px(24)
    if scored:
        tot = join_list(f"{_power(p, nm)} {v}" for p, v in dict(scored.get("vp", {})).items())
        for line in wrap(say("Totals: {scores}", scores=tot), "sans-bold", px(13), r.width - px(40))[:2]:
            t = text(line, "sans-bold", px(13), P.INK)
            surf.blit(t, (r.x + px(20), y + px(4)))
            y += t.get_height()


def _area(e: dict[str, Any], nm: Names) -> str:
    aid = str(e.get("area"))
    return nm.area(aid) if aid in nm.board.area_by_id else aid


def _power(pid: str, nm: Names) -> str:
    return nm.power(pid) if pid in nm.board.power_by_id else pid


def _scores_width(e: dict[str, Any], nm: Names, px: Any, face: str) -> int:
    """How wide a scoring row's points are drawn (each: a disc, the power's name, its points)."""
    return sum(px(18) + text(f"{_power(pid, nm)} {pts}", face, px(13), P.INK).get_width() + px(12)
               for pid, pts in dict(e.get("scores", {})).items())
