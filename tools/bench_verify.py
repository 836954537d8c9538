"""Benchmark of the transcript verifier: ``python -m tools.bench_verify [--players 7]
[--seed 0] [--runs 5] [--json]``.

Plays one self-play game through the protocol (every seat its own key, every die from the
beacon), then times, on its log, the best of ``--runs``:

- ``verify``: the whole check as ``soe verify`` makes it (``net.verify.verify_messages_beside``:
  on Linux with two cores, the signatures are checked by a forked process while this one
  replays the game; elsewhere the one-process check);
- ``verify, one process``: the whole check in one process
  (``net.core.verify.verify_messages``): parsing, signatures, author chains, reveals,
  beacons, dice, engine replay, state hashes, openings;
- ``signatures``: parsing and checking the signature of every message, nothing else;
- ``engine``: applying the same engine inputs without any protocol (for comparison).

Targets: a whole game verified in under 1 second, and verify at most 1.5 times the time of
the signature checks alone.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import apply_in_place  # noqa: E402
from net.core.transcript import rebuild  # noqa: E402
from net.core.verify import signatures_only, verify_messages  # noqa: E402
from net.selfplay import play_logged  # noqa: E402
from net.store import load  # noqa: E402
from net.verify import can_check_beside, verify_messages_beside  # noqa: E402


def best(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench_verify", description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=7)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        t0 = time.perf_counter()
        _, summary = play_logged(args.players, args.seed, [args.bots], path)
        selfplay_s = time.perf_counter() - t0
        messages = load(path).messages
    rep = verify_messages(messages)
    if not rep.fair:
        print(f"the log does not verify: {rep.failure}", file=sys.stderr)
        return 1
    transcript, _ = rebuild(messages)
    assert transcript.referee is not None
    inputs = list(transcript.referee.inputs)
    genesis = transcript.genesis
    assert genesis is not None

    def engine_only() -> None:
        st = genesis.new_state()
        for inp in inputs:
            apply_in_place(st, inp)

    n = len(messages)
    beside = can_check_beside(len(messages))
    t_verify = best(lambda: verify_messages_beside(messages), args.runs)
    t_serial = best(lambda: verify_messages(messages), args.runs)
    t_sigs = best(lambda: signatures_only(messages), args.runs)
    t_engine = best(engine_only, args.runs)
    out = {
        "players": args.players, "seed": args.seed, "bots": args.bots, "messages": n,
        "bytes": sum(len(m) + 1 for m in messages), "chance_events": rep.chance_events,
        "engine_inputs": len(inputs), "selfplay_ms": round(selfplay_s * 1000),
        "verify_ms": round(t_verify * 1000, 1), "signatures_ms": round(t_sigs * 1000, 1),
        "engine_ms": round(t_engine * 1000, 1),
        "verify_messages_per_s": round(n / t_verify), "signatures_per_s": round(n / t_sigs),
        "verify_over_signatures": round(t_verify / t_sigs, 2),
        "signatures_beside": beside, "verify_one_process_ms": round(t_serial * 1000, 1),
        "verify_one_process_over_signatures": round(t_serial / t_sigs, 2),
        "targets_met": t_verify < 1.0 and t_verify <= 1.5 * t_sigs,
    }
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"{args.players}-player self-play (seed {args.seed}, {args.bots} bots): {n} messages, "
              f"{out['bytes']} bytes, {rep.chance_events} chance events, {len(inputs)} engine inputs "
              f"(self-play with logging took {out['selfplay_ms']} ms)")
        how = "signatures checked by a second process" if beside else "one process: no second one here"
        print(f"  verify (everything)   {out['verify_ms']:>8} ms  {out['verify_messages_per_s']:>6} messages/s  "
              f"(as soe verify: {how})")
        print(f"  verify, one process   {out['verify_one_process_ms']:>8} ms  "
              f"({out['verify_one_process_over_signatures']}x the signatures)")
        print(f"  signatures only       {out['signatures_ms']:>8} ms  {out['signatures_per_s']:>6} messages/s")
        print(f"  engine replay only    {out['engine_ms']:>8} ms")
        print(f"  verify / signatures   {out['verify_over_signatures']:>8}x  (target: at most 1.5x; "
              f"whole game under 1 s: {'yes' if t_verify < 1 else 'no'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
