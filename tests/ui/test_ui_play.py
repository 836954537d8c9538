"""The game screen while a game plays: moves animated before the board shows them there,
the log of a whole game, text entry with paste, the attack odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from game.client.tables import StaticTable, Step
from game.rules import State
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.shots import selfplay_steps
from tests.ui.test_ui_decisions import game_screen, pick_all


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
    app, scene = game_screen(StaticTable(steps, seat=0))
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


# --------------------------------------------------------------------------- text entry
def _key(app: App, key: int, text: str = "", mod: int = 0) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=mod, scancode=0))
    app.frame(0.0)


def _type(app: App, s: str) -> None:
    import pygame

    for ch in s:
        _key(app, pygame.key.key_code(ch) if ch.isalnum() else pygame.K_SPACE, ch)


def _settings(home: Any) -> tuple[App, Any]:
    from game.client.settings import Settings
    from game.ui.scenes.settings import SettingsMenu

    app = App((1280, 720), hidden=True)
    menu = SettingsMenu(Settings(name="Anna"))
    app.push(menu)
    app.frame(0.0)
    return app, menu


def test_the_name_field_types_selects_deletes_and_pastes(home: Any) -> None:
    """Typing goes in at the caret; the arrows and Home/End move it; Ctrl+A selects all
    and typing replaces it; Backspace and Delete delete; Ctrl+V, Cmd+V and Shift+Insert
    paste the clipboard's text (line breaks become spaces, unprintable characters are
    left out, at most 24 characters), and the settings take the new name."""
    import pygame
    import pygame.scrap

    app, menu = _settings(home)
    _type(app, "belle")
    assert menu.settings.name == "Annabelle"
    _key(app, pygame.K_HOME)
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_DELETE)
    _key(app, pygame.K_END)
    _key(app, pygame.K_BACKSPACE)
    assert menu.settings.name == "Anabell"
    _key(app, pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    _type(app, "Jo")
    assert menu.settings.name == "Jo"
    pygame.scrap.put_text("Marie\nLouise\x07")
    _key(app, pygame.K_v, "\x16", pygame.KMOD_LCTRL)
    assert menu.settings.name == "JoMarie Louise"
    assert "only printable characters" in menu.message
    _key(app, pygame.K_a, "a", pygame.KMOD_LGUI)  # Cmd+A, Cmd+V on macOS
    pygame.scrap.put_text("Frederick")
    _key(app, pygame.K_v, "v", pygame.KMOD_LGUI)
    assert menu.settings.name == "Frederick"
    assert menu.message == ""
    _key(app, pygame.K_INSERT, "", pygame.KMOD_LSHIFT)
    _key(app, pygame.K_INSERT, "", pygame.KMOD_LSHIFT)
    assert menu.settings.name == ("Frederick" * 3)[:24]
    assert "at most 24" in menu.message
    _key(app, pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    _key(app, pygame.K_BACKSPACE)
    assert menu.settings.name == ""


def test_the_name_field_shows_a_caret_where_the_next_character_goes(home: Any) -> None:
    import pygame

    from game.ui.drawing.assets import font, text

    app, menu = _settings(home)
    row = next(b for b in menu.buttons if b.key == "name")
    size = menu.px(17)
    x0 = row.rect.x + size // 2 + text("Name", "sans-bold", size, (0, 0, 0)).get_width() + size // 2

    def caret_drawn(x: int) -> bool:
        return any(sum(app.surface.get_at((x + dx, row.rect.centery))[:3]) < 150 for dx in (0, 1))

    end = x0 + font("sans-bold", size).size("Anna")[0]
    app.draw()
    assert caret_drawn(end)
    _key(app, pygame.K_HOME)
    app.draw()
    assert caret_drawn(x0) and not caret_drawn(end + 3)
    two = x0 + font("sans-bold", size).size("An")[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(two + 1, row.rect.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(two + 1, row.rect.centery), button=1))
    app.frame(0.0)  # a click in the text puts the caret there
    _type(app, "x")
    assert menu.settings.name == "Anxna"


def test_paste_without_a_clipboard_says_so_and_changes_nothing(home: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame
    import pygame.scrap

    def no_clipboard() -> str:
        raise pygame.error("video system not initialized")

    monkeypatch.setattr(pygame.scrap, "has_text", no_clipboard)
    app, menu = _settings(home)
    _key(app, pygame.K_v, "\x16", pygame.KMOD_LCTRL)
    assert menu.settings.name == "Anna"
    assert menu.message.startswith("Paste is not available here")
    app.draw()  # the message is drawn, no traceback


@pytest.fixture(scope="module")
def amount_states() -> dict[str, State]:
    from tests.ui.decisions import collect

    return collect(("bid", "offer"))


def _decision(st: State) -> tuple[App, GameScene, Any]:
    from game.rules import pending
    from tests.ui.test_ui_decisions import Recorder

    table = Recorder([Step(st.clone(), [], -1)], pending(st).seat)
    app, scene = game_screen(table)
    return app, scene, table


def test_a_bid_is_typed_or_pasted_and_only_a_listed_amount_is_sent(amount_states: dict[str, State]) -> None:
    import pygame
    import pygame.scrap

    from game.rules import Choice, legal, pending

    st = amount_states["bid"]
    bids = sorted(int(c.args[0]) for c in legal(st, pending(st).seat) if c.kind == "bid")
    app, scene, table = _decision(st)
    want = bids[0] + 1
    pygame.scrap.put_text(f"{want} gold!")
    _key(app, pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    _key(app, pygame.K_v, "\x16", pygame.KMOD_LCTRL)
    assert scene.amount.value == str(want)
    assert "only digits" in scene.message
    labels = [b.label for b in scene.buttons]
    assert f"{want}  ({bids[0]}-{bids[-1]})" in labels and f"Bid {want} gold" in labels
    _type(app, "99")  # past the most the bidder could pay
    _key(app, pygame.K_RETURN)
    assert not table.sent
    assert f"from {bids[0]} to {bids[-1]}" in scene.message
    _key(app, pygame.K_BACKSPACE)
    _key(app, pygame.K_BACKSPACE)
    _key(app, pygame.K_RETURN)
    assert table.sent == [Choice("bid", (want,))]


def test_an_offer_of_gold_is_one_number_entry(amount_states: dict[str, State]) -> None:
    """The gold offered to an ally (R-CMB-9) is typed like a bid, not chosen among a
    button per value."""
    import pygame

    from game.rules import legal, pending

    st = amount_states["offer"]
    offers = [c for c in legal(st, pending(st).seat) if c.kind == "offer"]
    app, scene, table = _decision(st)
    assert not any(b.label == str(len(offers) - 1) for b in scene.buttons)
    assert f"0  (0-{len(offers) - 1})" in [b.label for b in scene.buttons]
    _key(app, pygame.K_a, "\x01", pygame.KMOD_LCTRL)
    _type(app, "2")
    assert "Offer 2 gold" in [b.label for b in scene.buttons]
    field = next(b for b in scene.buttons if b.key == ("noop",))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(field.rect.x + 2, field.rect.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(field.rect.x + 2, field.rect.centery), button=1))
    app.frame(0.0)  # the caret before the 2
    _type(app, "1")
    assert scene.amount.value == "12" and not table.sent
    _key(app, pygame.K_END)
    _key(app, pygame.K_BACKSPACE)
    assert scene.amount.value == "1"
    _key(app, pygame.K_UP)
    assert scene.amount.value == "2"
    _key(app, pygame.K_RETURN)
    assert table.sent == [next(c for c in offers if c.args[1] == 2)]


# --------------------------------------------------------------------------- attack odds
def _count(att: int, dfn: int) -> tuple[Fraction, Fraction]:
    """R-CMB-5 by hand: each side rolls two dice and adds their difference to its
    strength; the share of the 6^4 outcomes the attacker wins, and ties."""
    wins = ties = 0
    for d in product(range(1, 7), repeat=4):
        a, b = att + abs(d[0] - d[1]), dfn + abs(d[2] - d[3])
        wins += a > b
        ties += a == b
    return Fraction(wins, 6 ** 4), Fraction(ties, 6 ** 4)


def _attack_position(french_army: int = 0) -> tuple[State, int, Any]:
    """Spain (2 armies) attacks Great Britain (1 army, 1 marker) in German States, where
    Great Britain's ally Austria has an army (and Spain's ally France ``french_army``).
    German States has no sea: no naval phase."""
    from game.rules import C, legal
    from tests.rules.play import Table

    areas = {"german_states": {"spain": {"army": 2}, "great_britain": {"army": 1, "markers": 1},
                               "austria": {"army": 1}, "france": {"army": french_army}}}
    t = Table.at(["great_britain", "france", "spain", "austria", "prussia"], "turn", round=2,
                 alliances={"A": ["great_britain", "austria"], "B": ["spain", "france", "prussia"]},
                 turn={"power": "spain", "actions_done": 0}, areas=areas)
    t.do("spain", "attack")
    seat = t.seat("spain")
    attack = C("attack", "german_states", "power", "great_britain")
    assert attack in legal(t.st, seat)
    return t.st, seat, attack


@pytest.mark.rule("R-CMB-9")
def test_an_ally_that_can_help_the_defender_lowers_the_worst_case() -> None:
    """Nobody helping, Spain's 2 armies face Great Britain's 1; if Austria sends its army,
    they face 2: a lower chance, each figure equal to the count by hand of the dice
    outcomes (R-CMB-5). Spain's allies have nothing there: no third figure."""
    from game.client.odds import attack_odds, describe_odds

    st, seat, attack = _attack_position()
    o = attack_odds(st, seat, attack, lambda s: st.powers[s])
    assert o.done and not o.too_many and o.none is not None and o.defended is not None
    assert (o.none.win, o.none.tie) == _count(2, 1)
    assert (o.defended.win, o.defended.tie) == _count(2, 2)
    assert o.defended.win < o.none.win
    assert o.helpers == ([], ["austria"]) and o.helped is None
    line, why = describe_odds(o, "you", "Great Britain")
    assert line == (f"Chance to win: {int(_count(2, 1)[0] * 100)}% if nobody helps, "
                    f"{int(_count(2, 2)[0] * 100)}% if austria helps Great Britain")
    assert "worst case" in why and "austria" in why


