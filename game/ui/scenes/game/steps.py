"""The game screen's steps: the table's steps queued and shown one at a time at the
player's pace, each animated (units travelling on arrows, a battle's or a scoring's card
over the map, a banner of what others did, a hold so a computer player's move can be
followed, a sound), and, once all is shown, a picker over the seat's legal choices when
the game waits for it; Skip (or space) shows everything at once."""

from __future__ import annotations

import copy
import time
from typing import Any

import pygame

from game.client.logbook import LogLine, Source, log_lines, now
from game.client.markers import MarkerSpaces
from game.client.odds import count_ahead
from game.client.tables import Step
from game.client.words.battle import Tracker
from game.client.words.events import event_sentence
from game.client.words.lang import language, say
from game.client.words.names import Names
from game.rules import Choice, State, legal, outcome, pending
from game.rules.board import load_board
from game.ui.drawing import palette as P
from game.ui.drawing.arrows import draw_arrow
from game.ui.drawing.assets import text
from game.ui.drawing.hits import Hit
from game.ui.drawing.mapview import MapRenderer
from game.ui.scenes.game.screen import ScreenState
from game.ui.widgets.picker import Picker

# how long one frame may spend taking news shown at once (a network game caught up, the
# instant speed): the rest wait for the next frames, so that the window keeps drawing (and
# taking clicks) at its frame rate however many come at once; history (a replay's jump, a
# resumed game's past) is taken at once, as the jump asked for
TAKE_BUDGET_S = 0.006


