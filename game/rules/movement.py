"""Movement (R-MOV), the move action (R-ACT-C1) and sea rolls (R-MOV-5, Navigation); a
built unit's move at once starts here too (building itself: :mod:`game.rules.building`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from game.rules.board import Board
from game.rules.common import (
    ARMY,
    FLEET,
    FORT,
    KIND_INDEX,
    KIND_NAMES,
    PLURAL,
    A,
    Log,
    aname,
    board,
    check_blockades,
    is_ally,
    move_unit,
    owns,
    pname,
    ready,
    remove_unit,
)
from game.rules.core import C, Choice, Pending, State
from game.rules.errors import Refusal, refusal
from game.rules.phase import Frame, Phase, chance, decide, dice
from game.rules.tables import Tables


# --------------------------------------------------------------------------- where units may go
def army_may_enter(st: State, seat: int, dest: str) -> bool:
    """R-MOV-1, R-MOV-3, R-MOV-4 (and Blockade, R-TIL-21 a): may an army of ``seat`` enter ``dest``?"""
    return bool(_armies_enter(st, seat, (dest,), board(st).t))


def _armies_enter(st: State, seat: int, areas: tuple[str, ...], t: Tables) -> list[str]:
    """The ``areas`` an army of ``seat`` may enter (:func:`army_may_enter`), in their order:
    one pass over them, the seat's own values looked up once."""
    power = st.powers[seat]
    units, markers, blockades = st.units, st.markers, st.blockades
    home_of, colony, europe_adjacent = t.home_of, t.colony, t.europe_adjacent
    out = []
    for dest in areas:
        owner = home_of.get(dest)
        if owner is not None:
            if owner == power:
                out.append(dest)
            continue
        if dest in colony:
            here = units[dest]
            own_fleets = here[seat][FLEET]
            if own_fleets <= 0:
                continue
            if blockades and any(b_area == dest and owner_seat != seat and not is_ally(st, owner_seat, seat)
                                 and own_fleets <= here[owner_seat][FLEET] for b_area, owner_seat in blockades):
                continue
            out.append(dest)
            continue
        # a European VP area
        if markers[dest][seat] > 0:
            out.append(dest)
            continue
        for adj in europe_adjacent[dest]:
            if markers[adj][seat] > 0:
                out.append(dest)
                break
        else:
            if dest in t.home_adjacent[power] or (dest in t.sea and units[dest][seat][FLEET] > 0):
                out.append(dest)
            else:
                naval = t.naval_area[dest]
                if naval and naval != dest and units[naval][seat][FLEET] > 0:
                    out.append(dest)
    return out


def fleet_may_enter(st: State, seat: int, dest: str) -> bool:
    """R-MOV-2: fleets move among sea areas: the colonies, Baltic, Mediterranean, own home."""
    area = board(st).area_by_id[dest]
    if area.is_home:
        return area.owner == st.powers[seat]
    return area.sea


def may_enter(st: State, seat: int, dest: str, kind: int) -> bool:
    return fleet_may_enter(st, seat, dest) if kind == FLEET else army_may_enter(st, seat, dest)


def enterable(st: State, seat: int, kind: int) -> list[str] | tuple[str, ...]:
    """Every area a unit of ``seat`` of ``kind`` may enter now, in board order (the same
    for every area it would come from: :func:`destinations` leaves out the one it is in).
    Forts move as armies."""
    t = board(st).t
    if kind == FLEET:
        fleets = t.fleet_enters.get(st.powers[seat])
        if fleets is not None:
            return fleets
        return [a for a in t.area_ids if fleet_may_enter(st, seat, a)]
    return _armies_enter(st, seat, t.area_ids, t)


def _enters_elsewhere(st: State, seat: int, kind: int, src: str) -> bool:
    """Whether a unit of ``seat`` of ``kind`` in ``src`` may enter some other area
    (``destinations`` is not empty). An army may always go home: that is asked first."""
    t = board(st).t
    if kind == FLEET:
        areas = enterable(st, seat, FLEET)
    else:
        home = st.powers[seat]
        if home != src and home in t.home_of and _armies_enter(st, seat, (home,), t):
            return True
        areas = _armies_enter(st, seat, t.area_ids, t)
    for a in areas:
        if a != src:
            return True
    return False

