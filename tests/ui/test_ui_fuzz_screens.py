"""Every decision of fuzzed games on the 1280x720 game screen, walked part by part by
random clicks: no button is drawn outside the window, and no word the player reads (the
prompt, a button, a tooltip, the log) is an internal id such as ``france`` or
``slave_revolt`` rather than its name."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game.client.tables import Step
from game.client.words.prompts import prompt_sentence
from game.rules import State, pending
from game.rules.board import load_board
from tests.ui.decisions import collect_many
from tests.ui.test_ui_decisions import Recorder, _click, game_screen

CLICKS = 8  # parts of one decision walked at most


@pytest.fixture(scope="module")
def states() -> list[State]:
    return collect_many(3, 24)


def _ids() -> re.Pattern[str]:
    """The board's ids that are not English words: powers, areas, counters (proper names
    written in lower case), and every id with an underscore."""
    b = load_board()
    ids = {p.id for p in b.powers} | {a.id for a in b.areas} | {c.id for c in b.counters}
    ids |= {t.id for t in b.tiles if "_" in t.id}
    return re.compile(r"(?<![\w/.-])(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")(?![\w/.-])")


def _words(scene) -> list[str]:
    """What the player reads on the screen now: the prompt, the buttons and their tooltips,
    the tooltips of everything drawn, the log."""
    out: list[str] = []
    if scene.shown is not None and scene.board is not None and scene.picker is not None:
        out.append(scene._prompt_words(prompt_sentence(pending(scene.shown), scene.board)))
    out += [b.label for b in scene.buttons] + [b.tip for b in scene.buttons]
    out += [h.tip for h in scene.hits]
    out += list(scene.log)
    return [w for w in out if w]


def test_no_button_outside_the_window_and_no_internal_id_in_any_decision(states: list[State]) -> None:
    assert len({pending(st).kind for st in states}) >= 18 and any(st.n == 7 for st in states)
    ids = _ids()
    rng = random.Random(7)
    seen_kinds: set[str] = set()
    for st in states:
        kind = pending(st).kind
        table = Recorder([Step(st.clone(), [], -1)], pending(st).seat)
        app, scene = game_screen(table)
        window = app.surface.get_rect()
        for n in range(CLICKS):
            app.dirty = True
            app.draw()
            outside = [b.label for b in scene.buttons if not window.contains(b.rect)]
            assert not outside, f"{kind} ({st.n} players), part {n}: buttons outside the window: {outside}"
            for words in _words(scene):
                m = ids.search(words)
                assert m is None, f"{kind} ({st.n} players): the id {m.group(0)!r} in {words!r}"
            targets = scene.clickables()
            if table.sent or not targets:
                break
            _click(app, targets[rng.randrange(len(targets))][0])
        seen_kinds.add(kind)
        pygame.event.clear()
    assert len(seen_kinds) >= 18


def test_a_row_of_choices_too_long_for_the_bar_is_paged_and_every_choice_is_on_a_page() -> None:
    """Eleven minor nations to choose from (Diplomatic Service) in a bar with room for one
    row: pages that fit, each with More and Cancel, that together hold every choice."""
    from game.ui.widgets.buttons import MORE, layout_pages

    pygame.font.init()
    area = pygame.Rect(12, 650, 926, 60)
    names = ["Native Americans", "Portugal", "Indian Nawab", "Sweden", "Denmark", "Bavaria", "Saxony", "Naples",
             "Ottoman Empire", "Gauchos", "Cossacks"]
    specs: list[tuple[str, object]] = [(n, ("part", (n,))) for n in names] + [("Cancel", ("cancel",))]
    first, pages = layout_pages(specs, area, 13, 6, 0)
    assert pages >= 2
    seen: list[str] = []
    for page in range(pages):
        got, _ = layout_pages(specs, area, 13, 6, page)
        assert all(area.contains(b.rect) for b in got)
        assert [b.key for b in got][-2:] == [MORE, ("cancel",)]
        seen += [b.label for b in got if b.key not in (MORE, ("cancel",))]
    assert seen == names
    again, _ = layout_pages(specs, area, 13, 6, pages)  # past the last page: the first again
    assert [b.label for b in again] == [b.label for b in first]
