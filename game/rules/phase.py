"""Phases: named states of the decision stack, each with a prompt and handlers.

The top frame of ``state.stack`` is a dict whose ``t`` names its phase. A phase says what
it waits for (:meth:`Phase.pending`), lists the legal choices, applies a choice or chance
values, or, when it waits for nothing, advances on its own (:meth:`Phase.auto`), usually by
pushing or popping frames. Nested interrupts (a battle inside an attack inside a turn)
are frames pushed on top.
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.rules.common import Log
from game.rules.core import ChanceRequest, Choice, Pending, Said, State
from game.rules.errors import Refusal

Frame = dict[str, Any]

PHASES: dict[str, Phase] = {}


class Phase:
    """Base class: subclasses set ``name`` and override what they need."""

    name: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:
            PHASES[cls.name] = cls()

    def pending(self, st: State, fr: Frame) -> Pending | None:
        """What this frame waits for, or None when it can advance on its own."""
        return None

    def waits(self, st: State, fr: Frame) -> bool:
        """Whether :meth:`pending` is not None, said without making the prompt (the engine
        asks it after every automatic step). A phase answers it itself where that is quick;
        a test checks every answer against :meth:`pending` through whole games."""
        return self.pending(st, fr) is not None

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        return []

    def decision(self, st: State, fr: Frame) -> tuple[Pending | None, list[Choice]]:
        """:meth:`pending` and, for a seat's decision, :meth:`legal` together. A phase whose
        prompt needs the very work of its list (whether any unit can move, whether any tile
        can be used) answers it itself, doing that work once (a test checks every answer
        against :meth:`pending` and :meth:`legal` through whole games)."""
        p = self.pending(st, fr)
        if p is None or p.chance is not None or p.seat < 0:
            return p, []
        return p, self.legal(st, fr)

    def allows(self, st: State, fr: Frame, choice: Choice) -> bool:
        """Whether ``choice`` is one of :meth:`legal`. A phase with many choices answers
        without listing them all (a test checks every such phase against :meth:`legal`)."""
        return choice in self.legal(st, fr)

    def refusal(self, st: State, fr: Frame, choice: Choice) -> Refusal | None:
        """Why a choice not in :meth:`legal` is refused (the reason, its rule id, and the
        key and fields it is made of), when a more precise rule than the prompt's applies."""
        return None

    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        raise NotImplementedError(self.name)

    def roll(self, st: State, fr: Frame, values: tuple[int, ...], log: Log) -> None:
        raise NotImplementedError(self.name)

    def auto(self, st: State, fr: Frame, log: Log) -> None:
        raise NotImplementedError(self.name)


def decide(st: State, kind: str, seat: int, said: Said, data: dict[str, Any]) -> Pending:
    """A seat's decision; ``data`` is what its prompt is made of and ``said`` says it (see
    :class:`Pending`: the prompt is said only when it is read)."""
    return tuple.__new__(Pending, (kind, seat, None, data, said, st.ruleset))


def chance(st: State, kind: str, ranges: list[tuple[int, int]] | tuple[tuple[int, int], ...], said: Said,
           data: dict[str, Any]) -> Pending:
    """A chance request; ``data`` is what its prompt is made of and ``said`` says it (see
    :class:`Pending`)."""
    return tuple.__new__(Pending, ("chance", -1, ChanceRequest(kind, tuple(ranges)), data, said, st.ruleset))


# the ranges of 0 to 8 dice, made once (a battle asks for 4, a sea roll and a reroll for 2)
DICE: tuple[tuple[tuple[int, int], ...], ...] = tuple(tuple((1, 6) for _ in range(k)) for k in range(9))


def dice(count: int) -> tuple[tuple[int, int], ...]:
    return DICE[count] if 0 <= count < len(DICE) else tuple((1, 6) for _ in range(count))
