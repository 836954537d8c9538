"""The rules at hand in the window: a rule id in the prompt or a refusal is a link whose
click opens the rule's card; F1 (or ?) over a tooltip naming rules opens their cards, and
with no such tooltip the index of every rule; the click that closes a card does nothing
on the board; every card fits the window. Screens of a card and of the index are written
to out/ui-screens/."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client.tables import StaticTable, Step
from game.client.words.prompts import prompt_sentence
from game.client.words.rulebook import RULES, Rule, rule_ids
from game.rules import Choice, State, pending
from game.rules.board import load_board
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.scenes.rulecard import RuleCards
from tests.ui.decisions import KINDS, collect


class Recorder(StaticTable):
    def __init__(self, steps: list[Step], seat: int) -> None:
        super().__init__(steps, seat)
        self.sent: list[Choice] = []

    def submit(self, choice: Choice) -> None:
        self.sent.append(choice)


@pytest.fixture(scope="module")
def states() -> dict[str, State]:
    return collect()


def _screen(st: State, size: tuple[int, int] = (1280, 720)) -> tuple[App, GameScene, Recorder]:
    table = Recorder([Step(st.clone(), [], -1)], pending(st).seat)
    app = App(size, hidden=True)
    scene = GameScene(table, "instant")
    app.push(scene)
    app.frame(0.0)
    app.frame(0.0)
    while scene.queue:
        app.frame(0.0)
    app.draw()
    return app, scene, table


def _click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame(0.0)
    app.draw()


def _move(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.0)
    app.draw()


def _key(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0))
    app.frame(0.0)
    app.draw()


def _cards(app: App) -> RuleCards:
    top = app.scenes[-1]
    assert isinstance(top, RuleCards), top
    return top


def _act_button(scene: GameScene, card: RuleCards) -> tuple[int, int] | None:
    """Where a click would make (part of) a choice, outside the card: the test that the
    click closing the card does nothing else clicks there."""
    for pos, label in reversed(scene.clickables()):
        if not card.box.collidepoint(pos) and label != "-":
            return pos
    return None


@pytest.mark.parametrize("kind", KINDS)
def test_each_rule_id_in_a_prompt_opens_its_card_by_a_click_and_the_closing_click_does_nothing_else(
        states: dict[str, State], kind: str) -> None:
    st = states[kind]
    app, scene, table = _screen(st)
    assert scene.picker is not None and scene.ready(), kind
    if scene.picker.complete() is not None:
        pytest.skip(f"{kind}: one choice only, the prompt asks to confirm it")
    wanted = rule_ids(prompt_sentence(pending(st), load_board(st.ruleset)))
    assert wanted, kind
    def board() -> tuple[object, ...]:  # what a click on the game would change
        picked = tuple(scene.picker.picked) if scene.picker is not None else None
        return tuple(table.sent), picked, scene.amount.value

    before = board()
    act = None
    for rid in wanted:
        link = next((r for r, i in scene.rule_links if i == rid), None)
        assert link is not None, f"{kind}: {rid} is not drawn as a link ({scene.rule_links})"
        _click(app, link.center)
        card = _cards(app)
        assert card.rule is not None and card.rule.id == rid and card.rule == _rule(rid)
        drawn = " ".join(words for _, words in card.lines)
        assert card.rule.title in drawn and card.rule.summary.split()[0] in drawn
        act = _act_button(scene, card)
        assert act is not None, kind
        _click(app, act)  # outside the card, on a choice of the game: it only closes the card
        assert app.scenes[-1] is scene
        assert board() == before, kind
        assert scene.shown is not None and pending(scene.shown).data == pending(st).data
    assert act is not None
    _click(app, act)  # the same click with no card open: it acts
    assert board() != before, kind


def _rule(rid: str) -> Rule:
    return RULES[rid]


def test_a_rule_in_a_refusal_is_a_link_too(states: dict[str, State]) -> None:
    app, scene, table = _screen(states["move"])
    scene.tell("An army may enter a colony only with a fleet of yours there (R-MOV-3).")
    app.draw()
    link = next(r for r, i in scene.rule_links if i == "R-MOV-3")
    _click(app, link.center)
    assert _cards(app).ids == ["R-MOV-3"]
    _key(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is scene and not table.sent


def test_f1_over_a_tooltip_naming_rules_opens_their_cards_and_the_tooltip_says_so(
        states: dict[str, State], monkeypatch: pytest.MonkeyPatch) -> None:
    import game.ui.scenes.game.tooltips as tips

    shown: list[tuple[str, str]] = []
    real = tips.tooltip

    def spy(surf: pygame.Surface, tip: str, pos: tuple[int, int], size: int, hint: str = "") -> None:
        shown.append((tip, hint))
        real(surf, tip, pos, size, hint=hint)

    monkeypatch.setattr(tips, "tooltip", spy)
    app, scene, table = _screen(states["action"])
    attack = next(b for b in scene.buttons if b.label.startswith("Attack"))
    _move(app, attack.rect.center)
    assert shown and "R-CMB-1" in shown[-1][0] and shown[-1][1] == "F1: the rule"
    _key(app, pygame.K_F1)
    assert _cards(app).ids == ["R-CMB-1"]
    _click(app, (2, 2))  # outside: closed, and nothing else
    assert app.scenes[-1] is scene and not table.sent
    # a counter on the map: its rule; "?" works as F1
    counter = next(h for h in scene.hits if h.target[0] == "counter")
    _move(app, counter.rect.center)
    assert shown[-1][0] == counter.tip and shown[-1][1] == "F1: the rule"
    _key(app, pygame.K_SLASH, "?")
    assert _cards(app).ids == rule_ids(counter.tip)
    _click(app, (2, 2), button=3)
    assert app.scenes[-1] is scene
    # a tile held in the side panel names its rule
    tile = next((h for h in scene.hits if h.target[0] in ("tile", "held") and "(R-TIL" in h.tip), None)
    if tile is not None:
        _move(app, tile.rect.center)
        _key(app, pygame.K_F1)
        assert _cards(app).ids == rule_ids(tile.tip)
        _key(app, pygame.K_ESCAPE)
    # a tooltip naming two rules: a card each, Next and Previous between them
    gold = next(h for h in scene.hits if h.target[0] == "stat" and h.target[2] == "gold")
    _move(app, gold.rect.center)
    assert shown[-1][1] == "F1: the rules"
    _key(app, pygame.K_F1)
    card = _cards(app)
    assert card.ids == ["R-GEN-4", "R-GEN-5"] and card.rule is not None and card.rule.id == "R-GEN-4"
    nxt = next(b for b in card.buttons if b.key == "next")
    _click(app, nxt.rect.center)
    assert card.rule is not None and card.rule.id == "R-GEN-5" and app.scenes[-1] is card
    _key(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is scene and not table.sent


def test_f1_with_no_tooltip_opens_the_index_which_lists_every_rule_and_opens_its_cards(
        states: dict[str, State]) -> None:
    app, scene, table = _screen(states["action"])
    _move(app, (4, 4))  # the title in the top bar: no tooltip
    assert scene.tip_at((4, 4)) == ""
    _key(app, pygame.K_F1)
    index = _cards(app)
    assert index.ids == [] and index.rule is None
    listed: list[str] = []
    for page in range(index.pages):
        index.page = page
        app.draw()
        listed += [rid for _, rid in index.entries]
        for r, _ in index.entries:
            assert index.box.contains(r)
    assert listed == list(RULES)
    index.page = 0
    app.draw()
    r, rid = index.entries[3]
    _click(app, r.center)
    assert index.rule is not None and index.rule.id == rid and app.scenes[-1] is index
    link = index.links[0] if index.links else None
    if link is not None:  # a rule named in a card's words opens its card; Back returns
        _click(app, link[0].center)
        assert index.rule is not None and index.rule.id == link[1]
        _key(app, pygame.K_BACKSPACE)
        assert index.rule is not None and index.rule.id == rid
    back = next(b for b in index.buttons if b.key == "back")
    _click(app, back.rect.center)
    assert index.rule is None
    close = next(b for b in index.buttons if b.key == "close")
    _click(app, close.rect.center)
    assert app.scenes[-1] is scene and not table.sent


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1600, 900)])
def test_every_card_fits_inside_the_window(states: dict[str, State], size: tuple[int, int]) -> None:
    app, scene, _ = _screen(states["action"], size)
    card = app.push_scene("rules", ids=["R-GEN-1"])
    assert isinstance(card, RuleCards)
    window = app.surface.get_rect()
    for rid in RULES:
        card.ids, card.at, card.scroll = [rid], 0, 0
        app.draw()
        assert window.contains(card.box), rid
        assert card.scroll_max == 0, f"{rid} needs scrolling at {size}"
        for r, words in card.lines:
            assert card.box.contains(r), (rid, words)
        for b in card.buttons:
            assert card.box.contains(b.rect), (rid, b.label)
        for b in card.buttons:
            assert not any(b.rect.colliderect(r) for r, _ in card.lines), (rid, b.label)


def test_a_card_longer_than_the_window_scrolls(states: dict[str, State], monkeypatch: pytest.MonkeyPatch) -> None:
    import game.ui.scenes.rulecard as rc

    long = Rule("R-CMB-5", "The dice", " ".join(["Each side rolls two dice and adds their difference."] * 30),
                " ".join(["From the rulebook: Spain attacks Great Britain (R-CMB-1)."] * 30))
    monkeypatch.setattr(rc, "rule_card", lambda rid: long if rid in RULES else None)
    app, scene, _ = _screen(states["action"], (960, 540))
    card = app.push_scene("rules", ids=["R-CMB-5"])
    assert isinstance(card, RuleCards)
    app.draw()
    assert card.scroll_max > 0 and app.surface.get_rect().contains(card.box)
    first = [words for _, words in card.lines]
    for r, words in card.lines:
        assert card.box.contains(r), words
    _key(app, pygame.K_PAGEDOWN)
    assert card.scroll > 0 and [words for _, words in card.lines] != first
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50))
    app.frame(0.0)
    app.draw()
    assert card.scroll == card.scroll_max
    for r, words in card.lines:
        assert card.box.contains(r), words


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_screens_of_a_rule_card_and_of_the_index(states: dict[str, State], artefacts: Path,
                                                 size: tuple[int, int]) -> None:
    app, scene, _ = _screen(states["attack"], size)
    scene.tell("That is not one of your choices: an army may enter a colony only with a fleet there (R-MOV-3).")
    app.draw()
    tag = f"{size[0]}x{size[1]}"
    pygame.image.save(app.surface, str(artefacts / f"rules-prompt-links-{tag}.png"))
    link = next(r for r, i in scene.rule_links if i == "R-CMB-1")
    _move(app, link.center)
    _key(app, pygame.K_F1)  # F1 on a link: its card
    assert _cards(app).ids == ["R-CMB-1"]
    _key(app, pygame.K_ESCAPE)
    app.push_scene("rules", ids=["R-CMB-5"])
    app.draw()
    pygame.image.save(app.surface, str(artefacts / f"rules-card-{tag}.png"))
    app.pop()
    app.push_scene("rules", ids=["R-GEN-4", "R-GEN-5"])
    app.draw()
    pygame.image.save(app.surface, str(artefacts / f"rules-cards-{tag}.png"))
    app.pop()
    index = app.push_scene("rules")
    app.draw()
    assert isinstance(index, RuleCards) and index.pages == 1
    pygame.image.save(app.surface, str(artefacts / f"rules-index-{tag}.png"))
