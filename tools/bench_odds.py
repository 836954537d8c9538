"""Benchmark of the exact odds (``python -m tools.bench_odds``): the figures of
``soe bench --odds`` (:mod:`game.cli.bench.odds`); ``--each-outcome`` times the reference
method, the engine applied to every dice outcome."""

import sys

from game.cli.bench.odds import main

if __name__ == "__main__":
    sys.exit(main())
