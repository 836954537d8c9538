"""Where the client's assets are and how they are loaded: the art folder (beside the
package in a checkout, under the install prefix's ``share`` after ``pip install .``),
fonts by file path (never system fonts), and a cache of rendered text."""

from __future__ import annotations

import sys
import sysconfig
from functools import lru_cache
from pathlib import Path

import pygame

APP = "struggle-of-empires"

FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "cond-bold": "DejaVuSansCondensed-Bold.ttf",
    "serif": "EBGaramond12-Regular.otf",
    "serif-bold": "EBGaramond-Bold.ttf",
}


class AssetError(RuntimeError):
    """The art folder or one of its files is missing (a broken install)."""


@lru_cache(maxsize=1)
def art_dir() -> Path:
    """The art folder: the checkout's ``art/`` or the installed copy."""
    here = Path(__file__).resolve()
    candidates = [here.parents[3] / "art"]  # this file is game/ui/drawing/assets.py
    # installed: PREFIX/lib/pythonX.Y/site-packages/game/ui/drawing (Windows: PREFIX/Lib/site-packages/game/ui/drawing)
    up = here.parents
    prefixes = [up[i] for i in (6, 5) if i < len(up)] + [Path(sysconfig.get_path("data")), Path(sys.prefix)]
    for prefix in prefixes:
        c = prefix / "share" / APP / "art"
        if c not in candidates:
            candidates.append(c)
    for c in candidates:
        if (c / "board.json").is_file():
            return c
    raise AssetError("the game's art folder is missing (looked in "
                     + ", ".join(str(c) for c in candidates) + "); reinstall with `pip install .`")


_fonts: dict[tuple[str, int], pygame.font.Font] = {}
# a face drawn at this share (percent) of the size asked: the headings' bold is a little
# wider than the face it replaced, and the printed board's names were placed for that one
SCALE = {"serif-bold": 95}


def font(face: str, size: int) -> pygame.font.Font:
    """A font from ``art/fonts`` at a pixel size (cached)."""
    key = (face, max(6, size))
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = art_dir() / "fonts" / FONT_FILES[face]
        if not path.is_file():
            raise AssetError(f"font file missing: {path}")
        f = pygame.font.Font(str(path), max(6, key[1] * SCALE.get(face, 100) // 100))
        _fonts[key] = f
    return f


Colour = tuple[int, int, int]

_text: dict[tuple[str, str, int, Colour], pygame.Surface] = {}


def text(s: str, face: str, size: int, colour: Colour) -> pygame.Surface:
    """A rendered line of text (cached: the same words are never rendered twice)."""
    key = (s, face, size, colour)
    surf = _text.get(key)
    if surf is None:
        if len(_text) > 6000:
            _text.clear()
        surf = font(face, size).render(s, True, colour)
        _text[key] = surf
    return surf


@lru_cache(maxsize=4096)
def wrap(s: str, face: str, size: int, width: int) -> list[str]:
    """The words of ``s`` broken into lines no wider than ``width`` pixels. A paragraph
    never ends on a line of one short word ("0)" under "... (difference"): the word before
    it goes down too, where both fit."""
    f = font(face, size)
    lines: list[str] = []
    for para in s.split("\n"):
        first = len(lines)
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word
            while f.size(line)[0] > width and len(line) > 1:  # a word wider than a line (a file's path)
                cut = _cut(line, f, width)
                lines.append(line[:cut])
                line = line[cut:]
        if len(lines) > first and 0 < len(line) <= 3 and " " not in line and " " in lines[-1]:
            head, last = lines[-1].rsplit(" ", 1)
            if f.size(f"{last} {line}")[0] <= width:
                lines[-1], line = head, f"{last} {line}"
        lines.append(line)
    return lines


def _cut(word: str, f: pygame.font.Font, width: int) -> int:
    """Where to break ``word``, too wide for ``width``: after its last "/" (or other
    separator) that fits, else after the last letter that fits (at least one)."""
    fits = 1
    while fits < len(word) and f.size(word[:fits + 1])[0] <= width:
        fits += 1
    seps = [i + 1 for i in range(fits) if word[i] in "/\\-_.,"]
    return seps[-1] if seps and seps[-1] > fits // 2 else fits
