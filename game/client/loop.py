"""The one loop that drives a game: while the engine waits for chance values or for a
seat that a computer player (or any chooser) plays, it gets them and applies them.

Every front end that moves a game forward without a network stands on :func:`play`: a
game against computer players (:mod:`game.client.local`), self-play and the arena, the
screens rendered without a window and the engine benchmark. It stops when the game is
over, when the game waits for a seat that has no chooser (a person's turn), or when
``stop`` says so; hooks see each input before and after it is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from game.client.dice import DiceSource
from game.rules import Act, Choice, Event, Input, Pending, Roll, State, apply_in_place, decision, pending


class Chooser(Protocol):
    """Whatever picks a seat's choice from the legal ones: a bot (:mod:`game.bots`)."""

    def choose(self, state: State, seat: int, options: list[Choice]) -> Choice: ...


Before = Callable[[State, Input], None]
After = Callable[[State, Input, list[Event]], None]
Stop = Callable[[State, Pending], bool]


def play(st: State, seats: Mapping[int, Chooser], dice: DiceSource, *, stop: Stop | None = None,
         before: Before | None = None, after: After | None = None, limit: int = 1_000_000) -> Pending:
    """Apply chance values from ``dice`` and the choices of ``seats`` to ``st`` (in place)
    until the game is over, it waits for a seat not in ``seats``, ``stop(st, pending)``
    holds, or ``limit`` inputs were applied. ``before(st, input)`` is called before an
    input is applied and ``after(st, input, events)`` after. Returns what the game waits
    for when the loop stops."""
    for _ in range(limit):
        p, options = decision(st)
        if p.is_over or (stop is not None and stop(st, p)):
            return p
        inp: Input
        listed = False
        if p.chance is not None:
            inp = Roll(dice(st, p.chance))
        elif p.seat in seats:
            choice = seats[p.seat].choose(st, p.seat, options)
            # the very choice the engine listed a moment ago needs no second check (a list
            # holds no two equal choices: the one equal to it is it, or it was not listed)
            try:
                listed = options[options.index(choice)] is choice
            except ValueError:
                listed = False
            inp = Act(p.seat, choice)
        else:
            return p
        if before is not None:
            before(st, inp)
        events = apply_in_place(st, inp, checked=listed)
        if after is not None:
            after(st, inp, events)
    return pending(st)


def actor(inp: Input) -> int:
    """Who made an input: its seat, or -1 for chance values."""
    return inp.seat if isinstance(inp, Act) else -1
