"""The window and its one main loop: the input gateway turns pygame events into
intents, the top scene of the stack takes them (a scene that does not consume one passes
it down), every scene updates, and the stack is drawn bottom to top. The loop caps the
frame rate and, when nothing moves, waits for the next event, so an idle window costs no
CPU.

Also the scene base (:class:`Scene`, and :class:`ScaledScene`, drawn at the window's
scale) and the stack's operations: scenes are opened by name (``push_scene``,
``replace_scene``; the names are :mod:`game.ui.navigation`'s) and leave with ``pop``."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.client import trace
from game.client.words.lang import say

FPS = 60
TITLE = "Struggle of Empires"  # the window's title
# an undrawn frame (nothing to show) is traced when it took this long all the same
TRACE_UNDRAWN_NS = 2_000_000
# the event another thread posts (wake_loop) to end the loop's idle wait
WAKE = pygame.event.custom_type()


def wake_loop() -> None:
    """From any thread: end the window loop's idle wait, so that news a worker or the
    network brought is drawn now rather than at the wait's timeout."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:  # no window (any more): nothing to wake
        pass


@dataclass(frozen=True)
class Intent:
    """What the player did, in the client's words."""

    kind: str  # click, press, release, move, drag, wheel, key, text, quit, resize
    pos: tuple[int, int] = (0, 0)
    button: int = 0
    key: int = 0
    text: str = ""
    rel: tuple[int, int] = (0, 0)
    steps: int = 0
    mod: int = 0  # the modifier keys held with a key (pygame.KMOD_*)


class Scene:
    """A screen or an overlay. ``opaque`` scenes hide those below them."""

    opaque = True
    pointer_through = False  # an overlay that hands the mouse's moves to the scenes below it
    name = ""  # its name in game.ui.navigation (set when it is opened by name)

    def __init__(self) -> None:
        self.app: App | None = None

    def handle(self, intent: Intent) -> bool:  # True: consumed
        return False

    def update(self, dt: float) -> None:
        pass

    def pointed(self) -> bool:
        """Whether the mouse's moves reach this scene (no overlay above it takes them): a
        tooltip is drawn only then, never through an overlay."""
        if self.app is None or self not in self.app.scenes:
            return True
        above = self.app.scenes[self.app.scenes.index(self) + 1:]
        return all(s.pointer_through for s in above)

    def draw(self, surf: pygame.Surface) -> None:
        pass

    def busy(self) -> bool:
        """Whether something moves (an animation, a thinking bot), so frames are needed."""
        return False

    def resized(self, size: tuple[int, int]) -> None:
        pass


def scale_of(size: tuple[int, int]) -> float:
    return max(0.75, min(size[0] / 1280, size[1] / 720))


