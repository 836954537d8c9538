"""Self-play: whole games between bots, chance drawn from a seeded generator outside the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.bots import Bot, bot_names_for, make_bot
from game.rules import Act, Roll, State, apply_in_place, legal, new_game, outcome, pending, state_hash
from game.rules.core import ChanceRequest


def seeded_chance(rng: random.Random) -> Callable[[ChanceRequest], tuple[int, ...]]:
    def draw(req: ChanceRequest) -> tuple[int, ...]:
        return tuple(rng.randint(lo, hi) for lo, hi in req.ranges)

    return draw


def summary_line(game: int, summary: dict[str, Any], detail: str = "") -> str:
    """The human line ``soe selfplay`` prints for one game."""
    scores = ", ".join(f"{p} {v}" for p, v in summary["scores"].items())
    winners = " and ".join(summary["winners"])
    return (f"game {game + 1} (seed {summary['seed']}): {winners} won; VP {scores}; {summary['steps']} steps; "
            f"{detail}state {summary['state_hash'][:16]}")


def play_game(players: int, seed: int, bots: Sequence[str] | None = None,
              on_step: Callable[[State], None] | None = None) -> tuple[State, dict[str, Any]]:
    """Play one whole game; returns the final state and the summary line of ``soe selfplay``."""
    names = bot_names_for(players, bots)
    seats: list[Bot] = [make_bot(name, seed * 1009 + i) for i, name in enumerate(names)]
    chance = seeded_chance(random.Random(seed))
    st = new_game(players)
    steps = 0
    while True:
        p = pending(st)
        if p.is_over:
            break
        if p.chance is not None:
            apply_in_place(st, Roll(chance(p.chance)))
        else:
            options = legal(st, p.seat)
            apply_in_place(st, Act(p.seat, seats[p.seat].choose(st, p.seat, options)))
        steps += 1
        if on_step is not None:
            on_step(st)
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
