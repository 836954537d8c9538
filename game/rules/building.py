"""Building (R-ACT-B1..B4, Militia, Mercenaries, Pressgangs, Trained Natives): the build
action and the tiles that build for free, and the built unit's move at once (forts move as
armies, R-ACT-B2), which goes as any move does (:mod:`game.rules.movement`)."""

from __future__ import annotations

from typing import Any

from game.rules.common import (
    ARMY,
    FLEET,
    FORT,
    KIND_INDEX,
    KIND_NAMES,
    A,
    Log,
    aname,
    board,
    check_blockades,
    owns,
    place_unit,
    pname,
    remove_unit,
)
from game.rules.core import C, Choice, Pending, State
from game.rules.errors import Refusal, refusal
from game.rules.movement import destinations, start_move, why_not_enter
from game.rules.phase import Frame, Phase, decide

STAY = C("stay")


def can_build(st: State, seat: int) -> bool:
    """R-ACT-B1/B4: population 1 and a unit in supply, or one on the map to disband."""
    if st.pop[seat] < 1:
        return False
    supply = st.supply[seat]
    if supply["army"] > 0 or supply["fleet"] > 0 or supply["fort"] > 0:
        return True
    units = st.units
    return any(sum(units[a][seat]) > 0 for a in board(st).t.area_ids)


def new_build(seat: int, source: str, kind: int = -1, at: str = "") -> Frame:
    """A build frame. ``source`` is the build action or the tile that builds for free."""
    stage = "disband" if source == "action" else ("go" if at else "place")
    return {"t": "build", "seat": seat, "source": source, "stage": stage, "kind": kind, "at": at, "militia": 0}


def militia_possible(st: State, fr: Frame) -> bool:
    """R-TIL-7: Militia adds one army to a build action (not to a free build by a tile)."""
    seat = fr["seat"]
    return (fr["source"] == "action" and not fr["militia"] and owns(st, seat, "militia") > 0
            and st.pop[seat] >= 1 and st.supply[seat]["army"] > 0)


