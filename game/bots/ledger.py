"""What a seat may know of the others' unrest, kept from the public events.

Unrest is hidden (R-GEN-6), but every source of it is public: borrowing (R-GEN-5, one per
lot, and the gold borrowed is announced), a tile's unrest cost (R-ACT-A1, the tile bought is
announced), a unit lost in battle (R-CMB-11) or disbanded (R-ACT-B4), and Government Reform
taking 2 away (R-TIL-13). The ledger adds these up from each event's public fields (kind,
seat, data), never from the event's private ``unrest`` amount nor from ``State.unrest``.

A bot that did not watch the game from its start (a network game computes a bot seat afresh
at each step) has no history; it falls back to :func:`public_estimate`.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules import Event, State
from game.rules.common import board, owns


class UnrestLedger:
    """Each seat's unrest as the public events tell it."""

    def __init__(self, seats: int) -> None:
        self.unrest = [0] * seats
        self.steps = 0  # the state's step count after the last events observed
        self.complete = True  # every step since the start was observed
        self._trail: list[tuple[int, tuple[int, ...]]] = []  # (steps, unrest) after each step, for rewind

    def observe(self, st: State, events: Sequence[Event]) -> None:
        """Take in the events of one step; ``st`` is the state after it (public fields only)."""
        b = board(st)
        for e in events:
            s = e.seat
            if e.kind == "borrow" and 0 <= s < len(self.unrest):
                gold = int(e.data.get("gold", 0))
                lot = b.c("borrow_lot_banking") if owns(st, s, "banking") and gold % 3 == 0 else b.c("borrow_lot")
                self.unrest[s] += max(1, gold // lot)
            elif e.kind == "unrest" and 0 <= s < len(self.unrest):
                why = str(e.data.get("why", ""))
                self.unrest[s] += next((t.unrest for t in b.tiles if t.name == why), 1)
            elif e.kind in ("unit_lost", "disband"):
                who = _seat_of_event(st, e)
                if who >= 0:
                    self.unrest[who] += 1
            elif e.kind == "reform":
                who = _seat_of_event(st, e)
                if who >= 0:
                    self.unrest[who] = max(0, self.unrest[who] - b.c("government_reform_unrest"))
        if self.steps and st.steps > self.steps + 1:
            self.complete = False
        self.steps = st.steps
        self._trail.append((self.steps, tuple(self.unrest)))

    def copy(self) -> UnrestLedger:
        """An independent copy (for a search on another thread)."""
        other = UnrestLedger(len(self.unrest))
        other.unrest, other.steps, other.complete = list(self.unrest), self.steps, self.complete
        other._trail = list(self._trail)
        return other

    def rewind(self, steps: int) -> None:
        """Go back to what the ledger knew after step ``steps`` (a choice was taken back:
        the events of the steps after it never happened)."""
        while self._trail and self._trail[-1][0] > steps:
            self._trail.pop()
        if self._trail:
            self.steps, known = self._trail[-1]
            self.unrest = list(known)
        else:
            self.steps, self.unrest = 0, [0] * len(self.unrest)
        if self.steps != steps:
            self.complete = False  # it never saw that step: it no longer follows the game

    def knows(self, st: State) -> bool:
        """Whether the ledger has followed this game up to ``st``."""
        return self.complete and self.steps == st.steps and len(self.unrest) == st.n

    def estimate(self, st: State, viewer: int) -> list[int]:
        """Every seat's unrest as ``viewer`` may believe it: its own from the state, the others
        from the ledger (or from :func:`public_estimate` when the ledger has no history)."""
        guess = self.unrest if self.knows(st) else public_estimate(st, viewer)
        return [st.unrest[s] if s == viewer else guess[s] for s in range(st.n)]


def _seat_of_event(st: State, e: Event) -> int:
    if 0 <= e.seat < st.n:
        return e.seat
    power = e.data.get("power")
    return st.powers.index(power) if isinstance(power, str) and power in st.powers else -1


def public_estimate(st: State, viewer: int) -> list[int]:
    """A guess from the public state alone: the unrest costs of the tiles each seat holds,
    plus the unrest a seat typically gathers by this point of the game (the viewer's own
    total is not used for others: it would leak nothing, but it is a poor guess)."""
    b = board(st)
    typical = 2 * (st.war - 1) + (1 if st.round > 3 else 0)
    out = []
    for s in range(st.n):
        tiles = sum(b.tile_by_id[t].unrest * k for t, k in sorted(st.tiles[s].items()) if t in b.tile_by_id)
        out.append(tiles + typical)
    return out


def lend(bot: object, ledger: UnrestLedger) -> None:
    """Give ``bot`` the table's ledger if it is a bot that believes one (searching bots);
    others (``greedy``, ``random``) do not look at unrest and are left as they are."""
    use = getattr(bot, "use_ledger", None)
    if callable(use):
        use(ledger)
