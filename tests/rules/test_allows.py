"""A phase's quick answer to "is this choice legal?" (``Phase.allows``) is the list's
answer (``choice in legal``): every peer checks each received decision with it, so a
difference would split a network game.

R-ACT-C1 (a move action moves units one at a time, each at most once) is the phase that
answers without listing: every move of every unit to every area, and the malformed ones,
is asked at each move decision of whole random games. Every other phase's answer is
checked against its list too, at every decision of whole games, and ``Phase.waits`` (the
engine's quick "does this frame wait for an input?") against ``pending``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from game.rules import C, Choice, State, apply_in_place, decision, legal, new_game, pending
from game.rules.common import board
from game.rules.core import Act, Pending, Roll
from game.rules.phase import PHASES, Frame, Phase
from tests.test_fuzz import unlisted, vocabulary

KINDS = ("army", "fleet", "fort", "tank")


def random_decisions(players: tuple[int, ...], rng: random.Random) -> Iterator[tuple[State, Pending]]:
    """Every seat's decision of one whole random game for each number of ``players`` (the
    chance inputs rolled in between): the state and what it waits for. Once the test has
    looked, a legal choice drawn from ``rng`` is made."""
    for n in players:
        st = new_game(n)
        while not pending(st).is_over:
            p = pending(st)
            if p.chance is not None:
                apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)))
                continue
            yield st, p
            apply_in_place(st, Act(p.seat, rng.choice(legal(st, p.seat))))


def candidates(area_ids: list[str]) -> list[Choice]:
    """Every move shaped or misshaped as one, and the other answers a move decision might get."""
    places = [*area_ids, "atlantis"]
    out = [C("move", src, kind, dst) for src in places for kind in KINDS for dst in places]
    out += [C("done"), C("done", 1), C("move", area_ids[0], "army"), C("move", area_ids[0], 1, area_ids[1]),
            C("move", area_ids[0], "army", area_ids[1], "x"), C("pass")]
    return out


def test_r_act_c1_move_allows_exactly_the_listed_moves() -> None:
    rng = random.Random(7)
    asked = 0
    everything = candidates([a.id for a in board(new_game(3)).areas])
    for st, p in random_decisions((3, 5, 7), rng):
        fr = st.stack[-1]
        if fr["t"] == "move" and asked < 400:
            listed = set(legal(st, p.seat))
            phase = PHASES["move"]
            for c in everything:
                assert phase.allows(st, fr, c) == (c in listed), (c, fr)
            asked += 1
    assert asked >= 100  # the games made enough move decisions to mean something


def near(options: list[Choice], words: tuple[object, ...], rng: random.Random) -> list[Choice]:
    """The listed choices and unlisted ones close to them (the fuzz tests' ``unlisted``: an
    argument changed, dropped or added, another phase's kind), and integers just past the
    listed ones."""
    out = list(options) + [c for c in (unlisted(options, words, rng) for _ in range(12)) if c is not None]
    for c in options:
        for i, a in enumerate(c.args):
            if isinstance(a, int):
                for v in (a - 1, a + 1, -1, 10**6):
                    out.append(Choice(c.kind, c.args[:i] + (v,) + c.args[i + 1:]))
    return out


def test_every_phase_allows_exactly_the_listed_choices() -> None:
    """Every phase's ``allows`` (those that check a choice without listing, and the list's
    own answer) is ``choice in legal`` at every decision of whole random games, for the
    listed choices and unlisted ones close to them."""
    rng = random.Random(11)
    kinds: set[str] = set()
    words = vocabulary(new_game(2).ruleset)
    for st, p in random_decisions((2, 4, 7), rng):
        options = legal(st, p.seat)
        fr = st.stack[-1]
        phase = PHASES[fr["t"]]
        listed = set(options)
        for c in near(options, words, rng):
            assert phase.allows(st, fr, c) == (c in listed), (c, fr)
        kinds.add(f"{fr['t']}:{p.kind}")
    assert {"turn:action", "auction:bid", "auction:propose", "game:place", "build:disband", "move:move",
            "attack:offer", "attack:help"} <= kinds, sorted(kinds)


def test_every_phase_waits_exactly_when_it_has_a_pending(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Phase.waits`` (asked after every automatic step) is ``pending is not None`` at
    every frame the engine looks at through whole random games, automatic ones included."""
    seen: Counter[tuple[str, bool]] = Counter()
    for phase in PHASES.values():
        def checked(st: State, fr: Frame, phase: Phase = phase, waits: Callable[[State, Frame], bool] = phase.waits
                    ) -> bool:
            got = waits(st, fr)
            assert got == (phase.pending(st, fr) is not None), fr
            seen[(fr["t"], got)] += 1
            return got
        monkeypatch.setattr(phase, "waits", checked)
    rng = random.Random(5)
    for players in (2, 4, 7):
        st = new_game(players)
        while not pending(st).is_over:
            p = pending(st)
            if p.chance is not None:
                apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)))
            else:
                apply_in_place(st, Act(p.seat, rng.choice(legal(st, p.seat))))
    assert {(t, w) for t in ("game", "turn", "move", "build", "attack", "battle") for w in (True, False)} <= set(seen)


def test_every_phase_decides_as_its_pending_and_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Phase.decision`` (what the engine's ``decision`` returns) is ``pending`` with, for a
    seat's decision, ``legal``, at every frame the engine looks at through whole random
    games, automatic ones included."""
    seen: Counter[tuple[str, bool]] = Counter()
    for phase in PHASES.values():
        def checked(st: State, fr: Frame, phase: Phase = phase, waits: Callable[[State, Frame], bool] = phase.waits
                    ) -> bool:
            p = phase.pending(st, fr)
            expected = (p, phase.legal(st, fr) if p is not None and p.chance is None and p.seat >= 0 else [])
            assert phase.decision(st, fr) == expected, fr
            seen[(fr["t"], p is not None)] += 1
            return waits(st, fr)
        monkeypatch.setattr(phase, "waits", checked)
    rng = random.Random(8)
    for players in (2, 5, 7):
        st = new_game(players)
        while not pending(st).is_over:
            p, options = decision(st)
            assert p == pending(st) and options == (legal(st, p.seat) if p.chance is None else [])
            if p.chance is not None:
                apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)))
            else:
                apply_in_place(st, Act(p.seat, rng.choice(options)))
    assert {(t, w) for t in ("game", "turn", "move", "build", "attack", "battle") for w in (True, False)} <= set(seen)


def test_the_quick_answers_are_the_lists_answers() -> None:
    """Whether anything can move, be attacked or be bought (asked for a turn's actions and
    after each move) is whether the list of moves, targets or tiles is empty, for every seat
    at every decision of whole random games, and inside a move action with the units it
    has moved."""
    from game.rules.movement import can_move_any, unit_moves
    from game.rules.targets import attack_targets, has_attack_target
    from game.rules.turn import buyable, can_buy

    rng = random.Random(17)
    asked = Counter[bool]()
    for st, _ in random_decisions((3, 7), rng):
        fr = st.stack[-1]
        spent = fr["spent"] if fr["t"] == "move" else None
        for s in range(st.n):
            moves = bool(unit_moves(st, s, spent))
            assert can_move_any(st, s, spent) == moves
            assert has_attack_target(st, s) == bool(attack_targets(st, s))
            assert can_buy(st, s) == bool(buyable(st, s))
            asked[moves] += 1
    assert asked[True] and asked[False]
