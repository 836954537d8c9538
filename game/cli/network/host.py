"""``soe host``: host a network game, print its invite, seat the others as they join, start
when every seat is taken (or after ``--fill-after`` with computer players), and play; with
``--upnp``, ask the router to forward the port first (:func:`game.client.netgames.host_game`)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from game.cli.network.common import HUMAN, decider_for
from game.cli.network.running import play
from game.client.netgames import HostSettings, NetStartError, host_game
from game.client.words.lang import say, say_n
from game.client.words.names import Names
from game.client.words.netgames import hosting, start_error
from game.client.words.peer import settings_problem
from net.core.beacon import DEFAULT_CHAIN_LENGTH
from net.core.genesis import DEFAULT_INCREMENT_MS


def settings_of(args: argparse.Namespace) -> HostSettings:
    group = None
    if args.upnp_group:
        host_name, _, port = args.upnp_group.rpartition(":")
        group = (host_name, int(port))
    bank = round(args.clock * 60_000)
    increment = args.increment if args.increment is not None else DEFAULT_INCREMENT_MS / 1000 if bank else 0
    return HostSettings(players=args.players, name=args.name, power=args.power, timeout_s=args.timeout,
                        chain_length=args.chain_length, bank_ms=bank, increment_ms=round(increment * 1000),
                        bind=args.bind, port=args.port, advertise=args.advertise,
                        curve=not args.no_curve, key=args.key, log=args.log, bot="" if args.bot == HUMAN else args.bot,
                        seed=args.seed, upnp=args.upnp, upnp_group=group, announce=not args.no_announce,
                        announce_on=args.announce_on, fill_after_s=args.fill_after if args.fill_after >= 0 else None)


def refused(s: HostSettings) -> str:
    """Why the game's settings are out of bounds, in one line ("" when they are not)."""
    problem = settings_problem(s.chain_length or DEFAULT_CHAIN_LENGTH, int(s.timeout_s * 1000), s.bank_ms,
                               s.increment_ms)
    return f"soe host: {problem}" if problem else ""


def host(args: argparse.Namespace) -> int:
    said = refused(settings_of(args))
    if said:  # before the window opens, or anything is listened on or written
        print(said, file=sys.stderr)
        return 2
    if not args.text and args.bot == HUMAN:  # a person: in the window (the host's lobby, then the game)
        from game.cli.network import window

        return window.host(args)
    try:
        h = host_game(settings_of(args), decider_for(args.bot, args.seed))
    except NetStartError as exc:
        print(f"soe host: {start_error(exc.code, exc.fields)}", file=sys.stderr)
        return 2
    peer = h.peer
    if h.fell_back:
        print(hosting("fell_back", port=peer.node.port), flush=True)
    if h.upnp == "mapped":
        print(hosting("upnp_mapped", port=peer.node.port, local_ip=h.local_ip, external=h.external), flush=True)
    elif h.upnp == "failed":
        print(hosting("upnp_failed", error=h.upnp_error, port=peer.node.port), file=sys.stderr, flush=True)
    print(say("Invite: {invite}", invite=h.invite), flush=True)
    if h.invite != h.lan_invite:
        print(say("On this network: {invite}", invite=h.lan_invite), flush=True)
    print(say("Your key's fingerprint is {fingerprint}: read it out to the others, who compare it with the invite's "
              "fp.", fingerprint=h.fingerprint), flush=True)
    if args.invite_file:
        Path(args.invite_file).write_text(str(h.invite) + "\n", encoding="utf-8")
    if h.announce_error:
        print(hosting("not_announced", error=h.announce_error), file=sys.stderr)
    waiting = args.players - 1
    mine = next(s.power for s in h.lobby.seats if s.key == peer.identity.public_hex)
    power = Names(h.lobby.board).power(mine)
    if args.fill_after >= 0:
        print(say_n("You play {power}. Waiting for {n} player ({seconds} s, then computer players fill the empty "
                    "seats)",
                    "You play {power}. Waiting for {n} players ({seconds} s, then computer players fill the empty "
                    "seats)", waiting, power=power, seconds=format(args.fill_after, "g")), flush=True)
    else:
        print(say_n("You play {power}. Waiting for {n} player", "You play {power}. Waiting for {n} players", waiting,
                    power=power), flush=True)

    def seat_them(p: Any) -> None:
        """The lobby, in the peer thread: say how many seats are free on the LAN, and start
        when every seat is taken (or after --fill-after, with computer players)."""
        h.tick(p)
        if h.lobby.full or (args.fill_after >= 0 and time.monotonic() - h.started_at >= args.fill_after):
            h.start(p)

    try:
        return play(peer, args, "host", human=args.bot == HUMAN, before_start=seat_them,
                    started=lambda: h.lobby.started)
    finally:
        said = h.close()
        if said == "unmapped":
            print(hosting("upnp_unmapped", port=peer.node.port), flush=True)
        elif said:
            print(hosting("upnp_kept", error=said), file=sys.stderr, flush=True)
