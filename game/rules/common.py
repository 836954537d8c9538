"""Helpers shared by the phases: board access, alliances, paying with borrowing, unrest,
tiles held and used, placing and removing pieces, and the event log of one step.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from game.rules.board import _CACHE, Board, load_board
from game.rules.core import Event, Said, State

ARMY, FLEET, FORT = 0, 1, 2
# read-only tables (MappingProxyType): the engine keeps no module-level mutable state
KIND_INDEX: Mapping[str, int] = MappingProxyType({"army": ARMY, "fleet": FLEET, "fort": FORT})
KIND_NAMES: tuple[str, str, str] = ("army", "fleet", "fort")
A: Mapping[str, str] = MappingProxyType({"army": "an army", "fleet": "a fleet", "fort": "a fort"})
PLURAL: Mapping[str, str] = MappingProxyType({"army": "armies", "fleet": "fleets", "fort": "forts"})


def board(st: State) -> Board:
    """The component data this game was created with (asked all the time: the loaded
    board is looked up first)."""
    b = _CACHE.get(st.ruleset)
    return b if b is not None else load_board(st.ruleset)


class Log:
    """The events of one step, in order."""

    __slots__ = ("events", "st", "ruleset")

    def __init__(self, st: State) -> None:
        self.events: list[Event] = []
        self.st = st
        self.ruleset = st.ruleset

    def add(self, kind: str, said: Said, /, seat: int = -1, unrest: int = 0, **data: Any) -> None:
        """An event: ``said`` says it of ``data`` when its text is read (see
        :data:`game.rules.core.Said`)."""
        if "kind" in data or "text" in data:  # they would overwrite the event's own in Event.to_dict
            raise AssertionError(f"event {kind}: data may not use the keys 'kind' or 'text'")
        self.events.append(tuple.__new__(Event, (kind, said, data, seat, unrest, self.ruleset)))


# --------------------------------------------------------------------------- names
def pname(st: State, seat: int) -> str:
    b = _CACHE.get(st.ruleset)  # board(st), without a call: names are asked for all the time
    return (b if b is not None else load_board(st.ruleset)).t.power_name[st.powers[seat]]


def aname(st: State, area: str) -> str:
    b = _CACHE.get(st.ruleset)
    return (b if b is not None else load_board(st.ruleset)).t.area_name[area]


def tname(st: State, tile: str) -> str:
    return board(st).t.tile_name[tile]


def seat_of(st: State, power: str) -> int:
    """The seat playing ``power`` or -1."""
    try:
        return st.powers.index(power)
    except ValueError:
        return -1


# --------------------------------------------------------------------------- alliances
def is_ally(st: State, a: int, b: int) -> bool:
    """R-ALL-7: players in the same alliance this war."""
    return a != b and st.alliance[a] != 0 and st.alliance[a] == st.alliance[b]


def allies_in_order(st: State, seat: int) -> list[int]:
    """The seat's allies in seating order starting from its left."""
    n = st.n
    return [s for s in ((seat + k) % n for k in range(1, n)) if is_ally(st, seat, s)]


# --------------------------------------------------------------------------- tiles
def owns(st: State, seat: int, tile: str) -> int:
    return st.tiles[seat].get(tile, 0)


def ready(st: State, seat: int, tile: str) -> bool:
    """The seat holds a copy of ``tile`` not yet turned this war."""
    return st.tiles[seat].get(tile, 0) > st.used[seat].get(tile, 0)


def turn_tile(st: State, seat: int, tile: str) -> None:
    """Mark one copy of a once-per-war tile as used (R-GEN-8 triangle)."""
    st.used[seat][tile] = st.used[seat].get(tile, 0) + 1


def give_tile(st: State, seat: int, tile: str) -> None:
    st.stock[tile] -= 1
    st.tiles[seat][tile] = st.tiles[seat].get(tile, 0) + 1


def return_tile(st: State, seat: int, tile: str) -> None:
    """Return a held tile to the stock (one-use tiles after use, R-ACT-A2)."""
    left = st.tiles[seat][tile] - 1
    if left:
        st.tiles[seat][tile] = left
    else:
        del st.tiles[seat][tile]
    st.stock[tile] += 1


