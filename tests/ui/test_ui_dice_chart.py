"""The dice chart (the end screen's, the fairness panel's) gives each power exactly the dice it rolled: both dice of
its side in every battle (never a neutral's, never the previous attacker's when Pirates or
a Slave Revolt fight), and its rerolls with a Reserve (R-CMB-5, R-TIL-2)."""

from __future__ import annotations

import random

from game.bots import make_bot
from game.client.fairness import dice_by_power
from game.rules import Act, Roll, apply, event_dicts, legal, new_game, pending
from net.core.chance import chance_request


def _game(players: int, seed: int) -> tuple[list[dict[str, object]], dict[str, list[int]], int]:
    """A whole game of greedy bots: its events, and each power's battle dice and rerolls as
    the chance requests themselves say whose each value is (independent of the events)."""
    rng = random.Random(seed)
    bots = [make_bot("greedy", seed * 10 + i) for i in range(players)]
    st = new_game(players)
    events: list[dict[str, object]] = []
    expected: dict[str, list[int]] = {}
    neutral_dice = 0
    while not (p := pending(st)).is_over:
        if p.chance is not None:
            values = tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)
            if p.chance.kind in ("dice", "reroll"):
                for owner, v in zip(chance_request(st)["for"], values, strict=True):
                    if isinstance(owner, int):
                        expected.setdefault(st.powers[owner], []).append(v)
                    else:
                        neutral_dice += 1
            st, evs = apply(st, Roll(values))
        else:
            st, evs = apply(st, Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat))))
        events += event_dicts(evs, None)
    return events, expected, neutral_dice


def test_each_power_is_charted_with_the_dice_it_rolled_in_battle() -> None:
    events, expected, neutral_dice = _game(4, 3)
    assert neutral_dice > 0  # battles against neutrals were fought: their dice are no one's
    charted = dice_by_power([e for e in events if e.get("kind") in ("dice", "reroll")])
    assert charted == expected
    assert sum(map(len, charted.values())) % 2 == 0


def test_the_dice_event_names_the_power_on_each_side() -> None:
    events, _, _ = _game(3, 5)
    battles = [e for e in events if e.get("kind") == "dice"]
    assert battles
    for e in battles:
        powers = e["powers"]
        assert isinstance(powers, list) and len(powers) == 2
        assert any(powers)  # a power fights in every battle
