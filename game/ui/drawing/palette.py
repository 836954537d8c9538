"""Colours of the board and the seven powers. The power colours follow the printed
pieces (red, blue, yellow, green, white, black, orange) but are taken from the
Okabe-Ito set, which stays distinct for colour-blind players; every control marker also
carries its power's letters, and every unit's tooltip names its power."""

from __future__ import annotations

Colour = tuple[int, int, int]

POWER: dict[str, Colour] = {
    "great_britain": (213, 70, 40),
    "france": (0, 114, 178),
    "spain": (240, 228, 66),
    "russia": (0, 158, 115),
    "austria": (244, 244, 238),
    "prussia": (38, 38, 42),
    "united_provinces": (236, 150, 0),
}
LETTERS: dict[str, str] = {
    "great_britain": "GB", "france": "FR", "spain": "SP", "russia": "RU",
    "austria": "AU", "prussia": "PR", "united_provinces": "UP",
}
_LIGHT = {"spain", "austria", "united_provinces", "russia"}


def power(pid: str) -> Colour:
    return POWER.get(pid, (150, 150, 150))


def ink(pid: str) -> Colour:
    """The colour of letters and numbers on a power's pieces."""
    return (20, 20, 24) if pid in _LIGHT else (250, 250, 250)


def letters(pid: str) -> str:
    return LETTERS.get(pid, pid[:2].upper())


SEA = (92, 134, 160)
SEA_DEEP = (70, 110, 138)
SEA_AREA = (120, 164, 188)
LAND = (226, 208, 160)
LAND_EUROPE = (214, 196, 146)
HOME = (196, 176, 128)
COAST = (92, 72, 44)
PARCHMENT = (240, 228, 196)
INK = (44, 32, 20)
INK_SOFT = (96, 80, 60)
GOLD = (196, 150, 40)
HIGHLIGHT = (255, 214, 64)
HIGHLIGHT_EDGE = (255, 120, 0)
PANEL = (38, 34, 30)
PANEL_LIGHT = (58, 52, 46)
PANEL_EDGE = (120, 100, 70)
TEXT = (240, 232, 214)
TEXT_DIM = (170, 160, 140)
BUTTON = (120, 84, 40)
BUTTON_HOVER = (160, 112, 52)
BUTTON_TEXT = (255, 246, 226)
BAD = (200, 60, 50)
GOOD = (60, 160, 80)
COUNTER = (250, 244, 226)
COUNTER_POP = (200, 226, 196)
COUNTER_SLAVES = (214, 200, 232)
