"""Name the release after the files that decide a game's state: ``python -m tools.release``
writes their digest into net/core/release.py (run it after changing the rules, their
data, the bots or the protocol's core; a test fails until it is run)."""

from __future__ import annotations

import re
import sys

from net.release import ROOT, SELF, digest


def main() -> int:
    path = ROOT / SELF
    text = path.read_text(encoding="utf-8")
    new = re.sub(r'^DIGEST = "[0-9a-f]{16}"$', f'DIGEST = "{digest()}"', text, count=1, flags=re.M)
    if new != text:
        path.write_text(new, encoding="utf-8")
        print(f"release digest now {digest()}")
    else:
        print(f"release digest {digest()} (unchanged)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
