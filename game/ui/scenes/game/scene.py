"""The game screen: the map, the players, the tracks, the log and the prompt.

It shows only ``view(state, seat)`` of the state its table reports, offers only the
engine's legal choices (through the picker: highlighted areas and pieces on the map,
buttons for the rest) and sends the one the player clicks to the table. Steps from the
table are shown one at a time at the speed the player set, so computer players' moves can
be followed."""

from __future__ import annotations

import threading
from collections import deque
from typing import Any

import pygame

from game.client.forecast import war_end_scores
from game.client.odds import AttackOdds
from game.client.tables import Step, Table
from game.client.words.battle import Tracker
from game.rules import Act, Choice, RulesError, State, apply, describe, legal, outcome, pending, view
from game.rules.board import Board, load_board
from game.ui.app import Intent, ScaledScene
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap
from game.ui.drawing.camera import Camera
from game.ui.drawing.cards import battle_card, scoring_card
from game.ui.drawing.hits import Hit, Target
from game.ui.drawing.layout import load_layout
from game.ui.drawing.mapview import MapRenderer
from game.ui.drawing.panels import draw_log, draw_market, draw_players, log_top_scroll, market_rect
from game.ui.widgets.boxes import panel
from game.ui.widgets.buttons import Button, draw_button, layout_buttons
from game.ui.widgets.picker import Option, Picker, parts_of
from game.ui.widgets.textentry import TextField, digits, draw_field
from game.ui.widgets.tooltip import tooltip

SPEEDS = {"slow": 1.8, "normal": 1.0, "fast": 0.4, "instant": 0.0}


