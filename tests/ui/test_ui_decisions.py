"""A real pending decision of every kind the engine asks for, made on the game screen by
clicking only what it highlights or offers as buttons."""

from __future__ import annotations

import pygame
import pytest

from game.client.tables import StaticTable, Step, Table
from game.rules import Choice, State, legal, pending
from game.ui.app import App, Intent
from game.ui.drawing import palette as P
from game.ui.scenes.game import GameScene
from game.ui.widgets.picker import parts_of
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


def game_screen(table: Table) -> tuple[App, GameScene]:
    """A 1280x720 game screen over ``table``, drawn until every step is taken in (a frame
    takes what its time allows)."""
    app = App((1280, 720), hidden=True)
    scene = GameScene(table, "instant")
    app.push(scene)
    app.frame(0.0)
    app.frame(0.0)
    while scene.queue:
        app.frame(0.0)
    return app, scene


def pick_all(scene: GameScene, choice: Choice) -> None:
    """Pick every part of ``choice`` the picker offers (the forced ones it takes itself)."""
    assert scene.picker is not None
    for part in parts_of(choice)[1:]:
        if part in [o.part for o in scene.picker.options()]:
            scene.picker.pick(part)


def _screen(st: State) -> tuple[App, GameScene, Recorder]:
    table = Recorder([Step(st.clone(), [], -1)], pending(st).seat)
    app, scene = game_screen(table)
    return app, scene, table


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(0.0)


@pytest.mark.parametrize("kind", KINDS)
def test_every_decision_kind_is_made_by_clicks(states: dict[str, State], kind: str) -> None:
    st = states[kind]
    app, scene, table = _screen(st)
    assert scene.ready(), kind
    for n in range(30):
        if table.sent:
            break
        targets = scene.clickables()
        assert targets, f"{kind}: nothing to click after {n} clicks"
        _click(app, targets[-1][0] if n % 2 else targets[0][0])
    assert table.sent, kind
    assert table.sent[0] in legal(st, pending(st).seat)


def test_a_run_of_bids_is_one_number_entry_with_its_range(states: dict[str, State]) -> None:
    st = states["bid"]
    app, scene, table = _screen(st)
    bids = sorted(int(c.args[0]) for c in legal(st, pending(st).seat) if c.kind == "bid")
    labels = [b.label for b in scene.buttons]
    assert f"{bids[0]}  ({bids[0]}-{bids[-1]})" in labels
    assert not any(label == str(bids[-1]) for label in labels)  # not one button per value
    plus = next(b for b in scene.buttons if b.label == "+")
    _click(app, plus.rect.center)
    _click(app, plus.rect.center)
    bid = next(b for b in scene.buttons if b.label.startswith("Bid "))
    _click(app, bid.rect.center)
    assert table.sent == [Choice("bid", (min(bids[0] + 2, bids[-1]),))]


def test_a_click_on_what_is_not_highlighted_says_the_engines_refusal(states: dict[str, State]) -> None:
    st = states["place"]
    app, scene, table = _screen(st)
    army = next((b for b in scene.buttons if b.label == "Army"), None)
    if army is not None:  # armies and fleets can be placed: the unit first, then its area
        _click(app, army.rect.center)
    lit = {t[1] for t in scene.lit() if t[0] == "area"}
    assert lit
    other = next(a for a in scene.layout.areas if a not in lit)
    _click(app, scene.cam.to_screen(*scene.layout.areas[other].name))
    assert not table.sent
    assert "(R-" in scene.message, scene.message


def test_the_hint_names_what_the_strongest_computer_player_would_do(states: dict[str, State]) -> None:
    import time

    from game.client.words.choices import label

    st = states["buy"]
    app, scene, table = _screen(st)
    hint = next(b for b in scene.buttons if b.label == "Hint")
    _click(app, hint.rect.center)
    for _ in range(1200):
        if not scene.hint.endswith("thinking..."):
            break
        time.sleep(0.05)
    words = {label(st, pending(st).seat, c) for c in legal(st, pending(st).seat)}  # a choice in the menu's words
    assert any(scene.hint.startswith(f"Hint: {w}") for w in words), scene.hint
    assert len(scene.hint) > len("Hint: ") + 20  # and why, in words
    assert not table.sent  # a hint decides nothing


