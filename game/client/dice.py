"""Where a game's chance values come from when no network beacon gives them.

A *dice source* answers a chance request of the engine (``pending(st).chance``) with one
value per range. Three exist:

- :func:`local_dice`: a game against computer players. The values are a function of the
  game's seed and the chance input's index only (:func:`chance_values`), so taking a
  choice back, or leaving and resuming, never changes what the dice will be.
- :func:`seeded_dice`: self-play, screens and benchmarks: a ``random.Random`` of the
  seed, drawn in order (``randint`` per range), as ``soe selfplay`` has always drawn.
- :func:`prng_dice`: the project's own generator (:class:`game.bots.prng.Rng`), whose
  draws are the same on every Python version (``soe arena``).

Network games take their dice from the beacon (:mod:`net`), never from here.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence

from game.bots.prng import Rng
from game.rules import ChanceRequest, State

DiceSource = Callable[[State, ChanceRequest], tuple[int, ...]]


def chance_values(seed: int, index: int, ranges: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """The dice (or draws) of a local game's ``index``-th chance input: a function of the
    game's seed and that index only, without modulo bias."""
    out = []
    for i, (lo, hi) in enumerate(ranges):
        span = hi - lo + 1
        limit = (1 << 64) - (1 << 64) % span  # no modulo bias
        j = 0
        while True:
            h = int.from_bytes(hashlib.sha256(f"soe-local:{seed}:{index}:{i}:{j}".encode()).digest()[:8], "big")
            if h < limit:
                out.append(lo + h % span)
                break
            j += 1
    return tuple(out)


def local_dice(seed: int) -> DiceSource:
    """A local game's dice: :func:`chance_values` of the seed and the state's chance count."""

    def roll(st: State, request: ChanceRequest) -> tuple[int, ...]:
        return chance_values(seed, st.chance_count, request.ranges)

    return roll


def seeded_dice(seed: int) -> DiceSource:
    """Dice from ``random.Random(seed)``, drawn in order (self-play, screens, benchmarks)."""
    rng = random.Random(seed)

    def roll(st: State, request: ChanceRequest) -> tuple[int, ...]:
        return tuple(rng.randint(lo, hi) for lo, hi in request.ranges)

    return roll


def prng_dice(seed: int) -> DiceSource:
    """Dice from the project's generator of ``seed`` (the same on every Python version)."""
    rng = Rng(seed)

    def roll(st: State, request: ChanceRequest) -> tuple[int, ...]:
        return tuple(rng.randint(lo, hi) for lo, hi in request.ranges)

    return roll
