"""The targets of an attack (R-CMB-1, R-CMB-2, R-CMB-12, R-CMB-13): what a seat may attack
now, listed for its decision or only asked whether there is any (for the turn's actions
and the War Office), and why a target not listed is refused."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.rules.common import ARMY, FLEET, aname, board, is_ally, pname
from game.rules.core import C, Choice, State
from game.rules.errors import Refusal, refusal


def captured_in(st: State, area: str) -> list[list[Any]]:
    return [c for c in st.captured if c[0] == area]


def attack_targets(st: State, seat: int) -> list[Choice]:
    """R-CMB-1, R-CMB-2, R-CMB-12, R-CMB-13: every attack the seat may declare now."""
    return list(_targets(st, seat))


def has_attack_target(st: State, seat: int) -> bool:
    """Whether :func:`attack_targets` lists anything: the same tests as :func:`_targets`,
    stopping at the first target found, without making it (asked for every action of a
    turn; a test checks it against :func:`attack_targets` through whole games)."""
    b = board(st)
    units, markers, captured, face_up = st.units, st.markers, st.captured, st.face_up
    foes: list[int] | None = None
    for area in b.vp_areas:
        here = units[area]
        own = here[seat]
        armies, fleets = own[ARMY], own[FLEET]
        if armies <= 0 and fleets <= 0:
            continue
        if foes is None:
            foes = _foes(st, seat)
        if armies > 0:
            mark = markers[area]
            for p in foes:
                if mark[p] > 0 or sum(here[p]) > 0:
                    return True
            if face_up[area]:
                counter_type = b.t.counter_type
                for counter in face_up[area]:
                    if counter_type[counter] == "neutral":
                        return True
            for c in captured:
                if c[0] == area and c[1] == "slave_revolt":
                    return True
        else:
            for p in foes:
                if here[p][FLEET] > 0:
                    return True
        if fleets > 0:
            for c in captured:
                if c[0] == area and c[1] == "pirates":
                    return True
    return False


def _foes(st: State, seat: int) -> list[int]:
    """The seats ``seat`` may attack: neither itself nor an ally (R-CMB-13)."""
    alliance = st.alliance[seat]
    return [p for p in range(len(st.powers)) if p != seat and not (alliance != 0 and st.alliance[p] == alliance)]


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
            foes = _foes(st, seat)
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


def why_not_attack(st: State, seat: int, args: tuple[object, ...]) -> Refusal | None:
    """R-CMB-1, -2, -12, -13, R-TIL-17/18: why an attack on a target is refused."""
    b = board(st)
    who, power = pname(st, seat), st.powers[seat]
    if len(args) != 3 or not all(isinstance(a, str) for a in args):
        return refusal("an attack names an area, the kind of target (power, naval, counter or tile) and the target",
                       "R-CMB-1", "attack.shape")
    area, kind, target = (str(a) for a in args)
    if area not in b.vp_areas:
        return refusal(f"attacks are made in the areas with victory points, and {area!r} is not one", "R-CMB-1",
                       "attack.not_vp_area", value=area)
    where = aname(st, area)
    own = st.units[area][seat]
    if kind in ("power", "naval"):
        if target not in st.powers:
            return refusal(f"there is no player called {target!r} in this game", "R-CMB-1", "attack.no_such_player",
                           value=target)
        dfn = st.powers.index(target)
        if dfn == seat:
            return refusal(f"{who} cannot attack itself", "R-CMB-1", "attack.itself", power=power)
        if is_ally(st, seat, dfn):
            return refusal(f"{who} may never attack an ally ({pname(st, dfn)})", "R-CMB-13", "attack.ally",
                           power=power, ally=target)
        if kind == "power":
            if own[ARMY] <= 0:
                return refusal(f"a land attack needs an army of {who}'s own in {where}", "R-CMB-2",
                               "attack.needs_army", power=power, area=area)
            return refusal(f"{pname(st, dfn)} has no unit and no control marker in {where} to attack", "R-CMB-1",
                           "attack.nothing_there", defender=target, area=area)
        if own[FLEET] <= 0:
            return refusal(f"a naval attack needs a fleet of {who}'s own in {where}", "R-CMB-2",
                           "attack.needs_fleet", power=power, area=area)
        if own[ARMY] > 0:
            return refusal(f"{who} has an army in {where}: it makes a land attack, with a naval phase", "R-CMB-2",
                           "attack.land_not_naval", power=power, area=area)
        return refusal(f"{pname(st, dfn)} has no fleet in {where} to fight at sea", "R-CMB-2",
                       "attack.no_fleet_there", defender=target, area=area)
    if kind == "counter":
        counter = b.counter_by_id.get(target)
        if counter is None or target not in st.face_up[area]:
            return refusal(f"there is no such neutral counter face up in {where}", "R-CMB-12", "attack.no_such_counter",
                           area=area)
        if counter.type != "neutral":
            return refusal(f"{counter.name} has no strength: it is colonised or enslaved, not attacked", "R-CMB-12",
                           "attack.not_neutral", counter=target)
        return refusal(f"a land attack needs an army of {who}'s own in {where}", "R-CMB-2",
                       "attack.needs_army", power=power, area=area)
    if kind == "tile":
        rule = "R-TIL-17" if target == "pirates" else "R-TIL-18"
        if not any(c[1] == target for c in captured_in(st, area)):
            return refusal(f"there is no such tile holding a control marker in {where}", rule, "attack.no_such_tile",
                           area=area)
        if target == "pirates":
            return refusal(f"the Pirates are fought at sea: {who} needs a fleet in {where}", rule,
                           "attack.tile_needs_unit", tile=target, power=power, area=area)
        return refusal(f"a Slave Revolt is fought on land: {who} needs an army in {where}", rule,
                       "attack.tile_needs_unit", tile=target, power=power, area=area)
    return refusal(f"the kind of target is power, naval, counter or tile, not {kind!r}", "R-CMB-1",
                   "attack.target_kind", value=kind)


__all__ = ["attack_targets", "captured_in", "has_attack_target", "why_not_attack"]
