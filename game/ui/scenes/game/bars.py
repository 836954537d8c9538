"""The game screen's bars: the top bar (the war and round, whose decision it is, the
Menu, Fit map, Tiles, Dice, Hint, Undo and Skip buttons) and the prompt bar under the map (the
prompt, what just happened, the choice buttons with their tooltips, the amount field of
a bid or an offer, an attack's odds, and a message or hint over the map's foot)."""

from __future__ import annotations

import pygame

from game.client.words.auction import auction_words
from game.client.words.choices import label as choice_label
from game.client.words.choices import sea_roll_note
from game.client.words.fairness import opener_tip
from game.client.words.lang import N_, capital, join_list, say, say_in, say_n
from game.client.words.names import Names
from game.client.words.prompts import prompt_sentence
from game.client.words.tiles import TIMING, tile_effect, tile_rule
from game.rules import pending
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap
from game.ui.scenes.game.choices import ChoiceInput
from game.ui.widgets.boxes import panel
from game.ui.widgets.buttons import Button, draw_button, layout_pages
from game.ui.widgets.picker import Option, parts_of
from game.ui.widgets.rulelinks import draw_linked
from game.ui.widgets.textentry import draw_field


class Bars(ChoiceInput):
    """The top and prompt bars (see the module docstring)."""

    def _top(self, surf: pygame.Surface) -> None:
        assert self.shown is not None and self.board is not None
        w = self.size[0]
        r = pygame.Rect(0, 0, w, self.px(34))
        pygame.draw.rect(surf, (28, 24, 20), r)
        pygame.draw.line(surf, P.PANEL_EDGE, r.bottomleft, r.bottomright)
        st = self.shown
        p = pending(st)
        who = self.status_words()
        title, t, x1 = self._top_words()
        surf.blit(title, (self.px(10), (r.height - title.get_height()) // 2))
        surf.blit(t, (x1, (r.height - t.get_height()) // 2))
        col = P.HIGHLIGHT if p.seat == self.seat and not p.is_over else P.TEXT
        t2 = text(who, "sans-bold", self.px(14), col)
        room = min(b.rect.x for b in self.buttons) - self.px(16) if self.buttons else w
        x2 = x1 + self.px(10) + t.get_width()
        if x2 + t2.get_width() <= room:
            surf.blit(t2, (x2, (r.height - t2.get_height()) // 2))

    def status_words(self) -> str:
        """The top bar's word on whose turn it is: the player's, another power's, the dice's
        or the bag's."""
        assert self.shown is not None and self.board is not None
        st = self.shown
        p = pending(st)
        if p.is_over:
            return say("The game is over")
        if p.chance is not None:  # dice, or a draw from the bag (the first player, nation counters)
            return say("Drawing...") if p.chance.kind in ("draw", "first_player") else say("Rolling...")
        if p.seat == self.seat and self.table.catching_up():
            return say("Catching up...")
        if p.seat == self.seat and self.awaiting:
            return say("Sent...")  # a click is not taken before the table reports the choice
        if p.seat == self.seat:  # (a click while the last moves still animate finishes them and is taken)
            return say("Your decision")
        name = Names(self.board).power(st.powers[p.seat])
        return (say("{power} is thinking...", power=name) if self.table.thinking() == p.seat
                else say("Waiting for {power}", power=name))

    def _top_words(self) -> tuple[pygame.Surface, pygame.Surface, int]:
        """The top bar's title, its war and round, and where these start."""
        assert self.shown is not None
        st = self.shown
        title = text(say("Struggle of Empires"), "serif-bold", self.px(20), P.HIGHLIGHT)
        info = (say("War {war} of 3  -  Round {round}", war=st.war, round=st.round) if st.round
                else say("War {war} of 3", war=st.war))
        return title, text(info, "sans-bold", self.px(14), P.TEXT), max(self.px(220), self.px(22) + title.get_width())

    def _bar(self, surf: pygame.Surface) -> None:
        assert self.shown is not None and self.board is not None
        r = self.bar_rect()
        panel(surf, r, (44, 38, 32), 0)
        st = self.shown
        p = pending(st)
        x, y = r.x + self.px(12), r.y + self.px(8)
        width = r.width - self.px(24)
        if p.is_over:
            prompt = say("The game is over.")
        elif self.picker is not None and self.ready():
            prompt = self._prompt_words(prompt_sentence(p, self.board))
        elif (self.queue or self.hold > 0) and self.seat >= 0:  # a spectator is told what the game waits for
            prompt = say("The computer players move (Skip or space hurries them)")
        elif p.seat == self.seat and self.table.catching_up():
            prompt = say("Catching up with the other players: your choices come once they answer")
        elif p.chance is not None:  # what the dice or the draw are for ("Dice for the battle in India")
            prompt = prompt_sentence(p, self.board)
        else:
            name = Names(self.board).power(st.powers[p.seat]) if p.seat >= 0 else ""
            words = prompt_sentence(p, self.board)
            said = words.removeprefix(f"{name}: ") if name else words  # the prompt may name the power already
            prompt = say("Waiting for {power}: {prompt}", power=name, prompt=said) if name else words
        lines = wrap(prompt, "sans-bold", self.px(15), width)[:2]
        self.drawn_prompt = prompt  # (for tests: the words of the prompt drawn last)
        self.rule_links = []  # the rule ids drawn as links: a click opens the rule's card
        for line in lines:
            h, links = draw_linked(surf, line, "sans-bold", self.px(15), P.HIGHLIGHT if self.picker else P.TEXT, (x, y),
                                   self.mouse)
            self.rule_links += links
            y += h
        area = pygame.Rect(x, y + self.px(6), width, r.bottom - y - self.px(10))
        if not (self.picker is not None and self.ready()) and self.banner and self.card_time <= 0:
            # what just happened, under the prompt: its last lines, wrapped, as many as there is room for
            rows = [row for line in self.banner_lines()[-3:] for row in wrap(line, "sans", self.px(13),
                                                                             width - self.px(10))]
            step = text("Ag", "sans", self.px(13), P.TEXT).get_height() + self.px(1)
            room = max(1, (r.bottom - self.bar_room - y - self.px(4)) // step)
            for line in rows[-room:]:
                h, links = draw_linked(surf, line, "sans", self.px(13), P.TEXT if self.banner_time > 0 else P.TEXT_DIM,
                                       (x + self.px(10), y + self.px(2)), self.mouse)
                self.rule_links += links
                y += h + self.px(1)
        self._odds_tip = None
        if self.picker is not None and self.ready():
            self.buttons += self._choice_buttons(area)
            done = self.picker.complete()
            asked = self.shown is not None and pending(self.shown).kind in ("offer", "help")
            if asked or done is not None and done.kind == "attack" and self.picker.needs_confirm():
                line, why = self.odds_for(None if asked or done is None else done)
                self._odds_tip = (self._beside_buttons(surf, area, [line], (190, 230, 190), "sans-bold"), why)
                for b in self.buttons:
                    if b.key == ("confirm",):
                        b.tip = why
        if p.kind in ("bid", "propose") and not p.is_over:  # what the auction is for, beside its bid
            tr = self.tracker
            aim = auction_words(self.view, self.board, tr.high, tr.leader, tr.box_a, tr.box_b, tr.passed)
            self._beside_buttons(surf, area, aim, P.TEXT_DIM, "sans")
        msg = self.hint_now() or self.message_now()
        if msg:  # over the bottom of the map, in up to three lines
            col = (255, 190, 170) if not self.hint else (190, 230, 190)
            msg_lines = wrap(msg, "sans", self.px(13), r.width - self.px(40))[:3]
            ts = [text(line, "sans", self.px(13), col) for line in msg_lines]
            w = max(t.get_width() for t in ts)
            h = sum(t.get_height() for t in ts)
            bg = pygame.Rect(0, 0, w, h).inflate(self.px(12), self.px(8))
            bg.bottomleft = (r.x + self.px(4), r.y - self.px(2))
            pygame.draw.rect(surf, (30, 20, 16), bg, border_radius=6)
            pygame.draw.rect(surf, P.BAD if not self.hint else P.GOOD, bg, 1, border_radius=6)
            y = bg.y + self.px(4)
            for line in msg_lines:
                h, links = draw_linked(surf, line, "sans", self.px(13), col, (bg.x + self.px(6), y), self.mouse)
                self.rule_links += links
                y += h

    def _beside_buttons(self, surf: pygame.Surface, area: pygame.Rect, lines: list[str], colour: P.Colour,
                        face: str) -> pygame.Rect:
        """``lines`` to the right of the choice buttons in the prompt bar, wrapped to the room
        there (rule ids drawn as links); where they were drawn."""
        right = max((b.rect.right for b in self.buttons if b.rect.y >= area.y), default=area.x - self.px(16))
        room = pygame.Rect(right + self.px(16), area.y, area.right - right - self.px(16), area.height)
        yy = room.y + self.px(2)
        size = self.px(13) if face == "sans-bold" else self.px(12)
        rows = [part for line in lines for part in wrap(line, face, size, max(self.px(120), room.width))]
        for part in rows[:max(1, room.height // max(1, text("Ag", face, size, colour).get_height()))]:
            h, links = draw_linked(surf, part, face, size, colour, (room.x, yy), self.mouse)
            self.rule_links += links
            yy += h
        return pygame.Rect(room.x, room.y, room.width, yy - room.y)

    def _prompt_words(self, prompt: str) -> str:
        assert self.picker is not None
        opts = self.picker.options()
        done = self.picker.complete()
        if done is not None and self.shown is not None:
            sea = sea_roll_note(self.shown, self.seat, done)
            what = choice_label(self.shown, self.seat, done)
            return say("Confirm: {choice}? - {sea}", choice=what, sea=sea) if sea else say("Confirm: {choice}?",
                                                                                           choice=what)
        if self.picker.clicked and self.shown is not None:
            picked = " - ".join(self.picker.option(p, i).label for i, p in enumerate(self.picker.picked))
            drawn = {h.target for h in self.hits}
            lit = any(o.target in drawn or o.target is not None and o.target[0] == "area" for o in opts)
            box = self._proposal_box()
            fields = {"prompt": prompt, "picked": picked, "box": box}
            if box and lit:
                return say("{prompt}: {picked} - now choose the power for box {box} (alliance {box}) (highlighted on "
                           "the map)", **fields)
            if box:
                return say("{prompt}: {picked} - now choose the power for box {box} (alliance {box})", **fields)
            if lit:
                return say("{prompt}: {picked} - now choose (highlighted on the map)", **fields)
            return say("{prompt}: {picked} - now choose", **fields)
        return prompt

    def box_words(self, power: str) -> str:
        """What clicking ``power`` in a proposal means: the box, the alliance, the row."""
        box = self._proposal_box()
        if not box or self.board is None:
            return ""
        name = Names(self.board).power(power)
        if box == "A":
            return say("{power} in box {box}: placed on alliance {box}, the top row of the alliance track, if this bid "
                       "wins (R-ALL-1, R-ALL-4)", power=name, box=box)
        return say("{power} in box {box}: placed on alliance {box}, the bottom row of the alliance track, if this "
                   "bid wins (R-ALL-1, R-ALL-4)", power=name, box=box)

    def _proposal_box(self) -> str:
        """In a proposal (R-ALL-4), the box the next power clicked goes in ("" otherwise)."""
        if self.picker is None or self.picker.picked[:1] != [("propose",)] or len(self.picker.picked) > 2:
            return ""
        return "AB"[len(self.picker.picked) - 1]

    def _priced(self, o: Option) -> str:
        """A choice's button label, with what a unit built costs (R-ACT-B1: 1 population, no
        gold; a free build by Mercenaries or Pressgangs asks nothing)."""
        if self.shown is None or pending(self.shown).kind != "build" or o.part not in (("army",), ("fleet",), ("fort",)):
            return o.label
        return say("{choice} (1 population)", choice=o.label)

    def _in_stock(self, tile: str) -> bool:
        return tile in self.view.get("stock", {})

    def _part_tip(self, o: Option) -> str:
        """Words for a button: a tile's cost and use, a kind's rule."""
        b = self.board
        if b is None:
            return ""
        if o.target and o.target[0] == "tile" and o.target[1] in b.tile_by_id:
            return self._tile_tip(o.target[1])
        kind = str(o.part[0]) if o.part else ""
        if self._proposal_box() and kind in b.power_by_id:
            return self.box_words(kind)
        if kind == "pass" and self.shown is not None and pending(self.shown).kind == "bid":
            return say("Pass: bid no more for now; you may bid again when your turn comes round. The auction ends "
                       "when every other player has passed after the high bid (R-ALL-3)")
        return say(TIPS[kind]) if kind in TIPS else ""

    def _tile_tip(self, tile: str) -> str:
        """A tile's button's words: its cost, when it acts, how many are left, what it does."""
        assert self.board is not None
        t = self.board.tile_by_id[tile]
        parts = [say_n("{n} gold", "{n} gold", t.gold) if t.gold else "",
                 say_n("{n} population", "{n} population", t.population) if t.population else "",
                 say_n("{n} unrest", "{n} unrest", t.unrest) if t.unrest else ""]
        fields = {"tile": Names(self.board).tile(t.id), "cost": join_list(x for x in parts if x) or say_in("cost", "free"),
                  "timing": TIMING.get(t.timing, t.timing), "effect": capital(tile_effect(self.board, t.id)),
                  "rule": tile_rule(self.board, t.id)}
        left = self.view.get("stock", {}).get(t.id)
        if not isinstance(left, int):
            return say("{tile}: {cost}; {timing}. {effect} ({rule})", **fields)
        return say_n("{tile}: {cost}; {timing}; {n} left in the stock. {effect} ({rule})",
                     "{tile}: {cost}; {timing}; {n} left in the stock. {effect} ({rule})", left, **fields)

    def _top_buttons(self) -> list[Button]:
        w = self.size[0]
        h = self.px(26)
        y = self.px(4)
        specs = [(say("Menu"), ("menu",)), (say("Fit map"), ("fit",)), (say("Tiles"), ("market",)),
                 (say("Dice"), ("dice",)), (say("Hint"), ("hint",)), (say("Undo"), ("undo",)), (say("Skip"), ("skip",))]
        out: list[Button] = []
        # each as wide as its word needs (66 pixels at least), ending over the map's right edge,
        # or further right, over the side column, where the words before them need the room
        widths = [max(self.px(66), text(label, "sans-bold", self.px(13), P.TEXT).get_width() + self.px(14))
                  for label, _ in specs]
        x = w - self.px(336)
        if self.shown is not None:
            _, info, x1 = self._top_words()
            x = min(w - self.px(6), max(x, x1 + info.get_width() + self.px(12) + sum(widths) + self.px(6) * len(widths)))
        for (label, key), bw in reversed(list(zip(specs, widths, strict=True))):
            x -= bw + self.px(6)
            b = Button(pygame.Rect(x, y, bw, h), label, key)
            if key == ("undo",):
                b.enabled = self.table.can_undo() and self.picker is not None
            if key == ("hint",):
                b.enabled = self.picker is not None and self.ready()
            if key == ("skip",):
                b.enabled = bool(self.queue) or self.hold > 0
            if key == ("dice",):
                b.tip = opener_tip()
            out.append(b)
        return out

    def _choice_buttons(self, area: pygame.Rect) -> list[Button]:
        assert self.picker is not None
        size = self.px(13)
        specs: list[tuple[str, object]] = []
        done = self.picker.complete()
        bid_range = self.picker.amount_range()
        if done is not None and self.picker.needs_confirm():
            specs.append((say("Confirm"), ("confirm",)))
        elif done is not None and self.shown is not None:  # the one thing left to do
            specs.append((capital(choice_label(self.shown, self.seat, done)), ("confirm",)))
        else:
            for o in self.picker.options():
                if bid_range and (o.part == ("bid",) or len(o.part) == 1 and isinstance(o.part[0], int)):
                    continue
                if (o.target is not None and o.target[0] == "tile" and self.show_market
                        and self.picker.picked[:1] == [("tile",)] and self._in_stock(o.target[1])):
                    continue  # the stock over the map is the choice: one clickable grid, not a row of buttons
                if o.target is None or o.target[0] in ("tile", "counter", "unit"):
                    specs.append((self._priced(o), ("part", o.part)))
        if bid_range:
            lo, hi = bid_range
            specs = [("-", ("bid-", 1)), (f"{self.amount.value}  ({lo}-{hi})", ("noop",)), ("+", ("bid+", 1)),
                     (self._amount_label(), ("bid",))] + specs
        if self.picker.clicked:
            specs.append((say("Cancel"), ("cancel",)))
        page_of = (id(self.picker), len(self.picker.picked))  # the page shown, for this part of this choice
        page = self.button_page[1] if self.button_page[0] == page_of else 0
        self.button_page = (page_of, page)
        buttons, _ = layout_pages(specs, area, size, self.px(6), page)
        tips = {("part", o.part): self._part_tip(o) for o in self.picker.options()}
        hinted: object = None
        if self.hint_choice is not None and self.hint_choice in self.picker.matching():
            ps = parts_of(self.hint_choice)
            n = len(self.picker.picked)
            hinted = ("part", ps[n]) if n < len(ps) else ("confirm",)
        for b in buttons:
            b.tip = tips.get(b.key, "") if isinstance(b.key, tuple) else ""
            b.lit = isinstance(b.key, tuple) and b.key[0] in ("part", "confirm", "bid")
            b.primary = b.key in (("confirm",), ("bid",), hinted)
            if b.key == ("noop",):
                b.enabled = False
            if b.key == ("bid",):
                typed = self.amount_value()
                b.enabled = typed is not None and self.picker.amount_choice(typed) is not None
        return buttons

    def _amount_label(self) -> str:
        """The button that bids or offers the amount typed."""
        assert self.picker is not None
        n = self.amount_value()
        if self.picker.bid_range():
            return say_n("Bid {n} gold", "Bid {n} gold", n) if n is not None else say("Bid...")
        return say_n("Offer {n} gold", "Offer {n} gold", n) if n is not None else say("Offer...")

    def _draw_buttons(self, surf: pygame.Surface) -> None:
        """The top bar's and the choices' buttons; a bid's or an offer's amount as a text
        field with its range."""
        run = self.picker.amount_range() if self.picker is not None and self.ready() else None
        self._amount_at = None
        for b in self.buttons:
            if b.key == ("noop",) and run is not None:  # the amount: a text field with its range
                self._amount_at = (b.rect, draw_field(surf, b.rect, "", self.amount, self.px(13),
                                                      suffix=f"({run[0]}-{run[1]})"))
            else:
                draw_button(surf, b, self.mouse, self.px(13))


TIPS = {  # a choice's button's tooltip, by its kind (said when shown)
    "attack": N_("Attack a neutral counter or another power's units (2 gold, paid before the dice; R-CMB-1)"),
    "build": N_("Build an army, a fleet or a fort in your home nation for 1 population; it may move at once "
                "(R-ACT-B1)"),
    "buy": N_("Buy a tile from the stock, at most once a round (R-ACT-A1)"),
    "move": N_("Move up to 2 units (3 with Logistics); into or out of a colony needs a sea roll (R-ACT-C1)"),
    "pass": N_("Do nothing with this action (R-ACT-F1)"),
    "colonise": N_("Pay 1 population: your control marker replaces a Pop counter (R-ACT-E1)"),
    "enslave": N_("With a fleet of yours in Africa: your control marker replaces a Slaves counter (R-ACT-E2)"),
    "use": N_("Use a tile you hold, a free action (R-GEN-8)"),
    "end": N_("End your turn"),
    "done": N_("Stop moving"),
}
