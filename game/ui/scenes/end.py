"""The end of the game, over the board: unrest revealed, penalties, final scores, the
winner, and each player's dice against what fair dice give on average (the button "Dice
and fairness", or D, opens the fairness panel over it); and a replay's end screen, which
also gives the verdict of the game file."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.fairness import Fairness
from game.client.gamefile import Verdict
from game.client.settings import Settings
from game.client.words.fairness import opener_tip
from game.client.words.lang import join_and, join_list, say, say_n
from game.client.words.names import Names
from game.ui.app import TITLE, Intent, ScaledScene
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap
from game.ui.drawing.dicechart import dice_chart
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.tooltip import tooltip


class EndScene(ScaledScene):
    """The end screen over a game's board (see the module docstring)."""

    opaque = False

    def __init__(self, game: Any, result: dict[str, Any], fairness: Any = None) -> None:
        super().__init__()
        self.game = game
        self.result = result
        self.fairness = fairness  # what the fairness panel shows: a model, or what makes it (else the game screen's)
        self._model: Fairness | None = None
        self.buttons: list[Button] = []
        self.mouse = (0, 0)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "move":
            self.mouse = intent.pos
        if intent.kind == "click":
            for b in self.buttons:
                if b.rect.collidepoint(intent.pos):
                    self.choose(b.key)
        if intent.kind == "key" and intent.key == pygame.K_ESCAPE:
            self.choose("board")
        elif intent.kind == "key" and intent.key == pygame.K_d:
            self.choose("fairness")
        return True

    def choose(self, key: object) -> None:
        assert self.app is not None
        if key == "board":
            self.app.pop(self)
        elif key == "fairness":
            self.app.push_scene("fairness", model=self.model())
        elif key == "menu":
            self.game.table.close()
            self.app.replace_scene("menu", settings=self.app.settings or Settings())
        elif key == "quit":
            self.app.quit(0)

    def draw(self, surf: pygame.Surface) -> None:
        board = self.game.board
        w, h = surf.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 190))
        surf.blit(shade, (0, 0))
        r = pygame.Rect(0, 0, min(w - self.px(40), self.px(1100)), min(h - self.px(40), self.px(640)))
        r.center = (w // 2, h // 2)
        pygame.draw.rect(surf, P.PARCHMENT, r, border_radius=10)
        pygame.draw.rect(surf, P.COAST, r, 3, border_radius=10)
        res = self.result
        names = Names(board)
        winners = [names.power(p) for p in res.get("winners", [])]
        head = (say_n("{names} wins the game", "{names} win the game", len(winners), names=join_and(winners)) if winners
                else say("The game is over"))
        t = text(head, "serif-bold", self.px(40), P.INK)
        surf.blit(t, t.get_rect(midtop=(r.centerx, r.y + self.px(12))))
        cols = [say("Power"), say("VP"), say("Unrest"), say("Penalty"), say("Score"), say("Gold")]
        xs, face = self._columns(r.x + self.px(30), cols, [names.power(p) for p in res.get("scores", {})])
        y = r.y + self.px(76)
        for x, c in zip(xs, cols, strict=True):
            surf.blit(text(c, face, self.px(14), P.INK_SOFT), (x, y))
        y += self.px(24)
        scores: dict[str, int] = res.get("scores", {})
        order = sorted(scores, key=lambda p: -scores[p])
        for pid in order:
            pygame.draw.circle(surf, P.power(pid), (xs[0] - self.px(12), y + self.px(9)), self.px(7))
            vals = [names.power(pid), res.get("vp_before_unrest", {}).get(pid, ""), res.get("unrest", {}).get(pid, ""),
                    res.get("penalties", {}).get(pid, ""), scores[pid], res.get("gold", {}).get(pid, "")]
            for x, v in zip(xs, vals, strict=True):
                surf.blit(text(str(v), "sans-bold" if pid in res.get("winners", []) else "sans", self.px(15), P.INK), (x, y))
            y += self.px(24)
        if res.get("revolution"):
            who = join_list(names.power(p) for p in res["revolution"])
            surf.blit(text(say("Revolution (20 unrest or more): {powers}", powers=who), "sans-bold", self.px(14), P.BAD),
                      (xs[0], y + self.px(4)))
        self._dice(surf, pygame.Rect(r.x + self.px(620), r.y + self.px(76), r.width - self.px(650), r.height - self.px(160)))
        self.buttons = []
        bw = self.px(180)
        specs = ((say("See the board"), "board", ""), (say("Dice and fairness"), "fairness", opener_tip()),
                 (say("Main menu"), "menu", ""), (say("Quit"), "quit", ""))
        left = r.centerx - (len(specs) * bw + (len(specs) - 1) * self.px(12)) // 2
        for i, (label, key, tip) in enumerate(specs):
            self.buttons.append(Button(pygame.Rect(left + i * (bw + self.px(12)), r.bottom - self.px(60), bw,
                                                   self.px(40)), label, key, tip=tip))
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(15))
        tip = next((b.tip for b in self.buttons if b.tip and b.rect.collidepoint(self.mouse)), "")
        if tip:
            tooltip(surf, tip, self.mouse, self.px(12))

    def _columns(self, x: int, heads: list[str], powers: list[str]) -> tuple[list[int], str]:
        """Where the score table's columns start (the powers' names, then the numbers, each
        as wide as its heading needs) within the room left of the dice, and the headings'
        face: the usual widths when the words fit them, else narrower ones (the names' and
        the numbers' own), else condensed headings."""
        usual = [self.px(210), self.px(70), self.px(80), self.px(80), self.px(70), self.px(60)]
        name_w = max([text(p, "sans-bold", self.px(15), P.INK).get_width() for p in powers] or [0])
        least = [max(self.px(120), name_w + self.px(20)), *[self.px(44)] * (len(heads) - 1)]
        room = self.px(580)
        widths: list[int] = []
        face = "sans-bold"
        for face, lows in (("sans-bold", usual), ("sans-bold", least), ("cond-bold", least)):
            widths = [max(lo, text(h, face, self.px(14), P.INK_SOFT).get_width() + self.px(14))
                      for lo, h in zip(lows, heads, strict=True)]
            if sum(widths) <= room:
                break
        xs = [x]
        for wd in widths[:-1]:
            xs.append(xs[-1] + wd)
        return xs, face

    def model(self) -> Fairness:
        """The game's chance events and each power's dice (the fairness panel's), worked
        out once: the game is over."""
        if self._model is None:
            source = self.fairness if self.fairness is not None else self.game.fairness
            self._model = source() if callable(source) else source
        assert self._model is not None
        return self._model

    def _dice(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        """One row of six bars per power: how often it rolled each face, against the
        expected sixth (a line)."""
        fits = {f.power: f.counts for f in self.model().power_fits}
        powers = [p for p in self.game.view.get("powers", []) if p in fits] or list(self.game.view.get("powers", []))
        dice_chart(surf, r, [(pid, fits.get(pid, (0,) * 6)) for pid in powers], self.s,
                   say("Dice rolled (bars) against fair dice (line)"))


class ReplayEnd(EndScene):
    """The end screen of a replay: the final scores, and the verdict of the file. The keys
    that go back (left arrow, Home, Page Up, space) leave it for the replay."""

    def __init__(self, game: Any, result: dict[str, Any], verdict: Verdict, fairness: Any = None) -> None:
        super().__init__(game, result, fairness)
        self.verdict = verdict
        self.drawn: list[str] = []  # the verdict's words the last frame showed, for tests

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "key" and intent.key in (pygame.K_LEFT, pygame.K_HOME, pygame.K_PAGEUP, pygame.K_SPACE):
            if self.app is not None:
                self.app.pop(self)
            return False  # the replay below takes the key
        return super().handle(intent)

    def choose(self, key: object) -> None:
        if key == "menu" and self.app is not None:
            self.app.window.title = TITLE
        super().choose(key)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        w, h = surf.get_size()
        card = pygame.Rect(0, 0, min(w - self.px(40), self.px(1100)), min(h - self.px(40), self.px(640)))
        card.center = (w // 2, h // 2)
        rows = len(self.result.get("scores", {})) + (1 if self.result.get("revolution") else 0)
        top = card.y + self.px(112) + rows * self.px(24)
        r = pygame.Rect(card.x + self.px(30), top, self.px(570), card.bottom - self.px(72) - top)
        v = self.verdict
        self.drawn = [v.headline]
        col = {"fair": (30, 110, 50), "local": P.INK_SOFT}.get(v.status, P.BAD)
        head = text(v.headline, "sans-bold", self.px(16), col)
        surf.blit(head, r.topleft)
        y = r.y + head.get_height() + self.px(2)
        size = self.px(12)
        lh = text("Ag", "sans", size, P.INK).get_height()
        for reason in v.reasons:
            if y + lh > r.bottom:
                return
            self.drawn.append(reason)
            for line in wrap(reason, "sans", size, r.width):
                if y + lh > r.bottom:
                    return
                surf.blit(text(line, "sans", size, P.INK), (r.x, y))
                y += lh
