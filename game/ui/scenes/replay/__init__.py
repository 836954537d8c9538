"""The replay of a game file (``soe replay FILE``, or picked in the main menu's list): its
controls and timeline over the game screen (:mod:`.scene`), its verdict and notes
(:mod:`.verdict`), and the table that hands the game screen the file's steps (:mod:`.table`)."""

from game.ui.scenes.replay.scene import ReplayScene
from game.ui.scenes.replay.table import ReplayTable
from game.ui.scenes.replay.verdict import MARK_STYLE

__all__ = ["MARK_STYLE", "ReplayScene", "ReplayTable"]
