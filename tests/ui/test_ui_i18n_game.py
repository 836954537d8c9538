"""The game screen and the replay in Italian: every message of theirs has its Italian
translation; switching the language mid-game says the log, the prompt, the buttons, the
panels' tooltips and the messages again at once (no restart), the log exactly as a game
shown in Italian from its start would have it; nothing of the top bar, the side panel or
the printed board overlaps at 1280x720 with the longer Italian words; and screens of a
game, a battle's card, a war's scoring and a replay in Italian are written as artefacts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client.logbook import LogLine, battle_words, kind_of, now
from game.client.tables import StaticTable
from game.client.words.lang import language, say, set_language
from game.rules import State, pending
from game.rules.board import load_board
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.shots import selfplay_steps

MINE = ("game/ui/scenes/game/", "game/ui/scenes/replay/", "game/ui/drawing/", "game/ui/gamescreen.py",
        "game/client/logbook.py")


@pytest.fixture
def english() -> Iterator[None]:
    """The test starts in English and leaves the program in English, whatever it chose."""
    set_language("en")
    try:
        yield
    finally:
        set_language("en")


@pytest.fixture(scope="module")
def war1() -> list:
    """A 4-player game well into its first war, past a battle (its block is in the log)."""
    seen: list[int] = []

    def until(i: int, s: object) -> bool:
        if any(e.get("kind") == "battle" for e in getattr(s, "events", [])):
            seen.append(i)
        return bool(seen) and i >= max(seen[0] + 10, 160) or i >= 2500

    steps = selfplay_steps(3, 4, until)
    while pending(steps[-1].state).chance is not None:  # (ends where a player decides)
        steps.pop()
    return steps


def _shown(steps: list, seat: int = -1, size: tuple[int, int] = (1280, 720)) -> tuple[App, GameScene]:
    app = App(size, hidden=True)
    scene = GameScene(StaticTable(steps, seat=seat), "instant")
    app.push(scene)
    app.frame(0.0)
    while scene.queue:
        app.frame(0.0)
    app.draw()
    return app, scene


def _fits(label: str, rect: pygame.Rect, size: int) -> bool:
    """Whether a button's label is drawn inside it (its bold face, else the condensed one,
    as ``draw_button`` does)."""
    from game.ui.drawing.assets import text

    return any(text(label, face, size, (0, 0, 0)).get_width() <= rect.width - 8 for face in ("sans-bold", "cond-bold"))


def test_no_message_of_the_game_screen_lacks_its_italian_translation() -> None:
    from tools.i18n import problems

    mine = [p for p in problems("it") if p.startswith(MINE)]
    assert mine == []


def test_switching_to_italian_mid_game_says_the_log_the_prompt_and_the_buttons_again_at_once(
        english: None, war1: list) -> None:
    app, scene = _shown(war1)
    assert scene.board is not None
    log = list(scene.log)
    assert scene.drawn_prompt.startswith("Waiting for ")
    assert {"Menu", "Fit map", "Tiles", "Dice", "Hint", "Undo", "Skip"} <= {b.label for b in scene.buttons}
    battle = next(line for line in log if kind_of(line) == "battle" and getattr(line, "sides", ()))
    assert "= strength " in battle_words(battle)
    scene.tell(lambda: say("That is not one of your choices now."))
    before = {h.target: h.tip for h in scene.hits if h.target[0] in ("logfilter", "stat")}

    set_language("it")  # as the settings do, while the game is shown: no new step, no new screen
    app.draw()
    assert language() == "it" and scene.log == log  # the same lines, said again when drawn
    assert re.match(r"In attesa (di |della |dell’|delle )", scene.drawn_prompt)
    labels = {b.label for b in scene.buttons}
    assert {"Adatta mappa", "Tessere", "Dadi", "Suggerimento", "Annulla mossa", "Salta"} <= labels, labels
    assert "= forza " in battle_words(battle) and "differenza dei dadi" in battle_words(battle)
    assert scene.message_now() == "Ora questa non è una delle tue scelte."
    after = {h.target: h.tip for h in scene.hits if h.target[0] in ("logfilter", "stat")}
    assert after.keys() == before.keys() and all(after[k] != before[k] for k in after), after
    assert any(t.startswith("Mostra solo le righe su ") for t in after.values())
    drawn = [h.tip for h in scene.hits if h.target[0] == "logline"]
    assert drawn and drawn == [now(scene.log[int(h.target[1])]) for h in scene.hits if h.target[0] == "logline"]

    set_language("en")  # and back
    app.draw()
    assert scene.drawn_prompt.startswith("Waiting for ") and "Fit map" in {b.label for b in scene.buttons}
    assert [now(line) for line in scene.log] == log


def test_the_log_said_again_in_italian_is_the_log_of_a_game_shown_in_italian_from_its_start(
        english: None, war1: list) -> None:
    _, english_scene = _shown(war1)
    set_language("it")
    again = [now(line) for line in english_scene.log]
    _, italian = _shown(war1)
    assert again == italian.log
    for a, b in zip(again, italian.log, strict=True):
        assert isinstance(a, LogLine) and a.lang == "it"
        assert (kind_of(a), a.powers, a.area, a.sides, a.rows) == (kind_of(b), b.powers, b.area, b.sides, b.rows)


def test_the_top_bar_the_side_panel_and_the_cards_fit_at_1280x720_in_italian(english: None, war1: list,
                                                                           artefacts: Path) -> None:
    set_language("it")
    app, scene = _shown(war1, seat=0)
    w, _ = scene.size
    _, info, x1 = scene._top_words()  # the title, the war and the round
    top = sorted((b for b in scene.buttons if b.rect.y < scene.px(34)), key=lambda b: b.rect.x)
    assert len(top) == 7 and top[0].rect.x >= x1 + info.get_width() and top[-1].rect.right <= w
    assert all(a.rect.right <= b.rect.x for a, b in zip(top, top[1:], strict=False))

    for b in top:
        assert _fits(b.label, b.rect, scene.px(13)), b.label
    side = scene.side_rect()
    stats = [h for h in scene.hits if h.target[0] == "stat"]
    assert stats and all(side.x <= h.rect.x and h.rect.right <= side.right - scene.px(6) for h in stats)
    pygame.image.save(app.surface, str(artefacts / "it-game-1280.png"))


@pytest.mark.parametrize("scene_name", ["game", "combat", "scoring"])
def test_screens_in_italian_at_1280x720(english: None, scene_name: str, artefacts: Path) -> None:
    from game.ui.shots import render_scene

    set_language("it")
    surf = render_scene(scene_name, 1, 120 if scene_name == "game" else 0, (1280, 720))
    assert surf.get_size() == (1280, 720)
    pygame.image.save(surf, str(artefacts / f"it-{scene_name}-1280.png"))


@pytest.mark.parametrize("z", [0.574, 0.861])
def test_the_printed_board_in_italian_has_nothing_overlapping(english: None, z: float) -> None:
    """As ``test_ui_board`` checks the English board: every area's name, disc, space,
    counter's name and unit box lies inside its area, clear of the VP track and of each
    other, with the Italian names (each counter's name under its space, whole or short)."""
    from game.ui.drawing.layout import load_layout
    from game.ui.drawing.printed import printed

    pygame.font.init()
    set_language("it")
    layout, b = load_layout(), load_board()
    s = round(layout.space * z)
    band = layout.tracks["vp"]["band"] * z
    width, height = layout.size
    things: list[tuple[str, str, pygame.Rect]] = []
    for aid, shape in layout.areas.items():
        words, discs, labels = printed(layout, b, shape, z)
        assert len(labels) == len(shape.spaces) == sum(1 for c in b.counters if c.area == aid), aid
        mine = [(aid, f"name {t}", r) for t, _, r in words] + [(aid, f"disc {t}", r) for t, r in discs]
        mine += [(aid, f"label {t}", r) for t, r in labels]
        for _, what, r in mine:
            corners = (r.topleft, r.topright, r.bottomleft, r.bottomright)
            assert all(shape.contains(x / z, y / z) for x, y in corners), (aid, what)
            assert band <= r.left and r.right <= width * z - band and band <= r.top and r.bottom <= height * z - band
        things += mine
        things += [(aid, "space", pygame.Rect(round(x * z), round(y * z), s, s)) for x, y in shape.spaces]
        things += [(aid, "units", pygame.Rect(round(ux * z), round(uy * z), round(uw * z), round(uh * z)))
                   for ux, uy, uw, uh in shape.unit_boxes]
    for i, (a1, w1, r1) in enumerate(things):
        for a2, w2, r2 in things[i + 1:]:
            assert not r1.colliderect(r2), (a1, w1, a2, w2)


def test_the_replay_in_italian(english: None, war1: list, tmp_path: Path, artefacts: Path) -> None:
    """The replay's controls, counter and verdict in Italian, each label inside its button."""
    from game.client.gamefile import GameFile, Verdict
    from game.ui.scenes.replay import ReplayScene

    set_language("it")
    game = GameFile(tmp_path / "game.jsonl", "local", list(war1[-1].state.powers), war1,
                    Verdict("local", "A local game against computer players"))
    app = App((1280, 720), hidden=True)
    replay = ReplayScene(game, "normal", at=len(war1) // 2, playing=False)
    replay.start(app)
    app.frame(0.0)
    app.draw()
    assert "Una partita locale contro giocatori del computer" in replay.drawn
    assert any(d.startswith("Passo ") for d in replay.drawn), replay.drawn
    for b in replay.buttons:
        assert _fits(b.label, b.rect, replay.px(13)), b.label
    assert {b.label for b in replay.buttons} >= {"Gioca da qui", "Velocità: normale"}
    pygame.image.save(app.surface, str(artefacts / "it-replay-1280.png"))


@pytest.fixture(scope="module")
def decisions() -> dict[str, State]:
    from tests.ui.decisions import collect

    return collect(("action", "move", "bid", "propose", "build"))


@pytest.mark.parametrize("kind", ["action", "move", "bid", "propose", "build"])
def test_decisions_in_italian_keep_their_buttons_apart_and_in_the_window(english: None, decisions: dict[str, State],
                                                                       kind: str, artefacts: Path) -> None:
    """A player's decisions in Italian at 1280x720: the choice buttons (longer words) stay
    in the window and apart, each label inside its button; the tile stock's cells stay
    over the map; the screens are written as artefacts."""
    from game.client.tables import Step
    from tests.ui.test_ui_decisions import Recorder

    set_language("it")
    st = decisions[kind]
    app = App((1280, 720), hidden=True)
    scene = GameScene(Recorder([Step(st.clone(), [], -1)], pending(st).seat), "instant")
    app.push(scene)
    app.frame(0.0)
    while scene.queue:
        app.frame(0.0)
    if kind == "action":
        scene._button(("market",))
    app.dirty = True
    app.draw()
    window = app.surface.get_rect()
    buttons = [b for b in scene.buttons if b.rect.width]
    assert buttons and all(window.contains(b.rect) for b in buttons)
    for i, a in enumerate(buttons):
        assert _fits(a.label, a.rect, scene.px(13)) or a.key == ("noop",), a.label
        assert not any(a.rect.colliderect(b.rect) for b in buttons[i + 1:]), a.label
    assert scene.drawn_prompt
    cells = [h for h in scene.hits if h.target[0] == "tile" and kind == "action"]
    assert all(pygame.Rect(scene.map_rect()).contains(h.rect) for h in cells)
    pygame.image.save(app.surface, str(artefacts / f"it-decision-{kind}-1280.png"))