class StepPlayer(ScreenState):
    """The step queue and its animation (see the module docstring)."""

    def ready(self) -> bool:
        """Whether the player may decide now (everything reported has been shown)."""
        return (self.shown is not None and not self.queue and self.hold <= 0 and self.picker is not None)

    def busy(self) -> bool:
        return bool(self.queue) or self.hold > 0 or self.card_time > 0 or self.move_time > 0

    def _take(self, step: Step) -> None:
        """Show ``step``: animated, unless it is the history of a game taken up again
        (shown at once, as news no longer)."""
        self.version += 1
        before = self.shown.units if self.shown is not None else None
        self.chances.observe(self.shown, step.state, step.events)
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
        if self.markers is None:
            self.markers = MarkerSpaces(self.board)
        self.markers.feed(step.state, step.events)  # each control marker on its named space
        if self.renderer is not None:
            self.renderer.marker_spaces = self.markers
        for e in step.events:
            if e.get("kind") == "error":  # the table stopped: say so in the window
                self.tell(str(e.get("text", "")))
                self.message_time = 3600.0
        self.events.extend(step.events)
        for e in step.events:  # a log line naming a tile: its tooltip says what the tile does
            tid = e.get("tile")
            if isinstance(tid, str) and tid in self.board.tile_by_id and e.get("text"):
                for x in event_sentence(e, self.board).split("\n"):
                    self.tile_lines[x.strip()] = tid
        texts = [event_sentence(e, self.board) for e in step.events if e.get("text")]
        said = self._log_of(step, before)
        self.detail = {}
        battle = next((x for x in said if x.kind == "battle"), None)
        if battle is not None and battle.rows:
            self.detail["battle"] = list(battle.rows)
        self._release_log()
        mine = self.seat >= 0 and step.actor == self.seat  # (a spectator's seat, -1, is no chance step's)
        quiet = mine or step.history  # nothing to follow: no banner, no wait
        if not quiet and texts:
            self.banner = texts[-4:]
            self.banner_said = ([e for e in step.events if e.get("text")][-4:], language())
            self.banner_time = 2.5
        self.moves = [(str(e["src"]), str(e["dst"]), str(e.get("power", "")), e.get("kind") == "sea_lost",
                       str(e.get("unit", "unit")))
                      for e in step.events if e.get("kind") in ("move", "sea_arrive", "sea_lost", "sea_back")
                      and e.get("src") in self.layout.areas and e.get("dst") in self.layout.areas
                      and not step.history]
        dice = any(e.get("kind") in ("dice", "battle") for e in step.events)
        if self.speed > 0 and not step.history:
            self.show_card(step, battle)
        if self.card is not None and self.card_step is step and self.card[0] == "battle":
            self.log_held = [*said]  # the result is read in the log once the card has shown the dice
        else:
            self.log.extend(said)
            if dice:
                self.sound("dice")
            elif any(e.get("kind") in ("move", "sea_arrive", "build", "place") for e in step.events):
                self.sound("move")
        if quiet or not texts:
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
        if not step.history:
            self._count_odds_ahead(step.state)

    def _count_odds_ahead(self, st: State) -> None:
        """As a decision with attacks reaches the screen (while the moves before it are still
        shown), the odds of every attack it offers start to be counted off the drawing
        thread, to be on the bar as soon as one is picked (``odds_for``); so do those of the
        attack under way when the player is asked to help or to offer gold."""
        p = pending(st)
        if p.is_over or p.chance is not None or p.seat != self.seat or self.seat < 0 or self.board is None:
            return
        attacks: list[Choice | None]
        if p.kind in ("offer", "help"):
            attacks = [None]
        elif p.kind == "attack":
            attacks = [c for c in legal(st, self.seat) if c.kind == "attack" and len(c.args) == 3]
        else:
            return
        names = Names(self.board)

        def changed() -> None:
            if self.app is not None:
                self.app.dirty = True

        count_ahead(st, self.seat, attacks, lambda s: names.power(st.powers[s]), changed, lambda: self.shown is not st)

    def _log_of(self, step: Step, before: Any) -> list[LogLine]:
        """The log lines of ``step`` (a battle with how each total was reached), each able to
        be said again in another language: what the tracker knew before the step is kept
        with them, to tell the step again."""
        assert self.board is not None
        board, kept = self.board, _copy(self.tracker)

        def tell(tracker: Tracker) -> list[LogLine]:
            try:
                lines = tracker.feed(step.state, step.events, before)
            except (KeyError, ValueError, IndexError, TypeError):
                return log_lines(step.events, [event_sentence(e, board) for e in step.events if e.get("text")], board)
            return log_lines(step.events, lines, board, tracker.blocks)

        source = Source(lambda: tell(_copy(kept)))
        made = tell(self.tracker)
        for line in made:
            line.source = source
        return made

    def banner_lines(self) -> list[str]:
        """What just happened, under the prompt, in the language in use."""
        events, lang = self.banner_said
        if lang != language() and self.board is not None:
            self.banner = [event_sentence(e, self.board) for e in events]
            self.banner_said = (events, language())
        return self.banner

    def card_rows(self) -> list[str]:
        """How each side's total of the battle on the card was reached, in the language in use."""
        if self.card_line is not None:
            return list(getattr(now(self.card_line), "rows", ())) or self.card_detail
        return self.card_detail

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

    def my_turn_shown(self) -> bool:
        """Whether the position shown waits for this seat's decision (whether or not the
        moves before it are still being shown), and the table may take it: a network table
        still catching up with the others offers none (what they hold may yet come)."""
        if self.shown is None or self.table.catching_up():
            return False
        p = pending(self.shown)
        return not p.is_over and p.chance is None and p.seat == self.seat and self.seat >= 0

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
        if p.chance is not None or p.seat != self.seat or self.table.catching_up():
            return  # (a network table catching up: the others may hold moves past this position)
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
        until = time.perf_counter() + TAKE_BUDGET_S
        if self.queue and not self.queue[0].history and self.stale():
            until = 0.0  # the last frame drew a layer again: one step only, the frame stays short
        while self.queue and (self.hold <= 0 or self.queue[0].history):
            step = self.queue.popleft()
            self._take(step)
            if self.speed == 0 or step.history:
                self.hold = 0
            if not step.history and time.perf_counter() > until:
                break  # the rest on the next frames (busy: the queue is not empty)
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
        if self.log_held and (self.card is None or self.card_total - self.card_time >= self.rolling_s()):
            self._release_log()
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

    def show_card(self, step: Step, battle: LogLine | None = None) -> None:
        """A battle or a war's scoring in this step (``battle``: its log line): shown as a card
        over the map."""
        kinds = {e.get("kind") for e in step.events}
        if "battle" in kinds:
            attack = [] if "attack" in kinds else [e for e in self.events[-60:] if e.get("kind") == "attack"][-1:]
            self.card = ("battle", attack + step.events)
        elif "scored" in kinds:
            self.card = ("scoring", step.events)
        else:
            return
        self.card_step = step
        self.card_line = battle if self.card[0] == "battle" else None
        self.card_detail = list(self.detail.get("battle", []))
        # as long as it takes to read: a moment more for every line it holds (a click closes it)
        lines = len(self.card_detail) + sum(1 for e in self.card[1] if e.get("text"))
        self.card_time = self.card_total = max(2.2, 1.0 + 0.5 * lines) * max(self.speed, 0.5)
        self.banner_time = 0

    def rolling_s(self) -> float:
        """How long a battle card's dice roll before they show their faces."""
        return 0.6 * self.speed

    def _release_log(self) -> None:
        """The lines held while a battle card rolled its dice go into the log."""
        if self.log_held:
            self.log.extend(self.log_held)
            self.log_held = []
            if self.app is not None:
                self.app.dirty = True

    def skip(self) -> None:
        """Show at once every step reported so far: no animation, no card, no wait."""
        self._release_log()
        while self.queue:
            self._take(self.queue.popleft())
        self.card_time = 0
        self.card = None
        self._release_log()
        self.move_time = 0
        self.hold = 0
        self.banner_time = 0
        if self.app is not None:
            self.app.dirty = True

    def _draw_plan(self, surf: pygame.Surface, m: pygame.Rect) -> tuple[str, str] | None:
        """The move the player is choosing, as an arrow in its colour from the unit's area
        to the destination under the mouse or picked (what it drew, if anything)."""
        self.drawn_plan = None
        hovered = ""
        if m.collidepoint(self.mouse):
            hovered = self.layout.area_at(*self.cam.to_board(*self.mouse)) or ""
        plan = planned_move(self.picker if self.ready() else None, hovered)
        if plan is None or self.shown is None:
            return None
        a, b = self.layout.areas[plan[0]].units, self.layout.areas[plan[1]].units
        clip = surf.get_clip()
        surf.set_clip(m)
        draw_arrow(surf, self.cam.to_screen(a[0] + a[2] / 2, a[1] + a[3] / 2),
                   self.cam.to_screen(b[0] + b[2] / 2, b[1] + b[3] / 2), P.power(self.shown.powers[self.seat]),
                   self.px(4), self.px(14))
        surf.set_clip(clip)
        self.drawn_plan = plan
        return plan

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
            draw_arrow(surf, (x0, y0), (x1, y1), col, self.px(5), self.px(16))
            dx, dy = x1 - x0, y1 - y0
            px_, py_ = round(x0 + dx * min(done, 1.0)), round(y0 + dy * min(done, 1.0))
            pygame.draw.circle(surf, (20, 16, 12), (px_, py_), self.px(11))
            pygame.draw.circle(surf, col if not lost else (90, 90, 90), (px_, py_), self.px(9))
            t = text(P.letters(pid), "cond-bold", self.px(10), P.ink(pid))
            surf.blit(t, t.get_rect(center=(px_, py_)))
            if self.board is not None and pid in self.board.power_by_id:
                tip = _moving_tip(Names(self.board), pid, unit, src, dst, lost)
                r = pygame.Rect(0, 0, 2 * self.px(11), 2 * self.px(11))
                r.center = (px_, py_)
                hits.append(Hit(r, ("moving", pid, src, dst), tip))
        surf.set_clip(clip)
        return hits


