"""What was drawn where: a ``Hit`` is a rect on screen, the thing it shows (a ``Target``:
an area, a counter, a power's pieces or marker, a track space, a tile, a log line...)
and its tooltip. Drawing returns its hits, which is all the hit-testing the screens need:
the last frame's hits under the mouse."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

Target = tuple[str, ...]


@dataclass(frozen=True)
class Hit:
    rect: pygame.Rect
    target: Target  # ("area", id) ("counter", id) ("unit", area, power) ("marker", area, power) ...
    tip: str

