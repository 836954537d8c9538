"""Player identity: an Ed25519 key pair per installation (or per key file), its
signatures, and the short :func:`fingerprint` people compare keys by.

Reading and writing key files is :mod:`net.keyfile`'s business; this module never
touches a file.
"""

from __future__ import annotations

import base64

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from net.core.encoding import DOMAIN_FINGERPRINT, from_hex, sha256


class Identity:
    """An Ed25519 signing key and its public half (hex, as it appears in envelopes)."""

    __slots__ = ("_private", "public_bytes", "public_hex")

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        self.public_bytes: bytes = private.public_key().public_bytes_raw()
        self.public_hex: str = self.public_bytes.hex()

    @classmethod
    def generate(cls) -> Identity:
        """A fresh random key (not saved anywhere)."""
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_seed(cls, seed: bytes) -> Identity:
        """A key from 32 seed bytes (deterministic: for tests and reproducible self-play only)."""
        if len(seed) != 32:
            raise ValueError("an Ed25519 seed is 32 bytes")
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    def sign(self, data: bytes) -> bytes:
        return self._private.sign(data)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_hex)

    def private_pem(self) -> bytes:
        return self._private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption())

    def __repr__(self) -> str:
        return f"Identity({self.fingerprint})"


def fingerprint(public_hex: str) -> str:
    """A short name for a public key to read aloud: 16 base32 characters in groups of 4,
    from SHA-256("soe/fingerprint" || key)[:10]."""
    digest = sha256(DOMAIN_FINGERPRINT, from_hex(public_hex, 32))[:10]
    text = base64.b32encode(digest).decode("ascii").lower()
    return "-".join(text[i:i + 4] for i in range(0, 16, 4))


def verify_signature(public: Ed25519PublicKey, signature: bytes, data: bytes) -> bool:
    try:
        public.verify(signature, data)
    except InvalidSignature:
        return False
    return True
