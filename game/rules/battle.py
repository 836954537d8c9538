"""Battles (R-CMB-4..8, R-CMB-11): dice, Reserve rerolls (R-TIL-2), Fighting Withdrawal
(R-TIL-19), the result, and the losses each side's players choose, the 7 rule and ties.

A battle is a ``battle`` frame pushed by an attack (naval or land) or by a Pirates or
Slave Revolt tile; when it is over it writes its result (``att``, ``def`` or ``tie``)
into the frame below it and pops itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from game.rules.board import Board
from game.rules.common import (
    ARMY,
    FLEET,
    FORT,
    KIND_NAMES,
    A,
    Log,
    check_blockades,
    owns,
    pname,
    ready,
    remove_unit,
    spend_one_use,
    turn_tile,
)
from game.rules.core import C, Choice, Pending, State
from game.rules.errors import Refusal, refusal
from game.rules.phase import Frame, Phase, chance, decide, dice

ATT, DEF = 0, 1
Data = Mapping[str, Any]


# --------------------------------------------------------------------------- battles
def new_battle(st: State, sea: bool, area: str, sides: list[int], strength: list[int],
               pools: list[list[list[int]]], label: str) -> Frame:
    """A battle frame. ``pools[side]`` lists ``[seat, army, fleet, fort]`` of the units in it,
    the side's own player first, then its helping allies."""
    return {"t": "battle", "sea": int(sea), "area": area, "sides": sides, "str": strength,
            "pools": pools, "label": label, "stage": "roll", "dice": [], "rturn": ATT,
            "declines": 0, "rr": -1, "fw": 0, "tie": 0, "losses": [], "loser": -1}


def pool_units(entry: list[int], sea: bool, no_forts: bool, principal: bool) -> list[int]:
    """Kinds of unit this pool entry could lose (R-CMB-6: forts only on land, R-CMB-8)."""
    if sea:
        return [FLEET] if entry[1 + FLEET] > 0 else []
    kinds = [ARMY] if entry[1 + ARMY] > 0 else []
    if principal and not no_forts and entry[1 + FORT] > 0:
        kinds.append(FORT)
    return kinds


def side_name(st: State, seat: int, fr: Frame, side: int) -> str:
    if seat >= 0:
        return pname(st, seat)
    return neutral_name(fr)


def neutral_name(fr: Frame) -> str:
    """The name of the neutral side of a battle or attack frame (a counter, the Pirates...)."""
    return str(fr.get("neutral_name", "the neutral"))


def agrees(name: str, seat: int, verb: str) -> str:
    """``verb`` as it agrees with a side's name: "Spain rolls", "the Pirates roll" (a verb in
    the third person singular; only the Pirates' name is plural)."""
    return verb[:-1] if seat < 0 and name.endswith("Pirates") else verb


# the sentences of a battle's prompts and events (see game.rules.core.Said): a side is named
# by its power in the event's fields ("" for the neutral side), the neutral and the battle's
# label ("naval battle in India") by the frame, taken when the event is made
def _said_dice_for(label: str, b: Board, d: Data) -> str:
    return f"Dice for the {label}"


def _side(b: Board, power: str, neutral: str) -> tuple[str, int]:
    """A side's name and a seat for :func:`agrees` (-1 for the neutral)."""
    return (b.power_name(power), 0) if power else (neutral, -1)


def _said_dice(label: str, neutral: str, b: Board, d: Data) -> str:
    (an, att), (dn, dfn), v = _side(b, d["powers"][0], neutral), _side(b, d["powers"][1], neutral), d["dice"]
    return (f"{label[0].upper()}{label[1:]}: {an} {agrees(an, att, 'rolls')} {v[0]} and {v[1]}, "
            f"{dn} {agrees(dn, dfn, 'rolls')} {v[2]} and {v[3]}")