def test_an_attack_shows_its_exact_chance_of_winning(states: dict[str, State]) -> None:
    import time

    from game.client.odds import attack_odds

    st = states["attack"]
    seat = pending(st).seat
    attack = legal(st, seat)[0]
    o = attack_odds(st, seat, attack)
    assert o.done and o.none is not None
    assert 0 <= o.none.win + o.none.tie <= 1
    app, scene, table = _screen(st)
    assert scene.picker is not None
    pick_all(scene, attack)
    assert scene.picker.complete() == attack and scene.picker.needs_confirm()
    line = ""
    for _ in range(1200):
        line, _ = scene.odds_for(attack)
        if "counting" not in line:
            break
        time.sleep(0.05)
    assert line.startswith(f"Chance to win: {int(o.none.win * 100)}% if nobody helps")


def test_a_move_being_chosen_is_an_arrow_from_the_unit_to_the_destination(states: dict[str, State]) -> None:
    """Once the unit to move is picked, the destination under the mouse gets an arrow from
    the unit's area in the player's colour; a picked move shows its arrow until it is
    confirmed; an area that is no destination gets none."""
    st = states["move"]
    seat = pending(st).seat
    move = next(c for c in legal(st, seat) if c.kind == "move" and len(c.args) == 3)
    src, dst = str(move.args[0]), str(move.args[2])
    app, scene, table = _screen(st)
    assert scene.picker is not None
    app.draw()
    assert scene.drawn_plan is None  # nothing picked yet
    scene.picker.pick((src,))
    scene.picker.options()  # (a unit kind alone in the area is taken at once)
    if len(scene.picker.picked) < 3:
        scene.picker.pick((move.args[1],))
    scene.mouse = scene.cam.to_screen(*scene.layout.areas[dst].name)
    before = app.surface.copy()
    app.dirty = True
    app.draw()
    assert scene.drawn_plan == (src, dst)
    x, y = scene.cam.to_screen(*_centre(scene, src, dst))
    colour = app.surface.get_at((round(x), round(y)))[:3]
    assert colour == pygame.Color(P.power(st.powers[seat]))[:3], colour  # the arrow's shaft, half way
    assert before.get_at((round(x), round(y)))[:3] != colour
    targets = {str(c.args[2]) for c in legal(st, seat) if c.kind == "move" and c.args[:2] == move.args[:2]}
    elsewhere = next(a for a in scene.layout.areas if a not in targets and a != src)
    scene.mouse = scene.cam.to_screen(*scene.layout.areas[elsewhere].name)
    app.draw()
    assert scene.drawn_plan is None
    assert not table.sent


def _centre(scene: GameScene, src: str, dst: str) -> tuple[float, float]:
    a, b = scene.layout.areas[src].units, scene.layout.areas[dst].units
    return (a[0] + a[2] / 2 + b[0] + b[2] / 2) / 2, (a[1] + a[3] / 2 + b[1] + b[3] / 2) / 2


