"""Verifying a game log file offline: reads the log (and its evidence file, ``FILE.evidence``)
and checks it with :func:`net.core.verify.verify_messages`, timing the check. The report
is a :class:`net.core.verify.Report`; ``soe verify`` (:mod:`game.cli.verify`) prints it.

The signatures, two thirds of the check's time, need nothing but each line itself; the
replay needs every line before it. ``soe verify`` therefore checks the signatures in a
second process (:func:`verify_messages_beside`) while this one replays the game taking each
signature as its author's, and keeps that report only if every line the replay took is
signed by its author; otherwise, or where a second process cannot be had, it checks
again the usual way, so the report (the failing line, its reason) is always the one of
offering each line in turn.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Sequence

from net.core.transcript import Transcript
from net.core.verify import NOT_SIGNED, Report, signature_verdicts, verify_messages
from net.store import load

# below this many lines, starting a second process costs more than it saves
BESIDE_MIN_LINES = 256


def verify_file(path: str | os.PathLike[str], watch: Callable[[Transcript], None] | None = None, *,
                beside: bool = False) -> Report:
    """Check the log at ``path`` (a partial last line, left by a crash, fails it);
    ``watch`` as for :func:`~net.core.verify.verify_messages`. ``beside``: check the
    signatures in a second process where one can be had (:func:`verify_messages_beside`;
    ``soe verify`` does, a window, which has threads of its own, does not). Raises OSError
    when the file cannot be read."""
    loaded = load(path)
    extra = os.fspath(path) + ".evidence"
    evidence = load(extra).messages if os.path.exists(extra) else []
    started = time.perf_counter()
    if beside:
        rep = verify_messages_beside(loaded.messages, str(path), evidence, watch)
    else:
        rep = verify_messages(loaded.messages, str(path), evidence, watch)
    rep.elapsed_us = int((time.perf_counter() - started) * 1e6)
    if loaded.truncated is not None:
        rep.truncated_tail = True
        if rep.status != "failed":
            rep.status = "failed"
            rep.failure = {"line": len(loaded.messages) + 1, "code": "truncated",
                           "text": "the last line is cut off (no newline): the file was not written completely"}
    return rep


def can_check_beside(lines: int) -> bool:
    """Whether a second process may check the signatures: a log long enough, a machine
    with a second core, ``fork`` (Linux: a process started afresh would cost more than
    the whole check) and no other thread in this process (a forked copy holds only the
    thread that forked, with whatever locks the others held)."""
    return (lines >= BESIDE_MIN_LINES and sys.platform.startswith("linux") and hasattr(os, "fork")
            and (os.cpu_count() or 1) >= 2 and threading.active_count() == 1)


def verify_messages_beside(messages: Sequence[bytes], file: str = "-", evidence: Sequence[bytes] = (),
                           watch: Callable[[Transcript], None] | None = None) -> Report:
    """The report of :func:`~net.core.verify.verify_messages`, in less time on a machine
    with two cores: a forked process checks every signature (:func:`signature_verdicts`)
    while this one replays the game taking them as their authors'. The replay's report
    stands when every line it took is signed (or carries no signature by its kind);
    otherwise, and whenever the second process cannot be started or says nothing
    usable, the check is made again the usual way (as it is with a ``watch``, which would
    otherwise see the game twice)."""
    if watch is not None or not can_check_beside(len(messages)):  # (a watch would see the game twice)
        return verify_messages(messages, file, evidence, watch)
    verdicts = _Verdicts.start(messages)
    if verdicts is None:
        return verify_messages(messages, file, evidence, watch)
    try:
        rep = verify_messages(messages, file, evidence, watch, signed_elsewhere=True)
    finally:
        said = verdicts.collect()
    # the lines the replay took, and the one it refused (whose signature the usual way checks
    # before some of the other reasons)
    taken = len(messages) if rep.failure is None else int(rep.failure.get("line", len(messages)))
    if said is None or len(said) != len(messages) or NOT_SIGNED in said[:taken]:
        return verify_messages(messages, file, evidence, watch)  # a line the replay took is not signed: say which
    return rep


class _Verdicts:
    """The second process that checks the signatures, and the pipe it answers on."""

    def __init__(self, pid: int, fd: int) -> None:
        self.pid, self.fd = pid, fd

    @classmethod
    def start(cls, messages: Sequence[bytes]) -> _Verdicts | None:
        try:
            r, w = os.pipe()
        except OSError:
            return None
        try:
            pid = os.fork()
        except OSError:
            os.close(r)
            os.close(w)
            return None
        if pid == 0:  # the forked copy: check, answer, and leave without running anything of the parent's
            code = 1
            try:
                os.close(r)
                view = memoryview(signature_verdicts(messages))
                while view:
                    view = view[os.write(w, view):]
                code = 0
            finally:
                os._exit(code)
        os.close(w)
        return cls(pid, r)

    def collect(self) -> bytes | None:
        """The verdicts, one byte a line, or None when the process failed."""
        chunks: list[bytes] = []
        try:
            while chunk := os.read(self.fd, 1 << 16):
                chunks.append(chunk)
        except OSError:
            chunks = []
        finally:
            os.close(self.fd)
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            return None
        if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            return None
        return b"".join(chunks)
