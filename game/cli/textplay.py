"""``soe play --text`` and ``soe resume FILE`` of a local save: a game against computer
players in the terminal (:class:`game.cli.terminal.Terminal` over a
:class:`game.client.tables.LocalTable`), saved as it goes (:mod:`game.client.saves`)."""

from __future__ import annotations

import sys
from pathlib import Path

from game.cli.terminal import InputFn, PrintFn, PromptKeys, Terminal
from game.client.local import save_path
from game.client.saves import SaveError, Setup, read_save
from game.client.tables import LocalTable
from game.client.words.lang import say, say_in, say_n
from game.client.words.names import Names
from game.rules import RulesError
from game.rules.board import load_board


def _err(text: str) -> None:
    print(text, file=sys.stderr)


def bot_words(bots: str) -> str:
    """The computer players' strength (easy, normal, hard) in words; a bot's own name
    (greedy, random...) as it is."""
    words = {"easy": say_in("level", "easy"), "normal": say_in("level", "normal"), "hard": say_in("level", "hard")}
    return words.get(bots, bots)


def play_text(players: int, power: str, bots: str, seed: int | None, input_fn: InputFn = input,
              print_fn: PrintFn = print, log: Path | None = None, err_fn: PrintFn = _err) -> int:
    """``soe play --text``: a new game in the terminal. Bad arguments give one line on
    ``err_fn`` and exit code 2, and nothing is written."""
    try:
        setup = Setup.new(players, power, bots, seed)
        table = LocalTable(setup, log or save_path(setup), undo_scope="chance")
    except ValueError as exc:
        err_fn(f"soe play: {exc}")
        return 2
    print_fn(say_n("You play {power} against {n} {bots} computer player (seed {seed}).",
                   "You play {power} against {n} {bots} computer players (seed {seed}).", players - 1,
                   power=Names(load_board()).power(setup.powers[setup.seat]), bots=bot_words(bots), seed=setup.seed))
    return Terminal(table, table.path, PromptKeys(input_fn), print_fn).run()


def resume_text(path: Path, input_fn: InputFn = input, print_fn: PrintFn = print, err_fn: PrintFn = _err) -> int:
    """Go on with a local game from its save."""
    try:
        header, inputs = read_save(path)
        setup = Setup.from_header(header, inputs)
    except (OSError, ValueError, KeyError, TypeError, RulesError) as exc:
        err_fn(f"soe resume: {path}: {exc}")
        return 2
    try:
        table = LocalTable(setup, path, fresh=False, undo_scope="chance", history=True)
    except SaveError as exc:  # it names the file
        err_fn(f"soe resume: {exc}")
        return 2
    except ValueError as exc:
        err_fn(f"soe resume: {path}: {exc}")
        return 2
    if table.cut is not None:
        print_fn(say("The save ended in a partial line (the program stopped while writing it); it was cut off and "
                     "kept in {cut}.", cut=table.cut))
    term = Terminal(table, path, PromptKeys(input_fn), print_fn)
    st = term.history()
    print_fn(say_n("Resumed {path}: {n} input replayed; war {war}, round {round}.",
                   "Resumed {path}: {n} inputs replayed; war {war}, round {round}.", len(setup.inputs), path=path,
                   war=st.war, round=st.round))
    return term.run()
