"""``soe host``: host a network game, print its invite, seat the others as they join, start
when every seat is taken (or after ``--fill-after`` with computer players), and play; with
``--upnp``, ask the router to forward the port first."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from game.cli.network.common import HUMAN, advertised, decider_for, identity_for, log_for
from game.cli.network.running import play
from game.client.words.peer import settings_problem
from net.core.lobby import DEFAULT_PORT


def host(args: argparse.Namespace) -> int:
    import zmq

    from net.core.beacon import DEFAULT_CHAIN_LENGTH
    from net.core.identity import fingerprint
    from net.core.lobby import Invite, Lobby, new_game_id
    from net.peer import Peer
    from net.store import GameInUse

    settings = {"chain_length": args.chain_length or DEFAULT_CHAIN_LENGTH, "timeout_ms": int(args.timeout * 1000)}
    problem = settings_problem(settings["chain_length"], settings["timeout_ms"])
    if problem:
        print(f"soe host: {problem}", file=sys.stderr)
        return 2
    ident = identity_for(args.key, "host")
    if ident is None:
        return 2
    gid = new_game_id()
    try:
        lobby = Lobby(ident, gid, args.players, host_name=args.name, host_power=args.power)
    except ValueError as exc:
        print(f"soe host: {exc}", file=sys.stderr)
        return 2
    lobby.settings = settings
    log = log_for(args, "host", gid, ident)
    if log is None:
        return 2
    decider = decider_for(args.bot, args.seed)
    advertise = advertised(args)
    ports = [args.port] if args.port is not None else [DEFAULT_PORT, 0]  # a busy default: any free port
    for port in ports:
        try:
            peer = Peer.create(ident, role="player", game_id=gid, log=log, host=args.bind, port=port,
                               advertise=advertise, curve=not args.no_curve, lobby=lobby, name=args.name,
                               decider=decider, key_file=args.key or "",
                               bot="" if args.bot == HUMAN else args.bot, bot_seed=args.seed)
            break
        except zmq.ZMQError as exc:
            if port != ports[-1]:
                continue
            taken = " (another `soe host` on this machine? give another --port, or leave it out)" \
                if exc.errno == zmq.EADDRINUSE else ""
            print(f"soe host: cannot listen on {args.bind}:{port}: {zmq.strerror(exc.errno or 0)}{taken}", file=sys.stderr)
            return 2
        except (OSError, GameInUse) as exc:
            print(f"soe host: {exc}", file=sys.stderr)
            return 2
    if port != ports[0]:
        print(f"Port {DEFAULT_PORT} is taken (another `soe host` on this machine?): listening on port "
              f"{peer.node.port} instead; the invite says so.", flush=True)
    lan_invite = Invite(advertise, peer.node.port, gid, fingerprint(ident.public_hex), peer.node.curve_public)
    mapping = _map_port(peer, args) if args.upnp else None
    if mapping is not None and not args.advertise:
        peer.node.advertise = mapping[1]  # what peers tell each other to dial: the router's address
        peer.save_meta()
    invite = Invite(peer.node.advertise, peer.node.port, gid, fingerprint(ident.public_hex), peer.node.curve_public)
    print(f"Invite: {invite}", flush=True)
    if invite != lan_invite:
        print(f"On this network: {lan_invite}", flush=True)
    print(f"Your key's fingerprint is {fingerprint(ident.public_hex)}: read it out to the others, who compare it "
          "with the invite's fp.", flush=True)
    if args.invite_file:
        Path(args.invite_file).write_text(str(invite) + "\n", encoding="utf-8")
    announcer = None
    if not args.no_announce:
        try:
            from net.discovery import Announcer

            announcer = Announcer(lan_invite, f"{args.name}'s game", args.players,
                                  interfaces=[args.announce_on] if args.announce_on else None)
        except OSError as exc:
            print(f"(not announced on the LAN: {exc})", file=sys.stderr)
    waiting = args.players - 1
    mine = next(s.power for s in lobby.seats if s.key == ident.public_hex)
    print(f"You play {lobby.power_name(mine)}. Waiting for {waiting} player{'s' if waiting != 1 else ''}" + (
        f" ({args.fill_after:g} s, then computer players fill the empty seats)" if args.fill_after >= 0 else ""),
        flush=True)
    started = time.monotonic()

    def seat_them(p: Any) -> None:
        """The lobby, in the peer thread: say how many seats are free on the LAN, and start
        when every seat is taken (or after --fill-after, with computer players)."""
        if announcer is not None:
            announcer.update(sum(1 for s in lobby.seats if not s.key), False)
        if lobby.full or (args.fill_after >= 0 and time.monotonic() - started >= args.fill_after):
            p.start_game(timeout_ms=int(args.timeout * 1000), chain_length=args.chain_length)
            if announcer is not None:
                announcer.update(0, True)

    try:
        return play(peer, args, "host", human=args.bot == HUMAN, before_start=seat_them,
                    started=lambda: lobby.started)
    finally:
        if announcer is not None:
            announcer.close()
        if mapping is not None:
            _unmap_port(mapping[0], peer.node.port)


def _map_port(peer: Any, args: argparse.Namespace) -> tuple[Any, str] | None:
    """UPnP: the gateway and the external address, or None (said why) when it cannot be done."""
    from net.upnp import SSDP_GROUP, UPnPError, discover, map_port

    group = SSDP_GROUP
    if args.upnp_group:
        host_name, _, port = args.upnp_group.rpartition(":")
        group = (host_name, int(port))
    try:
        gw = discover(group=group)
        external = map_port(gw, peer.node.port)
    except UPnPError as exc:
        print(f"UPnP: {exc}. Forward TCP port {peer.node.port} to this machine by hand for players on the "
              "internet (see the README).", file=sys.stderr, flush=True)
        return None
    print(f"UPnP: the router forwards TCP port {peer.node.port} to {gw.local_ip}; its address is {external}.",
          flush=True)
    return gw, external


def _unmap_port(gw: Any, port: int) -> None:
    from net.upnp import UPnPError, unmap_port

    try:
        unmap_port(gw, port)
        print(f"UPnP: the router no longer forwards port {port}.", flush=True)
    except UPnPError as exc:
        print(f"UPnP: {exc} (the mapping stays until the router drops it)", file=sys.stderr, flush=True)
