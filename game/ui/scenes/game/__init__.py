"""The game screen: the map, the players, the tracks, the log and the prompt, over a
table (a local game, a network peer, a replay, a fixed position)."""

from game.ui.scenes.game.scene import SPEEDS, GameScene

__all__ = ["SPEEDS", "GameScene"]
