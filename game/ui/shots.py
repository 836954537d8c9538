"""Screens rendered without a window (``soe screenshot``, ``soe replay --screenshot`` and
the tests' artefacts): a screen of a self-play game, or one step of a replay. Scenes are
opened by name, as the window opens them."""

from __future__ import annotations

from typing import Any

import pygame

from game.bots import make_bot
from game.client.dice import seeded_dice
from game.client.gamefile import GameFile
from game.client.loop import actor, play
from game.client.tables import StaticTable, Step
from game.rules import Event, Input, State, event_dicts, new_game, outcome


def selfplay_steps(seed: int, players: int, until: Any, limit: int = 100_000) -> list[Step]:
    """Steps of a game between greedy bots (dice from ``seed``), up to the first step for
    which ``until(index, step)`` holds (or the end)."""
    st = new_game(players)
    bots = {s: make_bot("greedy", seed * 1009 + s) for s in range(players)}
    out = [Step(st.clone(), [], -1)]

    def record(st: State, inp: Input, events: list[Event]) -> None:
        out.append(Step(st.clone(), event_dicts(events, 0), actor(inp)))

    play(st, bots, seeded_dice(seed), stop=lambda st, p: until(len(out) - 1, out[-1]), after=record, limit=limit)
    return out


def _has(kind: str) -> Any:
    return lambda step: any(e.get("kind") == kind for e in step.events)


def render_scene(scene: str, seed: int, at: int, size: tuple[int, int], players: int = 4) -> pygame.Surface:
    """The surface of one screen: menu, replays or open (the main menu's lists of this
    user's games to watch and to take up), game (after ``at`` steps), combat or scoring (the
    first battle or war-end scoring from step ``at`` on), or end."""
    from game.ui.app import App

    app = App(size, hidden=True)
    if scene in ("menu", "replays", "open"):
        from game.client.settings import Settings

        app.push_scene("menu", settings=Settings())
        if scene != "menu":
            app.push_scene(scene, settings=Settings())
        app.frame(0.0)
        while app.busy():  # the list's rows say whether local saves are finished once each is checked
            app.frame(0.0)
        app.draw()
        return app.surface.copy()
    from game.ui.gamescreen import as_screen

    if scene == "game":
        steps = selfplay_steps(seed, players, lambda i, s: i >= at)
    elif scene in ("combat", "scoring"):
        want = _has("battle" if scene == "combat" else "scored")
        steps = selfplay_steps(seed, players, lambda i, s: i > at and want(s))
    else:
        steps = selfplay_steps(seed, players, lambda i, s: False)
    tail = steps[-1:] if scene != "end" else steps[-1:]
    history = steps[:-1]
    table = StaticTable(history + tail)
    game = as_screen(app.push_scene("game", table=table, speed="instant"))
    app.frame(0.0)
    while game.queue:  # (a frame takes the steps a frame's time allows)
        app.frame(0.0)
    last = steps[-1]
    if scene in ("combat", "scoring"):
        game.show_card(last)
    if scene == "end":
        st: State = last.state
        res = outcome(st)
        if res is not None:
            app.push_scene("end", game=game, result=res)
    app.draw()
    return app.surface.copy()


def render_replay(game: GameFile, at: int, size: tuple[int, int], speed: str = "normal") -> pygame.Surface:
    """The replay's screen at step ``at``, paused, drawn without a window (``soe replay
    --screenshot``): the end screen when ``at`` is the end of a finished game."""
    from game.ui.app import App
    from game.ui.navigation import watch

    app = App(size, hidden=True)
    watch(app, game, speed, at)
    app.frame(0.0)
    app.draw()
    return app.surface.copy()
