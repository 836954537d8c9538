"""Think time and search speed of each level of the searching bot.

    python -m tools.bench_bots [--games 4] [--players 4] [--seed 0] [--levels easy,normal,hard] [--json]

Plays ``--games`` games of each level against greedy bots, one process (so the figures are
one core's), and reports per level: decisions, think time per decision (median, 90th
percentile, maximum), searched decisions and playouts per second of thinking.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.bots.search import LEVELS
from game.cli.arena import play_one


def bench(level: str, games: int, players: int, seed: int) -> dict[str, object]:
    names = [level] + ["greedy"] * (players - 1)
    times: list[int] = []
    cpu: list[int] = []
    playouts = 0
    wins = 0
    for g in range(games):
        rec = play_one(players, names, seed, g)
        seat = rec["bots"].index(level)
        times.extend(rec["think_ns"][seat])
        cpu.extend(rec["cpu_ns"][seat])
        playouts += rec["playouts"][seat]
        wins += seat in rec["winner_seats"]
    times.sort()
    cpu.sort()
    total = sum(times) / 1e9
    return {
        "level": level, "games": games, "wins": wins, "decisions": len(times),
        "median_ms": round(times[len(times) // 2] / 1e6, 2),
        "p90_ms": round(times[len(times) * 9 // 10] / 1e6, 2),
        "max_ms": round(times[-1] / 1e6, 2),
        "cpu_median_ms": round(cpu[len(cpu) // 2] / 1e6, 2),
        "cpu_p90_ms": round(cpu[len(cpu) * 9 // 10] / 1e6, 2),
        "cpu_max_ms": round(cpu[-1] / 1e6, 2),
        "think_per_game_s": round(total / games, 2),
        "playouts": playouts,
        "playouts_per_s": round(playouts / total) if total else 0,
        "playouts_per_cpu_s": round(playouts * 1e9 / sum(cpu)) if sum(cpu) else 0,
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench_bots", description=__doc__.splitlines()[0] if __doc__ else "")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    levels = [x for x in args.levels.split(",") if x]
    bad = [x for x in levels if x not in LEVELS]
    if bad or args.games < 1 or not 2 <= args.players <= 7:
        print(f"bench_bots: unknown level {bad[0]!r}" if bad else "bench_bots: bad --games or --players",
              file=sys.stderr)
        return 2
    for level in levels:
        row = bench(level, args.games, args.players, args.seed)
        if args.json:
            print(json.dumps(row, sort_keys=True))
        else:
            print(f"{level:>6}: {row['decisions']} decisions in {row['games']} games; think median "
                  f"{row['median_ms']} ms, p90 {row['p90_ms']} ms, max {row['max_ms']} ms (processor time "
                  f"{row['cpu_median_ms']} / {row['cpu_p90_ms']} / {row['cpu_max_ms']} ms); "
                  f"{row['think_per_game_s']} s a game; {row['playouts_per_s']} playouts/s ({row['playouts_per_cpu_s']} per processor second); won {row['wins']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