class GameScene(ScaledScene):
    """The game screen (see the module docstring). ``on_end(scene, result)`` is called
    once when the game is over (the caller puts the end screen up); ``player_name`` is what
    the player's own panel calls them."""

    def __init__(self, table: Table, speed: str = "normal", title: str = "", *, on_end: Any = None,
                 player_name: str = "you") -> None:
        super().__init__()
        self.table = table
        self.seat = table.seat
        self.speed = SPEEDS.get(speed, 1.0)
        self.board: Board | None = None
        self.layout = load_layout()
        self.cam = Camera(*self.layout.size)
        self.renderer: MapRenderer | None = None
        self.queue: deque[Step] = deque()
        self.shown: State | None = None
        self._view: tuple[State | None, dict[str, Any]] = (None, {})
        self.hold = 0.0
        self.log: list[str] = []
        self.tracker = Tracker()
        self.detail: dict[str, list[str]] = {}
        self.events: list[dict[str, Any]] = []
        self.log_scroll = 0  # lines scrolled up from the newest
        self.banner: list[str] = []
        self.banner_time = 0.0
        self.message = ""
        self.message_time = 0.0
        self.picker: Picker | None = None
        self.amount = TextField("", max_len=4, accept=digits, what="digits")  # a bid's or an offer's gold
        self._amount_at: tuple[pygame.Rect, int] | None = None  # the amount field on screen, where its text starts
        self.hits: list[Hit] = []
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.t = 0.0
        self.show_market = False
        self.focus: set[str] = set()
        self.hint = ""
        self.hint_choice: Choice | None = None
        self.awaiting = False
        self._odds: dict[Choice, AttackOdds] = {}
        self._odds_tip: tuple[pygame.Rect, str] | None = None  # the attack's odds on screen, and what they assume
        self.version = 0  # the shown state's number: cached layers are drawn again when it changes
        self._layers: dict[str, tuple[object, pygame.Surface, list[Hit]]] = {}
        self.card: tuple[str, list[dict[str, Any]]] | None = None
        self.card_time = 0.0
        self.card_step: Step | None = None
        self.card_detail: list[str] = []
        self.card_total = 0.0
        self.moves: list[tuple[str, str, str, bool, str]] = []  # this step's moves: from, to, power, lost at sea, unit
        self.move_time = self.move_total = 0.0
        self.moving_view: dict[str, Any] = {}  # the board while the moves travel: arrivals not there yet
        self.ended = False
        self.on_end: Any = on_end
        self.title = title
        self.player_name = player_name
        self._thinking = -1

    def set_speed(self, word: str) -> None:
        """The animations' pace by its word: slow, normal, fast or instant."""
        self.speed = SPEEDS.get(word, 1.0)

    @property
    def view(self) -> dict[str, Any]:
        """``view(shown, seat)``, worked out when first needed after the shown state changes
        (taking many steps at once works out only the last one's)."""
        if self.shown is not None and self._view[0] is not self.shown:
            self._view = (self.shown, view(self.shown, self.seat))
        return self._view[1]

    # ------------------------------------------------------------------ geometry
    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.cam.fit(self.map_rect())

    def map_rect(self) -> tuple[int, int, int, int]:
        w, h = self.size
        return (0, self.px(34), w - self.px(330), h - self.px(34) - self.px(112))

    def side_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w - self.px(330), self.px(34), self.px(330), h - self.px(34))

    def bar_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(0, h - self.px(112), w - self.px(330), self.px(112))

    # ------------------------------------------------------------------ state
    def ready(self) -> bool:
        """Whether the player may decide now (everything reported has been shown)."""
        return (self.shown is not None and not self.queue and self.hold <= 0 and self.picker is not None)

    def busy(self) -> bool:
        return bool(self.queue) or self.hold > 0 or self.card_time > 0 or self.move_time > 0

    def _take(self, step: Step) -> None:
        self.version += 1
        before = self.shown.units if self.shown is not None else None
        self.shown = step.state
        self._odds = {}
        self.awaiting = False
        if self.app is not None:
            self.app.dirty = True
        if self.board is None:
            self.board = load_board(step.state.ruleset)
            self.renderer = MapRenderer(self.layout, self.board)
            self.renderer.n_rounds = 6 if step.state.n <= 4 else 5
            self.renderer.viewer = self.seat
        for e in step.events:
            if e.get("kind") == "error":  # the table stopped: say so in the window
                self.say(str(e.get("text", "")))
                self.message_time = 3600.0
        self.events.extend(step.events)
        texts = [str(e.get("text", "")) for e in step.events if e.get("text")]
        try:  # the words a player reads: a battle with how each total was reached
            lines = self.tracker.feed(step.state, step.events, before)
        except (KeyError, ValueError, IndexError, TypeError):
            lines = texts
        self.detail = {}
        for e, line in zip(step.events, lines, strict=False):
            if e.get("kind") == "battle" and "\n" in line:
                self.detail["battle"] = [x.strip() for x in line.split("\n")[1:]]
        self.log.extend(x for line in lines for x in line.split("\n") if x.strip())
        mine = self.seat >= 0 and step.actor == self.seat  # (a spectator's seat, -1, is no chance step's)
        if not mine and texts:
            self.banner = texts[-4:]
            self.banner_time = 2.5
        self.moves = [(str(e["src"]), str(e["dst"]), str(e.get("power", "")), e.get("kind") == "sea_lost",
                       str(e.get("unit", "unit")))
                      for e in step.events if e.get("kind") in ("move", "sea_arrive", "sea_lost", "sea_back")
                      and e.get("src") in self.layout.areas and e.get("dst") in self.layout.areas]
        dice = any(e.get("kind") in ("dice", "battle") for e in step.events)
        if self.speed > 0:
            self.show_card(step)
            if dice:
                self.sound("dice")
            elif any(e.get("kind") in ("move", "sea_arrive", "build", "place") for e in step.events):
                self.sound("move")
        if mine or not texts:
            self.hold = 0.0
        else:
            self.hold = (1.1 if dice else 0.45) * self.speed
        if self.card is not None and self.card_step is step:
            self.hold = max(self.hold, self.card_time * 0.8)
        self.move_time = self.move_total = self.hold if self.moves else 0.0
        self.moving_view = self._on_the_way(step.events) if self.move_time > 0 else {}
        self.picker = None
        self.hint = ""
        self.hint_choice = None
        if step.undo:
            self.hold = 0.0

    def _on_the_way(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        """The view to draw on the board while this step's moves travel: each unit that
        arrives is taken out of its destination until its piece gets there (it has already
        left its source in the new view; the piece on the arrow stands for it)."""
        units = {a: [u[:] for u in seats] for a, seats in self.view["units"].items()}
        powers: list[str] = self.view["powers"]
        kinds = {"army": 0, "fleet": 1, "fort": 2}
        for e in events:
            if e.get("kind") not in ("move", "sea_arrive") or e.get("power") not in powers:
                continue
            here = units.get(str(e.get("dst")))
            k = kinds.get(str(e.get("unit")))
            if here is None or k is None:
                continue
            seat = powers.index(str(e["power"]))
            here[seat][k] = max(0, here[seat][k] - 1)
        return {**self.view, "units": units}

    def moving(self) -> bool:
        """Whether units are drawn on their way (the board shows them neither here nor there)."""
        return self.move_time > 0 and bool(self.moves) and bool(self.moving_view)

    def _decide(self) -> None:
        """When the game waits for this seat: a picker over its legal choices."""
        st = self.shown
        if st is None or self.board is None or self.picker is not None or self.awaiting:
            return
        p = pending(st)
        if p.is_over:
            if not self.ended:
                self.ended = True
                if self.on_end is not None:
                    self.on_end(self, outcome(st))
            return
        if p.chance is not None or p.seat != self.seat:
            return
        options = legal(st, self.seat)
        if not options:
            return
        self.picker = Picker(options, self.board)
        if self.speed > 0:
            self.sound("turn")
        run = self.picker.amount_range()
        if run is not None:
            self.amount.set(str(run[0]))
        self.show_market = any(c.kind == "tile" for c in options)
        if self.app is not None:
            self.app.dirty = True

    def update(self, dt: float) -> None:
        self.t += dt
        thinking = self.table.thinking()
        if thinking != self._thinking and self.app is not None:  # who is thinking is shown
            self._thinking = thinking
            self.app.dirty = True
        for step in self.table.steps():
            if step.undo:
                self.queue.clear()
                self._take(step)
            else:
                self.queue.append(step)
        if self.hold > 0:
            self.hold -= dt
        while self.queue and self.hold <= 0:
            self._take(self.queue.popleft())
            if self.speed == 0:
                self.hold = 0
        if self.banner_time > 0:
            self.banner_time -= dt
            if self.banner_time <= 0 and self.app is not None:
                self.app.dirty = True
        if self.move_time > 0:
            self.move_time -= dt
            if self.move_time <= 0 and self.app is not None:  # the pieces arrive: the board shows them
                self.app.dirty = True
        if self.card_time > 0:
            self.card_time -= dt
            if self.card_time <= 0:
                self.card = None
        if self.message_time > 0:
            self.message_time -= dt
            if self.message_time <= 0 and self.app is not None:
                self.app.dirty = True
        if not self.queue and self.hold <= 0:
            self._decide()

    def sound(self, name: str) -> None:
        from game.ui.sound import play

        settings = self.app.settings if self.app is not None else None
        play(name, bool(getattr(settings, "sound", False)))

    def show_card(self, step: Step) -> None:
        """A battle or a war's scoring in this step: shown as a card over the map."""
        kinds = {e.get("kind") for e in step.events}
        if "battle" in kinds:
            attack = [] if "attack" in kinds else [e for e in self.events[-60:] if e.get("kind") == "attack"][-1:]
            self.card = ("battle", attack + step.events)
        elif "scored" in kinds:
            self.card = ("scoring", step.events)
        else:
            return
        self.card_step = step
        self.card_detail = list(self.detail.get("battle", []))
        self.card_time = self.card_total = 2.2 * max(self.speed, 0.5)
        self.banner_time = 0

    def skip(self) -> None:
        """Show at once every step reported so far: no animation, no card, no wait."""
        while self.queue:
            self._take(self.queue.popleft())
        self.card_time = 0
        self.card = None
        self.move_time = 0
        self.hold = 0
        self.banner_time = 0
        if self.app is not None:
            self.app.dirty = True

    # ------------------------------------------------------------------ what can be clicked
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

    # ------------------------------------------------------------------ input
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
                top = log_top_scroll(self._log_rect(), self.log, self.s)
                self.log_scroll = max(0, min(top, self.log_scroll + intent.steps * 3))
            elif pygame.Rect(self.map_rect()).collidepoint(intent.pos):
                self.cam.zoom_at(intent.pos[0], intent.pos[1], intent.steps)
            return True
        if k == "key":
            return self._key(intent)
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
        elif self._bidding() and self.amount.handles(intent):  # typing, editing, Ctrl+V / Cmd+V / Shift+Insert
            said = self.amount.key(intent)
            if said:
                self.say(said)
        elif key == pygame.K_f:
            self.cam.fit(self.map_rect())
        return True

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
            what = "A bid" if self.picker is not None and self.picker.bid_range() else "The gold offered"
            self.say(f"{what} is a whole number of gold from {r[0]} to {r[1]} (R-GEN-4).")

    def cancel(self) -> None:
        if self.picker is not None:
            self.picker.back()

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
        self.awaiting = True  # no new decision before the table reports this one
        self.table.submit(choice)
        if self.app is not None:
            self.app.dirty = True

    def _click(self, pos: tuple[int, int]) -> None:
        if self._amount_at is not None and self._bidding() and self._amount_at[0].collidepoint(pos):
            self.amount.click(pos[0] - self._amount_at[1], self.px(13))  # the caret where the click was
            return
        for b in self.buttons:
            if b.enabled and b.rect.collidepoint(pos):
                self._button(b.key)
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
            p = pending(self.shown)
            self.say(f"Not now. {p.prompt}")
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
                self.say(f"{exc.message}" + (f" ({exc.rule})" if exc.rule else ""))
                return
            break
        self.say("That is not one of your choices now.")

    def say(self, msg: str) -> None:
        self.message = msg
        self.message_time = 5.0

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
        elif what == "menu" and self.app is not None:
            self.app.push_scene("pause", game=self)

    def odds_for(self, attack: Choice) -> tuple[str, str]:
        """The exact chances the attack wins (if nobody helps, if the defender's allies
        help, if every ally helps), counted off the drawing thread once per position and
        attack: a short line and the words of its tooltip."""
        st = self.shown
        if st is None or self.board is None:
            return "", ""
        got = self._odds.get(attack)
        if got is None:
            from game.client.odds import odds_in_background

            board = self.board

            def changed() -> None:
                if self.app is not None:
                    self.app.dirty = True

            got = odds_in_background(st, self.seat, attack, lambda s: board.power_name(st.powers[s]), changed,
                                     lambda: self.shown is not st)
            self._odds[attack] = got
        from game.client.odds import describe_odds

        target = str(attack.args[2]) if len(attack.args) == 3 else ""
        defender = self.board.power_name(target) if target in self.board.power_by_id else "the defender"
        return describe_odds(got, "you", defender)

    def give_hint(self) -> None:
        """What the strongest computer player would do here (worked out off the drawing
        thread), with the words of its choice."""
        if self.picker is None or self.shown is None:
            return
        from game.bots import UnrestLedger, lend, make_bot
        from game.client.local import hint_bot

        st, seat, options, name = self.shown, self.seat, list(self.picker.choices), hint_bot()
        self.hint = "Hint: thinking..."
        ledger = getattr(self.table, "ledger", None)  # what the public events say of the others' unrest
        known = ledger.copy() if isinstance(ledger, UnrestLedger) else None

        def work() -> None:
            bot = make_bot(name, st.steps)
            if known is not None:
                lend(bot, known)
            explain = getattr(bot, "explain", None)
            if callable(explain):  # the searching bot says why in one sentence
                best, why = explain(st, seat)
                words = f"Hint: {why}"
            else:
                best = bot.choose(st, seat, options)
                words = f"Hint: {describe(st, best)} (what the {name} computer player would do)"
            if self.shown is st:
                self.hint = words
                self.hint_choice = best if isinstance(best, Choice) else None
                if self.app is not None:
                    self.app.dirty = True

        threading.Thread(target=work, name="soe-hint", daemon=True).start()

    def _hover_log(self, pos: tuple[int, int]) -> None:
        self.focus = set()
        for h in self.hits:
            if h.target[0] == "logline" and h.rect.collidepoint(pos) and self.board is not None:
                line = h.tip
                areas = {a.id for a in self.board.areas if a.name in line and a.kind != "home"}
                if not areas and self.view:  # a line naming only powers: where they stand
                    powers = self.view["powers"]
                    named = [i for i, pid in enumerate(powers) if self.board.power_name(pid) in line]
                    areas = {a for a, seats in self.view["units"].items() for i in named if any(seats[i])}
                    areas |= {a for a, seats in self.view["markers"].items() for i in named if seats[i]}
                self.focus = areas | {a.id for a in self.board.areas if a.name in line and a.kind == "home"}

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        if self.shown is None or self.renderer is None or self.board is None:
            surf.fill(P.PANEL)
            t = text("Setting up the table...", "serif-bold", self.px(28), P.TEXT)
            surf.blit(t, t.get_rect(center=surf.get_rect().center))
            return
        lit = self.lit()
        litset = frozenset(lit)
        m = pygame.Rect(self.map_rect())
        cam = self.cam
        moving = self.moving()
        key = (self.version, moving, cam.zoom, round(cam.ox), round(cam.oy), m.size, litset, frozenset(self.focus))
        shown = self.moving_view if moving else self.view

        def board_layer(layer: pygame.Surface) -> list[Hit]:
            assert self.renderer is not None
            local = Camera(cam.board_w, cam.board_h, (0, 0, m.width, m.height), cam.zoom, cam.ox - m.x, cam.oy - m.y)
            return self.renderer.draw(layer, local, shown, set(litset), self.focus, self.t)

        self.hits = self._layer(surf, "board", key, m, board_layer)
        if self.move_time > 0 and self.moves:
            self.hits += self._draw_moves(surf, m)
        side = self.side_rect()
        assert self.board is not None
        board = self.board
        self.hits += self._layer(
            surf, "players", (self.version, self.table.thinking(), litset, side.size), side,
            lambda layer: draw_players(layer, layer.get_rect(), self.view, board, self.seat, self.table.thinking(),
                                       self.s, set(litset), self.player_name))
        if self.show_market:
            mr = market_rect(self.map_rect(), sum(1 for t in board.tiles if t.id in self.view["stock"]), self.s)
            area = (m.x - mr.x, m.y - mr.y, m.width, m.height)
            self.hits += self._layer(
                surf, "market", (self.version, litset, m.size), mr,
                lambda layer: draw_market(layer, area, self.view, board, self.seat, self.s, set(litset)))
        lr = self._log_rect()
        self.hits += self._layer(surf, "log", (len(self.log), self.log_scroll, lr.size), lr,
                                 lambda layer: draw_log(layer, layer.get_rect(), self.log, self.log_scroll, self.s))
        self.buttons = self._top_buttons()
        self._top(surf)
        self._bar(surf)
        if self.card is not None and (self.card_time > 0 or self.speed == 0):
            kind, events = self.card
            if kind == "battle":
                age = self.card_total - self.card_time
                rolling = int(age * 24) if self.speed > 0 and age < 0.6 * self.speed else -1
                battle_card(surf, pygame.Rect(self.map_rect()), events, self.board, self.s, self.card_detail, rolling)
            else:
                scoring_card(surf, pygame.Rect(self.map_rect()), events, self.board, self.s)
        run = self.picker.amount_range() if self.picker is not None and self.ready() else None
        self._amount_at = None
        for b in self.buttons:
            if b.key == ("noop",) and run is not None:  # the amount: a text field with its range
                self._amount_at = (b.rect, draw_field(surf, b.rect, "", self.amount, self.px(13),
                                                      suffix=f"({run[0]}-{run[1]})"))
            else:
                draw_button(surf, b, self.mouse, self.px(13))
        self._tip(surf)

    def _draw_moves(self, surf: pygame.Surface, m: pygame.Rect) -> list[Hit]:
        """Units on their way: an arrow from where they left to where they go, in their
        power's colour, with a piece travelling along it (what it drew where: the pieces)."""
        hits: list[Hit] = []
        clip = surf.get_clip()
        surf.set_clip(m)
        done = 1.0 - max(0.0, self.move_time) / self.move_total if self.move_total > 0 else 1.0
        for src, dst, pid, lost, unit in self.moves:
            a, b = self.layout.areas[src].units, self.layout.areas[dst].units
            x0, y0 = self.cam.to_screen(a[0] + a[2] / 2, a[1] + a[3] / 2)
            x1, y1 = self.cam.to_screen(b[0] + b[2] / 2, b[1] + b[3] / 2)
            col = P.power(pid)
            w = self.px(5)
            pygame.draw.line(surf, (20, 16, 12), (x0, y0), (x1, y1), w + 4)
            pygame.draw.line(surf, col, (x0, y0), (x1, y1), w)
            dx, dy = x1 - x0, y1 - y0
            length = max(1.0, (dx * dx + dy * dy) ** 0.5)
            ux, uy = dx / length, dy / length
            size = self.px(16)
            head = [(x1, y1), (x1 - ux * size - uy * size / 2, y1 - uy * size + ux * size / 2),
                    (x1 - ux * size + uy * size / 2, y1 - uy * size - ux * size / 2)]
            pygame.draw.polygon(surf, col, head)
            pygame.draw.polygon(surf, (20, 16, 12), head, 2)
            px_, py_ = round(x0 + dx * min(done, 1.0)), round(y0 + dy * min(done, 1.0))
            pygame.draw.circle(surf, (20, 16, 12), (px_, py_), self.px(11))
            pygame.draw.circle(surf, col if not lost else (90, 90, 90), (px_, py_), self.px(9))
            t = text(P.letters(pid), "cond-bold", self.px(10), P.ink(pid))
            surf.blit(t, t.get_rect(center=(px_, py_)))
            if self.board is not None and pid in self.board.power_by_id:
                bd = self.board
                where = f"from {bd.area_name(src)} to {bd.area_name(dst)}"
                tip = (f"{bd.power_name(pid)}'s {unit}, lost at sea {where}" if lost
                       else f"{bd.power_name(pid)}'s {unit} on its way {where}")
                r = pygame.Rect(0, 0, 2 * self.px(11), 2 * self.px(11))
                r.center = (px_, py_)
                hits.append(Hit(r, ("moving", pid, src, dst), tip))
        surf.set_clip(clip)
        return hits

    def _layer(self, surf: pygame.Surface, name: str, key: object, rect: pygame.Rect, draw: Any) -> list[Hit]:
        """Blit a part of the screen drawn only when its ``key`` changes (the board and
        the panels are redrawn when the game, the highlights or the view change, not every
        frame); its hits are moved to the screen."""
        cached = self._layers.get(name)
        if cached is None or cached[0] != key:
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

    def _log_rect(self) -> pygame.Rect:
        side = self.side_rect()
        top = side.y + self.px(8) + self.px(58) * self.shown.n if self.shown else side.y
        return pygame.Rect(side.x + self.px(6), top + self.px(6), side.width - self.px(12), side.bottom - top - self.px(12))

    def _top(self, surf: pygame.Surface) -> None:
        assert self.shown is not None and self.board is not None
        w = self.size[0]
        r = pygame.Rect(0, 0, w, self.px(34))
        pygame.draw.rect(surf, (28, 24, 20), r)
        pygame.draw.line(surf, P.PANEL_EDGE, r.bottomleft, r.bottomright)
        st = self.shown
        p = pending(st)
        who = ""
        if p.is_over:
            who = "The game is over"
        elif p.chance is not None:
            who = "Rolling..."
        elif p.seat == self.seat:
            who = "Your decision"
        else:
            name = self.board.power_name(st.powers[p.seat])
            who = f"{name} is thinking..." if self.table.thinking() == p.seat else f"Waiting for {name}"
        title = text("Struggle of Empires", "serif-bold", self.px(20), P.HIGHLIGHT)
        surf.blit(title, (self.px(10), (r.height - title.get_height()) // 2))
        info = f"War {st.war} of 3" + (f"  -  Round {st.round}" if st.round else "")
        t = text(info, "sans-bold", self.px(14), P.TEXT)
        surf.blit(t, (self.px(220), (r.height - t.get_height()) // 2))
        col = P.HIGHLIGHT if p.seat == self.seat and not p.is_over else P.TEXT
        t2 = text(who, "sans-bold", self.px(14), col)
        room = min(b.rect.x for b in self.buttons) - self.px(16) if self.buttons else w
        x2 = self.px(230) + t.get_width()
        if x2 + t2.get_width() <= room:
            surf.blit(t2, (x2, (r.height - t2.get_height()) // 2))

    def _bar(self, surf: pygame.Surface) -> None:
        assert self.shown is not None and self.board is not None
        r = self.bar_rect()
        panel(surf, r, (44, 38, 32), 0)
        st = self.shown
        p = pending(st)
        x, y = r.x + self.px(12), r.y + self.px(8)
        width = r.width - self.px(24)
        if p.is_over:
            prompt = "The game is over."
        elif self.picker is not None and self.ready():
            prompt = self._prompt_words(p.prompt)
        elif (self.queue or self.hold > 0) and self.seat >= 0:  # a spectator is told what the game waits for
            prompt = "The computer players move (Skip or space hurries them)"
        elif p.chance is not None:
            prompt = "Rolling..."
        else:
            name = self.board.power_name(st.powers[p.seat]) if p.seat >= 0 else ""
            said = p.prompt.removeprefix(f"{name}: ") if name else p.prompt  # the prompt may name the power already
            prompt = f"Waiting for {name}: {said}" if name else p.prompt
        tr = self.tracker
        if p.kind in ("bid", "propose") and tr.high >= 0 and tr.leader in self.board.power_by_id:
            boxes = "/".join(self.board.power_name(x) if x in self.board.power_by_id else "-" for x in (tr.box_a, tr.box_b))
            prompt += f"  [high bid {tr.high} by {self.board.power_name(tr.leader)}: box A/B {boxes}]"
        lines = wrap(prompt, "sans-bold", self.px(15), width)[:2]
        for line in lines:
            t = text(line, "sans-bold", self.px(15), P.HIGHLIGHT if self.picker else P.TEXT)
            surf.blit(t, (x, y))
            y += t.get_height()
        area = pygame.Rect(x, y + self.px(6), width, r.bottom - y - self.px(10))
        if not (self.picker is not None and self.ready()) and self.banner and self.card_time <= 0:
            for line in self.banner[-3:]:  # what just happened, under the prompt
                t = text(line, "sans", self.px(13), P.TEXT if self.banner_time > 0 else P.TEXT_DIM)
                surf.blit(t, (x + self.px(10), y + self.px(2)))
                y += t.get_height() + self.px(1)
        self._odds_tip = None
        if self.picker is not None and self.ready():
            self.buttons += self._choice_buttons(area)
            done = self.picker.complete()
            if done is not None and done.kind == "attack" and self.picker.needs_confirm():
                line, why = self.odds_for(done)
                right = max((b.rect.right for b in self.buttons if b.rect.y >= area.y), default=area.x)
                room = pygame.Rect(right + self.px(16), area.y, r.right - right - self.px(28), area.height)
                yy = room.y + self.px(2)
                for part in wrap(line, "sans-bold", self.px(13), max(self.px(120), room.width))[:3]:
                    t = text(part, "sans-bold", self.px(13), (190, 230, 190))
                    surf.blit(t, (room.x, yy))
                    yy += t.get_height()
                self._odds_tip = (pygame.Rect(room.x, room.y, room.width, yy - room.y), why)
                for b in self.buttons:
                    if b.key == ("confirm",):
                        b.tip = why
        msg = self.hint if self.hint else (self.message if self.message_time > 0 else "")
        if msg:  # over the bottom of the map, in up to three lines
            col = (255, 190, 170) if not self.hint else (190, 230, 190)
            ts = [text(line, "sans", self.px(13), col) for line in wrap(msg, "sans", self.px(13), r.width - self.px(40))[:3]]
            w = max(t.get_width() for t in ts)
            h = sum(t.get_height() for t in ts)
            bg = pygame.Rect(0, 0, w, h).inflate(self.px(12), self.px(8))
            bg.bottomleft = (r.x + self.px(4), r.y - self.px(2))
            pygame.draw.rect(surf, (30, 20, 16), bg, border_radius=6)
            pygame.draw.rect(surf, P.BAD if not self.hint else P.GOOD, bg, 1, border_radius=6)
            y = bg.y + self.px(4)
            for t in ts:
                surf.blit(t, (bg.x + self.px(6), y))
                y += t.get_height()

    def _prompt_words(self, prompt: str) -> str:
        assert self.picker is not None
        opts = self.picker.options()
        if self.picker.complete() is not None and self.shown is not None:
            return f"Confirm: {describe(self.shown, self.picker.complete())}?"  # type: ignore[arg-type]
        if self.picker.clicked and self.shown is not None:
            words = [self.picker.option(p, i).label for i, p in enumerate(self.picker.picked)]
            where = " (highlighted on the map)" if any(o.target for o in opts) else ""
            return f"{prompt}: {' - '.join(words)} - now choose{where}"
        return prompt

    def _part_tip(self, o: Option) -> str:
        """Words for a button: a tile's cost and use, a kind's rule."""
        b = self.board
        if b is None:
            return ""
        if o.target and o.target[0] == "tile" and o.target[1] in b.tile_by_id:
            t = b.tile_by_id[o.target[1]]
            cost = ", ".join(x for x in (f"{t.gold} gold" if t.gold else "", f"{t.population} population"
                                         if t.population else "", f"{t.unrest} unrest" if t.unrest else "") if x)
            left = self.view.get("stock", {}).get(t.id, "?")
            return f"{t.name}: {cost or 'free'}; {t.timing.replace('_', ' ')}; {left} left in the stock"
        return TIPS.get(str(o.part[0]) if o.part else "", "")

    def _top_buttons(self) -> list[Button]:
        w = self.size[0]
        h = self.px(26)
        y = self.px(4)
        specs = [("Menu", ("menu",)), ("Fit map", ("fit",)), ("Tiles", ("market",)), ("Hint", ("hint",)),
                 ("Undo", ("undo",)), ("Skip", ("skip",))]
        out: list[Button] = []
        x = w - self.px(336)
        for label, key in reversed(specs):
            bw = self.px(66)
            x -= bw + self.px(6)
            b = Button(pygame.Rect(x, y, bw, h), label, key)
            if key == ("undo",):
                b.enabled = self.table.can_undo() and self.picker is not None
            if key == ("hint",):
                b.enabled = self.picker is not None and self.ready()
            if key == ("skip",):
                b.enabled = bool(self.queue) or self.hold > 0
            out.append(b)
        return out

    def _choice_buttons(self, area: pygame.Rect) -> list[Button]:
        assert self.picker is not None
        size = self.px(13)
        specs: list[tuple[str, object]] = []
        done = self.picker.complete()
        bid_range = self.picker.amount_range()
        if done is not None and self.picker.needs_confirm():
            specs.append(("Confirm", ("confirm",)))
        elif done is not None and self.shown is not None:  # the one thing left to do
            words = describe(self.shown, done)
            specs.append((words[:1].upper() + words[1:], ("confirm",)))
        else:
            for o in self.picker.options():
                if bid_range and (o.part == ("bid",) or len(o.part) == 1 and isinstance(o.part[0], int)):
                    continue
                if o.target is None or o.target[0] in ("tile", "counter", "unit"):
                    specs.append((o.label, ("part", o.part)))
        if bid_range:
            lo, hi = bid_range
            n = self.amount_value()
            verb = "Bid" if self.picker.bid_range() else "Offer"
            specs = [("-", ("bid-", 1)), (f"{self.amount.value}  ({lo}-{hi})", ("noop",)), ("+", ("bid+", 1)),
                     (f"{verb} {n} gold" if n is not None else f"{verb}...", ("bid",))] + specs
        if self.picker.clicked:
            specs.append(("Cancel", ("cancel",)))
        buttons = layout_buttons(specs, area, size, self.px(6))
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
                n = self.amount_value()
                b.enabled = n is not None and self.picker.amount_choice(n) is not None
        return buttons

    def _tip(self, surf: pygame.Surface) -> None:
        pos = self.mouse
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if b.tip:
                    tooltip(surf, b.tip, pos, self.px(12))
                return
        tip = ""
        if self._odds_tip is not None and self._odds_tip[0].collidepoint(pos):
            tooltip(surf, self._odds_tip[1], pos, self.px(12))
            return
        for h in reversed(self.hits):
            if h.rect.collidepoint(pos) and h.target[0] != "logline":
                tip = h.tip
                break
        if not tip and pygame.Rect(self.map_rect()).collidepoint(pos) and self.board is not None:
            bx, by = self.cam.to_board(*pos)
            area = self.layout.area_at(bx, by)
            if area:
                a = self.board.area_by_id[area]
                tip = a.name + (f": VP {'/'.join(map(str, a.vp))}, {a.spaces} spaces" if a.vp else " (home nation)")
                tip += ", fleets allowed" if a.sea and a.kind != "home" else ""
                now = war_end_scores(self.view).get(area)
                if now and any(now):
                    powers = self.view["powers"]
                    tip += ". If the war ended now: " + ", ".join(
                        f"{self.board.power_name(powers[i])} {p}" for i, p in enumerate(now) if p)
        if tip:
            tooltip(surf, tip, pos, self.px(12))


TIPS = {
    "attack": "Attack a neutral counter or another power's units (2 gold, paid before the dice; R-CMB-1)",
    "build": "Build an army, a fleet or a fort in your home nation for 1 population; it may move at once (R-ACT-B1)",
    "buy": "Buy a tile from the stock, at most once a round (R-ACT-A1)",
    "move": "Move up to 2 units (3 with Logistics); into or out of a colony needs a sea roll (R-ACT-C1)",
    "pass": "Do nothing with this action (R-ACT-F1)",
    "colonise": "Pay 1 population: your control marker replaces a Pop counter (R-ACT-E1)",
    "enslave": "With a fleet of yours in Africa: your control marker replaces a Slaves counter (R-ACT-E2)",
    "use": "Use a tile you hold, a free action (R-GEN-8)",
    "end": "End your turn",
    "done": "Stop moving",
}