def test_the_mouse_over_an_attacked_area_shows_its_chances_before_any_click(states: dict[str, State]) -> None:
    """The chances are on screen as soon as an attack's target is highlighted and the mouse
    is over it: the area's tooltip leads with them, before the area is clicked."""
    import time

    from game.client.odds import attack_odds

    st = states["attack"]
    seat = pending(st).seat
    attacks = [c for c in legal(st, seat) if c.kind == "attack" and len(c.args) == 3]
    area = str(attacks[0].args[0])
    here = [c for c in attacks if c.args[0] == area]
    app, scene, table = _screen(st)
    assert scene.picker is not None and not scene.picker.picked[1:]  # nothing clicked yet
    pos = scene.cam.to_screen(*scene.layout.areas[area].name)
    tip = ""
    for _ in range(1200):
        tip = scene.tip_at(pos)
        if "counting" not in tip:
            break
        time.sleep(0.05)
    for c in here:
        o = attack_odds(st, seat, c)
        assert o.none is not None
        assert f"Chance to win: {int(o.none.win * 100)}% if nobody helps" in tip, tip
    assert tip.endswith(scene.area_tip(area)), tip  # and what the area is, after them
    other = next(a for a in scene.layout.areas if a not in {str(c.args[0]) for c in attacks})
    assert "Chance to win" not in scene.tip_at(scene.cam.to_screen(*scene.layout.areas[other].name))
    assert not table.sent


@pytest.mark.rule("R-CMB-9")
@pytest.mark.parametrize("kind", ["offer", "help"])
def test_an_ally_asked_and_the_gold_offered_show_the_battles_chances(states: dict[str, State], kind: str) -> None:
    """Before an ally answers a call for help, or the asker names the gold it offers, the
    prompt bar says the attack's chances (nobody helps, every ally helps), exact, counted
    from the position as it stands, and whose chance it is."""
    import time

    from game.client.odds import attack_frame, attack_odds

    st = states[kind]
    o = attack_odds(st, pending(st).seat, None)
    assert o.done and o.none is not None and o.helped is not None  # this ally may help: two figures
    fr = attack_frame(st)
    assert fr is not None
    app, scene, table = _screen(st)
    for _ in range(1200):
        app.dirty = True
        app.draw()
        if scene._odds_tip is not None and "counting" not in scene.odds_for(None)[0]:
            break
        time.sleep(0.05)
    assert scene._odds_tip is not None
    line, why = scene.odds_for(None)
    attacker = scene.board.power_name(st.powers[fr["sides"][0]])
    head = "Chance to win" if fr["sides"][0] == pending(st).seat else f"Chance {attacker} wins against"
    assert line.startswith(head) and f"{int(o.none.win * 100)}% if nobody helps" in line
    assert f"{int(o.helped.win * 100)}% if every ally helps" in line
    assert scene._odds_tip[1] == why and "exact over every dice outcome" in why
    assert not table.sent


@pytest.mark.rule("R-ALL-6")
def test_the_auction_says_what_is_bid_for_and_the_high_bids_proposal(states: dict[str, State]) -> None:
    """Beside a bid: what the winner gets (box A: alliance A and its place in the play
    order, box B the same), who is not yet allied, and the high bid with who proposed what."""
    from game.client.words.auction import auction_words
    from game.rules import view

    st = states["bid"]
    app, scene, _ = _screen(st)
    assert scene.picker is not None
    app.dirty = True
    app.draw()
    bar = scene.bar_rect()
    assert any(rule == "R-ALL-6" and bar.contains(rect) for rect, rule in scene.rule_links)
    b = scene.board
    v = view(st, pending(st).seat)
    free = [p for s, p in enumerate(v["powers"]) if v["alliance"][s] == 0]
    words = auction_words(v, b)
    assert "box A (alliance A, play order 1)" in words[0] and "box B (alliance B, play order 2)" in words[0]
    assert words[1] == "Not yet allied: " + ", ".join(b.power_name(p) for p in free) + "."
    high = auction_words(v, b, 7, free[0], free[1], free[0], [free[1]])[-1]
    assert high == (f"High bid: 7 gold by {b.power_name(free[0])}, proposing {b.power_name(free[1])} in box A and "
                    f"{b.power_name(free[0])} in box B; passed since: {b.power_name(free[1])}.")
    placed = {**v, "alliance": [1] + [0] * (len(free) - 1)}
    assert "box A (alliance A, play order 3)" in auction_words(placed, b)[0]  # the top row's second space


