"""Hit-testing on the game screen: every area, every piece and counter, every tile."""

from __future__ import annotations

import pytest

from game.rules import pending
from game.rules.board import load_board
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.layout import load_layout
from game.ui.shots import StaticTable, selfplay_steps


@pytest.fixture(scope="module")
def busy() -> GameScene:
    """A 7-player game well into its second war, drawn at 1280x720."""
    steps = selfplay_steps(11, 7, lambda i, s: i >= 700)
    app = App((1280, 720), hidden=True)
    scene = GameScene(StaticTable(steps, seat=0), "instant")
    app.push(scene)
    app.frame(0.0)
    app.draw()
    assert scene.shown is not None and pending(scene.shown).kind != "over"
    return scene


def test_the_board_layout_has_every_area_with_its_spaces() -> None:
    b = load_board()
    layout = load_layout()
    assert sorted(layout.areas) == sorted(a.id for a in b.areas)
    for a in b.areas:
        assert len(layout.areas[a.id].spaces) == a.spaces, a.id


def test_every_area_is_hit_at_its_name(busy: GameScene) -> None:
    for aid, shape in busy.layout.areas.items():
        pos = busy.cam.to_screen(*shape.name)
        assert busy.target_at(pos) == ("area", aid), aid


def test_areas_do_not_overlap() -> None:
    layout = load_layout()
    for aid, shape in layout.areas.items():
        x, y = shape.name
        assert [a for a in layout.areas.values() if a.contains(x, y)] == [shape], aid


def test_every_piece_counter_and_tile_is_hit_where_it_is_drawn(busy: GameScene) -> None:
    kinds = {"counter": 0, "marker": 0, "unit": 0, "tile": 0}
    pieces = [h for h in busy.hits if h.target[0] in kinds]
    for h in pieces:
        assert busy.piece_at(h.rect.center) == h.target, h.tip
        if h.target[0] != "marker":  # a click on a marker means its area
            assert busy.target_at(h.rect.center) == h.target, h.tip
        kinds[h.target[0]] += 1
    assert all(kinds[k] > 0 for k in ("counter", "marker", "unit")), kinds
    view = busy.view
    units = sum(1 for a in view["units"].values() for u in a if any(u))
    assert kinds["unit"] == units  # one chip per power per area, none hidden


def test_every_tile_of_the_market_is_hit(busy: GameScene) -> None:
    busy.show_market = True
    assert busy.app is not None
    busy.app.draw()
    stock = busy.view["stock"]
    tiles = {h.target[1] for h in busy.hits if h.target[0] == "tile"}
    assert set(stock) <= tiles
    for h in busy.hits:
        if h.target[0] == "tile" and h.target[1] in stock:
            assert busy.target_at(h.rect.center) == h.target
    busy.show_market = False


def test_zoom_keeps_the_point_under_the_cursor(busy: GameScene) -> None:
    cam = busy.cam
    before = cam.to_board(400, 300)
    cam.zoom_at(400, 300, 2)
    after = cam.to_board(400, 300)
    assert abs(before[0] - after[0]) < 1 and abs(before[1] - after[1]) < 1
    cam.fit(busy.map_rect())


@pytest.mark.rule("R-VP-1")
def test_the_war_end_forecast_matches_the_scoring_the_engine_does() -> None:
    """Each area's 'if the war ended now' on the last position of a war is what the
    war's scoring then gives."""
    from game.rules import view
    from game.ui.forecast import war_end_scores

    steps = selfplay_steps(8, 5, lambda i, s: any(e.get("kind") == "scored" for e in s.events))
    last = steps[-1]
    before = steps[-2].state
    v = view(before, 0)
    forecast = war_end_scores(v)
    scored = {e["area"]: e["scores"] for e in last.events if e.get("kind") == "score_area"}
    assert scored
    for area, points in forecast.items():
        want = scored.get(area, {})
        assert {v["powers"][i]: p for i, p in enumerate(points) if p} == want, area
