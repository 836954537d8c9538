"""Benchmark of the peer-to-peer transport on loopback: ``python -m tools.bench_net
[--players 7] [--think-ms 0,50] [--games 1] [--json]``.

Plays whole games between bot peers, each :class:`net.peer.Peer` in its own process
(spawned with :mod:`multiprocessing`), over ZeroMQ with CurveZMQ on 127.0.0.1 (random
ports), each process stepping its peer in a tight loop with a short poll timeout. Every
process records, on ``CLOCK_MONOTONIC`` (shared by the processes of one machine), when
each message was accepted (applied) by its transcript, when its own choices were
submitted, and when each chance event was first asked for (the engine waits for dice or
draws), when its beacon value was computed (every reveal in and checked: the dice are
fixed) and when it was applied. Combined at the end:

- choice latency: for each choice, the latest acceptance over all peers minus the
  author's submit time (median, 90th and 99th percentiles);
- chance latency: for each chance event, the time the last peer knew the beacon minus
  the time the first peer saw the engine ask for it (the target's figure); also up to
  the last peer having applied it, from the last peer being asked (the reveal round
  alone), and from the submit of the choice that asked for it;
- raw ZeroMQ round trip (DEALER -> ROUTER -> DEALER, the Node's socket options and
  CurveZMQ, a frame the size of a message), measured in the same run: before the games
  (idle) and during them (under their load);
- the floor the transport sets under a chance event (:mod:`tools.netbench.rounds`): a
  chance event's frames (a choice to every process, then every process's reveal to every
  other) between as many bare processes, with no work and with ``--raw-work-us`` of
  processor time per frame taken in;
- spectator catch-up: after each game, a new spectator process connects to one peer
  that holds the whole game and receives and replays the transcript until its session
  reaches the final state hash (``--catchup-runs`` times, one after another);
- messages (signed envelopes in the transcript) and transport frames per second, the
  cores busy (the whole machine's and the peers' own) and where the peers' loops spent
  their time.

``--think-ms 0,50`` (the default) plays a game with bots answering at once (the game
runs flat out: throughput, and latency with every core busy) and one with bots answering
50 ms after their turn comes (one decision's traffic settles before the next, as with
people, who take seconds): latency as players see it.

Targets: choice and chance latency under 10 ms (median), catch-up under 2 s.

Logs go to a temporary directory (``--log-dir`` to choose one): every peer fsyncs each
message it accepts, as in play, so the file system counts.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.netbench.figures import report  # noqa: E402
from tools.netbench.runs import run  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench_net", description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--players", type=int, default=7)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--seed", type=int, default=0, help="seed of the bots (dice come from the beacon)")
    ap.add_argument("--poll-ms", type=int, default=5, help="poll timeout of each peer's loop")
    ap.add_argument("--think-ms", default="0,50",
                    help="comma-separated: play --games games with bots answering this many ms after their turn "
                         "comes (0: at once, the game runs flat out)")
    ap.add_argument("--pings", type=int, default=1000, help="raw round trips measured before the game")
    ap.add_argument("--ping-every-ms", type=int, default=10, help="one raw round trip this often during the game")
    ap.add_argument("--raw-rounds", type=int, default=100,
                    help="chance rounds through the transport alone, before the games (0: none)")
    ap.add_argument("--raw-work-us", default="0,200",
                    help="comma-separated: processor time spent on each frame taken in, in those rounds")
    ap.add_argument("--games", type=int, default=1, help="games played one after another (samples pooled)")
    ap.add_argument("--catchup-runs", type=int, default=3, help="spectator catch-ups after each game")
    ap.add_argument("--drop-timeout-ms", type=int, default=600_000, help="the genesis timeout (no drops wanted)")
    ap.add_argument("--deadline", type=float, default=900)
    ap.add_argument("--flood", type=int, default=0, metavar="N",
                    help="then one more game in which the last peer floods N signed early messages a second")
    ap.add_argument("--log-dir", default=None, help="where the peers write their logs (default: a temporary one)")
    ap.add_argument("--profile", action="store_true", help="profile peer 1's CPU time (cProfile) into LOG_DIR/gameN/p1.prof")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out = run(args, (lambda _s: None) if args.json else (lambda s: print(s, flush=True)))
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        report(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