def test_allies_on_both_sides_give_a_third_figure() -> None:
    from game.client.odds import attack_odds

    st, seat, attack = _attack_position(french_army=1)
    o = attack_odds(st, seat, attack)
    assert o.none is not None and o.defended is not None and o.helped is not None
    assert (o.none.win, o.defended.win, o.helped.win) == (_count(2, 1)[0], _count(2, 2)[0], _count(3, 2)[0])
    assert o.helpers == (["france"], ["austria"])


def test_the_attack_dialog_shows_the_figures_and_what_they_assume() -> None:
    """Before the player confirms the attack, the bar shows the figures (counted off the
    drawing thread) and the Confirm button's tooltip says what each assumes."""
    import time

    from tests.ui.test_ui_decisions import Recorder

    st, seat, attack = _attack_position()
    table = Recorder([Step(st.clone(), [], -1)], seat)
    app, scene = game_screen(table)
    assert scene.picker is not None
    pick_all(scene, attack)
    assert scene.picker.complete() == attack and scene.picker.needs_confirm()
    line = ""
    for _ in range(600):
        app.dirty = True
        app.frame(0.0)
        line, why = scene.odds_for(attack)
        if "counting" not in line:
            break
        time.sleep(0.05)
    none, worst = int(_count(2, 1)[0] * 100), int(_count(2, 2)[0] * 100)
    assert line == f"Chance to win: {none}% if nobody helps, {worst}% if Austria helps Great Britain"
    confirm = next(b for b in scene.buttons if b.key == ("confirm",))
    assert confirm.tip.startswith("Chance to win, exact over every dice outcome")
    assert "Austria" in confirm.tip and "worst case" in confirm.tip
    assert not table.sent


