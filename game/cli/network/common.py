"""What the network subcommands share: their common options, the computer player of a
seat and reading an invite (the rest is :mod:`game.client.netgames`')."""

from __future__ import annotations

import argparse
import os
from typing import Any

from game.bots import BOT_NAMES, make_bot
from game.client.words.lang import say

HUMAN = "human"
WAIT_S = 60.0  # default of --wait: how long join, spectate and resume wait for an answer


def decider_for(name: str, seed: int) -> Any:
    """The computer player that plays a seat, or None when a person does (at the terminal)."""
    from net.peer import BotDecider

    if name == HUMAN:
        return None
    return BotDecider(make_bot(name, seed))


def resolve_invite(text: str) -> Any:
    """The invite ``text`` is, or the one of the LAN game it names (exits saying why when neither)."""
    from game.client.netgames import NetStartError, read_invite
    from game.client.words.netgames import start_error
    from net.discovery import browse

    try:
        return read_invite(text, browse)
    except NetStartError as exc:
        raise SystemExit(f"soe: {start_error(exc.code, exc.fields)}") from None


def add_common(p: argparse.ArgumentParser, *, seat: bool = True, log: bool = True, port_help: str = "") -> None:
    p.add_argument("--key", default=None, metavar="FILE",
                   help=say("your key file (default: your installation's key, or $SOE_KEY_FILE); see `soe key`"))
    if log:
        p.add_argument("--log", default=None, metavar="FILE",
                       help=say("where the game log is written (default: in your data directory); a new or empty "
                                "file"))
    p.add_argument("--bind", default="0.0.0.0", metavar="ADDR",
                   help=say("address to listen on (default: 0.0.0.0, all)"))
    p.add_argument("--port", type=int, default=None,
                   help=port_help or say("port to listen on (default: any free port)"))
    p.add_argument("--advertise", default=None, metavar="ADDR",
                   help=say("the address other peers should use to reach you (default: this machine's LAN address)"))
    p.add_argument("--no-curve", action="store_true",
                   help=say("do not encrypt the transport (signatures still hold)"))
    p.add_argument("--deadline", type=float, default=0, metavar="SECONDS",
                   help=say("give up when the game has not ended after this many seconds (default: 0, never)"))
    p.add_argument("--result", default=None, metavar="FILE", help=say("write the final result as JSON into FILE"))
    p.add_argument("--quiet", action="store_true", help=say("print only the result"))
    p.add_argument("--text", action="store_true",
                   help=say("play in the terminal instead of the window (a seat played by --bot has no window)"))
    p.add_argument("--autoclick", action="store_true",
                   help=say("play your seat in the window by synthetic clicks on what it highlights (tests; leaves "
                            "at the end of the game)"))
    p.add_argument("--size", default="", metavar="WxH", help=say("window size (default: from the settings)"))
    if seat:
        p.add_argument("--name", default=os.environ.get("USER", "player"),
                       help=say("your name at the table (default: your user name)"))
        p.add_argument("--power", default="",
                       help=say("the great power you would like, e.g. france (default: any)"))
        p.add_argument("--bot", default=HUMAN, choices=(HUMAN, *BOT_NAMES),
                       help=say("who plays your seat: you at the terminal, or a computer player (default: human)"))
        p.add_argument("--seed", type=int, default=0,
                       help=say("seed of the computer player on your seat (default: 0)"))


def add_wait(p: argparse.ArgumentParser, help_text: str) -> None:
    """``--wait SECONDS``, with its help (which says whose answer is awaited)."""
    p.add_argument("--wait", type=float, default=WAIT_S, metavar="SECONDS", help=help_text)