class Build(Phase):
    """Build a unit at home and let it move at once (forts move as armies, R-ACT-B2)."""

    name = "build"

    def pending(self, st: State, fr: Frame) -> Pending | None:
        seat, stage = fr["seat"], fr["stage"]
        if stage == "disband":
            return decide(st, "disband", seat,
                          lambda b, d: f"{b.power_name(d['power'])}: disband a unit first (1 unrest) or not",
                          {"key": "disband", "rule": "R-ACT-B4", "power": st.powers[seat]})
        if stage == "place":
            if fr["kind"] >= 0:  # a free build by Mercenaries or Pressgangs: the kind is fixed
                return None
            return decide(st, "build", seat, lambda b, d: f"{b.power_name(d['power'])}: choose the unit to build",
                          {"key": "build", "rule": "R-ACT-B1", "power": st.powers[seat]})
        if stage == "go":
            what = KIND_NAMES[fr["kind"]]
            return decide(st, "build_move", seat, lambda b, d: f"{b.power_name(d['power'])}: move the new {d['unit']} "
                          f"from {b.area_name(d['area'])} or keep it there",
                          {"key": "build_move", "rule": "R-ACT-B1", "power": st.powers[seat], "unit": what,
                           "area": fr["at"]})
        if stage == "after" and militia_possible(st, fr):
            return decide(st, "militia", seat,
                          lambda b, d: f"{b.power_name(d['power'])}: build one more army with Militia (1 population)?",
                          {"key": "militia", "rule": "R-TIL-7", "power": st.powers[seat]})
        return None

    def waits(self, st: State, fr: Frame) -> bool:
        stage = fr["stage"]
        if stage == "place":
            return bool(fr["kind"] < 0)
        return stage in ("disband", "go") or (stage == "after" and militia_possible(st, fr))

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        seat, stage = fr["seat"], fr["stage"]
        b = board(st)
        if stage == "disband":
            out = []
            if any(st.supply[seat][k] > 0 for k in KIND_NAMES):
                out.append(C("keep"))
            disbands, units = b.t.disbands, st.units
            for area in b.t.area_ids:
                here = units[area][seat]
                if not any(here):
                    continue  # (most areas: none of the seat's units)
                made = disbands[area]
                out.extend([made[kind] for kind in (ARMY, FLEET, FORT) if here[kind] > 0])
            return out
        if stage == "place":
            if "rebuild" in fr:  # [ruling] R-ACT-B4: the unit disbanded is the one rebuilt
                return [C("build", KIND_NAMES[fr["rebuild"]])]
            return [C("build", k) for k in KIND_NAMES if st.supply[seat][k] > 0]
        if stage == "go":
            kind = fr["kind"]
            walk = ARMY if kind == FORT else kind
            goes = b.t.goes
            return [STAY] + [goes[d] for d in destinations(st, seat, fr["at"], walk)]
        if stage == "after":
            return [C("militia"), C("no_militia")]
        return []

    def allows(self, st: State, fr: Frame, choice: Choice) -> bool:
        """:meth:`legal`; the disband of one unit is checked without listing every unit."""
        if fr["stage"] != "disband":
            return choice in self.legal(st, fr)
        seat, k, args = fr["seat"], choice.kind, choice.args
        if k == "keep":
            supply = st.supply[seat]
            return not args and (supply["army"] > 0 or supply["fleet"] > 0 or supply["fort"] > 0)
        if k != "disband" or len(args) != 2:
            return False
        area, kind = args
        if area not in board(st).t.area_name or kind not in KIND_INDEX:
            return False
        return st.units[str(area)][seat][KIND_INDEX[str(kind)]] > 0

    def refusal(self, st: State, fr: Frame, choice: Choice) -> Refusal | None:
        """Why a choice of a build is refused (R-ACT-B1, R-ACT-B4, R-GEN-2, R-MOV)."""
        seat, stage, k, args = fr["seat"], fr["stage"], choice.kind, choice.args
        who, power = pname(st, seat), st.powers[seat]
        b = board(st)
        if stage == "disband" and k == "keep":
            return refusal(f"{who}'s supply is empty: it must disband a unit to build one", "R-ACT-B4",
                           "build.supply_empty", power=power)
        if stage == "disband" and k == "disband":
            if len(args) != 2 or str(args[0]) not in b.area_by_id or str(args[1]) not in KIND_INDEX:
                return refusal("a disband names the area and the unit (army, fleet or fort)", "R-ACT-B4",
                               "disband.shape")
            return refusal(f"{who} has no {args[1]} in {aname(st, str(args[0]))} to disband", "R-ACT-B4",
                           "disband.no_unit_there", power=power, unit=str(args[1]), area=str(args[0]))
        if stage == "place" and k == "build":
            if "rebuild" in fr:
                return refusal(f"the unit disbanded is rebuilt as the same kind: {A[KIND_NAMES[fr['rebuild']]]}",
                               "R-ACT-B4", "build.same_kind", unit=KIND_NAMES[fr["rebuild"]])
            if len(args) != 1 or str(args[0]) not in KIND_INDEX:
                return refusal("a build names the unit: army, fleet or fort", "R-ACT-B1", "build.shape")
            return refusal(f"{who} has no {args[0]} left in its supply", "R-GEN-2", "build.none_left",
                           power=power, unit=str(args[0]))
        if stage == "go" and k == "to":
            if len(args) != 1:
                return refusal("the new unit moves to one area, or stays", "R-ACT-B1", "build_move.shape")
            kind = fr["kind"]
            if str(args[0]) == fr["at"]:
                return refusal(f"the new {KIND_NAMES[kind]} is already in {aname(st, fr['at'])}: choose stay",
                               "R-ACT-B1", "build_move.already_there", unit=KIND_NAMES[kind], area=fr["at"])
            return why_not_enter(st, seat, str(args[0]), ARMY if kind == FORT else kind)
        return None

    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        seat = fr["seat"]
        k = choice.kind
        if k == "keep":
            fr["stage"] = "place"
        elif k == "disband":
            area, kind = str(choice.args[0]), KIND_INDEX[str(choice.args[1])]
            remove_unit(st, seat, area, kind)
            log.add("disband", lambda b, d: f"{b.power_name(d['power'])} disbands {A[d['unit']]} in "
                    f"{b.area_name(d['area'])}",
                    seat=seat, unrest=1, power=st.powers[seat], area=area, unit=KIND_NAMES[kind])
            st.unrest[seat] += 1
            if kind == FORT:  # a fort disbanded at home: the owner keeps any that may move
                home = st.powers[seat]
                st.loose_forts[seat] = min(st.loose_forts[seat], st.units[home][seat][FORT])
            check_blockades(st, log)
            fr["rebuild"] = kind
            fr["stage"] = "place"
        elif k == "build":
            self._place(st, fr, KIND_INDEX[str(choice.args[0])], log, pay_pop=True)
        elif k == "stay":
            fr["stage"] = "after"
        elif k == "to":
            dst = str(choice.args[0])
            kind = fr["kind"]
            fr["stage"] = "after"
            start_move(st, seat, fr["at"], dst, kind, log)
        elif k == "militia":
            fr["militia"] = 1
            self._place(st, fr, ARMY, log, pay_pop=True, militia=True)
        elif k == "no_militia":
            st.stack.pop()

    def _place(self, st: State, fr: Frame, kind: int, log: Log, pay_pop: bool, militia: bool = False) -> None:
        seat = fr["seat"]
        home = st.powers[seat]
        if pay_pop:
            st.pop[seat] -= 1
        place_unit(st, seat, home, kind)
        data: dict[str, Any] = {"power": st.powers[seat], "unit": KIND_NAMES[kind], "area": home,
                                "population": 1 if pay_pop else 0}
        if militia:
            data["tile"] = "militia"
        log.add("build", lambda b, d: f"{b.power_name(d['power'])} builds {A[d['unit']]}"
                f"{' with Militia' if d.get('tile') == 'militia' else ''} in {b.area_name(d['area'])}", **data)
        fr["kind"] = kind
        fr["at"] = home
        fr["stage"] = "go"

    def auto(self, st: State, fr: Frame, log: Log) -> None:
        stage = fr["stage"]
        if stage == "place":  # a free build by Mercenaries or Pressgangs: the kind is fixed
            self._place(st, fr, fr["kind"], log, pay_pop=False)
        else:  # "after" with no Militia to offer
            st.stack.pop()


__all__ = ["STAY", "Build", "can_build", "militia_possible", "new_build"]