def test_the_help_buttons_say_armies_then_fleets(states: dict[str, State]) -> None:
    """An ally asked for help (R-CMB-3) sees "1 army", "2 armies", then "1 fleet"..., not
    bare numbers whose meaning it would have to guess."""
    st = states["help"]
    _, scene, _ = _screen(st)
    assert scene.picker is not None
    picker = scene.picker
    helps = [c for c in picker.choices if c.kind == "help" and len(c.args) == 2]
    assert helps
    if picker.picked == []:
        assert picker.pick(("help",))
    armies = [o.label for o in picker.options()]
    counts = sorted({int(c.args[0]) for c in helps})
    if len(counts) > 1:  # the armies are the first part
        assert armies == [f"{n} {'army' if n == 1 else 'armies'}" for n in counts]
        assert picker.pick((counts[-1],))
    fleets = [o.label for o in picker.options()]
    assert all(label.endswith(("fleet", "fleets")) for label in fleets)


def test_buying_a_tile_is_a_click_on_the_stock_with_what_borrowing_costs() -> None:
    """After "Tile" the stock over the map is the choice (no row of tile buttons running off
    the window); a tile the player cannot pay without borrowing says the unrest it would
    cost; a click on a highlighted tile sends the buy."""
    from game.rules import legal
    from game.ui.shots import selfplay_steps

    def buying(i: int, s: Step) -> bool:
        p = pending(s.state)
        return i > 40 and p.seat == 0 and p.chance is None and any(c.kind == "tile" for c in legal(s.state, 0))

    st = selfplay_steps(4, 4, buying)[-1].state.clone()
    st.gold[0] = 1  # short of gold: most tiles would be bought by borrowing (R-GEN-5)
    app, scene, table = _screen(st)
    assert scene.ready() and scene.show_market and scene.picker is not None
    scene.picker.pick(("tile",))
    app.dirty = True
    app.frame(0.0)
    labels = [b.label for b in scene.buttons]
    assert scene.board is not None
    assert not any(b.label == t.name for b in scene.buttons for t in scene.board.tiles), labels
    assert all(app.surface.get_rect().contains(b.rect) for b in scene.buttons), labels
    gold = st.gold[0]
    dear = [h for h in scene.hits if h.target[0] == "tile" and h.target[1] in st.stock
            and scene.board.tile_by_id[h.target[1]].gold > gold]
    assert dear
    for h in dear:
        assert "unrest (R-GEN-5)" in h.tip, h.tip
    offered = {c.args[0] for c in legal(st, 0) if c.kind == "tile"}
    cell = next(h for h in scene.hits if h.target[0] == "tile" and h.target[1] in offered and h.target in scene.lit())
    _click(app, cell.rect.center)
    for _ in range(3):
        if table.sent:
            break
        done = next((b for b in scene.buttons if b.key == ("confirm",)), None)
        if done is not None:
            _click(app, done.rect.center)
    assert table.sent and table.sent[-1].kind == "tile" and table.sent[-1].args[0] == cell.target[1]


