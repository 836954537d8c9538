"""Key files: a player's Ed25519 key as an unencrypted PKCS#8 PEM file with permissions
0600, created on first use (``load_or_create(path)``). Which file is the player's key is
the client's rule (:func:`game.client.folders.key_file`: the data directory, or
``$SOE_KEY_FILE``); the key itself is a :class:`net.core.identity.Identity`.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from net.core.identity import Identity


class KeyFileError(Exception):
    """A key file is unreadable, malformed or readable by others."""


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
