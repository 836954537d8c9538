"""Verify a game log offline: ``python tools/verify.py FILE [--json]``.

The same verifier as ``soe verify`` (:mod:`game.cli.verify`, :mod:`net.core.verify`): every signature and author
chain, equivocation, every reveal, beacon, die and draw, every state hash, the unrest
openings and the final scores. Exit status 0 only when the log is fair.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli.verify import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
