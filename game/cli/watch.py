"""``soe replay FILE`` (this module is named for what it does: watching a game again):
watch a finished or saved game in the window, a network log with its verification
(:mod:`game.ui.scenes.replay`), or render one step of it into a PNG."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from game.client.words.lang import N_, say

NO_DISPLAY = N_("soe replay: no display to open the game window on (no DISPLAY or WAYLAND_DISPLAY); "
                "`soe replay FILE --screenshot FILE.png` renders a step of it without one, and `soe verify FILE` "
                "checks a network log")

DESCRIPTION = N_(
    "Watch a game in the window from its start: a local save of `soe play` or a network game's log (a peer's "
    "FILE.jsonl, or `soe selfplay --log`), seen as a spectator sees it, with no choice to make. A network log is "
    "verified first (as `soe verify` does): the verdict (fair, contested with each reason, incomplete or failed) "
    "is shown on screen and on the end screen; drops, withheld reveals, resignations and where the dice become "
    "unwitnessed are marked on the timeline and said when the replay reaches them; and a log that fails is shown "
    "as far as it is sound. The main menu's \"Watch a replay\" lists your games and opens one the same way. Keys: "
    "space plays or pauses; the left and right arrows step one event back or forward; Home and End go to the start and the end; "
    "Page Up and Page Down to the previous or next marked point; + and - change the speed; v shows or hides the "
    "verdict; f fits the map; Esc opens the menu. The timeline can be clicked or dragged. Exit status: 0, or 1 "
    "when the log fails verification, 2 when the file cannot be watched.")


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help=say("watch a finished or saved game in the window, a network log with its "
                                          "verification"), description=say(DESCRIPTION))
    p.add_argument("file", metavar="FILE", help=say("a local save of `soe play` or a network game log (JSON Lines)"))
    p.add_argument("--speed", default="normal", choices=("slow", "normal", "fast", "off"),
                   help=say("how fast the replay plays: slow, normal, fast, or off (no animation) (default: normal)"))
    p.add_argument("--at", type=int, default=None, metavar="STEP",
                   help=say("start paused at this step, 0 to the game's number of inputs (default: play from the "
                            "start; with --screenshot: the end)"))
    p.add_argument("--screenshot", default="", metavar="FILE.png",
                   help=say("render the replay at --at STEP into a PNG, with no window, and exit"))
    p.add_argument("--size", default="", metavar="WxH",
                   help=say("window (or screenshot) size (default: from the settings; 1280x720 for a screenshot)"))
    p.set_defaults(func=run)


def _fail(msg: str) -> int:
    print(f"soe replay: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from game.cli.ui import has_display, parse_size

    shot = str(args.screenshot)
    try:
        size = parse_size(args.size) if args.size else ((1280, 720) if shot else None)
    except ValueError as exc:
        return _fail(str(exc))
    if args.at is not None and args.at < 0:
        return _fail(say("--at is a step, 0 or more"))
    if shot:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    elif not has_display():
        print(say(NO_DISPLAY), file=sys.stderr)
        return 2
    from game.client.gamefile import GameFileError, load_game_file

    try:
        game = load_game_file(Path(args.file))
    except GameFileError as exc:
        return _fail(str(exc))
    at = args.at if args.at is not None else (game.last if shot else 0)
    if at > game.last:
        return _fail(say("--at {at} is past the end: {file} has steps 0 to {last} (as far as it is sound)", at=at,
                         file=args.file, last=game.last) if game.failed else
                     say("--at {at} is past the end: {file} has steps 0 to {last}", at=at, file=args.file,
                         last=game.last))
    if game.failed:
        why = game.verdict.reasons[0]
        print(f"soe replay: {args.file}: {game.verdict.headline.lower()}: {why[:1].lower()}{why[1:]}", file=sys.stderr)
    failed = 1 if game.failed else 0
    if shot:
        return _screenshot(game, at, shot, size or (1280, 720), args.speed) or failed
    from game.cli.ui import open_window
    from game.ui.navigation import watch

    opened = open_window(size, "replay")
    if isinstance(opened, str):
        print(opened, file=sys.stderr)
        return 2
    app, _settings = opened
    watch(app, game, args.speed, args.at)
    return int(app.run()) or failed


def _screenshot(game: Any, at: int, out: str, size: tuple[int, int], speed: str) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.shots import render_replay

    try:
        surf = render_replay(game, at, size, speed)
        pygame.image.save(surf, out)
    except (OSError, pygame.error) as exc:
        return _fail(say("cannot write {file}: {error}", file=out, error=exc))
    print(say("wrote {file} ({w}x{h}, step {at} of {last}; {verdict})", file=out, w=size[0], h=size[1], at=at,
              last=game.last, verdict=game.verdict.headline))
    return 0
