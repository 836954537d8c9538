"""The computer players of every table believe the others' unrest as the public events
tell it (R-GEN-6: unrest is hidden, but every source of it is public): the window's and
the terminal game's tables follow the game with one ledger, take it back with an undo and
follow it again when a saved game is continued; a network table does the same for its
bot seats, identically on every peer."""

from __future__ import annotations

import random
import time
from pathlib import Path

from game.bots import SearchBot, UnrestLedger, make_bot
from game.client.local import LocalGame, setup_for
from game.client.saves import load_save, state_of
from game.client.tables import LocalTable
from game.rules import Act, Roll, State, apply_in_place, legal, new_game, pending


def _steps(players: int, seed: int, count: int) -> list[tuple[State, list[int]]]:
    """(state, unrest the ledger holds) after each of ``count`` steps of a greedy game."""
    rng = random.Random(seed)
    bots = [make_bot("greedy", seed + i) for i in range(players)]
    st, ledger, out = new_game(players), UnrestLedger(players), []
    for _ in range(count):
        p = pending(st)
        inp = Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)) if p.chance else \
            Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat)))
        ledger.observe(st, apply_in_place(st, inp))
        assert ledger.unrest == list(st.unrest)  # exact: every source of unrest is public
        out.append((st.clone(), list(ledger.unrest)))
    return out


def test_rewind_goes_back_to_what_was_known_at_that_step() -> None:
    history = _steps(4, 2, 400)
    assert history[-1][1] != history[99][1]  # unrest was gathered in between
    rng = random.Random(2)
    bots = [make_bot("greedy", 2 + i) for i in range(4)]
    st, ledger = new_game(4), UnrestLedger(4)
    for _ in history:  # the same game followed by one ledger
        p = pending(st)
        inp = Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)) if p.chance else \
            Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat)))
        ledger.observe(st, apply_in_place(st, inp))
    assert ledger.unrest == history[-1][1]
    ledger.rewind(100)  # the steps after the 100th were taken back
    assert ledger.unrest == history[99][1] and ledger.knows(history[99][0])
    again = history[99][0].clone()  # and it follows the game on from there
    p = pending(again)
    options = legal(again, p.seat) if p.chance is None else []
    if options:
        ledger.observe(again, apply_in_place(again, Act(p.seat, options[0])))
        assert ledger.knows(again) and ledger.unrest == list(again.unrest)
    ledger.rewind(0)
    assert ledger.unrest == [0, 0, 0, 0] and ledger.knows(new_game(4))


def test_a_rewind_past_what_it_saw_stops_it_believing_itself() -> None:
    ledger = UnrestLedger(3)
    ledger.steps = 50  # joined late: saw nothing before step 50
    ledger.complete = False
    ledger.rewind(10)
    assert not ledger.knows(new_game(3))


def _drive(table: LocalTable, until, limit: float = 90.0) -> State:  # type: ignore[no-untyped-def]
    """Play the player's seat of ``table`` with its last legal choice until ``until(state)``
    holds at a decision of the player (the worker then waits: its state is still)."""
    end = time.monotonic() + limit
    last: State | None = None
    while time.monotonic() < end:
        got = table.steps()
        if got:
            last = got[-1].state
            continue
        if last is not None and table.thinking() < 0:
            p = pending(last)
            if not p.is_over and p.chance is None and p.seat == table.seat:
                if until(last):
                    return last
                table.submit(legal(last, table.seat)[-1])
                while not (got := table.steps()) and time.monotonic() < end:
                    time.sleep(0.002)
                last = got[-1].state if got else last
                continue
        time.sleep(0.002)
    raise AssertionError("the game did not get there in time")


def test_the_windows_computer_players_believe_the_public_ledger_through_undo_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    table = LocalTable(setup_for(3, "", "easy", 21), save)
    try:
        assert all(isinstance(b, SearchBot) and b.ledger is table.ledger for b in table.game.bots.values())
        st = _drive(table, lambda s: s.steps > 150 and any(s.unrest) and table.can_undo())
        assert table.ledger.knows(st) and table.ledger.unrest == list(st.unrest)
        before = table.game.marks[-1].state
        table.undo()
        end = time.monotonic() + 10
        while not (got := table.steps()) and time.monotonic() < end:
            time.sleep(0.002)
        assert got and got[-1].undo and got[-1].state.steps == before.steps
        assert table.ledger.knows(got[-1].state) and table.ledger.unrest == list(got[-1].state.unrest)
    finally:
        table.close()
    saved = load_save(save)
    st = state_of(saved.powers, saved.inputs)
    again = LocalTable.resume(save)  # continue the saved game: the ledger is followed again from the start
    try:
        assert again.ledger.knows(st) and again.ledger.unrest == list(st.unrest)
        assert all(b.ledger is again.ledger for b in again.game.bots.values() if isinstance(b, SearchBot))
    finally:
        again.close()
    game = LocalGame.open(save)  # what the terminal's resume stands on follows it the same way
    try:
        assert game.state.unrest == game.ledger.unrest and game.ledger.steps == st.steps
    finally:
        game.close()
