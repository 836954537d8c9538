"""The game screen's tooltips: a button's words, an attack's odds' assumptions, what a
piece, counter, tile or track space is, and an area's values with what it would score if
the war ended now. A tooltip that names rules says under it that F1 opens their cards."""

from __future__ import annotations

import pygame

from game.client.forecast import war_end_scores
from game.client.logbook import battle_words
from game.client.words.lang import join_list, say, say_n
from game.client.words.names import Names
from game.client.words.rulebook import rule_ids, rules_hint
from game.client.words.tiles import tile_line
from game.ui.scenes.game.bars import Bars
from game.ui.widgets.picker import parts_of
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
                odds = self.odds_at(h.target)  # a highlighted target of an attack: its chances first
                if odds:
                    tip = say("{odds}. {tip}", odds=odds, tip=tip) if tip else odds
                break
            if h.rect.collidepoint(pos) and h.target[0] == "logline":
                line = self.log[int(h.target[1])] if int(h.target[1]) < len(self.log) else ""
                tile = getattr(line, "tile", "") or self.tile_lines.get(line, "")
                if tile and self.board is not None and tile in self.board.tile_by_id:
                    tip = tile_line(self.board, tile)  # a line naming a tile: what it does
                else:
                    tip = battle_words(line)
                break
        if not tip and pygame.Rect(self.map_rect()).collidepoint(pos) and self.board is not None:
            bx, by = self.cam.to_board(*pos)
            area = self.layout.area_at(bx, by)
            offered = self.picker is not None and (area,) in [o.part for o in self.picker.options()]
            if area and offered and self.box_words(area):
                return self.box_words(area)  # a home nation clicked for a proposal: which box it goes in
            if area:
                tip = self.area_tip(area)
                odds = self.odds_at(("area", area))
                if odds:
                    tip = say("{odds}. {tip}", odds=odds, tip=tip)
        return tip

    def odds_at(self, target: tuple[str, ...]) -> str:
        """The exact chances of the attacks a highlighted target leads to (an area attacked,
        or the units or counter attacked there), as soon as the mouse is over it: counted
        off the drawing thread when the decision came ("" when the target is no attack's)."""
        if self.picker is None or not self.ready():
            return ""
        n = len(self.picker.picked)
        parts = [o.part for o in self.picker.options() if o.target == target]
        attacks = [c for c in self.picker.matching() if c.kind == "attack" and len(c.args) == 3
                   and len(parts_of(c)) > n and parts_of(c)[n] in parts]
        if len(attacks) == 1:
            return self.odds_for(attacks[0])[0]
        return "; ".join(say("{target}: {odds}", target=self.picker.option(parts_of(c)[2], 2).label,
                             odds=self.odds_for(c)[0]) for c in attacks)

    def area_tip(self, area: str) -> str:
        """An area's tooltip: its VP and spaces (a home nation: so), whether fleets may be
        there, and what it would score if the war ended now."""
        assert self.board is not None
        a = self.board.area_by_id[area]
        nm = Names(self.board)
        fleets = a.sea and a.kind != "home"
        fields = {"area": nm.area(area), "vp": "/".join(map(str, a.vp))}
        if a.vp and fleets:
            tip = say_n("{area}: VP {vp}, {n} space (R-VP-1), fleets allowed",
                        "{area}: VP {vp}, {n} spaces (R-VP-1), fleets allowed", a.spaces, **fields)
        elif a.vp:
            tip = say_n("{area}: VP {vp}, {n} space (R-VP-1)", "{area}: VP {vp}, {n} spaces (R-VP-1)", a.spaces,
                        **fields)
        elif fleets:
            tip = say("{area} (home nation), fleets allowed", **fields)
        else:
            tip = say("{area} (home nation)", **fields)
        now = war_end_scores(self.view).get(area)
        if now and any(now):
            powers = self.view["powers"]
            scores = join_list(f"{nm.power(powers[i])} {p}" for i, p in enumerate(now) if p)
            tip = say("{tip}. If the war ended now: {scores}", tip=tip, scores=scores)
        return tip
