"""``soe resume LOG``: go on with a saved game: a network peer's log (with ``LOG.secret``
and ``LOG.peer.json`` beside it) reconnects to the peers it knew
(:func:`game.client.netgames.resume_game`), a local save of ``soe play`` goes on in the
terminal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli.network.common import HUMAN, decider_for
from game.cli.network.running import Printer, play
from game.client.netgames import NetStartError, resume_game, start_when_full
from game.client.words.lang import say, say_n
from game.client.words.netgames import start_error


def resume(args: argparse.Namespace) -> int:
    from game.cli.textplay import resume_text
    from game.client.saves import is_save

    path = Path(args.file)
    try:
        with open(path, "rb") as f:
            first = f.readline()
    except FileNotFoundError:
        print(say("soe resume: {file}: no such file", file=args.file), file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"soe resume: {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    if is_save(first):  # a game against computer players, saved by soe play
        if args.text:
            return int(resume_text(path))
        from game.cli.network import window

        return window.resume_local(args, path)
    try:
        r = resume_game(path, key=args.key, bind=args.bind, port=args.port, advertise=args.advertise,
                        curve=not args.no_curve, bot=None if args.bot is None else "" if args.bot == HUMAN else args.bot,
                        seed=args.seed, deciders=decider_for)
    except NetStartError as exc:
        print(f"soe resume: {start_error(exc.code, exc.fields)}", file=sys.stderr)
        return 2
    peer = r.peer
    player = r.role == "player"
    if not args.text and not (player and r.bot):  # a person (or a spectator): in the window
        from game.cli.network import window

        return window.resume(args, r)
    for event in peer.events():  # a log cut short by a crash, repaired as it was opened
        Printer("resume", args.quiet)(event)
    messages = say_n("{n} message", "{n} messages", len(peer.session.transcript))
    if player:
        messages = say("{messages} (you play your seat)", messages=messages) if not r.bot else \
            say("{messages} ({bot} plays your seat)", messages=messages, bot=r.bot)
    known = len(r.meta.get("peers", []))
    print(say_n("Resumed {file}: {messages}; calling the {n} peer it knew to catch up (giving up after {seconds} s "
                "without an answer)",
                "Resumed {file}: {messages}; calling the {n} peers it knew to catch up (giving up after {seconds} s "
                "without an answer)", known, file=args.file, messages=messages, seconds=format(args.wait, "g")), flush=True)
    return play(peer, args, "resume", human=player and not r.bot, wait_s=args.wait if not peer.over else 0,
                history=True, before_start=start_when_full(peer))  # a host's lobby goes on
