"""The targets of an attack (R-CMB-1, R-CMB-2, R-CMB-12, R-CMB-13): what a seat may attack
now, listed for its decision or only asked whether there is any (for the turn's actions
and the War Office)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.rules.common import ARMY, FLEET, board
from game.rules.core import C, Choice, State


def captured_in(st: State, area: str) -> list[list[Any]]:
    return [c for c in st.captured if c[0] == area]


def attack_targets(st: State, seat: int) -> list[Choice]:
    """R-CMB-1, R-CMB-2, R-CMB-12, R-CMB-13: every attack the seat may declare now."""
    return list(_targets(st, seat))


def has_attack_target(st: State, seat: int) -> bool:
    """Whether :func:`attack_targets` lists anything (stops at the first target found)."""
    return next(_targets(st, seat), None) is not None


def _targets(st: State, seat: int) -> Iterator[Choice]:
    """The attacks of :func:`attack_targets`, one by one, in its order."""
    b = board(st)
    counter_type = b.t.counter_type
    units, markers, powers, captured, face_up = st.units, st.markers, st.powers, st.captured, st.face_up
    foes: list[int] | None = None
    for area in b.vp_areas:
        here = units[area]
        own = here[seat]
        armies, fleets = own[ARMY], own[FLEET]
        if armies <= 0 and fleets <= 0:
            continue  # (most areas: nothing of the seat's there)
        if foes is None:  # the seats that may be attacked: not the seat itself nor an ally (R-CMB-13)
            alliance = st.alliance[seat]
            foes = [p for p in range(len(powers)) if p != seat and not (alliance != 0 and st.alliance[p] == alliance)]
        if armies > 0:
            mark = markers[area]
            for p in foes:
                if mark[p] > 0 or sum(here[p]) > 0:
                    yield C("attack", area, "power", powers[p])
            for counter in face_up[area]:
                if counter_type[counter] == "neutral":
                    yield C("attack", area, "counter", counter)
            for c in captured:
                if c[0] == area and c[1] == "slave_revolt":
                    yield C("attack", area, "tile", c[1])
        else:  # fleets only
            for p in foes:
                if here[p][FLEET] > 0:
                    yield C("attack", area, "naval", powers[p])
        if fleets > 0:
            for c in captured:
                if c[0] == area and c[1] == "pirates":
                    yield C("attack", area, "tile", c[1])


__all__ = ["attack_targets", "captured_in", "has_attack_target"]
