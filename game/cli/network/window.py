"""The network commands in the window (their default): ``soe host`` opens the host's
lobby, ``soe join INVITE`` the joiner's, ``soe spectate INVITE`` a spectator's view and
``soe resume LOG`` the game where it was left, each with the command's options; the game
screen follows when the game starts. ``--autoclick`` plays the seat by synthetic clicks
on what the screen highlights and leaves at the end of the game (exit 0), writing
``--result`` and ``--invite-file`` as the terminal's commands do. With no display the
command says so and points to ``--text``."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from game.cli import ui
from game.client.words.lang import say


def no_display(command: str) -> str:
    return ui.no_display(command, command)


def open_app(args: argparse.Namespace, command: str) -> tuple[Any, Any] | int:
    """The window and its settings (the name given on the command line for this game), or
    the exit code after saying why the window cannot open."""
    if not ui.has_display():
        print(no_display(command), file=sys.stderr)
        return 2
    try:
        size = ui.parse_size(args.size) if getattr(args, "size", "") else None
    except ValueError as exc:
        print(f"soe {command}: {exc}", file=sys.stderr)
        return 2
    opened = ui.open_window(size, command, command)
    if isinstance(opened, str):
        print(opened, file=sys.stderr)
        return 2
    app, settings = opened
    if getattr(args, "name", None):
        settings.name = args.name[:24]  # for this game only: the settings file keeps its own
    if args.autoclick:
        settings.speed = "instant"
    return app, settings


def run(app: Any, args: argparse.Namespace, command: str) -> int:
    """Run the window until it closes (or, with ``--autoclick``, until the game's end),
    keeping ``--deadline``, writing ``--invite-file`` once the host's table is open and
    ``--result`` at the end."""
    start = time.monotonic()
    written = {"invite": False}

    def chores(a: Any) -> None:
        if args.deadline > 0 and time.monotonic() - start > args.deadline:
            print(say("soe {command}: the game did not finish in time", command=command), file=sys.stderr)
            a.quit(4)
        invite_file = getattr(args, "invite_file", None)
        if invite_file and not written["invite"]:
            room = next((getattr(s, "room", None) for s in a.scenes if s.name == "host_lobby"), None)
            hosted = getattr(room, "hosted", None)
            if hosted is not None:
                Path(invite_file).write_text(str(hosted.invite) + "\n", encoding="utf-8")
                written["invite"] = True

    app.before_frame.append(chores)
    result = getattr(args, "result", None)
    if result:
        app.before_frame.append(_result_writer(Path(result)))
    if args.autoclick:
        return ui._autoclick(app, getattr(args, "seed", 0) or 0, command=command, paced=True)
    try:
        return int(app.run())
    finally:
        ui._close_tables(app)


def _result_writer(path: Path) -> Any:
    """A frame hook that writes the network game's result once it is over."""
    done = {"written": False}

    def write(a: Any) -> None:
        if done["written"]:
            return
        game = next((s for s in a.scenes if s.name == "game"), None)
        net = getattr(game, "net", None)
        if net is not None and net.over:
            path.write_text(json.dumps(net.result(), sort_keys=True), encoding="utf-8")
            done["written"] = True

    return write


def host(args: argparse.Namespace) -> int:
    from game.cli.network.host import settings_of

    opened = open_app(args, "host")
    if isinstance(opened, int):
        return opened
    app, settings = opened
    app.push_scene("host_lobby", settings=settings, host=settings_of(args),
                   fill_after=args.fill_after if args.fill_after >= 0 else None)
    return run(app, args, "host")


def options(args: argparse.Namespace) -> Any:
    from game.client.netlobby import NetOptions

    return NetOptions(bind=args.bind, advertise=args.advertise, key=args.key, curve=not args.no_curve,
                      wait_s=args.wait, log=args.log, port=args.port or 0)


def join(args: argparse.Namespace, invite: Any) -> int:
    opened = open_app(args, "join")
    if isinstance(opened, int):
        return opened
    app, settings = opened
    app.push_scene("join_lobby", settings=settings, invite=invite, options=options(args), power=args.power)
    return run(app, args, "join")


def spectate(args: argparse.Namespace, invite: Any) -> int:
    opened = open_app(args, "spectate")
    if isinstance(opened, int):
        return opened
    app, settings = opened
    app.push_scene("watch", settings=settings, options=options(args), invite=str(invite), auto=True)
    return run(app, args, "spectate")


def resume(args: argparse.Namespace, resumed: Any) -> int:
    """A network game taken up from its log (``resumed``, :func:`game.client.netgames.resume_game`)."""
    from game.client.netlobby import resumed_table
    from game.ui import netplay

    opened = open_app(args, "resume")
    if isinstance(opened, int):
        resumed.peer.close()
        return opened
    app, settings = opened
    resumed.peer.await_answer(round(args.wait * 1000))
    netplay.show_table(app, resumed_table(resumed), settings, history=True)
    return run(app, args, "resume")


def resume_local(args: argparse.Namespace, path: Path) -> int:
    """A game against computer players taken up from its save, in the window."""
    from game.ui.navigation import continue_game

    opened = open_app(args, "resume")
    if isinstance(opened, int):
        return opened
    app, settings = opened
    err = continue_game(app, settings, path)
    if err:
        print(f"soe resume: {err}", file=sys.stderr)
        ui._close_tables(app)
        return 2
    return run(app, args, "resume")
