"""Helpers for the window's network lobbies under test: hidden windows driven by intents
(clicks on a scene's buttons by their key, keys, paste), frames of several windows turned
together until a condition holds (every wait bounded), and what the tests listen with
(loopback, keys of their own, no LAN announcement)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pygame

from game.client.netgames import HostSettings
from game.client.netlobby import NetOptions
from game.client.settings import Settings
from game.ui.app import App, Intent, Scene

LOOPBACK = "127.0.0.1"


def window(name: str, size: tuple[int, int] = (1280, 720)) -> App:
    app = App(size, hidden=True)
    app.settings = Settings(name=name, speed="instant")
    return app


def host_base(home: Path, who: str = "north") -> HostSettings:
    """What the host setup does not ask, for a test: loopback, any free port, a key of its
    own, no LAN announcement."""
    return HostSettings(bind=LOOPBACK, port=0, announce=False, key=str(home / f"{who}.pem"))


def options(home: Path, who: str, wait_s: float = 20.0) -> NetOptions:
    return NetOptions(bind=LOOPBACK, key=str(home / f"{who}.pem"), wait_s=wait_s)


def frames(apps: Iterable[App], until: Callable[[], bool], what: str, limit: float = 30.0,
           also: Callable[[], None] | None = None) -> None:
    """Turn every window's loop until ``until()`` holds; fails after ``limit`` seconds."""
    apps = list(apps)
    end = time.monotonic() + limit
    while not until():
        if time.monotonic() > end:
            tops = [type(a.scenes[-1]).__name__ if a.scenes else None for a in apps]
            raise AssertionError(f"timed out after {limit} s waiting for {what} (screens: {tops})")
        for a in apps:
            a.frame(0.0)
            a.draw()
        if also is not None:
            also()
        time.sleep(0.005)


def top(app: App) -> Scene:
    return app.scenes[-1]


def button(scene: Scene, key: object) -> Any:
    found = [b for b in getattr(scene, "buttons", []) if b.key == key]
    assert found, f"no button {key!r} on {type(scene).__name__}: {[b.key for b in getattr(scene, 'buttons', [])]}"
    return found[0]


def click(app: App, key: object) -> None:
    """A click on the top scene's button ``key`` (drawn first, so its buttons are where they show)."""
    app.draw()
    b = button(top(app), key)
    assert b.enabled, f"{key!r} is not enabled"
    app.dispatch(Intent("click", b.rect.center, 1))
    app.frame(0.0)


def press(app: App, key: int, mod: int = 0, text: str = "") -> None:
    app.dispatch(Intent("key", key=key, text=text, mod=mod))
    app.frame(0.0)


def paste(app: App, words: str) -> None:
    """Put ``words`` on the system clipboard and paste them with Ctrl+V."""
    from game.ui.widgets.textentry import put_clipboard

    assert put_clipboard(words) == ""
    press(app, pygame.K_v, pygame.KMOD_CTRL)


def drawn(scene: Scene) -> str:
    """Every line the scene's last frame showed, as one text."""
    return "\n".join(getattr(scene, "drawn", []))


def close_all(*apps: App) -> None:
    """What closing the window does: every scene's table closed (lobbies included), and
    waited for."""
    for app in apps:
        for s in app.scenes:
            table = getattr(s, "table", None)
            if table is None:
                continue
            if hasattr(table, "room") or hasattr(table, "job"):
                table.close(wait=True)
            else:
                table.close()
