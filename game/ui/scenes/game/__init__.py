"""The game screen: the map, the players, the tracks, the log and the prompt, over a
table (a local game, a network peer, a replay, a fixed position). :mod:`.scene` is the
scene; the layers it is built of are its state and geometry (:mod:`.screen`), the steps
and their animation (:mod:`.steps`), input to choices (:mod:`.choices`), the bars
(:mod:`.bars`) and the tooltips (:mod:`.tooltips`)."""

from game.ui.scenes.game.scene import GameScene
from game.ui.scenes.game.screen import SPEEDS

__all__ = ["SPEEDS", "GameScene"]
