"""Odds benchmark: the time to count the exact chances (:mod:`game.client.odds`) of every
attack offered in whole seeded bot games, on one core (process time).

    soe bench --odds
    python -m tools.bench_odds --games 20 --players 7 --bots greedy --json
    python -m tools.bench_odds --each-outcome   # the reference method, every dice outcome

The games are self-play games (``greedy`` bots by default, seeded chance, the client's
loop); at every decision where attacks are offered, the three figures of each attack
(nobody helps, the defender's allies help, every ally helps) are counted from nothing
(no cache), one attack after another, and each attack's process time is one sample. The
report ends with the line ``odds: median X ms, 95th percentile Y ms, maximum Z ms over N
attacks (K without a figure)``, K the attacks left with a figure missing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from game.bots import make_bot
from game.bots.base import bot_names_for
from game.client.dice import seeded_dice
from game.client.loop import play
from game.client.odds import AttackOdds, attack_odds
from game.rules import Act, Choice, Input, State, legal, new_game, pending

TARGET_P95_MS = 500


def offered_attacks(st: State, seat: int) -> list[Choice]:
    """The attacks ``seat`` may choose in ``st``: ``attack AREA KIND TARGET``."""
    return [c for c in legal(st, seat) if c.kind == "attack" and len(c.args) == 3]


def missing(o: AttackOdds) -> bool:
    """A figure left out: none at all, or one past the reference's bound."""
    return o.none is None or o.too_many or not o.done


def time_game(players: int, seed: int, bots: Sequence[str], each_outcome: bool,
              samples: list[dict[str, Any]]) -> None:
    """Play the game of ``seed``; append one sample per attack offered in it."""
    names = bot_names_for(players, bots)
    seats = {i: make_bot(name, seed * 1009 + i) for i, name in enumerate(names)}

    def before(st: State, inp: Input) -> None:
        if not isinstance(inp, Act):
            return
        p = pending(st)
        if p.kind == "chance" or p.is_over:
            return
        for attack in offered_attacks(st, inp.seat):
            t0 = time.process_time_ns()
            o = attack_odds(st, inp.seat, attack, each_outcome=each_outcome)
            ns = time.process_time_ns() - t0
            samples.append({"seed": seed, "step": st.steps, "attack": " ".join(map(str, attack.args)),
                            "ms": ns / 1e6, "missing": missing(o), "rolls": o.rolls,
                            "helpers": [len(o.helpers[0]), len(o.helpers[1])],
                            "naval_first": "naval" in o.decided})

    play(new_game(players), seats, seeded_dice(seed), before=before)


def percentile(values: list[float], q: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, len(ordered) * q // 100)]


def run(games: int, players: int, seed: int, bots: Sequence[str], each_outcome: bool) -> dict[str, Any]:
    samples: list[dict[str, Any]] = []
    start = time.perf_counter()
    for g in range(games):
        time_game(players, seed + g, bots, each_outcome, samples)
    ms = [s["ms"] for s in samples] or [0.0]
    slowest = sorted(samples, key=lambda s: -s["ms"])[:5]
    return {
        "games": games, "players": players, "seed": seed, "bots": list(bots),
        "method": "each outcome (reference)" if each_outcome else "classes of outcomes",
        "attacks": len(samples), "without_figure": sum(1 for s in samples if s["missing"]),
        "naval_first": sum(1 for s in samples if s["naval_first"]),
        "allies_both_sides": sum(1 for s in samples if all(s["helpers"])),
        "median_ms": round(statistics.median(ms), 1), "p95_ms": round(percentile(ms, 95), 1),
        "max_ms": round(max(ms), 1), "total_s": round(sum(ms) / 1000, 2),
        "wall_s": round(time.perf_counter() - start, 1), "slowest": slowest,
        "load": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else [],
        "python": platform.python_version(), "machine": platform.machine(), "target_p95_ms": TARGET_P95_MS,
    }


def report(r: dict[str, Any]) -> str:
    lines = [
        f"odds benchmark: every attack offered in {r['games']} game{'s' if r['games'] != 1 else ''} of "
        f"{r['players']} players "
        f"({', '.join(r['bots'])} bots, seeds {r['seed']}..{r['seed'] + r['games'] - 1}), one core (process time), "
        f"Python {r['python']} ({r['machine']}), load {' '.join(map(str, r['load']))} at the end",
        f"  method: {r['method']}; {r['naval_first']} attacks with a naval battle first, "
        f"{r['allies_both_sides']} with allies on both sides; {r['total_s']} s counting in all",
    ]
    for s in r["slowest"]:
        lines.append(f"  slow: seed {s['seed']} step {s['step']} attack {s['attack']}: {s['ms']:.1f} ms"
                     f"{' (no figure)' if s['missing'] else ''}")
    ok = "meets" if r["p95_ms"] <= TARGET_P95_MS and not r["without_figure"] else "misses"
    lines.append(f"  {ok} the target: 95th percentile within {TARGET_P95_MS} ms, every attack with its figures")
    lines.append(f"odds: median {r['median_ms']} ms, 95th percentile {r['p95_ms']} ms, maximum {r['max_ms']} ms "
                 f"over {r['attacks']} attacks ({r['without_figure']} without a figure)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="soe bench --odds", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument("--players", type=int, default=7, help="players per game, 2-7 (default 7)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--bots", nargs="+", default=["greedy"], help="one bot for all seats or one per seat")
    parser.add_argument("--each-outcome", action="store_true",
                        help="the reference method: the engine applied to every dice outcome (slow)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    if args.games < 1 or not 2 <= args.players <= 7:
        parser.error("--games must be at least 1 and --players 2 to 7")
    result = run(args.games, args.players, args.seed, args.bots, args.each_outcome)
    print(json.dumps(result, sort_keys=True) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
