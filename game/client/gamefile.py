"""A finished or saved game read back for watching (``soe replay FILE``): a local save of
``soe play`` or a network game's signed log, turned into the steps the game screen shows
(the state after each input of the game, with its events as a spectator sees them), the
points of the game worth marking (a seat dropped, a reveal withheld, where a damaged log
stops, a seat resigned, the dice became unwitnessed) and, for a network log, the
verifier's verdict in words.

Nothing here draws; errors come back as :class:`GameFileError` with one line for the
command line or the screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.client.saves import BadLine, is_save, read_save
from game.client.tables import Step
from game.client.words import verdict as verdict_words
from game.client.words.lang import N_, join_list, say
from game.client.words.names import Names
from game.client.words.refusals import refusal_line
from game.rules import Act, Input, Roll, RulesError, State, apply_in_place, event_dicts, new_game
from game.rules.board import load_board

if TYPE_CHECKING:
    from net.core.chance import ChanceRecord
    from net.core.plans import DropRecord

NOTE = "\u26a0 "  # the first characters of an event text that marks a contested point (the log panel colours it)

CHANCE_WORDS = {"dice": N_("a battle's dice"), "reroll": N_("a re-roll"), "sea_roll": N_("a sea roll"),
                "draw": N_("a draw from the bag"), "first_player": N_("the draw for first player")}  # said with say()

HEADLINES = {"fair": N_("Verified: fair"), "contested": N_("Verified: CONTESTED"),
             "incomplete": N_("Verified: INCOMPLETE"), "failed": N_("Verification FAILED")}  # said with say()


class GameFileError(ValueError):
    """Why a file cannot be watched, in one line."""


@dataclass(frozen=True)
class Mark:
    """A point of the game the replay marks on its timeline and says when it gets there:
    ``step`` is the timeline position (the state after that many inputs)."""

    step: int
    # drop (a seat dropped), withheld (its last reveal of a chance event), failure (the log
    # stops), resign (a seat resigned), unwitnessed (dice fed by fewer than two players' chains),
    # branch (where a game played on from another game's position leaves it)
    kind: str
    text: str  # the whole story, for the timeline and the note over the map
    short: str = ""  # the event text of its step (the log panel and the line under the prompt)
    until: int = -1  # the last step of a stretch the mark covers (unwitnessed dice); -1: a point


@dataclass(frozen=True)
class Verdict:
    """What the file's checks say: ``status`` is the verifier's (fair, contested,
    incomplete, failed) or ``local`` for a save of a game against computer players;
    ``headline`` one line and ``reasons`` a sentence each."""

    status: str
    headline: str
    reasons: tuple[str, ...] = ()


@dataclass
class GameFile:
    path: Path
    kind: str  # "local" or "network"
    powers: list[str]
    steps: list[Step]  # steps[0] is the game's first position; steps[k] the state after k inputs
    verdict: Verdict
    marks: list[Mark] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # the players' names, by seat (network games)
    inputs: list[Input] = field(default_factory=list)  # the game's inputs: steps[k] is after inputs[:k]
    chances: list[ChanceRecord] = field(default_factory=list)  # a network log's chance events, in order
    drops: list[tuple[DropRecord, int]] = field(default_factory=list)  # each drop, with the inputs applied before it
    origin: tuple[str, int] | None = None  # a save played on from another game: its file's name and step
    you: int = -1  # the seat the save's player played (a local save)

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    @property
    def failed(self) -> bool:
        return self.verdict.status == "failed"


def load_game_file(path: Path) -> GameFile:
    """Read ``path`` as whichever kind of game file it is (as ``soe resume`` tells them
    apart: a local save's first line names it)."""
    if path.is_dir():
        raise GameFileError(say("{path} is a directory, not a game file", path=path))
    try:
        with open(path, "rb") as f:
            first = f.readline(4096)
    except FileNotFoundError:
        raise GameFileError(say("{path}: no such file", path=path)) from None
    except OSError as exc:
        raise GameFileError(say("cannot read {path}: {why}", path=path, why=exc.strerror or exc)) from None
    if not first.strip():
        raise GameFileError(say("{path} is empty: neither a saved game nor a game log", path=path))
    if is_save(first):
        return _local(path)
    return _network(path)


def _forward(start: State, inputs: list[Input], checked: bool = False
             ) -> tuple[list[Step], tuple[int, RulesError] | None]:
    """The steps of ``inputs`` applied in turn from ``start``, events as a spectator sees
    them; stops at an input the rules refuse (its index and the refusal). ``checked``:
    the inputs were found legal before (a verified log's), so they are not checked again."""
    st = start.clone()
    steps = [Step(st.clone(), [], -1)]
    for i, inp in enumerate(inputs):
        try:
            events = apply_in_place(st, inp, checked=checked)
        except RulesError as exc:
            return steps, (i, exc)
        steps.append(Step(st.clone(), event_dicts(events, None), inp.seat if isinstance(inp, Act) else -1))
    return steps, None


def _where(st: State) -> str:
    """Where a position is in the game, for people."""
    if st.round:
        return say("war {war}, round {round}", war=st.war, round=st.round)
    return say("war {war}", war=st.war)


def _local(path: Path) -> GameFile:

    try:
        header, inputs = read_save(path)
        powers = header["powers"]
        if not isinstance(powers, list) or not 2 <= len(powers) <= 7:
            raise ValueError("its header names no game of 2 to 7 powers")
        start = new_game([str(p) for p in powers])
    except OSError as exc:
        raise GameFileError(say("cannot read {path}: {why}", path=path, why=exc.strerror or exc)) from None
    except BadLine as exc:
        raise GameFileError(say("{file} is a damaged local save: {why}", file=path.name, why=exc.words())) from None
    except (ValueError, KeyError, TypeError, RulesError) as exc:
        raise GameFileError(say("{file} is a damaged local save: {why}", file=path.name, why=exc)) from None
    steps, bad = _forward(start, inputs)
    marks: list[Mark] = []
    origin = _origin(header)
    if bad is None:
        reasons = [say("A save of soe play: no signatures or beacon dice to verify; its dice come from the game's seed.")]
        if origin is not None and 0 < origin[1] <= len(steps) - 1:
            k = origin[1]
            reasons.append(say("It was played on from step {step} of {file} ({where}): its first {step} inputs, dice "
                               "included, are that game's; its own dice come after them.", step=k, file=origin[0],
                               where=_where(steps[k].state)))
            marks.append(Mark(k, "branch", say("Here this game leaves {file}, played on from its step {step}: from "
                                               "here the dice are this game's own.", file=origin[0], step=k),
                              say("From here the game is played on from {file} (its step {step})", file=origin[0],
                                  step=k)))
            _note(steps, k, marks[-1].short)
        verdict = Verdict("local", say("A local game against computer players"), tuple(reasons))
    else:
        i, refusal = bad
        why = say("input {n} of the save is not allowed where it stands: {refusal}", n=i + 1,
                  refusal=refusal_line(refusal, load_board(start.ruleset)))
        verdict = Verdict("failed", say("Damaged save"), (say("{why}; the replay stops at step {step}, the last sound "
                                                             "position.", why=why, step=len(steps) - 1),))
        marks.append(Mark(len(steps) - 1, "failure", NOTE + say("The save is damaged here: {why}.", why=why),
                          NOTE + say("The save is damaged after this step: input {n} is not allowed", n=i + 1)))
        _note(steps, len(steps) - 1, marks[-1].short)
    you = header.get("seat")
    return GameFile(path, "local", [str(p) for p in powers], steps, verdict, marks, inputs=inputs[:len(steps) - 1],
                    origin=origin, you=you if isinstance(you, int) and 0 <= you < len(powers) else -1)


def _origin(header: dict[str, Any]) -> tuple[str, int] | None:
    """Where a save was played on from: the game file's name and its step (a what-if save's
    header says ``"from": {"file", "step"}``), or None."""
    got = header.get("from")
    if not isinstance(got, dict) or not isinstance(got.get("step"), int) or got["step"] < 0:
        return None
    return str(got.get("file", "")), int(got["step"])


def _chat(path: Path, t: Any, inputs_at: dict[int, int], steps: list[Step]) -> None:
    """The chat lines kept beside a network log (``LOG.chat``): each one whose signature and
    game check out, at the step its writer saw, as a ``chat`` event (its ``text`` in words:
    the writer's name and the line). Chat is never part of the game: it changes no verdict."""
    from game.client.words.peer import chat_line
    from net.core.chat import ChatBox
    from net.core.envelope import parse
    from net.core.reasons import Reject
    from net.peer.events import Chat
    from net.peer.files import read_chat

    g = t.genesis
    box = ChatBox(g.game_id)
    for raw in read_chat(path):
        try:
            env = parse(raw)
        except Reject:
            continue
        if env.kind == "chat" and env.game == g.game_id and _signed(env):
            box.restore(env, False)
    last = len(steps) - 1
    known = sorted(inputs_at)
    for line in box.lines:
        at = max((p for p in known if p <= line.at), default=0)
        k = min(inputs_at.get(at, 0), last)
        seat = t.seat_of(line.author)
        name = g.seats[seat].name if seat >= 0 and g.seats[seat].name else line.name
        said = chat_line(Chat(line.author, seat, name, line.text, line.at, False))
        s = steps[k]
        steps[k] = Step(s.state, [*s.events, {"kind": "chat", "text": said, "name": name, "seat": seat,
                                              "chat": line.text}], s.actor, s.undo)


def _signed(env: Any) -> bool:
    from net.core.envelope import check_signature
    from net.core.reasons import Reject

    try:
        check_signature(env)
    except Reject:
        return False
    return True


def _note(steps: list[Step], k: int, text: str) -> None:
    """Say ``text`` with step ``k``'s events (after them, so it is the last thing shown)."""
    s = steps[k]
    steps[k] = Step(s.state, [*s.events, {"kind": "notice", "text": text}], s.actor, s.undo)


def _network(path: Path) -> GameFile:
    from net.core.transcript import Transcript
    from net.verify import verify_file

    seen: list[Transcript] = []
    drops: list[tuple[DropRecord, int]] = []  # each drop that took effect, with the inputs applied before it
    resigns: list[tuple[int, int, int]] = []  # each resignation: seat, its message's index, inputs applied before it
    counts = [0, 0]  # inputs applied and drops made before the message now accepted
    inputs_at: dict[int, int] = {}  # a position of the transcript -> the inputs applied there

    def watch(t: Transcript) -> None:  # the verifier's replay, followed message by message
        if not seen:
            seen.append(t)
        table = t.referee
        if table is None:
            return
        inputs_at[t.position] = len(table.inputs)
        if len(table.drops) > counts[1]:
            drops.extend((d, counts[0]) for d in table.drops[counts[1]:])
        if len(table.resigned_at) > len(resigns):
            known = {s for s, _, _ in resigns}
            resigns.extend((s, table.resigned_at[s], counts[0]) for s in sorted(table.resigned_at) if s not in known)
        counts[:] = [len(table.inputs), len(table.drops)]

    try:
        rep = verify_file(path, watch)  # stops at the first line it refuses: the game is watched as far as there
    except OSError as exc:
        raise GameFileError(say("cannot read {path}: {why}", path=path, why=exc.strerror or exc)) from None
    if not seen or seen[0].genesis is None or seen[0].referee is None:
        if rep.failure:
            raise GameFileError(say("{file} is neither a local save of soe play nor a network game log: line {line}: "
                                    "{why}", file=path.name, line=rep.failure["line"], why=verdict_words.failure(rep.failure)))
        raise GameFileError(say("{file} is neither a local save of soe play nor a network game log", file=path.name))
    t = seen[0]
    g, table = t.genesis, t.referee
    assert g is not None and table is not None
    steps, bad = _forward(g.new_state(), list(table.inputs), checked=True)  # the transcript applied them
    if bad is not None:  # the transcript applied them: this would be a bug of the engine, said as such
        raise GameFileError(say("{file}: input {n} of the game does not apply again: {why}", file=path.name,
                                n=bad[0] + 1, why=bad[1]))
    last = len(steps) - 1
    seats = g.seats

    def who(s: int) -> str:
        name = seats[s].name
        if name:
            return say("{power} (seat {seat}, {name})", power=_power_name(seats[s].power), seat=s, name=repr(name))
        return say("{power} (seat {seat})", power=_power_name(seats[s].power), seat=s)

    def short(seats_: tuple[int, ...]) -> str:
        return join_list(say("{power} (seat {seat})", power=_power_name(seats[s].power), seat=s) for s in seats_)

    marks: list[Mark] = []
    reasons: list[str] = []
    for d, before in drops:
        k = min(before, last)
        shown = min(k + 1, last)  # the first step made without the seat (else the last there is)
        place = say("at step {step} ({where}; log line {line})", step=k, where=_where(steps[k].state),
                    line=d.index + 1)
        names = join_list(who(s) for s in d.seats)
        if d.after_reveals:
            kind = say(CHANCE_WORDS.get(table.chances[d.chance - 1].kind, N_("a chance event"))) \
                if 0 < d.chance <= len(table.chances) else say("a chance event")
            made = say("the roll made without it (step {step})", step=shown) if shown > k \
                else say("the roll made without it")
            text = say("{names} withheld its reveal for chance event {chance} ({kind}) after every other reveal of it "
                       "was in, and was dropped {place}: it could compute that roll with and without its reveal, and "
                       "{made} stands; a computer player plays the seat from there.", names=names, chance=d.chance,
                       kind=kind, place=place, made=made)
            marks.append(Mark(shown, "withheld", NOTE + text,
                              NOTE + say("{seats} withheld its reveal for chance event {chance} and was dropped: this "
                                         "roll was made without it (contested; log line {line})", seats=short(d.seats),
                                         chance=d.chance, line=d.index + 1)))
        else:
            text = say("{names} was dropped for withholding ({withheld}) {place}; a computer player plays the seat from "
                       "there.", names=names, withheld=", ".join(d.withheld), place=place)
            marks.append(Mark(shown, "drop", NOTE + text,
                              NOTE + say("{seats} was dropped for withholding ({withheld}): a computer player plays it "
                                         "from here (log line {line})", seats=short(d.seats),
                                         withheld=", ".join(d.withheld), line=d.index + 1)))
        reasons.append(text)
        _note(steps, shown, marks[-1].short)
    for seat, index, before in resigns:
        k = min(before, last)
        shown = min(k + 1, last)  # the computer player's first decision for the seat (else the last step)
        marks.append(Mark(shown, "resign",
                          say("{who} resigned at step {step} ({where}; log line {line}); a computer player plays the "
                              "seat from there.", who=who(seat), step=k, where=_where(steps[k].state), line=index + 1),
                          say("{seats} resigned: a computer player plays it from here (log line {line})",
                              seats=short((seat,)), line=index + 1)))
        _note(steps, shown, marks[-1].short)
    for mark in _unwitnessed(table.inputs, table.chances, steps, who, short):
        marks.append(mark)
        _note(steps, mark.step, mark.short)
    _chat(path, t, inputs_at, steps)
    # unwitnessed dice, evidence against an author (the drops are said above, with their steps)
    reasons += [verdict_words.contested(r) for r in rep.reasons if r.get("code") not in ("withheld_last", "dropped")]
    if rep.status in ("failed", "incomplete") and rep.failure:
        f = rep.failure
        line = say("line {line}: {why}", line=f["line"], why=verdict_words.failure(f)) if f.get("line") \
            else verdict_words.failure(f)
        if rep.status == "failed":
            line = say("{failure} ({code}); the replay stops at step {step}, the last sound position", failure=line,
                       code=f["code"], step=last)
        reasons.insert(0, line[:1].upper() + line[1:] + ".")
        if rep.status == "failed":
            marks.append(Mark(last, "failure", NOTE + say("The log fails verification after this step: {failure}.",
                                                          failure=line),
                              NOTE + say("The log fails verification after this step (line {line}, {code})",
                                         line=f["line"], code=f["code"])))
            _note(steps, last, marks[-1].short)
    headline = say(HEADLINES[rep.status])
    if rep.status == "fair":
        reasons.insert(0, say("Every signature, hash chain, die, state hash and unrest opening checks out."))
    marks.sort(key=lambda m: m.step)
    return GameFile(path, "network", [s.power for s in seats], steps, Verdict(rep.status, headline, tuple(reasons)),
                    marks, [s.name for s in seats], inputs=list(table.inputs), chances=list(table.chances),
                    drops=[(d, min(before, last)) for d, before in drops])


def _unwitnessed(inputs: list[Input], chances: list[ChanceRecord], steps: list[Step], who: Callable[[int], str],
                 short: Callable[[tuple[int, ...]], str]) -> list[Mark]:
    """A mark where each stretch of unwitnessed chance events starts (fewer than two
    players' hash chains fed their beacon), covering the steps of that stretch: one per
    stretch fed by the same seats. The steps of the chance events are those of their
    rolls among the inputs (the n-th roll is the n-th chance event)."""
    at = [i + 1 for i, inp in enumerate(inputs) if isinstance(inp, Roll)]
    if len(at) != len(chances):  # cannot happen in a log the transcript accepted; nothing to place then
        return []
    out: list[Mark] = []
    i = 0
    while i < len(chances):
        c = chances[i]
        if c.witnessed:
            i += 1
            continue
        j = i
        while j + 1 < len(chances) and not chances[j + 1].witnessed and chances[j + 1].revealers == c.revealers:
            j += 1
        k, end = at[i], at[j]
        n = j - i + 1
        which = say("chance event {r}", r=c.r) if n == 1 else \
            say("chance events {r} to {last} ({n} of them)", r=c.r, last=chances[j].r, n=n)
        kind = say(CHANCE_WORDS.get(c.kind, N_("a chance event")))
        if c.revealers:
            why = say("only the hash chain of {who} fed the beacon, so that player knew each roll before anyone else",
                      who=who(c.revealers[0]))
            brief = say("only the hash chain of {seats} feeds the beacon", seats=short(c.revealers))
        else:
            why = say("no player's hash chain fed the beacon (no seat is played by its person), so anyone could "
                      "compute them")
            brief = say("no player's hash chain feeds the beacon")
        which_short = say("chance event {r}", r=c.r) if n == 1 else \
            say("chance events {r} to {last}", r=c.r, last=chances[j].r)
        out.append(Mark(k, "unwitnessed",
                        NOTE + say("From step {step} ({where}; {kind}) the dice are unwitnessed: {why}: {which}, up to "
                                   "step {end}.", step=k, where=_where(steps[k].state), kind=kind, why=why, which=which,
                                   end=end),
                        NOTE + say("From here the dice are unwitnessed: {brief} ({which})", brief=brief,
                                   which=which_short), end))
        i = j + 1
    return out


def _power_name(pid: str) -> str:
    from game.rules.board import load_board

    b = load_board()
    return Names(b).power(pid) if pid in b.power_by_id else pid
