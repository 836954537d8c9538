"""``soe lobby``: list the games announced on the LAN."""

from __future__ import annotations

import argparse

from game.client.words.lang import say, say_n


def lobby(args: argparse.Namespace) -> int:
    from net.discovery import browse

    games = browse(args.seconds, interfaces=[args.interface] if args.interface else None)
    if not games:
        print(say("No game announced on the LAN."))
        return 0
    for a in games:
        if a.started:
            print(say("{name}: started  {invite}", name=a.name, invite=a.invite))
        else:
            print(say_n("{name}: {n} of {players} seats free  {invite}", "{name}: {n} of {players} seats free  {invite}",
                        a.free, name=a.name, players=a.players, invite=a.invite))
    return 0
