"""The bots' random number generator, defined here so that every machine and every Python
version draws the same numbers from the same seed.

Python's ``random`` module promises no stable algorithm for ``randrange``, ``choice`` or
``shuffle`` across versions, and a network game plays a bot seat by computing it on every
peer, so the bots use this generator instead: SplitMix64 (Steele, Lea and Flood, 2014),
written out in integer arithmetic, seeded through SHA-256 so that nearby seeds give
unrelated streams. Bounded draws use rejection sampling, so they are exactly uniform.
"""

from __future__ import annotations

import hashlib

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def seed_from(*parts: int | str | bytes) -> int:
    """A 64-bit seed from several values (a game seed, a seat, a step, a label)."""
    h = hashlib.sha256(b"soe-bot-seed")
    for p in parts:
        if isinstance(p, bool):
            raise TypeError("a seed part is an integer, a string or bytes")
        if isinstance(p, int):
            data = str(p).encode()
            tag = b"i"
        elif isinstance(p, str):
            data = p.encode()
            tag = b"s"
        else:
            data = bytes(p)
            tag = b"b"
        h.update(tag + len(data).to_bytes(4, "big") + data)
    return int.from_bytes(h.digest()[:8], "big")


class Rng:
    """SplitMix64: a 64-bit state advanced by a constant, each output a mix of it."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed_from(seed)

    def next64(self) -> int:
        self.state = (self.state + GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (``n`` at least 1)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        limit = (1 << 64) - (1 << 64) % n
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``lo .. hi`` inclusive."""
        return lo + self.below(hi - lo + 1)

    def fork(self, *parts: int | str) -> Rng:
        """An independent generator for a sub-task, derived from this one's next output
        and ``parts`` (so the same call sequence gives the same forks)."""
        child = Rng.__new__(Rng)
        child.state = seed_from(self.next64(), *parts)
        return child
