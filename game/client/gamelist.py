"""The games this user may watch again: the local saves of games against computer players
and the logs that ``soe host``, ``join``, ``spectate`` and ``resume`` write by default,
newest first. Each is said from what is cheap to read, never by replaying or verifying
it: the file's date, its first line (the powers, who played them, which one this user
played) and, for a network log, its last lines (the signed ends of a finished game and
its winners). Whether a local save is finished takes a replay of its inputs
(:func:`check_local`), which a list shows for the rows in sight, after the rest."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.client import folders
from game.client.saves import LOCAL, read_save, state_of
from game.rules import RulesError, outcome, pending
from net.core.identity import fingerprint

HEAD = 65536  # at most this much of a file's first line is read
TAIL = 32768  # the end of a network log read for its end messages (one per player, after the openings)


@dataclass
class GameEntry:
    """One game file as the list says it."""

    path: Path
    kind: str  # "local" or "network"
    modified: float  # when it was last written (seconds since the epoch)
    powers: list[str] = field(default_factory=list)  # power ids by seat
    names: list[str] = field(default_factory=list)  # the players' names by seat (network games)
    you: int = -1  # the seat this user played, -1 when none or not known
    spectator: bool = False  # a network log this user kept as a spectator
    opponents: str = ""  # a local game's computer players' strength
    origin: tuple[str, int] | None = None  # a local game played on from another game: its file's name and step
    finished: bool | None = None  # None: not known (yet)
    winners: list[str] = field(default_factory=list)
    problem: str = ""  # why its first line says no game ("" when it does)


def game_dirs() -> list[tuple[Path, str]]:
    """Where local saves and network game logs are kept by default (with an earlier
    release's folders where they differ), and which kind each holds."""
    return [*((d, "local") for d in folders.game_dirs("local")), *((d, "network") for d in folders.game_dirs("games"))]


def list_games() -> list[GameEntry]:
    """Every ``*.jsonl`` file of those folders, newest first, each read cheaply."""
    found: list[tuple[int, str, GameEntry]] = []
    for folder, kind in game_dirs():
        try:
            files = sorted(p for p in folder.glob("*.jsonl") if p.is_file())
        except OSError:
            continue
        for path in files:
            try:
                st = path.stat()
            except OSError:
                continue
            found.append((st.st_mtime_ns, path.name, read_entry(path, kind, st.st_mtime, st.st_size)))
    found.sort(key=lambda f: (f[0], f[1]), reverse=True)
    return [e for _, _, e in found]


def read_entry(path: Path, kind: str, modified: float, size: int) -> GameEntry:
    """What the list says of one file: its first line (and a network log's last lines)."""
    e = GameEntry(path, kind, modified)
    try:
        with open(path, "rb") as f:
            first = f.readline(HEAD)
            if kind == "network":
                f.seek(max(0, size - TAIL))
                tail = f.read(TAIL)
                if size > TAIL:
                    tail = tail.split(b"\n", 1)[-1]  # a line cut by the seek
            else:
                tail = b""
    except OSError as exc:
        e.problem = f"cannot be read: {exc.strerror or exc}"
        return e
    try:
        head = json.loads(first)
    except ValueError:
        head = None
    if not isinstance(head, dict):
        e.problem = "empty" if not first.strip() else "its first line is no game's"
        return e
    try:
        if kind == "local":
            _local(e, head)
        else:
            _network(e, head, tail)
    except (KeyError, TypeError, ValueError, IndexError):
        e.problem = "its first line is no game's"
    return e


def _local(e: GameEntry, head: dict[str, Any]) -> None:
    if head.get("kind") != LOCAL:
        raise ValueError("not a local save")
    e.powers = [str(p) for p in head["powers"]]
    e.you = int(head["seat"]) if 0 <= int(head["seat"]) < len(e.powers) else -1
    e.opponents = str(head.get("level") or head.get("bots") or "")
    got = head.get("from")
    if isinstance(got, dict) and isinstance(got.get("step"), int):
        e.origin = (str(got.get("file", "")), int(got["step"]))
    known = _outcomes.get(_key(e))
    if known is not None:
        e.finished, e.winners = known


def _network(e: GameEntry, head: dict[str, Any], tail: bytes) -> None:
    if head.get("kind") != "genesis":
        raise ValueError("not a network log")
    seats = head["body"]["seats"]
    e.powers = [str(s["power"]) for s in seats]
    e.names = [str(s.get("name", "")) for s in seats]
    parts = e.path.name.split(".")  # GAME.FINGERPRINT[.ROLE].jsonl, as soe host/join/spectate name it
    e.spectator = len(parts) == 4 and parts[2] == "spectator"
    if len(parts) >= 3 and not e.spectator:
        mine = [i for i, s in enumerate(seats) if s.get("key") and fingerprint(str(s["key"])) == parts[1]]
        e.you = mine[0] if mine else -1
    e.finished = False
    for line in tail.split(b"\n"):
        if b'"end"' not in line:
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if isinstance(msg, dict) and msg.get("kind") == "end" and isinstance(msg.get("body"), dict):
            e.finished = True
            e.winners = [str(w) for w in msg["body"].get("winners", [])]


# whether each local save is finished, and its winners, by (file, size, time written)
_outcomes: dict[tuple[str, int, int], tuple[bool | None, list[str]]] = {}


def _key(e: GameEntry) -> tuple[str, int, int]:
    try:
        st = e.path.stat()
    except OSError:
        return (str(e.path), -1, -1)
    return (str(e.path), st.st_size, st.st_mtime_ns)


def check_local(e: GameEntry) -> None:
    """Whether a local save is finished, by replaying its inputs (kept for the file as it
    is): ``finished`` stays None when the save cannot be replayed (its replay says why)."""
    key = _key(e)
    known = _outcomes.get(key)
    if known is None:
        try:
            header, inputs = read_save(e.path)
            st = state_of([str(p) for p in header["powers"]], inputs)
            over = pending(st).is_over
            res = outcome(st) if over else None
            known = (over, [str(w) for w in res["winners"]] if res else [])
        except (OSError, ValueError, KeyError, TypeError, RulesError):
            known = (None, [])
        _outcomes[key] = known
    e.finished, e.winners = known
    if e.finished is None:
        e.problem = "damaged"


def power_name(pid: str) -> str:
    from game.rules.board import load_board

    b = load_board()
    return b.power_name(pid) if pid in b.power_by_id else pid


def headline(e: GameEntry) -> str:
    """The first line of a row: when, what kind of game (and how it stands: :func:`standing`)."""
    when = time.strftime("%d %b %Y %H:%M", time.localtime(e.modified))
    kind = "Local game" if e.kind == "local" else ("Network game, as a spectator" if e.spectator else "Network game")
    if e.origin is not None:
        kind = f"Local game played on from step {e.origin[1]} of {e.origin[0]}"
    return f"{when}   {kind}"


def standing(e: GameEntry) -> str:
    """Whether the game is finished and who won, or why the file may not be watched."""
    if e.problem:
        state = e.problem
    elif e.finished is None:
        state = "\u2026"  # being checked
    elif e.finished:
        names = " and ".join(power_name(w) for w in e.winners)
        state = f"finished: {names} {'win' if len(e.winners) > 1 else 'won'}" if names else "finished"
    else:
        state = "not finished"
    return state


def who_played(e: GameEntry) -> str:
    """The second line of a row: the powers, and who played them."""
    if not e.powers:
        return e.path.name
    if e.kind == "local":
        me = power_name(e.powers[e.you]) if e.you >= 0 else ""
        others = [power_name(p) for i, p in enumerate(e.powers) if i != e.you]
        level = f", {e.opponents}" if e.opponents else ""
        return (f"You played {me} against {', '.join(others)} (computer{level})" if me
                else ", ".join(others) + f" (computer{level})")
    seats = [power_name(p) + (f" ({n})" if n else "") for p, n in zip(e.powers, e.names, strict=True)]
    you = f"; you played {power_name(e.powers[e.you])}" if e.you >= 0 else ""
    return ", ".join(seats) + you