class ScaledScene(Scene):
    """A scene drawn at the window's scale: ``px(v)`` turns a length designed for 1280x720
    into pixels of the current size."""

    def __init__(self) -> None:
        super().__init__()
        self.size = (1280, 720)
        self.s = 1.0

    def resized(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = scale_of(size)

    def px(self, v: float) -> int:
        return max(1, round(v * self.s))


def gateway(ev: pygame.event.Event, state: dict[str, object]) -> list[Intent]:
    """Pygame events to intents: a press and release without a drag between is a click."""
    t = ev.type
    if t == pygame.QUIT or t == pygame.WINDOWCLOSE:
        return [Intent("quit")]
    if t == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
        state["down"] = ev.pos
        state["dragged"] = False
        return [Intent("press", ev.pos, ev.button)]
    if t == pygame.MOUSEBUTTONUP and ev.button in (1, 3):
        down = state.pop("down", None)
        out = [Intent("release", ev.pos, ev.button)]
        if down is not None and not state.get("dragged"):
            out.append(Intent("click", ev.pos, ev.button))
        return out
    if t == pygame.MOUSEMOTION:
        state["pos"] = ev.pos  # where the wheel turns (the pointer's last reported place)
        down = state.get("down")
        if down is not None and isinstance(down, tuple):
            if state.get("dragged") or abs(ev.pos[0] - down[0]) + abs(ev.pos[1] - down[1]) > 6:
                state["dragged"] = True
                return [Intent("drag", ev.pos, rel=ev.rel)]
        return [Intent("move", ev.pos)]
    if t == pygame.MOUSEWHEEL:
        pos = state.get("pos")
        return [Intent("wheel", pos if isinstance(pos, tuple) else pygame.mouse.get_pos(), steps=int(ev.y))]
    if t == pygame.KEYDOWN:
        return [Intent("key", key=ev.key, text=ev.unicode or "", mod=int(getattr(ev, "mod", 0)))]
    if t in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
        return [Intent("resize")]
    return []


class App:
    """The window, the scene stack and the loop."""

    def __init__(self, size: tuple[int, int], title: str = TITLE, *, hidden: bool = False) -> None:
        pygame.display.init()
        pygame.font.init()
        self.window = pygame.Window(title, size, resizable=True, hidden=hidden)
        self.window.minimum_size = (960, 540)
        self.surface = self.window.get_surface()
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.result = 0
        self.frames = 0
        self._gate: dict[str, object] = {}
        self._waited: list[pygame.event.Event] = []
        self.before_frame: list[Callable[[App], None]] = []
        self.fast = False  # no frame cap (automatic play)
        self.settings: Any = None
        self.last_shot = ""
        self.dirty = True  # something changed that the screen does not show yet

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def push(self, scene: Scene) -> None:
        scene.app = self
        self.scenes.append(scene)
        scene.resized(self.size)
        self.dirty = True

    def pop(self, scene: Scene | None = None) -> None:
        self.dirty = True
        if scene is None:
            self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)

    def replace(self, scene: Scene) -> None:
        self.scenes.clear()
        self.push(scene)

    def swap(self, old: Scene, new: Scene) -> None:
        """``new`` in ``old``'s place on the stack (nothing changes if ``old`` is not there)."""
        if old in self.scenes:
            new.app = self
            self.scenes[self.scenes.index(old)] = new
            new.resized(self.size)
            self.dirty = True

    def make_scene(self, name: str, **kw: Any) -> Scene:
        """A new scene by its name (see :mod:`game.ui.navigation`), not on the stack yet."""
        from game.ui.navigation import make

        return make(name, **kw)

    def push_scene(self, name: str, **kw: Any) -> Scene:
        """Open the scene called ``name`` over the others."""
        scene = self.make_scene(name, **kw)
        self.push(scene)
        return scene

    def replace_scene(self, name: str, **kw: Any) -> Scene:
        """Open the scene called ``name`` in place of the whole stack."""
        scene = self.make_scene(name, **kw)
        self.replace(scene)
        return scene

    def quit(self, code: int = 0) -> None:
        self.result = code
        self.running = False

    def dispatch(self, intent: Intent) -> None:
        if intent.kind == "quit":
            self.quit(0)
            return
        if intent.kind == "key" and intent.key == pygame.K_F12:
            self.last_shot = self.screenshot()
            return
        if intent.kind == "resize":
            self.surface = self.window.get_surface()
            for s in self.scenes:
                s.resized(self.size)
            return
        for scene in reversed(list(self.scenes)):
            if scene.handle(intent):
                return
            if scene.opaque:
                return

    def screenshot(self) -> str:
        """Save the window as a PNG in the data directory (F12); its path, or why not."""
        from game.client.folders import screenshots_dir

        d = screenshots_dir()
        try:
            d.mkdir(parents=True, exist_ok=True)
            path = d / f"screen-{time.strftime('%Y%m%d-%H%M%S')}-{self.frames}.png"
            pygame.image.save(self.surface, str(path))
        except (OSError, pygame.error) as exc:
            return say("screenshot not saved: {reason}", reason=exc)
        return str(path)

    def frame(self, dt: float) -> None:
        """One turn of the loop; draws only when something happened or moves."""
        began = time.perf_counter_ns()
        for hook in self.before_frame:
            hook(self)
        events = self._waited + pygame.event.get()
        self._waited = []
        for ev in events:
            for intent in gateway(ev, self._gate):
                self.dispatch(intent)
        for scene in list(self.scenes):
            scene.update(dt)
        drawn = bool(events or self.dirty or self.busy())
        if drawn:
            self.dirty = False
            self.draw()
        if trace.on():  # the network window benchmark: how long a frame took (drawn, or busy with news)
            took = time.perf_counter_ns() - began
            if drawn or took >= TRACE_UNDRAWN_NS:
                trace.mark("frame", took)

    def draw(self) -> None:
        first = 0
        for i, s in enumerate(self.scenes):
            if s.opaque:
                first = i
        for s in self.scenes[first:]:
            s.draw(self.surface)
        self.window.flip()
        self.frames += 1

    def busy(self) -> bool:
        # (the before_frame hooks run at every frame, and an idle loop makes one at least
        # every 200 ms: they need no frames of their own)
        return self.fast or any(s.busy() for s in self.scenes)

    def run(self) -> int:
        last = time.perf_counter()
        # SOE_UI_QUIT_AFTER_FRAMES=N: leave after N frames (the launch-time benchmark)
        quit_after = int(os.environ.get("SOE_UI_QUIT_AFTER_FRAMES", "0") or 0)
        while self.running and self.scenes:
            if quit_after and self.frames >= quit_after:
                break
            if not self.busy():
                # nothing moves: sleep until the player does something (or a short timeout,
                # for the worker's news), then draw that
                ev = pygame.event.wait(200)
                if ev.type != pygame.NOEVENT:
                    self._waited.append(ev)  # kept in order (posting it again would put it last)
            now = time.perf_counter()
            self.frame(min(0.1, now - last))
            last = now
            if not self.fast:
                self.clock.tick(FPS)
            else:
                # no frame cap, but a short sleep gives the table's worker thread (the
                # computer players, the dice) the interpreter lock: a loop that never sleeps
                # holds it so much that the worker makes a step every half second
                time.sleep(0.001)
        return self.result
