"""``soe lobby``: list the games announced on the LAN."""

from __future__ import annotations

import argparse


def lobby(args: argparse.Namespace) -> int:
    from net.discovery import browse

    games = browse(args.seconds, interfaces=[args.interface] if args.interface else None)
    if not games:
        from game.client.words.lang import say

        print(say("No game announced on the LAN."))
        return 0
    for a in games:
        print(a.line())
    return 0
