"""What if: "Play from here" in a replay, of a local save or of a network game's log,
plays on from that step as a local game against computer players; its save is a normal
local save whose first inputs are the replayed game's up to that step (so its position
there has the replay's state hash, and ``LocalTable.resume`` goes on with it), its header
says where it came from, the list of games says so too, and its player never takes back
the replayed game's choices."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
import pytest

from game.bots import make_bot
from game.client.gamefile import GameFile, load_game_file
from game.client.gamelist import headline, list_games
from game.client.local import LocalGame
from game.client.saves import SaveFile, Setup, load_save, read_save, state_of
from game.client.tables import LocalTable
from game.client.whatif import default_power, whatif_setup, write_whatif
from game.rules import Act, Roll, apply, legal, new_game, pending, state_hash
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.scenes.whatif import WhatIfMenu
from net.core.identity import fingerprint
from tests.net.netkit import identity
from tests.ui.games import network_log, replay_in_window


def _local_save(path: Path, players: int, seed: int, seat: int) -> None:
    """A whole game between greedy bots saved as a local game (the player in ``seat``)."""
    rng = random.Random(seed)
    setup = Setup(new_game(players).powers, seat, "greedy", seed)
    save = SaveFile(path, new=True)
    save.write_setup(setup)
    bots = [make_bot("greedy", seed + i) for i in range(players)]
    st = new_game(players)
    while not (p := pending(st)).is_over:
        inp = (Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)) if p.chance is not None
               else Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat))))
        save.write_input(inp)
        st, _ = apply(st, inp)
    save.close()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, GameFile]:
    d = tmp_path_factory.mktemp("whatif")
    _local_save(d / "local.jsonl", 3, 6, seat=1)
    network_log(d / "network.jsonl", 3, ((1, 150),))
    return {"local": load_game_file(d / "local.jsonl"), "network": load_game_file(d / "network.jsonl")}


def _frames(app: App, until, limit_s: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + limit_s
    while not until():
        assert time.monotonic() < end, "it did not get there"
        app.frame(0.02)


@pytest.mark.parametrize("kind", ["local", "network"])
def test_play_from_a_replays_step_plays_on_and_its_save_resumes(home: Path, files: dict[str, GameFile],
                                                                 kind: str, artefacts: Path) -> None:
    game = files[kind]
    k = next(i for i in range(game.last // 2, game.last) if pending(game.steps[i].state).seat >= 0
             and not pending(game.steps[i].state).is_chance)
    app, replay = replay_in_window(game, at=k)
    assert replay.can_play_from()
    whatif = next(b for b in replay.buttons if b.key == "whatif")
    assert whatif.enabled and whatif.label == "Play from here"
    replay._button("whatif")
    menu = app.scenes[-1]
    assert isinstance(menu, WhatIfMenu) and menu.step == k
    assert menu.power == (game.powers[1] if kind == "local" else game.powers[0])  # the user's power, else the first
    mine = pending(game.steps[k].state).seat  # the power that decides at step k: the player decides at once
    app.draw()
    menu.choose(("power", game.powers[mine]))
    menu.choose(("level", "easy"))
    menu.choose(("start",))
    _frames(app, lambda: isinstance(getattr(app.scenes[0], "table", None), LocalTable))
    screen = app.scenes[0]
    assert isinstance(screen, GameScene) and isinstance(screen.table, LocalTable)
    table = screen.table
    path = table.path
    _frames(app, lambda: screen.shown is not None and screen.shown.steps >= k)
    # the game so far is shown at once: the position is the replay's, its chance events too
    assert state_hash(screen.shown) == state_hash(game.steps[k].state)  # type: ignore[arg-type]
    seen = screen.fairness()  # the table's, from its save: the replayed game's rolls with their values
    assert [c.r for c in seen.chances] == list(range(1, game.steps[k].state.chance_count + 1))
    assert [c.values for c in seen.chances] == [i.values for i in game.inputs[:k] if isinstance(i, Roll)]
    assert seen.origin == (game.path.name, k) and seen.borrowed == len(seen.chances)
    _frames(app, lambda: screen.ready())
    assert table.seat == mine and not table.can_undo()  # the replayed game's choices are not the player's to take back
    me = make_bot("greedy", 3)
    for _ in range(3):  # the player plays on; the computer players and the new seed's dice answer
        _frames(app, lambda: screen.ready() or pending(screen.shown).is_over)  # type: ignore[arg-type]
        if pending(screen.shown).is_over:  # type: ignore[arg-type]
            break
        st = screen.shown
        assert st is not None
        screen._submit(me.choose(st, mine, legal(st, mine)))
        _frames(app, lambda st=st: screen.shown is not st)
    app.draw()
    pygame.image.save(app.surface, str(artefacts / f"whatif-{kind}.png"))
    table.close()

    header, inputs = read_save(path)
    assert header["from"] == {"file": game.path.name, "step": k, "kind": kind}
    assert header["seat"] == mine and header["powers"] == game.powers and header["level"] == "easy"
    assert inputs[:k] == game.inputs[:k] and len(inputs) > k
    assert state_hash(state_of(game.powers, inputs[:k])) == state_hash(game.steps[k].state)
    # Continue and soe resume read it as any local save
    again = LocalTable.resume(path)
    try:
        assert again.state.steps == len(inputs) and again.setup.base == k
    finally:
        again.close()
    # the list of games says where it came from; its own replay marks the step
    entry = next(e for e in list_games() if e.path == path)
    assert entry.origin == (game.path.name, k) and f"played on from step {k} of {game.path.name}" in headline(entry)
    watched = load_game_file(path)
    assert [(m.kind, m.step) for m in watched.marks] == [("branch", k)] and watched.origin == (game.path.name, k)
    assert any(game.path.name in r for r in watched.verdict.reasons)


def test_the_replayed_games_choices_are_never_taken_back(home: Path, files: dict[str, GameFile],
                                                         tmp_path: Path) -> None:
    game = files["local"]
    # a step right after two choices of one seat since the last roll: without the floor they could be undone
    k = next(i for i in range(30, game.last) if isinstance(game.inputs[i - 1], Act) and isinstance(game.inputs[i - 2], Act)
             and game.inputs[i - 1].seat == game.inputs[i - 2].seat == pending(game.steps[i].state).seat)
    seat = game.inputs[k - 1].seat  # type: ignore[union-attr]
    setup = whatif_setup(game, k, game.powers[seat], "easy", seed=5)
    path = write_whatif(setup, tmp_path / "w.jsonl")
    for scope in ("chance", "turn"):
        g = LocalGame.open(path, undo_scope=scope)
        try:
            assert not g.can_undo() and g.count == k
        finally:
            g.close()
    assert load_save(path).base == k
    # the same inputs without their origin could be taken back (the floor is what stops it)
    plain = tmp_path / "plain.jsonl"
    setup.origin = None
    write_whatif(setup, plain)
    g = LocalGame.open(plain, undo_scope="chance")
    try:
        assert g.can_undo()
    finally:
        g.close()


def test_a_step_where_the_game_is_over_offers_nothing_to_play(home: Path, files: dict[str, GameFile],
                                                               tmp_path: Path) -> None:
    game = files["network"]
    app, replay = replay_in_window(game, at=game.last)
    assert not replay.can_play_from()
    assert not next(b for b in replay.buttons if b.key == "whatif").enabled
    with pytest.raises(ValueError, match="over"):
        whatif_setup(game, game.last, game.powers[0], "easy")
    assert default_power(game) == game.powers[0]  # a log whose name names no key of its seats: the first power
    # a log named as soe join names it (GAME.FINGERPRINT.jsonl): the power of the seat with that key
    mine = tmp_path / f"00112233.{fingerprint(identity(2).public_hex)}.jsonl"
    mine.write_bytes(game.path.read_bytes())
    assert default_power(load_game_file(mine)) == game.powers[2]
