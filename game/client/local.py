"""A game against computer players, without a window or a terminal: the state, the
computer players in every seat but the player's, the dice of the game's seed, the save
written as the game goes, and taking choices back.

:class:`LocalGame` does the work in the caller's thread; the window's table
(:class:`game.client.tables.LocalTable`) runs it in a worker thread, and the terminal's
front end stands on that table too. Dice come from :func:`game.client.dice.local_dice`,
so taking a choice back, or leaving and resuming, never changes them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.bots import BOT_NAMES, Bot, UnrestLedger, lend, make_bot
from game.client.dice import local_dice
from game.client.loop import After, Stop, play
from game.client.saves import SaveFile, Setup
from game.rules import (
    Act,
    Choice,
    Event,
    IllegalInput,
    Input,
    Pending,
    Roll,
    RulesError,
    State,
    apply_in_place,
    legal,
    new_game,
)

# How far a player may take choices back (never past chance values):
# "chance": to any of its choices since the last chance input, with the computer players'
#           moves after it (the terminal's `u`);
# "turn":   to its choices since the last chance input or computer player's move (the window).
UNDO_SCOPES = ("chance", "turn")


class DamagedSave(ValueError):
    """An input of a save that the rules refuse (the save is left as it was)."""


def bot_for(level: str) -> str:
    """The computer players for a strength: the searching bot's level of that name, or the
    greedy bot where the project has no such level."""
    return level if level in BOT_NAMES else "greedy"


def setup_for(players: int, power: str, level: str, seed: int | None) -> Setup:
    """A new game against computer players of strength ``level`` (ValueError with a reason
    for a bad request)."""
    return Setup.new(players, power, bot_for(level), seed, level)


def hint_bot() -> str:
    """The strongest computer player, for a hint."""
    return "hard" if "hard" in BOT_NAMES else "greedy"


def save_path(setup: Setup) -> Path:
    """Where a new local game is saved when no file is named: a new name in the local
    games' folder."""
    import secrets

    from game.client.folders import local_games_dir

    return local_games_dir() / f"game-{setup.seed}-{secrets.token_hex(3)}.jsonl"


@dataclass
class Mark:
    """The game just before one of the player's choices: ``count`` inputs had been made,
    the state was ``state``, and ``choice`` was chosen."""

    count: int
    state: State
    choice: Choice


