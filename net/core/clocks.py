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
differ by their delays; a peer that reached a position late (catching up) counts less,
never more, than the others. A restarted peer goes on from what it last wrote down
(:meth:`SeatClocks.snapshot`, kept in its peer file every few seconds): the banks spent in
the turns that had ended, and, at the same position, the present turns so far; the time it
was not running counts for no one (so it too counts less, never more).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

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

    def snapshot(self, now: int) -> dict[str, Any]:
        """What a restarted peer needs to go on counting (:meth:`restore`): each seat's waits
        in its ended turns, its turns that gave back the increment, and ``[seat, how long,
        whether a decision was awaited]`` of each present turn."""
        return {"used": list(self._used), "turns": list(self._turns),
                "turn": [[s, max(0, now - t), int(self._decides[s])] for s, t in sorted(self._since.items())]}

    def restore(self, snap: Any, now: int, same_position: bool) -> bool:
        """Go on from ``snap``, a :meth:`snapshot` an earlier process of this peer wrote (read
        from a file: anything else is refused whole, and the clocks stay as they are); its
        present turns too when it was made at the position this peer is at now, for the
        seats awaited now. Returns whether it was taken."""
        n = len(self._used)
        if not isinstance(snap, dict):
            return False
        used, turns, running = snap.get("used"), snap.get("turns"), snap.get("turn", [])

        def counts(v: Any) -> bool:
            return isinstance(v, list) and len(v) == n and all(_amount(x) for x in v)

        if not counts(used) or not counts(turns) or not isinstance(running, list) or not all(
                isinstance(r, list) and len(r) == 3 and all(_amount(x) for x in r) and r[0] < n for r in running):
            return False
        assert isinstance(used, list) and isinstance(turns, list)
        self._used, self._turns = list(used), list(turns)
        if same_position:
            for s, elapsed, decides in running:
                if s in self._since:
                    self._since[s] = now - elapsed
                    self._decides[s] = self._decides[s] or bool(decides)
        return True

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


def _amount(x: Any) -> bool:
    """A count or a duration as a peer file may hold it: an integer from 0 to about a year
    in milliseconds (a bool is no integer here)."""
    return type(x) is int and 0 <= x <= 1 << 35
