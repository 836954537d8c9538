"""The terminal's front end over any table (:mod:`game.client.tables`): what the game
waits for and a numbered menu of every choice the rules allow, each step's events as
lines, the state and tile screens, taking choices back, and leaving.

It draws a table as the window does: the states of the steps it reports, the legal
choices of its seat, ``submit`` and ``undo``. ``soe play --text`` and ``soe resume`` of a
local save stand it on a :class:`~game.client.tables.LocalTable`, read a line when the
game waits for the player and never otherwise; ``soe host``, ``join``, ``spectate`` and
``resume`` of a network log stand it on a :class:`~game.client.nettable.NetTable`, read
the keyboard all the time (``s``, ``t``, ``w`` and ``u`` answer between turns too) and
print what the peer reports as it comes. Both show one menu and one help text.

A decision's menu is the last thing printed: it is shown once everything that led to it
is (a network seat taken up again waits until the others answer), and whatever comes while
it waits for the player (a chat line, a seat falling silent) is followed by its question
again. An attack shows its exact chance to win (:mod:`game.client.odds`) and asks to be
confirmed before it is sent. A network game says when a seat falls silent and when it is
heard again.
"""

from __future__ import annotations

import copy
import queue
import shutil
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TextIO

from game.cli.screens import auction_line, brief, status, tiles_screen
from game.client.nettable import NetTable, UndoRefused
from game.client.odds import AttackOdds, attack_odds, describe_odds
from game.client.tables import Step, Table
from game.client.words.battle import Tracker
from game.client.words.choices import Entry, label, menu, menu_lines
from game.client.words.clocks import clock_lines
from game.client.words.lang import capital, say, say_in, say_n
from game.client.words.names import Names
from game.client.words.peer import chat_refusal, final_scores, link_news, power_name, waiting_line, waiting_nobody
from game.client.words.prompts import prompt_sentence
from game.client.words.verdict import refused
from game.rules import Choice, State, legal, outcome, pending
from game.rules.board import load_board
from net.peer.events import SubmitRefused
from net.peer.links import Connection

InputFn = Callable[[str], str]
PrintFn = Callable[[str], None]


def help_text(network: bool) -> str:
    """The keys, for a local game or a network one (``w`` and the scope of ``u`` differ):
    each key's lines one whole message, its columns kept by the translation."""
    lines = [say("Keys (then Enter):"),
             say("  a number   choose that line of the list; a line that asks for an amount (a bid) then asks\n"
                 "             for the amount, or type both at once: \"2 5\" is line 2 with 5; an attack shows its\n"
                 "             chance to win over every dice outcome and asks to confirm it (y sends it, n goes back)"),
             say("  s          the state of the game: wars and rounds left, play order, the auction, gold,\n"
                 "             population, VP, tiles and pieces left in supply, each area's VP values,\n"
                 "             control markers, units and neutral counters (with their strength)"),
             say("  t          the tiles: costs, what each does, how many are left")]
    if network:
        lines.append(say("  w          whom the game waits for, and since when"))
        lines.append(say("  k          the game clocks: the time each player has left"))
        lines.append(say("  c TEXT     say TEXT to the other players and the spectators (chat)"))
    lines.append(say("  m          the list of choices again"))
    if network:
        lines.append(say("  u          take back your last choice (within your turn; never past dice or a draw)"))
    else:
        lines.append(say("  u          take back your last choice (and the computer players' moves after it); never\n"
                         "             past dice or a draw"))
    lines.append(say("  h or ?     this help"))
    lines.append(say("  q          leave (Ctrl+C too); `soe resume LOG` goes on with the game") if network else
                 say("  q          leave; the game is saved, and `soe resume FILE` goes on with it"))
    return "\n".join(lines)


def reminder(network: bool) -> str:
    """The line under a menu that recalls the keys."""
    if network:
        return say("(a number; s = state, t = tiles, w = who the game waits for, k = clocks, c TEXT = chat, u = undo, "
                   "h = help, q = leave)")
    return say("(a number; s = state, t = tiles, u = undo, h = help, q = leave)")


def amount_question(lo: int, hi: int) -> str:
    """The question for the amount of a menu line (a bid)."""
    return say("Amount ({lo} to {hi}; Enter to go back):", lo=lo, hi=hi)


def yes(answer: str) -> bool:
    """Whether ``answer`` says yes: y or yes, or the language's own words for it (Italian
    s, si, sì)."""
    return answer in ("y", "yes") or answer in say_in("yes, typed", "y yes").split()


