"""The game screen's input: the mouse and the keys become (parts of) the engine's legal
choices through the picker, clicked on the map's highlighted targets or on the choice
buttons, or an amount typed for a bid or an offer; a click on anything else says why the
rules refuse it. Also the map's pan and zoom, the log's scrolling, undo, the fairness
panel (the Dice button, or D), the hint (what the strongest computer player would do) and
an attack's odds, worked out off the drawing thread."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.client.logbook import now
from game.client.words.choices import label as choice_label
from game.client.words.lang import say
from game.client.words.names import Names
from game.client.words.prompts import prompt_sentence
from game.client.words.refusals import refusal_line
from game.rules import Act, Choice, RulesError, State, apply, pending
from game.rules.board import load_board
from game.ui.app import Intent
from game.ui.drawing.hits import Target
from game.ui.drawing.logview import log_top_scroll
from game.ui.scenes.game.screen import SAID_S
from game.ui.scenes.game.steps import StepPlayer
from game.ui.widgets.picker import Option, parts_of

if TYPE_CHECKING:
    from game.bots.search import SearchResult


class ChoiceInput(StepPlayer):
    """Input to choices (see the module docstring)."""

    def lit(self) -> dict[Target, Option]:
        out: dict[Target, Option] = {}
        if self.picker is None or not self.ready():
            return out
        for o in self.picker.options():
            if o.target is not None:
                out[o.target] = o
        return out

    def clickables(self) -> list[tuple[tuple[int, int], str]]:
        """Where a click makes (part of) a legal choice now: highlighted targets and the
        choice buttons (for automatic play and tests)."""
        out: list[tuple[tuple[int, int], str]] = []
        if not self.ready() or self.picker is None:
            return out
        lit = self.lit()
        seen: set[Target] = set()
        for h in self.hits:
            if h.target in lit and h.target not in seen and h.rect.width:
                seen.add(h.target)
                out.append((h.rect.center, lit[h.target].label))
        for tgt, o in lit.items():
            if tgt[0] == "area" and tgt not in seen:
                shape = self.layout.areas[tgt[1]]
                out.append((self.cam.to_screen(*shape.name), o.label))
        for b in self.buttons:
            if b.enabled and isinstance(b.key, tuple) and b.key and b.key[0] in ("part", "confirm", "bid", "bid+", "bid-"):
                out.append((b.rect.center, b.label))
        return out

    def handle(self, intent: Intent) -> bool:
        k = intent.kind
        if k == "move":
            self.mouse = intent.pos
            self._hover_log(intent.pos)
            return True
        if k == "drag" and pygame.Rect(self.map_rect()).collidepoint(intent.pos):
            self.cam.pan(*intent.rel)
            return True
        if k == "wheel":
            if self.side_rect().collidepoint(intent.pos):
                top = log_top_scroll(self._log_rect(), self.log, self.s, self.board, self.log_power) if self.board else 0
                self.log_scroll = max(0, min(top, self.log_scroll + intent.steps * 3))
            elif pygame.Rect(self.map_rect()).collidepoint(intent.pos):
                self.cam.zoom_at(intent.pos[0], intent.pos[1], intent.steps)
            return True
        if k == "key":
            return self._key(intent)
        if k == "click" and intent.button == 1 and self.card is not None and self.card_time > 0 \
                and pygame.Rect(self.map_rect()).collidepoint(intent.pos):
            self.close_card()  # the click that closes a battle's or a scoring's card does nothing else
            return True
        if k == "click" and intent.button == 1:
            self._click(intent.pos)
            return True
        if k == "click" and intent.button == 3:
            self.cancel()
            return True
        return k in ("press", "release", "drag")

    def _key(self, intent: Intent) -> bool:
        key = intent.key
        if key == pygame.K_SPACE:
            self.skip()
        elif key == pygame.K_ESCAPE:
            if self.picker is not None and self.picker.clicked:
                self.cancel()
            elif self.app is not None:
                self.app.push_scene("pause", game=self)
        elif key == pygame.K_z and intent.text in ("\x1a",) or key == pygame.K_BACKSPACE and not self._bidding():
            self.do_undo()
        elif self._bidding() and key in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._bid_step(1)
        elif self._bidding() and key in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self._bid_step(-1)
        elif self._bidding() and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._submit_amount()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.picker is not None and self.ready():
            done = self.picker.complete()  # Enter confirms a choice made (as its Confirm button)
            if done is not None:
                self._submit(done)
        elif self._bidding() and self.amount.handles(intent):  # typing, editing, Ctrl+V / Cmd+V / Shift+Insert
            said = self.amount.key(intent)
            if said:
                self.tell(said)
        elif key == pygame.K_f:
            self.cam.fit(self.map_rect())
        elif key == pygame.K_d and not intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.open_fairness()
        return True

    def open_fairness(self) -> None:
        """The fairness panel over the game: its chance events so far (see :meth:`fairness`)."""
        if self.app is not None and self.shown is not None:
            self.app.push_scene("fairness", source=self.fairness)

    def _bidding(self) -> bool:
        """Whether the decision asks for an amount (a bid, the gold of an offer): then the
        keys edit the amount field."""
        return self.picker is not None and self.picker.amount_range() is not None

    def amount_value(self) -> int | None:
        """The typed amount, or None when the field is empty."""
        return int(self.amount.value) if self.amount.value else None

    def _bid_step(self, d: int) -> None:
        r = self.picker.amount_range() if self.picker else None
        if r:
            n = self.amount_value()
            self.amount.set(str(max(r[0], min(r[1], (r[0] if n is None else n) + d))))

    def _submit_amount(self) -> None:
        """The bid or offer typed, if the rules list it; else the range, on screen."""
        r = self.picker.amount_range() if self.picker else None
        n = self.amount_value()
        c = self.picker.amount_choice(n) if self.picker is not None and n is not None else None
        if c is not None:
            self._submit(c)
        elif r is not None:
            lo, hi = r
            if self.picker is not None and self.picker.bid_range():
                self.tell(lambda: say("A bid is a whole number of gold from {lo} to {hi} (R-GEN-4).", lo=lo, hi=hi))
            else:
                self.tell(lambda: say("The gold offered is a whole number of gold from {lo} to {hi} (R-GEN-4).", lo=lo,
                                      hi=hi))

    def close_card(self) -> None:
        """Close the card over the map, read: the game goes on at once."""
        self.card, self.card_time, self.hold = None, 0.0, 0.0
        self._release_log()
        if self.app is not None:
            self.app.dirty = True

    def _said_and_done(self) -> None:
        """A valid part of a choice was made: a refusal or an error said before it no longer
        holds (a lasting message, such as a stopped connection's, stays)."""
        if 0 < self.message_time <= SAID_S:
            self.message, self.message_time = "", 0.0
            if self.app is not None:
                self.app.dirty = True

    def cancel(self) -> None:
        """Step back one clicked part of the choice (Cancel, Esc, a right click)."""
        if self.picker is not None:
            self.picker.back()
            if self.app is not None:
                self.app.dirty = True

    def do_undo(self) -> None:
        if self.table.can_undo() and self.ready() or self.table.can_undo() and self.picker is not None:
            self.picker = None
            self.awaiting = True
            self.table.undo()

    def _submit(self, choice: Choice) -> None:
        if self.picker is None or choice not in self.picker.choices:
            return
        self.picker = None
        self.hint = ""
        self._said_and_done()
        self.awaiting = True  # no new decision before the table reports this one
        self.table.submit(choice)
        if self.app is not None:
            self.app.dirty = True

    def _click(self, pos: tuple[int, int]) -> None:
        if self.picker is None and self.my_turn_shown() and not self.awaiting:
            self.skip()  # the last moves still animate: finished at once, and the click is taken
            self._decide()
        if self._amount_at is not None and self._bidding() and self._amount_at[0].collidepoint(pos):
            self.amount.click(pos[0] - self._amount_at[1], self.px(13))  # the caret where the click was
            return
        for b in self.buttons:
            if b.enabled and b.rect.collidepoint(pos):
                self._button(b.key)
                return
        if self._log_click(pos):
            return
        lit = self.lit()
        target = self.target_at(pos, lit)
        if target is None:
            return
        if target in lit:
            self._pick(lit[target])
        elif self.ready():
            self._refuse(target)

    def target_at(self, pos: tuple[int, int], lit: dict[Target, Option] | None = None) -> Target | None:
        """What is under a screen point: a piece, a tile, a counter, else the map area."""
        on_map = pygame.Rect(self.map_rect()).collidepoint(pos)
        if not on_map and not self.side_rect().collidepoint(pos):
            return None
        lit = self.lit() if lit is None else lit
        target = self.piece_at(pos)
        if target is None or target not in lit and target[0] in ("marker", "track", "badge", "moving", "more"):
            bx, by = self.cam.to_board(*pos)
            area = self.layout.area_at(bx, by) if on_map else None
            target = ("area", area) if area else target
        return target

    def piece_at(self, pos: tuple[int, int]) -> Target | None:
        """The piece, counter, tile or track space drawn under a screen point (last frame)."""
        for h in reversed(self.hits):
            if h.rect.collidepoint(pos) and h.target[0] != "logline":
                return h.target
        return None

    def _pick(self, o: Option) -> None:
        assert self.picker is not None
        self.picker.pick(o.part)
        self._said_and_done()
        done = self.picker.complete()
        if done is not None and not self.picker.needs_confirm():
            self._submit(done)

    def _refuse(self, target: Target) -> None:
        """Why a click on something not highlighted does nothing: the engine's refusal of
        the choice it would have made, with its rule."""
        assert self.picker is not None and self.shown is not None
        token = target[1] if len(target) > 1 else ""
        opts = self.picker.options()
        slot_kinds = {o.target[0] for o in opts if o.target}
        if not opts or (target[0] not in slot_kinds and not (target[0] == "area" and "area" in slot_kinds)):
            p, board = pending(self.shown), load_board(self.shown.ruleset)
            self.tell(lambda: say("Not now. {prompt}", prompt=prompt_sentence(p, board)))
            return
        n = len(self.picker.picked)
        for c in self.picker.matching():
            ps = parts_of(c)
            if n >= len(ps):
                continue
            args = [a for part in ps[1:] for a in part]
            pos = sum(len(part) for part in ps[1:n])
            if len(ps[n]) == 2:
                pos += 1
            if pos >= len(args):
                continue
            args[pos] = token
            try:
                apply(self.shown, Act(self.seat, Choice(c.kind, tuple(args))))
            except RulesError as exc:
                self.tell(partial(refusal_line, exc, load_board(self.shown.ruleset)))
                return
            break
        self.tell(lambda: say("That is not one of your choices now."))

    def _button(self, key: object) -> None:
        if not isinstance(key, tuple) or not key:
            return
        what = key[0]
        if what == "part" and self.picker is not None:
            for o in self.picker.options():
                if o.part == key[1]:
                    self._pick(o)
                    return
        elif what == "confirm" and self.picker is not None:
            c = self.picker.complete()
            if c is not None:
                self._submit(c)
        elif what == "cancel":
            self.cancel()
        elif what == "more":  # the next page of a row of choices too long for the bar
            self.button_page = (self.button_page[0], self.button_page[1] + 1)
        elif what == "bid":
            self._submit_amount()
        elif what == "bid+":
            self._bid_step(int(key[1]) if len(key) > 1 else 1)
        elif what == "bid-":
            self._bid_step(-(int(key[1]) if len(key) > 1 else 1))
        elif what == "undo":
            self.do_undo()
        elif what == "skip":
            self.skip()
        elif what == "market":
            self.show_market = not self.show_market
        elif what == "fit":
            self.cam.fit(self.map_rect())
        elif what == "hint":
            self.give_hint()
        elif what == "dice":
            self.open_fairness()
        elif what == "menu" and self.app is not None:
            self.app.push_scene("pause", game=self)

    def odds_for(self, attack: Choice | None) -> tuple[str, str]:
        """The exact chances the attack wins (if nobody helps, if the defender's allies
        help, if every ally helps), counted off the drawing thread once per position and
        attack (``None``: the attack under way, while an ally is asked or gold offered):
        a short line and the words of its tooltip."""
        st = self.shown
        if st is None or self.board is None:
            return "", ""
        got = self._odds.get(attack)
        if got is None:
            from game.client.odds import odds_in_background

            def changed() -> None:
                if self.app is not None:
                    self.app.dirty = True

            names = Names(self.board)
            got = odds_in_background(st, self.seat, attack, lambda s: names.power(st.powers[s]), changed,
                                     lambda: self.shown is not st)
            self._odds[attack] = got
        from game.client.odds import attack_frame, describe_odds

        nm = Names(self.board)
        if attack is None:  # under way: whose chance it is, by name
            fr = attack_frame(st)
            att = int(fr["sides"][0]) if fr is not None else -1
            dfd = int(fr["sides"][1]) if fr is not None else -1
            name = nm.power(st.powers[att]) if 0 <= att < st.n else say("the attacker")
            against = self._defender(fr, dfd)
            if att == self.seat:
                return describe_odds(got, attacker=say("you"), defender=against, head=say("Chance to win"))
            return describe_odds(got, attacker=name, defender=against,
                                 head=say("Chance {power} wins against {defender}", power=name, defender=against))
        target = str(attack.args[2]) if len(attack.args) == 3 else ""
        defender = nm.power(target) if target in self.board.power_by_id else say("the defender")
        return describe_odds(got, attacker=say("you"), defender=defender, head=say("Chance to win"))

    def _defender(self, fr: dict[str, object] | None, seat: int) -> str:
        """The defender of the attack under way, named: its power, its neutral counter."""
        assert self.shown is not None and self.board is not None
        nm = Names(self.board)
        if 0 <= seat < self.shown.n:
            return nm.power(self.shown.powers[seat])
        kind, ident = (fr or {}).get("kind"), (fr or {}).get("target")  # the attack on a neutral counter or tile
        if kind in ("counter", "tile") and isinstance(ident, str):
            return nm.neutral(str(kind), ident)
        return say("the defender")

    def give_hint(self) -> None:
        """What the strongest computer player would do here (worked out off the drawing
        thread), with the words of its choice."""
        if self.picker is None or self.shown is None:
            return
        from game.bots import UnrestLedger, lend, make_bot
        from game.client.local import hint_bot

        st, seat, options, name = self.shown, self.seat, list(self.picker.choices), hint_bot()
        self.set_hint(lambda: say("Hint: thinking..."))
        ledger = getattr(self.table, "ledger", None)  # what the public events say of the others' unrest
        known = ledger.copy() if isinstance(ledger, UnrestLedger) else None

        def work() -> None:
            bot = make_bot(name, st.steps)
            if known is not None:
                lend(bot, known)
            search = getattr(bot, "search", None)
            if callable(search):  # the searching bot: why, from what its search found
                res = search(st, seat, options)
                best = res.choice
                words = hint_words(st, seat, res, len(options))
            else:
                best = bot.choose(st, seat, options)

                def words() -> str:
                    return say("Hint: {choice} (what the {bot} computer player would do)",
                               choice=choice_label(st, seat, best), bot=name)
            if self.shown is st:
                self.set_hint(words)
                self.hint_choice = best if isinstance(best, Choice) else None
                if self.app is not None:
                    self.app.dirty = True

        threading.Thread(target=work, name="soe-hint", daemon=True).start()

    def _hover_log(self, pos: tuple[int, int]) -> None:
        self.focus = set()
        for h in self.hits:
            if h.target[0] == "logline" and h.rect.collidepoint(pos):
                self.focus = self._line_areas(int(h.target[1]))

    def _line_areas(self, i: int) -> set[str]:
        """Where log line ``i`` happened: its area; else the areas its words name; a line
        naming only powers, where they stand."""
        if self.board is None or not 0 <= i < len(self.log):
            return set()
        line = now(self.log[i])
        where = getattr(line, "area", "")
        if where:
            return {where}
        nm = Names(self.board)
        areas = {a.id for a in self.board.areas if nm.area(a.id) in line and a.kind != "home"}
        if not areas and self.view:
            powers = self.view["powers"]
            named = [k for k, pid in enumerate(powers) if nm.power(pid) in line]
            areas = {a for a, seats in self.view["units"].items() for k in named if any(seats[k])}
            areas |= {a for a, seats in self.view["markers"].items() for k in named if seats[k]}
        return areas | {a.id for a in self.board.areas if nm.area(a.id) in line and a.kind == "home"}

    def _log_click(self, pos: tuple[int, int]) -> bool:
        """A click on the log: a power's tag filters the log to it (again: the whole log);
        a line is marked where it happened on the map, brought into view."""
        for h in self.hits:
            if not h.rect.collidepoint(pos) or h.target[0] not in ("logfilter", "logline"):
                continue
            if h.target[0] == "logfilter":
                self.log_power = "" if self.log_power == h.target[1] else str(h.target[1])
                self.log_scroll = 0
            else:
                self.located = self._line_areas(int(h.target[1]))
                boxes = [self.layout.areas[a].units for a in sorted(self.located) if a in self.layout.areas]
                if boxes:
                    box = pygame.Rect(boxes[0]).unionall([pygame.Rect(x) for x in boxes[1:]])
                    self.cam.show(box.x, box.y, box.right, box.bottom)
            if self.app is not None:
                self.app.dirty = True
            return True
        self.located = set()
        return False


def hint_words(st: State, seat: int, res: SearchResult, options: int) -> Callable[[], str]:
    """What makes the hint's words (:func:`game.client.words.hint.why`) from what the
    searching computer player found, in the language in use when they are drawn."""
    from game.client.words.hint import why

    return lambda: why(st, seat, res, options)
