"""The rules at hand (the scene ``rules``), over the game screen or a replay: a rule's card
(its id, title, short summary and worked example) or, opened with no rule, the index of
every rule by section, a page at a time, where a click on a rule opens its card.

Several rules (a tooltip naming more than one) are a card each: Previous and Next (the
left and right arrows) go through them. A rule id in a card's words is a link to its own
card; Back (Backspace) returns to the card or index page before. A card too long for the
window scrolls (the wheel, the up and down arrows, Page Up and Page Down). Esc, Close, a
right click or a click outside the card closes it; the scene takes every click and key
while it is open, so the click that closes it does nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.client.words.lang import say
from game.client.words.rulebook import Rule, rule_card, section_title, sections
from game.ui.app import Intent, ScaledScene
from game.ui.drawing import palette as P
from game.ui.drawing.assets import font, text, wrap
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.rulelinks import LINK, Link, draw_linked, link_at

EXAMPLE_INK = (226, 214, 186)
ROW_HOVER = (70, 60, 48)
CARD_BG = (34, 29, 24)


@dataclass(frozen=True)
class Seen:
    """What the scene showed before a link or an index entry was followed (for Back)."""

    ids: tuple[str, ...]
    at: int
    page: int


class RuleCards(ScaledScene):
    """The rule cards and the rules index (see the module docstring)."""

    opaque = False

    def __init__(self, ids: Sequence[str] = ()) -> None:
        super().__init__()
        self.ids: list[str] = [i for i in dict.fromkeys(ids) if rule_card(i) is not None]  # empty: the index
        self.at = 0  # the card shown of ``ids``
        self.page = 0  # the index's page
        self.pages = 1
        self.scroll = 0  # a long card: the first line of its words shown
        self.scroll_max = 0
        self.per_view = 1  # a long card: its lines in view
        self.history: list[Seen] = []
        self.mouse = (0, 0)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.links: list[Link] = []  # rule ids drawn as links in the card's words
        self.entries: list[tuple[pygame.Rect, str]] = []  # the index's rules on this page, where drawn
        self.lines: list[tuple[pygame.Rect, str]] = []  # every line of words drawn last frame (tests)

    @property
    def rule(self) -> Rule | None:
        """The card shown (None: the index)."""
        return rule_card(self.ids[self.at]) if self.ids else None

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> bool:
        k = intent.kind
        if k == "move":
            self.mouse = intent.pos
            self._dirty()
        elif k == "wheel" and intent.steps:
            if self.ids:
                self.scroll_by(-3 * intent.steps)
            else:
                self.turn(-intent.steps)
        elif k == "key":
            self._key(intent)
        elif k == "click" and intent.button == 1:
            self._click(intent.pos)
        elif k == "click" and intent.button == 3:
            self.close()
        return True  # over the game: no click or key reaches the scenes below

    def _key(self, intent: Intent) -> None:
        key = intent.key
        if key == pygame.K_ESCAPE:
            self.close()
        elif key == pygame.K_F1 or intent.text == "?":
            if self.ids:
                self.show_index()
            else:
                self.close()
        elif key == pygame.K_BACKSPACE:
            self.back()
        elif key == pygame.K_LEFT:
            self.turn(-1)
        elif key == pygame.K_RIGHT:
            self.turn(1)
        elif key == pygame.K_UP:
            self.scroll_by(-1)
        elif key == pygame.K_DOWN:
            self.scroll_by(1)
        elif key == pygame.K_PAGEUP:
            self.scroll_by(-self.per_view) if self.ids else self.turn(-1)
        elif key == pygame.K_PAGEDOWN:
            self.scroll_by(self.per_view) if self.ids else self.turn(1)

    def _click(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if b.enabled:
                    self.choose(b.key)
                return
        rid = link_at(self.links, pos) or link_at(self.entries, pos)
        if rid:
            self.open(rid)
        elif not self.box.collidepoint(pos):
            self.close()

    def choose(self, key: object) -> None:
        if key == "close":
            self.close()
        elif key == "back":
            self.back()
        elif key == "index":
            self.show_index()
        elif key == "prev":
            self.turn(-1)
        elif key == "next":
            self.turn(1)

    def open(self, rule_id: str) -> None:
        """Follow a link or an index entry to ``rule_id``'s card (Back returns)."""
        if rule_card(rule_id) is None or self.ids[self.at:self.at + 1] == [rule_id]:
            return
        self.history.append(Seen(tuple(self.ids), self.at, self.page))
        self.ids, self.at, self.scroll = [rule_id], 0, 0
        self._dirty()

    def show_index(self) -> None:
        self.history.append(Seen(tuple(self.ids), self.at, self.page))
        self.ids, self.at, self.scroll = [], 0, 0
        self._dirty()

    def back(self) -> None:
        if self.history:
            seen = self.history.pop()
            self.ids, self.at, self.page, self.scroll = list(seen.ids), seen.at, seen.page, 0
            self._dirty()

    def turn(self, d: int) -> None:
        """The next or previous card of several, or page of the index."""
        if self.ids:
            self.at = max(0, min(len(self.ids) - 1, self.at + d))
            self.scroll = 0
        else:
            self.page = max(0, min(self.pages - 1, self.page + d))
        self._dirty()

    def scroll_by(self, d: int) -> None:
        self.scroll = max(0, min(self.scroll_max, self.scroll + d))
        self._dirty()

    def close(self) -> None:
        if self.app is not None:
            self.app.pop(self)

    def _dirty(self) -> None:
        if self.app is not None:
            self.app.dirty = True

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 150))
        surf.blit(shade, (0, 0))
        self.links, self.entries, self.lines = [], [], []
        rule = self.rule
        if rule is not None:
            self._card(surf, rule)
        else:
            self._index(surf)
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(13))

    def _frame(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        self.box = box
        pygame.draw.rect(surf, (14, 11, 8), box.move(0, self.px(3)), border_radius=self.px(10))
        pygame.draw.rect(surf, CARD_BG, box, border_radius=self.px(10))
        pygame.draw.rect(surf, P.PANEL_EDGE, box, 2, border_radius=self.px(10))

    def _line(self, surf: pygame.Surface, words: str, face: str, size: int, colour: P.Colour,
              pos: tuple[int, int]) -> int:
        """One line of words with its rule ids as links; its height."""
        h, links = draw_linked(surf, words, face, size, colour, pos, self.mouse)
        self.links += links
        self.lines.append((pygame.Rect(pos[0], pos[1], font(face, size).size(words)[0], h), words))
        return h

    def _card(self, surf: pygame.Surface, rule: Rule) -> None:
        w, h = self.size
        pad = self.px(24)
        bw = min(self.px(780), w - self.px(48))
        inner = bw - 2 * pad
        # the words, as lines: (words, face, size, colour, space before)
        body: list[tuple[str, str, int, P.Colour, int]] = [
            (line, "sans", self.px(15), P.TEXT, 0) for line in wrap(rule.summary, "sans", self.px(15), inner)]
        if rule.example:
            body.append((say("Example"), "sans-bold", self.px(14), P.GOLD, self.px(12)))
            body += [(line, "sans", self.px(14), EXAMPLE_INK, 0) for line in wrap(rule.example, "sans", self.px(14), inner)]
        heights = [font(face, size).get_linesize() + gap for _, face, size, _, gap in body]
        head_h = self.px(22) + self.px(40) + self.px(10)
        foot_h = self.px(48)
        room = h - self.px(48) - 2 * pad - head_h - foot_h  # the most the words may take
        fits = sum(heights) <= room
        if not fits:
            room -= self.px(18)  # a line under the words says there are more
        if fits:
            self.scroll, self.scroll_max, self.per_view = 0, 0, len(body)
            body_h = sum(heights)
        else:  # a long card: a window of its lines, scrolled
            view, total = 0, 0
            for hh in reversed(heights):  # the last lines in view when scrolled to the end
                if total + hh > room:
                    break
                total += hh
                view += 1
            self.scroll_max = len(body) - view
            self.scroll = min(self.scroll, self.scroll_max)
            self.per_view = max(1, view - 1)
            body_h = room + self.px(18)
        box = pygame.Rect(0, 0, bw, 2 * pad + head_h + body_h + foot_h)
        box.center = (w // 2, h // 2)
        self._frame(surf, box)
        x, y = box.x + pad, box.y + pad
        section = section_title(rule.section)
        head = text(f"{rule.id}  -  {section}" if section else rule.id, "sans-bold", self.px(13), LINK)
        surf.blit(head, (x, y))
        self.lines.append((head.get_rect(topleft=(x, y)), rule.id))
        y += self.px(22)
        title = text(rule.title, "serif-bold", self.px(30), P.HIGHLIGHT)
        surf.blit(title, (x, y))
        self.lines.append((title.get_rect(topleft=(x, y)), rule.title))
        y += self.px(40)
        pygame.draw.line(surf, P.PANEL_EDGE, (x, y), (box.right - pad, y))
        y += self.px(10)
        bottom = y + body_h - (0 if fits else self.px(18))
        for (words, face, size, colour, gap), hh in zip(body[self.scroll:], heights[self.scroll:], strict=True):
            if y + hh > bottom + 1:
                break
            self._line(surf, words, face, size, colour, (x, y + gap))
            y += hh
        if not fits:
            self._more(surf, box.right - pad, box.y + pad, bottom + self.px(2))
        self.buttons = self._card_buttons(pygame.Rect(x, box.bottom - pad - self.px(32), inner, self.px(32)))

    def _more(self, surf: pygame.Surface, right: int, above: int, below: int) -> None:
        """Marks on a long card, beside its id and under its words: words above or below
        the ones in view."""
        for shown, words, y in ((self.scroll > 0, say("\u25b2 more above"), above),
                                (self.scroll < self.scroll_max, say("\u25bc more below: the wheel or the arrows"), below)):
            if shown:
                t = text(words, "sans-bold", self.px(11), P.TEXT_DIM)
                surf.blit(t, t.get_rect(topright=(right, y)))

    def _card_buttons(self, row: pygame.Rect) -> list[Button]:
        bh = row.height
        out: list[Button] = []
        x = row.x
        if len(self.ids) > 1:
            for label, key, enabled in ((say("\u25c0 Previous"), "prev", self.at > 0),
                                        (say("Next \u25b6"), "next", self.at < len(self.ids) - 1),
                                        (say("Rule {n} of {count}", n=self.at + 1, count=len(self.ids)), "count",
                                         False)):
                bw = self._width(label, 110)
                out.append(Button(pygame.Rect(x, row.y, bw, bh), label, key, enabled=enabled))
                x += bw + self.px(6)
        right = row.right
        for label, key, width in ((say("Close"), "close", 90), (say("All rules"), "index", 110),
                                  (say("Back"), "back", 90)):
            if key == "back" and not self.history:
                continue
            right -= self._width(label, width)
            out.append(Button(pygame.Rect(right, row.y, self._width(label, width), bh), label, key,
                              primary=key == "close"))
            right -= self.px(6)
        return out

    def _width(self, label: str, least: int) -> int:
        """A button's width: ``least`` (at the window's scale), or more for longer words."""
        return max(self.px(least), font("sans-bold", self.px(13)).size(label)[0] + self.px(16))

    def _index(self, surf: pygame.Surface) -> None:
        w, h = self.size
        m, pad = self.px(24), self.px(20)
        box = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        self._frame(surf, box)
        x, y = box.x + pad, box.y + pad
        heading = say("The rules")
        title = text(heading, "serif-bold", self.px(30), P.HIGHLIGHT)
        surf.blit(title, (x, y))
        self.lines.append((title.get_rect(topleft=(x, y)), heading))
        note = say("Click a rule for its card.  Esc, F1 or a click outside closes.")
        self._line(surf, note, "sans", self.px(13), P.TEXT_DIM, (x + title.get_width() + self.px(16),
                                                                   y + title.get_height() - self.px(20)))
        self.buttons = self._index_buttons(pygame.Rect(x, y, box.width - 2 * pad, self.px(32)))
        y += self.px(42)
        pygame.draw.line(surf, P.PANEL_EDGE, (x, y), (box.right - pad, y))
        y += self.px(8)
        area = pygame.Rect(x, y, box.width - 2 * pad, box.bottom - pad - y)
        pages = self.index_pages(area)
        if len(pages) > 1:  # the pages' buttons under the columns
            area.height -= self.px(44)
            pages = self.index_pages(area)
        self.pages = len(pages)
        self.page = min(self.page, self.pages - 1)
        col_w = area.width // max(1, self.columns(area))
        row_h = self.px(21)
        for c, column in enumerate(pages[self.page]):
            cx, cy = area.x + c * col_w, area.y
            for kind, words in column:
                if kind == "head":  # (condensed if too wide for its column)
                    face = "sans-bold" if font("sans-bold", self.px(14)).size(words)[0] < col_w - self.px(8) else "cond-bold"
                    self._line(surf, words, face, self.px(14), P.GOLD, (cx, cy + self.px(3)))
                else:
                    self._entry(surf, words, pygame.Rect(cx, cy, col_w - self.px(10), row_h))
                cy += row_h
        if self.pages > 1:
            self.buttons += self._page_buttons(pygame.Rect(x, box.bottom - pad - self.px(32), area.width, self.px(32)))

    def columns(self, area: pygame.Rect) -> int:
        return max(1, area.width // self.px(290))

    def index_pages(self, area: pygame.Rect) -> list[list[list[tuple[str, str]]]]:
        """Every rule under its section's heading, flowed into columns and the columns
        into pages: a page is its columns, a column its rows ("head", title) or ("rule", id)."""
        rows = max(3, area.height // self.px(21))
        per_page = self.columns(area)
        columns: list[list[tuple[str, str]]] = [[]]
        for _, title, cards in sections():
            if len(columns[-1]) + 2 > rows:  # a heading never ends a column
                columns.append([])
            columns[-1].append(("head", title))
            for card in cards:
                if len(columns[-1]) >= rows:
                    columns.append([("head", say("{section} (continued)", section=title))])
                columns[-1].append(("rule", card.id))
        return [columns[i:i + per_page] for i in range(0, len(columns), per_page)]

    def _entry(self, surf: pygame.Surface, rule_id: str, r: pygame.Rect) -> None:
        card = rule_card(rule_id)
        if card is None:
            return
        if r.collidepoint(self.mouse):
            pygame.draw.rect(surf, ROW_HOVER, r, border_radius=self.px(4))
        size = self.px(13)
        rid = text(rule_id, "cond-bold", size, LINK)
        surf.blit(rid, (r.x + self.px(4), r.y + self.px(2)))
        room = r.width - self.px(78)
        face = "sans" if font("sans", size).size(card.title)[0] <= room else "cond"
        words = card.title
        while font(face, size).size(words)[0] > room and len(words) > 4:
            words = words[:-2].rstrip() + "\u2026"
        t = text(words, face, size, P.TEXT)
        surf.blit(t, (r.x + self.px(74), r.y + self.px(2)))
        self.entries.append((r, rule_id))
        self.lines.append((pygame.Rect(r.x, r.y, self.px(74) + t.get_width(), r.height), f"{rule_id} {words}"))

    def _page_buttons(self, row: pygame.Rect) -> list[Button]:
        out: list[Button] = []
        x = row.x
        for label, key, least, enabled in (
                (say("\u25c0 Previous page"), "prev", 150, self.page > 0),
                (say("Next page \u25b6"), "next", 150, self.page < self.pages - 1),
                (say("Page {n} of {count}", n=self.page + 1, count=self.pages), "count", 120, False)):
            bw = self._width(label, least)
            out.append(Button(pygame.Rect(x, row.y, bw, row.height), label, key, enabled=enabled))
            x += bw + self.px(6)
        return out

    def _index_buttons(self, row: pygame.Rect) -> list[Button]:
        """Close (and Back, after a card) at the top right of the index."""
        out: list[Button] = []
        right = row.right
        for label, key, width in ((say("Close"), "close", 90), (say("Back"), "back", 90)):
            if key == "back" and not self.history:
                continue
            right -= self._width(label, width)
            out.append(Button(pygame.Rect(right, row.y, self._width(label, width), row.height), label, key,
                              primary=key == "close"))
            right -= self.px(6)
        return out