def number(text: str) -> int | None:
    """A number typed with the digits 0-9 (not '²' or other digits int() would refuse)."""
    return int(text) if 0 < len(text) <= 9 and all("0" <= ch <= "9" for ch in text) else None


class Keys(Protocol):
    """Where the player's lines come from: ``read(prompt, wait)`` is the next line typed
    (trimmed), or None when none is (``wait`` False: only a line typed
    already; a front end asks without waiting between turns)."""

    def read(self, prompt: str, wait: bool) -> str | None: ...


class PromptKeys:
    """Lines read when asked, after a prompt (``input``, or a test's function); the end of
    the input means ``q``. Nothing is read between turns."""

    def __init__(self, input_fn: InputFn = input) -> None:
        self.input_fn = input_fn

    def read(self, prompt: str, wait: bool) -> str | None:
        if not wait:
            return None
        try:
            return self.input_fn(prompt).strip()
        except EOFError:
            return "q"


class StreamKeys:
    """Lines from a stream (the standard input) read all the time by a thread of their own,
    so that keys answer between turns and the game never waits for the keyboard. A prompt
    other than "> " is printed once when first asked for; the end of the stream means
    nothing more is typed (a seat whose player never answers waits, as the others may
    vote to hand it to a computer player)."""

    def __init__(self, stream: TextIO | None = None, print_fn: PrintFn = print) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        self.print_fn = print_fn
        self._prompted = ""
        if stream is not None:
            threading.Thread(target=self._read, args=(stream,), name="soe-keys", daemon=True).start()

    def _read(self, stream: TextIO) -> None:
        for line in stream:
            self.lines.put(line)

    def type(self, line: str) -> None:
        """A line typed (the tests type this way)."""
        self.lines.put(line)

    def read(self, prompt: str, wait: bool) -> str | None:
        if wait and prompt and prompt != "> " and prompt != self._prompted:
            self.print_fn(prompt.rstrip())
            self._prompted = prompt
        try:
            line = self.lines.get(timeout=0.05) if wait else self.lines.get_nowait()
        except queue.Empty:
            return None
        self._prompted = ""
        return line.strip()


