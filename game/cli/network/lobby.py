"""``soe lobby``: list the games announced on the LAN."""

from __future__ import annotations

import argparse

from game.client.words.lang import say, say_n
from game.client.words.lobby import lan_game


def lobby(args: argparse.Namespace) -> int:
    from net.discovery import browse

    games = browse(args.seconds, interfaces=[args.interface] if args.interface else None)
    if not games:
        print(say("No game announced on the LAN."))
        return 0
    for a in games:
        if a.started:
            print(say("{name}: started  {invite}", name=lan_game(a), invite=a.invite))
        else:
            print(say_n("{name}: {n} of {players} seats free  {invite}", "{name}: {n} of {players} seats free  {invite}",
                        a.free, name=lan_game(a), players=a.players, invite=a.invite))
    return 0