def _said_battle(label: str, neutral: str, b: Board, d: Data) -> str:
    (an, att), (dn, dfn), (a, t) = _side(b, d["powers"][0], neutral), _side(b, d["powers"][1], neutral), d["totals"]
    if d["result"] == "att":
        text = f"{an} {agrees(an, att, 'wins')} the {label}, {a} to {t}"
    elif d["result"] == "def":
        text = f"{dn} {agrees(dn, dfn, 'wins')} the {label}, {t} to {a}"
    else:
        text = f"The {label} is a tie, {a} to {t}"
    return text[0].upper() + text[1:]  # "the Pirates wins" starts a sentence


def _said_no_loss(label: str, neutral: str, b: Board, d: Data) -> str:
    who = b.power_name(d["power"]) if "power" in d else neutral
    forts = d["forts"]
    if forts:
        stand = "fort stands" if forts == 1 else f"{forts} forts stand"
        return f"{who}'s {stand} in {b.area_name(d['area'])}: a fort is never lost on a tie"
    return f"{who} has no unit left to lose in the {label}"


def neutral_fields(st: State, fr: Frame) -> dict[str, Any]:
    """The neutral side of the battle or attack frame ``fr`` as event data: ``neutral`` (a
    nation counter's id, or the Pirates' or Slave Revolt's tile id) and ``neutral_kind``
    (``counter`` or ``tile``); empty when there is none. A battle's neutral is named by the
    attack or the tile that fights it, the frame below the battle."""
    holder = fr
    if fr["t"] == "battle":
        for i in range(1, len(st.stack)):
            if st.stack[i] is fr:
                holder = st.stack[i - 1]
    if holder["t"] == "attack" and holder.get("kind") in ("counter", "tile"):
        return {"neutral": str(holder["target"]), "neutral_kind": str(holder["kind"])}
    if holder["t"] == "revolt":
        return {"neutral": str(holder["tile"]), "neutral_kind": "tile"}
    return {}


def side_fields(st: State, seat: int, fr: Frame) -> dict[str, Any]:
    """A side of a battle as event data: ``power`` for a player, the neutral's fields else."""
    return {"power": st.powers[seat]} if seat >= 0 else neutral_fields(st, fr)


