"""Unit chips stay inside their area in crowded 7-player positions, at 1280x720,
1920x1080 and the window's smallest size, and still tell every power's pieces."""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

import pygame
import pytest

from game.client.tables import StaticTable, Step
from game.rules import State, new_game, view
from game.rules.board import load_board
from game.ui.app import App, scale_of
from game.ui.drawing.camera import Camera
from game.ui.drawing.chips import CHIP_MIN, unit_words
from game.ui.drawing.hits import Target
from game.ui.drawing.layout import AreaShape, load_layout
from game.ui.drawing.mapview import MapRenderer
from game.ui.scenes.game import GameScene
from game.ui.shots import selfplay_steps

SIZES = [(1280, 720), (1920, 1080), (960, 540)]  # the last: the window's minimum size


def _zoom(size: tuple[int, int]) -> Camera:
    """The camera of the game screen at a window size, the whole board fitted (as
    ``GameScene.map_rect`` lays it out)."""
    s = scale_of(size)

    def px(v: float) -> int:
        return max(1, round(v * s))

    w, h = size
    layout = load_layout()
    cam = Camera(*layout.size)
    cam.fit((0, px(34), w - px(330), h - px(34) - px(112)))
    return cam


def _inside(shape: AreaShape, cam: Camera, r: pygame.Rect) -> bool:
    """Whether a screen rect lies wholly inside the area's outline: its corners and a point
    every 2 pixels along its edges."""
    pts = [(x, y) for x in range(r.left, r.right + 1, 2) for y in (r.top, r.bottom)]
    pts += [(x, y) for y in range(r.top, r.bottom + 1, 2) for x in (r.left, r.right)]
    pts += [r.topright, r.bottomright]
    return all(shape.contains(*cam.to_board(x, y)) for x, y in pts)


@lru_cache(maxsize=1)
def _crowded() -> list[dict[str, Any]]:
    """Views of two whole 7-player games between greedy bots, every 15th position."""
    out = []
    for seed in (1, 4):
        steps = selfplay_steps(seed, 7, lambda i, s: False)
        out += [view(st.state, 0) for st in steps[::15]]
    return out


def _worst() -> State:
    """Every power with all its armies, fleets (where fleets may be) and forts in every area
    it may enter: all seven in each VP area, its owner alone in a home nation."""
    b = load_board()
    st = new_game(7)
    powers = view(st, 0)["powers"]
    for aid, rows in st.units.items():
        a = b.area_by_id[aid]
        for seat in range(7):
            may = a.kind != "home" or powers[seat] == aid
            rows[seat] = [b.supply["army"], b.supply["fleet"] if a.sea else 0, b.supply["fort"]] if may else [0, 0, 0]
    return st


def _chips(r: MapRenderer, v: dict[str, Any], cam: Camera, lit: set[Target] | None = None
           ) -> dict[str, list[tuple[Target, pygame.Surface, pygame.Rect, str]]]:
    return {aid: r.unit_chips(aid, v, r.unit_boxes(cam, shape), cam.zoom, lit or set())
            for aid, shape in r.layout.areas.items()}


def _check(v: dict[str, Any], cam: Camera, r: MapRenderer, where: str) -> int:
    """Every chip inside its area, none over another, each power's pieces told by a chip or
    listed by the area's "+n" chip; the number of powers left to a "+n" chip."""
    hidden = 0
    for aid, chips in _chips(r, v, cam).items():
        shape = r.layout.areas[aid]
        for i, (tgt, _, rect, _) in enumerate(chips):
            assert _inside(shape, cam, rect), (where, aid, tgt, rect)
            assert rect.height >= CHIP_MIN, (where, aid, tgt)
            assert not any(rect.colliderect(o[2]) for o in chips[i + 1:]), (where, aid, tgt)
        told: dict[str, str] = {}
        for tgt, _, _, tip in chips:
            if tgt[0] == "unit":
                told[tgt[2]] = tip
            else:
                assert tgt[:2] == ("more", aid)
                hidden += len(tgt) - 2
                for pid in tgt[2:]:
                    told[pid] = tip
        present = {v["powers"][s]: u for s, u in enumerate(v["units"].get(aid, [])) if any(u)}
        assert sorted(told) == sorted(present), (where, aid)
        for pid, u in present.items():
            assert unit_words(u) in told[pid], (where, aid, pid, told[pid])
    return hidden


