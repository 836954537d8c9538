"""``soe`` / ``soe play`` in the window, ``soe play --autoclick`` (the window played by
synthetic clicks on highlighted targets and buttons only) and ``soe screenshot``."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any

from game.client.words.lang import join_list, say, say_n
from game.client.words.names import Names


def no_display(command: str = "", text: str = "play") -> str:
    """Why the window cannot open on this machine: ``soe COMMAND: ...``, pointing to ``soe
    TEXT --text``."""
    return say("{soe}: no display to open the game window on (no DISPLAY or WAYLAND_DISPLAY); `soe {text} --text` "
               "plays in the terminal", soe=("soe " + command).rstrip(), text=text)


def has_display() -> bool:
    if os.environ.get("SDL_VIDEODRIVER"):
        return True
    if sys.platform.startswith(("win", "darwin")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise ValueError(say("a size is WIDTHxHEIGHT, like 1280x720, not {text}", text=repr(text))) from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise ValueError(say("size {w}x{h} is out of range (320x240 to 7680x4320)", w=w, h=h))
    return w, h


def _quiet() -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def open_window(size: tuple[int, int] | None = None, command: str = "", text: str = "play") -> tuple[Any, Any] | str:
    """The app and its settings, or why the window cannot open (said as ``soe COMMAND:
    ...``, pointing to ``soe TEXT --text``)."""
    _quiet()
    soe = f"soe {command}".rstrip()
    if not has_display():
        return no_display(command, text)
    import pygame

    from game.client.settings import Settings
    from game.ui.app import App
    from game.ui.drawing.assets import AssetError, art_dir

    settings = Settings.load()
    try:
        art_dir()
        app = App(size or (settings.width, settings.height))
    except AssetError as exc:
        return f"{soe}: {exc}"
    except pygame.error as exc:
        return say("{soe}: the game window cannot open ({error}); `soe {text} --text` plays in the terminal", soe=soe,
                   error=exc, text=text)
    app.settings = settings
    return app, settings


def play_window(players: int | None, power: str, level: str, seed: int | None, save: str, autoclick: bool,
                start: bool, size: str = "", *, continue_last: bool = False) -> int:
    """The window: the main menu, or (``start``) a game at once, or (``continue_last``) the
    main menu's "Continue the last game" (with ``autoclick``, clicked)."""
    try:
        win_size = parse_size(size) if size else None
    except ValueError as exc:
        print(f"soe play: {exc}", file=sys.stderr)
        return 2
    opened = open_window(win_size)
    if isinstance(opened, str):
        print(opened, file=sys.stderr)
        return 2
    app, settings = opened
    from game.ui.navigation import start_game

    if continue_last:
        menu = app.push_scene("menu", settings=settings)
        if autoclick:
            settings.speed = "instant"
        else:
            menu.choose("continue")
    elif start or autoclick:
        err = start_game(app, settings, players=players or 4, power=power, level=level, seed=seed,
                         save=Path(save) if save else None, speed="instant" if autoclick else "")
        if err:
            print(f"soe play: {err}", file=sys.stderr)
            return 2
    else:
        app.push_scene("menu", settings=settings)
    if autoclick:
        return _autoclick(app, seed or 0)
    try:
        return int(app.run())
    finally:
        _close_tables(app)


def _close_tables(app: Any) -> None:
    for s in app.scenes:
        table = getattr(s, "table", None)
        if table is not None:
            table.close()


def _autoclick(app: Any, seed: int, max_clicks: int = 50_000, command: str = "play", paced: bool = False) -> int:
    """Play the player's seat with synthetic mouse clicks on what the screen highlights,
    until the game ends; print the winner. At the main menu it clicks "Continue the last
    game" (``soe play --autoclick --continue``); a network game's window waits, once the
    game is over, for every end to be signed (its own among them) before it leaves.
    ``paced``: the window keeps its frame rate and idles between the network's news, as a
    person's does (a network game's pace is the network's), rather than looping flat out."""
    import pygame

    rng = random.Random(seed)
    app.fast = not paced
    state: dict[str, Any] = {"clicks": 0, "done": False}

    def click(pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        state["clicks"] += 1

    def hook(a: Any) -> None:
        top = a.scenes[-1] if a.scenes else None
        if state["clicks"] > max_clicks:
            print(say("soe {command} --autoclick: the game did not end after {n} clicks", command=command, n=max_clicks),
                  file=sys.stderr)
            a.quit(1)
            return
        if top is not None and top.name == "menu" and not state.get("menu"):
            button = next((b for b in getattr(top, "buttons", []) if b.key == "continue" and b.enabled), None)
            if button is not None:
                state["menu"] = True
                click(button.rect.center)
            return
        if top is not None and top.name == "end":
            net = getattr(top.game, "net", None)
            if net is not None and not net.over and not net.ended:
                return  # the openings and ends still come: this window's among them
            res = top.result
            nm = Names(top.game.board)
            winners = join_list(nm.power(p) for p in res.get("winners", []))
            scores = join_list(f"{nm.power(p)} {v}" for p, v in res.get("scores", {}).items())
            print(say_n("winner: {winners} (scores: {scores}; {clicks} clicks)",
                        "winner: {winners} (scores: {scores}; {clicks} clicks)", len(res.get("winners", [])),
                        winners=winners, scores=scores, clicks=state["clicks"]), flush=True)
            if net is not None:
                print(f"State {net.result()['state_hash']}", flush=True)
            state["done"] = True
            a.quit(0)
            return
        if top is None or top.name != "game":
            return
        net = getattr(top, "net", None)
        if net is not None and net.ended:
            why = f"{net.ended} {net.error}".rstrip()
            print(say("soe {command} --autoclick: the game stopped: {why}", command=command, why=why), file=sys.stderr)
            a.quit(1)
            return
        if not top.ready():
            return
        targets = top.clickables()
        if targets:
            click(targets[rng.randrange(len(targets))][0])

    app.before_frame.append(hook)
    try:
        code = int(app.run())
    finally:
        _close_tables(app)
    if not state["done"] and code == 0:
        err = next((getattr(s.table, "error", "") for s in app.scenes if hasattr(s, "table")), "")
        print(say("soe {command} --autoclick: stopped before the end: {error}", command=command, error=err) if err else
              say("soe {command} --autoclick: stopped before the end", command=command), file=sys.stderr)
        return 1
    return code


def screenshot(seed: int, at: int, out: str, size: str, scene: str, players: int = 4) -> int:
    """Render one screen of a self-play game into a PNG, with no window."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    _quiet()
    try:
        w, h = parse_size(size)
    except ValueError as exc:
        print(f"soe screenshot: {exc}", file=sys.stderr)
        return 2
    if at < 0:
        print(say("soe screenshot: --at is a step count, 0 or more"), file=sys.stderr)
        return 2
    if scene not in ("menu", "replays", "open", "game", "combat", "scoring", "end"):
        print(say("soe screenshot: unknown scene {scene} (menu, replays, open, game, combat, scoring or end)",
                  scene=repr(scene)), file=sys.stderr)
        return 2
    import pygame

    from game.ui.shots import render_scene

    try:
        surf = render_scene(scene, seed, at, (w, h), players)
        pygame.image.save(surf, out)
    except (OSError, pygame.error) as exc:
        print(say("soe screenshot: cannot write {file}: {error}", file=out, error=exc), file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"soe screenshot: {exc}", file=sys.stderr)
        return 2
    print(say("wrote {file} ({w}x{h}, {scene})", file=out, w=w, h=h, scene=scene))
    return 0
