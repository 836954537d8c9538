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
from game.rules import RulesError
from game.rules.board import load_board


def _err(text: str) -> None:
    print(text, file=sys.stderr)


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
    b = load_board()
    print_fn(f"You play {b.power_name(setup.powers[setup.seat])} against {players - 1} {bots} computer "
             f"player{'s' if players > 2 else ''} (seed {setup.seed}).")
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
        print_fn(f"The save ended in a partial line (the program stopped while writing it); it was cut off and kept "
                 f"in {table.cut}.")
    term = Terminal(table, path, PromptKeys(input_fn), print_fn)
    st = term.history()
    print_fn(f"Resumed {path}: {len(setup.inputs)} inputs replayed; war {st.war}, round {st.round}.")
    return term.run()
