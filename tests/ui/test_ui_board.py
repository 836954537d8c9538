"""Hit-testing on the game screen: every area, every piece and counter, every tile."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.client.tables import StaticTable
from game.client.words.tiles import tile_effect, tile_line, tile_rule
from game.rules import pending
from game.rules.board import load_board
from game.ui.app import App
from game.ui.drawing.layout import load_layout
from game.ui.scenes.game import GameScene
from game.ui.shots import selfplay_steps


@pytest.fixture(scope="module")
def busy() -> GameScene:
    """A 7-player game well into its second war, drawn at 1280x720."""
    steps = selfplay_steps(11, 7, lambda i, s: i >= 700)
    app = App((1280, 720), hidden=True)
    scene = GameScene(StaticTable(steps, seat=0), "instant")
    app.push(scene)
    app.frame(0.0)
    while scene.queue:  # (a frame takes the steps its time allows)
        app.frame(0.0)
    app.draw()
    assert scene.shown is steps[-1].state and pending(scene.shown).kind != "over"
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


def test_every_tile_of_the_market_is_hit_and_says_what_it_does(busy: GameScene) -> None:
    busy.show_market = True
    assert busy.app is not None and busy.board is not None
    busy.app.draw()
    stock = busy.view["stock"]
    tiles = {h.target[1] for h in busy.hits if h.target[0] == "tile"}
    assert set(stock) <= tiles
    for h in busy.hits:
        if h.target[0] == "tile" and h.target[1] in stock:
            assert busy.target_at(h.rect.center) == h.target
            # its tooltip: what it does, in words, with its rule
            assert tile_effect(busy.board, h.target[1]).lower() in h.tip.lower(), h.tip
            assert h.tip.endswith(f"({tile_rule(busy.board, h.target[1])})"), h.tip
    busy.show_market = False


def test_the_tiles_a_player_holds_and_the_log_lines_naming_a_tile_say_what_it_does(busy: GameScene) -> None:
    assert busy.app is not None and busy.board is not None
    b = busy.board
    busy.show_market = False
    busy.app.draw()
    held = [h for h in busy.hits if h.target[0] in ("tile", "held") and h.target[-1] in b.tile_by_id]
    assert held
    for h in held:
        assert f"{tile_effect(b, h.target[-1])} ({tile_rule(b, h.target[-1])})" in h.tip, h.tip
    named = {line: tid for line, tid in busy.tile_lines.items() if line in busy.log}
    assert named  # (lines of tiles bought, used or taken)
    line, tid = next(iter(named.items()))
    busy.log_scroll = len(busy.log) - 1 - busy.log.index(line)  # that line shown at the panel's bottom
    busy.app.draw()
    hit = next(h for h in busy.hits if h.target[0] == "logline" and h.tip == line)
    assert busy.tip_at(hit.rect.center) == tile_line(b, tid)  # the tooltip: the tile and what it does
    assert tile_line(b, tid) == f"{b.tile_name(tid)}: {tile_effect(b, tid)} ({tile_rule(b, tid)})"
    busy.log_scroll = 0


def test_every_tile_has_its_effect_and_rule() -> None:
    b = load_board()
    for t in b.tiles:
        assert tile_effect(b, t.id) != t.use.replace("_", " "), t.id  # its own words, not the data's use
        assert re.fullmatch(r"R-TIL-\d+", tile_rule(b, t.id)), t.id


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
    from game.client.forecast import war_end_scores
    from game.rules import view

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


def _corners(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x, y + h), (x + w, y + h), (x + w / 2, y + h / 2)]


def _spans(outline: tuple[tuple[int, int], ...], y: float) -> list[tuple[float, float]]:
    """The stretches of the horizontal line at ``y`` inside a polygon (even-odd rule)."""
    xs = []
    n = len(outline)
    for i in range(n):
        (x0, y0), (x1, y1) = outline[i], outline[(i + 1) % n]
        if (y0 > y) != (y1 > y):
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    xs.sort()
    return list(zip(xs[::2], xs[1::2], strict=False))


def test_every_space_unit_box_name_and_vp_value_lies_inside_its_area() -> None:
    layout = load_layout()
    for aid, shape in layout.areas.items():
        s = layout.space
        for x, y in shape.spaces:
            for p in _corners(x, y, s, s):
                assert shape.contains(*p), (aid, "space", x, y)
        for box in shape.unit_boxes:
            for p in _corners(*box):
                assert shape.contains(*p), (aid, "units", box)
        assert shape.contains(*shape.name) and shape.contains(*shape.vp), aid


def test_no_two_areas_outlines_overlap() -> None:
    """Every horizontal line across the board, one board unit apart, crosses each area's
    land in stretches that no other area's stretches share."""
    layout = load_layout()
    shapes = list(layout.areas.values())
    for row in range(layout.size[1]):
        y = row + 0.5
        stretches = sorted((a, b, shape.id) for shape in shapes for a, b in _spans(shape.outline, y))
        for (_, b0, s0), (a1, _, s1) in zip(stretches, stretches[1:], strict=False):
            assert a1 >= b0 or s0 == s1, (s0, s1, y)


