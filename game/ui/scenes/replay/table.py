"""The table behind a replay's game screen."""

from __future__ import annotations

from game.client.gamefile import GameFile
from game.client.tables import StaticTable


class ReplayTable(StaticTable):
    """The table behind a replay's game screen: the game's steps up to where the replay
    is, handed out as the controls move it forward (:meth:`forward`) or from the start
    again (:meth:`rewind`). No seat of it decides: it takes no choice and undoes nothing."""

    def __init__(self, game: GameFile, at: int = 0) -> None:
        pos = max(0, min(game.last, at))
        super().__init__(game.steps[: pos + 1], seat=-1)
        self.game = game
        self.pos = pos

    def pending(self) -> bool:
        return bool(self._steps)

    def forward(self, n: int = 1) -> int:
        """Hand out the next ``n`` steps (fewer at the end); how many."""
        k = min(self.game.last, self.pos + n)
        self._steps += self.game.steps[self.pos + 1: k + 1]
        moved, self.pos = k - self.pos, k
        return moved

    def rewind(self, k: int) -> None:
        """From the start again, up to step ``k``."""
        self.pos = max(0, min(self.game.last, k))
        self._steps = list(self.game.steps[: self.pos + 1])
