"""Benchmark of ``soe replay`` (``python -m tools.bench_replay``): a signed log of a game
between greedy bots is written (``--players``, ``--seed``), then

- reading it for a replay: verification and the steps (every position of the game);
- opening the replay at the end (the game screen catches up with the whole game);
- one step back at the end (the game screen built again from the start), median of 5;
- a frame while the replay plays at speed ``fast`` from the middle of the game, at
  1600x900: median and 95th percentile of 300;
- the memory the steps take (largest resident set before and after reading).

Runs headless (SDL's dummy video driver); prints one line (``--json`` for machines)."""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(path: Path) -> dict[str, float]:
    from game.client.gamefile import load_game_file
    from game.ui.app import App
    from game.ui.scenes.replay import ReplayScene

    rss0 = _rss_mib()
    t = time.perf_counter()
    game = load_game_file(path)
    read_s = time.perf_counter() - t
    rss1 = _rss_mib()
    app = App((1600, 900), hidden=True)
    t = time.perf_counter()
    replay = ReplayScene(game, "normal", game.last, playing=False)
    replay.start(app)
    app.frame(0.0)
    open_s = time.perf_counter() - t
    backs = []
    for _ in range(5):
        t = time.perf_counter()
        replay.step(-1)
        app.frame(0.0)
        backs.append(time.perf_counter() - t)
    replay.goto(game.last // 2)
    app.frame(0.0)
    replay.set_speed(1)
    replay.toggle()
    frames = []
    for _ in range(300):
        t = time.perf_counter()
        app.frame(1 / 60)
        frames.append(time.perf_counter() - t)
    frames.sort()
    return {"steps": game.last, "read_s": round(read_s, 3), "open_at_end_s": round(open_s, 3),
            "step_back_at_end_ms": round(statistics.median(backs) * 1000, 1),
            "frame_median_ms": round(frames[len(frames) // 2] * 1000, 1),
            "frame_p95_ms": round(frames[int(len(frames) * 0.95)] * 1000, 1),
            "steps_mib": round(rss1 - rss0, 1), "load_average": round(os.getloadavg()[0], 1)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_replay", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=7, help="players in the game (default 7)")
    parser.add_argument("--seed", type=int, default=5, help="the game's seed (default 5)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    from net.selfplay import play_logged

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "game.jsonl"
        play_logged(args.players, args.seed, ["greedy"], path)
        got = measure(path)
    if args.json:
        print(json.dumps(got, sort_keys=True))
    else:
        print(f"{args.players} players, {got['steps']} steps: read and verified in {got['read_s']} s, opened at the "
              f"end in {got['open_at_end_s']} s, one step back at the end {got['step_back_at_end_ms']} ms, a frame "
              f"while playing {got['frame_median_ms']} / {got['frame_p95_ms']} ms (median / 95th percentile), "
              f"steps {got['steps_mib']} MiB; load average {got['load_average']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
