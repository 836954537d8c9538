"""A few short sounds made in code (no sound files): dice rattling, a piece set down, a
bell when the player must decide. The mixer is opened at the first sound, only when sound
is on; a machine without audio simply stays silent."""

from __future__ import annotations

import math
import os
import struct
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

RATE = 22050

_sounds: dict[str, pygame.mixer.Sound] = {}
_state = {"tried": False, "ok": False}


def _pcm(samples: list[float]) -> bytes:
    return b"".join(struct.pack("<h", max(-32767, min(32767, int(v * 32767)))) for v in samples)


def _dice() -> list[float]:
    """Clicks of dice on wood: short decaying bursts at irregular steps (a fixed sequence)."""
    out = [0.0] * int(RATE * 0.45)
    seed = 12345
    for k, start in enumerate((0.0, 0.05, 0.09, 0.16, 0.2, 0.29, 0.33)):
        n0 = int(start * RATE)
        for i in range(int(0.018 * RATE)):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            noise = (seed / 0x7FFFFFFF) * 2 - 1
            if n0 + i < len(out):
                out[n0 + i] += noise * 0.5 * math.exp(-i / (0.004 * RATE)) * (1 - k * 0.1)
    return out


def _thump() -> list[float]:
    n = int(RATE * 0.12)
    return [0.6 * math.sin(2 * math.pi * 110 * i / RATE) * math.exp(-i / (0.03 * RATE)) for i in range(n)]


def _bell() -> list[float]:
    n = int(RATE * 0.5)
    return [0.35 * (math.sin(2 * math.pi * 880 * i / RATE) + 0.5 * math.sin(2 * math.pi * 1320 * i / RATE))
            * math.exp(-i / (0.12 * RATE)) for i in range(n)]


MAKERS = {"dice": _dice, "move": _thump, "turn": _bell}


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """The process's standard error (its file descriptor, where C libraries such as ALSA
    write) sent to the null device meanwhile; as it was where that cannot be done."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def play(name: str, enabled: bool) -> None:
    """Play a sound if sound is on and the machine can (silently nothing otherwise)."""
    if not enabled or name not in MAKERS:
        return
    if not _state["tried"]:
        _state["tried"] = True
        try:
            with _quiet_stderr():  # a machine with no sound card: the audio library's complaints unprinted
                pygame.mixer.init(RATE, -16, 1, 512, allowedchanges=0)
            _state["ok"] = True
        except pygame.error:
            _state["ok"] = False
    if not _state["ok"]:
        return
    snd = _sounds.get(name)
    if snd is None:
        snd = pygame.mixer.Sound(buffer=_pcm(MAKERS[name]()))
        _sounds[name] = snd
    snd.play()
