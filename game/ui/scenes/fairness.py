"""The fairness panel (the scene ``fairness``), over the game screen, a replay or the end
screen: every chance event of the game a page at a time (its number, where it fell, what
it was, what it gave and to whom as small dice in the powers' colours, who revealed its
beacon, the beacon, whether two or more players witnessed it), the seats dropped and why,
and each power's dice as bars against the line fair dice give, with what the fit says in
words. The wheel, Page Up and Page Down (Home, End, the arrows) turn the rows; Esc, D or
Close shut it. The mouse on a row, a power's bars or a drop tells the whole story.

It shows a :class:`game.client.fairness.Fairness` (``model``), or what ``source`` makes,
asked again every second so a game in progress shows its events so far."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client.fairness import ChanceRow, DiceFit, Fairness
from game.client.words import fairness as W
from game.client.words.names import Names
from game.rules.board import load_board
from game.ui.app import Intent, ScaledScene
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap
from game.ui.drawing.dicechart import MIN_TEXT, NEUTRAL, bars, chip, dice
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.tooltip import tooltip

REFRESH = 1.0  # seconds between two looks at a game in progress
ROW_BG = (48, 42, 36)
CONTESTED_BG = (92, 34, 28)
UNWITNESSED_BG = (64, 44, 86)
FAIR = (150, 220, 150)
ODD = (255, 168, 130)


class FairnessPanel(ScaledScene):
    """The panel (see the module docstring)."""

    opaque = False

    def __init__(self, model: Fairness | None = None, source: Callable[[], Fairness] | None = None) -> None:
        super().__init__()
        self.source = source
        self.model = model if model is not None else source() if source is not None else Fairness(())
        self.board = load_board(self.model.ruleset)
        self.names = Names(self.board)
        self.first = -1  # the first chance event shown (an index); -1: the last page
        self.per_page = 1
        self.mouse = (0, 0)
        self.since = 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.drawn: list[tuple[str, pygame.Rect]] = []  # every word drawn last frame and where, for tests

    def fs(self, v: float) -> int:
        """A text size: ``v`` at the window's scale, never under 10 px."""
        return max(MIN_TEXT, self.px(v))

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> bool:
        k = intent.kind
        if k == "move":
            self.mouse = intent.pos
            self._dirty()
        elif k == "wheel" and intent.steps:
            self.scroll(-3 * intent.steps)
        elif k == "key":
            self._key(intent)
        elif k == "click" and intent.button == 1:
            for b in self.buttons:
                if b.enabled and b.rect.collidepoint(intent.pos):
                    self.choose(b.key)
                    break
        elif k == "click" and intent.button == 3:
            self.close()
        return True  # a panel over the game: nothing reaches the scenes below

    def _key(self, intent: Intent) -> None:
        key = intent.key
        if key in (pygame.K_ESCAPE, pygame.K_d):
            self.close()
        elif key == pygame.K_PAGEUP:
            self.scroll(-self.per_page)
        elif key == pygame.K_PAGEDOWN:
            self.scroll(self.per_page)
        elif key == pygame.K_UP:
            self.scroll(-1)
        elif key == pygame.K_DOWN:
            self.scroll(1)
        elif key == pygame.K_HOME:
            self.first = 0
            self._dirty()
        elif key == pygame.K_END:
            self.first = -1
            self._dirty()

    def choose(self, key: object) -> None:
        if key == "close":
            self.close()
        elif key == "earlier":
            self.scroll(-self.per_page)
        elif key == "later":
            self.scroll(self.per_page)

    def close(self) -> None:
        if self.app is not None:
            self.app.pop(self)

    def scroll(self, d: int) -> None:
        n = len(self.model.chances)
        top = max(0, n - self.per_page)
        here = top if self.first < 0 else self.first
        self.first = max(0, min(top, here + d))
        self._dirty()

    def _dirty(self) -> None:
        if self.app is not None:
            self.app.dirty = True

    def update(self, dt: float) -> None:
        if self.source is None:
            return
        self.since += dt
        if self.since < REFRESH:
            return
        self.since = 0.0
        new = self.source()
        if new != self.model:
            at_end = self.first < 0 or self.first + self.per_page >= len(self.model.chances)
            self.model = new
            if at_end:
                self.first = -1  # following the game: its latest events stay in view
            self._dirty()

    # ------------------------------------------------------------------ drawing
    def _text(self, surf: pygame.Surface, words: str, face: str, size: int, colour: P.Colour, pos: tuple[int, int],
              anchor: str = "topleft", width: int = 0) -> pygame.Rect:
        """Draw one line no wider than ``width`` (if given: condensed, then smaller down to
        10 px, and only then cut short); where it went."""
        t = text(words, face, size, colour)
        if width and t.get_width() > width:
            face = "cond-bold" if "bold" in face else "cond"
            while (t := text(words, face, size, colour)).get_width() > width and size > MIN_TEXT:
                size -= 1
            cut = words
            while t.get_width() > width and len(cut) > 1:
                cut = cut[:-2].rstrip()
                t = text(cut + "\u2026", face, size, colour)
        at = t.get_rect(**{anchor: pos})
        surf.blit(t, at)
        self.drawn.append((words, at))
        return at

    def _lines(self, words: str, face: str, size: int, width: int) -> list[str]:
        return wrap(words, face, size, width)

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        self.drawn, self.tips, self.buttons = [], [], []
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 200))
        surf.blit(shade, (0, 0))
        r = pygame.Rect(self.px(16), self.px(12), w - 2 * self.px(16), h - 2 * self.px(12))
        self.rect = r
        pygame.draw.rect(surf, P.PANEL, r, border_radius=10)
        pygame.draw.rect(surf, P.PANEL_EDGE, r, 2, border_radius=10)
        pad = self.px(18)
        x, y = r.x + pad, r.y + self.px(8)
        close = Button(pygame.Rect(r.right - pad - self.px(120), r.y + self.px(12), self.px(120), self.px(30)),
                       W.close(), "close", tip=W.keys())
        title = self._text(surf, W.title(), "serif-bold", self.px(28), P.HIGHLIGHT, (x, y))
        y = max(title.bottom, close.rect.bottom) + self.px(4)
        for sentence in W.summary(self.model, self.board):
            for line in self._lines(sentence, "sans", self.fs(13), r.width - 2 * pad):
                y = self._text(surf, line, "sans", self.fs(13), P.TEXT, (x, y)).bottom
        top = y + self.px(10)
        bottom = r.bottom - self.px(14)
        share = 0.63 if self.model.beacon else 0.54  # a local game's table has no beacon columns
        left = pygame.Rect(x, top, int((r.width - 2 * pad) * share), bottom - top)
        right = pygame.Rect(left.right + self.px(22), top, r.right - pad - left.right - self.px(22), bottom - top)
        pygame.draw.line(surf, P.PANEL_EDGE, (left.right + self.px(11), top), (left.right + self.px(11), bottom))
        self._table(surf, left)
        self._dice(surf, right)
        self.buttons.append(close)
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.fs(14))
            self.drawn.append((b.label, b.rect))
        for b in self.buttons:
            if b.rect.collidepoint(self.mouse):
                if b.tip:
                    tooltip(surf, b.tip, self.mouse, self.fs(12))
                return
        for rect, tip in self.tips:
            if rect.collidepoint(self.mouse):
                tooltip(surf, tip, self.mouse, self.fs(12))
                return

    # ------------------------------------------------------------------ the chance events
    def columns(self, width: int) -> list[tuple[str, int]]:
        """The table's columns and their widths (the events' dice take what is left)."""
        fixed = [("r", self.px(44)), ("where", self.px(104)), ("kind", self.px(96))]
        if self.model.beacon:
            chips = max(2, len(self.model.powers))
            after = [("revealed", max(self.px(96), self.px(chips * 22 + 8))), ("beacon", self.px(94)),
                     ("witnessed", self.px(72))]
        else:
            after = []
        used = sum(c for _, c in fixed + after)
        return [*fixed, ("gave", max(self.px(120), width - used)), *after]

    def _table(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        rows = self.model.chances
        size = self.fs(12)
        cols = self.columns(area.width)
        heads = W.headings()
        x = area.x
        for name, cw in cols:
            self._text(surf, heads[name], "cond-bold", size, P.TEXT_DIM, (x + self.px(4), area.y), width=cw - self.px(6))
            x += cw
        head_h = text("Ag", "cond-bold", size, P.TEXT).get_height() + self.px(6)
        pygame.draw.line(surf, P.PANEL_EDGE, (area.x, area.y + head_h - self.px(3)), (area.right, area.y + head_h - self.px(3)))
        foot_h = self.px(40)
        row_h = self.px(28)
        body = pygame.Rect(area.x, area.y + head_h, area.width, area.height - head_h - foot_h)
        self.per_page = max(1, body.height // row_h)
        top = max(0, len(rows) - self.per_page)
        if self.first < 0 or self.first > top:
            self.first = top if self.first < 0 else min(self.first, top)
        if not rows:
            self._text(surf, W.none_yet(), "sans", self.fs(14), P.TEXT_DIM, (body.x + self.px(4), body.y + self.px(8)))
        shown = rows[self.first:self.first + self.per_page]
        for i, row in enumerate(shown):
            self._row(surf, pygame.Rect(body.x, body.y + i * row_h, body.width, row_h), row, cols, self.first + i)
        # the foot: the page, and the buttons that turn it
        fy = area.bottom - foot_h + self.px(8)
        bw, bh = self.px(100), self.px(28)
        earlier, later = W.more()
        self.buttons.append(Button(pygame.Rect(area.x, fy, bw, bh), f"\u25b2 {earlier}", "earlier", self.first > 0,
                                   tip=W.keys()))
        self.buttons.append(Button(pygame.Rect(area.x + bw + self.px(8), fy, bw, bh), f"\u25bc {later}", "later",
                                   self.first < top, tip=W.keys()))
        if rows:
            words = W.page(self.first + 1, self.first + len(shown), len(rows))
            self._text(surf, words, "sans", self.fs(13), P.TEXT, (area.x + 2 * bw + self.px(20), fy + bh // 2),
                       "midleft")

    def _row(self, surf: pygame.Surface, r: pygame.Rect, row: ChanceRow, cols: list[tuple[str, int]], i: int) -> None:
        bg = CONTESTED_BG if row.contested else UNWITNESSED_BG if row.witnessed is False else ROW_BG if i % 2 else None
        if bg is not None:
            pygame.draw.rect(surf, bg, r.inflate(0, -self.px(2)), border_radius=4)
        if r.collidepoint(self.mouse):
            pygame.draw.rect(surf, P.HIGHLIGHT, r.inflate(0, -self.px(2)), 1, border_radius=4)
        self.tips.append((r, W.chance_sentence(row, self.model, self.board)))
        size = self.fs(12)
        x = r.x
        for name, cw in cols:
            cell = pygame.Rect(x + self.px(4), r.y, cw - self.px(8), r.height)
            if name == "r":
                self._text(surf, str(row.r), "sans-bold", size, P.TEXT, (cell.right - self.px(6), cell.centery), "midright")
            elif name == "where":
                self._text(surf, W.where(row), "cond", size, P.TEXT, (cell.x, cell.centery), "midleft", cell.width)
            elif name == "kind":
                self._text(surf, W.kind_name(row.kind), "cond", size, P.TEXT, (cell.x, cell.centery), "midleft",
                           cell.width)
            elif name == "gave":
                self._gave(surf, cell, row)
            elif name == "revealed":
                self._revealers(surf, cell, row)
            elif name == "beacon":
                self._text(surf, row.beacon_short, "cond", self.fs(11), P.TEXT_DIM, (cell.x, cell.centery), "midleft")
            elif name == "witnessed":
                col = FAIR if row.witnessed else ODD if row.witnessed is False else P.TEXT_DIM
                self._text(surf, W.witnessed(row), "sans-bold", size, col, (cell.x, cell.centery), "midleft")
            x += cw

    def _gave(self, surf: pygame.Surface, cell: pygame.Rect, row: ChanceRow) -> None:
        """What the event gave, drawn: each side's chip and dice faces (a battle's two
        sides with "vs" between), the first player's chip, or a draw's counts."""
        size = self.fs(12)
        ds, gap = self.px(20), self.px(3)
        cw, ch = self.px(24), self.px(17)
        x, cy = cell.x, cell.centery
        if row.kind == "draw":
            self._text(surf, W.draw_cell(row), "cond", size, P.TEXT, (x, cy), "midleft", cell.width)
            return
        for k, g in enumerate(row.gave):
            need = cw + gap + len(g.dice) * (ds + gap)
            if k and row.kind == "dice":
                vs = self._text(surf, W.versus(), "cond", size, P.TEXT_DIM, (x + gap, cy), "midleft")
                x = vs.right + self.px(5)
            if x + need > cell.right:
                self._text(surf, "\u2026", "sans-bold", size, P.TEXT, (x, cy), "midleft")
                return
            if g.owner == "neutral":
                label = self.names.neutral(g.neutral_kind, g.neutral)
                room = cell.right - x - len(g.dice) * (ds + gap) - gap
                if text(label, "cond", size, NEUTRAL).get_width() <= room:
                    x = self._text(surf, label, "cond", size, NEUTRAL, (x, cy), "midleft").right + gap
                else:  # no room for its name: a plain chip (the tooltip names it)
                    self.drawn += chip(surf, pygame.Rect(x, cy - ch // 2, cw, ch), "", "N")
                    x += cw + gap
            else:
                self.drawn += chip(surf, pygame.Rect(x, cy - ch // 2, cw, ch), g.owner)
                x += cw + gap
            if g.dice:
                x = dice(surf, x, cy - ds // 2, ds, g.dice, g.owner, gap)
            elif row.kind == "first_player":
                x = self._text(surf, W.first_cell(), "cond", size, P.TEXT, (x + gap, cy), "midleft").right
            x += self.px(4)

    def _revealers(self, surf: pygame.Surface, cell: pygame.Rect, row: ChanceRow) -> None:
        if not row.beacon:
            return
        if not row.revealers:
            self._text(surf, W.no_revealer(), "cond", self.fs(12), ODD, (cell.x, cell.centery), "midleft")
            return
        cw, ch, gap = self.px(20), self.px(17), self.px(2)
        x = cell.x
        for seat in row.revealers:
            pid = self.model.powers[seat] if 0 <= seat < len(self.model.powers) else ""
            self.drawn += chip(surf, pygame.Rect(x, cell.centery - ch // 2, cw, ch), pid)
            x += cw + gap

    # ------------------------------------------------------------------ the dice and the drops
    def _dice(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        m = self.model
        fits = [*m.power_fits, m.all_dice] if m.all_dice.n else m.power_fits
        head_size, size = self.fs(14), self.fs(12)
        y = area.y
        for line in self._lines(W.dice_heading(), "sans-bold", head_size, area.width):
            y = self._text(surf, line, "sans-bold", head_size, P.TEXT, (area.x, y)).bottom
        y += self.px(6)
        # the bars, a note on reading them, then the drops (as much of them as a quarter of the column holds)
        drops = [W.drop_sentence(d, m, self.board) for d in m.drops]
        lh = text("Ag", "sans", size, P.TEXT).get_height()
        note = self._lines(W.fit_note(len(m.power_fits)), "cond", self.fs(11), area.width)
        note_h = len(note) * text("Ag", "cond", self.fs(11), P.TEXT).get_height()
        drop_lines = [line for d in drops for line in self._lines(d, "sans", size, area.width)]
        head_h = text("Ag", "sans-bold", self.fs(13), P.TEXT).get_height()
        drops_h = head_h + self.px(4) + min(len(drop_lines) * lh + self.px(6) * len(drops),
                                            max(area.height // 4, 3 * lh))
        chart_bottom = area.bottom - drops_h - note_h - self.px(22)
        if fits:  # a row each, or (when three lines of words would not fit a row) two columns of them
            line_h = max(self.px(17), text("Ag", "cond-bold", size, P.TEXT).get_height())
            cols = 1 if (chart_bottom - y) // len(fits) >= 3 * line_h + self.px(6) else 2
            rows = -(-len(fits) // cols)
            row_h = min(self.px(72) if cols == 1 else self.px(120), (chart_bottom - y) // rows)
            cw = (area.width - (cols - 1) * self.px(12)) // cols
            for i, fit in enumerate(fits):
                cell = pygame.Rect(area.x + (i % cols) * (cw + self.px(12)), y + (i // cols) * row_h, cw,
                                   row_h - self.px(6))
                self._fit(surf, cell, fit, stacked=cols > 1)
            y += rows * row_h
        y += self.px(4)
        for line in note:
            y = self._text(surf, line, "cond", self.fs(11), P.TEXT_DIM, (area.x, y)).bottom
        y += self.px(14)
        heading = W.drops_heading(len(drops))
        y = self._text(surf, heading, "sans-bold", self.fs(13), ODD if drops else P.TEXT_DIM, (area.x, y)).bottom
        y += self.px(4)
        for k, sentence in enumerate(drops):
            lines = self._lines(sentence, "sans", size, area.width)
            if y + len(lines) * lh > area.bottom:
                rest = drops[k:]
                more = self._text(surf, W.more_drops(len(rest)), "sans-bold", size, ODD, (area.x, y))
                self.tips.append((more, " ".join(rest)))
                return
            start = y
            for line in lines:
                y = self._text(surf, line, "sans", size, P.TEXT, (area.x, y)).bottom
            self.tips.append((pygame.Rect(area.x, start, area.width, y - start), sentence))
            y += self.px(6)

    def _fit(self, surf: pygame.Surface, r: pygame.Rect, fit: DiceFit, stacked: bool = False) -> None:
        """One power's dice: its chip and name, how many dice and their mean, and what the
        fit says, at the left of its bars (``stacked``: over them, in a narrow cell)."""
        size = self.fs(12)
        cw, ch = self.px(24), self.px(17)
        lh = max(ch, text("Ag", "cond-bold", size, P.TEXT).get_height())
        lw = r.width if stacked else self.px(156)
        x, y = r.x, r.y
        if fit.power:
            self.drawn += chip(surf, pygame.Rect(x, y + (lh - ch) // 2, cw, ch), fit.power)
            x += cw + self.px(6)
        self._text(surf, W.fit_name(fit, self.board), "cond-bold", size, P.TEXT, (x, y + lh // 2), "midleft",
                   r.x + lw - x)
        y += lh
        self._text(surf, W.fit_count(fit), "cond", size, P.TEXT, (r.x, y), width=lw)
        y += lh
        words = W.fit_words(fit)
        p = fit.p
        if words:
            col = P.TEXT_DIM if p is None else FAIR if p >= W.UNUSUAL else ODD
            self._text(surf, words, "cond-bold", size, col, (r.x, y), width=lw)
        y += lh + self.px(3)
        if stacked:
            chart = pygame.Rect(r.x, y, r.width, r.bottom - y)
        else:
            chart = pygame.Rect(r.x + lw + self.px(6), r.y, r.width - lw - self.px(6), r.height)
        pygame.draw.rect(surf, P.PARCHMENT, chart, border_radius=4)
        self.drawn += bars(surf, chart.inflate(-self.px(8), -self.px(4)), fit.counts, fit.power or "", self.s)
        self.tips.append((r, W.fit_tip(fit, self.board)))
