"""Persistence: the transcript as JSON Lines, one envelope (its exact canonical bytes) per
line, appended and fsynced as each message is accepted. A :class:`TranscriptFile` is the
journal (:class:`net.core.journal.Journal`) of a session, which does no I/O itself;
:func:`resume_session` builds a session from a log file.

A running peer groups the fsyncs of messages it receives (:attr:`TranscriptFile.group`):
each is written at once (so it survives the process being killed) and the file is
fsynced always before one of the peer's own messages is sent, which the fsync of its line
covers with every line before it, and otherwise once the network has been quiet for a
moment, or within a second of a received message being written (:data:`net.peer.QUIET_MS`,
:data:`net.peer.SYNC_MS`: an fsync stops the peer's loop, for milliseconds when other
processes use the disk, and must not hold up a chance event's reveals). What this peer
signed is on disk before anyone sees it; a received message lost in a crash of the whole
machine between its write and the next fsync is still held by its author and the other
peers, and comes back by catch-up.

Proofs of equivocation, and signed messages that named another state hash than this peer's,
go to ``FILE.evidence``. A crash can leave a partial last line; :func:`load` reports it (and never returns it as
a message) and :class:`TranscriptFile` cuts it off before appending, so the file stays a
list of whole envelopes; what it cut is appended to ``FILE.cut`` first (nothing a player
wrote is thrown away), and :attr:`TranscriptFile.repaired` says what it was.

A game's files are used by one process at a time: :func:`lock_game` takes an exclusive
lock (``FILE.lock``, ``flock``) that a second process asking for it is refused with
:class:`GameInUse` ("this game is open in another soe process"). ``soe resume``, ``soe
host``, ``soe join`` and the local games of ``soe play`` hold it while they write.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from net.core.encoding import canonical_json
from net.core.identity import Identity
from net.core.session import Session
from net.core.transcript import rebuild


@dataclass(frozen=True, slots=True)
class Loaded:
    """The messages of a log file; ``truncated`` is a partial last line (crash), if any."""

    messages: list[bytes]
    truncated: bytes | None


def load(path: str | os.PathLike[str]) -> Loaded:
    data = Path(path).read_bytes()
    lines = data.split(b"\n")
    tail = lines.pop()  # empty when the file ends with a newline
    return Loaded(lines, tail or None)


class TranscriptFile:
    """Append-only log of accepted messages: the :class:`~net.core.journal.Journal` of a
    running peer's session (``append`` is the transcript's sink)."""

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = True) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.group = False  # fsync on sync() rather than on each append (see the module docstring)
        self.dirty = False
        self.repaired: bytes | None = None
        self.evidence_pending: list[bytes] = []  # evidence lines not written yet (see write_evidence)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        size = os.fstat(fd).st_size
        if size:
            os.lseek(fd, 0, os.SEEK_SET)
            data = os.read(fd, size)
            end = data.rfind(b"\n") + 1
            if end != size:  # a partial last line from a crash: keep a copy, then cut it off
                self.repaired = data[end:]
                with open(self.cut_path, "ab") as cut:
                    cut.write(self.repaired + b"\n")
                    cut.flush()
                    os.fsync(cut.fileno())
                os.ftruncate(fd, end)
                os.fsync(fd)
        os.lseek(fd, 0, os.SEEK_END)
        self._fd: int | None = fd

    @property
    def cut_path(self) -> Path:
        """Where a partial last line cut off at opening is kept (``FILE.cut``)."""
        return self.path.with_name(self.path.name + ".cut")

    def append(self, raw: bytes) -> None:
        if self._fd is None:
            raise ValueError(f"{self.path} is closed")
        if b"\n" in raw:
            raise ValueError("a message never contains a newline")
        view = memoryview(raw + b"\n")
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        self.dirty = True
        if not self.group:
            self.sync()

    def sync(self) -> None:
        """Make every line appended so far durable (one fsync, if any is not yet)."""
        if self.dirty and self._fd is not None:
            if self.fsync:
                os.fsync(self._fd)
            self.dirty = False

    def append_evidence(self, first: bytes, second: bytes) -> None:
        """Keep a proof of equivocation (two messages with the same author and seq) in
        ``FILE.evidence``, one JSON object per line."""
        self.evidence_pending.append(canonical_json({"first": first.decode("utf-8"), "second": second.decode("utf-8")}))
        self.write_evidence()

    def append_mismatch(self, raw: bytes) -> None:
        """Keep a signed message that named another state hash for a position than this
        peer's (``{"mismatch": message}``) in ``FILE.evidence``."""
        self.evidence_pending.append(canonical_json({"mismatch": raw.decode("utf-8")}))
        self.write_evidence()

    @property
    def evidence_path(self) -> Path:
        return self.path.with_name(self.path.name + ".evidence")

    def write_evidence(self) -> bool:
        """Write the evidence lines not written yet (:attr:`evidence_pending`); False while
        the file cannot be opened (no file descriptor left, mostly: the peer tries again)."""
        if not self.evidence_pending:
            return True
        try:
            with open(self.evidence_path, "ab") as f:
                f.write(b"".join(line + b"\n" for line in self.evidence_pending))
                f.flush()
                os.fsync(f.fileno())
        except OSError:
            return False
        self.evidence_pending.clear()
        return True

    def close(self) -> None:
        if self._fd is not None:
            os.fsync(self._fd)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> TranscriptFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def resume_session(identity: Identity, path: str | os.PathLike[str], *, secret: bytes, now: int = 0) -> Session:
    """Rebuild a game from its log file and go on appending to it: the session's journal
    is the file (a partial last line, left by a crash, is cut off: see
    :attr:`TranscriptFile.repaired`). Raises :class:`LogFails` when a line of the log fails."""
    loaded = load(path)
    transcript, failure = rebuild(loaded.messages)
    if failure is not None:
        raise LogFails(Path(path), failure.index + 1, failure.code, failure.text)
    session = Session(identity, secret=secret, transcript=transcript, journal=TranscriptFile(path), now=now)
    session.tick(now)  # what is due after the last line: a reveal or a commitment lost in the crash
    return session