@pytest.mark.parametrize("z", [0.574, 0.861])
def test_names_values_spaces_and_unit_boxes_are_legible_and_apart(z: float) -> None:
    """At the zooms that fit the board in a 1280x720 window (0.574: a map view of 950 x 574
    pixels over 1600 x 1000 units) and a 1920x1080 one, each space has its counter's name
    under it at 10 px or more; no area name, VP disc, space, name or unit box touches
    another; each lies inside its area (a unit box: its corners; ``test_ui_chips`` checks
    its edges) and clear of the VP track."""
    import pygame

    from game.ui.drawing.board import label_size, space_labels, title

    pygame.font.init()
    layout = load_layout()
    b = load_board()
    assert label_size(z) >= 10
    s = round(layout.space * z)
    band = layout.tracks["vp"]["band"] * z
    width, height = layout.size
    things: list[tuple[str, str, pygame.Rect]] = []
    for aid, shape in layout.areas.items():
        area = b.area_by_id[aid]
        names = [c.name for c in b.counters if c.area == aid]
        drawn = space_labels(layout, shape, z)
        assert len(drawn) == len(names) == len(shape.spaces), aid
        for (label, _), name in zip(drawn, names, strict=True):
            assert name == label or label.split()[-1].rstrip(".") in name, (label, name)
        words, discs = title(shape, area.name, area.vp, z)
        mine = [(aid, f"name {t}", r) for t, _, r in words] + [(aid, f"disc {t}", r) for t, r in discs]
        mine += [(aid, f"label {t}", r) for t, r in drawn]
        for _, what, r in mine:
            corners = (r.topleft, r.topright, r.bottomleft, r.bottomright)
            assert all(shape.contains(x / z, y / z) for x, y in corners), (aid, what)
            assert band <= r.left and r.right <= width * z - band and band <= r.top and r.bottom <= height * z - band
        things += mine
        things += [(aid, "space", pygame.Rect(round(x * z), round(y * z), s, s)) for x, y in shape.spaces]
        for ux, uy, uw, uh in shape.unit_boxes:
            box = pygame.Rect(round(ux * z), round(uy * z), round(uw * z), round(uh * z))
            assert band <= box.left and box.right <= width * z - band and band <= box.top and box.bottom <= height * z - band
            things.append((aid, "units", box))
    for i, (a1, w1, r1) in enumerate(things):
        for a2, w2, r2 in things[i + 1:]:
            assert not r1.colliderect(r2), (a1, w1, a2, w2)


def test_every_piece_is_drawn_inside_its_area(busy: GameScene) -> None:
    """In the busy 7-player game at 1280x720, every counter, control marker and unit chip
    lies wholly inside the area it is in."""
    assert busy.board is not None
    shapes = busy.layout.areas
    n = 0
    for hit in busy.hits:
        kind = hit.target[0]
        if kind not in ("counter", "marker", "unit"):
            continue
        aid = busy.board.counter_by_id[hit.target[1]].area if kind == "counter" else hit.target[1]
        r = hit.rect
        for corner in (r.topleft, r.topright, r.bottomleft, r.bottomright):
            assert shapes[aid].contains(*busy.cam.to_board(*corner)), (hit.tip, corner)
        n += 1
    assert n > 60


@pytest.mark.parametrize("vp", [2, 15, 27, 40, 55, 63, 80, 95])
def test_vp_markers_stay_on_the_board_stacked_toward_its_middle(busy: GameScene, vp: int) -> None:
    """Where every power has the same score, its markers are stacked on that VP space
    toward the middle of the board and drawn wholly on the board (on the top edge they
    used to be stacked upward, under the window's top bar)."""
    import pygame

    from game.ui.drawing.tracks import vp_cell, vp_side

    assert busy.renderer is not None
    v = dict(busy.view)
    v["vp"] = [vp] * len(v["vp"])
    surf = pygame.Surface((1280, 720))
    cam = busy.cam
    hits = busy.renderer.draw(surf, cam, v, set(), set(), 0.0)
    z = cam.zoom
    W, H = busy.layout.size
    board = pygame.Rect(round(cam.ox), round(cam.oy), round(W * z), round(H * z))
    marks = [h.rect for h in hits if h.target[:2] == ("track", "vp")]
    assert len(marks) == len(v["vp"])
    for r in marks:
        assert board.contains(r), (r, board)
    cell = vp_cell(busy.layout, vp, z).move(round(cam.ox), round(cam.oy))
    inward = {0: (0, 1), 1: (-1, 0), 2: (0, -1), 3: (1, 0)}[vp_side(busy.layout, vp)]
    first, last = marks[0].center, marks[-1].center
    assert (last[0] - first[0]) * inward[0] + (last[1] - first[1]) * inward[1] > 0  # later ones nearer the middle
    assert abs(first[0] - cell.centerx) <= marks[0].width and abs(first[1] - cell.centery) <= marks[0].height


