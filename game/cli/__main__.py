"""``python -m game.cli``: the same as the ``soe`` command."""

import sys

from game.cli.main import main

sys.exit(main())