def test_cancel_steps_back_by_button_esc_and_right_click_and_enter_confirms() -> None:
    """A choice made of parts (placing a unit at the setup: the unit's button, then its
    area on the map): after a part, a Cancel button, Esc and a right click each step back to
    the same pending decision with nothing sent; Enter confirms a choice made."""
    from game.rules import legal
    from game.ui.app import Intent
    from game.ui.shots import selfplay_steps

    def placing(i: int, s: Step) -> bool:
        p = pending(s.state)
        return p.seat == 0 and p.kind == "place"

    st = selfplay_steps(4, 4, placing)[-1].state
    app, scene, table = _screen(st)
    assert scene.picker is not None
    start = list(scene.picker.picked)
    for how in ("button", "esc", "right"):
        app.dirty = True
        app.frame(0.0)
        unit = next(b for b in scene.buttons if b.key == ("part", ("army",)))
        _click(app, unit.rect.center)
        assert scene.picker is not None and len(scene.picker.picked) > len(start) and not table.sent
        if how == "button":
            cancel = next(b for b in scene.buttons if b.key == ("cancel",))
            _click(app, cancel.rect.center)
        elif how == "esc":
            scene.handle(Intent("key", key=pygame.K_ESCAPE))
            app.frame(0.0)
        else:
            scene.handle(Intent("click", scene.map_rect()[:2], 3))
            app.frame(0.0)
        assert scene.picker is not None and scene.picker.picked == start and not table.sent, how
        assert app.scenes[-1] is scene  # (Esc stepped back: no pause menu)
    place = legal(st, 0)[0]
    pick_all(scene, place)
    assert scene.picker.complete() == place and scene.picker.needs_confirm() and not table.sent
    scene.handle(Intent("key", key=pygame.K_RETURN))
    assert table.sent == [place]


def test_the_auction_says_what_a_pass_and_each_box_of_a_proposal_mean() -> None:
    """The auction's Pass speaks of the auction; a proposal says which power goes in which
    box, on each power's button, in the prompt between the two clicks and in the Confirm;
    no id ("france") shows."""
    from game.rules import legal
    from game.ui.app import Intent
    from game.ui.shots import selfplay_steps

    raising = selfplay_steps(2, 4, lambda i, s: pending(s.state).seat == 0 and any(
        c.kind == "pass" for c in legal(s.state, 0)) and pending(s.state).kind == "bid")[-1].state
    app, scene, table = _screen(raising)
    passing = next(b for b in scene.buttons if b.key == ("part", ("pass",)))
    assert "auction" in passing.tip and "R-ALL-3" in passing.tip and "action" not in passing.tip.replace("auction", "")

    proposing = selfplay_steps(2, 4, lambda i, s: pending(s.state).seat == 0 and pending(s.state).kind == "propose"
                               and len({c.args[0] for c in legal(s.state, 0)}) > 1)[-1].state
    app, scene, table = _screen(proposing)
    assert scene.board is not None
    b = scene.board
    assert scene.picker is not None
    offered = [o.part[0] for o in scene.picker.options()]
    power_a = str(offered[0])

    def at(power: str) -> tuple[int, int]:
        x, y = scene.cam.to_screen(*scene.layout.areas[power].name)
        return round(x), round(y)

    tip = scene.tip_at(at(power_a))
    assert tip.startswith(f"{b.power_name(power_a)} in box A: placed on alliance A"), tip
    _click(app, at(power_a))
    words = scene._prompt_words("Propose")
    assert "now choose the power for box B (alliance B)" in words, words
    power_b = str(next(o.part[0] for o in scene.picker.options()))
    tip = scene.tip_at(at(power_b))
    assert tip.startswith(f"{b.power_name(power_b)} in box B"), tip
    _click(app, at(power_b))
    confirm = scene._prompt_words("Propose")
    assert confirm == (f"Confirm: propose {b.power_name(power_a)} in box A (alliance A) and "
                       f"{b.power_name(power_b)} in box B (alliance B)?"), confirm
    shown = " ".join([confirm, words, *(x.label for x in scene.buttons), *(x.tip for x in scene.buttons)])
    assert power_a not in shown and power_b not in shown  # ids never show
    scene.handle(Intent("key", key=pygame.K_RETURN))
    assert table.sent and table.sent[-1].kind == "propose" and table.sent[-1].args == (power_a, power_b)


def test_a_refusal_disappears_once_a_valid_part_is_chosen() -> None:
    from game.ui.shots import selfplay_steps

    st = selfplay_steps(4, 4, lambda i, s: pending(s.state).seat == 0 and pending(s.state).kind == "place")[-1].state
    app, scene, table = _screen(st)
    scene._refuse(("area", "india"))  # a click on an area no unit may be placed in now
    assert scene.message and scene.message_time > 0
    army = next(b for b in scene.buttons if b.key == ("part", ("army",)))
    _click(app, army.rect.center)
    assert scene.message == "" and scene.message_time == 0