def why_not_enter(st: State, seat: int, dest: str, kind: int) -> Refusal:
    """Why a unit of ``seat`` of ``kind`` may not enter ``dest`` (a sentence and the rule)."""
    b = board(st)
    who, power = pname(st, seat), st.powers[seat]
    area = b.area_by_id.get(dest)
    if area is None:
        return refusal(f"there is no area called {dest!r} on the map", "R-MAP-1", "map.no_such_area", value=dest)
    name = area.name
    if area.is_home:
        return refusal(f"no unit may ever enter another player's home nation ({name})", "R-MOV-1",
                       "enter.home_nation", area=dest)
    if kind == FLEET:
        return refusal(f"fleets cannot enter {name}: they sail only among the colonies, the Baltic, the "
                       f"Mediterranean and their own home nation", "R-MOV-2", "enter.fleet_on_land", area=dest)
    if area.is_colony:
        if st.units[dest][seat][FLEET] <= 0:
            return refusal(f"{who} has no fleet in {name}: an army may enter a colony only where its owner has a "
                           f"fleet", "R-MOV-3", "enter.colony_no_fleet", power=power, area=dest)
        for b_area, owner in st.blockades:
            if b_area == dest:
                return refusal(f"{pname(st, owner)}'s Blockade in {name}: an army may enter only with more fleets "
                               f"there than {pname(st, owner)}", "R-TIL-21", "enter.blockade",
                               owner=st.powers[owner], area=dest)
    return refusal(f"{name} is not adjacent to {who}'s home nation, and {who} has no control marker there or in an "
                   f"adjacent area and no fleet that would carry it there", "R-MOV-4", "enter.not_adjacent",
                   area=dest, power=power)


def why_not_move(st: State, seat: int, args: tuple[object, ...], spent: list[list[Any]] | None) -> Refusal | None:
    """Why the move ``[src, kind, dst]`` is refused, when it is shaped as a move."""
    if len(args) != 3 or not all(isinstance(a, str) for a in args):
        return None
    src, kind_name, dst = (str(a) for a in args)
    b = board(st)
    who, power = pname(st, seat), st.powers[seat]
    if src not in b.area_by_id:
        return refusal(f"there is no area called {src!r} on the map", "R-MAP-1", "map.no_such_area", value=src)
    if kind_name not in KIND_INDEX:
        return refusal(f"only armies and fleets move, not {kind_name!r}", "R-MOV-1", "move.what_moves",
                       value=kind_name)
    kind = KIND_INDEX[kind_name]
    where = aname(st, src)
    if st.units[src][seat][kind] <= 0:
        return refusal(f"{who} has no {kind_name} in {where}", "R-ACT-C1", "move.no_unit_there",
                       power=power, unit=kind_name, area=src)
    if kind == FORT:
        if b.area_by_id[src].owner != st.powers[seat]:
            return refusal(f"a fort moves only when it is built: once in {where} it never moves", "R-ACT-B2",
                           "move.fort_placed", area=src)
        if movable_count(st, seat, src, FORT) <= 0:
            return refusal("a fort kept at home when it was built stays there; only one a failed sea roll sent "
                           "home may move later", "R-ACT-B2", "move.fort_at_home")
    if movable_count(st, seat, src, kind, spent) <= 0:
        return refusal(f"each unit moves at most once in a move action: {who}'s {PLURAL[kind_name]} in {where} have "
                       f"moved", "R-ACT-C1", "move.moved_once", power=power, unit=kind_name, area=src)
    if dst == src:
        return refusal("a unit must move to another area", "R-ACT-C1", "move.same_area")
    return why_not_enter(st, seat, dst, ARMY if kind == FORT else kind)


def needs_sea_roll(st: State, src: str, dst: str) -> bool:
    """R-MAP-4 / R-MOV-5: into or out of a colony, except among the three Americas."""
    b = board(st)
    a, z = b.area_by_id[src], b.area_by_id[dst]
    if not (a.is_colony or z.is_colony):
        return False
    return not (a.americas and z.americas)


def destinations(st: State, seat: int, src: str, kind: int) -> list[str]:
    return [a for a in enterable(st, seat, kind) if a != src]


def movable_count(st: State, seat: int, area_id: str, kind: int, spent: list[list[Any]] | None = None) -> int:
    """How many of the seat's units of ``kind`` in ``area_id`` may move now (R-MOV-1, R-ACT-B2,
    R-ACT-C1). Armies and fleets move; a fort only from its own home nation and only if a
    failed sea roll sent it back there (000: "se un forte è costretto a ritornare nella
    propria nazione ... potrà poi essere mosso come parte di una normale azione di
    movimento"; 002: "I forti restano dove sono stati piazzati quando costruiti"), as an
    army. ``spent``: ``[area, kind]`` of each unit the current move action has already moved
    (000: "Ciascun movimento ... è un evento totalmente separato": each unit moves once)."""
    here = st.units[area_id][seat][kind]
    if kind == FORT:
        if board(st).t.home_of.get(area_id, "") != st.powers[seat]:
            return 0
        here = min(here, st.loose_forts[seat])
    if spent:
        here -= sum(1 for a, k in spent if a == area_id and k == kind)
    return max(0, here)


