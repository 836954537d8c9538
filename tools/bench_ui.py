"""Benchmark of the game window (``python -m tools.bench_ui``): the figures of
``soe bench --ui`` (:mod:`game.cli.bench.window`)."""

import sys

from game.cli.bench.window import main

if __name__ == "__main__":
    sys.exit(main())
