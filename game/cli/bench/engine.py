"""Engine benchmark: whole random-bot games per second on one core, and the median time of
``legal`` and of the functional ``apply`` over the positions of those games.

    soe bench --games 20 --players 7
    python -m tools.bench_engine --games 20 --players 7 --json

Games run as self-play runs them (``game.cli.selfplay.play_game`` on the client's loop:
random bots, seeded chance, ``apply_in_place``). The per-call timings come from replaying
the same games' inputs: at every position ``legal`` is timed for the deciding seat and
``apply`` (which copies the state) for the input that was played; the replay then
continues in place.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from game.bots import make_bot
from game.cli.selfplay import play_game
from game.client.dice import seeded_dice
from game.client.loop import play
from game.rules import Act, Input, apply, apply_in_place, legal, new_game

TARGET_GAMES_PER_SECOND = 50


def time_games(games: int, players: int, seed: int) -> tuple[float, int]:
    """Wall time (seconds) and total steps of ``games`` whole self-play games."""
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        _, summary = play_game(players, seed + g)
        steps += int(summary["steps"])
    return time.perf_counter() - start, steps


def inputs_of(players: int, seed: int) -> list[Input]:
    """Every input of the self-play game of ``seed`` (random bots, seeded chance), as the
    client's loop plays it."""
    bots = {i: make_bot("random", seed * 1009 + i) for i in range(players)}
    out: list[Input] = []
    play(new_game(players), bots, seeded_dice(seed), before=lambda st, inp: out.append(inp))
    return out


def time_calls(games: int, players: int, seed: int) -> tuple[list[int], list[int], list[int]]:
    """Nanoseconds of ``legal`` (decisions), of ``apply`` (decisions and chance) at every
    position of the same games, replayed from their inputs."""
    legal_ns: list[int] = []
    apply_ns: list[int] = []
    apply_decision_ns: list[int] = []
    clock = time.perf_counter_ns
    for g in range(games):
        st = new_game(players)
        for inp in inputs_of(players, seed + g):
            if isinstance(inp, Act):
                t0 = clock()
                legal(st, inp.seat)
                legal_ns.append(clock() - t0)
            t0 = clock()
            apply(st, inp)
            dt = clock() - t0
            apply_ns.append(dt)
            if isinstance(inp, Act):
                apply_decision_ns.append(dt)
            apply_in_place(st, inp)
    return legal_ns, apply_ns, apply_decision_ns


def percentile(values: list[int], q: int) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, len(ordered) * q // 100)]


def run(games: int, players: int, seed: int, repeat: int = 3) -> dict[str, Any]:
    """The figures of the report; whole games are timed ``repeat`` times and the fastest
    run counts (the others measure the machine's other load, not the engine)."""
    runs = [time_games(games, players, seed) for _ in range(repeat)]
    seconds, steps = min(runs)
    legal_ns, apply_ns, apply_decision_ns = time_calls(games, players, seed)
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "seconds": round(seconds, 3),
        "repeat": repeat,
        "games_per_second_slowest_run": round(games / max(r[0] for r in runs), 1),
        "games_per_second": round(games / seconds, 1),
        "steps_per_game": steps // games,
        "steps_per_second": round(steps / seconds),
        "legal_median_us": round(statistics.median(legal_ns) / 1000, 1),
        "legal_p95_us": round(percentile(legal_ns, 95) / 1000, 1),
        "apply_median_us": round(statistics.median(apply_ns) / 1000, 1),
        "apply_p95_us": round(percentile(apply_ns, 95) / 1000, 1),
        "apply_decision_median_us": round(statistics.median(apply_decision_ns) / 1000, 1),
        "positions": len(apply_ns),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "target_games_per_second": TARGET_GAMES_PER_SECOND,
    }


def report(r: dict[str, Any]) -> str:
    ok = "meets" if r["games_per_second"] >= TARGET_GAMES_PER_SECOND else "misses"
    return "\n".join([
        f"engine benchmark: {r['games']} random-bot games of {r['players']} players (seeds {r['seed']}.."
        f"{r['seed'] + r['games'] - 1}), one core, Python {r['python']} ({r['machine']})",
        f"  whole games (in place, as self-play): {r['games_per_second']} games/s, best of {r['repeat']} runs "
        f"(slowest {r['games_per_second_slowest_run']}); {r['steps_per_game']} steps a game, "
        f"{r['steps_per_second']} steps/s; {ok} the target of {TARGET_GAMES_PER_SECOND} games/s",
        f"  legal: median {r['legal_median_us']} us, 95th percentile {r['legal_p95_us']} us",
        f"  apply (functional, copies the state): median {r['apply_median_us']} us, "
        f"95th percentile {r['apply_p95_us']} us (decisions only: median {r['apply_decision_median_us']} us)",
        f"  over {r['positions']} positions",
    ])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="soe bench", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument("--players", type=int, default=7, help="players per game, 2-7 (default 7)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the whole games; the fastest counts")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1 or not 2 <= args.players <= 7:
        parser.error("--games and --repeat must be at least 1 and --players 2 to 7")
    result = run(args.games, args.players, args.seed, args.repeat)
    print(json.dumps(result, sort_keys=True) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