class Battle(Phase):
    """One battle: dice (R-CMB-5), Reserve (R-TIL-2), Fighting Withdrawal (R-TIL-19),
    result and losses (R-CMB-6, -7, -8, -11)."""

    name = "battle"

    def pending(self, st: State, fr: Frame) -> Pending | None:
        stage = fr["stage"]
        if stage == "roll":
            return chance(st, "dice", dice(4), partial(_said_dice_for, fr["label"]),
                          {"key": "dice", "rule": "R-CMB-5", "sea": fr["sea"], "area": fr["area"]})
        if stage == "reroll":
            seat = fr["sides"][fr["rr"]]
            return chance(st, "reroll", dice(2), lambda b, d: f"Reserve reroll for {b.power_name(d['power'])}",
                          {"key": "reroll", "rule": "R-TIL-2", "power": st.powers[seat]})
        if stage == "reserve":
            seat = fr["sides"][fr["rturn"]]
            if seat >= 0 and ready(st, seat, "reserve"):
                return decide(st, "reserve", seat,
                              lambda b, d: f"{b.power_name(d['power'])}: use a Reserve to reroll your dice?",
                              {"key": "reserve", "rule": "R-TIL-2", "power": st.powers[seat]})
            return None
        if stage == "withdraw":
            seat = fr["sides"][DEF]
            if seat >= 0 and owns(st, seat, "fighting_withdrawal") and self._def_would_lose(fr):
                return decide(st, "withdraw", seat,
                              lambda b, d: f"{b.power_name(d['power'])}: use Fighting Withdrawal?",
                              {"key": "withdraw", "rule": "R-TIL-19", "power": st.powers[seat]})
            return None
        if stage == "loss":
            need = self._loss_need(st, fr)
            if need is not None:
                return need[0]
        return None

    def waits(self, st: State, fr: Frame) -> bool:
        stage = fr["stage"]
        if stage == "roll" or stage == "reroll":
            return True
        # as pending() decides, without making the prompt
        if stage == "reserve":
            seat = fr["sides"][fr["rturn"]]
            return seat >= 0 and ready(st, seat, "reserve")
        if stage == "withdraw":
            seat = fr["sides"][DEF]
            return seat >= 0 and bool(owns(st, seat, "fighting_withdrawal")) and self._def_would_lose(fr)
        return stage == "loss" and self._loss_waits(fr)

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        stage = fr["stage"]
        if stage == "reserve":
            return [C("reserve"), C("no_reserve")]
        if stage == "withdraw":
            return [C("withdraw"), C("no_withdraw")]
        if stage == "loss":
            need = self._loss_need(st, fr)
            if need is not None:
                return need[1]
        return []

    def refusal(self, st: State, fr: Frame, choice: Choice) -> Refusal | None:
        """R-CMB-6, R-CMB-7, R-CMB-8: why a loss choice is refused."""
        if fr["stage"] != "loss" or choice.kind not in ("lose", "ally_loses"):
            return None
        if choice.kind == "ally_loses":
            return refusal("the unit is lost by one of the allies that still has a unit in this battle", "R-CMB-7",
                           "loss.ally")
        if fr["tie"] and choice.args == ("fort",):
            return refusal("a fort is never lost on a tie", "R-CMB-8", "loss.fort_on_tie")
        what = "fleets" if fr["sea"] else "armies or forts"
        return refusal(f"the unit lost is one of the loser's own {what} in this battle", "R-CMB-6", "loss.own_unit",
                       sea=int(fr["sea"]))

    # ----------------------------------------------------------------- dice
    def roll(self, st: State, fr: Frame, values: tuple[int, ...], log: Log) -> None:
        att, dfn = fr["sides"]
        if fr["stage"] == "roll":
            fr["dice"] = list(values)
            log.add("dice", partial(_said_dice, fr["label"], neutral_name(fr)), dice=list(values), area=fr["area"],
                    powers=[st.powers[att] if att >= 0 else "", st.powers[dfn] if dfn >= 0 else ""],
                    sea=bool(fr["sea"]), **(neutral_fields(st, fr) if att < 0 or dfn < 0 else {}))
            fr["stage"] = "reserve"
            fr["rturn"] = ATT
            fr["declines"] = 0
        else:
            side = fr["rr"]
            fr["dice"][2 * side:2 * side + 2] = list(values)
            log.add("reroll", lambda b, d: f"{b.power_name(d['power'])} rerolls with a Reserve: {d['dice'][0]} and "
                    f"{d['dice'][1]}",
                    power=st.powers[fr["sides"][side]], dice=list(values))
            fr["declines"] = 0
            fr["rturn"] = 1 - side
            fr["stage"] = "reserve"

    # ----------------------------------------------------------------- choices
    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        k = choice.kind
        if k == "reserve":
            side = fr["rturn"]
            turn_tile(st, fr["sides"][side], "reserve")
            fr["rr"] = side
            fr["stage"] = "reroll"
        elif k == "no_reserve":
            self._decline(fr)
        elif k == "withdraw":
            seat = fr["sides"][DEF]
            spend_one_use(st, seat, "fighting_withdrawal")
            fr["fw"] = 1
            log.add("withdrawal", lambda b, d: f"{b.power_name(d['power'])} uses Fighting Withdrawal: its side "
                    "loses no units", power=st.powers[seat])
            fr["stage"] = "resolve"
        elif k == "no_withdraw":
            fr["stage"] = "resolve"
        elif k == "ally_loses":
            side = fr["losses"][0][0]
            seat = st.powers.index(str(choice.args[0]))
            fr["loser"] = seat
            self._loss_step(st, fr, log, side)
        elif k == "lose":
            side = fr["losses"][0][0]
            self._take_loss(st, fr, log, side, fr["loser"], {"army": ARMY, "fort": FORT, "fleet": FLEET}[str(choice.args[0])])

    def _decline(self, fr: Frame) -> None:
        fr["declines"] += 1
        fr["rturn"] = 1 - fr["rturn"]
        if fr["declines"] >= 2:
            fr["stage"] = "withdraw"

    # ----------------------------------------------------------------- automatic
    def auto(self, st: State, fr: Frame, log: Log) -> None:
        stage = fr["stage"]
        if stage == "reserve":
            self._decline(fr)
        elif stage == "withdraw":
            fr["stage"] = "resolve"
        elif stage == "resolve":
            self._resolve(st, fr, log)
        elif stage == "loss":
            if not fr["losses"]:
                self._finish(st, fr, log)
            else:
                self._loss_step(st, fr, log, fr["losses"][0][0])

    def totals(self, fr: Frame) -> tuple[int, int]:
        d = fr["dice"]
        return fr["str"][ATT] + abs(d[0] - d[1]), fr["str"][DEF] + abs(d[2] - d[3])

    def _outcome(self, fr: Frame) -> tuple[str, list[list[Any]]]:
        """The winner and the losses owed: R-CMB-6 loser, R-CMB-7 sevens, R-CMB-8 ties."""
        a, d = self.totals(fr)
        result = "att" if a > d else "def" if d > a else "tie"
        losses: list[list[Any]] = []
        att, dfn = fr["sides"]
        if result in ("def", "tie") and att >= 0:
            losses.append([ATT, result == "tie" and "tie" or "loss"])
        if result in ("att", "tie") and dfn >= 0:
            losses.append([DEF, result == "tie" and "tie" or "loss"])
        seven = board_seven(fr)
        dd = fr["dice"]
        if att >= 0 and dd[0] + dd[1] == seven:
            losses.append([ATT, "seven"])
        if dfn >= 0 and dd[2] + dd[3] == seven:
            losses.append([DEF, "seven"])
        losses.sort(key=lambda x: x[0])
        return result, losses

    def _def_would_lose(self, fr: Frame) -> bool:
        _, losses = self._outcome(fr)
        tie = self._outcome(fr)[0] == "tie"
        if not any(side == DEF for side, _ in losses):
            return False
        return any(pool_units(e, bool(fr["sea"]), tie, i == 0) for i, e in enumerate(fr["pools"][DEF]))

    def _resolve(self, st: State, fr: Frame, log: Log) -> None:
        result, losses = self._outcome(fr)
        a, d = self.totals(fr)
        att, dfn = fr["sides"]
        log.add("battle", partial(_said_battle, fr["label"], neutral_name(fr)), result=result, totals=[a, d],
                area=fr["area"], sea=bool(fr["sea"]),
                powers=[st.powers[att] if att >= 0 else "", st.powers[dfn] if dfn >= 0 else ""],
                **(neutral_fields(st, fr) if att < 0 or dfn < 0 else {}))
        if fr["fw"]:
            losses = [x for x in losses if x[0] != DEF]
        fr["result"] = result
        fr["tie"] = int(result == "tie")
        fr["losses"] = losses
        fr["stage"] = "loss"

    # ----------------------------------------------------------------- losses
    def _candidates(self, fr: Frame, side: int) -> tuple[list[int], list[int]]:
        """Indices of pool entries that can lose a unit: (principal, helpers)."""
        sea, tie = bool(fr["sea"]), bool(fr["tie"])
        pool = fr["pools"][side]
        principal = [0] if pool and pool_units(pool[0], sea, tie, True) else []
        helpers = [i for i in range(1, len(pool)) if pool_units(pool[i], sea, tie, False)]
        return principal, helpers

    def _who_loses(self, fr: Frame, side: int) -> list[int]:
        """R-CMB-6/-7: pool indices among which the loser is chosen."""
        reason = fr["losses"][0][1]
        principal, helpers = self._candidates(fr, side)
        if reason == "seven":
            return helpers or principal
        return principal or helpers

    def _loss_waits(self, fr: Frame) -> bool:
        """Whether :meth:`_loss_need` is not None, said without making the prompt or the list."""
        if not fr["losses"]:
            return False
        side = fr["losses"][0][0]
        pool = fr["pools"][side]
        if fr["loser"] < 0:
            return len(self._who_loses(fr, side)) > 1
        entry = next(e for e in pool if e[0] == fr["loser"])
        return len(pool_units(entry, bool(fr["sea"]), bool(fr["tie"]), entry is pool[0])) > 1

    def _loss_need(self, st: State, fr: Frame) -> tuple[Pending, list[Choice]] | None:
        if not fr["losses"]:
            return None
        side = fr["losses"][0][0]
        pool = fr["pools"][side]
        idx = self._who_loses(fr, side)
        if fr["loser"] < 0:
            if len(idx) > 1:
                roller = fr["sides"][side]
                return (decide(st, "ally_loses", roller,
                               lambda b, d: f"{b.power_name(d['power'])}: choose which ally loses the unit",
                               {"key": "ally_loses", "rule": "R-CMB-7", "power": st.powers[roller]}),
                        [C("ally_loses", st.powers[pool[i][0]]) for i in idx])
            return None
        entry = next(e for e in pool if e[0] == fr["loser"])
        kinds = pool_units(entry, bool(fr["sea"]), bool(fr["tie"]), entry is pool[0])
        if len(kinds) > 1:
            return (decide(st, "lose", fr["loser"],
                           lambda b, d: f"{b.power_name(d['power'])}: choose the unit you lose",
                           {"key": "lose", "rule": "R-CMB-6", "power": st.powers[fr["loser"]]}),
                    [C("lose", KIND_NAMES[k]) for k in kinds])
        return None

    def _loss_step(self, st: State, fr: Frame, log: Log, side: int) -> None:
        pool = fr["pools"][side]
        if fr["loser"] < 0:
            idx = self._who_loses(fr, side)
            if not idx:
                self._no_loss(st, fr, log, side)
                return
            if len(idx) > 1:
                return  # waits for the roller's choice
            fr["loser"] = pool[idx[0]][0]
        entry = next(e for e in pool if e[0] == fr["loser"])
        kinds = pool_units(entry, bool(fr["sea"]), bool(fr["tie"]), entry is pool[0])
        if len(kinds) == 1:
            self._take_loss(st, fr, log, side, fr["loser"], kinds[0])

    def _no_loss(self, st: State, fr: Frame, log: Log, side: int) -> None:
        """R-CMB-6, R-CMB-8: ``side`` has no unit it could lose; every loss it still owes (a
        tie's and a 7's) is dropped, said once. On a tie its forts stand: then the line says
        so (``forts``) rather than that nothing is left."""
        seat = fr["sides"][side]
        fr["losses"] = [x for x in fr["losses"] if x[0] != side]
        pool = fr["pools"][side]
        forts = pool[0][1 + FORT] if pool and fr["tie"] and not fr["sea"] else 0
        log.add("no_loss", partial(_said_no_loss, fr["label"], neutral_name(fr)), area=fr["area"], sea=bool(fr["sea"]),
                forts=forts, **side_fields(st, seat, fr))

    def _take_loss(self, st: State, fr: Frame, log: Log, side: int, seat: int, kind: int) -> None:
        """R-CMB-11: each unit lost costs its owner 1 unrest."""
        entry = next(e for e in fr["pools"][side] if e[0] == seat)
        entry[1 + kind] -= 1
        remove_unit(st, seat, fr["area"], kind)
        reason = fr["losses"][0][1]
        why = {"loss": "lost the battle", "tie": "a tie", "seven": "rolled a 7"}[reason]
        log.add("unit_lost", lambda b, d: f"{b.power_name(d['power'])} loses {A[d['unit']]} in "
                f"{b.area_name(d['area'])} ({d['why']})", seat=seat, unrest=1, power=st.powers[seat],
                unit=KIND_NAMES[kind], area=fr["area"], why=why, reason=reason)
        st.unrest[seat] += 1
        fr["losses"].pop(0)
        fr["loser"] = -1

    def _finish(self, st: State, fr: Frame, log: Log) -> None:
        check_blockades(st, log)
        st.stack.pop()
        st.stack[-1]["result"] = fr["result"]


def board_seven(fr: Frame) -> int:
    return int(fr.get("seven", 7))


__all__ = ["ATT", "DEF", "Battle", "agrees", "neutral_fields", "new_battle", "side_fields", "side_name"]