def write_private(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a file only its owner may read (0600): a seat's chain secret, for resuming."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = p.with_name(p.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, p)


class LogFails(ValueError):
    """A line of a game's log fails its check (a signature, the chain, the rules): the log
    was altered or damaged, and the game cannot be rebuilt from it."""

    def __init__(self, path: Path, index: int, code: str, text: str) -> None:
        super().__init__(f"{path}: message {index} fails: {code}: {text}")
        self.path, self.index, self.code, self.text = path, index, code, text


class GameInUse(Exception):
    """The game's files are open in another process."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path}: this game is open in another soe process")
        self.path = path


class GameLock:
    """An exclusive lock on a game's files (see the module docstring); release with
    :meth:`release` or by leaving its ``with`` block. Where ``fcntl`` does not exist
    (Windows) the lock is a no-op."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self._fd: int | None = None

    def acquire(self) -> GameLock:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not a POSIX system
            return self
        self.lock_path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise GameInUse(self.path) from None
            except OSError:
                os.close(fd)
                raise
            try:  # the holder may have removed the file between our open and our lock
                same = os.stat(self.lock_path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        self._fd = fd
        return self

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is None:
            return
        try:
            os.unlink(self.lock_path)
        except FileNotFoundError:
            pass
        os.close(self._fd)  # closing releases the lock
        self._fd = None

    def __enter__(self) -> GameLock:
        return self.acquire() if self._fd is None else self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()


def lock_game(path: str | os.PathLike[str]) -> GameLock:
    """Lock the game whose log is ``path`` for this process (``FILE.lock``); raises
    :class:`GameInUse` when another process holds it."""
    return GameLock(path).acquire()
