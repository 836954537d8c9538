"""A person playing a network seat at the terminal (:class:`TextDecider`): the menu of
``soe play``, and the keys that answer at any time (state, tiles, whom the game waits for,
undo, help).
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable
from typing import Any

from game.client.words.peer import waiting_line
from game.rules import Choice, State

NET_HELP = """Keys (then Enter):
  a number   choose that line of the list; a line that asks for an amount (a bid) then asks
             for the amount, or type both at once: "2 5" is line 2 with 5
  s          the state of the game: wars and rounds left, play order, gold, population, VP,
             tiles and pieces left in supply, each area's VP values, control markers, units
  t          the tiles: costs, what each does, how many are left
  w          whom the game waits for, and since when
  m          the list of choices again
  u          take back your last choice (within your turn; never past dice or a draw)
  h or ?     this help
  Ctrl+C     leave; `soe resume LOG` goes on with the game"""


class TextDecider:
    """A person at the terminal, with the menu of ``soe play`` (:mod:`game.cli.textplay`):
    one line per choice, a run of amounts (a bid, an offer of gold) as one line that asks
    for the amount. ``s`` state, ``t`` tiles, ``w`` who we wait for, ``u`` undo, ``h`` help;
    ``s``, ``t`` and ``w`` answer at any time (:meth:`idle`), not only at this seat's turn."""

    def __init__(self, read_stdin: bool = True) -> None:
        import shutil

        self.lines: queue.Queue[str] = queue.Queue()
        self.asked = -1
        self.peer: Any = None
        self.entries: list[Any] = []  # textplay.Entry: the menu shown at this decision
        self.amount_for: Any = None  # the Entry whose amount the next line gives
        self.width = shutil.get_terminal_size((100, 24)).columns
        # called before a menu is shown: the peer's events of this step are printed first
        self.before_menu: Callable[[], None] | None = None
        if read_stdin:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in sys.stdin:
            self.lines.put(line.strip().lower())
        self.lines.put("eof")

    def _show(self, state: State, seat: int) -> None:
        from game.cli.screens import brief
        from game.client.words.choices import menu_lines
        from game.rules import pending

        if self.before_menu is not None:
            self.before_menu()
        print(f"\n{pending(state).prompt}")
        print(f"  [{brief(state, seat)}]")
        for line in menu_lines(self.entries, self.width):
            print(line)
        print("(a number; s = state, t = tiles, w = who the game waits for, u = undo, h = help)")

    def decide(self, state: State, seat: int, options: list[Choice]) -> Choice | None:
        from game.cli.terminal import number as _number
        from game.client.words.choices import menu

        if self.asked != state.steps:
            self.asked = state.steps
            self.entries = menu(state, seat, options)
            self.amount_for = None
            self._show(state, seat)
        try:
            answer = self.lines.get_nowait()
        except queue.Empty:
            return None
        if self.amount_for is not None:  # the amount of the line chosen last
            e, self.amount_for = self.amount_for, None
            x = _number(answer)
            if x is not None and e.lo <= x <= e.hi:
                return e.choices[x - e.lo]  # type: ignore[no-any-return]
            if answer not in ("", "eof"):
                print(f"The amount is a number from {e.lo} to {e.hi}.")
            self._show(state, seat)
            return None
        words = answer.split()
        n = _number(words[0]) if words else None
        if n is not None and 1 <= n <= len(self.entries) and len(words) <= 2:
            e = self.entries[n - 1]
            if not e.amount:
                if len(words) == 1:
                    return e.choices[0]  # type: ignore[no-any-return]
                print(f"Line {n} takes no amount: type {n} alone.")
                return None
            if len(words) == 1:
                self.amount_for = e
                print(f"Amount ({e.lo} to {e.hi}; Enter to go back):")
                return None
            x = _number(words[1])
            if x is not None and e.lo <= x <= e.hi:
                return e.choices[x - e.lo]  # type: ignore[no-any-return]
            print(f"The amount is a number from {e.lo} to {e.hi}.")
            return None
        if answer in ("m", ""):
            self._show(state, seat)
        elif not self._command(answer, state, seat):
            print(f"Type a number from 1 to {len(self.entries)}, or h for help.")
        return None

    def idle(self) -> None:
        """Between this seat's turns: answer ``s``, ``w`` and ``u`` at once."""
        if self.peer is None or self.peer.session.my_turn():
            return  # decide() reads the answer
        try:
            answer = self.lines.get_nowait()
        except queue.Empty:
            return
        t = self.peer.session.table
        st = t.st if t is not None else None
        if answer.isdigit():
            print("it is not your turn; `w` shows whom the game waits for")
        elif not self._command(answer, st, self.peer.session.seat):
            print("between your turns: s = state, t = tiles, w = who the game waits for, u = undo your last choice, "
                  "h = help")

    def _command(self, answer: str, state: State | None, seat: int) -> bool:
        """``u``, ``s`` or ``w`` (True), or something else (False; ``eof`` counts as handled)."""
        if answer == "eof":
            return True
        if answer == "u" and self.peer is not None:
            res = self.peer.session.undo(self.peer.clock())
            print("taken back" if res.ok else f"cannot undo: {res.text}")
            self.asked = -1
        elif answer in ("s", "t"):
            if state is None:
                print("the game has not started yet")
            else:
                from game.cli.screens import status, tiles_screen

                print(status(state, seat) if answer == "s" else tiles_screen(state, max(seat, 0)))
        elif answer in ("h", "?"):
            print(NET_HELP)
        elif answer == "w" and self.peer is not None:
            waits = self.peer.session.waiting_for(self.peer.clock())
            if not waits:
                print("the game has not started yet" if self.peer.session.table is None else "waiting for nobody")
            for w in waits:
                print(waiting_line(w))
        else:
            return False
        return True
