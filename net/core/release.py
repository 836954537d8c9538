"""Which release of the program a game needs: everything that decides a game's state.

A genesis names :data:`RELEASE`, and every peer refuses a genesis that names another: two
programs that differ in the rules code, the rules data, the bots that play dropped seats
or the protocol's core would reach different states from the same messages. The name is
the package version and a digest of those files (:data:`DIGEST`), written here by
``python -m tools.release`` and checked against the files by the tests; a copy whose files
no longer match it (a local change) says so at the door (``net.release``).
"""

from __future__ import annotations

VERSION = "0.1.0"
# SHA-256 over the files of :data:`PARTS` (``net.release.digest``), first 16 hex digits
DIGEST = "66a27f0aec80c125"
RELEASE = f"{VERSION}+{DIGEST}"
# the files that decide a game's state (folders, and the suffixes counted in each)
PARTS = (("game/rules", (".py", ".json")), ("game/bots", (".py",)), ("net/core", (".py",)))


def installable_name(release: str) -> str:
    """The release to install to play a game that names ``release``: the part before any
    word ``modified`` (a changed copy names the release it was changed from)."""
    return release.split(" ", 1)[0]
