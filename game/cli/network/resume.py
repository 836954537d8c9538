"""``soe resume LOG``: go on with a saved game: a network peer's log (with ``LOG.secret``
and ``LOG.peer.json`` beside it) reconnects to the peers it knew, a local save of ``soe
play`` goes on in the terminal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.bots import BOT_NAMES
from game.cli.network.common import HUMAN, advertised, decider_for, identity_for, port_of
from game.cli.network.running import Printer, play


def resume(args: argparse.Namespace) -> int:
    import zmq

    from game.cli.textplay import resume_text
    from game.client.saves import is_save
    from net.peer import GameFilesError, Peer, PeerFiles, check_game_files
    from net.peer.files import read_meta
    from net.store import GameInUse

    path = Path(args.file)
    try:
        with open(path, "rb") as f:
            first = f.readline()
    except FileNotFoundError:
        print(f"soe resume: {args.file}: no such file", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"soe resume: {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    if is_save(first):  # a game against computer players, saved by soe play
        return int(resume_text(path))
    files = PeerFiles(path)
    if not files.meta.exists() or not files.secret.exists():
        print(f"soe resume: {args.file} has no {files.meta.name} or {files.secret.name} beside it", file=sys.stderr)
        return 2
    try:
        meta = read_meta(files)
    except (OSError, ValueError) as exc:
        print(f"soe resume: {files.meta}: not a peer file ({exc})", file=sys.stderr)
        return 2
    ident = identity_for(args.key or meta.get("key_file") or None, "resume")
    if ident is None:
        return 2
    try:
        check_game_files(files, ident)  # before anything touches them
    except GameFilesError as exc:
        print(f"soe resume: {exc}", file=sys.stderr)
        return 2
    bot = args.bot or str(meta.get("bot") or HUMAN)  # who played the seat plays it again
    if bot not in (HUMAN, *BOT_NAMES):
        print(f"soe resume: {files.meta}: unknown player {bot!r} for the seat; give --bot", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else (meta["seed"] if isinstance(meta.get("seed"), int) else 0)
    decider = decider_for(bot, seed) if meta.get("role") == "player" else None
    advertise = advertised(args)
    # listen where this peer listened before, so the others' connections simply come back
    old_port = port_of(str(meta.get("endpoint", "")))
    ports = [args.port] if args.port else ([old_port, 0] if old_port else [0])
    for port in ports:
        try:
            peer = Peer.resume(ident, args.file, host=args.bind, port=port, advertise=advertise,
                               curve=not args.no_curve, decider=decider)
            break
        except zmq.ZMQError as exc:  # the old port is taken: any free one will do
            if port == ports[-1]:
                print(f"soe resume: cannot listen on {args.bind}:{port}: {exc}", file=sys.stderr)
                return 2
        except (ValueError, OSError, GameInUse) as exc:
            print(f"soe resume: {exc}", file=sys.stderr)
            return 2
    peer.bot = "" if bot == HUMAN else bot
    peer.bot_seed = seed
    for event in peer.events():  # a log cut short by a crash, repaired as it was opened
        Printer("resume", args.quiet)(event)
    who = "" if meta.get("role") != "player" else (" (you play your seat)" if bot == HUMAN
                                                    else f" ({bot} plays your seat)")
    known = len(meta.get("peers", []))
    print(f"Resumed {args.file}: {len(peer.session.transcript)} messages{who}; calling the {known} peer"
          f"{'s' if known != 1 else ''} it knew to catch up (giving up after {args.wait:g} s without an answer)",
          flush=True)
    return play(peer, args, "resume", human=bot == HUMAN and meta.get("role") == "player",
                wait_s=args.wait if not peer.over else 0, history=True)
