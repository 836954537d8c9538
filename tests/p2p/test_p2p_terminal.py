"""The terminal over a network game's table (game.cli.terminal over game.client.nettable),
real peers on loopback (p2pkit's cluster): a decision's question stays the last thing on
screen (a seat taken up again shows its menu once the others have answered; a line that
comes while the menu waits is followed by the question again), and the terminal says when
a seat falls silent and when it is heard again."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from p2pkit import Cluster

from game.cli.terminal import StreamKeys, Terminal
from game.client.nettable import NetTable
from game.client.words.peer import sentence
from net.core.genesis import MAX_TIMEOUT_MS
from net.peer import Peer
from net.peer.events import Awaiting, Over

REMINDER = "(a number;"  # the line under a menu


def terminal(table: NetTable) -> tuple[Terminal, StreamKeys, list[str]]:
    """A terminal over ``table`` whose lines (and the peer's reports, as `soe` prints them)
    go to a list."""
    out: list[str] = []

    def notice(event: Any) -> bool:
        if isinstance(event, Awaiting | Over):
            return False
        out.append(sentence(event))
        return True

    keys = StreamKeys(None, out.append)
    return Terminal(table, table.path, keys, out.append, net=table, notice=notice), keys, out


def stepping(peers: Callable[[], list[Peer]], done: Callable[[], bool], seconds: float, what: str) -> Callable[[], str]:
    """A ``follow`` condition that steps ``peers()`` (the others, in the test's thread) for a
    few milliseconds each time and stops when ``done()``; past ``seconds``, the test fails."""
    deadline = time.monotonic() + seconds

    def until() -> str:
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        end = time.monotonic() + 0.02
        while time.monotonic() < end:
            for p in peers():
                p.step(1)
        return "done" if done() else ""

    return until


def test_a_seat_taken_up_again_shows_its_menu_after_the_others_answer(tmp_path: Path) -> None:
    """A person left at its own decision and takes the game up again: the menu is shown
    once the others have answered (what they hold that it lacks comes first), not at once
    from its log with the news of catching up printed under it."""
    c = Cluster(tmp_path, 2)
    table = None
    try:
        c.start()
        person = c.peers[1]
        person.decider = None
        c.run(lambda: person.session.my_turn(), 30, "seat 1's decision")
        c.peers.remove(person)
        person.close()  # the program is closed at its decision
        peer = Peer.resume(c.ids[1], c.log(1), clock=c.clock)
        peer.await_answer(20_000)
        table = NetTable(peer, human=True, history=True)
        term, _, out = terminal(table)
        term.history()
        term.follow(stepping(lambda: c.peers, lambda: any(x.startswith(REMINDER) for x in out), 30, "the menu"))
        menu = next(i for i, x in enumerate(out) if x.startswith(REMINDER))
        assert "Connected." in out[:menu], out
        assert out[-1].startswith(REMINDER) or "still your decision" in out[-1]  # the question is the last line
    finally:
        if table is not None:
            table.close()
        c.close()


def test_a_line_that_comes_under_a_menu_is_followed_by_its_question(tmp_path: Path) -> None:
    """A chat line arriving while the menu waits for the player is printed, and then the
    decision's question again, so that the question stays the last thing on screen."""
    c = Cluster(tmp_path, 2)
    table = None
    try:
        c.start()
        person = c.peers[1]
        person.decider = None
        c.run(lambda: person.session.seat == 1, 20, "the genesis at seat 1")
        c.peers.remove(person)
        table = NetTable(person, human=True)
        term, _, out = terminal(table)
        term.follow(stepping(lambda: c.peers, lambda: bool(out) and out[-1].startswith(REMINDER), 60, "a menu"))
        prompt = next(x for x in reversed(out) if x.startswith("\n")).strip()
        assert c.host.chat("Take your time") == ""
        term.follow(stepping(lambda: c.peers, lambda: any(x.endswith("Take your time") for x in out), 20, "the line"))
        said = next(i for i, x in enumerate(out) if x.endswith("Take your time"))
        assert out[said + 1:] == [f"{prompt} (still your decision; m shows the list of choices again)"], out[said:]
    finally:
        if table is not None:
            table.close()
        c.close()


def test_the_host_says_when_a_seat_falls_silent_and_when_it_is_back(tmp_path: Path) -> None:
    """`soe host` in the terminal: a joined player's program stops answering, and the host's
    terminal says so; when it answers again, the terminal says that too."""
    c = Cluster(tmp_path, 3)
    table = None
    try:
        c.start(timeout_ms=MAX_TIMEOUT_MS)  # the silent seat is never voted out meanwhile
        host = c.peers[0]
        c.peers.remove(host)  # stepped by its table's thread from now on
        table = NetTable(host, human=False)
        term, _, out = terminal(table)
        quiet = c.peers[1]  # seat 2, Spain
        term.follow(stepping(lambda: c.peers, lambda: len(table.connections()) == 3, 20, "the seats' connections"))
        assert not any("silent" in x for x in out)
        c.clock.speed(40)  # the game's time runs 40 times faster: a link is dead after 0.25 s
        others = [p for p in c.peers if p is not quiet]
        term.follow(stepping(lambda: others, lambda: any("Spain (bot2) is silent" in x for x in out), 30, "silence"))
        assert "Spain (bot2) is silent: its program may have stopped; the game waits for it" in out
        term.follow(stepping(lambda: c.peers, lambda: any("Spain (bot2) is connected again" in x for x in out), 30,
                             "Spain back"))
        assert not any("France (bot1)" in x for x in out)  # the seat that kept answering is not named
    finally:
        if table is not None:
            table.close()
        c.close()


def test_the_terminal_shows_the_game_clocks(tmp_path: Path) -> None:
    """`k` lists the game's clock and every seat's: what is left of its bank, and how long
    the game has waited for the seat it waits for; `w` says what the awaited seat has
    left; both in Italian too. The bank of the seat the game waits for goes down."""
    from game.client.words.lang import speaking

    c = Cluster(tmp_path, 2)
    table = None
    try:
        c.start(timeout_ms=MAX_TIMEOUT_MS, bank_ms=300_000, increment_ms=10_000)
        host, person = c.peers
        host.decider = person.decider = None  # nobody answers: the game waits for its first decision
        c.run(lambda: person.session.seat == 1, 20, "the genesis at seat 1")
        c.peers.remove(person)
        table = NetTable(person, human=True)
        term, keys, out = terminal(table)
        term.follow(stepping(lambda: c.peers, lambda: any(w.what == "choice" for w in table.waiting()), 30,
                             "a decision"))
        c.clock.speed(30)  # 30 s of the game's time a second
        term.follow(stepping(lambda: c.peers, lambda: any(k.running and k.bank is not None and k.bank < 290_000
                                                          for k in table.clocks()), 10, "the bank going down"))
        awaited = next(k for k in table.clocks() if k.running)
        keys.type("k")
        keys.type("w")
        term.follow(stepping(lambda: c.peers, lambda: any("left on its game clock" in x for x in out), 10, "k and w"))
        text = "\n".join(out)
        assert "game clock: 5 min each + 10 s a turn; a turn may keep the game waiting 1 h" in text, text
        who = ["Great Britain (host)", "France (bot1)"]
        assert f"  {who[awaited.seat]}: 4:" in text and "; the game has waited " in text, text
        other = re.search(rf"^  {re.escape(who[1 - awaited.seat])}: (\d):(\d\d) left$", text, re.M)
        assert other is not None and other.group(1) in "45", text  # (a few seconds of a reveal spent)
        assert f"waiting for {['host', 'bot1'][awaited.seat]} ({who[awaited.seat].split(' (')[0]}): " in text
        with speaking("it"):
            del out[:]
            keys.type("k")
            term.follow(stepping(lambda: c.peers, lambda: any("orologio" in x for x in out), 10, "k in Italian"))
            text = "\n".join(out)
            assert "orologio di gioco: 5 min a testa + 10 s a turno; un turno può far attendere la partita" in text
            assert re.search(r"^  Francia \(bot1\): restano [45]:\d\d", text, re.M), text
    finally:
        if table is not None:
            table.close()
        c.close()
