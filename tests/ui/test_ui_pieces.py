"""The units on the map are pieces, not text tags: an army, a fleet and a fort are each
their own shape in their power's colour, set off from the map by an outline, with a count
beside a piece when there are several; in the most crowded area of a 7-player game at
1280x720 every piece is whole, inside its area and apart from the others, and its
tooltip names the power, the kind and how many. Screens of that area are written to
out/ui-screens/ (pieces-*.png)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from game.client.tables import StaticTable
from game.rules.board import load_board
from game.ui.app import App
from game.ui.drawing import assets
from game.ui.drawing import chips as chips_module
from game.ui.drawing import palette as P
from game.ui.drawing.chips import CHIP_MIN, PIECE_H, count, unit_words
from game.ui.drawing.layout import load_layout
from game.ui.drawing.mapview import MapRenderer
from game.ui.drawing.pieces import KINDS, edge_of, glyph, piece
from game.ui.scenes.game import GameScene
from game.ui.shots import selfplay_steps

SIZES = [CHIP_MIN, PIECE_H, 26]


def _alpha(s: pygame.Surface) -> list[list[int]]:
    return [[s.get_at((x, y)).a for x in range(s.get_width())] for y in range(s.get_height())]


def _differ(a: pygame.Surface, b: pygame.Surface) -> float:
    """How much two shapes differ: the share of the pixels opaque in one of them (on a
    canvas as large as both, each centred) that are opaque in one only."""
    w, h = max(a.get_width(), b.get_width()), max(a.get_height(), b.get_height())
    ma, mb = pygame.mask.Mask((w, h)), pygame.mask.Mask((w, h))
    ma.draw(pygame.mask.from_surface(a, 127), ((w - a.get_width()) // 2, (h - a.get_height()) // 2))
    mb.draw(pygame.mask.from_surface(b, 127), ((w - b.get_width()) // 2, (h - b.get_height()) // 2))
    both = ma.overlap_area(mb, (0, 0))
    union = ma.count() + mb.count() - both
    return (union - both) / union


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The contrast ratio of two colours (WCAG: 3 and more sets a graphic apart)."""
    def lum(c: tuple[int, ...]) -> float:
        lin = [(v / 255 / 12.92) if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("h", SIZES)
def test_each_kind_of_unit_is_its_own_shape(h: int) -> None:
    """At every size, the army, the fleet and the fort differ in their alpha masks by a
    good part of their area (laid over each other, a fifth of the pixels either covers
    lie in one only, over a third without the outline); a kind has the same shape whatever its power (the shape says
    the kind, the colour the power); the panel's glyphs are the same shapes."""
    pygame.font.init()
    for pid in P.POWER:
        shapes = {kind: piece(kind, pid, h) for kind in KINDS}
        for a, b in itertools.combinations(KINDS, 2):
            assert _differ(shapes[a], shapes[b]) > 0.2, (pid, h, a, b)  # (outlines blur the smallest)
        for kind in KINDS:
            assert shapes[kind].get_height() == h
            assert _alpha(shapes[kind]) == _alpha(piece(kind, "great_britain", h)), (pid, kind, h)
    for a, b in itertools.combinations(KINDS, 2):
        assert _differ(glyph(a, P.TEXT_DIM, h), glyph(b, P.TEXT_DIM, h)) > 0.35, (h, a, b)


@pytest.mark.parametrize("pid", list(P.POWER))
def test_a_piece_is_in_its_powers_colour_and_outlined_against_the_map(pid: str) -> None:
    """The body of each piece is the power's colour (as lit: within a few shades); the
    outline contrasts with the body, and on the map's land and sea the body or its
    outline stands out (yellow or white on parchment: the dark outline)."""
    colour = P.power(pid)
    for kind, (fx, fy) in (("army", (0.5, 0.5)), ("fleet", (0.35, 0.3)), ("fort", (0.5, 0.45))):  # body, sail, wall
        s = piece(kind, pid, 26)
        body = s.get_at((round(s.get_width() * fx), round(s.get_height() * fy)))
        assert body.a == 255 and all(abs(body[i] - colour[i]) <= 24 for i in range(3)), (kind, tuple(body))
    edge = edge_of(pid)
    assert _contrast(edge, colour) >= 3
    for ground in (P.LAND, P.LAND_EUROPE, P.HOME, P.SEA_AREA, P.SEA):
        assert max(_contrast(colour, ground), _contrast(edge, ground)) >= 3, ground


def test_a_chip_draws_pieces_and_counts_but_no_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    """A power's chip for one piece of a kind is that piece alone; a chip's only words
    are its counts ("×3", or "3" in a crowded area): never a power's letters."""
    pygame.font.init()
    said: list[str] = []
    real = assets.text

    def spy(s: str, face: str, size: int, colour: P.Colour) -> pygame.Surface:
        said.append(s)
        return real(s, face, size, colour)

    monkeypatch.setattr(chips_module, "text", spy)
    count.cache_clear()
    r = MapRenderer(load_layout(), load_board())
    for pid in P.POWER:
        for i, kind in enumerate(KINDS):
            one = tuple(1 if j == i else 0 for j in range(3))
            assert _alpha(r.chip(pid, one, PIECE_H)) == _alpha(piece(kind, pid, PIECE_H)), (pid, kind)
        for units in ((3, 0, 0), (2, 4, 1), (1, 2, 0), (0, 0, 2)):
            for wide in (True, False):
                r.chip(pid, units, PIECE_H, wide)
    assert said and all(w.lstrip("×").isdigit() for w in said), said
    assert {w for w in said if w.startswith("×")} == {"×2", "×3", "×4"}
    assert not any(w in said for w in P.LETTERS.values())


def _busy(size: tuple[int, int]) -> GameScene:
    """The busy 7-player game of tests/ui/test_ui_board.py (seed 11, well into its
    second war) drawn at ``size``."""
    steps = selfplay_steps(11, 7, lambda i, s: i >= 700)
    app = App(size, hidden=True)
    scene = GameScene(StaticTable(steps, seat=0), "instant")
    app.push(scene)
    app.frame(0.0)
    while scene.queue:
        app.frame(0.0)
    app.draw()
    return scene


@pytest.fixture(scope="module")
def busy() -> GameScene:
    return _busy((1280, 720))


def _busiest(scene: GameScene, n: int = 1) -> list[str]:
    """The ``n`` areas with the most powers' pieces in them (then the most pieces)."""
    units = scene.view["units"]
    return sorted(units, key=lambda aid: (-sum(1 for u in units[aid] if any(u)), -sum(map(sum, units[aid]))))[:n]


def test_in_the_busiest_area_every_piece_is_whole_inside_its_box_and_apart(busy: GameScene) -> None:
    """At 1280x720, in the area of the busy game with the most powers in it: every power's
    pieces are drawn (no "+n"), at full size, each chip inside one of the area's unit
    boxes and its outline, none over another."""
    aid = _busiest(busy)[0]
    v = busy.view
    present = {v["powers"][s]: u for s, u in enumerate(v["units"][aid]) if any(u)}
    assert len(present) >= 5
    shape = busy.layout.areas[aid]
    assert busy.renderer is not None
    boxes = busy.renderer.unit_boxes(busy.cam, shape)
    hits = [h for h in busy.hits if h.target[1:2] == (aid,) and h.target[0] in ("unit", "more")]
    assert {h.target for h in hits} == {("unit", aid, pid) for pid in present}
    for i, h in enumerate(hits):
        assert h.rect.height >= PIECE_H, h.tip
        assert any(box.contains(h.rect) for box in boxes), (h.tip, h.rect, boxes)
        for corner in (h.rect.topleft, h.rect.topright, h.rect.bottomleft, h.rect.bottomright):
            assert shape.contains(*busy.cam.to_board(*corner)), (h.tip, corner)
        assert not any(h.rect.colliderect(o.rect) for o in hits[i + 1:]), h.tip


def test_the_tooltip_of_a_power_s_pieces_names_the_power_the_kinds_and_how_many(busy: GameScene) -> None:
    assert busy.board is not None
    v = busy.view
    n = 0
    for h in busy.hits:
        if h.target[0] != "unit":
            continue
        aid, pid = h.target[1], h.target[2]
        u = v["units"][aid][v["powers"].index(pid)]
        tip = busy.tip_at(h.rect.center)
        assert tip == h.tip
        assert busy.board.power_name(pid) in tip and busy.board.area_name(aid) in tip, tip
        assert unit_words(u) in tip, tip
        n += 1
    assert n > 20
    many = [h.tip for h in busy.hits if h.target[0] == "unit" and "armies" in h.tip]
    assert many, "the busy game has a power with several armies in an area"


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_screens_of_the_busiest_areas(size: tuple[int, int], artefacts: Path) -> None:
    """The whole window and its two busiest areas cropped (shown three times larger),
    for looking at; every power's pieces there show its colour on screen."""
    scene = _busy(size)
    assert scene.app is not None
    screen = scene.app.surface
    w, h = size
    pygame.image.save(screen, str(artefacts / f"pieces-{w}x{h}.png"))
    for aid in _busiest(scene, 2):
        hits = [x for x in scene.hits if x.target[:2] == ("unit", aid)]
        box = hits[0].rect.unionall([x.rect for x in hits]).inflate(60, 60).clip(screen.get_rect())
        crop = screen.subsurface(box).copy()
        pygame.image.save(pygame.transform.scale(crop, (box.width * 3, box.height * 3)),
                          str(artefacts / f"pieces-{w}x{h}-{aid}.png"))
        for hit in hits:
            colour = P.power(hit.target[2])
            near = [screen.get_at((x, y)) for x in range(hit.rect.left, hit.rect.right)
                    for y in range(hit.rect.top, hit.rect.bottom)]
            assert any(all(abs(c[i] - colour[i]) <= 30 for i in range(3)) for c in near), hit.tip
