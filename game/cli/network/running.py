"""Running a peer at the terminal: the peer in a table of its own thread
(:class:`game.client.nettable.NetTable`), the terminal's front end over it
(:class:`game.cli.terminal.Terminal`: the menu of ``soe play``, keys that answer at any
time), what the peer reports printed as it comes (:class:`Printer`), until the game is
over, and the result (:func:`play`)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.cli.terminal import StreamKeys, Terminal
from game.client.nettable import NetTable, Stopped
from game.client.words.lang import say
from game.client.words.peer import result_lines, sentence
from net.peer import Peer
from net.peer.events import Awaiting, GaveUp, Over, PeerEvent, Refused, StillTrying

LINGER_S = 2.0  # after the game: how long the peer goes on, so that its last messages get out


class Printer:
    """Prints the events a peer reports, in its words (:mod:`game.client.words.peer`): a
    refusal, giving up or stopping as ``soe COMMAND: ...`` and the connection's news while
    waiting on the standard error, always; the rest on the standard output unless
    ``quiet``. Whom the game waits for is printed on demand (the ``w`` key), the result
    by :func:`play`. A call returns whether it printed anything."""

    def __init__(self, command: str, quiet: bool) -> None:
        self.command = command
        self.quiet = quiet

    def __call__(self, event: PeerEvent) -> bool:
        if isinstance(event, Awaiting | Over):
            return False
        if isinstance(event, Stopped):
            print(say("soe {command}: the game stopped: {error}", command=self.command, error=event.error),
                  file=sys.stderr, flush=True)
        elif isinstance(event, Refused | GaveUp):
            print(say("soe {command}: {why}", command=self.command, why=sentence(event)), file=sys.stderr, flush=True)
        elif isinstance(event, StillTrying):
            print(sentence(event), file=sys.stderr, flush=True)
        elif not self.quiet:
            print(sentence(event), flush=True)
        else:
            return False
        return True


def _say(quiet: bool) -> Callable[[str], None]:
    if quiet:
        return lambda _text: None
    return lambda text: print(text, flush=True)


def play(peer: Peer, args: argparse.Namespace, command: str, *, human: bool, wait_s: float = 0, keep: bool = True,
         history: bool = False, before_start: Callable[[Peer], None] | None = None,
         started: Callable[[], bool] | None = None) -> int:
    """Play (or watch) ``peer``'s game at the terminal until it is over (0; 3 when this peer
    fell out of step with the table), it desyncs, the host refuses it or no one answers
    (5; its files are removed unless ``keep``), ``--deadline`` passes (4), or the player
    leaves (``q``: 0, Ctrl+C: 130; ``soe resume LOG`` goes on). ``wait_s``: until the peers
    it dialled answer, say what is happening now and then and give up after that long.
    ``human``: a person plays the seat (a computer player or nobody else).
    ``before_start(peer)``: the host's lobby, in the peer thread, until the game starts;
    ``started()``: whether it has (for what Ctrl+C keeps)."""
    show = Printer(command, args.quiet)
    if wait_s > 0:
        peer.await_answer(round(wait_s * 1000))
    for event in peer.events():  # what it said as it was made (a log repaired as it was opened)
        show(event)
    table = NetTable(peer, human=human, before_start=before_start, history=history)
    # a person at the keyboard reads its menus even with --quiet, which silences the game's lines for the rest
    term = Terminal(table, peer.files.log, StreamKeys(sys.stdin, _say(False)), _say(not human and args.quiet),
                    net=table, notice=show)
    end = time.monotonic() + args.deadline if args.deadline > 0 else float("inf")

    def until() -> str:
        if table.ended:
            return table.ended
        if table.desynced:
            return "desync"
        if table.over:
            return "over"
        return "deadline" if time.monotonic() > end else ""

    try:
        if history:
            term.history()
        why = term.follow(until)
    except KeyboardInterrupt:
        why = "interrupted"
    term.pump(0.0)  # the last of what it said
    if why in ("over", "desync"):
        return finish(table, term, args)
    if why in ("refused", "gave_up"):
        table.close()
        if not keep:
            peer.files.remove()
        return 5
    table.close()
    if why == "stopped":
        return 1
    if why == "deadline":
        print(say("soe {command}: the game did not finish in time", command=command), file=sys.stderr)
        return 4
    if started is not None and not started():
        print("\n" + say("The game was not started; nothing is kept."), file=sys.stderr)
        peer.files.remove()
    else:
        print("\n" + say("Left the game; `soe resume {log}` continues it.", log=peer.files.log), file=sys.stderr)
    return 130 if why == "interrupted" else 0


def finish(table: NetTable, term: Terminal, args: argparse.Namespace) -> int:
    """After the game: let the last messages out, print the result, write ``--result``."""
    end = time.monotonic() + LINGER_S
    while time.monotonic() < end:
        term.pump(0.02)
    result: dict[str, Any] = table.result()
    print(result_lines(result, str(table.path)))
    if getattr(args, "result", None):
        Path(args.result).write_text(json.dumps(result, sort_keys=True), encoding="utf-8")
    desynced = table.desynced
    table.close()
    return 3 if desynced else 0
