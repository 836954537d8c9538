"""The camera over the board: zoom about a point, pan by dragging, fit to a viewport.

Zoom levels are quantised (steps of 2^(1/4), plus the one that fits the window) so that
the board drawn at each can be cached and is never rescaled per frame."""

from __future__ import annotations

import math
from dataclasses import dataclass

STEP = 2 ** 0.25
MIN_LEVEL, MAX_LEVEL = -8, 6  # 0.25x .. 2.8x


def zoom_of(level: int) -> float:
    return float(STEP ** level)


@dataclass
class Camera:
    board_w: int
    board_h: int
    view: tuple[int, int, int, int] = (0, 0, 1280, 720)  # the viewport on screen
    zoom: float = 0.6
    ox: float = 0.0  # screen position of the board's origin
    oy: float = 0.0

    def fit(self, view: tuple[int, int, int, int]) -> None:
        """The zoom at which the whole board fits the viewport, centred."""
        self.view = view
        vx, vy, vw, vh = view
        z = self.zoom = round(min(vw / self.board_w, vh / self.board_h), 3)
        self.ox = vx + (vw - self.board_w * z) / 2
        self.oy = vy + (vh - self.board_h * z) / 2

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        z = self.zoom
        return round(self.ox + x * z), round(self.oy + y * z)

    def to_board(self, sx: float, sy: float) -> tuple[float, float]:
        z = self.zoom
        return (sx - self.ox) / z, (sy - self.oy) / z

    def zoom_at(self, sx: float, sy: float, steps: int) -> None:
        """Zoom in (steps > 0) or out keeping the board point under (sx, sy) in place."""
        bx, by = self.to_board(sx, sy)
        level = round(math.log(self.zoom, STEP)) + steps
        z = self.zoom = zoom_of(max(MIN_LEVEL, min(MAX_LEVEL, level)))
        self.ox = sx - bx * z
        self.oy = sy - by * z
        self.clamp()

    def show(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Bring the board's box (x0, y0)-(x1, y1) into the viewport: centred on it if any
        of it is outside, zoomed out to the level that fits it if it is larger."""
        vx, vy, vw, vh = self.view
        sx0, sy0 = self.to_screen(x0, y0)
        sx1, sy1 = self.to_screen(x1, y1)
        if sx0 >= vx and sy0 >= vy and sx1 <= vx + vw and sy1 <= vy + vh:
            return
        level = round(math.log(self.zoom, STEP))
        while level > MIN_LEVEL and ((x1 - x0) * zoom_of(level) > vw or (y1 - y0) * zoom_of(level) > vh):
            level -= 1
        z = self.zoom = zoom_of(level)
        self.ox = vx + vw / 2 - (x0 + x1) / 2 * z
        self.oy = vy + vh / 2 - (y0 + y1) / 2 * z
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.ox += dx
        self.oy += dy
        self.clamp()

    def clamp(self) -> None:
        """Keep at least a third of the viewport covered by the board."""
        vx, vy, vw, vh = self.view
        z = self.zoom
        bw, bh = self.board_w * z, self.board_h * z
        self.ox = min(max(self.ox, vx + vw / 3 - bw), vx + vw * 2 / 3)
        self.oy = min(max(self.oy, vy + vh / 3 - bh), vy + vh * 2 / 3)


def size_at(v: float, z: float, floor: int) -> int:
    """A length of ``v`` board units at zoom ``z``, never below ``floor`` pixels (text that
    must stay legible when the whole board fits a 1280x720 window)."""
    return max(floor, round(v * z))
