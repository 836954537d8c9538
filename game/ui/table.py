"""What stands behind the game screen: a *table* gives the state to show, takes the
player's choices, undoes them and reports each step's events. ``LocalTable`` is a game
against computer players: the engine, the bots and the dice run in a worker thread (so
the window stays responsive) and every input is saved as it is made, in the local log
that ``soe resume`` and "Continue" read. A network peer can stand behind the same
interface."""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.bots import Bot, UnrestLedger, lend, make_bot
from game.cli.textplay import chance_values
from game.rules import Act, Choice, Input, Roll, RulesError, State, apply_in_place, legal, new_game, pending
from game.rules import event_dicts as _event_dicts


@dataclass
class Step:
    """One applied input, as the screen sees it: the state after it, its events, who
    acted (-1 for chance) and whether it undid something (``undo``)."""

    state: State
    events: list[dict[str, Any]]
    actor: int
    undo: bool = False


class Table(Protocol):
    seat: int

    def steps(self) -> list[Step]: ...
    def submit(self, choice: Choice) -> None: ...
    def undo(self) -> None: ...
    def can_undo(self) -> bool: ...
    def thinking(self) -> int: ...
    def close(self) -> None: ...


@dataclass
class Setup:
    powers: list[str]
    seat: int
    bots: str
    seed: int
    level: str = "normal"
    inputs: list[Input] = field(default_factory=list)


LOCAL = "soe-local-game"


def open_log(path: Path) -> tuple[Setup, State]:
    """A saved local game: its setup and the state its inputs lead to (ValueError with
    a one-line reason when the file is not a readable game)."""
    from game.cli.textplay import read_local, replay

    try:
        header, inputs = read_local(path)
        if not isinstance(header["powers"], list) or not 0 <= int(header["seat"]) < len(header["powers"]):
            raise ValueError(f"the save names seat {header['seat']}, which is not a seat of its game")
        st = replay(header, inputs)
        setup = Setup(list(header["powers"]), int(header["seat"]), str(header["bots"]), int(header["seed"]),
                      str(header.get("level", "normal")), list(inputs))
    except OSError as exc:
        raise ValueError(f"cannot read {path.name}: {exc.strerror or exc}") from exc
    except (ValueError, KeyError, TypeError, RulesError) as exc:
        raise ValueError(f"{path.name} is damaged: {exc}") from exc
    return setup, st


def follow(powers: list[str], inputs: list[Input]) -> UnrestLedger:
    """The unrest ledger of a game after ``inputs``, from their public events."""
    st = new_game(powers)
    ledger = UnrestLedger(st.n)
    for inp in inputs:
        ledger.observe(st, apply_in_place(st, inp))
    return ledger


class LocalTable:
    """A local game: the player's seat, computer players in the others, dice from the
    game's seed and the chance count (as ``soe play --text`` does, so the two share saves
    and a choice taken back never changes the dice)."""

    def __init__(self, setup: Setup, log_path: Path, state: State | None = None) -> None:
        from game.cli.textplay import LocalLog, PlayError

        self.seat = setup.seat
        self.setup = setup
        self.path = log_path
        fresh = state is None
        self.state = new_game(setup.powers) if state is None else state
        try:
            self.log = LocalLog(log_path, new=fresh)
        except PlayError as exc:
            raise ValueError(str(exc)) from None
        if fresh:
            self.log.write({"kind": LOCAL, "powers": setup.powers, "seat": setup.seat, "bots": setup.bots,
                            "seed": setup.seed, "level": setup.level})
        else:
            self.log.cut_torn_line()
        seed, st = setup.seed, self.state
        self.bots: dict[int, Bot] = {s: make_bot(setup.bots, seed * 1009 + s + 7919 * st.steps)
                                     for s in range(st.n) if s != self.seat}
        # what the computer players (and the hint) believe of each other's unrest: the public
        # events since the start, followed again from the save when a game is continued
        self.ledger = UnrestLedger(st.n) if fresh else follow(setup.powers, setup.inputs)
        for bot in self.bots.values():
            lend(bot, self.ledger)
        self._out: queue.Queue[Step] = queue.Queue()
        self._in: queue.Queue[tuple[str, Choice | None]] = queue.Queue()
        self._undo: list[State] = []  # states before the player's choices since the last chance or bot
        self._thinking = -1
        self.error = ""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="soe-table", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ interface
    def steps(self) -> list[Step]:
        out: list[Step] = []
        while True:
            try:
                out.append(self._out.get_nowait())
            except queue.Empty:
                return out

    def submit(self, choice: Choice) -> None:
        self._in.put(("act", choice))

    def undo(self) -> None:
        self._in.put(("undo", None))

    def can_undo(self) -> bool:
        return bool(self._undo)

    def thinking(self) -> int:
        return self._thinking

    def close(self) -> None:
        self._stop.set()
        self._in.put(("stop", None))
        self._thread.join(timeout=5)
        self.log.close()

    # ------------------------------------------------------------------ worker
    def _record(self, inp: Input) -> None:
        self.log.write({"roll": list(inp.values)} if isinstance(inp, Roll)
                       else {"seat": inp.seat, "choice": inp.choice.wire()})

    def _apply(self, inp: Input, actor: int) -> None:
        self._record(inp)
        events = apply_in_place(self.state, inp)
        self.ledger.observe(self.state, events)
        self._out.put(Step(self.state.clone(), _event_dicts(events, self.seat), actor))

    def _run(self) -> None:
        try:
            self._loop()
        except Exception as exc:  # noqa: BLE001 - shown in the window, never a traceback
            self.error = f"the game stopped: {type(exc).__name__}: {exc}"
            self._out.put(Step(self.state.clone(), [{"kind": "error", "text": self.error}], -1))

    def _loop(self) -> None:
        self._out.put(Step(self.state.clone(), [], -1))
        while not self._stop.is_set():
            st = self.state
            p = pending(st)
            if p.is_over:
                self._wait_command(over=True)
                continue
            if p.chance is not None:
                self._undo.clear()
                self._apply(Roll(chance_values(self.setup.seed, st.chance_count, p.chance.ranges)), -1)
            elif p.seat != self.seat:
                self._undo.clear()
                self._thinking = p.seat
                choice = self.bots[p.seat].choose(st, p.seat, legal(st, p.seat))
                self._thinking = -1
                self._apply(Act(p.seat, choice), p.seat)
            else:
                self._wait_command(over=False)

    def _wait_command(self, over: bool) -> None:
        try:
            cmd, choice = self._in.get(timeout=0.25)
        except queue.Empty:
            return
        if cmd == "stop" or over:
            return
        st = self.state
        if cmd == "act" and choice is not None:
            if choice not in legal(st, self.seat):  # a stale click: the screen shows the state again
                self._out.put(Step(st.clone(), [], -1))
                return
            self._undo.append(st.clone())
            self._apply(Act(self.seat, choice), self.seat)
        elif cmd == "undo" and not self._undo:
            self._out.put(Step(st.clone(), [], -1))
        elif cmd == "undo" and self._undo:
            before = self._undo.pop()
            self.log.write({"undo": 1})
            self.state = before
            self.ledger.rewind(before.steps)
            self._out.put(Step(before.clone(), [{"kind": "undo", "text": "You took back your last choice."}],
                               self.seat, undo=True))
