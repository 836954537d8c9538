"""The ``soe`` command line: the one entry point of the project."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.bots import BOT_NAMES
from game.client.words.lang import N_, say


def _selfplay(args: argparse.Namespace) -> int:
    from game.cli.selfplay import play_game, summary_line

    if args.log:
        from game.cli.net import selfplay_with_log

        return selfplay_with_log(args)

    for g in range(args.games):
        seed = args.seed + g
        try:
            _, summary = play_game(args.players, seed, args.bots)
        except ValueError as exc:
            print(f"soe selfplay: {exc}", file=sys.stderr)
            return 2
        print(json.dumps(summary, sort_keys=True, separators=(",", ":")) if args.json else summary_line(g, summary))
    return 0


def _play(args: argparse.Namespace) -> int:
    from pathlib import Path

    # --bots is a count of computer players (the window's contract) or, as before, their kind
    count = int(args.bots) if str(args.bots).isdigit() else None
    kind = args.bots if count is None else "greedy"
    if count is None and args.bots not in BOT_NAMES:
        print(say("soe play: --bots is a number of computer players (1-6) or one of {bots}", bots=", ".join(BOT_NAMES)),
              file=sys.stderr)
        return 2
    if count is not None and not 1 <= count <= 6:
        print(say("soe play: --bots N needs 1 to 6 computer players (a game is for 2 to 7)"), file=sys.stderr)
        return 2
    players = count + 1 if count is not None else args.players
    if args.text:
        from game.cli.textplay import play_text

        # with --bots N the computer players' strength is --level, as in the window
        return play_text(players=players, power=args.power, bots=kind if count is None else args.level,
                         seed=args.seed, log=Path(args.save) if args.save else None)
    from game.cli.ui import play_window

    start = (count is not None or bool(args.power) or args.seed is not None or args.players_given) \
        and not args.continue_last
    return play_window(players, args.power, args.level, args.seed, args.save, args.autoclick, start, args.size,
                       continue_last=args.continue_last)


class _Given(argparse.Action):
    def __call__(self, parser: argparse.ArgumentParser, ns: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        setattr(ns, self.dest, values)
        ns.players_given = True


def _screenshot(args: argparse.Namespace) -> int:
    from game.cli.ui import screenshot

    return screenshot(args.seed, args.at, args.out, args.size, args.scene, args.players)


def _scenario(args: argparse.Namespace) -> int:
    from game.cli.scenario import run_scenario_file

    ok = True
    for path in args.files:
        ok = run_scenario_file(path, verbose=args.verbose) and ok
    return 0 if ok else 1


def _bench(args: argparse.Namespace) -> int:
    if args.odds:
        from game.cli.bench.odds import main as bench_odds

        return bench_odds(["--games", str(args.games), "--players", str(args.players),
                           *(["--json"] if args.json else [])])
    if args.net_ui:
        from game.cli.bench.netui import main as bench_net_ui

        return bench_net_ui(["--json"] if args.json else [])
    if args.ui:
        from game.cli.bench.window import main as bench_ui

        return bench_ui(["--json"] if args.json else [])
    from game.cli.bench.engine import main as bench_main

    return bench_main(["--games", str(args.games), "--players", str(args.players)])


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("struggle-of-empires")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return say("(not installed)")


def build_parser() -> argparse.ArgumentParser:
    _argparse_in_language()
    parser = argparse.ArgumentParser(prog="soe", description=say("Struggle of Empires: play, watch and verify games."))
    parser.add_argument("--version", action="version", version=f"soe {_version()}",
                        help=say("print the version of soe and exit"))
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("play", help=say("play a game against computer players in the window (the default)"))
    p.add_argument("--players", type=int, default=4, action=_Given, help=say("number of players, 2-7 (default 4)"))
    from game.rules.board import load_board

    p.add_argument("--power", default="", help=say("the great power you play: {powers} (default: the first)",
                                                   powers=", ".join(x.id for x in load_board().powers)))
    p.add_argument("--bots", default="greedy", metavar="N|KIND",
                   help=say("how many computer players (1-6; starts the game at once), or their kind ({bots}; "
                            "default greedy)", bots=", ".join(BOT_NAMES)))
    p.add_argument("--level", default="normal", choices=("easy", "normal", "hard"),
                   help=say("the computer players' strength (default normal)"))
    p.add_argument("--seed", type=int, default=None, help=say("seed for dice and bots (default: random)"))
    p.add_argument("--save", default="", metavar="FILE",
                   help=say("a new file (or an empty one) where the game is saved as it goes (default: in your data "
                            "directory); `soe resume FILE` goes on with a saved game"))
    p.add_argument("--text", action="store_true", help=say("play in the terminal instead of the window"))
    p.add_argument("--continue", dest="continue_last", action="store_true",
                   help=say("continue the last game played (a local save or a network game) as the main menu's "
                            "\"Continue the last game\" does"))
    p.add_argument("--autoclick", action="store_true",
                   help=say("play your seat by synthetic clicks on highlighted targets (tests; exits at the end)"))
    p.add_argument("--size", default="", metavar="WxH", help=say("window size (default: from the settings)"))
    p.set_defaults(func=_play, players_given=False)

    p = sub.add_parser("screenshot", help=say("render a screen of a self-play game into a PNG, with no window"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--at", type=int, default=300, metavar="STEP", help=say("steps of the game before the screen"))
    p.add_argument("--out", required=True, metavar="FILE.png")
    p.add_argument("--size", default="1280x720", metavar="WxH")
    p.add_argument("--scene", default="game",
                   help=say("menu, replays (the list of your games to watch), open (the list of your games to take "
                            "up), game, combat, scoring or end"))
    p.add_argument("--players", type=int, default=4)
    p.set_defaults(func=_screenshot)

    p = sub.add_parser("selfplay", help=say("play whole games between bots"))
    p.add_argument("--players", type=int, default=4, help=say("number of players, 2-7 (default 4)"))
    p.add_argument("--games", type=int, default=1, help=say("how many games, seeds SEED, SEED+1, ... (default 1)"))
    p.add_argument("--seed", type=int, default=0, help=say("seed of the first game's dice and bots (default 0)"))
    p.add_argument("--json", action="store_true", help=say("one JSON object per game per line"))
    p.add_argument("--bots", nargs="+", default=None, metavar="BOT",
                   help=say("one bot for all seats or one per seat ({bots})", bots=", ".join(BOT_NAMES)))
    p.add_argument("--log", default="", metavar="FILE",
                   help=say("write the signed transcript (JSON Lines) that `soe verify` checks (several games: "
                            "FILE-1...)"))
    p.set_defaults(func=_selfplay)

    p = sub.add_parser("scenario", help=say("load a position, apply a script, check expectations"))
    p.add_argument("files", nargs="+", metavar="FILE.json", help=say("scenario files (format: docs/scenarios.md)"))
    p.add_argument("-v", "--verbose", action="store_true", help=say("print every event"))
    p.set_defaults(func=_scenario)

    p = sub.add_parser("bench", help=say("measure engine speed (games per second, legal/apply times)"))
    p.add_argument("--games", type=int, default=20, help=say("how many whole games to time (default 20)"))
    p.add_argument("--players", type=int, default=7, help=say("players per game, 2-7 (default 7)"))
    p.add_argument("--ui", action="store_true",
                   help=say("measure the game window instead (frame time, launch, idle CPU)"))
    p.add_argument("--net-ui", action="store_true",
                   help=say("measure network play in the window: three window processes on loopback (a click to the "
                            "others' screens) and a spectator's window catching up a 7-player game"))
    p.add_argument("--odds", action="store_true",
                   help=say("measure the exact odds instead: the time to count those of every attack offered in "
                            "whole games (greedy computer players), on one core"))
    p.add_argument("--json", action="store_true", help=say("with --ui, --net-ui or --odds: one JSON object"))
    p.set_defaults(func=_bench)

    from game.cli.net import register
    from game.cli.network import register as register_network

    register(sub)
    register_network(sub)
    from game.cli.arena import register as register_arena
    register_arena(sub)
    from game.cli.watch import register as register_replay
    register_replay(sub)
    from game.client.words.lang import LANGUAGES

    for p in [parser, *sub.choices.values()]:  # every command's words in the language asked for
        p.add_argument("--lang", choices=tuple(LANGUAGES), default=None,
                       help=say("the language of the words shown: {languages} (default: the settings' language, else "
                                "the system's)", languages=", ".join(f"{k} ({v})" for k, v in LANGUAGES.items())))
    return parser


ARGPARSE_WORDS = frozenset({
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"), N_("expected at least one argument"), N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
})
"""The words argparse itself prints (its headings, its help option, its errors), as
argparse writes them: said in the language in use."""


def _argparse_word(message: str) -> str:
    return say(message) if message in ARGPARSE_WORDS else message


def _argparse_in_language() -> None:
    """Have argparse say its own words (usage, options, errors) in the language in use.
    argparse takes them from the module-level ``_`` it imports from gettext, which reads
    compiled catalogs from the system; the project's catalogs are its own, so argparse's
    ``_`` is pointed at them."""
    argparse._ = _argparse_word  # type: ignore[attr-defined]


def asked_language(argv: Sequence[str]) -> str | None:
    """The ``--lang`` given in ``argv`` (``--lang it`` or ``--lang=it``), read before the
    parser is built so that its help is in that language; None when none is given."""
    from game.client.words.lang import LANGUAGES

    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = arg.removeprefix("--lang=") if arg.startswith("--lang=") else \
            argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else None
        if value in LANGUAGES:
            return value
    return None


def choose_language(asked: str | None) -> str:
    """The language for this run: ``--lang``, else the settings' choice, else the system's
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); set for the whole program."""
    from game.client.settings import Settings
    from game.client.words.lang import set_language

    return set_language(asked or Settings.load().language_code())


def main(argv: Sequence[str] | None = None) -> int:
    given = list(argv if argv is not None else sys.argv[1:])
    asked = asked_language(given)
    choose_language(asked)  # before the parser: its help is in the language chosen
    parser = build_parser()
    args = parser.parse_args(given)
    if args.command is None:
        args = parser.parse_args(["play", *given])
    lang = getattr(args, "lang", None)
    if lang is not None and lang != asked:
        choose_language(lang)
    try:
        return int(args.func(args))
    except BrokenPipeError:  # output piped into a program that stopped reading
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("\n" + say("interrupted"), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
