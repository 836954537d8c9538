"""Try a candidate budget for the ``hard`` level in the arena, on the same deals as ``hard``.

    python -m tools.tune_hard --variant before [--players 4] [--games 40] [--first 0]
        [--seed 11] [--against normal] [--jobs 2] [--records FILE]

Replaces ``LEVELS["hard"]`` with the variant named (in this process and the arena's worker
processes, which inherit it) and plays the arena's games ``hard`` against ``--against``:
the bot keeps the name ``hard``, so its seeds, and the deals, are those of the same arena
run with the released ``hard``. Prints each game's record (``--records``) and one line: the
variant, games, wins, win rate with its 95% Wilson interval, processor time per decision of
``hard`` (median, maximum). The trials behind ``docs/bots.md`` were run with it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from game.bots import search
from game.cli.arena import play_one, wilson

HARD = search.LEVELS["hard"]
VARIANTS: dict[str, search.Level] = {
    "hard": HARD,  # as released
    # hard before its retuning: 48 futures a searched decision, consecutive bids, no top-up
    "before": search.Level("hard", 48, 6, 24, search.BIG, clear=60),
    # hard as released from its retuning until it searched the small decisions too: the
    # heuristic's choice for where units move, where new ones go and help in battles
    "narrow": replace(HARD, kinds=search.BIG),
    # the released budget without the top-up of close calls, or with longer futures
    "no_extra": replace(HARD, extra=0),
    "deeper": replace(HARD, depth=32),
    # the name the released hard was tried under before its release (the same level)
    "wide": replace(HARD, kinds=search.BIG | search.DETAIL),
}


def _game(job: tuple[int, tuple[str, ...], int, int]) -> dict[str, Any]:
    return play_one(*job)


def run_from(players: int, names: Sequence[str], first: int, games: int, seed: int, jobs: int) -> Iterator[dict[str, Any]]:
    """The arena's games ``first`` .. ``first + games - 1`` (the same games as in a whole run)."""
    work = [(players, tuple(names), seed, g) for g in range(first, first + games)]
    if jobs <= 1:
        yield from map(_game, work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_game, work, chunksize=1)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="tune_hard", description=__doc__.splitlines()[0] if __doc__ else "")
    ap.add_argument("--variant", default="hard", choices=sorted(VARIANTS))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--first", type=int, default=0, help="the first game's number (to extend a run)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--against", default="normal")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--records", default="")
    args = ap.parse_args(argv)
    search.LEVELS["hard"] = VARIANTS[args.variant]
    names = ["hard"] + [args.against] * (args.players - 1)
    wins = games = 0
    cpu: list[int] = []
    out = open(args.records, "w") if args.records else None
    try:
        for rec in run_from(args.players, names, args.first, args.games, args.seed, args.jobs):
            seat = rec["bots"].index("hard")
            games += 1
            wins += seat in rec["winner_seats"]
            cpu.extend(rec["cpu_ns"][seat])
            if out is not None:
                out.write(json.dumps(rec) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    lo, hi = wilson(wins, games)
    cpu.sort()
    print(json.dumps({
        "variant": args.variant, "players": args.players, "first": args.first, "against": args.against, "seed": args.seed,
        "games": games, "wins": wins, "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
        "cpu_median_ms": round(cpu[len(cpu) // 2] / 1e6, 1) if cpu else 0.0,
        "cpu_max_ms": round(cpu[-1] / 1e6, 1) if cpu else 0.0,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
