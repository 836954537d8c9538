"""The save of a game against computer players: its format, its writing and its reading.

A save is JSON Lines, fsynced as it is written, so that a game left (or a crash) loses
nothing. The first line says who plays what (:class:`Setup`: ``{"kind":
"soe-local-game", "powers", "seat", "bots", "seed", "level"}``, and for a game played on
from another game's position, ``"from": {"file", "step", "kind"}``: its first ``step``
inputs are that game's, see :mod:`game.client.whatif`); each next line is one
input, ``{"seat", "choice"}`` or ``{"roll"}``, or ``{"undo": k}``: the last k inputs were
taken back. A torn last line (the process died while writing it) is ignored on reading
and cut off (kept in ``FILE.cut``) before the game goes on. The window, the terminal
(``soe play --text``, ``soe resume FILE``) and the replays read the same saves.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.client.words.lang import say
from game.rules import Act, Choice, Input, Roll, RulesError, State, apply_in_place, new_game, pending

LOCAL = "soe-local-game"  # the kind named by a save's first line


class SaveError(ValueError):
    """A one-line reason, naming the file, why a save cannot be written or used (nothing
    was changed)."""


class BadLine(ValueError):
    """A line of a save, before its last, that is no input: its number (the first line is
    1) and why, in words."""

    def __init__(self, path: Path, line: int, why: str) -> None:
        super().__init__(say("{path}:{line}: not an input: {why}", path=path, line=line, why=why))
        self.line, self.why = line, why

    def words(self) -> str:
        """What is wrong, without the file's name, for people."""
        return say("line {line} is not a move of the game: {why}", line=self.line, why=self.why)


@dataclass
class Setup:
    """Who plays what in a local game: the powers in seating order, the player's seat, the
    computer players (``bots``: a bot name) and their strength, the seed of the dice and
    bots; ``inputs``, for a game read back, what was played so far; ``origin``, for a
    game played on from another game's position, where (``file``, ``step``, ``kind``)."""

    powers: list[str]
    seat: int
    bots: str
    seed: int
    level: str = "normal"
    inputs: list[Input] = field(default_factory=list)
    origin: dict[str, Any] | None = None

    @property
    def base(self) -> int:
        """How many of the first inputs are another game's (a game played on from its
        position): none of them is ever taken back."""
        step = self.origin.get("step") if self.origin else 0
        return step if isinstance(step, int) and step > 0 else 0

    @classmethod
    def new(cls, players: int, power: str, bots: str, seed: int | None, level: str = "normal") -> Setup:
        """A new game's setup: the first ``players`` powers of the board, with ``power`` (if
        given) in place of the last when it is not among them, the player in its seat;
        a random seed when none is given. ValueError with a one-line reason for a bad
        request."""
        import secrets

        from game.rules.board import load_board

        b = load_board()
        lo, hi = b.c("players_min"), b.c("players_max")
        if not lo <= players <= hi:
            raise ValueError(say("a game has {lo} to {hi} players, not {players}", lo=lo, hi=hi, players=players))
        powers = [p.id for p in b.powers[:players]]
        if power:
            if power not in b.power_by_id:
                raise ValueError(say("unknown power {power!r}; choose from {powers}", power=power,
                                     powers=", ".join(b.power_by_id)))
            if power not in powers:
                powers[-1] = power
        seat = powers.index(power) if power else 0
        return cls(powers, seat, bots, secrets.randbelow(2**31) if seed is None else seed, level)

    def header(self) -> dict[str, Any]:
        out = {"kind": LOCAL, "powers": list(self.powers), "seat": self.seat, "bots": self.bots, "seed": self.seed,
               "level": self.level}
        if self.origin is not None:
            out["from"] = dict(self.origin)
        return out

    @classmethod
    def from_header(cls, header: dict[str, Any], inputs: list[Input] | None = None) -> Setup:
        """The setup a save's first line names (ValueError, KeyError or TypeError when it is
        not one)."""
        powers = header["powers"]
        seat = int(header["seat"])
        if not isinstance(powers, list) or not 0 <= seat < len(powers):
            raise ValueError(say("the save names seat {seat}, which is not a seat of its game", seat=header["seat"]))
        origin = header.get("from")
        return cls([str(p) for p in powers], seat, str(header["bots"]), int(header["seed"]),
                   str(header.get("level", "normal")), list(inputs or []), dict(origin) if isinstance(origin, dict) else None)


def is_save(first_line: bytes) -> bool:
    """Whether a file whose first line is ``first_line`` is a local save."""
    return LOCAL.encode() in first_line


