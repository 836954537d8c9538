"""The log a player reads: a header per war, round and turn; each battle one block with
both sides' totals and dice; power names on their colour; no battle result before its
card has shown the dice; a filter to one power; a click on a line shows where it happened."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client.logbook import LogLine, kind_of, segments, shows
from game.client.tables import StaticTable
from game.rules.board import load_board
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.shots import selfplay_steps


def _shown(steps: list, speed: str = "instant", size: tuple[int, int] = (1280, 720)) -> tuple[App, GameScene]:
    app = App(size, hidden=True)
    scene = GameScene(StaticTable(steps, seat=0), speed)
    app.push(scene)
    app.frame(0.0)
    while scene.queue:
        if scene.speed > 0:
            scene.skip()  # (a frame of no time would never end a step's hold)
        app.frame(0.0)
    app.draw()
    return app, scene


@pytest.fixture(scope="module")
def war2() -> list:
    """A 4-player game into its second war."""
    return selfplay_steps(5, 4, lambda i, s: any(e.get("kind") == "war" and e.get("war") == 2 for e in s.events)
                          or i >= 2500)


def test_headers_for_each_war_round_and_turn_and_one_block_per_battle(war2: list) -> None:
    _, scene = _shown(war2)
    events = [e for s in war2 for e in s.events]
    kinds = [kind_of(line) for line in scene.log]
    assert kinds.count("war") == sum(1 for e in events if e["kind"] == "war") == 2
    assert kinds.count("round") == sum(1 for e in events if e["kind"] == "round") > 5
    assert kinds.count("turn") == sum(1 for e in events if e["kind"] == "turn") > 20
    battles = [e for e in events if e["kind"] == "battle"]
    blocks = [line for line in scene.log if kind_of(line) == "battle"]
    assert battles and len(blocks) == len(battles)
    dice = [e["dice"] for e in events if e["kind"] == "dice"]
    for block, e, d in zip(blocks, battles, dice, strict=False):
        assert [s.total for s in block.sides] == e["totals"]
        assert [v for s in block.sides for v in s.dice] == d or any(x["kind"] == "reroll" for x in events)
    # the dice's own line and the sides' lines are in the block, not lines of their own
    assert not any(line.startswith(("Battle in", "Naval battle in")) for line in scene.log)
    assert not any(line.startswith("      ") for line in scene.log)


def test_power_names_are_cut_out_for_their_colour_but_a_home_nation_is_not() -> None:
    b = load_board()
    assert segments("United Provinces's turn", b) == [("United Provinces", "united_provinces"), ("'s turn", "")]
    assert segments("Spain builds an army in Spain", b) == [("Spain", "spain"), (" builds an army in Spain", "")]
    line = LogLine("Austria attacks Russia in Baltic", "line", ("austria", "russia"), "baltic")
    assert line == "Austria attacks Russia in Baltic" and shows(line, "russia") and not shows(line, "france")
    assert shows(LogLine("Round 2 of war 1", "round"), "france")


def test_a_battle_result_waits_in_the_log_until_the_card_has_rolled_its_dice() -> None:
    steps = selfplay_steps(3, 4, lambda i, s: any(e.get("kind") == "battle" for e in s.events))
    app, scene = _shown(steps[:-1], "normal")
    battle = steps[-1]
    scene.queue.append(battle)
    scene.hold = 0
    scene.update(0.001)
    assert scene.card is not None and scene.card[0] == "battle"
    assert not any(kind_of(x) == "battle" for x in scene.log[-6:])  # the dice still roll on the card
    scene.update(scene.rolling_s() + 0.01)
    assert scene.card is not None  # the card stays to be read, and the log now says the result
    assert kind_of(scene.log[-1]) in ("battle", "line") and any(kind_of(x) == "battle" for x in scene.log[-6:])


def test_a_tag_filters_the_log_to_one_power_and_a_second_click_shows_all(war2: list) -> None:
    app, scene = _shown(war2)
    total = len(scene.log)
    tag = next(h for h in scene.hits if h.target == ("logfilter", "france"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tag.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tag.rect.center, button=1))
    app.frame(0.0)
    app.draw()
    assert scene.log_power == "france"
    shown = [scene.log[int(h.target[1])] for h in scene.hits if h.target[0] == "logline"]
    assert shown and all("France" in line or kind_of(line) in ("war", "round") for line in shown)
    assert any(kind_of(line) == "line" for line in shown)
    b = load_board()
    assert len([x for x in scene.log if shows(x, "france", b)]) < total
    scene._click(tag.rect.center)
    app.draw()
    assert scene.log_power == ""
    assert any("France" not in scene.log[int(h.target[1])] for h in scene.hits if h.target[0] == "logline")


def test_a_click_on_a_line_marks_its_area_and_brings_it_into_view(war2: list, artefacts: Path) -> None:
    app, scene = _shown(war2)
    m = pygame.Rect(scene.map_rect())
    for _ in range(6):  # zoomed in on the far corner: most of the map out of view
        scene.cam.zoom_at(m.right - 5, m.bottom - 5, 1)
    app.dirty = True
    app.draw()
    line = next(h for h in reversed(scene.hits) if h.target[0] == "logline"
                and getattr(scene.log[int(h.target[1])], "area", "") not in ("", "east_indies"))
    area = scene.log[int(line.target[1])].area
    scene._click(line.rect.center)
    app.draw()
    assert scene.located == {area}
    x, y, w, h = scene.layout.areas[area].units
    assert m.collidepoint(scene.cam.to_screen(x + w / 2, y + h / 2))  # in view
    pygame.image.save(app.surface, str(artefacts / "log-located-1280x720.png"))
    scene._click(m.center)  # a click elsewhere lets it go
    assert scene.located == set()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_the_log_panel_at_both_sizes(war2: list, size: tuple[int, int], artefacts: Path) -> None:
    app, scene = _shown(war2, size=size)
    blocks = [i for i, x in enumerate(scene.log) if kind_of(x) == "battle"]
    scene.log_scroll = len(scene.log) - 1 - blocks[-1] - 2
    app.dirty = True
    app.frame(0.0)
    app.draw()
    r = scene._log_rect()
    hits = [h for h in scene.hits if h.target[0] in ("logline", "logfilter")]
    assert hits and all(r.contains(h.rect.clip(r)) for h in hits)
    assert len([h for h in hits if h.target[0] == "logfilter"]) == 4  # a tag per power of the game
    block = next(h for h in hits if h.target == ("logline", str(blocks[-1])))
    scene.mouse = block.rect.center
    assert "strength" in scene.tip_at(block.rect.center)  # how each total was reached
    pygame.image.save(app.surface.subsurface(r), str(artefacts / f"log-{size[0]}x{size[1]}.png"))


def test_a_comma_never_begins_a_row_of_a_log_line() -> None:
    """"Play order for war 3: Russia, Spain, Great Britain, France" in a narrow panel:
    where the comma after a power's name would begin a row, the name goes down with it."""
    from game.ui.drawing.logview import flow

    pygame.font.init()
    board = load_board()
    line = "Play order for war 3: Russia, Spain, Great Britain, France"
    seen_carry = False
    for width in range(120, 400, 4):
        rows = flow(line, board, "sans", 11, width, 3)
        assert "".join(t for r in rows for t, _ in r).replace(" ", "") == line.replace(" ", ""), width
        for k, row in enumerate(rows):
            assert not row[0][0].lstrip().startswith((",", ".", ":", ";")), (width, rows)
            if k and row[0][1] and len(row) > 1 and row[1][0].startswith(","):
                seen_carry = True
    assert seen_carry  # some width did break right before a comma after a name
