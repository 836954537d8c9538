"""The rule cards in Italian in the window: the cards and the index are drawn in the words
of the Italian rulebook, the rule ids they name still open their cards, and every card,
the long worked examples too, fits the window or scrolls inside its box. Screens of a card
and of the index in Italian are written to out/ui-screens/."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client.words.rulebook import RULES, rule_card, section_title
from game.rules import State
from game.ui.app import App
from game.ui.scenes.rulecard import RuleCards
from tests.ui.decisions import collect
from tests.ui.test_ui_rulecards import _cards, _click, _key, _screen


@pytest.fixture(scope="module")
def state() -> State:
    return collect(("action",))["action"]


def _open(state: State, size: tuple[int, int], ids: list[str] | None = None) -> tuple[App, RuleCards]:
    app, _, _ = _screen(state, size)
    card = app.push_scene("rules", **({"ids": ids} if ids else {}))
    assert isinstance(card, RuleCards)
    app.draw()
    return app, card


@pytest.mark.usefixtures("italian")
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_every_italian_card_fits_the_window_or_scrolls_inside_its_box(state: State, size: tuple[int, int]) -> None:
    app, card = _open(state, size, ["R-GEN-1"])
    window = app.surface.get_rect()
    for rid in RULES:
        it = rule_card(rid)
        assert it is not None
        card.ids, card.at, card.scroll = [rid], 0, 0
        app.draw()
        drawn = [words for _, words in card.lines]
        assert window.contains(card.box), rid
        assert drawn[:2] == [rid, it.title] and section_title(it.section) != "", rid
        seen = list(drawn)
        while card.scroll < card.scroll_max:  # a long card: its last line is reached by scrolling
            card.scroll_by(card.per_view)
            app.draw()
            seen += [words for _, words in card.lines]
        for r, words in card.lines:
            assert card.box.contains(r), (rid, words)
        for b in card.buttons:
            assert card.box.contains(b.rect) and not any(b.rect.colliderect(r) for r, _ in card.lines), (rid, b.label)
        words = " ".join(seen)
        last = (it.example or it.summary).split()[-1]
        assert words.rstrip().endswith(last), rid
    if size == (1280, 720):  # at the usual size every card fits, the longest examples too
        for rid in RULES:
            card.ids, card.at, card.scroll = [rid], 0, 0
            app.draw()
            assert card.scroll_max == 0, f"{rid} needs scrolling at {size}"


@pytest.mark.usefixtures("italian")
def test_the_italian_index_lists_every_rule_and_a_link_in_a_card_opens_its_card(state: State) -> None:
    app, index = _open(state, (1280, 720))
    assert index.rule is None and index.pages == 1
    drawn = " ".join(words for _, words in index.lines)
    assert "Combattimento" in drawn and "Cose da sapere" in drawn and "Fine del Gioco" in drawn
    assert [rid for _, rid in index.entries] == list(RULES)
    for r, _ in index.entries:
        assert index.box.contains(r)
    r = next(r for r, rid in index.entries if rid == "R-CMB-1")
    _click(app, r.center)
    assert index.rule is not None and index.rule.title == "Dichiarare un attacco"
    link = next(rect for rect, rid in index.links if rid == "R-GEN-5")  # a rule id in the Italian words
    _click(app, link.center)
    card = _cards(app).rule
    assert card is not None and card.title == "Prendere oro dalla Banca"
    _key(app, pygame.K_BACKSPACE)
    assert index.rule is not None and index.rule.id == "R-CMB-1"


@pytest.mark.usefixtures("italian")
@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_screens_of_italian_rule_cards_and_of_the_index(state: State, artefacts: Path, size: tuple[int, int]) -> None:
    tag = f"{size[0]}x{size[1]}"
    for rid, name in (("R-CMB-5", "battle"), ("R-MOV-5", "sea-move"), ("R-ALL-3", "auction"),
                      ("R-VP-1", "scoring"), ("R-TIL-21", "blockade")):
        app, card = _open(state, size, [rid])
        pygame.image.save(app.surface, str(artefacts / f"rules-it-{name}-{tag}.png"))
        if card.scroll_max:
            card.scroll_by(card.scroll_max)
            app.draw()
            pygame.image.save(app.surface, str(artefacts / f"rules-it-{name}-end-{tag}.png"))
    app, index = _open(state, size)
    assert index.pages == 1
    assert not [words for _, words in index.lines if words.endswith("\u2026")]  # no title cut short
    pygame.image.save(app.surface, str(artefacts / f"rules-it-index-{tag}.png"))