def _movers(st: State, seat: int, spent: list[list[Any]] | None) -> Iterator[tuple[str, int]]:
    """``(area, kind)`` of the seat's units that may move now, in board order and army,
    fleet, fort order within an area (:func:`movable_count` above 0)."""
    units = st.units
    for area in board(st).t.area_ids:
        here = units[area][seat]
        if not any(here):
            continue  # (most areas: none of the seat's units)
        # (an army or a fleet may move when there is one and none has moved yet)
        if here[ARMY] > 0 and (not spent or movable_count(st, seat, area, ARMY, spent) > 0):
            yield area, ARMY
        if here[FLEET] > 0 and (not spent or movable_count(st, seat, area, FLEET, spent) > 0):
            yield area, FLEET
        if here[FORT] > 0 and movable_count(st, seat, area, FORT, spent) > 0:
            yield area, FORT


def unit_moves(st: State, seat: int, spent: list[list[Any]] | None = None) -> list[Choice]:
    """Every single-unit move the seat could make now (R-ACT-C1)."""
    out: list[Choice] = []
    dests: dict[int, list[str] | tuple[str, ...]] = {}
    moves = board(st).t.moves
    for src, kind in _movers(st, seat, spent):
        walk = ARMY if kind == FORT else kind
        if walk not in dests:
            dests[walk] = enterable(st, seat, walk)
        made = moves[src, KIND_NAMES[kind]]
        out.extend([made[dst] for dst in dests[walk] if dst != src])
    return out


def can_move_any(st: State, seat: int, spent: list[list[Any]] | None = None) -> bool:
    """Whether :func:`unit_moves` lists anything. Before a unit has moved, an army outside
    its home nation answers it at once: it may always go home (R-MOV-1)."""
    if not spent:
        power = st.powers[seat]
        t = board(st).t
        if t.home_of.get(power) == power:
            units = st.units
            for area in t.area_ids:
                if units[area][seat][ARMY] > 0 and area != power:
                    return True
    for src, kind in _movers(st, seat, spent):
        if _enters_elsewhere(st, seat, ARMY if kind == FORT else kind, src):
            return True
    return False


def _moved(st: State, frame: Frame | None, area: str, kind: int) -> None:
    """Record in the move action's frame that a unit of ``kind`` has moved and stands in
    ``area`` (R-ACT-C1: it may not move again in this action)."""
    if frame is not None and frame.get("t") == "move":
        frame["spent"].append([area, kind])


def start_move(st: State, seat: int, src: str, dst: str, kind: int, log: Log) -> None:
    """Move one unit, pushing a sea roll when one is needed."""
    if needs_sea_roll(st, src, dst):
        log.add("sea_move", lambda b, d: f"{b.power_name(d['power'])} sends {A[d['unit']]} from "
                f"{b.area_name(d['src'])} to {b.area_name(d['dst'])}: sea roll", power=st.powers[seat],
                unit=KIND_NAMES[kind], src=src, dst=dst)
        st.stack.append({"t": "sea", "seat": seat, "src": src, "dst": dst, "kind": kind})
        return
    _moved(st, st.stack[-1], dst, kind)
    move_unit(st, seat, src, dst, kind)
    log.add("move", lambda b, d: f"{b.power_name(d['power'])} moves {A[d['unit']]} from {b.area_name(d['src'])} to "
            f"{b.area_name(d['dst'])}",
            power=st.powers[seat], unit=KIND_NAMES[kind], src=src, dst=dst)
    check_blockades(st, log)


def _rolled_again(b: Board, d: Mapping[str, Any]) -> str:
    """The start of a sea roll's event after a 1: "Spain's fleet rolls 1, then 4 (+2 Navigation)"."""
    extra = f" (+{d['bonus']} Navigation)" if d["bonus"] else ""
    return f"{b.power_name(d['power'])}'s {d['unit']} rolls 1, then {d['dice'][1]}{extra}"


