"""Player identity: an Ed25519 key pair per installation (or per key file).

A key is an unencrypted PKCS#8 PEM file with permissions 0600, created on first use
(``load_or_create(path)``). Which file is the player's key is the client's rule
(:func:`game.client.folders.key_file`: the data directory, or ``$SOE_KEY_FILE``).
People compare keys by their short :func:`fingerprint`.
"""

from __future__ import annotations

import base64
import os
import stat
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from net.encoding import DOMAIN_FINGERPRINT, from_hex, sha256


class KeyFileError(Exception):
    """A key file is unreadable, malformed or readable by others."""


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


def load_or_create(path: str | os.PathLike[str]) -> Identity:
    """The identity stored at ``path``, created with permissions 0600 (its directory 0700)
    if it does not exist yet."""
    p = Path(path)
    if p.exists():
        return load(p)
    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    ident = Identity.generate()
    try:
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process created it meanwhile
        return load(p)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)  # whatever the umask
        os.write(fd, ident.private_pem())
        os.fsync(fd)
    finally:
        os.close(fd)
    return ident


def load(path: str | os.PathLike[str]) -> Identity:
    """Read a PKCS#8 PEM Ed25519 key; refuses a file that others may read (POSIX)."""
    p = Path(path)
    if os.name == "posix":
        mode = stat.S_IMODE(p.stat().st_mode)
        if mode & 0o077:
            raise KeyFileError(f"{p}: permissions {mode:o} let others read the key; run chmod 600 {p}")
    try:
        key = serialization.load_pem_private_key(p.read_bytes(), password=None)
    except (ValueError, TypeError) as exc:
        raise KeyFileError(f"{p}: not an unencrypted PEM private key ({exc})") from exc
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFileError(f"{p}: not an Ed25519 key")
    return Identity(key)