def spend_one_use(st: State, seat: int, tile: str) -> None:
    """R-ACT-A2: a one-use tile goes back to the stock; not re-bought this round."""
    return_tile(st, seat, tile)
    if tile not in st.returned[seat]:
        st.returned[seat].append(tile)


# --------------------------------------------------------------------------- gold, unrest
def lot_size(st: State, seat: int) -> int:
    """R-GEN-5 / R-TIL-9: a borrowing lot is 2 gold, 3 with Banking."""
    b = board(st)
    return b.c("borrow_lot_banking") if owns(st, seat, "banking") else b.c("borrow_lot")


def add_unrest(st: State, seat: int, amount: int, log: Log, tile: str) -> None:
    """The unrest a tile costs when it is taken (R-ACT-A1)."""
    if amount <= 0:
        return
    st.unrest[seat] += amount
    why = tname(st, tile)
    log.add("unrest", lambda b, d: f"{b.power_name(d['power'])} takes unrest ({d['why']})", seat=seat, unrest=amount,
            why=why, power=st.powers[seat], tile=tile)


def pay(st: State, seat: int, amount: int, log: Log, why: str, reason: str, **fields: Any) -> None:
    """R-GEN-5: pay ``amount``; if short, borrow in lots, 1 unrest per lot. ``why`` says
    what for in English; ``reason`` (``upkeep``, ``attack``, ``auction``, ``tile`` with
    ``tile``, ``help`` with ``ally``) and ``fields`` say it as data."""
    if amount <= 0:
        return
    short = amount - st.gold[seat]
    if short > 0:
        lot = lot_size(st, seat)
        lots = (short + lot - 1) // lot
        st.gold[seat] += lots * lot
        st.unrest[seat] += lots
        log.add("borrow", lambda b, d: f"{b.power_name(d['power'])} borrows {d['gold']} gold from the bank",
                seat=seat, unrest=lots, gold=lots * lot, power=st.powers[seat])
    st.gold[seat] -= amount
    log.add("pay", lambda b, d: f"{b.power_name(d['power'])} pays {d['gold']} gold for {d['why']}", seat=seat,
            gold=amount, why=why, power=st.powers[seat], reason=reason, **fields)


# --------------------------------------------------------------------------- pieces
def units_at(st: State, area: str, seat: int) -> list[int]:
    return st.units[area][seat]


def place_unit(st: State, seat: int, area: str, kind: int) -> None:
    st.supply[seat][KIND_NAMES[kind]] -= 1
    st.units[area][seat][kind] += 1


def remove_unit(st: State, seat: int, area: str, kind: int) -> None:
    st.units[area][seat][kind] -= 1
    st.supply[seat][KIND_NAMES[kind]] += 1


def move_unit(st: State, seat: int, src: str, dst: str, kind: int) -> None:
    st.units[src][seat][kind] -= 1
    st.units[dst][seat][kind] += 1


def place_marker(st: State, seat: int, area: str, log: Log) -> bool:
    """Put one of the seat's control markers in the area (R-GEN-2: none if supply is empty)."""
    if st.supply[seat]["marker"] <= 0:
        log.add("no_marker", lambda b, d: f"{b.power_name(d['power'])} has no control marker left to place in "
                f"{b.area_name(d['area'])}",
                seat=seat, area=area, power=st.powers[seat])
        return False
    st.supply[seat]["marker"] -= 1
    st.markers[area][seat] += 1
    return True


def remove_marker(st: State, seat: int, area: str) -> None:
    st.markers[area][seat] -= 1
    st.supply[seat]["marker"] += 1


def check_blockades(st: State, log: Log) -> None:
    """R-TIL-21 (a): a placed Blockade returns when its owner has no fleet left there."""
    keep = []
    for area, seat in st.blockades:
        if st.units[area][seat][FLEET] > 0:
            keep.append([area, seat])
        else:
            st.stock["blockade"] += 1
            log.add("blockade_lifted", lambda b, d: f"{b.power_name(d['power'])}'s Blockade in "
                    f"{b.area_name(d['area'])} is lifted",
                    seat=seat, area=area, power=st.powers[seat])
    st.blockades = keep

