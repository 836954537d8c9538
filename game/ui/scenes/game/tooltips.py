"""The game screen's tooltips: a button's words, an attack's odds' assumptions, what a
piece, counter, tile or track space is, and an area's values with what it would score if
the war ended now. A tooltip that names rules says under it that F1 opens their cards."""

from __future__ import annotations

import pygame

from game.client.forecast import war_end_scores
from game.client.logbook import battle_words
from game.client.words.rulebook import rule_ids, rules_hint
from game.client.words.tiles import tile_line
from game.ui.scenes.game.bars import Bars
from game.ui.widgets.tooltip import tooltip


class Tooltips(Bars):
    """The tooltip under the mouse (see the module docstring)."""

    def _tip(self, surf: pygame.Surface) -> None:
        tip = self.tip_at(self.mouse)
        if tip:
            tooltip(surf, tip, self.mouse, self.px(12), hint=rules_hint(rule_ids(tip)))

    def tip_at(self, pos: tuple[int, int]) -> str:
        """The tooltip's words at ``pos`` ("" for none)."""
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b.tip
        tip = ""
        if self._odds_tip is not None and self._odds_tip[0].collidepoint(pos):
            return self._odds_tip[1]
        for h in reversed(self.hits):
            if h.rect.collidepoint(pos) and h.target[0] != "logline":
                tip = h.tip
                break
            if h.rect.collidepoint(pos) and h.tip in self.tile_lines and self.board is not None:
                tip = tile_line(self.board, self.tile_lines[h.tip])  # a line naming a tile: what it does
                break
            if h.rect.collidepoint(pos) and h.target[0] == "logline":
                tip = battle_words(self.log[int(h.target[1])]) if int(h.target[1]) < len(self.log) else ""
                break
        if not tip and pygame.Rect(self.map_rect()).collidepoint(pos) and self.board is not None:
            bx, by = self.cam.to_board(*pos)
            area = self.layout.area_at(bx, by)
            offered = self.picker is not None and (area,) in [o.part for o in self.picker.options()]
            if area and offered and self.box_words(area):
                return self.box_words(area)  # a home nation clicked for a proposal: which box it goes in
            if area:
                a = self.board.area_by_id[area]
                tip = a.name + (f": VP {'/'.join(map(str, a.vp))}, {a.spaces} spaces (R-VP-1)" if a.vp
                                else " (home nation)")
                tip += ", fleets allowed" if a.sea and a.kind != "home" else ""
                now = war_end_scores(self.view).get(area)
                if now and any(now):
                    powers = self.view["powers"]
                    tip += ". If the war ended now: " + ", ".join(
                        f"{self.board.power_name(powers[i])} {p}" for i, p in enumerate(now) if p)
        return tip
