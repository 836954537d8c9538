"""The files of a peer with the log ``FILE``: ``FILE`` (the transcript, JSON Lines,
fsynced: :class:`net.store.TranscriptFile`), ``FILE.secret`` (its beacon chain secret,
0600), ``FILE.peer.json`` (game id, key file, role, who plays the seat, the peers it knew;
a joiner's hello and a host's lobby before the start), ``FILE.curve`` (its CurveZMQ secret
key, 0600: a resumed peer keeps the key an invite or the others' links name),
``FILE.chat`` (the chat lines it saw, one envelope a line: never part of the game) and,
after a desync, ``FILE.desync.json``; so ``soe resume FILE`` restarts a peer after a
crash. ``FILE.lock`` is held while a process uses them (:func:`net.store.lock_game`).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from net.core.beacon import SECRET_BYTES, HashChain
from net.core.identity import Identity, fingerprint
from net.store import load


@dataclass
class PeerFiles:
    log: Path

    @property
    def secret(self) -> Path:
        return self.log.with_name(self.log.name + ".secret")

    @property
    def meta(self) -> Path:
        return self.log.with_name(self.log.name + ".peer.json")

    @property
    def desync(self) -> Path:
        return self.log.with_name(self.log.name + ".desync.json")

    @property
    def chat(self) -> Path:
        return chat_file(self.log)

    @property
    def curve(self) -> Path:
        return self.log.with_name(self.log.name + ".curve")

    def remove(self) -> None:
        """Delete the files of a game that never started here (a failed host, a refused join)."""
        for p in (self.log, self.secret, self.meta, self.meta.with_name(self.meta.name + ".tmp"), self.chat,
                  self.curve):
            try:
                p.unlink()
            except FileNotFoundError:
                pass


def chat_file(log: Path) -> Path:
    """Where the chat lines seen in the game of ``log`` are kept: ``LOG.chat``."""
    return log.with_name(log.name + ".chat")


def read_chat(log: Path) -> list[bytes]:
    """The chat lines kept beside ``log`` (none when there is no such file); a torn last
    line (a crash while writing it) is left out. Each line is checked when taken in."""
    try:
        data = chat_file(log).read_bytes()
    except OSError:
        return []
    lines = data.split(b"\n")
    return [line for line in lines[:-1] if line.strip()]


def check_game_files(files: PeerFiles, identity: Identity) -> None:
    """Check, reading only, that a log, its secret and its peer file belong to one game and
    to this key, before anything touches them; raises :class:`GameFilesError` saying which
    file does not belong."""
    try:
        meta = json.loads(files.meta.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise GameFilesError(f"{files.meta}: not a peer file ({exc})") from None
    game = meta.get("game") if isinstance(meta, dict) else None
    if not isinstance(game, str) or not game:
        raise GameFilesError(f"{files.meta}: not a peer file (no game id)")
    try:
        secret = files.secret.read_bytes()
    except OSError as exc:
        raise GameFilesError(f"{files.secret}: {exc.strerror}") from None
    if len(secret) != SECRET_BYTES:
        raise GameFilesError(f"{files.secret}: not a chain secret ({len(secret)} bytes, not {SECRET_BYTES})")
    me = identity.public_hex
    chain_length, seated, commitment = 0, False, ""
    for i, line in enumerate(load(files.log).messages, 1):
        try:
            env = json.loads(line)
            body = env.get("body") if isinstance(env, dict) else None
            if not isinstance(body, dict):
                raise ValueError("no body")
        except ValueError:
            raise GameFilesError(f"{files.log}: line {i} is not a message of a game log") from None
        if env.get("game") != game:
            raise GameFilesError(f"{files.log} is game {env.get('game')}, but {files.meta.name} beside it is game "
                                 f"{game}: these files are not one game's; nothing was changed")
        if i == 1 and env.get("kind") == "genesis":
            length = body.get("chain_length")
            chain_length = length if isinstance(length, int) else 0
            seated = any(isinstance(x, dict) and x.get("key") == me for x in body.get("seats", []))
            if meta.get("role") == "player" and not seated:
                raise GameFilesError(f"{files.log}: your key ({fingerprint(me)}) has no seat in this game: is it the "
                                     "key this game was played with (--key)?")
        if env.get("kind") == "seat" and env.get("author") == me:
            commitment = str(body.get("chain", ""))
            break
    if commitment and 0 < chain_length:
        try:
            ours = HashChain(secret, chain_length).commitment.hex()
        except ValueError:
            ours = ""
        if ours != commitment:
            raise GameFilesError(f"{files.secret} is not the secret this seat played {files.log} with (its hash "
                                 "chain does not match the log): these files are not one game's; nothing was changed")


def read_meta(files: PeerFiles) -> dict[str, Any]:
    """The peer file (raises OSError, or ValueError when it is not a JSON object)."""
    meta = json.loads(files.meta.read_text(encoding="utf-8"))
    if not isinstance(meta, dict):
        raise ValueError("not a JSON object")
    return meta


def curve_keys(files: PeerFiles) -> tuple[bytes, bytes] | None:
    """The CurveZMQ key pair kept in ``FILE.curve`` (public, secret: Z85), or None."""
    import zmq

    try:
        secret = files.curve.read_bytes().strip()
        return zmq.curve_public(secret), secret
    except (OSError, ValueError, zmq.ZMQError):
        return None


def write_meta(files: PeerFiles, data: dict[str, Any]) -> None:
    """Replace the peer file with ``data`` (written beside it, then moved over it)."""
    tmp = files.meta.with_name(files.meta.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(tmp, files.meta)


class GameFilesError(ValueError):
    """A game's files that do not belong together (see :func:`check_game_files`)."""
