"""Cards drawn over the map for the moments that matter: a battle (both sides' dice and
strengths, the result, the losses) and a war's scoring (each area's points)."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.words.events import event_sentence
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
    detail = detail or []
    r = pygame.Rect(0, 0, px(600), px(250) + px(18) * len(detail))
    r.center = area.center
    pygame.draw.rect(surf, (20, 16, 12), r.move(4, 5), border_radius=10)
    pygame.draw.rect(surf, P.PARCHMENT, r, border_radius=10)
    pygame.draw.rect(surf, P.COAST, r, 3, border_radius=10)
    where = b.area_name(str(battle.get("area"))) if battle.get("area") in b.area_by_id else ""
    title = text(f"{'Naval battle' if battle.get('sea') else 'Battle'} in {where}", "serif-bold", px(26), P.INK)
    surf.blit(title, title.get_rect(midtop=(r.centerx, r.y + px(8))))
    totals = battle.get("totals") or [0, 0]
    values = [int(x) for x in (dice.get("dice") or [])] if dice else []
    half = len(values) // 2
    att = str(attack.get("power")) if attack else ""
    sides = [(att, values[:half], totals[0]), ("", values[half:], totals[1])]
    for k, (pid, vals, total) in enumerate(sides):
        cx = r.x + px(130) + k * px(260)
        name = b.power_name(pid) if pid in b.power_by_id else ("Attacker" if k == 0 else "Defender")
        if k == 1 and attack:
            tgt = str(attack.get("target", ""))
            name = b.power_name(tgt) if tgt in b.power_by_id else b.counter_name(tgt) if tgt in b.counter_by_id else "Defender"
        nt = text(name, "sans-bold", px(16), P.INK)
        surf.blit(nt, nt.get_rect(midtop=(cx, r.y + px(50))))
        col = P.power(pid) if pid in b.power_by_id else (235, 235, 230)
        ds = px(40)
        x0 = cx - (len(vals) * (ds + px(8))) // 2
        for i, v in enumerate(vals):
            shown = (v + rolling * (i + 2)) % 6 + 1 if rolling >= 0 else v  # tumbling, then the real value
            die(surf, pygame.Rect(x0 + i * (ds + px(8)) + (rolling % 3 - 1) * px(2) * (rolling >= 0),
                                  r.y + px(80), ds, ds), shown, col)
        if rolling < 0:
            tt = text(f"total {total}", "serif-bold", px(24), P.INK)
            surf.blit(tt, tt.get_rect(midtop=(cx, r.y + px(130))))
    vs = text("vs", "serif-bold", px(22), P.INK_SOFT)
    surf.blit(vs, vs.get_rect(center=(r.centerx, r.y + px(100))))
    if rolling >= 0:
        return
    y = r.y + px(170)
    for line in detail:
        for wline in wrap(line, "cond", px(12), r.width - px(30))[:1]:
            t = text(wline, "cond", px(12), P.INK_SOFT)
            surf.blit(t, t.get_rect(midtop=(r.centerx, y)))
            y += px(18)
    lines = [event_sentence(battle, b)] + [event_sentence(e, b) for e in events
                                           if e.get("kind") in ("unit_lost", "neutral_conquered", "marker_taken", "no_loss")]
    for line in lines[:4]:
        for wline in wrap(line, "sans", px(13), r.width - px(30))[:1]:
            t = text(wline, "sans-bold" if line is lines[0] else "sans", px(13), P.INK)
            surf.blit(t, t.get_rect(midtop=(r.centerx, y)))
            y += t.get_height() + px(2)


def scoring_card(surf: pygame.Surface, area: pygame.Rect, events: list[dict[str, Any]], b: Board, s: float) -> None:
    def px(v: float) -> int:
        return max(1, round(v * s))

    rows = [e for e in events if e.get("kind") == "score_area"]
    scored = next((e for e in events if e.get("kind") == "scored"), None)
    r = pygame.Rect(0, 0, px(560), px(70) + px(24) * (len(rows) + 2))
    r.center = area.center
    pygame.draw.rect(surf, (20, 16, 12), r.move(4, 5), border_radius=10)
    pygame.draw.rect(surf, P.PARCHMENT, r, border_radius=10)
    pygame.draw.rect(surf, P.COAST, r, 3, border_radius=10)
    war = scored.get("war", "") if scored else ""
    title = text(f"Scoring at the end of war {war}", "serif-bold", px(26), P.INK)
    surf.blit(title, title.get_rect(midtop=(r.centerx, r.y + px(8))))
    y = r.y + px(50)
    for e in rows:
        name = b.area_name(str(e.get("area"))) if e.get("area") in b.area_by_id else str(e.get("area"))
        surf.blit(text(name, "sans-bold", px(14), P.INK), (r.x + px(20), y))
        x = r.x + px(190)
        for pid, pts in dict(e.get("scores", {})).items():
            pygame.draw.circle(surf, P.power(pid), (x + px(7), y + px(9)), px(7))
            t = text(f"{b.power_name(pid)} {pts}", "sans", px(13), P.INK)
            surf.blit(t, (x + px(18), y))
            x += t.get_width() + px(30)
        y += px(24)
    if scored:
        tot = ", ".join(f"{b.power_name(p)} {v}" for p, v in dict(scored.get("vp", {})).items())
        for line in wrap(f"Totals: {tot}", "sans-bold", px(13), r.width - px(40))[:2]:
            t = text(line, "sans-bold", px(13), P.INK)
            surf.blit(t, (r.x + px(20), y + px(4)))
            y += t.get_height()