def test_the_odds_of_every_attack_offered_are_counted_as_the_decision_arrives() -> None:
    """As soon as a decision with attacks reaches the screen, every attack's figures are
    counted into the cache (off the drawing thread), before any is picked: the one picked
    then shows its figures on the very first frame, never "counting"."""
    import threading

    from game.client.odds import CACHE
    from game.rules import legal, state_hash
    from tests.ui.test_ui_decisions import Recorder

    st, seat, attack = _attack_position(french_army=1)
    offered = [c for c in legal(st, seat) if c.kind == "attack" and len(c.args) == 3]
    assert len(offered) > 1
    table = Recorder([Step(st.clone(), [], -1)], seat)
    app, scene = game_screen(table)
    for worker in [t for t in threading.enumerate() if t.name.startswith("soe-odds")]:
        worker.join(timeout=20)
    h = state_hash(st)
    for c in offered:
        o = CACHE[(h, seat, c)]
        assert o.done and o.none is not None, c
    assert scene.picker is not None
    pick_all(scene, attack)
    app.dirty = True
    app.frame(0.0)
    line, _ = scene.odds_for(attack)
    none, worst, helped = (int(_count(2, 1)[0] * 100), int(_count(2, 2)[0] * 100), int(_count(3, 2)[0] * 100))
    assert line == (f"Chance to win: {none}% if nobody helps, {worst}% if Austria helps Great Britain, "
                    f"{helped}% if every ally helps")


