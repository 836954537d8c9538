"""What if: a local game against computer players played on from a step of a game file
(a local save or a network game's log), as a replay offers it ("Play from here").

The new game is an ordinary local save (:mod:`game.client.saves`), so ``soe resume`` and
the window's Continue go on with it unchanged: its header names the powers in the
replayed game's seating order, the seat the player takes, the computer players' strength
and a new seed, and says where it came from (``"from": {"file", "step", "kind"}``); its
first inputs are the replayed game's first ``step`` inputs (for a network log, the
referee's: choices, computer players' moves and the beacon's rolls), and its own inputs
follow. Its dice after that point come from its own seed, indexed by the state's chance
count as any local game's are; its player never takes back a choice of the game it came
from (:attr:`game.client.saves.Setup.base`).
"""

from __future__ import annotations

from pathlib import Path

from game.client.gamefile import GameFile
from game.client.local import bot_for, save_path
from game.client.saves import SaveFile, Setup
from game.client.words.lang import say
from game.rules import new_game, pending, state_hash


def played_seat(game: GameFile) -> int:
    """The seat this user played in ``game``: a local save's player, or for a network log
    the seat whose key's fingerprint its file's name carries; -1 when none."""
    if game.kind == "local":
        return game.you
    from game.client.gamelist import read_entry

    try:
        size = game.path.stat().st_size
    except OSError:
        return -1
    return read_entry(game.path, "network", 0.0, size).you


def default_power(game: GameFile) -> str:
    """The power offered first: the one this user played, else the first seat's."""
    seat = played_seat(game)
    return game.powers[seat if 0 <= seat < len(game.powers) else 0]


def whatif_setup(game: GameFile, step: int, power: str, level: str, seed: int | None = None) -> Setup:
    """The setup of a game played on from ``game``'s step ``step`` with the player in
    ``power``'s seat against computer players of strength ``level`` (ValueError with a
    one-line reason when it cannot be)."""
    import secrets

    if not 0 <= step <= game.last:
        raise ValueError(say("{file} has no step {step} (its steps are 0 to {last})", file=game.path.name, step=step,
                             last=game.last))
    if power not in game.powers:
        raise ValueError(say("{power} does not play in {file}", power=power, file=game.path.name))
    st = game.steps[step].state
    if pending(st).is_over:
        raise ValueError(say("the game is over at step {step}: there is nothing to play on", step=step))
    if state_hash(new_game(list(game.powers))) != state_hash(game.steps[0].state):
        raise ValueError(say("{file} was not set up as a local game is (its ruleset or options differ)",
                             file=game.path.name))
    inputs = list(game.inputs[:step])
    if len(inputs) != step:
        raise ValueError(say("{file} holds no inputs up to step {step}", file=game.path.name, step=step))
    return Setup(list(game.powers), game.powers.index(power), bot_for(level),
                 secrets.randbelow(2**31) if seed is None else seed, level, inputs,
                 {"file": game.path.name, "step": step, "kind": game.kind})


def write_whatif(setup: Setup, path: Path | None = None) -> Path:
    """Write the what-if game's save (a new file: ``path``, or a new name in the local
    games' folder): its header and its leading inputs. The game goes on with
    :meth:`game.client.tables.LocalTable.resume`. SaveError (a ValueError) says why not."""
    path = path or save_path(setup)
    path.parent.mkdir(parents=True, exist_ok=True)
    save = SaveFile(path, new=True)
    try:
        save.write_setup(setup)
        save.write_inputs(setup.inputs)
    finally:
        save.close()
    return path
