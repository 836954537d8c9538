"""Fair dice: per-seat hash chains, the beacon value of each chance event, and its
expansion into dice and uniform draws.

- chain: ``h0 = secret`` (32 bytes), ``h(i+1) = SHA-256("soe/chain" || h(i))``; a seat
  commits to ``hL`` before the game and reveals ``h(L-r)`` for chance event ``r``, which
  anyone checks by hashing it once onto the value revealed before (``hL`` for r = 1).
- beacon: ``B_r = SHA-256("soe/beacon" || game id (16 bytes) || r (8 bytes big-endian) ||
  the reveals of the seats still played by people, in seat order)``.
- expansion: a stream of 4-byte big-endian words from HMAC-SHA-256(key = B_r, message =
  counter as 8 bytes big-endian) for counter 0, 1, 2, ...; each range ``[lo, hi]`` takes
  words until one is below ``2**32 - 2**32 % m`` (m = hi - lo + 1), then ``lo + word % m``.
  Rejection sampling: every value is exactly uniform, no modulo bias.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence

from net.core.encoding import DOMAIN_BEACON, DOMAIN_CHAIN, sha256, u64

DEFAULT_CHAIN_LENGTH = 4096
# A genesis must give every seat enough reveals for the longest game (7-player games
# between bots have taken up to about 220 chance events) with room to spare, and no more
# than a peer can hold without strain (a chain is kept whole in memory).
MIN_CHAIN_LENGTH = 1024
MAX_CHAIN_LENGTH = 1 << 16
SECRET_BYTES = 32
_WORD = 1 << 32


def chain_step(h: bytes) -> bytes:
    """One link of a hash chain: SHA-256("soe/chain" || h)."""
    return hashlib.sha256(DOMAIN_CHAIN + h).digest()


class HashChain:
    """A seat's whole chain ``h0..hL`` (kept in memory: 32 bytes per link)."""

    __slots__ = ("links",)

    def __init__(self, secret: bytes, length: int) -> None:
        if len(secret) != SECRET_BYTES:
            raise ValueError(f"a chain secret is {SECRET_BYTES} bytes")
        if not 1 <= length <= MAX_CHAIN_LENGTH:
            raise ValueError(f"chain length must be 1..{MAX_CHAIN_LENGTH}")
        links = [secret]
        for _ in range(length):
            links.append(chain_step(links[-1]))
        self.links = links

    @property
    def length(self) -> int:
        return len(self.links) - 1

    @property
    def commitment(self) -> bytes:
        """``hL``, published in the seat message."""
        return self.links[-1]

    def reveal(self, r: int) -> bytes:
        """The value for chance event ``r`` (1-based): ``h(L - r)``."""
        if not 1 <= r <= self.length:
            raise ValueError(f"the chain of length {self.length} has no reveal for chance event {r}")
        return self.links[self.length - r]


def reveal_ok(previous: bytes, revealed: bytes) -> bool:
    """A reveal is good when hashing it once gives the previous value."""
    return len(revealed) == 32 and hmac.compare_digest(chain_step(revealed), previous)


def beacon_value(game_id: bytes, r: int, reveals: Sequence[bytes]) -> bytes:
    """``B_r`` from the reveals of chance event ``r`` in seat order."""
    return sha256(DOMAIN_BEACON, game_id, u64(r), *reveals)


def _words(beacon: bytes) -> Iterator[int]:
    counter = 0
    while True:
        block = hmac.digest(beacon, u64(counter), "sha256")
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i:i + 4], "big")
        counter += 1


def expand(beacon: bytes, ranges: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """One uniform integer per ``(lo, hi)`` range (inclusive), in order."""
    words = _words(beacon)
    out: list[int] = []
    for lo, hi in ranges:
        m = hi - lo + 1
        if not 1 <= m <= _WORD:
            raise ValueError(f"range {lo}..{hi} is empty or too wide")
        limit = _WORD - _WORD % m
        while True:
            w = next(words)
            if w < limit:
                out.append(lo + w % m)
                break
    return tuple(out)
