"""Subcommands of ``soe`` that use the signed transcript (``net``): registered into the
main parser by :func:`register`.

- ``soe verify FILE [--json]``: check a game log offline (signatures, chains, beacon,
  dice, state hashes, unrest openings) and report; exit 0 only when it is fair.
- ``soe key [--key FILE]``: show this installation's public key and its fingerprint
  (creating the key on first use).
- ``soe selfplay ... --log FILE``: a self-play game written as a signed transcript.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.client.words.lang import say, say_n


def register(sub: Any) -> None:
    """Add the transcript subcommands (verify, key) to the ``soe`` subparsers."""
    p = sub.add_parser("verify", help=say("check a game log (JSON Lines) offline: signatures, dice, state, scores"))
    p.add_argument("file", metavar="FILE", help=say("a signed game log: a network peer's log or `soe selfplay --log`"))
    p.add_argument("--json", action="store_true", help=say("print the report as one JSON object"))
    p.set_defaults(func=_verify)

    p = sub.add_parser("key", help=say("show your public key and fingerprint (created on first use)"))
    p.add_argument("--key", default=None, metavar="FILE",
                   help=say("use this key file instead of the one in your data directory (or set SOE_KEY_FILE)"))
    p.set_defaults(func=_key)


def _verify(args: argparse.Namespace) -> int:
    from game.cli.verify import run
    from game.client.saves import is_save

    try:
        with open(args.file, "rb") as f:
            first = f.readline(4096)
    except OSError:
        first = b""  # the verifier says what is wrong with the file
    if is_save(first):
        print(say("soe verify: {file} is a local save of `soe play` (a game against computer players), not a signed "
                  "game log: it has no signatures or beacon dice to check. `soe resume {file}` goes on with it; `soe "
                  "verify` checks the logs of network games and of `soe selfplay --log`.", file=args.file),
              file=sys.stderr)
        return 2
    return run(args.file, args.json)


def _key(args: argparse.Namespace) -> int:
    from game.client.folders import key_file
    from net.keyfile import KeyFileError, load_or_create

    path = Path(args.key) if args.key else key_file()
    try:
        ident = load_or_create(path)
    except (KeyFileError, OSError) as exc:
        print(f"soe key: {exc}", file=sys.stderr)
        return 2
    print(say("key file    {path}", path=path))
    print(say("public key  {key}", key=ident.public_hex))
    print(say("fingerprint {fingerprint}", fingerprint=ident.fingerprint))
    return 0


def log_path(base: str, game: int, games: int) -> Path:
    """``FILE`` for one game; ``FILE`` numbered (``game-1.jsonl``, ...) for several."""
    p = Path(base)
    return p if games == 1 else p.with_name(f"{p.stem}-{game + 1}{p.suffix}")


def selfplay_with_log(args: argparse.Namespace) -> int:
    """``soe selfplay ... --log FILE``: write the whole signed transcript of a self-play game."""
    from game.cli.selfplay import summary_line
    from game.rules import RulesError
    from net.selfplay import play_logged

    for g in range(args.games):
        seed = args.seed + g
        path = log_path(args.log, g, args.games)
        try:
            _, summary = play_logged(args.players, seed, args.bots, path)
        except (ValueError, OSError, RulesError) as exc:
            print(f"soe selfplay: {exc}", file=sys.stderr)
            return 2
        detail = say("{chances}; {messages} in {path}; ",
                     chances=say_n("{n} chance event", "{n} chance events", summary["chance_events"]),
                     messages=say_n("{n} signed message", "{n} signed messages", summary["messages"]), path=path)
        print(json.dumps(summary, sort_keys=True, separators=(",", ":")) if args.json
              else summary_line(g, summary, detail))
    return 0
