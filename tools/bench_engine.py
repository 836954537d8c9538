"""Engine benchmark (``python -m tools.bench_engine``): the figures of ``soe bench``
(:mod:`game.cli.bench.engine`)."""

import sys

from game.cli.bench.engine import main

if __name__ == "__main__":
    sys.exit(main())
