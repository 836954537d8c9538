"""The game screen while a game plays: moves animated before the board shows them there,
the log of a whole game, text entry with paste, the attack odds."""

from __future__ import annotations

import pytest

from game.rules import State
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.shots import StaticTable, selfplay_steps
from game.ui.table import Step


class Feed(StaticTable):
    """A table whose steps are handed to the screen when the test says."""

    def feed(self, step: Step) -> None:
        self._steps.append(step)


def _chips(scene: GameScene, area: str, power: str) -> str:
    """The words of the unit chip drawn for ``power`` in ``area`` ('' when none is drawn)."""
    return next((h.tip for h in scene.hits if h.target == ("unit", area, power)), "")


def _words(units: list[int]) -> str:
    parts = [f"{n} {k}{'s' if n > 1 else ''}" for k, n in zip(("army", "fleet", "fort"), units, strict=False) if n]
    return ", ".join(parts).replace("armys", "armies")


@pytest.fixture(scope="module")
def move_game() -> list[Step]:
    """A 4-player game up to a step in which a computer player moves a unit into an area."""
    def moved(i: int, s: Step) -> bool:
        return s.actor > 0 and any(e.get("kind") == "move" for e in s.events)
    return selfplay_steps(3, 4, lambda i, s: moved(i, s))


def _at_the_move(steps: list[Step], speed: str) -> tuple[App, GameScene, Feed, Step]:
    app = App((1280, 720), hidden=True)
    table = Feed(steps[:-1], seat=0)
    scene = GameScene(table, speed)
    app.push(scene)
    app.frame(0.0)
    scene.skip()  # the game so far, shown at once
    app.frame(0.0)
    table.feed(steps[-1])
    app.frame(0.0)
    return app, scene, table, steps[-1]


def test_moved_units_reach_their_destination_when_their_piece_arrives(move_game: list[Step]) -> None:
    """While the arrow and the travelling piece animate, the board does not show the units
    at their destination yet (the piece on the arrow, starting at the source, stands for
    them); when it arrives, they are drawn there."""
    app, scene, _, step = _at_the_move(move_game, "normal")
    move = next(e for e in step.events if e.get("kind") == "move")
    src, dst, power, unit = str(move["src"]), str(move["dst"]), str(move["power"]), str(move["unit"])
    st: State = step.state
    seat = st.powers.index(power)
    arrived = sum(1 for e in step.events if e.get("kind") == "move" and e["dst"] == dst and e["power"] == power
                  and e["unit"] == unit)
    k = ("army", "fleet", "fort").index(unit)
    after = list(st.units[dst][seat])
    during = list(after)
    during[k] -= arrived
    app.draw()
    assert scene.moving() and scene.move_time > 0
    assert _chips(scene, dst, power).endswith(_words(during)) if any(during) else _chips(scene, dst, power) == ""
    piece = next(h for h in scene.hits if h.target == ("moving", power, src, dst))
    assert "on its way" in piece.tip
    bx, by = scene.cam.to_board(*piece.rect.center)
    assert scene.layout.area_at(bx, by) == src  # the piece sets out from where the units left
    left = list(st.units[src][seat])  # what stays behind is still drawn at the source
    assert _chips(scene, src, power).endswith(_words(left)) if any(left) else _chips(scene, src, power) == ""
    for _ in range(200):
        if scene.move_time <= 0:
            break
        app.frame(0.05)
    assert not scene.moving()
    app.frame(0.0)
    assert _chips(scene, dst, power).endswith(_words(after))
    assert not any(h.target[0] == "moving" for h in scene.hits)


def test_with_animations_off_or_skipped_the_board_shows_the_move_at_once(move_game: list[Step]) -> None:
    step = move_game[-1]
    move = next(e for e in step.events if e.get("kind") == "move")
    dst, power = str(move["dst"]), str(move["power"])
    after = list(step.state.units[dst][step.state.powers.index(power)])
    app, scene, _, _ = _at_the_move(move_game, "instant")
    app.draw()
    assert not scene.moving()
    assert _chips(scene, dst, power).endswith(_words(after))
    app, scene, _, _ = _at_the_move(move_game, "slow")
    assert scene.moving()
    scene.skip()
    app.frame(0.0)
    assert not scene.moving()
    assert _chips(scene, dst, power).endswith(_words(after))


