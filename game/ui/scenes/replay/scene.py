"""Watching a game file in the window (``soe replay FILE``).

The game screen (the scene "game", opened by name) shows the replay as it shows any
game, through a table: :class:`ReplayTable` hands it the game's steps as the replay's
controls say and has no seat of its own (seat -1: it sees what a spectator sees, and no
choice is ever offered). Over it, :class:`ReplayScene` draws the controls (play / pause,
a step either way, start, end, speed, a timeline with the marked points), the verdict of
the file's verification (at the foot of the side column, under the log, which the game
screen shortens for it: never over the map) and, when the replay reaches a marked point,
what happened there. Going back builds the game screen again from the game's start (the steps are kept,
so this only redraws); going forward plays the next step with its animation. The verdict
and the notes are :mod:`.verdict`'s."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.fairness import Fairness, fairness_of_file
from game.client.gamefile import GameFile, Mark
from game.client.words.lang import N_, say, say_in
from game.rules import State, pending
from game.ui.app import App, Intent
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.gamescreen import GameScreen, as_scene, as_screen
from game.ui.scenes.replay.table import ReplayTable
from game.ui.scenes.replay.verdict import MARK_STYLE, VerdictNotes
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.tooltip import tooltip

SPEED_NAMES = ("slow", "normal", "fast", "off")
GAME_SPEED = {"slow": "slow", "normal": "normal", "fast": "fast", "off": "instant"}  # the game screen's word
GAP = {"slow": 0.6, "normal": 0.15, "fast": 0.0, "off": 0.0}  # seconds between steps, after their animation

KEYS = N_("space plays or pauses; the arrows step one event back or forward; Home and End go to the start and the "
          "end; Page Up and Page Down to the previous or next marked point; + and - change the speed; v shows or "
          "hides the verdict; d shows every chance event and the dice's fairness; F1 the rules; Esc opens the menu")


def speed_word(speed: str) -> str:
    """A replay's speed in words: slow, normal, fast or off."""
    words = {"slow": say_in("speed", "slow"), "normal": say_in("speed", "normal"), "fast": say_in("speed", "fast"),
             "off": say_in("speed", "off")}
    return words.get(speed, speed)


