"""The clocks a peer keeps for every seat, on its own clock (docs/network.md, "Game
clocks"): how long the table has waited for a seat in its present turn, and what is left
of its time bank.

A seat's **turn**, for the clocks, runs from the moment the table starts waiting for it
(:meth:`net.core.referee.Referee.awaited`) until it waits for it no longer: a choice that
leaves the seat still deciding, and an undo, continue the turn (taking a choice back and
making it again never restarts anyone's count). The per-decision timeout of the genesis
bounds one turn; the game clock (``bank_ms``, ``increment_ms``) bounds them all: the
table's waits for the seat are taken from its bank, and every turn in which it made a
decision gives back the increment once it ends. A seat is **overdue** when either bound
has passed; then the other peers may vote it to a computer player, each on its own clock,
as :mod:`net.core.session` does. Peers see a message a moment apart, so their counts
differ by their delays; a peer that reached a position late (catching up, or restarted:
its clocks start full then) counts less, never more, than the others.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from net.core.genesis import Genesis


@dataclass(frozen=True, slots=True)
class Clock:
    """A seat's clocks at a moment: the time left in its bank (None: the game has none),
    whether the table waits for it, and how long it has in this turn (0 when not awaited)."""

    seat: int
    bank: int | None
    running: bool
    turn: int


class SeatClocks:
    """Every seat's turn and bank, fed the seats awaited after each accepted message."""

    def __init__(self, genesis: Genesis, now: int, awaited: Iterable[tuple[int, str]] = ()) -> None:
        self.g = genesis
        n = len(genesis.seats)
        self._since: dict[int, int] = {}  # seat -> when the table began waiting for it
        self._decides: dict[int, bool] = {}  # seat -> a decision was awaited in this turn
        self._used = [0] * n  # the table's waits for each seat in its turns that ended
        self._turns = [0] * n  # turns that ended with a decision (each gives back the increment)
        self.update(awaited, now)

    def update(self, awaited: Iterable[tuple[int, str]], now: int) -> None:
        """The seats the table waits for now (and what for): a turn ends for each seat no
        longer awaited, and begins for each newly awaited."""
        current: dict[int, str] = dict(awaited)
        for s in sorted(self._since):
            if s not in current:
                self._used[s] += max(0, now - self._since.pop(s))
                if self._decides.pop(s):
                    self._turns[s] += 1
        for s, what in sorted(current.items()):
            if s not in self._since:
                self._since[s] = now
                self._decides[s] = False
            self._decides[s] = self._decides[s] or what == "choice"

    def waited_for(self) -> list[int]:
        """The seats awaited at the last update (only those can be overdue)."""
        return sorted(self._since)

    def since(self, seat: int, now: int) -> int:
        """When the table began waiting for ``seat`` (``now`` if it does not)."""
        return self._since.get(seat, now)

    def turn(self, seat: int, now: int) -> int:
        """How long the table has waited for ``seat`` in its present turn."""
        return max(0, now - self._since[seat]) if seat in self._since else 0

    def bank(self, seat: int, now: int) -> int | None:
        """What is left of ``seat``'s bank now (negative once spent), or None without one."""
        g = self.g
        if not g.bank_ms:
            return None
        return g.bank_ms + g.increment_ms * self._turns[seat] - self._used[seat] - self.turn(seat, now)

    def slack(self, seat: int, now: int) -> int:
        """How long until ``seat`` is overdue (0 or less: it is)."""
        left = self.g.timeout_ms - self.turn(seat, now)
        bank = self.bank(seat, now)
        return left if bank is None else min(left, bank)

    def overdue(self, seat: int, now: int) -> bool:
        return seat in self._since and self.slack(seat, now) <= 0

    def clocks(self, now: int) -> list[Clock]:
        return [Clock(s, self.bank(s, now), s in self._since, self.turn(s, now)) for s in range(len(self.g.seats))]
