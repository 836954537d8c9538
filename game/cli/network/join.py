"""``soe join`` (take a seat in a game by its invite, or its name on the LAN) and ``soe
spectate`` (watch one, never able to act)."""

from __future__ import annotations

import argparse
import sys

from game.cli.network.common import HUMAN, advertised, decider_for, identity_for, log_for, resolve_invite, zmq_error
from game.cli.network.running import play


def join(args: argparse.Namespace) -> int:
    from net.peer import Peer
    from net.store import GameInUse

    invite = resolve_invite(args.invite)
    ident = identity_for(args.key, "join")
    if ident is None:
        return 2
    log = log_for(args, "join", invite.game_id, ident)
    if log is None:
        return 2
    decider = decider_for(args.bot, args.seed)
    advertise = advertised(args)
    try:
        peer = Peer.create(ident, role="player", game_id=invite.game_id, log=log, host=args.bind,
                           port=args.port or 0, advertise=advertise, curve=not args.no_curve, name=args.name,
                           power=args.power, decider=decider, key_file=args.key or "",
                           bot="" if args.bot == HUMAN else args.bot, bot_seed=args.seed)
        peer.connect(invite)
    except GameInUse as exc:
        if args.log:
            print(f"soe join: {exc}", file=sys.stderr)
        else:  # the default log is per game and key: this key is in this game in another process
            from net.core.lobby import REFUSALS

            print(f"soe join: this key is in this game already, in another soe process on this machine; "
                  f"{REFUSALS['key_seated'].split(': ', 1)[1]}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"soe join: {exc}", file=sys.stderr)
        return 2
    except zmq_error() as exc:
        print(f"soe join: cannot listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 2
    print(f"Joining game {invite.game_id} at {invite.endpoint}, whose host's key fingerprint should be "
          f"{invite.fingerprint}: connecting (giving up after {args.wait:g} s without an answer)", flush=True)
    return play(peer, args, "join", human=args.bot == HUMAN, wait_s=args.wait, keep=False)


def spectate(args: argparse.Namespace) -> int:
    from net.core.identity import Identity
    from net.peer import Peer
    from net.store import GameInUse

    invite = resolve_invite(args.invite)
    ident = identity_for(args.key, "spectate") if args.key else Identity.generate()
    if ident is None:
        return 2
    advertise = advertised(args)
    log = log_for(args, "spectate", invite.game_id, ident, "spectator")
    if log is None:
        return 2
    try:
        peer = Peer.create(ident, role="spectator", game_id=invite.game_id, log=log, host=args.bind,
                           port=args.port or 0, advertise=advertise, curve=not args.no_curve, key_file=args.key or "")
        peer.auto_drop = False
        peer.connect(invite)
    except (OSError, ValueError, GameInUse) as exc:
        print(f"soe spectate: {exc}", file=sys.stderr)
        return 2
    except zmq_error() as exc:
        print(f"soe spectate: cannot listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 2
    print(f"Watching game {invite.game_id} at {invite.endpoint}: connecting (giving up after {args.wait:g} s "
          "without an answer)", flush=True)
    return play(peer, args, "spectate", human=False, wait_s=args.wait, keep=False)