def test_counting_odds_never_stalls_a_frame_and_stops_when_the_position_changes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The odds are counted off the drawing thread: asking for them returns at once, and a
    count stops when the screen moves on to another position. (Counted here by the slow
    reference method, every dice outcome of a naval battle first and of the land battle
    after it, so that the count lasts.)"""
    import threading
    import time
    from functools import partial

    import game.client.odds as odds
    from game.cli.scenario import build_position, load_scenario
    from game.client.odds import CACHE
    from game.rules import Act, C, apply, legal
    from tests.ui.conftest import ROOT

    monkeypatch.setattr(odds, "attack_odds", partial(odds.attack_odds, each_outcome=True))

    st, _ = build_position(load_scenario(ROOT / "tests" / "scenarios" / "combat_002_north_america.json"))
    seat = st.powers.index("spain")
    st, _ = apply(st, Act(seat, C("attack")))
    attack = legal(st, seat)[0]
    table = Feed([Step(st.clone(), [], -1)], seat)
    app, scene = game_screen(table)
    assert scene.picker is not None
    pick_all(scene, attack)
    before = set(threading.enumerate())
    t0 = time.perf_counter()
    app.dirty = True
    app.frame(0.0)  # the frame that starts the count
    assert time.perf_counter() - t0 < 1.0
    assert "counting" in scene.odds_for(attack)[0]
    workers = [t for t in threading.enumerate() if t.name.startswith("soe-odds")]
    assert workers and all(t not in before for t in workers if t.name == "soe-odds")
    moved, _ = apply(st, Act(seat, attack))
    table.feed(Step(moved, [], seat))
    app.frame(0.0)
    for worker in workers:
        worker.join(timeout=8)  # the whole count takes longer: it stopped
        assert not worker.is_alive()
    assert not any(key[2] == attack and not o.done for key, o in CACHE.items())  # an unfinished count is not kept


def test_many_steps_at_once_are_shown_over_frames_and_the_board_catches_up_when_they_are_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A spectator catching up a long game is handed hundreds of steps at once: a frame
    takes only what its time allows (here: one step a frame), the window keeps making frames
    while steps wait, the board and the panels are drawn again only now and then meanwhile,
    and once every step is in they show the newest position. History (a jump asked for) is
    taken at once."""
    from dataclasses import replace

    import game.ui.scenes.game.scene as scene_module
    import game.ui.scenes.game.steps as steps_module

    monkeypatch.setattr(steps_module, "TAKE_BUDGET_S", 0.0)
    monkeypatch.setattr(scene_module, "CATCH_UP_REDRAW_S", 3600.0)
    steps = selfplay_steps(2, 4, lambda i, s: i >= 40)
    app = App((1280, 720), hidden=True)
    scene = GameScene(StaticTable(steps, seat=-1), "instant")
    app.push(scene)
    app.frame(0.0)
    assert scene.shown is steps[0].state and len(scene.queue) == len(steps) - 1 and app.busy()
    board_key = scene._layers["board"][0]
    for k in range(1, 6):
        app.frame(0.0)
        assert scene.shown is steps[k].state  # one more step a frame
        assert scene._layers["board"][0] == board_key  # not drawn again while steps wait
    while scene.queue:
        app.frame(0.0)
    app.frame(0.0)
    assert scene.shown is steps[-1].state and not app.busy()
    assert scene._layers["board"][0] != board_key and scene._drawn[2] == steps[-1].state.steps

    history = [replace(s, history=True) for s in selfplay_steps(3, 4, lambda i, s: i >= 30)]
    app2 = App((1280, 720), hidden=True)
    scene2 = GameScene(StaticTable(history, seat=-1), "instant")
    app2.push(scene2)
    app2.frame(0.0)
    assert scene2.shown is history[-1].state and not scene2.queue


def test_control_markers_stand_on_the_spaces_of_the_counters_they_came_with() -> None:
    """The map puts each marker on the printed space of the counter the log says it came
    with (not on the free spaces in seating order), and its tooltip names that space."""
    steps = selfplay_steps(2, 7, lambda i, s: i >= 300)
    app, scene = game_screen(StaticTable(steps, seat=0))
    assert scene.board is not None
    b = scene.board
    came = {}  # counter -> power, as the log says, for markers still standing
    for step in steps:
        for e in step.events:
            if e.get("kind") in ("setup_marker", "colonise", "enslave", "neutral_conquered"):
                came[str(e["counter"])] = str(e["power"])
    tips = {h.tip for h in scene.hits if h.target[0] == "marker"}
    standing = [(c, p) for c, p in came.items()
                if f"{b.power_name(p)} control marker on {b.counter_by_id[c].name} "
                   f"({b.area_name(b.counter_by_id[c].area)})" in tips]
    assert len(standing) >= len(came) * 2 // 3 and len(standing) >= 20  # (some changed hands or were taken since)
    for h in scene.hits:
        if h.target[0] == "marker":
            space = h.tip.split(" control marker on ", 1)[1].rsplit(" (", 1)[0]
            counter = next(c for c in b.counters if c.name == space)
            shape = scene.layout.areas[counter.area]
            own = [c.id for c in b.counters if c.area == counter.area]
            x, y = scene.cam.to_screen(*shape.spaces[own.index(counter.id)])
            assert h.rect.topleft == (round(x), round(y))  # drawn on that counter's printed space