@pytest.mark.parametrize("size", SIZES)
def test_no_chip_leaves_its_area_in_real_seven_player_games(size: tuple[int, int]) -> None:
    """Positions of real 7-player games: every chip inside its area; at 1280x720 and
    1920x1080 every power's chip is shown (none behind "+n"), at the smallest window
    all but one in a hundred."""
    pygame.font.init()
    r = MapRenderer(load_layout(), load_board())
    cam = _zoom(size)
    views = _crowded()
    hidden = sum(_check(v, cam, r, f"{size} position {i}") for i, v in enumerate(views))
    shown = sum(1 for v in views for rows in v["units"].values() for u in rows if any(u))
    if size != (960, 540):
        assert hidden == 0
    else:
        assert hidden <= shown // 100, (hidden, shown)


@pytest.mark.parametrize("size", SIZES)
def test_no_chip_leaves_its_area_when_every_power_has_all_its_pieces_there(size: tuple[int, int]) -> None:
    """The synthetic worst case: every power's whole supply of units in every area it may
    enter, at once. Chips may then go behind "+n", never outside the area; a chip the
    player may pick is shown."""
    pygame.font.init()
    r = MapRenderer(load_layout(), load_board())
    cam = _zoom(size)
    v = view(_worst(), 0)
    assert _check(v, cam, r, f"{size} worst") > 0
    for aid in ("caribbean", "mediterranean", "central_europe"):
        want: Target = ("unit", aid, "prussia")
        chips = _chips(r, v, cam, {want})[aid]
        assert want in [c[0] for c in chips], (size, aid)


def test_the_plus_chip_names_the_hidden_pieces_and_a_click_on_it_means_its_area() -> None:
    """In the smallest window, the crowded Caribbean's "+n" chip: its tooltip names the
    powers left out with their pieces; a click on it is a click on the Caribbean."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    app = App((960, 540), hidden=True)
    scene = GameScene(StaticTable([Step(_worst(), [], -1)], seat=0), "instant")
    app.push(scene)
    app.frame(0.0)
    app.draw()
    more = [h for h in scene.hits if h.target[:2] == ("more", "caribbean")]
    assert len(more) == 1
    hit = more[0]
    assert "Caribbean" in hit.tip and "zoom in" in hit.tip
    assert scene.board is not None and len(hit.target) > 2
    for pid in hit.target[2:]:
        assert f"{scene.board.power_name(pid)}: 14 armies, 7 fleets, 2 forts" in hit.tip
    assert scene.target_at(hit.rect.center) == ("area", "caribbean")
    shown = [h.target[2] for h in scene.hits if h.target[:2] == ("unit", "caribbean")]
    assert "great_britain" in shown  # the player's own pieces are shown first
    assert sorted(set(shown) | set(hit.target[2:])) == sorted(scene.view["powers"])


def test_every_unit_box_lies_inside_its_area_and_holds_a_row_of_chips_in_the_smallest_window() -> None:
    layout = load_layout()
    cam = _zoom((960, 540))
    r = MapRenderer(layout, load_board())
    for aid, shape in layout.areas.items():
        for box in r.unit_boxes(cam, shape):
            assert _inside(shape, cam, box), (aid, box)
            assert box.height >= CHIP_MIN, (aid, box)


def test_zooming_in_shows_what_the_plus_chips_left_out() -> None:
    """The "+n" chip's tooltip says to zoom in: three zoom steps in from the fitted
    1280x720 board (the board's own size), the worst case has no "+n" chip left, and
    every chip is still inside its area."""
    import math

    from game.ui.drawing.camera import STEP, zoom_of

    pygame.font.init()
    r = MapRenderer(load_layout(), load_board())
    cam = _zoom((1280, 720))
    v = view(_worst(), 0)
    assert _check(v, cam, r, "fitted") > 0
    cam.zoom = zoom_of(round(math.log(cam.zoom, STEP)) + 3)
    assert _check(v, cam, r, "zoomed in") == 0
