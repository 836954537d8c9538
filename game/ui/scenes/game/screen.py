"""The game screen's state and geometry: what it was given (the table, its seat, the pace
of its animations) and holds (the shown state and its view, the log, the picker, the
amount field, the steps waiting, the animations under way), and where its map, side
panel and prompt bar are at the window's size. The layers above it (steps, choices,
bars, tooltips, the scene) each add one concern."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import pygame

from game.client.fairness import ChanceLog, Fairness
from game.client.logbook import LogLine
from game.client.markers import MarkerSpaces
from game.client.odds import AttackOdds
from game.client.tables import Step, Table
from game.client.words.battle import Tracker
from game.client.words.lang import language
from game.rules import Choice, State, view
from game.rules.board import Board
from game.ui.app import ScaledScene
from game.ui.drawing.camera import Camera
from game.ui.drawing.hits import Hit
from game.ui.drawing.layout import load_layout
from game.ui.drawing.mapview import MapRenderer
from game.ui.widgets.buttons import Button
from game.ui.widgets.picker import Picker
from game.ui.widgets.textentry import TextField, digits

SPEEDS = {"slow": 1.8, "normal": 1.0, "fast": 0.4, "instant": 0.0}  # how long animations take, by word


SAID_S = 5.0  # how long a message said on the map stays (a refusal, an error)

class ScreenState(ScaledScene):
    """The game screen's state (see the module docstring). ``on_end(scene, result)`` is
    called once when the game is over (the caller puts the end screen up);
    ``player_name`` is what the player's own panel calls them ("": "you", in the language in use)."""

    def __init__(self, table: Table, speed: str = "normal", title: str = "", *, on_end: Any = None,
                 player_name: str = "") -> None:
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
        self.chances = ChanceLog()  # the chance events shown so far (the fairness panel's, unless the table has its own)
        self.log_scroll = 0  # lines scrolled up from the newest
        self.log_held: list[str] = []  # a battle's lines, until its card has shown the dice
        self.log_power = ""  # the power the log is filtered to ("" all)
        self.located: set[str] = set()  # the areas of the log line clicked, marked on the map
        self.drawn_prompt = ""  # the prompt's words drawn last
        self.banner: list[str] = []
        self.banner_said: tuple[list[dict[str, Any]], str] = ([], "")  # the banner's events, the language said in
        self.banner_time = 0.0
        self.message = ""
        self.message_time = 0.0
        self._message_said: tuple[Callable[[], str] | None, str] = (None, "")  # what says it again, its language
        self.picker: Picker | None = None
        self.amount = TextField("", max_len=4, accept=digits, what="digits")  # a bid's or an offer's gold
        self._amount_at: tuple[pygame.Rect, int] | None = None  # the amount field on screen, where its text starts
        self.hits: list[Hit] = []
        self.buttons: list[Button] = []
        self.button_page: tuple[object, int] = (None, 0)  # (the choice and part shown, its page of buttons)
        self.mouse = (0, 0)
        self.t = 0.0
        self.show_market = False
        self.log_room = 0  # pixels at the foot of the log's space kept free (the replay's verdict is drawn there)
        self.bar_room = 0  # pixels at the foot of the prompt bar kept free (the replay's controls are drawn there)
        self.focus: set[str] = set()
        self.hint = ""
        self._hint_said: tuple[Callable[[], str] | None, str] = (None, "")  # what says it again, its language
        self.hint_choice: Choice | None = None
        self.awaiting = False
        self._odds: dict[Choice | None, AttackOdds] = {}  # None: the attack under way
        self.drawn_plan: tuple[str, str] | None = None  # the move being chosen, as its arrow was last drawn
        self._odds_tip: tuple[pygame.Rect, str] | None = None  # the attack's odds on screen, and what they assume
        self.rule_links: list[tuple[pygame.Rect, str]] = []  # rule ids drawn as links in the bars, and where
        self.version = 0  # the shown state's number: cached layers are drawn again when it changes
        self.tile_lines: dict[str, str] = {}  # a log line -> the tile it names (for its tooltip)
        self.markers: MarkerSpaces | None = None  # the control markers' spaces, followed step by step
        self._layers: dict[str, tuple[object, pygame.Surface, list[Hit]]] = {}
        # the version the board and panels show (see GameScene.draw: while many steps are
        # still queued, they are drawn again at most every CATCH_UP_REDRAW_S)
        self._drawn: tuple[int, float, int] = (-1, 0.0, -1)  # version, when, the state's steps
        self._redraws = 0  # layers this frame may still draw again
        self._stale = False  # the last frame drew a layer again, or left one for the next
        self.card: tuple[str, list[dict[str, Any]]] | None = None
        self.card_time = 0.0
        self.card_step: Step | None = None
        self.card_line: LogLine | None = None  # the battle's line in the log, when the card shows a battle
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

    def stale(self) -> bool:
        """Whether the last frame drew a layer again or left one for the next: the next
        frame then takes one step only (see :meth:`StepPlayer.update`), so as to stay short."""
        return self._stale

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

    def log_space(self) -> pygame.Rect:
        """Where the log may go: the side column under the players' panels."""
        side = self.side_rect()
        top = side.y + self.px(8) + self.px(58) * self.shown.n if self.shown else side.y
        return pygame.Rect(side.x + self.px(6), top + self.px(6), side.width - self.px(12), side.bottom - top - self.px(12))

    def _log_rect(self) -> pygame.Rect:
        """The log: its space, less the foot kept for a scene over this one (``log_room``)."""
        r = self.log_space()
        r.height = max(self.px(40), r.height - self.log_room)
        return r

    def fairness(self) -> Fairness:
        """What the fairness panel shows of this game, as far as this screen has shown it:
        the table's own model when it has one (``table.fairness()``: a local game's, from
        its save; a network game's, from its referee), else the chance events this screen
        has seen."""
        own = getattr(self.table, "fairness", None)
        if callable(own):
            try:
                got = own()
            except (OSError, ValueError):
                got = None
            if isinstance(got, Fairness):
                return got.upto(self.shown.steps) if self.shown is not None else got
        return self.chances.fairness()

    def tell(self, msg: str | Callable[[], str]) -> None:
        """Say ``msg`` over the map for a while; given as what makes it (``lambda: say(...)``),
        it is said again if the language changes meanwhile."""
        make = msg if callable(msg) else None
        self.message = msg() if callable(msg) else msg
        self._message_said = (make, language())
        self.message_time = SAID_S

    def set_hint(self, make: Callable[[], str]) -> None:
        """The hint over the map: what ``make`` says, said again if the language changes."""
        self.hint = make()
        self._hint_said = (make, language())

    def hint_now(self) -> str:
        """The hint in the language in use ("" when none is shown)."""
        make, lang = self._hint_said
        if self.hint and make is not None and lang != language():
            self.hint = make()
            self._hint_said = (make, language())
        return self.hint

    def message_now(self) -> str:
        """The message over the map in the language in use ("" when none is shown)."""
        if self.message_time <= 0:
            return ""
        make, lang = self._message_said
        if make is not None and lang != language():
            self.message = make()
            self._message_said = (make, language())
        return self.message
