"""Self-play (``soe selfplay``): whole games between bots, driven by the client's loop
(:func:`game.client.loop.play`) with dice from a seeded generator outside the engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.bots import Bot, bot_names_for, make_bot
from game.client.dice import seeded_dice
from game.client.loop import play
from game.client.words.lang import join_and, join_list, say_n
from game.rules import Event, Input, State, new_game, outcome, state_hash


def summary_line(game: int, summary: dict[str, Any], detail: str = "") -> str:
    """The human line ``soe selfplay`` prints for one game (the powers by their ids, as
    the JSON line and the log name them)."""
    scores = join_list(f"{p} {v}" for p, v in summary["scores"].items())
    return say_n("game {game} (seed {seed}): {winners} won; VP {scores}; {steps}; {detail}state {state}",
                 "game {game} (seed {seed}): {winners} won; VP {scores}; {steps}; {detail}state {state}",
                 len(summary["winners"]), game=game + 1, seed=summary["seed"], winners=join_and(summary["winners"]),
                 scores=scores, steps=say_n("{n} step", "{n} steps", summary["steps"]), detail=detail,
                 state=summary["state_hash"][:16])


def play_game(players: int, seed: int, bots: Sequence[str] | None = None,
              on_step: Callable[[State], None] | None = None) -> tuple[State, dict[str, Any]]:
    """Play one whole game; returns the final state and the summary line of ``soe selfplay``."""
    names = bot_names_for(players, bots)
    seats: dict[int, Bot] = {i: make_bot(name, seed * 1009 + i) for i, name in enumerate(names)}
    st = new_game(players)

    def stepped(st: State, inp: Input, events: list[Event]) -> None:
        if on_step is not None:
            on_step(st)

    play(st, seats, seeded_dice(seed), after=stepped if on_step is not None else None)
    steps = st.steps  # the engine counts every input applied
    result = outcome(st)
    assert result is not None
    winners = result["winners"]
    summary = {
        "seed": seed,
        "players": players,
        "bots": names,
        "winner": winners[0] if len(winners) == 1 else winners,
        "winners": winners,
        "scores": result["scores"],
        "unrest": result["unrest"],
        "wars": st.war,
        "steps": steps,
        "chance_events": st.chance_count,
        "state_hash": state_hash(st),
    }
    return st, summary
