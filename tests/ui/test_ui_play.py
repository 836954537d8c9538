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




def test_the_wheel_scrolls_the_log_back_to_the_first_entry_and_no_further() -> None:
    """The wheel over the log scrolls back through the whole game: it stops when the first
    entry stands at the top of the panel (not with one line left at its bottom), and
    scrolls forward again to the newest entry."""
    import pygame

    steps = selfplay_steps(2, 4, lambda i, s: i >= 400)
    app = App((1280, 720), hidden=True)
    scene = GameScene(StaticTable(steps, seat=0), "instant")
    app.push(scene)
    app.frame(0.0)
    app.frame(0.0)
    r = scene._log_rect()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(1, 1), buttons=(0, 0, 0)))

    def wheel(y: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                             precise_y=float(y)))
        app.frame(0.0)

    lines = [h for h in scene.hits if h.target[0] == "logline"]
    assert lines[0].tip == scene.log[-1] and len(scene.log) > 3 * len(lines)
    for _ in range(len(scene.log)):
        before = scene.log_scroll
        wheel(1)
        if scene.log_scroll == before:
            break
    lines = [h for h in scene.hits if h.target[0] == "logline"]
    first = next(h for h in lines if h.target[1] == "0")
    assert first.tip == scene.log[0]
    assert first.rect.y - r.y < scene.px(60)  # at the top of the panel, under its heading
    assert min(h.rect.y for h in lines) == first.rect.y
    assert max(h.rect.bottom for h in lines) > r.bottom - scene.px(30)  # and the panel full below it
    for _ in range(len(scene.log)):
        wheel(-5)
    assert scene.log_scroll == 0
    assert [h for h in scene.hits if h.target[0] == "logline"][0].tip == scene.log[-1]
