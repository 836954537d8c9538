"""``soe join`` (take a seat in a game by its invite, or its name on the LAN) and ``soe
spectate`` (watch one, never able to act), on :mod:`game.client.netgames`."""

from __future__ import annotations

import argparse
import sys

from game.cli.network.common import HUMAN, decider_for, resolve_invite
from game.cli.network.running import play
from game.client.netgames import NetStartError, join_game, watch_game
from game.client.words.lang import say
from game.client.words.netgames import start_error


def join(args: argparse.Namespace) -> int:
    invite = resolve_invite(args.invite)
    if not args.text and args.bot == HUMAN:  # a person: in the window (the joiner's lobby, then the game)
        from game.cli.network import window

        return window.join(args, invite)
    try:
        peer = join_game(invite, name=args.name, power=args.power, key=args.key, log=args.log, bind=args.bind,
                         port=args.port or 0, advertise=args.advertise, curve=not args.no_curve,
                         bot="" if args.bot == HUMAN else args.bot, seed=args.seed,
                         decider=decider_for(args.bot, args.seed))
    except NetStartError as exc:
        print(f"soe join: {start_error(exc.code, exc.fields)}", file=sys.stderr)
        return 2
    print(say("Joining game {game} at {endpoint}, whose host's key fingerprint should be {fingerprint}: connecting "
              "(giving up after {seconds} s without an answer)", game=invite.game_id, endpoint=invite.endpoint,
              fingerprint=invite.fingerprint, seconds=format(args.wait, "g")), flush=True)
    return play(peer, args, "join", human=args.bot == HUMAN, wait_s=args.wait, keep=False)


def spectate(args: argparse.Namespace) -> int:
    invite = resolve_invite(args.invite)
    if not args.text:
        from game.cli.network import window

        return window.spectate(args, invite)
    try:
        peer = watch_game(invite, key=args.key, log=args.log, bind=args.bind, port=args.port or 0,
                          advertise=args.advertise, curve=not args.no_curve)
    except NetStartError as exc:
        print(f"soe spectate: {start_error(exc.code, exc.fields)}", file=sys.stderr)
        return 2
    print(say("Watching game {game} at {endpoint}: connecting (giving up after {seconds} s without an answer)",
              game=invite.game_id, endpoint=invite.endpoint, seconds=format(args.wait, "g")), flush=True)
    return play(peer, args, "spectate", human=False, wait_s=args.wait, keep=False)
