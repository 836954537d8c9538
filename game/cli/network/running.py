"""Running a peer at the terminal: printing what it reports (:class:`Printer`), stepping it
until its game is over (:func:`run_peer`) and printing the result (:func:`finish`)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from game.cli.network.decider import TextDecider
from game.client.words.peer import result_lines, sentence
from net.peer.events import Awaiting, GaveUp, Over, PeerEvent, Refused, StillTrying


class Printer:
    """Prints the events a peer reports, in its words (:mod:`game.client.words.peer`):
    a refusal or giving up as ``soe COMMAND: ...`` and the connection's news while waiting
    on the standard error, always; the rest on the standard output unless ``quiet``.
    Whom the game waits for is printed on demand (the ``w`` key), the result by
    :func:`finish`. Call it after each step of the peer."""

    def __init__(self, peer: Any, command: str, quiet: bool) -> None:
        self.peer = peer
        self.command = command
        self.quiet = quiet

    def __call__(self) -> None:
        for event in self.peer.events():
            self.show(event)

    def show(self, event: PeerEvent) -> None:
        if isinstance(event, Awaiting | Over):
            return
        if isinstance(event, Refused | GaveUp):
            print(f"soe {self.command}: {sentence(event)}", file=sys.stderr, flush=True)
        elif isinstance(event, StillTrying):
            print(sentence(event), file=sys.stderr, flush=True)
        elif not self.quiet:
            print(sentence(event), flush=True)


def printer(peer: Any, command: str, args: argparse.Namespace) -> Printer:
    """The printer of a peer, which a person's menu lets speak first."""
    show = Printer(peer, command, args.quiet)
    if isinstance(peer.decider, TextDecider):
        peer.decider.peer = peer
        peer.decider.before_menu = show
    return show


def finish(peer: Any, args: argparse.Namespace, show: Printer, linger_s: float = 2.0) -> int:
    """After the game: let the last messages out, print the result, write ``--result``."""
    end = time.monotonic() + linger_s
    while time.monotonic() < end:
        peer.step(20)
        show()
    result = peer.result()
    print(result_lines(result, str(peer.files.log)))
    if getattr(args, "result", None):
        Path(args.result).write_text(json.dumps(result, sort_keys=True), encoding="utf-8")
    peer.close()
    return 3 if peer.desynced else 0


def gone(peer: Any, *, keep: bool) -> int:
    """Leave without a game (the peer said why); remove the files of a game this peer never joined."""
    peer.close()
    if not keep:
        peer.files.remove()
    return 5


def run_peer(peer: Any, args: argparse.Namespace, deadline_s: float, show: Printer, *, command: str = "",
             wait_s: float = 0, keep: bool = True) -> int:
    """Step a peer until its game is closed (or it desyncs, or the deadline passes). With
    ``wait_s``, until the peers it dialled answer, saying what is happening now and then
    (back-off: 2, 4, 8... seconds) and giving up after ``wait_s`` seconds
    (:meth:`net.peer.Peer.await_answer`). ``keep``: whether its files stay when it leaves
    without a game (a resumed peer's do)."""
    start = time.monotonic()
    end = start + deadline_s if deadline_s > 0 else float("inf")
    last_save = 0.0
    if wait_s > 0:
        peer.await_answer(round(wait_s * 1000))
    try:
        while not peer.over and not peer.desynced:
            peer.step(20)
            show()
            if isinstance(peer.decider, TextDecider):
                peer.decider.idle()
            now = time.monotonic()
            if peer.refused is not None or peer.gave_up is not None:
                return gone(peer, keep=keep)
            if now - last_save > 5:
                last_save = now
                peer.save_meta()
            if now > end:
                print(f"soe {command}: the game did not finish in time", file=sys.stderr)
                peer.close()
                return 4
    except KeyboardInterrupt:
        print(f"\nLeft the game; `soe resume {peer.files.log}` continues it.", file=sys.stderr)
        peer.close()
        return 130
    return finish(peer, args, show)
