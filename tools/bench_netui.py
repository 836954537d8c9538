"""Benchmark of network play in the window (``python -m tools.bench_netui``): the figures
of ``soe bench --net-ui`` (:mod:`game.cli.bench.netui`)."""

import sys

from game.cli.bench.netui import main

if __name__ == "__main__":
    sys.exit(main())