def test_a_click_while_the_last_moves_animate_finishes_them_and_is_taken() -> None:
    """"Your decision" shows as soon as the position waits for the player; a click before
    the computer players' last moves have finished animating finishes them at once and is
    taken: the decision's picker is there at once, and its buttons take the next click."""
    from game.ui.shots import selfplay_steps

    steps = selfplay_steps(4, 4, lambda i, s: i > 4 and pending(s.state).seat == 0 and pending(s.state).kind == "place")
    table = Recorder(steps, 0)
    app = App((1280, 720), hidden=True)
    scene = GameScene(table, "normal")
    app.push(scene)
    for _ in range(400):
        app.frame(0.05)
        if scene.shown is steps[-1].state:
            break
    assert scene.shown is steps[-1].state and scene.picker is None and (scene.hold > 0 or scene.busy())
    app.draw()
    app.dispatch(Intent("click", scene.bar_rect().center, 1))  # a click in the decision's bar
    assert scene.picker is not None and scene.hold <= 0 and not scene.queue
    app.frame(0.0)
    button = next(b for b in scene.buttons if b.key == ("part", ("army",)))
    _click(app, button.rect.center)
    assert scene.picker is not None and scene.picker.picked[-1] == ("army",) and not scene.message


def test_a_battle_card_stays_for_its_reading_and_a_click_closes_it_doing_nothing_else() -> None:
    from game.ui.shots import selfplay_steps

    steps = selfplay_steps(3, 4, lambda i, s: any(e.get("kind") == "battle" for e in s.events) and i > 30)
    table = Recorder(steps, 0)
    app = App((1280, 720), hidden=True)
    scene = GameScene(table, "normal")
    app.push(scene)
    for _ in range(2000):
        app.frame(0.05)
        if scene.card is not None:
            break
    assert scene.card is not None and scene.card[0] == "battle"
    lines = len(scene.card_detail) + sum(1 for e in scene.card[1] if e.get("text"))
    assert scene.card_total >= max(2.2, 1.0 + 0.5 * lines) and lines >= 3  # a moment more for every line
    picked_before = list(scene.picker.picked) if scene.picker is not None else None
    _click(app, pygame.Rect(scene.map_rect()).center)
    assert scene.card is None and scene.hold == 0 and not table.sent
    assert (list(scene.picker.picked) if scene.picker is not None else None) == picked_before


def test_a_units_price_is_on_its_button_and_a_sea_move_says_its_chances_before_it_is_confirmed() -> None:
    from game.rules import legal
    from game.rules.movement import needs_sea_roll
    from game.ui.shots import selfplay_steps

    building = selfplay_steps(2, 4, lambda i, s: pending(s.state).seat == 0 and pending(s.state).kind == "build")
    app, scene, table = _screen(building[-1].state)
    labels = [b.label for b in scene.buttons if isinstance(b.key, tuple) and b.key[0] == "part"]
    assert labels and all(label.endswith("(1 population)") for label in labels), labels

    def sea_move(i: int, s: Step) -> bool:
        p = pending(s.state)
        return p.seat == 0 and p.kind == "move" and any(
            c.kind == "move" and needs_sea_roll(s.state, str(c.args[0]), str(c.args[2])) for c in legal(s.state, 0))

    st = selfplay_steps(2, 4, sea_move)[-1].state
    app, scene, table = _screen(st)
    move = next(c for c in legal(st, 0) if c.kind == "move" and needs_sea_roll(st, str(c.args[0]), str(c.args[2])))
    pick_all(scene, move)
    assert scene.picker is not None and scene.picker.complete() == move
    words = scene._prompt_words("Move")
    assert words.startswith("Confirm: ") and " - sea roll: arrives " in words and "(R-MOV-5" in words, words
