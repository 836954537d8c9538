"""What the network subcommands share: their common options, the player's key, the log to
write, the computer player of a seat, this machine's address and reading an invite."""

from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path
from typing import Any

from game.bots import BOT_NAMES, make_bot

HUMAN = "human"
WAIT_S = 60.0  # default of --wait: how long join, spectate and resume wait for an answer


def decider_for(name: str, seed: int) -> Any:
    """The computer player that plays a seat, or None when a person does (at the terminal)."""
    from net.peer import BotDecider

    if name == HUMAN:
        return None
    return BotDecider(make_bot(name, seed))


def lan_address() -> str:
    """This machine's address as others on the LAN see it (no packet is sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        addr = str(info[4][0])
        if not addr.startswith("127."):
            return addr
    return "127.0.0.1"


def advertised(args: argparse.Namespace) -> str:
    """The address other peers should use: ``--advertise``, else the one bound to (this
    machine's LAN address when bound to every interface)."""
    return str(args.advertise or (lan_address() if args.bind in ("0.0.0.0", "*") else args.bind))


def network_games_dir() -> Path:
    """Where network games' logs are written unless ``--log`` says otherwise."""
    from game.client.folders import network_games_dir as games_dir

    return games_dir()


def default_log(game_id: str, identity: Any, role: str = "player") -> Path:
    """``games/GAME.FINGERPRINT.jsonl`` in the data directory: one file per game and key, so a
    host and a joiner (or a spectator) on one machine never share a log."""
    from net.core.identity import fingerprint

    tail = "" if role == "player" else f".{role}"
    return network_games_dir() / f"{game_id}.{fingerprint(identity.public_hex)}{tail}.jsonl"


def identity_for(key: str | None, command: str) -> Any:
    """This player's key (created on first use), or None when the key file cannot be used (said why)."""
    from game.client.folders import key_file
    from net.keyfile import KeyFileError, load_or_create

    try:
        return load_or_create(Path(key) if key else key_file())
    except (KeyFileError, OSError) as exc:
        print(f"soe {command}: {exc}", file=sys.stderr)
        return None


def log_for(args: argparse.Namespace, command: str, game_id: str, identity: Any,
            role: str = "player") -> Path | None:
    """The log to write (a new file): ``--log`` or one in the data directory; None (said why)
    when ``--log`` names a directory or a file that already holds something."""
    log = Path(args.log) if args.log else default_log(game_id, identity, role)
    if log.is_dir():
        print(f"soe {command}: {log} is a directory; --log names the file to write", file=sys.stderr)
        return None
    if log.exists() and log.stat().st_size > 0:
        print(f"soe {command}: {log} already holds a game; name another --log (or `soe resume {log}` to go on "
              "with it)", file=sys.stderr)
        return None
    return log


def port_of(endpoint: str) -> int:
    """The port of ``tcp://host:port`` (0 if there is none)."""
    tail = endpoint.rsplit(":", 1)[-1]
    return int(tail) if endpoint.startswith("tcp://") and tail.isdigit() else 0


def zmq_error() -> type[Exception]:
    import zmq

    return zmq.ZMQError


def resolve_invite(text: str) -> Any:
    """The invite ``text`` is, or the one of the LAN game it names (exits saying why when neither)."""
    from net.core.lobby import Invite, InviteError
    from net.discovery import browse

    try:
        return Invite.parse(text)
    except InviteError as exc:
        if text.startswith("soe://"):
            raise SystemExit(f"soe: {exc}") from None
    for a in browse(2.0):
        if a.name == text or a.invite.game_id.startswith(text):
            return a.invite
    raise SystemExit(f"soe: {text!r} is neither an invite nor a game announced on the LAN")


def add_common(p: argparse.ArgumentParser, *, seat: bool = True, log: bool = True, port_help: str = "") -> None:
    p.add_argument("--key", default=None, metavar="FILE",
                   help="your key file (default: your installation's key, or $SOE_KEY_FILE); see `soe key`")
    if log:
        p.add_argument("--log", default=None, metavar="FILE",
                       help="where the game log is written (default: in your data directory); a new or empty file")
    p.add_argument("--bind", default="0.0.0.0", metavar="ADDR", help="address to listen on (default: 0.0.0.0, all)")
    p.add_argument("--port", type=int, default=None,
                   help=port_help or "port to listen on (default: any free port)")
    p.add_argument("--advertise", default=None, metavar="ADDR",
                   help="the address other peers should use to reach you (default: this machine's LAN address)")
    p.add_argument("--no-curve", action="store_true", help="do not encrypt the transport (signatures still hold)")
    p.add_argument("--deadline", type=float, default=0, metavar="SECONDS",
                   help="give up when the game has not ended after this many seconds (default: 0, never)")
    p.add_argument("--result", default=None, metavar="FILE", help="write the final result as JSON into FILE")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    if seat:
        p.add_argument("--name", default=os.environ.get("USER", "player"),
                       help="your name at the table (default: your user name)")
        p.add_argument("--power", default="", help="the great power you would like, e.g. france (default: any)")
        p.add_argument("--bot", default=HUMAN, choices=(HUMAN, *BOT_NAMES),
                       help="who plays your seat: you at the terminal, or a computer player (default: human)")
        p.add_argument("--seed", type=int, default=0, help="seed of the computer player on your seat (default: 0)")


def add_wait(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--wait", type=float, default=WAIT_S, metavar="SECONDS",
                   help=f"give up when {what} has not answered after this many seconds (default: {WAIT_S:g})")