class SaveFile:
    """A save open for writing, locked (``FILE.lock``, as a network game's log) while in use.

    ``new``: the file must be new or empty (a new game never writes over a file);
    otherwise it is a save that goes on (see :meth:`cut_torn_line`). Raises
    :class:`SaveError` with the reason if it cannot be used.
    """

    def __init__(self, path: Path, *, new: bool) -> None:
        from net.store import GameInUse, lock_game

        self.path = path
        if path.is_dir():
            raise SaveError(say("{path} is a directory; give the name of a file to save the game in", path=path))
        try:
            self.lock = lock_game(path)
        except GameInUse as exc:
            raise SaveError(str(exc)) from None
        except OSError as exc:
            raise SaveError(say("cannot write {path}: {reason}", path=path, reason=exc.strerror or exc)) from exc
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            self.lock.release()
            raise SaveError(say("cannot write {path}: {reason}", path=path, reason=exc.strerror or exc)) from exc
        try:
            if new and os.fstat(fd).st_size:
                raise SaveError(why_not_new(path))
        except BaseException:
            os.close(fd)
            self.lock.release()
            raise
        self.fd = fd

    def cut_torn_line(self) -> bytes:
        """Cut a torn last line (the process died mid-write) before appending; returns it."""
        size = os.fstat(self.fd).st_size
        os.lseek(self.fd, 0, os.SEEK_SET)
        data = b""
        while len(data) < size:
            chunk = os.read(self.fd, size - len(data))
            if not chunk:
                break
            data += chunk
        end = data.rfind(b"\n") + 1
        if end == len(data):
            return b""
        os.ftruncate(self.fd, end)
        os.fsync(self.fd)
        return data[end:]

    def keep_torn_line(self) -> Path | None:
        """Cut a torn last line and keep it in ``FILE.cut`` (nothing is thrown away); where
        it was kept, or None when the save ended whole."""
        dropped = self.cut_torn_line()
        if not dropped:
            return None
        cut = self.path.with_name(self.path.name + ".cut")
        with open(cut, "ab") as f:
            f.write(dropped + b"\n")
        return cut

    def write(self, record: dict[str, Any]) -> None:
        os.write(self.fd, json.dumps(record, sort_keys=True, separators=(",", ":")).encode() + b"\n")
        os.fsync(self.fd)

    def write_setup(self, setup: Setup) -> None:
        self.write(setup.header())

    def write_input(self, inp: Input) -> None:
        self.write(_record(inp))

    def write_inputs(self, inputs: list[Input]) -> None:
        """Many inputs at once, synced once (the leading inputs of a game played on from
        another game's position)."""
        data = b"".join(json.dumps(_record(i), sort_keys=True, separators=(",", ":")).encode() + b"\n" for i in inputs)
        while data:
            data = data[os.write(self.fd, data):]
        os.fsync(self.fd)

    def write_undo(self, count: int) -> None:
        self.write({"undo": count})

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        self.lock.release()


def _record(inp: Input) -> dict[str, Any]:
    return {"roll": list(inp.values)} if isinstance(inp, Roll) else {"seat": inp.seat, "choice": inp.choice.wire()}


def read_save(path: Path) -> tuple[dict[str, Any], list[Input]]:
    """The header and inputs of a save (a torn last line from a crash is ignored; ``undo``
    records take back the inputs they name). ValueError when it is not a save."""
    lines = path.read_bytes().split(b"\n")
    try:
        header = json.loads(lines[0])
    except ValueError as exc:
        raise ValueError(say("{path} is not a local game log", path=path)) from exc
    if not isinstance(header, dict) or header.get("kind") != LOCAL:
        raise ValueError(say("{path} is not a local game log", path=path))
    inputs: list[Input] = []
    for n, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            if "undo" in rec:
                k = int(rec["undo"])
                if not 1 <= k <= len(inputs):
                    raise ValueError(say("cannot take back {k} of {n} inputs", k=k, n=len(inputs)))
                del inputs[len(inputs) - k:]
                continue
            inputs.append(Roll(tuple(rec["roll"])) if "roll" in rec else Act(int(rec["seat"]), Choice.from_wire(rec["choice"])))
        except (ValueError, KeyError, TypeError, RulesError) as exc:
            if n == len(lines):  # a torn last line
                break
            raise BadLine(path, n, _why_bad(exc)) from exc
    return header, inputs


def _why_bad(exc: Exception) -> str:
    """Why a line is no input, in words."""
    if isinstance(exc, json.JSONDecodeError):
        return say("it is garbled")
    if isinstance(exc, KeyError):
        return say("it has no {field} field", field=str(exc.args[0]))
    return str(exc)


def state_of(powers: list[str], inputs: list[Input]) -> State:
    """The state a new game of ``powers`` reaches after ``inputs`` (a RulesError when the
    rules refuse one of them)."""
    st = new_game(powers)
    for inp in inputs:
        apply_in_place(st, inp)
    return st


def load_save(path: Path) -> Setup:
    """A save's setup with its inputs (ValueError with a one-line reason naming the file when
    it cannot be read or is damaged; the inputs are not checked against the rules here)."""
    try:
        header, inputs = read_save(path)
        return Setup.from_header(header, inputs)
    except OSError as exc:
        raise ValueError(say("cannot read {file}: {reason}", file=path.name, reason=exc.strerror or exc)) from exc
    except KeyError as exc:  # a field the header must have: named in words, not as Python quotes it
        raise ValueError(say("{file} is damaged: its first line has no {field} field", file=path.name,
                             field=str(exc.args[0]))) from exc
    except BadLine as exc:
        raise ValueError(say("{file} is damaged: {reason}", file=path.name, reason=exc.words())) from exc
    except (ValueError, TypeError, RulesError) as exc:
        raise ValueError(say("{file} is damaged: {reason}", file=path.name, reason=exc)) from exc


def why_not_new(path: Path) -> str:
    """Why a new game refuses to be saved in an existing file, and what to do instead."""
    try:
        with open(path, "rb") as f:
            first = f.readline()
    except OSError:
        first = b""
    if is_save(first):
        try:
            header, inputs = read_save(path)
            st = state_of(header["powers"], inputs)
        except (OSError, ValueError, KeyError, TypeError, RulesError):
            return say("{path} already holds a saved game; `soe resume {path}` goes on with it, or choose another file",
                       path=path)
        if pending(st).is_over:
            return say("{path} holds a finished game; choose another file for a new game", path=path)
        return say("{path} holds a game in progress; `soe resume {path}` goes on with it, or choose another file",
                   path=path)
    if first.startswith(b"{") and b'"sig"' in first:
        return say("{path} is a network game's log (`soe resume {path}` goes on with it); choose another file",
                   path=path)
    return say("{path} already exists and is not empty; soe play never writes over a file: choose another file",
               path=path)