def planned_move(picker: Picker | None, hovered: str) -> tuple[str, str] | None:
    """The move a player is choosing, as (from, to): the move picked and waiting for
    Confirm, or from the unit picked to a destination offered under the mouse (``hovered``:
    the area there, "" for none); None when no move is being chosen."""
    if picker is None or not picker.picked or picker.picked[0] != ("move",) or len(picker.picked) < 2:
        return None
    done = picker.complete()
    if done is not None and done.kind == "move" and len(done.args) == 3:
        return str(done.args[0]), str(done.args[2])
    src = str(picker.picked[1][0])
    offered = {o.target[1] for o in picker.options() if o.target is not None and o.target[0] == "area"}
    if hovered and hovered in offered and hovered != src and len(picker.picked) >= 3:  # the unit is picked too
        return src, hovered
    return None


def _moving_tip(nm: Names, pid: str, unit: str, src: str, dst: str, lost: bool) -> str:
    """The tooltip of a unit on its way: whose, what, from where to where."""
    fields = {"power": nm.power(pid), "src": nm.area(src), "dst": nm.area(dst)}
    if unit == "fleet":
        return (say("{power}'s fleet, lost at sea from {src} to {dst}", **fields) if lost
                else say("{power}'s fleet on its way from {src} to {dst}", **fields))
    if unit == "army":
        return (say("{power}'s army, lost at sea from {src} to {dst}", **fields) if lost
                else say("{power}'s army on its way from {src} to {dst}", **fields))
    return (say("{power}'s unit, lost at sea from {src} to {dst}", **fields) if lost
            else say("{power}'s unit on its way from {src} to {dst}", **fields))


def _copy(tracker: Tracker) -> Tracker:
    """A copy of ``tracker`` that the original's next steps leave as it is (its lists and
    dicts its own)."""
    twin = copy.copy(tracker)
    for k, v in vars(tracker).items():
        if isinstance(v, list | dict):
            setattr(twin, k, copy.copy(v))
    return twin
