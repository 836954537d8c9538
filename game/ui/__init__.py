"""The pygame-ce game window: scenes, the board, the panels, input and the table behind
the game screen."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