class SeaRoll(Phase):
    """R-MOV-5: 2-6 arrives; on a 1 roll again: 1-2 lost, 3-4 stays, 5-6 arrives.

    Both dice are drawn at once; the second is read only after a 1 (Navigation adds 2 to it).
    """

    name = "sea"

    def pending(self, st: State, fr: Frame) -> Pending:
        return chance(st, "sea_roll", dice(2), lambda b, d: f"Sea roll for {b.power_name(d['power'])}'s {d['unit']}",
                      {"key": "sea_roll", "rule": "R-MOV-5", "power": st.powers[fr["seat"]],
                       "unit": KIND_NAMES[fr["kind"]]})

    def waits(self, st: State, fr: Frame) -> bool:
        return True

    def roll(self, st: State, fr: Frame, values: tuple[int, ...], log: Log) -> None:
        b = board(st)
        seat, src, dst, kind = fr["seat"], fr["src"], fr["dst"], fr["kind"]
        first, second = values
        st.stack.pop()
        data = {"power": st.powers[seat], "unit": KIND_NAMES[kind], "src": src, "dst": dst, "dice": [first]}
        below = st.stack[-1]
        if first >= b.c("sea_roll_arrive_min"):
            move_unit(st, seat, src, dst, kind)
            _moved(st, below, dst, kind)
            log.add("sea_arrive", lambda b, d: f"{b.power_name(d['power'])}'s {d['unit']} rolls {d['dice'][0]} and "
                    f"arrives in {b.area_name(d['dst'])}", **data)
            check_blockades(st, log)
            return
        bonus = b.c("navigation_bonus") if owns(st, seat, "navigation") else 0
        total = second + bonus
        data["dice"] = [first, second]
        data["bonus"] = bonus
        if total <= b.c("sea_roll_again_lost_max"):
            remove_unit(st, seat, src, kind)
            log.add("sea_lost", lambda b, d: f"{_rolled_again(b, d)}: lost at sea", **data)
            check_blockades(st, log)
        elif total <= b.c("sea_roll_again_back_max"):
            _moved(st, below, src, kind)
            if kind == FORT:  # R-ACT-B2: sent back home, it may move later with a move action
                st.loose_forts[seat] += 1
            log.add("sea_back", lambda b, d: f"{_rolled_again(b, d)}: it stays in {b.area_name(d['src'])}", **data)
        else:
            move_unit(st, seat, src, dst, kind)
            _moved(st, below, dst, kind)
            log.add("sea_arrive", lambda b, d: f"{_rolled_again(b, d)}: it arrives in {b.area_name(d['dst'])}", **data)
            check_blockades(st, log)


DONE = C("done")


class Move(Phase):
    """R-ACT-C1: move up to 2 units (3 with Logistics), each separately and in turn."""

    name = "move"

    def pending(self, st: State, fr: Frame) -> Pending | None:
        if fr["left"] <= 0 or (fr["moved"] > 0 and not can_move_any(st, fr["seat"], fr["spent"])):
            return None
        return self._prompt(st, fr)

    def _prompt(self, st: State, fr: Frame) -> Pending:
        return decide(st, "move", fr["seat"],
                      lambda b, d: f"{b.power_name(d['power'])}: move a unit ({d['left']} left) or stop",
                      {"key": "move", "rule": "R-ACT-C1", "power": st.powers[fr["seat"]], "left": fr["left"]})

    def decision(self, st: State, fr: Frame) -> tuple[Pending | None, list[Choice]]:
        """Whether a unit can move is whether the list of moves is empty: listed once."""
        if fr["left"] <= 0:
            return None, []
        out = unit_moves(st, fr["seat"], fr["spent"])
        if fr["moved"] > 0:
            if not out:
                return None, []
            out.append(DONE)
        return self._prompt(st, fr), out

    def waits(self, st: State, fr: Frame) -> bool:
        return not (fr["left"] <= 0 or (fr["moved"] > 0 and not can_move_any(st, fr["seat"], fr["spent"])))

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        out = unit_moves(st, fr["seat"], fr["spent"])
        if fr["moved"] > 0:
            out.append(DONE)
        return out

    def allows(self, st: State, fr: Frame, choice: Choice) -> bool:
        """:meth:`legal` without listing every move: the one move asked about is checked
        as :func:`unit_moves` would list it (a unit that may move, another area it may enter)."""
        if choice.kind == "done":
            return not choice.args and fr["moved"] > 0
        args = choice.args
        if choice.kind != "move" or len(args) != 3 or not all(type(a) is str for a in args):
            return False
        src, kind_name, dst = (str(a) for a in args)
        b = board(st)
        if src not in b.area_by_id or dst not in b.area_by_id or dst == src or kind_name not in KIND_INDEX:
            return False
        kind = KIND_INDEX[kind_name]
        return movable_count(st, fr["seat"], src, kind, fr["spent"]) > 0 and may_enter(st, fr["seat"], dst, kind)

    def refusal(self, st: State, fr: Frame, choice: Choice) -> Refusal | None:
        if choice.kind == "move":
            return why_not_move(st, fr["seat"], choice.args, fr["spent"])
        if choice.kind == "done":
            return refusal("a move action moves at least one unit before it stops", "R-ACT-C1", "move.done_first")
        return None

    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        if choice.kind == "done":
            st.stack.pop()
            return
        src, kind, dst = (str(x) for x in choice.args)
        fr["left"] -= 1
        fr["moved"] += 1
        if kind == "fort":  # a fort a sea roll sent home leaves it (R-ACT-B2)
            st.loose_forts[fr["seat"]] -= 1
        start_move(st, fr["seat"], src, dst, KIND_INDEX[kind], log)

    def auto(self, st: State, fr: Frame, log: Log) -> None:
        st.stack.pop()


__all__ = ["Move", "SeaRoll", "army_may_enter", "can_move_any", "fleet_may_enter", "needs_sea_roll", "ready",
           "start_move"]
