"""The pygame-ce game window. ``app`` is the window, its main loop and the scene stack;
``navigation`` knows every scene by name and starts, continues and watches games;
``scenes`` holds one module (or package) per scene, none importing another; ``drawing``
and ``widgets`` are what the scenes draw with; ``shots`` renders screens without a
window."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