class LocalGame:
    """A local game from its setup (``fresh``: a new game, whose setup is written to the
    save first; else ``setup.inputs`` are replayed and the game goes on from them, with
    ``history(state, input, events)`` called for each)."""

    def __init__(self, setup: Setup, save: SaveFile, *, fresh: bool, undo_scope: str = "chance",
                 history: After | None = None) -> None:
        if undo_scope not in UNDO_SCOPES:
            raise ValueError(f"unknown undo scope {undo_scope!r}")
        self.setup = setup
        self.seat = setup.seat
        self.save = save
        self.undo_scope = undo_scope
        self.state = new_game(setup.powers)
        self.count = 0  # inputs in the save (after any taken back)
        self.marks: list[Mark] = []
        # the others' unrest as the public events since the start tell it (R-GEN-6: hidden)
        self.ledger = UnrestLedger(self.state.n)
        if fresh:
            save.write_setup(setup)
        else:
            self._replay(setup.inputs, history)
        # computer players go on from the step the game is at (a resumed game goes on from there)
        seed, st = setup.seed, self.state
        self.bots: dict[int, Bot] = {s: make_bot(setup.bots, seed * 1009 + s + 7919 * st.steps)
                                     for s in range(st.n) if s != self.seat}
        for bot in self.bots.values():
            lend(bot, self.ledger)
        self.dice = local_dice(setup.seed)

    @classmethod
    def open(cls, path: Path, *, undo_scope: str = "chance", history: After | None = None) -> LocalGame:
        """Go on with the game saved in ``path`` (ValueError with a one-line reason when it
        cannot be; the save is left as it was)."""
        from game.client.saves import load_save

        save = SaveFile(path, new=False)  # SaveError (a ValueError) says why not
        try:
            setup = load_save(path)
            return cls(setup, save, fresh=False, undo_scope=undo_scope, history=history)
        except BaseException:
            save.close()
            raise

    def _replay(self, inputs: list[Input], history: After | None) -> None:
        """The state after the save's inputs, with the marks of the player's choices since
        the last chance input (so a resumed game can take them back as if never left)."""
        st = self.state
        last_roll = max((i for i, inp in enumerate(inputs) if isinstance(inp, Roll)), default=-1)
        last_other = max((i for i, inp in enumerate(inputs) if isinstance(inp, Roll)
                          or (isinstance(inp, Act) and inp.seat != self.seat)), default=-1)
        since = last_roll if self.undo_scope == "chance" else last_other
        since = max(since, self.setup.base - 1)  # another game's inputs (what if) are never taken back
        for i, inp in enumerate(inputs):
            if i > since and isinstance(inp, Act) and inp.seat == self.seat:
                self.marks.append(Mark(i, st.clone(), inp.choice))
            try:
                events = apply_in_place(st, inp)
            except RulesError as exc:
                raise DamagedSave(str(exc)) from exc
            self.ledger.observe(st, events)
            if history is not None:
                history(st, inp, events)
        self.count = len(inputs)

    # ------------------------------------------------------------------ playing
    def run(self, after: After | None = None, *, stop: Stop | None = None,
            thinking: Callable[[int], None] | None = None) -> Pending:
        """Let the dice and the computer players play until it is the player's decision or
        the game is over (or ``stop`` says so); ``after(state, input, events)`` sees each
        input, ``thinking(seat)`` is told which computer player decides (-1 when none)."""
        seats = {s: _Told(bot, thinking) for s, bot in self.bots.items()} if thinking is not None else self.bots
        return play(self.state, seats, self.dice, stop=stop, before=self._before, after=self._observe(after))

    def _before(self, st: State, inp: Input) -> None:
        if isinstance(inp, Roll) or self.undo_scope == "turn":
            self.marks.clear()  # dice and draws are never taken back
        self.save.write_input(inp)
        self.count += 1

    def _observe(self, after: After | None) -> After:
        def seen(st: State, inp: Input, events: list[Event]) -> None:
            self.ledger.observe(st, events)
            if after is not None:
                after(st, inp, events)

        return seen

    def submit(self, choice: Choice) -> list[Event]:
        """Apply the player's choice (IllegalInput, and nothing changes, when it is not one
        of the legal choices now); its events."""
        st = self.state
        if choice not in legal(st, self.seat):
            raise IllegalInput(f"{choice} is not one of your choices now")
        self.marks.append(Mark(self.count, st.clone(), choice))
        inp = Act(self.seat, choice)
        self.save.write_input(inp)
        self.count += 1
        events = apply_in_place(st, inp)
        self.ledger.observe(st, events)
        return events

    def can_undo(self) -> bool:
        return bool(self.marks)

    def undo(self) -> tuple[Mark, int] | None:
        """Take back the player's last choice (and, in the "chance" scope, the computer
        players' moves after it): the mark returned to and how many inputs were taken
        back, or None when there is nothing to take back."""
        if not self.marks:
            return None
        mark = self.marks.pop()
        taken = self.count - mark.count
        self.save.write_undo(taken)
        self.count = mark.count
        self.state = mark.state
        self.ledger.rewind(mark.state.steps)
        return mark, taken

    def close(self) -> None:
        self.save.close()


class _Told:
    """A computer player that says when it starts and stops deciding."""

    def __init__(self, bot: Bot, tell: Callable[[int], None]) -> None:
        self.bot, self.tell = bot, tell

    def choose(self, state: State, seat: int, options: list[Choice]) -> Choice:
        self.tell(seat)
        try:
            return self.bot.choose(state, seat, options)
        finally:
            self.tell(-1)
