"""Control markers on their named spaces (game.client.markers): over whole games between
computer players, a marker stands on the space of the counter it came with (drawn at the
setup, colonised, enslaved, conquered), never moves to another space while it stands, takes
the place of the marker it replaces, and the board shows exactly the markers the rules
count (R-GEN-2)."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.client.dice import seeded_dice
from game.client.loop import play
from game.client.markers import MarkerSpaces
from game.rules import Event, Input, State, event_dicts, new_game
from game.rules.board import load_board


def _game(seed: int, players: int) -> list[tuple[State, list[dict[str, object]]]]:
    st = new_game(players)
    bots = {s: make_bot("greedy", seed * 1009 + s) for s in range(players)}
    out: list[tuple[State, list[dict[str, object]]]] = [(st.clone(), [])]

    def record(st: State, inp: Input, events: list[Event]) -> None:
        out.append((st.clone(), event_dicts(events, -1)))

    play(st, bots, seeded_dice(seed), after=record, limit=100_000)
    return out


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (2, 7), (3, 5)])
def test_a_marker_stands_on_its_counters_space_and_stays_there(seed: int, players: int) -> None:
    steps = _game(seed, players)
    board = load_board(steps[0][0].ruleset)
    spaces = MarkerSpaces(board)
    before: dict[str, dict[str, int]] = {}
    placed = replaced = 0
    for st, events in steps:
        spaces.feed(st, events)
        now = {a: spaces.spaces(a) for a in spaces.order}
        seats = {p: i for i, p in enumerate(st.powers)}
        for area, here in now.items():
            # exactly the markers the rules count, each on a space of its own area, none on a face-up counter
            counts = [sum(1 for s in here.values() if s == seat) for seat in range(st.n)]
            assert counts == list(st.markers.get(area, [0] * st.n)), (st.steps, area)
            assert not set(here) & set(st.face_up.get(area, [])) and set(here) <= set(spaces.order[area])
            for space, seat in before.get(area, {}).items():  # a marker that stands did not move
                if space not in here:
                    continue
                assert here[space] == seat or any(e.get("kind") == "marker_taken" and e.get("area") == area
                                                   for e in events), (st.steps, area, space)
        for e in events:
            if e.get("kind") in ("setup_marker", "colonise", "enslave", "neutral_conquered"):
                assert now[str(e["area"])].get(str(e["counter"])) == seats[str(e["power"])], e
                placed += 1
            if e.get("kind") == "marker_taken" and e.get("replaced"):
                area = str(e["area"])
                took = [s for s, seat in now[area].items() if seat == seats[str(e["power"])]
                        and before.get(area, {}).get(s) == seats[str(e["loser"])]]
                assert took, e  # the winner's marker on a space the loser's stood on
                replaced += 1
        before = now
    assert placed > 10 and replaced > 0


def test_going_back_takes_up_the_spaces_of_that_position() -> None:
    """An undo (or a replay's jump back) shows the markers where they stood then."""
    steps = _game(1, 4)
    spaces = MarkerSpaces(load_board(steps[0][0].ruleset))
    seen = []
    for st, events in steps[:400]:
        spaces.feed(st, events)
        seen.append({a: spaces.spaces(a) for a in spaces.order})
    spaces.feed(steps[150][0], [])
    assert {a: spaces.spaces(a) for a in spaces.order} == seen[150]
    for st, events in steps[151:400]:
        spaces.feed(st, events)
    assert {a: spaces.spaces(a) for a in spaces.order} == seen[399]
