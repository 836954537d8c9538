"""Hidden unrest: the commitment each seat publishes at the end of each war and the
opening it publishes at the end of the game.

``commit = SHA-256("soe/unrest" || game id (16 bytes) || seat || war || unrest || salt)``
with seat, war and unrest as 8-byte big-endian unsigned integers and a 32-byte salt.
A client derives its salts from its chain secret (``SHA-256("soe/salt" || secret ||
war)``) so that it can open them after a restart; a verifier only sees the salts.
"""

from __future__ import annotations

import hmac

from net.core.encoding import DOMAIN_SALT, DOMAIN_UNREST, sha256, u64

SALT_BYTES = 32
WARS = 3


def commitment(game_id: bytes, seat: int, war: int, unrest: int, salt: bytes) -> bytes:
    if len(salt) != SALT_BYTES:
        raise ValueError(f"a salt is {SALT_BYTES} bytes")
    return sha256(DOMAIN_UNREST, game_id, u64(seat), u64(war), u64(unrest), salt)


def derive_salt(secret: bytes, war: int) -> bytes:
    return sha256(DOMAIN_SALT, secret, u64(war))


def opening_ok(game_id: bytes, seat: int, war: int, unrest: int, salt: bytes, commit: bytes) -> bool:
    return hmac.compare_digest(commitment(game_id, seat, war, unrest, salt), commit)
