"""The games this user may watch again or take up: the local saves of games against
computer players and the logs that ``soe host``, ``join``, ``spectate`` and ``resume``
write by default, newest first. Each is said from what is cheap to read, never by
replaying or verifying it: the file's date, its first line (the powers, who played them,
which one this user played) and, for a network log, its last lines (the signed ends of a
finished game and its winners). How far a game is (its war and round) and whether a local
save is finished take a replay of its inputs (:func:`check_local`; a network log's,
:func:`check_network`, verifies it too), which a list shows for the rows in sight, after
the rest; a file that does not replay is said to be damaged, and why."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.client import folders
from game.client.saves import LOCAL, BadLine, read_save
from game.client.words.lang import join_and, join_list, language, say, say_n
from game.client.words.lobby import level_name, power_name
from game.rules import RulesError, State, apply_in_place, new_game, outcome, pending
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
    war: int = 0  # how far the game is: its war (0: not known yet) and round (0: between rounds)
    round: int = 0
    problem: str = ""  # why the file cannot be taken for a game, in a word or two ("" when it can)
    damage: str = ""  # what is wrong with it, in a sentence, when it was replayed and failed


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
        e.problem = say("cannot be read: {reason}", reason=exc.strerror or exc)
        return e
    try:
        head = json.loads(first)
    except ValueError:
        head = None
    if not isinstance(head, dict):
        e.problem = say("empty") if not first.strip() else say("its first line is no game's")
        return e
    try:
        if kind == "local":
            _local(e, head)
        else:
            _network(e, head, tail)
    except (KeyError, TypeError, ValueError, IndexError):
        e.problem = say("its first line is no game's")
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
        known.put(e)


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


@dataclass(frozen=True)
class _Checked:
    """What a replay of a file found: finished or not (None when it does not replay), its
    winners, the war and round it reached, what is wrong with it."""

    finished: bool | None
    winners: list[str]
    war: int = 0
    round: int = 0
    damage: str = ""

    def put(self, e: GameEntry) -> None:
        e.finished, e.winners, e.war, e.round = self.finished, list(self.winners), self.war, self.round
        if self.damage:
            e.problem, e.damage = say("damaged"), self.damage


# what each file replayed to, by (file, size, time written, the language its damage is said in): a list
# shown again reads it once
_outcomes: dict[tuple[str, int, int, str], _Checked] = {}


def _key(e: GameEntry) -> tuple[str, int, int, str]:
    try:
        st = e.path.stat()
    except OSError:
        return (str(e.path), -1, -1, language())
    return (str(e.path), st.st_size, st.st_mtime_ns, language())


def _reached(st: State) -> _Checked:
    over = pending(st).is_over
    res = outcome(st) if over else None
    return _Checked(over, [str(w) for w in res["winners"]] if res else [], st.war, st.round)


def check_local(e: GameEntry) -> None:
    """Whether a local save is finished and how far it is, by replaying its inputs (kept
    for the file as it is): when it does not replay, ``finished`` stays None and
    ``problem`` says it is damaged, ``damage`` why."""
    key = _key(e)
    known = _outcomes.get(key)
    if known is None:
        known = _replay_local(e.path)
        _outcomes[key] = known
    known.put(e)


def _replay_local(path: Path) -> _Checked:
    try:
        header, inputs = read_save(path)
        st = new_game([str(p) for p in header["powers"]])
    except OSError as exc:
        return _Checked(None, [], damage=say("it cannot be read: {reason}", reason=exc.strerror or exc))
    except BadLine as exc:
        return _Checked(None, [], damage=exc.words())
    except KeyError as exc:
        return _Checked(None, [], damage=say("its first line has no {field} field", field=str(exc.args[0])))
    except (ValueError, TypeError, RulesError) as exc:
        return _Checked(None, [], damage=say("its first line names no game: {reason}", reason=exc))
    for i, inp in enumerate(inputs):
        try:
            apply_in_place(st, inp)
        except RulesError as exc:
            where = _when(st.war, st.round)
            return _Checked(None, [], st.war, st.round,
                            say("move {n} ({when}) is not allowed: {reason}", n=i + 1, when=where, reason=exc))
    return _reached(st)


def checked(e: GameEntry) -> bool:
    """Whether the file was replayed (or need not be: its first line says no game)."""
    return bool(e.problem) or e.war > 0


def check(e: GameEntry) -> None:
    """:func:`check_local` or :func:`check_network`, as the file is."""
    (check_local if e.kind == "local" else check_network)(e)


def check_network(e: GameEntry) -> None:
    """How far a network game's log is, and whether it is finished, by verifying it and
    replaying its moves (kept for the file as it is): a log that fails verification is
    damaged (``damage`` says where and why)."""
    key = _key(e)
    known = _outcomes.get(key)
    if known is None:
        known = _replay_network(e.path)
        _outcomes[key] = known
    known.put(e)


def _replay_network(path: Path) -> _Checked:
    from net.core.transcript import Transcript
    from net.verify import verify_file

    seen: list[Transcript] = []

    def watch(t: Transcript) -> None:  # the verifier's replay: its state is the game's as far as it goes
        if not seen:
            seen.append(t)

    try:
        rep = verify_file(path, watch)
    except OSError as exc:
        return _Checked(None, [], damage=say("it cannot be read: {reason}", reason=exc.strerror or exc))
    st = seen[0].state if seen else None
    if st is None:
        return _Checked(None, [], damage=say("it holds no game"))
    got = _reached(st)
    if rep.status == "failed" and rep.failure:
        f = rep.failure
        why = (say("it fails verification at line {line}: {reason}", line=f["line"], reason=f["text"]) if f.get("line")
               else say("it fails verification at {reason}", reason=f["text"]))
        return _Checked(got.finished, got.winners, got.war, got.round, why)
    return got


def _when(war: int, rnd: int) -> str:
    """Where a game is, in its war and round: "war 2, round 3", "war 1"."""
    return say("war {war}, round {round}", war=war, round=rnd) if rnd else say("war {war}", war=war)


def _date(seconds: float) -> str:
    """When a file was written, for the list: "05 Mar 2024 14:03" (the month in the language in use)."""
    if language() == "en":
        return time.strftime("%d %b %Y %H:%M", time.localtime(seconds))
    from datetime import datetime

    from babel.dates import format_datetime

    return str(format_datetime(datetime.fromtimestamp(seconds), "dd MMM yyyy HH:mm", locale=language()))


def headline(e: GameEntry) -> str:
    """The first line of a row: when, what kind of game (and how it stands: :func:`standing`)."""
    when = _date(e.modified)
    if e.origin is not None:
        kind = say("Local game played on from step {step} of {file}", step=e.origin[1], file=e.origin[0])
    elif e.kind == "local":
        kind = say("Local game")
    else:
        kind = say("Network game, as a spectator") if e.spectator else say("Network game")
    return f"{when}   {kind}"


def standing(e: GameEntry) -> str:
    """Whether the game is finished and who won, or why the file may not be watched."""
    if e.problem:
        return e.problem
    if e.finished is None:
        return "\u2026"  # being checked
    if e.finished:
        if not e.winners:
            return say("finished")
        names = join_and(power_name(w) for w in e.winners)
        return say_n("finished: {names} won", "finished: {names} win", len(e.winners), names=names)
    return say("not finished: {progress}", progress=progress(e)) if e.war else say("not finished")


def progress(e: GameEntry) -> str:
    """How far the game is, for people: its war and round."""
    if e.round:
        return say("war {war} of {wars}, round {round}", war=e.war, wars=3, round=e.round)
    return say("war {war} of {wars}", war=e.war, wars=3)


def who_played(e: GameEntry) -> str:
    """The second line of a row: the powers, and who played them (this user's first)."""
    if not e.powers:
        return e.path.name
    if e.kind == "local":
        others = join_list(power_name(p) for i, p in enumerate(e.powers) if i != e.you)
        level = level_name(e.opponents) if e.opponents else ""
        if e.you >= 0:
            me = power_name(e.powers[e.you])
            return (say("You played {power} against {others} (computer, {level})", power=me, others=others,
                        level=level) if level
                    else say("You played {power} against {others} (computer)", power=me, others=others))
        return (say("{others} (computer, {level})", others=others, level=level) if level
                else say("{others} (computer)", others=others))
    seats = [power_name(p) + (f" ({n})" if n else "") for p, n in zip(e.powers, e.names, strict=True)]
    if e.you >= 0:  # this user's power first: a line cut short still says it
        return say("You played {power} against {others}", power=seats[e.you],
                   others=join_list(s for i, s in enumerate(seats) if i != e.you))
    return join_list(seats)