class ReplayScene(VerdictNotes):
    """The replay's controls, verdict and notes over its game screen (see the module
    docstring). :meth:`start` puts both in a window."""

    opaque = False
    pointer_through = True  # the game screen below keeps its tooltips

    def __init__(self, game: GameFile, speed: str = "normal", at: int = 0, playing: bool = True,
                 from_list: bool = False) -> None:
        super().__init__()
        self.file = game
        self.from_list = from_list  # opened from the main menu's list of games: its menu goes back there
        self.speed = speed if speed in SPEED_NAMES else "normal"
        self.table = ReplayTable(game, at)
        self.playing = playing and self.table.pos < game.last
        self.index = {id(s.state): k for k, s in enumerate(game.steps)}
        self.marks_at: dict[int, list[Mark]] = {}
        for m in game.marks:
            self.marks_at.setdefault(m.step, []).append(m)
        self.scene: GameScreen  # made by start(), with the app
        self.wait = 0.0
        self.target: int | None = None
        self.dragging = False
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.show_verdict = game.verdict.status not in ("fair", "local")  # the reasons, open when they matter
        self.seen = -1
        self.note: list[Mark] = []
        self.note_time = 0.0
        self.verdict_rect = pygame.Rect(0, 0, 0, 0)
        self.mark_hits: list[tuple[pygame.Rect, str]] = []
        self.drawn: list[str] = []  # the words the last frame showed (verdict, notes, counter), for tests

    # ------------------------------------------------------------------ the game screen
    def start(self, app: App) -> None:
        """Show the replay in ``app``, at the step it was made for, over its game screen."""
        self.scene = self._game_scene(app, None)
        app.replace(as_scene(self.scene))
        app.push(self)
        self._catch_up()

    def _game_scene(self, app: App, old: GameScreen | None) -> GameScreen:
        g = as_screen(app.make_scene("game", table=self.table, speed="instant", on_end=self._ended))
        if old is not None:  # the same board, drawn the same way, made once
            g.board, g.renderer, g.layout = old.board, old.renderer, old.layout
            g.player_name, g.log_room, g.bar_room = old.player_name, old.log_room, old.bar_room
        return g

    def _catch_up(self) -> None:
        """Let the game screen take every step handed out, at once, then go on at the
        replay's speed."""
        g = self.scene
        g.speed = 0.0
        g.skip()
        g.update(0.0)
        if g.queue:  # (a frame takes what its time allows: the rest now, then the choice)
            g.skip()
            g.update(0.0)
        g.set_speed(GAME_SPEED[self.speed])
        self.wait = 0.0
        self._keep_room()
        self._dirty()

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self._keep_room()

    def _ended(self, game: GameScreen, result: dict[str, Any] | None) -> None:
        if game is self.scene and game.app is not None and result is not None:
            game.app.push_scene("replay_end", game=game, result=result, verdict=self.file.verdict,
                                fairness=self.fairness)

    def fairness(self) -> Fairness:
        """The game file's chance events and drops up to the step shown."""
        return fairness_of_file(self.file, self.shown())

    def open_fairness(self) -> None:
        """The fairness panel over the replay (which pauses)."""
        if self.app is not None:
            self.playing = False
            self.app.push_scene("fairness", source=self.fairness)

    def can_play_from(self) -> bool:
        """Whether a game can be played on from the step shown: a sound position, not over."""
        k = self.shown()
        return not pending(self.file.steps[k].state).is_over

    def play_from(self) -> None:
        """Ask which power to play from the step shown, and how strong the computer players
        are, then play on from there as a local game."""
        if self.app is not None and self.can_play_from():
            self.playing = False
            self.app.push_scene("whatif", game=self.file, step=self.shown())

    def _dirty(self) -> None:
        if self.app is not None:
            self.app.dirty = True

    def shown(self) -> int:
        """The step the game screen shows."""
        st: State | None = self.scene.shown
        return self.index.get(id(st), 0) if st is not None else 0

    # ------------------------------------------------------------------ moving
    def goto(self, k: int) -> None:
        """Show step ``k`` at once (no animation)."""
        k = max(0, min(self.file.last, k))
        if k < self.table.pos:
            self._rebuild(k)
        elif k > self.table.pos:
            self.table.forward(k - self.table.pos)
            self._catch_up()
        else:
            self.scene.skip()

    def step(self, d: int) -> None:
        """One event forward (played with its animation) or back."""
        self.playing = False
        if d > 0:
            self.scene.skip()
            self.table.forward(1)
            self._dirty()
        else:
            self.goto(self.table.pos - 1)

    def _rebuild(self, k: int) -> None:
        """The game screen again, from the start to step ``k`` (the map keeps its zoom)."""
        app = self.app
        if app is None:
            return
        old = self.scene
        self.table.rewind(k)
        new = self._game_scene(app, old)
        for s in [s for s in app.scenes if s.name in ("end", "replay_end")]:
            app.pop(s)  # no longer at the end
        app.swap(as_scene(old), as_scene(new))
        new.cam = old.cam
        new.show_market = old.show_market
        self.scene = new
        self._catch_up()

    def toggle(self) -> None:
        if self.playing:
            self.playing = False
        else:
            if self.table.pos >= self.file.last:
                self.goto(0)
            self.playing = True
            self.wait = 0.0
        self._dirty()

    def set_speed(self, d: int) -> None:
        i = max(0, min(len(SPEED_NAMES) - 1, SPEED_NAMES.index(self.speed) + d))
        self.speed = SPEED_NAMES[i]
        self.scene.set_speed(GAME_SPEED[self.speed])
        self._dirty()

    def jump_mark(self, d: int) -> None:
        """To the next (``d`` > 0) or previous marked point."""
        here = self.table.pos
        steps = sorted(self.marks_at)
        after = [k for k in steps if k > here] if d > 0 else [k for k in steps if k < here][::-1]
        if after:
            self.playing = False
            self.goto(after[0])

    def update(self, dt: float) -> None:
        if self.target is not None:
            k, self.target = self.target, None
            self.playing = False
            self.goto(k)
        shown = self.shown()
        if shown != self.seen:
            self.seen = shown
            marks = self.marks_at.get(shown, [])
            if marks:
                self.note = list(marks)
                self.note_time = 10.0
            self._dirty()
        if self.note_time > 0:
            self.note_time -= dt
            if self.note_time <= 0:
                self._dirty()
        if not self.playing:
            return
        if self.table.pos >= self.file.last:
            self.playing = False
            self._dirty()
        elif not self.scene.busy() and not self.table.pending():
            self.wait -= dt
            if self.wait <= 0:
                self.table.forward(1)
                self.wait = GAP[self.speed]

    def busy(self) -> bool:
        return self.playing or self.note_time > 0 or self.target is not None

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> bool:
        k = intent.kind
        if k == "move":
            self.mouse = intent.pos
            return False
        if k == "key":
            return self._key(intent)
        strip, slider = self.strip_rect(), self.slider_rect()
        if k == "press" and intent.button == 1:
            if slider.inflate(0, self.px(16)).collidepoint(intent.pos):
                self.dragging = True
                self.target = self._slider_step(intent.pos[0])
                return True
            return strip.collidepoint(intent.pos) or self.verdict_rect.collidepoint(intent.pos)
        if k == "drag" and self.dragging:
            self.target = self._slider_step(intent.pos[0])
            return True
        if k == "release" and self.dragging:
            self.dragging = False
            return True
        if k == "click" and intent.button == 1:
            for b in self.buttons:
                if b.enabled and b.rect.collidepoint(intent.pos):
                    self._button(b.key)
                    return True
            if any(b.key == ("menu",) and b.rect.collidepoint(intent.pos) for b in self.scene.buttons):
                self._menu()  # the replay's menu, not a game's (nothing is saved)
                return True
            if any(b.key == ("dice",) and b.rect.collidepoint(intent.pos) for b in self.scene.buttons):
                self.open_fairness()  # the file's chance events, with their beacons
                return True
            if self.verdict_rect.collidepoint(intent.pos):
                self.toggle_verdict()
                return True
            return strip.collidepoint(intent.pos)
        if k == "wheel" and strip.collidepoint(intent.pos):
            self.step(1 if intent.steps < 0 else -1)
            return True
        return False

    def _key(self, intent: Intent) -> bool:
        key = intent.key
        if key == pygame.K_SPACE:
            self.toggle()
        elif key == pygame.K_RIGHT:
            self.step(1)
        elif key == pygame.K_LEFT:
            self.step(-1)
        elif key == pygame.K_HOME:
            self.playing = False
            self.goto(0)
        elif key == pygame.K_END:
            self.playing = False
            self.goto(self.file.last)
        elif key == pygame.K_PAGEDOWN:
            self.jump_mark(1)
        elif key == pygame.K_PAGEUP:
            self.jump_mark(-1)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) or intent.text == "+":
            self.set_speed(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS) or intent.text == "-":
            self.set_speed(-1)
        elif key == pygame.K_v:
            self.toggle_verdict()
        elif key == pygame.K_d and not intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.open_fairness()
        elif key == pygame.K_ESCAPE:
            self._menu()
        else:
            return False  # the game screen's keys (f fits the map, ...)
        return True

    def _menu(self) -> None:
        if self.app is not None:
            self.playing = False
            self.app.push_scene("replay_pause", game=self.scene, from_list=self.from_list)

    def _button(self, key: object) -> None:
        if key == "start":
            self.playing = False
            self.goto(0)
        elif key == "back":
            self.step(-1)
        elif key == "play":
            self.toggle()
        elif key == "forward":
            self.step(1)
        elif key == "end":
            self.playing = False
            self.goto(self.file.last)
        elif key == "speed":
            i = SPEED_NAMES.index(self.speed)
            self.set_speed(1 if i < len(SPEED_NAMES) - 1 else -i)
        elif key == "whatif":
            self.play_from()

    # ------------------------------------------------------------------ geometry
    def strip_rect(self) -> pygame.Rect:
        """The controls: along the bottom of the prompt bar, which a replay never fills with
        choices, so the whole map stays in view above them."""
        bar = self.scene.bar_rect()
        return pygame.Rect(bar.x, bar.bottom - self.px(46), bar.width, self.px(46))

    def _widths(self) -> tuple[int, int]:
        """The speed button's width (its widest word: it does not move as the speed changes)
        and Play from here's, in the language in use."""
        def need(label: str) -> int:
            return text(label, "sans-bold", self.px(13), P.TEXT).get_width() + self.px(14)

        speed = max(need(say("Speed: {speed}", speed=speed_word(x))) for x in SPEED_NAMES)
        return max(self.px(124), speed), max(self.px(124), need(say("Play from here")))

    def slider_rect(self) -> pygame.Rect:
        s = self.strip_rect()
        speed, whatif = self._widths()
        left = s.x + self.px(8) + 5 * self.px(50) + speed + whatif + self.px(12) + self.px(14)
        right = s.right - self.px(150)
        return pygame.Rect(left, s.centery - self.px(3), max(self.px(40), right - left), self.px(6))

    def _slider_step(self, x: int) -> int:
        r = self.slider_rect()
        return round(max(0.0, min(1.0, (x - r.x) / max(1, r.width))) * self.file.last)

    def _slider_x(self, k: int) -> int:
        r = self.slider_rect()
        return r.x + round(r.width * k / max(1, self.file.last))

    # ------------------------------------------------------------------ drawing
    def status_words(self) -> str:
        """The counter under the controls: where the replay is and what it does."""
        k = self.shown()
        st = self.file.steps[k].state
        where = say("war {war}, round {round}", war=st.war, round=st.round) if st.round else say("war {war}", war=st.war)
        state = say("playing") if self.playing else (say("at the end") if k >= self.file.last else say("paused"))
        return say("Step {k} of {last} ({where}); {state}, speed {speed}", k=k, last=self.file.last, where=where,
                   state=state, speed=speed_word(self.speed))

    def draw(self, surf: pygame.Surface) -> None:
        if self.scene.shown is None:
            return
        self.mark_hits = []
        self.drawn = []
        self._verdict_box(surf)
        self._strip(surf)
        self._note(surf)
        pos = self.mouse
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.tip:
                tooltip(surf, b.tip, pos, self.px(12))
                return
        for r, tip in self.mark_hits:
            if r.collidepoint(pos):
                tooltip(surf, tip, pos, self.px(12))
                return

    def _strip(self, surf: pygame.Surface) -> None:
        s = self.strip_rect()
        shade = pygame.Surface(s.size, pygame.SRCALPHA)
        shade.fill((24, 20, 16, 225))
        surf.blit(shade, s.topleft)
        pygame.draw.line(surf, P.PANEL_EDGE, s.topleft, s.topright)
        k = self.shown()
        last = self.file.last
        specs: list[tuple[str, str, str, bool]] = [
            ("|\u25c0", "start", say("To the start (Home)"), k > 0),
            ("\u25c0", "back", say("One event back (left arrow)"), k > 0),
            ("\u275a\u275a" if self.playing else "\u25b6", "play",
             say("Pause (space)") if self.playing else say("Play (space)"), True),
            ("\u25b6", "forward", say("One event forward (right arrow)"), self.table.pos < last),
            ("\u25b6|", "end", say("To the end (End)"), self.table.pos < last),
        ]
        self.buttons = []
        x, y, bh = s.x + self.px(8), s.y + self.px(8), s.height - self.px(16)
        for label, key, tip, enabled in specs:
            b = Button(pygame.Rect(x, y, self.px(44), bh), label, key, enabled=enabled, tip=tip)
            b.primary = key == "play"
            self.buttons.append(b)
            x += self.px(50)
        speed, whatif = self._widths()
        self.buttons.append(Button(pygame.Rect(x, y, speed, bh), say("Speed: {speed}", speed=speed_word(self.speed)),
                                   "speed", tip=say("Slow, normal, fast or off (no animation): + and - keys")))
        x += speed + self.px(6)
        able = self.can_play_from()
        self.buttons.append(Button(pygame.Rect(x, y, whatif, bh), say("Play from here"), "whatif", enabled=able,
                                   tip=say("Play on from this position against computer players, as a local game "
                                           "(it is saved like any other)") if able
                                   else say("The game is over at this step")))
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(13))
        r = self.slider_rect()
        pygame.draw.rect(surf, (70, 62, 52), r, border_radius=3)
        done = r.copy()
        done.width = self._slider_x(k) - r.x
        pygame.draw.rect(surf, P.HIGHLIGHT, done, border_radius=3)
        for m in self.file.marks:
            self._mark(surf, m, r)
        kx = self._slider_x(k)
        pygame.draw.circle(surf, (20, 16, 12), (kx, r.centery), self.px(9))
        pygame.draw.circle(surf, P.HIGHLIGHT, (kx, r.centery), self.px(7))
        words = self.status_words()
        t = text(words, "cond", self.px(12), P.TEXT)
        room = s.right - r.right - self.px(16)
        shown = words if t.get_width() <= room else say("Step {k} of {last}", k=k, last=last)  # (the top bar: the war)
        if shown != words:
            t = text(shown, "cond-bold", self.px(13), P.TEXT)
        surf.blit(t, (r.right + self.px(12), s.centery - t.get_height() // 2))
        self.drawn.append(shown)
        legend = self.legend()
        keys = (say("{status}. {keys}. Marks: {legend}", status=words, keys=say(KEYS), legend=legend) if legend
                else say("{status}. {keys}", status=words, keys=say(KEYS)))
        self.mark_hits.append((r.inflate(0, self.px(16)), keys))

    def legend(self) -> str:
        """What the marks on this timeline mean, one phrase per kind there is."""
        out: list[str] = []
        for m in self.file.marks:
            words = say(MARK_STYLE.get(m.kind, MARK_STYLE["failure"])[2])
            if words not in out:
                out.append(words)
        return "; ".join(out)

    def _mark(self, surf: pygame.Surface, m: Mark, r: pygame.Rect) -> None:
        """One marked point on the timeline ``r`` (see :data:`MARK_STYLE`), and where its
        tooltip shows."""
        col, shape, _ = MARK_STYLE.get(m.kind, MARK_STYLE["failure"])
        mx = self._slider_x(m.step)
        tip = say("Step {k}: {what}", k=m.step, what=m.text)
        if shape == "band":  # under the bar to the stretch's end (the bar still shows how far the replay is)
            end = self._slider_x(max(m.step, m.until))
            band = pygame.Rect(mx, r.bottom + self.px(3), max(2, end - mx), self.px(5))
            pygame.draw.rect(surf, col, band)
            for x in range(band.x + self.px(4), band.right, self.px(7)):  # hatched, unlike any other mark
                pygame.draw.line(surf, (24, 20, 16), (x, band.bottom - 1), (x + self.px(3), band.y), 1)
            peak = [(mx, r.bottom + self.px(2)), (mx - self.px(6), r.bottom + self.px(13)),
                    (mx + self.px(6), r.bottom + self.px(13))]
            pygame.draw.polygon(surf, col, peak)
            pygame.draw.line(surf, col, (mx, r.y - self.px(3)), (mx, r.bottom + self.px(3)), 2)
            self.mark_hits.append((pygame.Rect(mx - self.px(7), r.y - self.px(3), self.px(14), self.px(17)), tip))
            self.mark_hits.append((band.inflate(0, self.px(2)), tip))
            return
        if shape == "diamond":
            cy = r.y - self.px(8)
            pts = [(mx, cy - self.px(6)), (mx + self.px(6), cy), (mx, cy + self.px(6)), (mx - self.px(6), cy)]
        else:
            pts = [(mx, r.y - self.px(2)), (mx - self.px(6), r.y - self.px(12)), (mx + self.px(6), r.y - self.px(12))]
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.line(surf, col, (mx, r.y - self.px(2)), (mx, r.bottom + self.px(3)), 2)
        self.mark_hits.append((pygame.Rect(mx - self.px(7), r.y - self.px(14), self.px(14), self.px(22)), tip))
