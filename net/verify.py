"""Verifying a game log file offline: reads the log (and its evidence file, ``FILE.evidence``)
and checks it with :func:`net.core.verify.verify_messages`, timing the check. The report
is a :class:`net.core.verify.Report`; ``soe verify`` (:mod:`game.cli.verify`) prints it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from net.core.transcript import Transcript
from net.core.verify import Report, verify_messages
from net.store import load


def verify_file(path: str | os.PathLike[str], watch: Callable[[Transcript], None] | None = None) -> Report:
    """Check the log at ``path`` (a partial last line, left by a crash, fails it);
    ``watch`` as for :func:`~net.core.verify.verify_messages`. Raises OSError when the
    file cannot be read."""
    loaded = load(path)
    extra = os.fspath(path) + ".evidence"
    evidence = load(extra).messages if os.path.exists(extra) else []
    started = time.perf_counter()
    rep = verify_messages(loaded.messages, str(path), evidence, watch)
    rep.elapsed_us = int((time.perf_counter() - started) * 1e6)
    if loaded.truncated is not None:
        rep.truncated_tail = True
        if rep.status != "failed":
            rep.status = "failed"
            rep.failure = {"line": len(loaded.messages) + 1, "code": "truncated",
                           "text": "the last line is cut off (no newline): the file was not written completely"}
    return rep