class Terminal:
    """A person at a terminal playing the seat of ``table`` (or watching it). ``path`` is
    the file the game goes on from; ``net``: the table when it is a network game's, whose
    peer's reports ``notice(event)`` prints."""

    def __init__(self, table: Table, path: Path, keys: Keys, print_fn: PrintFn, *, net: NetTable | None = None,
                 notice: Callable[[Any], object] | None = None) -> None:
        self.table = table
        self.path = path
        self.keys = keys
        self._out = print_fn
        self.printed = 0  # lines printed so far (to tell whether anything came after a question)
        self.net = net
        self.network = net is not None
        self.notice = notice  # prints a peer's report; returns whether it printed anything
        self.state: State | None = None
        self.track = Tracker()
        self.tracks: dict[int, Tracker] = {}  # the tracker before each of the player's choices, by step
        self.width = shutil.get_terminal_size((100, 24)).columns
        self.asked = -1  # the step whose menu is shown
        self.entries: list[Entry] = []
        self.amount_for: Entry | None = None  # the menu line whose amount the next line gives
        self.confirm_for: Choice | None = None  # the attack the next line confirms (y) or not
        self.asking = False  # the decision's question is the last thing printed
        self.refused = False  # a network seat's last submission or undo was refused
        self.later: list[Step] = []  # steps taken from the table but not yet shown
        self.links: dict[int, Connection] = {}  # each seat's connection as last said
        self.odds: dict[tuple[int, Choice], AttackOdds] = {}  # an attack's figures, by position and attack

    def print_fn(self, text: str) -> None:
        self.printed += 1
        self._out(text)

    @property
    def seat(self) -> int:
        return int(self.table.seat)

    # ------------------------------------------------------------------ steps and news
    def take(self, step: Step) -> None:
        """Show a step's events (a resumed game's history is only remembered)."""
        before = self.state
        if step.undo:
            self.state = step.state
            self.track = self.tracks.get(step.state.steps, self.track)
            for e in step.events:
                if e.get("kind") == "undo" and isinstance(e.get("choice"), list):
                    self._taken_back(step.state, Choice.from_wire(e["choice"]), int(e.get("others", 0)))
            return
        if before is not None and step.actor == self.seat and self.seat >= 0:
            self.tracks[before.steps] = copy.deepcopy(self.track)
        units = before.units if before is not None and step.actor < 0 else None
        self.state = step.state
        for line in self.track.feed(step.state, step.events, units):
            if not step.history:
                self.print_fn(f"  - {line}")

    def _taken_back(self, st: State, choice: Choice, others: int) -> None:
        what = label(st, self.seat, choice)
        self.print_fn(say_n("Taken back: {choice} (and {n} computer player move after it)",
                            "Taken back: {choice} (and {n} computer player moves after it)", others, choice=what)
                      if others else say("Taken back: {choice}", choice=what))

    def pump(self, timeout: float) -> None:
        """Take the steps and the news the table has (waiting up to ``timeout`` for the
        first), in the order they came; when any of it is printed under the question of a
        decision that still waits, the question again."""
        later, self.later = self.later, []
        if later:
            timeout = 0.0
        said = self.printed
        if self.net is None:
            for step in [*later, *self.table.wait(timeout)]:
                self.take(step)
        else:
            for item in [*later, *self.net.news(timeout)]:
                if isinstance(item, Step):
                    self.take(item)
                elif isinstance(item, SubmitRefused | UndoRefused):
                    self.refused = True
                    self._refusal(item)
                elif self.notice is not None and self.notice(item):
                    self.printed += 1
            self._links_news(self.net)
        if self.asking and self.printed != said:
            self._ask_again()

    def _links_news(self, net: NetTable) -> None:
        """A seat falling silent, or heard again (its program reconnecting)."""
        now = {c.seat: c for c in net.connections()}
        for seat, c in now.items():
            said = link_news(self.links.get(seat), c)
            if said:
                self.print_fn(said)
        self.links = now

    def _ask_again(self) -> None:
        """The question of the decision shown, after lines that came under it (its menu
        stays above: ``m`` shows it again); nothing when the decision has passed."""
        st = self.state
        if st is None or not self.deciding() or self.asked != st.steps:
            self.asking = False
            return
        e, c = self.amount_for, self.confirm_for
        if e is not None:
            self.print_fn(amount_question(e.lo, e.hi))
        elif c is not None:
            self.print_fn(confirm_question(st, self.seat, c))
        else:
            self.print_fn(say("{question} (still your decision; m shows the list of choices again)",
                              question=prompt_sentence(pending(st), load_board(st.ruleset))))
        self.asking = True

    def _refusal(self, event: SubmitRefused | UndoRefused) -> None:
        if isinstance(event, UndoRefused):
            self.print_fn(say("cannot undo: {why}", why=refused(event.code, event.text)))
        else:
            self.print_fn(say("refused: {why} ({code})", why=refused(event.code, event.text), code=event.code))

    def history(self) -> State:
        """Take a resumed game's history, up to the position it was left at; that state
        (the steps that came after it with the history are shown by the next :meth:`pump`)."""
        while True:
            steps = self.table.wait(0.05)
            for k, step in enumerate(steps):
                self.take(step)
                if not step.history:
                    self.later = steps[k + 1:]
                    assert self.state is not None
                    return self.state

    def settle(self) -> State:
        """Wait until a local game waits for this seat or is over; the state it is at."""
        while True:
            self.pump(0.05)
            st = self.state
            if st is not None:
                p = pending(st)
                if p.is_over or p.seat == self.seat:
                    return st

    def deciding(self) -> bool:
        """Whether the game waits for the person at this terminal now."""
        st = self.state
        if st is None or self.seat < 0:
            return False
        p = pending(st)
        if p.is_over or p.seat != self.seat:
            return False
        return self.net.my_turn() and not self.net.catching_up() if self.net is not None else True

    # ------------------------------------------------------------------ a local game
    def run(self) -> int:
        """A local game to its end, or until the player leaves."""
        out = self.print_fn
        out(say("Type a number to choose; h for help, s for the state of the game, t for the tiles, u to take back a "
                "choice, q to leave (the game is saved in {path}).", path=self.path))
        try:
            while True:
                st = self.settle()
                if pending(st).is_over:
                    break
                if self.turn(st) == "left":
                    out(say("Game left; `soe resume {path}` goes on with it.", path=self.path))
                    return 0
        finally:
            self.table.close()
        end = self.state
        assert end is not None
        names = Names(load_board(end.ruleset))
        result = outcome(end)
        assert result is not None
        out("\n" + final_scores(result["scores"], names.power))
        return 0

    # ------------------------------------------------------------------ a network game
    def follow(self, until: Callable[[], str]) -> str:
        """A network game: show what comes, take the player's lines, until ``until()`` says
        why to stop (a non-empty word) or the player leaves (``"left"``)."""
        while True:
            # whether the peer offers this seat a decision, read before its news: what it
            # told before saying so (a catch-up's moves, Connected) is then printed first
            ready = self.net is None or (self.net.my_turn() and not self.net.catching_up())
            self.pump(0.0 if self.deciding() else 0.05)
            why = until()
            if why:
                return why
            if ready and self.deciding():
                if self.turn(self.state) == "left":  # type: ignore[arg-type]
                    return "left"
            else:
                answer = self.keys.read("", False)
                if answer is not None and self.between(answer.lower(), answer) == "left":
                    return "left"

    def between(self, answer: str, raw: str = "") -> str:
        """A line typed while the game does not wait for this seat (``raw``: as typed, for a
        chat line)."""
        if answer in ("q", "quit", "exit"):
            return "left"
        if answer and answer.split()[0].isdigit():
            self.print_fn(say("catching up with the others: the list of choices comes once they answer")
                          if self.net is not None and self.net.catching_up() else
                          say("it is not your turn; `w` shows whom the game waits for"))
        elif answer and not self.command(answer, self.state, raw):
            self.print_fn(say("between your turns: s = state, t = tiles, w = who the game waits for, k = clocks, c TEXT "
                              "= chat, u = undo your last choice, h = help, q = leave"))
        return ""

    # ------------------------------------------------------------------ a decision
    def show(self, st: State) -> None:
        p = pending(st)
        self.print_fn(f"\n{prompt_sentence(p, load_board(st.ruleset))}")
        self.print_fn(f"  [{brief(st, self.seat)}]")
        if p.kind in ("bid", "propose"):
            self.print_fn(f"  {auction_line(st, self.track)}")
        for line in menu_lines(self.entries, self.width):
            self.print_fn(line)
        self.print_fn(reminder(self.network))
        self.asking = True

    def turn(self, st: State) -> str:
        """Show the menu of this decision (once) and take a line: ``"left"`` when the player
        leaves, ``"moved"`` when a choice was sent or taken back, ``""`` otherwise."""
        if self.asked != st.steps or self.entries == []:
            self.asked = st.steps
            self.entries = menu(st, self.seat, legal(st, self.seat))
            self.amount_for = self.confirm_for = None
            self.show(st)
        e, c = self.amount_for, self.confirm_for
        self.asking = True
        raw = self.keys.read(f"{amount_question(e.lo, e.hi)} " if e is not None else
                             f"{confirm_question(st, self.seat, c)} " if c is not None else "> ", True)
        if raw is None:
            return ""
        answer = raw.lower()
        if c is not None:  # the attack chosen last: sent on y, back to the list on n
            return self._confirmed(st, c, answer)
        if e is not None:  # the amount of the line chosen last
            self.amount_for = None
            x = number(answer)
            if x is not None and e.lo <= x <= e.hi:
                return self._send(st, e.choices[x - e.lo])
            if answer not in ("", "q"):
                self.print_fn(say("The amount is a number from {lo} to {hi}.", lo=e.lo, hi=e.hi))
            self.show(st)
            return ""
        if answer in ("q", "quit", "exit"):
            return "left"
        if answer in ("m", ""):
            self.show(st)
            return ""
        if answer == "u":
            return "moved" if self.undo(st) else ""
        words = answer.split()
        n = number(words[0])
        if n is not None and 1 <= n <= len(self.entries) and len(words) <= 2:
            entry = self.entries[n - 1]
            if not entry.amount:
                if len(words) == 1:
                    return self._choose(st, entry.choices[0])
                self.print_fn(say("Line {n} takes no amount: type {n} alone.", n=n))
                return ""
            if len(words) == 1:
                self.amount_for = entry
                return ""
            x = number(words[1])
            if x is not None and entry.lo <= x <= entry.hi:
                return self._send(st, entry.choices[x - entry.lo])
            self.print_fn(say("The amount is a number from {lo} to {hi}.", lo=entry.lo, hi=entry.hi))
            self.show(st)
            return ""
        if self.command(answer, st, raw):
            if answer in ("s", "t", "h", "?", "w"):
                self.show(st)
            return ""
        self.print_fn(say("Type a number from 1 to {n}, or h for help.", n=len(self.entries)))
        return ""

    def _choose(self, st: State, choice: Choice) -> str:
        """Send a choice; an attack first shows its chance to win, and waits for y or n."""
        if not is_attack(choice):
            return self._send(st, choice)
        self._show_odds(st, choice)
        self.confirm_for = choice
        return ""

    def _confirmed(self, st: State, attack: Choice, answer: str) -> str:
        """The answer to an attack's confirmation: y sends it, n (or Enter) goes back to the
        list of choices with nothing sent, anything else asks again."""
        self.confirm_for = None
        if yes(answer):
            return self._send(st, attack)
        if answer in ("n", "no", "", "q"):
            self.show(st)
            return ""
        self.print_fn(say("Type y to make the attack, or n to go back to the list of choices."))
        self.confirm_for = attack
        return ""

    def _show_odds(self, st: State, attack: Choice) -> None:
        """An attack's exact chance to win over every dice outcome (if nobody helps, if the
        defender's allies do, if every ally does), counted once per position and attack,
        with what each figure assumes."""
        b = load_board(st.ruleset)
        names = Names(b)
        name = label(st, self.seat, attack)
        self.odds = {k: v for k, v in self.odds.items() if k[0] == st.steps}
        got = self.odds.get((st.steps, attack))
        if got is None:
            self.print_fn(say("Counting the chance to win over every dice outcome..."))
            got = self.odds[(st.steps, attack)] = attack_odds(st, self.seat, attack,
                                                              lambda s: names.power(st.powers[s]))
        target = str(attack.args[2])
        line, why = describe_odds(got, None, names.power(target) if target in b.power_by_id else None)
        self.print_fn(say("{attack}: {odds}", attack=capital(name), odds=line))
        for part in textwrap.wrap(why, max(40, self.width - 6)):
            self.print_fn(f"    {part}")

    def _send(self, st: State, choice: Choice) -> str:
        self.asking = False
        self.table.submit(choice)
        self._until_moved(st)
        return "moved"

    def _until_moved(self, st: State, timeout: float = 10.0) -> None:
        """Wait for the step of what was just sent or taken back (or, in a network game, its
        refusal, or the timeout: the menu is shown again then)."""
        self.refused = False
        end = time.monotonic() + timeout
        while self.state is st and not self.refused and (not self.network or time.monotonic() < end):
            self.pump(0.05)
        if self.state is st:
            self.asked = -1

    def command(self, answer: str, st: State | None, raw: str = "") -> bool:
        """``s``, ``t``, ``w``, ``k``, ``u``, ``h``, ``c TEXT`` (True, answered), or something else
        (False). ``raw``: the line as typed (a chat line keeps its capitals)."""
        if answer.startswith("c ") and self.net is not None:
            text = (raw or answer)[2:].strip()
            try:
                why = self.net.chat(text).result(timeout=5)
            except TimeoutError:
                why = "rate"
            if why:
                self.print_fn(chat_refusal(why))
            return True
        if answer in ("s", "t"):
            if st is None:
                self.print_fn(say("the game has not started yet"))
            else:
                self.print_fn(status(st, self.seat, self.track) if answer == "s" else tiles_screen(st, max(self.seat, 0)))
        elif answer in ("h", "?"):
            self.print_fn(help_text(self.network))
        elif answer == "w" and self.net is not None:
            waits = self.net.waiting()
            if not waits:
                self.print_fn(say("the game has not started yet") if st is None else waiting_nobody())
            for w in waits:
                self.print_fn(waiting_line(w))
        elif answer == "k" and self.net is not None:
            self.print_fn("\n".join(clock_lines(self.net.clock_rule(), self.net.clocks(), power_name)))
        elif answer == "u" and st is not None:
            self.undo(st)
        else:
            return False
        return True

    def undo(self, st: State) -> bool:
        if not self.table.can_undo():
            self.print_fn(say("Nothing to take back: dice and draws are never taken back, and you have made no "
                              "choice since the last of them.") if not self.network else
                          say("cannot undo: only your own last choice of this turn, since the last dice, can be "
                              "taken back"))
            return False
        self.asking = False
        self.table.undo()
        self._until_moved(st)
        return True


def is_attack(choice: Choice) -> bool:
    """Whether a choice is an attack on a named target (where, what kind, whom), which the
    terminal confirms after its odds; the bare "attack" of an action only asks where."""
    return choice.kind == "attack" and len(choice.args) == 3


def confirm_question(st: State, seat: int, attack: Choice) -> str:
    """The question that confirms an attack."""
    return say("Confirm: {choice}? y = yes, n = no (back to the list of choices)", choice=label(st, seat, attack))


def stdin_keys(print_fn: PrintFn = print) -> StreamKeys:
    """The keyboard of a network game: the standard input, read all the time."""
    return StreamKeys(sys.stdin, print_fn)
