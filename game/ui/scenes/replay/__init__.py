"""The replay of a game file (``soe replay FILE``, or picked in the main menu's list): its
controls, timeline, verdict and notes over the game screen (:mod:`.scene`), and the
table that hands the game screen the file's steps (:mod:`.table`)."""

from game.ui.scenes.replay.scene import MARK_STYLE, ReplayScene
from game.ui.scenes.replay.table import ReplayTable

__all__ = ["MARK_STYLE", "ReplayScene", "ReplayTable"]
