"""The terminal's front end over any table (:mod:`game.client.tables`): what the game
waits for and a numbered menu of every choice the rules allow, each step's events as
lines, the state and tile screens, taking choices back, and leaving.

It draws a table as the window does: the states of the steps it reports, the legal
choices of its seat, ``submit`` and ``undo``. ``soe play --text`` and ``soe resume`` of a
local save stand it on a :class:`~game.client.tables.LocalTable`.
"""

from __future__ import annotations

import copy
import shutil
from collections.abc import Callable
from pathlib import Path

from game.cli.screens import auction_line, brief, status, tiles_screen
from game.client.tables import Step, Table
from game.client.words.battle import Tracker
from game.client.words.choices import Entry, label, menu, menu_lines
from game.client.words.prompts import prompt_sentence
from game.rules import Choice, State, legal, outcome, pending
from game.rules.board import load_board

InputFn = Callable[[str], str]
PrintFn = Callable[[str], None]

HELP = """Keys (then Enter):
  a number   choose that line of the list; a line that asks for an amount (a bid) then asks
             for the amount, or type both at once: "2 5" is line 2 with 5
  s          the state of the game: wars and rounds left, play order, the auction, gold,
             population, VP, tiles and pieces left in supply, each area's VP values,
             control markers, units and neutral counters (with their strength)
  t          the tiles: costs, what each does, how many are left
  m          the list of choices again
  u          take back your last choice (and the computer players' moves after it); never
             past dice or a draw
  h or ?     this help
  q          leave; the game is saved, and `soe resume FILE` goes on with it"""


def number(text: str) -> int | None:
    """A number typed with the digits 0-9 (not '²' or other digits int() would refuse)."""
    return int(text) if 0 < len(text) <= 9 and all("0" <= ch <= "9" for ch in text) else None


class Terminal:
    """A person at a terminal playing the seat of ``table``: ``input_fn`` reads a line
    after a prompt (EOF leaves), ``print_fn`` writes one; ``path`` is the file the game
    is saved in (``soe resume`` goes on with it)."""

    def __init__(self, table: Table, path: Path, input_fn: InputFn, print_fn: PrintFn) -> None:
        self.table = table
        self.path = path
        self.seat = table.seat
        self.input_fn, self.print_fn = input_fn, print_fn
        self.state: State | None = None
        self.track = Tracker()
        self.tracks: dict[int, Tracker] = {}  # the tracker before each of the player's choices, by step
        self.width = shutil.get_terminal_size((100, 24)).columns

    # ------------------------------------------------------------------ steps
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
        self.print_fn(f"Taken back: {label(st, self.seat, choice)}"
                      + (f" (and {others} computer player move{'s' if others > 1 else ''} after it)" if others else ""))

    def history(self) -> State:
        """Take a resumed game's history, up to the position it was left at; that state."""
        while True:
            for step in self.table.wait(0.05):
                self.take(step)
                if not step.history:
                    assert self.state is not None
                    return self.state

    def settle(self) -> State:
        """Wait until the game waits for this seat or is over; the state it is at."""
        while True:
            for step in self.table.wait(0.05):
                self.take(step)
            st = self.state
            if st is not None:
                p = pending(st)
                if p.is_over or p.seat == self.seat:
                    return st

    # ------------------------------------------------------------------ the game
    def run(self) -> int:
        say = self.print_fn
        say(f"Type a number to choose; h for help, s for the state of the game, t for the tiles, u to take "
            f"back a choice, q to leave (the game is saved in {self.path}).")
        try:
            while True:
                st = self.settle()
                if pending(st).is_over:
                    break
                choice = self.ask(st)
                if choice is None:
                    say(f"Game left; `soe resume {self.path}` goes on with it.")
                    return 0
                if not isinstance(choice, Choice):  # a choice was taken back
                    continue
                self.table.submit(choice)
                self._until_moved(st)
        finally:
            self.table.close()
        end = self.state
        assert end is not None
        b = load_board(end.ruleset)
        result = outcome(end)
        assert result is not None
        say("\nFinal scores: " + ", ".join(f"{b.power_name(k)} {v}" for k, v in result["scores"].items()))
        return 0

    def _until_moved(self, st: State) -> None:
        """Wait for the step of what was just sent (or taken back)."""
        while self.state is st:
            for step in self.table.wait(0.05):
                self.take(step)

    def show(self, st: State, entries: list[Entry]) -> None:
        p = pending(st)
        self.print_fn(f"\n{prompt_sentence(p, load_board(st.ruleset))}")
        self.print_fn(f"  [{brief(st, self.seat)}]")
        if p.kind in ("bid", "propose"):
            self.print_fn(f"  {auction_line(st, self.track)}")
        for line in menu_lines(entries, self.width):
            self.print_fn(line)

    def read(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt).strip().lower()
        except EOFError:
            return "q"

    def ask(self, st: State) -> Choice | str | None:
        """The player's choice, ``"undo"`` when a choice was taken back, or None when the
        player leaves."""
        seat = self.seat
        entries = menu(st, seat, legal(st, seat))
        self.show(st, entries)
        while True:
            answer = self.read("> ")
            if answer in ("q", "quit", "exit"):
                return None
            if answer in ("s", "t", "h", "?", "m", ""):
                if answer == "s":
                    self.print_fn(status(st, seat, self.track))
                elif answer == "t":
                    self.print_fn(tiles_screen(st, seat))
                elif answer in ("h", "?"):
                    self.print_fn(HELP)
                self.show(st, entries)
                continue
            if answer == "u":
                if self.undo(st):
                    return "undo"
                continue
            words = answer.split()
            n = number(words[0])
            if n is not None and 1 <= n <= len(entries) and len(words) <= 2:
                e = entries[n - 1]
                if not e.amount:
                    if len(words) == 1:
                        return e.choices[0]
                    self.print_fn(f"Line {n} takes no amount: type {n} alone.")
                    continue
                amount = words[1] if len(words) == 2 else self.read(f"Amount ({e.lo} to {e.hi}; Enter to go back): ")
                x = number(amount)
                if x is not None and e.lo <= x <= e.hi:
                    return e.choices[x - e.lo]
                if amount not in ("", "q"):
                    self.print_fn(f"The amount is a number from {e.lo} to {e.hi}.")
                self.show(st, entries)
                continue
            self.print_fn(f"Type a number from 1 to {len(entries)}, or h for help.")

    def undo(self, st: State) -> bool:
        if not self.table.can_undo():
            self.print_fn("Nothing to take back: dice and draws are never taken back, and you have made no "
                          "choice since the last of them.")
            return False
        self.table.undo()
        self._until_moved(st)
        return True
