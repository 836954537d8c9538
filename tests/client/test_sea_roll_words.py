"""The chances of a sea roll said before a move is confirmed (R-MOV-5, R-TIL-10): exact
over the 36 pairs of dice, and only for a move into or out of a colony."""

from __future__ import annotations

from game.client.words.choices import sea_roll_note
from game.rules import legal, pending
from game.rules.movement import needs_sea_roll
from tests.client.test_marker_spaces import _game


def test_a_sea_move_says_its_chances_and_a_move_by_land_says_nothing() -> None:
    sea = land = None
    for st, _ in _game(2, 4):
        p = pending(st)
        if p.chance is not None or p.seat < 0 or p.kind != "move":
            continue
        for c in legal(st, p.seat):
            if c.kind != "move":
                continue
            if needs_sea_roll(st, str(c.args[0]), str(c.args[2])):
                sea = sea or (st, p.seat, c)
            else:
                land = land or (st, p.seat, c)
        if sea and land:
            break
    assert sea and land
    st, seat, c = sea
    plain = st.clone()
    plain.tiles[seat].pop("navigation", None)
    assert sea_roll_note(plain, seat, c) == "sea roll: arrives 89%, stays 6%, lost 6% (R-MOV-5)"
    nav = st.clone()
    nav.tiles[seat]["navigation"] = 1  # +2 to the second roll: 3-4 and 5-6 of the second die arrive
    assert sea_roll_note(nav, seat, c) == "sea roll: arrives 94%, stays 6%, lost 0% (R-MOV-5, R-TIL-10)"
    assert sea_roll_note(land[0], land[1], land[2]) == ""
