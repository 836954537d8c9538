"""What stands behind a game screen: a *table* gives the states to show, takes the
player's choices, undoes them and reports each step's events. The window's game screen
and the terminal's front end draw any table the same way.

- :class:`LocalTable`: a game against computer players (:class:`~game.client.local.LocalGame`)
  in a worker thread, so a window stays responsive; every input is saved as it is made.
- :class:`StaticTable`: given steps and no choices (screens rendered without a window,
  replays).
- A network game's table stands on the same interface (the peer in a thread of its own,
  reached through queues).

A table whose ``seat`` is -1 is a spectator's: nothing is offered, no one's unrest shows.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.client.fairness import Fairness, SaveReader
from game.client.local import LocalGame
from game.client.loop import actor
from game.client.saves import SaveFile, Setup
from game.client.words.lang import say
from game.rules import Choice, Event, Input, State, event_dicts, legal, new_game


@dataclass
class Step:
    """One applied input, as a screen sees it: the state after it, its events (as this
    seat may see them), who acted (-1 for chance), whether it undid something, and whether
    it is the history of a game taken up again (shown at once, not as news)."""

    state: State
    events: list[dict[str, Any]]
    actor: int
    undo: bool = False
    history: bool = False


class Table(Protocol):
    """What a front end draws: ``seat`` (-1 for a spectator), the steps since the last
    call (:meth:`steps`, or :meth:`wait` up to ``timeout`` seconds for the first), the
    player's choice and taking it back, the computer player deciding (-1 when none), and
    whether the table is still catching up with other players (a network table: no
    decision is offered before they answer)."""

    seat: int

    def steps(self) -> list[Step]: ...
    def wait(self, timeout: float) -> list[Step]: ...
    def submit(self, choice: Choice) -> None: ...
    def undo(self) -> None: ...
    def can_undo(self) -> bool: ...
    def thinking(self) -> int: ...
    def catching_up(self) -> bool: ...
    def close(self) -> None: ...


class StaticTable:
    """A table that shows given steps and takes no choices (screens and replays)."""

    def __init__(self, steps: list[Step], seat: int = 0) -> None:
        self.seat = seat
        self._steps = list(steps)

    def steps(self) -> list[Step]:
        out, self._steps = self._steps, []
        return out

    def wait(self, timeout: float) -> list[Step]:
        return self.steps()

    def submit(self, choice: Choice) -> None:
        pass

    def undo(self) -> None:
        pass

    def can_undo(self) -> bool:
        return False

    def thinking(self) -> int:
        return -1

    def catching_up(self) -> bool:
        return False

    def close(self) -> None:
        pass


def undo_event(choice: Choice, taken: int) -> dict[str, Any]:
    """The client's event for a choice taken back: ``choice`` (its wire form) and how many
    computer player moves after it went with it (``others``)."""
    return {"kind": "undo", "text": "You took back your last choice.", "choice": choice.wire(), "others": taken - 1}


class LocalTable:
    """A local game in a worker thread: the player's seat, computer players in the others,
    dice from the game's seed and the chance count (as ``soe play --text`` does, so the two
    share saves and a choice taken back never changes the dice).

    ``fresh``: a new game, saved at ``log_path`` (a new or empty file); else the save at
    ``log_path`` is a game that goes on (``setup.inputs`` are its inputs, see
    :func:`game.client.saves.load_save`). ``undo_scope``: see
    :data:`game.client.local.UNDO_SCOPES` (the window takes back choices of this turn).
    ``history``: the first steps reported are the game's whole history up to now (a
    continued game's log and statistics), before the position it is at.
    """

    def __init__(self, setup: Setup, log_path: Path, *, fresh: bool = True, undo_scope: str = "turn",
                 history: bool = False) -> None:
        self.seat = setup.seat
        self.setup = setup
        self.path = log_path
        save = SaveFile(log_path, new=fresh)  # SaveError (a ValueError) says why not
        self._out: queue.Queue[Step] = queue.Queue()
        try:
            self.cut = None if fresh else save.keep_torn_line()  # where a torn last line was kept
            past = self._history if history else None
            if history:  # the history starts at the game's first position, as a network table's does
                self._out.put(Step(new_game(setup.powers), [], -1, history=True))
            self.game = LocalGame(setup, save, fresh=fresh, undo_scope=undo_scope, history=past)
        except BaseException:
            save.close()
            raise
        self._in: queue.Queue[tuple[str, Choice | None]] = queue.Queue()
        self._fair = SaveReader()
        self._thinking = -1
        self._can_undo = self.game.can_undo()
        self.error = ""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="soe-table", daemon=True)
        self._thread.start()

    @classmethod
    def resume(cls, path: Path, *, undo_scope: str = "turn", history: bool = False) -> LocalTable:
        """The game saved at ``path``, going on (ValueError with a one-line reason when it
        cannot be read, or is damaged or in use)."""
        from game.client.saves import load_save

        return cls(load_save(path), path, fresh=False, undo_scope=undo_scope, history=history)

    @property
    def ledger(self) -> Any:
        return self.game.ledger

    def fairness(self) -> Fairness:
        """The game's chance events so far, from its save (the whole game, also when it
        was continued: a screen shows what it has reached of them)."""
        return self._fair.read(self.path)

    @property
    def state(self) -> State:
        return self.game.state

    # ------------------------------------------------------------------ interface
    def steps(self) -> list[Step]:
        out: list[Step] = []
        while True:
            try:
                out.append(self._out.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float) -> list[Step]:
        """As :meth:`steps`, but waiting up to ``timeout`` seconds for the first one."""
        try:
            first = self._out.get(timeout=timeout)
        except queue.Empty:
            return []
        return [first, *self.steps()]

    def submit(self, choice: Choice) -> None:
        self._in.put(("act", choice))

    def undo(self) -> None:
        self._in.put(("undo", None))

    def can_undo(self) -> bool:
        return self._can_undo

    def thinking(self) -> int:
        return self._thinking

    def catching_up(self) -> bool:
        return False  # every step is here

    def close(self) -> None:
        self._stop.set()
        self._in.put(("stop", None))
        self._thread.join(timeout=5)
        self.game.close()

    # ------------------------------------------------------------------ worker
    def _history(self, st: State, inp: Input, events: list[Event]) -> None:
        self._out.put(Step(st.clone(), event_dicts(events, self.seat), actor(inp), history=True))

    def _applied(self, st: State, inp: Input, events: list[Event]) -> None:
        self._can_undo = self.game.can_undo()
        self._out.put(Step(st.clone(), event_dicts(events, self.seat), actor(inp)))

    def _think(self, seat: int) -> None:
        self._thinking = seat

    def _run(self) -> None:
        try:
            self._loop()
        except Exception as exc:  # noqa: BLE001 - shown on screen, never a traceback
            self.error = say("the game stopped: {error}: {why}", error=type(exc).__name__, why=exc)
            self._out.put(Step(self.game.state.clone(), [{"kind": "error", "text": self.error}], -1))

    def _loop(self) -> None:
        self._out.put(Step(self.game.state.clone(), [], -1))
        while not self._stop.is_set():
            p = self.game.run(self._applied, stop=lambda st, p: self._stop.is_set(), thinking=self._think)
            if not self._stop.is_set():
                self._wait_command(over=p.is_over)

    def _wait_command(self, over: bool) -> None:
        try:
            cmd, choice = self._in.get(timeout=0.25)
        except queue.Empty:
            return
        if cmd == "stop" or over:
            return
        game = self.game
        if cmd == "act" and choice is not None:
            if choice not in legal(game.state, self.seat):  # a stale click: the screen shows the state again
                self._out.put(Step(game.state.clone(), [], -1))
                return
            events = game.submit(choice)
            self._can_undo = game.can_undo()
            self._out.put(Step(game.state.clone(), event_dicts(events, self.seat), self.seat))
        elif cmd == "undo":
            undone = game.undo()
            self._can_undo = game.can_undo()
            if undone is None:
                self._out.put(Step(game.state.clone(), [], -1))
            else:
                mark, taken = undone
                self._out.put(Step(game.state.clone(), [undo_event(mark.choice, taken)], self.seat, undo=True))
