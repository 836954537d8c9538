"""The game screen: the map, the players, the tracks, the log and the prompt.

It shows only ``view(state, seat)`` of the state its table reports, offers only the
engine's legal choices (through the picker: highlighted areas and pieces on the map,
buttons for the rest) and sends the one the player clicks to the table. Steps from the
table are shown one at a time at the speed the player set, so computer players' moves can
be followed.

The screen is built in layers, one concern each: its state and geometry
(:mod:`.screen`), the steps and their animation (:mod:`.steps`), input to choices
(:mod:`.choices`), the bars (:mod:`.bars`), the tooltips (:mod:`.tooltips`), what a
network game adds (:mod:`.online`) and the rules at hand (:mod:`.rulelinks`); this module
draws a frame from them, keeping the parts that did not change."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.client import trace
from game.client.logbook import now
from game.client.words.lang import language, say
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.camera import Camera
from game.ui.drawing.cards import battle_card, scoring_card
from game.ui.drawing.hits import Hit
from game.ui.drawing.logview import draw_log
from game.ui.drawing.panels import draw_market, draw_players, market_rect
from game.ui.scenes.game.rulelinks import RuleLinks

# while steps are still queued (a game caught up, a long history), the board and the
# panels are drawn again at most this often: the frames stay short and the window keeps
# its frame rate, its clicks and its progress while the steps go by faster than one can read
CATCH_UP_REDRAW_S = 0.1


class GameScene(RuleLinks):
    """The game screen (see the module docstring and :class:`ScreenState`)."""

    def draw(self, surf: pygame.Surface) -> None:
        if self.shown is None or self.renderer is None or self.board is None:
            surf.fill(P.PANEL)
            t = text(say("Setting up the table..."), "serif-bold", self.px(28), P.TEXT)
            surf.blit(t, t.get_rect(center=surf.get_rect().center))
            y = surf.get_rect().centery + self.px(30)
            message = self.message_now()
            for line in [*map(now, self.log[-4:]), *([message] if message else [])]:  # a network game's news
                said = text(line, "sans", self.px(14), P.TEXT_DIM)
                surf.blit(said, said.get_rect(midtop=(surf.get_rect().centerx, y)))
                y += said.get_height() + self.px(4)
            return
        self._stale = False
        lit = self.lit()
        litset = frozenset(lit)
        m = pygame.Rect(self.map_rect())
        cam = self.cam
        moving = self.moving()
        version = (self._shown_version(), language())  # (the words drawn follow the language at once)
        # while steps wait, one layer drawn again per frame at most (the others a frame later)
        self._redraws = 1 if self.queue else len(self._layers) + 4
        key = (version, moving, cam.zoom, round(cam.ox), round(cam.oy), m.size, litset, frozenset(self.focus | self.located))
        shown = self.moving_view if moving else self.view

        def board_layer(layer: pygame.Surface) -> list[Hit]:
            assert self.renderer is not None
            local = Camera(cam.board_w, cam.board_h, (0, 0, m.width, m.height), cam.zoom, cam.ox - m.x, cam.oy - m.y)
            return self.renderer.draw(layer, local, shown, set(litset), self.focus | self.located, self.t)

        self.hits = self._layer(surf, "board", key, m, board_layer)
        if self.move_time > 0 and self.moves:
            self.hits += self._draw_moves(surf, m)
        elif self.seat >= 0:
            self._draw_plan(surf, m)
        side = self.side_rect()
        assert self.board is not None
        board = self.board
        reserve = self.clock_room()
        self.hits += self._layer(
            surf, "players", (version, self.table.thinking(), litset, side.size, reserve), side,
            lambda layer: draw_players(layer, layer.get_rect(), self.view, board, self.seat, self.table.thinking(),
                                       self.s, set(litset), self.player_name, reserve))
        if self.show_market:
            mr = market_rect(self.map_rect(), sum(1 for t in board.tiles if t.id in self.view["stock"]), self.s)
            area = (m.x - mr.x, m.y - mr.y, m.width, m.height)
            self.hits += self._layer(
                surf, "market", (version, litset, m.size), mr,
                lambda layer: draw_market(layer, area, self.view, board, self.seat, self.s, set(litset)))
        lr = self._log_rect()
        powers = list(self.view["powers"])
        self.hits += self._layer(
            surf, "log", (version, len(self.log) if not self.queue else -1, self.log_scroll, self.log_power, lr.size),
            lr, lambda layer: draw_log(layer, layer.get_rect(), self.log, self.log_scroll, self.s, board, powers,
                                       self.log_power))
        self.buttons = self._top_buttons()
        self._top(surf)
        self._bar(surf)
        if self.card is not None and (self.card_time > 0 or self.speed == 0):
            kind, events = self.card
            if kind == "battle":
                age = self.card_total - self.card_time
                rolling = int(age * 24) if self.speed > 0 and age < self.rolling_s() else -1
                battle_card(surf, pygame.Rect(self.map_rect()), events, self.board, self.s, self.card_rows(), rolling)
            else:
                scoring_card(surf, pygame.Rect(self.map_rect()), events, self.board, self.s)
        self._online(surf)
        self._draw_buttons(surf)
        if self.pointed() and not self._online_tip(surf):  # (never through an overlay)
            self._tip(surf)
        steps = self._drawn[2]
        if trace.on() and steps != getattr(self, "_traced", -1):  # the network window benchmark
            self._traced = steps
            trace.mark("drawn", steps)

    def _shown_version(self) -> int:
        """The version the board and the panels are drawn at: the newest, unless more
        steps are queued and they were drawn less than :data:`CATCH_UP_REDRAW_S` ago."""
        version, when, _ = self._drawn
        t = time.perf_counter()
        if version != self.version and (not self.queue or t - when >= CATCH_UP_REDRAW_S):
            assert self.shown is not None
            self._drawn = (self.version, t, self.shown.steps)
        return self._drawn[0]

    def _layer(self, surf: pygame.Surface, name: str, key: object, rect: pygame.Rect, draw: Any) -> list[Hit]:
        """Blit a part of the screen drawn only when its ``key`` changes (the board and
        the panels are redrawn when the game, the highlights or the view change, not every
        frame); its hits are moved to the screen."""
        cached = self._layers.get(name)
        if cached is not None and cached[0] != key and self._redraws <= 0:
            self._stale = True  # drawn on a next frame: this one has drawn a layer already
        elif cached is None or cached[0] != key:
            self._redraws -= 1
            self._stale = True
            if cached is not None and cached[1].get_size() == rect.size:
                layer = cached[1]  # the same surface, drawn over (the board and players cover it all)
                if name not in ("board", "players"):
                    layer.fill(P.PANEL)
            else:
                layer = pygame.Surface(rect.size, 0, surf)
            hits = draw(layer)
            cached = (key, layer, hits)
            self._layers[name] = cached
        surf.blit(cached[1], rect.topleft)
        return [Hit(h.rect.move(rect.topleft), h.target, h.tip) for h in cached[2]]
