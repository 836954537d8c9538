"""Peer-to-peer subcommands of ``soe``: ``host``, ``join``, ``spectate``, ``resume``,
``lobby`` and ``demo``.

Each runs one peer (:class:`net.peer.Peer`) in a table of its own thread
(:class:`game.client.nettable.NetTable`) until its game is over, with the terminal's front
end over it (:class:`game.cli.terminal.Terminal`, the menu and keys of ``soe play``),
printing what the peer reports in words (:mod:`game.client.words.peer`). A seat is played
by a person at the terminal or by a computer player (``--bot``). Logs are written as they
grow, so ``soe resume LOG`` restarts a peer that crashed or was closed.

Modules: :mod:`~game.cli.network.common` (options, keys, logs, invites),
:mod:`~game.cli.network.running` (the table, the terminal, printing a peer's events, the result),
:mod:`~game.cli.network.host`, :mod:`~game.cli.network.join` (join and spectate),
:mod:`~game.cli.network.resume`, :mod:`~game.cli.network.lobby`.
"""

from __future__ import annotations

import argparse
from typing import Any

from game.bots import BOT_NAMES
from game.cli.network.common import HUMAN, WAIT_S, add_common, add_wait
from game.client.words.lang import say
from net.core.genesis import DEFAULT_BANK_MS, DEFAULT_INCREMENT_MS, MAX_BANK_MS, MAX_INCREMENT_MS, MIN_BANK_MS
from net.core.lobby import DEFAULT_PORT


def _host(args: argparse.Namespace) -> int:
    from game.cli.network.host import host

    return host(args)


def _join(args: argparse.Namespace) -> int:
    from game.cli.network.join import join

    return join(args)


def _spectate(args: argparse.Namespace) -> int:
    from game.cli.network.join import spectate

    return spectate(args)


def _resume(args: argparse.Namespace) -> int:
    from game.cli.network.resume import resume

    return resume(args)


def _lobby(args: argparse.Namespace) -> int:
    from game.cli.network.lobby import lobby

    return lobby(args)


def register(sub: Any) -> None:
    p = sub.add_parser("host", help=say("host a game and print its invite"),
                       description=say("Host a network game: print an invite for the others, seat them as they "
                                       "join, and start when every seat is taken."))
    add_common(p, port_help=say("port to listen on (default: {port}; when it is taken, any free port, and the "
                                "invite says which)", port=DEFAULT_PORT))
    p.add_argument("--players", type=int, default=4, help=say("number of seats, 2-7 (default 4)"))
    p.add_argument("--timeout", type=float, default=120, metavar="SECONDS",
                   help=say("seconds a player may keep the game waiting before the others may hand its seat to a "
                            "computer player (default: 120)"))
    p.add_argument("--clock", type=float, default=DEFAULT_BANK_MS / 60_000, metavar="MINUTES",
                   help=say("each player's game clock: the minutes the game may wait for them in all, spent only "
                            "while it waits for them; 0 for no game clock ({lo} to {hi}; default: {default})",
                            lo=MIN_BANK_MS // 60_000, hi=MAX_BANK_MS // 60_000, default=format(DEFAULT_BANK_MS / 60_000, "g")))
    p.add_argument("--increment", type=float, default=None, metavar="SECONDS",
                   help=say("seconds a player's game clock gets back after each turn in which they decided (0 to "
                            "{hi}; default: {default}, or 0 with no game clock)", hi=MAX_INCREMENT_MS // 1000,
                            default=format(DEFAULT_INCREMENT_MS / 1000, "g")))
    p.add_argument("--fill-after", type=float, default=-1, metavar="SECONDS",
                   help=say("start after this many seconds with computer players in the empty seats (default: wait "
                            "until every seat is taken)"))
    p.add_argument("--no-announce", action="store_true", help=say("do not announce the game on the LAN (DNS-SD)"))
    p.add_argument("--announce-on", default=None, metavar="ADDR",
                   help=say("announce only on the interface with this address (default: every interface)"))
    p.add_argument("--invite-file", default=None, metavar="FILE", help=say("also write the invite into FILE"))
    p.add_argument("--upnp", action="store_true",
                   help=say("ask the router (UPnP) to forward the port, and invite with its external address"))
    p.add_argument("--upnp-group", default=None, help=argparse.SUPPRESS)  # tests: a loopback SSDP responder
    p.add_argument("--chain-length", type=int, default=None, help=argparse.SUPPRESS)
    p.set_defaults(func=_host)

    p = sub.add_parser("join", help=say("join a game by its invite (or its name on the LAN)"),
                       description=say("Join a network game: check the host's key against the invite's fingerprint, "
                                       "take a seat and play."))
    add_common(p)
    add_wait(p, say("give up when the host has not answered after this many seconds (default: {seconds})",
                    seconds=format(WAIT_S, "g")))
    p.add_argument("invite", help=say("the invite `soe host` printed (soe://...), or a LAN game's name as `soe lobby` "
                                      "lists it"))
    p.set_defaults(func=_join)

    p = sub.add_parser("spectate", help=say("watch a game from any point, never able to act"),
                       description=say("Watch a network game: catch up from its transcript, then follow it live."))
    add_common(p, seat=False)
    add_wait(p, say("give up when the host has not answered after this many seconds (default: {seconds})",
                    seconds=format(WAIT_S, "g")))
    p.add_argument("invite", help=say("the game's invite (soe://...), or a LAN game's name as `soe lobby` lists it"))
    p.set_defaults(func=_spectate)

    p = sub.add_parser("resume", help=say("go on with a saved game: a network peer's log, or a game of soe play"),
                       description=say("Go on with a saved game: a network peer's log (with LOG.secret and "
                                       "LOG.peer.json beside it) reconnects to the peers it knew; a game of `soe "
                                       "play` goes on in the terminal."))
    add_common(p, seat=False, log=False, port_help=say("port to listen on (default: the one this peer used before, "
                                                       "or any free port when it is taken)"))
    add_wait(p, say("give up when none of the game's other peers has answered after this many seconds (default: "
                    "{seconds})", seconds=format(WAIT_S, "g")))
    p.add_argument("file", metavar="LOG", help=say("the game's log file (.jsonl)"))
    p.add_argument("--bot", default=None, choices=(HUMAN, *BOT_NAMES),
                   help=say("who plays your seat now (default: who played it before)"))
    p.add_argument("--seed", type=int, default=None,
                   help=say("seed of the computer player on your seat (default: the one it had)"))
    p.set_defaults(func=_resume)

    p = sub.add_parser("lobby", help=say("list the games announced on the LAN"))
    p.add_argument("--seconds", type=float, default=2.0, help=say("how long to listen (default: 2)"))
    p.add_argument("--interface", default=None, metavar="ADDR",
                   help=say("listen only on the interface with this address (default: every interface)"))
    p.set_defaults(func=_lobby)

    from game.cli.demo import register as register_demo

    register_demo(sub)