def test_every_vp_track_number_is_drawn_whole_even_at_the_corners() -> None:
    """The numbers of the VP track (0, 5, ... 95) are all readable: the corner spaces (0, 30,
    50, 80) overlap the next edge's last space, which used to be drawn over half the number."""
    import pygame

    from game.ui.drawing import tracks

    pygame.font.init()  # (pygame.init() would start the mixer at its defaults, which other tests set)
    layout = load_layout()
    W, H = layout.size
    for z in (0.6, 1.0):
        surf = pygame.Surface((round(W * z), round(H * z)))
        surf.fill((255, 255, 255))
        tracks.draw_vp_track(surf, layout, z)
        _numbers_whole(surf, layout, z)


def _numbers_whole(surf: Any, layout: Any, z: float) -> None:
    import pygame

    from game.ui.drawing.assets import text
    from game.ui.drawing.camera import size_at
    from game.ui.drawing.palette import INK
    from game.ui.drawing.tracks import vp_cell

    for i in range(0, layout.tracks["vp"]["count"], 5):
        t = text(str(i), "sans-bold", size_at(15, z, 10), INK)
        r = t.get_rect(center=vp_cell(layout, i, z).center).clip(surf.get_rect())
        halves = (pygame.Rect(r.x, r.y, r.width // 2, r.height), pygame.Rect(r.centerx, r.y, r.width - r.width // 2,
                                                                               r.height))
        for half in halves:
            ink = sum(1 for x in range(half.left, half.right) for y in range(half.top, half.bottom)
                      if sum(surf.get_at((x, y))[:3]) < 200)  # the number's ink, not a space's edge
            assert ink >= 2, (i, z, half)


def test_the_buy_choice_says_what_each_tile_does(busy: GameScene) -> None:
    """A tile offered as a part of a choice (its button's tooltip): cost, timing, copies
    left and what it does, with its rule."""
    from game.ui.widgets.picker import Option

    assert busy.board is not None
    for t in busy.board.tiles:
        tip = busy._part_tip(Option(("tile", t.id), t.name, ("tile", t.id)))
        assert tip.startswith(f"{t.name}: ") and "left in the stock" in tip, tip
        assert tip.endswith(f"{tile_effect(busy.board, t.id)[1:]} ({tile_rule(busy.board, t.id)})"), tip


def test_no_map_tooltip_shows_through_an_overlay(busy: GameScene, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the pause menu (or any overlay that takes the mouse) the map's tooltip at the
    last pointer position is not drawn; with the overlay closed it is again."""
    import game.ui.scenes.game.tooltips as tips

    shown: list[str] = []
    monkeypatch.setattr(tips, "tooltip", lambda surf, tip, pos, size, hint="": shown.append(tip))
    assert busy.app is not None
    busy.show_market = False
    busy.app.draw()
    counter = next(h for h in busy.hits if h.target[0] == "counter")
    busy.mouse = counter.rect.center
    busy.app.draw()
    assert shown == [counter.tip]
    pause = busy.app.push_scene("pause", game=busy)
    busy.app.draw()
    assert shown == [counter.tip] and not busy.pointed()
    busy.app.pop(pause)
    busy.app.draw()
    assert shown == [counter.tip, counter.tip]


def test_every_box_of_the_alliance_track_says_what_it_means(busy: GameScene) -> None:
    assert busy.app is not None
    busy.app.draw()
    boxes = {h.target[2]: h.tip for h in busy.hits if h.target[:2] == ("track", "alliance_box")}
    assert sorted(boxes) == ["A1", "A3", "A5", "A7", "B2", "B4", "B6"]
    assert boxes["B2"].startswith("Alliance B, space 2: ") and "plays 2nd" in boxes["B2"] and "R-ALL-6" in boxes["B2"]
    marker = next(h for h in busy.hits if h.target[:2] == ("track", "alliance"))
    assert busy.tip_at(marker.rect.center) == marker.tip  # a power's marker keeps its own tooltip
