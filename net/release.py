"""This copy's release, worked out from its files (:mod:`net.core.release` names the
release the protocol's core was written for).

A program whose rules, bots or protocol core were changed after the release was named
(an edited data file, a patch) would split a game at the first position it decides
otherwise. :func:`release` names such a copy differently, so the door refuses it with a
sentence that says which release the game needs, instead of the game splitting later.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from net.core.release import DIGEST, PARTS, RELEASE, VERSION

ROOT = Path(__file__).resolve().parent.parent
SELF = "net/core/release.py"  # names the digest: not part of it


def files(root: Path = ROOT) -> list[str]:
    """The files the digest covers, as sorted POSIX paths from the project's root."""
    out: list[str] = []
    for folder, suffixes in PARTS:
        for p in (root / folder).rglob("*"):
            rel = p.relative_to(root).as_posix()
            if p.is_file() and p.suffix in suffixes and "__pycache__" not in rel and rel != SELF:
                out.append(rel)
    return sorted(out)


def digest(root: Path = ROOT) -> str:
    """SHA-256 over each file's path and bytes (line ends as ``\\n``), first 16 hex digits."""
    h = hashlib.sha256()
    for rel in files(root):
        data = (root / rel).read_bytes().replace(b"\r\n", b"\n")
        h.update(rel.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    return h.hexdigest()[:16]


@cache
def release() -> str:
    """This copy's release: :data:`RELEASE` when its files are the release's, else the
    release with the word ``modified`` and the files' own digest. A copy installed without
    its sources (nothing to read) is taken to be the release it names."""
    try:
        mine = digest()
    except OSError:
        return RELEASE
    if not files() or mine == DIGEST:
        return RELEASE
    return f"{VERSION}+{DIGEST} modified {mine}"
