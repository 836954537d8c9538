"""Timing marks for the network window benchmark (``soe bench --net-ui``), off unless the
environment names a file: ``SOE_TRACE_FILE``. Each mark is a line ``monotonic_ns kind
value`` (the clock every process on one machine shares), written when the process leaves
or every :data:`FLUSH` marks. Nothing reads a mark back in a game: they change nothing."""

from __future__ import annotations

import atexit
import os
import threading
import time

FLUSH = 200
_PATH = os.environ.get("SOE_TRACE_FILE", "")
_marks: list[str] = []
_lock = threading.Lock()


def on() -> bool:
    return bool(_PATH)


def mark(kind: str, value: int) -> None:
    """Note ``kind`` and ``value`` now (when tracing is on)."""
    if not _PATH:
        return
    with _lock:
        _marks.append(f"{time.monotonic_ns()} {kind} {value}\n")
        if len(_marks) >= FLUSH:
            _flush_locked()


def _flush_locked() -> None:
    global _marks
    if not _marks:
        return
    try:
        with open(_PATH, "a", encoding="ascii") as f:
            f.writelines(_marks)
    except OSError:
        pass
    _marks = []


def flush() -> None:
    with _lock:
        _flush_locked()


if _PATH:
    atexit.register(flush)
