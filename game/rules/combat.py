"""Combat (R-CMB): the attack action, the naval phase, allies, alliance tiles, training,
naval support, Blockade, Reserve rerolls, Fighting Withdrawal, Surprise Attack, losses
chosen by their owners, the 7 rule, ties, forts and neutral counters; and the Pirates and
Slave Revolt tiles (R-TIL-17, R-TIL-18).

An attack is an ``attack`` frame; each battle inside it (naval or land) is a ``battle``
frame pushed on top, which writes its result into the attack frame when it is over.
"""

from __future__ import annotations

from typing import Any

from game.rules.common import (
    ARMY,
    FLEET,
    FORT,
    KIND_NAMES,
    A,
    Log,
    allies_in_order,
    aname,
    board,
    check_blockades,
    is_ally,
    owns,
    pay,
    place_marker,
    pname,
    ready,
    remove_marker,
    remove_unit,
    spend_one_use,
    turn_tile,
)
from game.rules.core import C, Choice, Pending, State
from game.rules.phase import Frame, Phase, chance, decide, dice

ATT, DEF = 0, 1
HELP_OPTIONS = ("none", "armies", "fleets", "both")


# --------------------------------------------------------------------------- targets
def captured_in(st: State, area: str) -> list[list[Any]]:
    return [c for c in st.captured if c[0] == area]


def attack_targets(st: State, seat: int) -> list[Choice]:
    """R-CMB-1, R-CMB-2, R-CMB-12, R-CMB-13: every attack the seat may declare now."""
    b = board(st)
    out: list[Choice] = []
    for area in b.vp_areas:
        own = st.units[area][seat]
        caps = captured_in(st, area)
        if own[ARMY] > 0:
            for p in range(st.n):
                if p != seat and not is_ally(st, seat, p) and (sum(st.units[area][p]) > 0 or st.markers[area][p] > 0):
                    out.append(C("attack", area, "power", st.powers[p]))
            for counter in st.face_up[area]:
                if b.counter_by_id[counter].type == "neutral":
                    out.append(C("attack", area, "counter", counter))
            out.extend(C("attack", area, "tile", c[1]) for c in caps if c[1] == "slave_revolt")
        elif own[FLEET] > 0:
            for p in range(st.n):
                if p != seat and not is_ally(st, seat, p) and st.units[area][p][FLEET] > 0:
                    out.append(C("attack", area, "naval", st.powers[p]))
        if own[FLEET] > 0:
            out.extend(C("attack", area, "tile", c[1]) for c in caps if c[1] == "pirates")
    return out


def new_attack(seat: int, free: bool) -> Frame:
    return {"t": "attack", "seat": seat, "free": int(free), "stage": "target"}


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
    return str(fr.get("neutral_name", "the neutral"))


class Battle(Phase):
    """One battle: dice (R-CMB-5), Reserve (R-TIL-2), Fighting Withdrawal (R-TIL-19),
    result and losses (R-CMB-6, -7, -8, -11)."""

    name = "battle"

    def pending(self, st: State, fr: Frame) -> Pending | None:
        stage = fr["stage"]
        if stage == "roll":
            return chance("dice", dice(4), f"Dice for the {fr['label']}")
        if stage == "reroll":
            seat = fr["sides"][fr["rr"]]
            return chance("reroll", dice(2), f"Reserve reroll for {pname(st, seat)}")
        if stage == "reserve":
            seat = fr["sides"][fr["rturn"]]
            if seat >= 0 and ready(st, seat, "reserve"):
                return decide("reserve", seat, f"{pname(st, seat)}: use a Reserve to reroll your dice? (R-TIL-2)")
            return None
        if stage == "withdraw":
            seat = fr["sides"][DEF]
            if seat >= 0 and owns(st, seat, "fighting_withdrawal") and self._def_would_lose(fr):
                return decide("withdraw", seat, f"{pname(st, seat)}: use Fighting Withdrawal? (R-TIL-19)")
            return None
        if stage == "loss":
            need = self._loss_need(st, fr)
            if need is not None:
                return need[0]
        return None

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

    # ----------------------------------------------------------------- dice
    def roll(self, st: State, fr: Frame, values: tuple[int, ...], log: Log) -> None:
        att, dfn = fr["sides"]
        if fr["stage"] == "roll":
            fr["dice"] = list(values)
            log.add("dice", f"{fr['label'][0].upper()}{fr['label'][1:]}: {side_name(st, att, fr, ATT)} rolls {values[0]} and "
                    f"{values[1]}, {side_name(st, dfn, fr, DEF)} rolls {values[2]} and {values[3]}",
                    dice=list(values), area=fr["area"])
            fr["stage"] = "reserve"
            fr["rturn"] = ATT
            fr["declines"] = 0
        else:
            side = fr["rr"]
            fr["dice"][2 * side:2 * side + 2] = list(values)
            log.add("reroll", f"{pname(st, fr['sides'][side])} rerolls with a Reserve: {values[0]} and {values[1]}",
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
            log.add("withdrawal", f"{pname(st, seat)} uses Fighting Withdrawal: its side loses no units",
                    power=st.powers[seat])
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
        an, dn = side_name(st, att, fr, ATT), side_name(st, dfn, fr, DEF)
        def wins(name: str, seat: int) -> str:  # "the Pirates win", "Spain wins"
            return "win" if seat < 0 and name.endswith("Pirates") else "wins"

        if result == "att":
            text = f"{an} {wins(an, att)} the {fr['label']}, {a} to {d}"
        elif result == "def":
            text = f"{dn} {wins(dn, dfn)} the {fr['label']}, {d} to {a}"
        else:
            text = f"The {fr['label']} is a tie, {a} to {d}"
        text = text[0].upper() + text[1:]  # "the Pirates wins" starts a sentence
        log.add("battle", text, result=result, totals=[a, d], area=fr["area"], sea=bool(fr["sea"]))
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

    def _loss_need(self, st: State, fr: Frame) -> tuple[Pending, list[Choice]] | None:
        if not fr["losses"]:
            return None
        side = fr["losses"][0][0]
        pool = fr["pools"][side]
        idx = self._who_loses(fr, side)
        if fr["loser"] < 0:
            if len(idx) > 1:
                roller = fr["sides"][side]
                return (decide("ally_loses", roller, f"{pname(st, roller)}: choose which ally loses the unit (R-CMB-7)"),
                        [C("ally_loses", st.powers[pool[i][0]]) for i in idx])
            return None
        entry = next(e for e in pool if e[0] == fr["loser"])
        kinds = pool_units(entry, bool(fr["sea"]), bool(fr["tie"]), entry is pool[0])
        if len(kinds) > 1:
            return (decide("lose", fr["loser"], f"{pname(st, fr['loser'])}: choose the unit you lose (R-CMB-6)"),
                    [C("lose", KIND_NAMES[k]) for k in kinds])
        return None

    def _loss_step(self, st: State, fr: Frame, log: Log, side: int) -> None:
        pool = fr["pools"][side]
        if fr["loser"] < 0:
            idx = self._who_loses(fr, side)
            if not idx:
                seat = fr["sides"][side]
                log.add("no_loss", f"{side_name(st, seat, fr, side)} has no unit left to lose in the {fr['label']}",
                        area=fr["area"])
                fr["losses"].pop(0)
                return
            if len(idx) > 1:
                return  # waits for the roller's choice
            fr["loser"] = pool[idx[0]][0]
        entry = next(e for e in pool if e[0] == fr["loser"])
        kinds = pool_units(entry, bool(fr["sea"]), bool(fr["tie"]), entry is pool[0])
        if len(kinds) == 1:
            self._take_loss(st, fr, log, side, fr["loser"], kinds[0])

    def _take_loss(self, st: State, fr: Frame, log: Log, side: int, seat: int, kind: int) -> None:
        """R-CMB-11: each unit lost costs its owner 1 unrest."""
        entry = next(e for e in fr["pools"][side] if e[0] == seat)
        entry[1 + kind] -= 1
        remove_unit(st, seat, fr["area"], kind)
        why = {"loss": "lost the battle", "tie": "a tie", "seven": "rolled a 7"}[fr["losses"][0][1]]
        log.add("unit_lost", f"{pname(st, seat)} loses {A[KIND_NAMES[kind]]} in {aname(st, fr['area'])} ({why})",
                seat=seat, unrest=1, power=st.powers[seat], unit=KIND_NAMES[kind], area=fr["area"], why=why)
        st.unrest[seat] += 1
        fr["losses"].pop(0)
        fr["loser"] = -1

    def _finish(self, st: State, fr: Frame, log: Log) -> None:
        check_blockades(st, log)
        st.stack.pop()
        st.stack[-1]["result"] = fr["result"]


def board_seven(fr: Frame) -> int:
    return int(fr.get("seven", 7))


# --------------------------------------------------------------------------- attack
class Attack(Phase):
    """R-CMB-1..13: one attack, from its declaration to its outcome."""

    name = "attack"

    def pending(self, st: State, fr: Frame) -> Pending | None:
        seat, stage = fr["seat"], fr["stage"]
        who = pname(st, seat)
        if stage == "target":
            return decide("attack", seat, f"{who}: choose the area and target of your attack (R-CMB-1)")
        if stage == "surprise":
            if self._surprise_useful(st, fr):
                return decide("surprise", seat, f"{who}: use Surprise Attack so the defender's allies cannot help? (R-TIL-20)")
            return None
        if stage == "allies":
            if fr["ask"]:
                helper = fr["ask"][0][0]
                return decide("help", helper, f"{pname(st, helper)}: help {pname(st, fr['sides'][fr['ask'][0][1]])} "
                              f"in {aname(st, fr['area'])}? (R-CMB-9)")
            return None
        if stage == "tiles":
            if fr["dual"]:
                owner, tile = fr["dual"][0]
                return decide("ally_tile", owner, f"{pname(st, owner)}: use {board(st).tile_name(tile)} as an army or a fleet? (R-CMB-10)")
            return None
        if stage == "naval":
            if self._naval_choice(st, fr):
                return decide("naval", seat, f"{who}: fight a naval battle first? (R-CMB-3)")
            return None
        if stage == "naval_answer":
            dfn = fr["sides"][DEF]
            return decide("naval_answer", dfn, f"{pname(st, dfn)}: accept the naval battle or decline it (R-CMB-3)")
        if stage == "blockade":
            holder = self._blockade_holder(st, fr)
            if holder >= 0:
                return decide("blockade", holder, f"{pname(st, holder)}: use Blockade for +2 naval support? (R-TIL-21)")
            return None
        return None

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        stage = fr["stage"]
        if stage == "target":
            return attack_targets(st, fr["seat"])
        if stage == "surprise":
            return [C("surprise"), C("no_surprise")]
        if stage == "allies":
            helper, side = fr["ask"][0]
            armies, fleets = self._helper_units(st, fr, helper)
            opts = ["none"]
            if armies:
                opts.append("armies")
            if fleets:
                opts.append("fleets")
            if armies and fleets:
                opts.append("both")
            return [C("help", o) for o in opts]
        if stage == "tiles":
            return [C("ally_tile", fr["dual"][0][1], "army"), C("ally_tile", fr["dual"][0][1], "fleet")]
        if stage == "naval":
            return [C("naval_battle"), C("no_naval_battle")]
        if stage == "naval_answer":
            return [C("accept"), C("decline")]
        if stage == "blockade":
            return [C("blockade"), C("no_blockade")]
        return []

    def refusal(self, st: State, fr: Frame, choice: Choice) -> tuple[str, str] | None:
        """R-CMB-13: an attack on an ally is refused with its own reason."""
        if fr["stage"] == "target" and choice.kind == "attack" and len(choice.args) == 3:
            target = choice.args[2]
            if choice.args[1] in ("power", "naval") and target in st.powers:
                if is_ally(st, fr["seat"], st.powers.index(str(target))):
                    return f"{pname(st, fr['seat'])} may never attack an ally", "R-CMB-13"
        return None

    # ----------------------------------------------------------------- declaration
    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        k = choice.kind
        if k == "attack":
            self._declare(st, fr, choice, log)
        elif k in ("surprise", "no_surprise"):
            if k == "surprise":
                spend_one_use(st, fr["seat"], "surprise_attack")
                fr["surprise"] = 1
                log.add("surprise", f"{pname(st, fr['seat'])} makes a Surprise Attack: "
                        f"{pname(st, fr['sides'][DEF])}'s allies may not help", power=st.powers[fr["seat"]])
            fr["stage"] = "allies"
            self._queue_allies(st, fr)
        elif k == "help":
            self._help(st, fr, str(choice.args[0]), log)
        elif k == "ally_tile":
            owner, tile = fr["dual"].pop(0)
            self._add_tile(st, fr, owner, tile, str(choice.args[1]), log)
        elif k == "naval_battle":
            log.add("naval_declared", f"{pname(st, fr['seat'])} declares a naval battle", area=fr["area"])
            fr["stage"] = "naval_answer"
        elif k == "no_naval_battle":
            log.add("naval_refused", f"{pname(st, fr['seat'])} does not fight at sea: "
                    f"{pname(st, fr['sides'][DEF])} has naval support", area=fr["area"])
            fr["support"] = DEF
            fr["stage"] = "blockade"
        elif k == "decline":
            log.add("naval_declined", f"{pname(st, fr['sides'][DEF])} declines the naval battle: "
                    f"{pname(st, fr['seat'])} has naval support", area=fr["area"])
            fr["support"] = ATT
            fr["stage"] = "blockade"
        elif k == "accept":
            fr["stage"] = "naval_done"
            st.stack.append(self._battle(st, fr, sea=True))
        elif k == "blockade":
            holder = self._blockade_holder(st, fr)
            spend_one_use(st, holder, "blockade")
            fr["blockade"] = 1
            log.add("blockade_support", f"{pname(st, holder)} uses Blockade: naval support +2", power=st.powers[holder])
            fr["stage"] = "land"
        elif k == "no_blockade":
            fr["stage"] = "land"

    def _declare(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        """R-CMB-1: choose area and target, then pay 2 gold (War Office: no gold)."""
        b = board(st)
        seat = fr["seat"]
        area, kind, target = (str(x) for x in choice.args)
        fr.update({"area": area, "kind": kind, "target": target, "surprise": 0, "blockade": 0,
                   "support": -1, "helpers": [], "ask": [], "dual": [], "tiles": [[0, 0], [0, 0]]})
        dfn = st.powers.index(target) if kind in ("power", "naval") else -1
        fr["sides"] = [seat, dfn]
        fr["mode"] = "naval" if kind == "naval" or (kind == "tile" and target == "pirates") else "land"
        if kind == "counter":
            fr["neutral_name"] = b.counter_name(target)
            what = b.counter_name(target)
        elif kind == "tile":
            fr["neutral_name"] = f"the {b.tile_name(target)}"
            what = f"the {b.tile_name(target)} tile"
        else:
            what = pname(st, dfn)
        how = "makes a naval attack on" if kind == "naval" else "attacks"
        log.add("attack", f"{pname(st, seat)} {how} {what} in {aname(st, area)}",
                power=st.powers[seat], area=area, target=target, target_kind=kind)
        if fr["free"]:  # the War Office was turned when it was used (R-TIL-3)
            log.add("war_office", f"{pname(st, seat)} uses the War Office: a free attack", power=st.powers[seat])
        else:
            pay(st, seat, b.c("attack_cost"), log, "the attack")
        fr["stage"] = "surprise"

    def _surprise_useful(self, st: State, fr: Frame) -> bool:
        dfn = fr["sides"][DEF]
        if dfn < 0 or not owns(st, fr["seat"], "surprise_attack"):
            return False
        return any(any(self._helper_units(st, fr, a)) for a in allies_in_order(st, dfn))

    # ----------------------------------------------------------------- allies
    def _naval_area(self, st: State, fr: Frame) -> str:
        if fr["mode"] == "naval":
            return str(fr["area"])
        return board(st).area_by_id[fr["area"]].naval_area

    def _helper_units(self, st: State, fr: Frame, seat: int) -> tuple[int, int]:
        """R-CMB-9: an ally may add its armies (land) and fleets (naval area) here."""
        armies = st.units[fr["area"]][seat][ARMY] if fr["mode"] == "land" else 0
        naval = self._naval_area(st, fr)
        fleets = st.units[naval][seat][FLEET] if naval else 0
        return armies, fleets

    def _queue_allies(self, st: State, fr: Frame) -> None:
        """The attacker asks its allies, then the defender asks its (not after a Surprise Attack)."""
        ask = [[a, ATT] for a in allies_in_order(st, fr["seat"]) if any(self._helper_units(st, fr, a))]
        dfn = fr["sides"][DEF]
        if dfn >= 0 and not fr["surprise"]:
            ask += [[a, DEF] for a in allies_in_order(st, dfn) if any(self._helper_units(st, fr, a))]
        fr["ask"] = ask

    def _help(self, st: State, fr: Frame, how: str, log: Log) -> None:
        helper, side = fr["ask"].pop(0)
        armies, fleets = self._helper_units(st, fr, helper)
        add_a = armies if how in ("armies", "both") else 0
        add_f = fleets if how in ("fleets", "both") else 0
        if add_a or add_f:
            fr["helpers"].append([helper, side, add_a, add_f])
            parts = []
            if add_a:
                parts.append(f"{add_a} {'army' if add_a == 1 else 'armies'}")
            if add_f:
                parts.append(f"{add_f} {'fleet' if add_f == 1 else 'fleets'}")
            log.add("help", f"{pname(st, helper)} helps {pname(st, fr['sides'][side])} with " + " and ".join(parts),
                    power=st.powers[helper], armies=add_a, fleets=add_f)
        else:
            log.add("no_help", f"{pname(st, helper)} does not help", power=st.powers[helper])

    # ----------------------------------------------------------------- alliance tiles
    def _queue_tiles(self, st: State, fr: Frame, log: Log) -> None:
        """R-CMB-10: each side's own alliance tiles for this area add an army or a fleet."""
        b = board(st)
        both_battles = fr["mode"] == "land" and fr["kind"] == "power" and self._naval_both(st, fr)
        for side in (ATT, DEF):
            seat = fr["sides"][side]
            if seat < 0:
                continue
            for tile in b.tiles:
                if tile.family != "alliance" or not owns(st, seat, tile.id) or fr["area"] not in tile.areas:
                    continue
                if fr["mode"] == "naval" and "fleet" not in tile.units:
                    continue  # R-CMB-2: a naval attack has no land battle for an army tile
                if len(tile.units) == 1:
                    self._add_tile(st, fr, seat, tile.id, tile.units[0], log)
                elif both_battles:
                    fr["dual"].append([seat, tile.id])
                else:
                    self._add_tile(st, fr, seat, tile.id, "fleet" if fr["mode"] == "naval" else "army", log)

    def _add_tile(self, st: State, fr: Frame, seat: int, tile: str, unit: str, log: Log) -> None:
        side = ATT if seat == fr["sides"][ATT] else DEF
        fr["tiles"][side][0 if unit == "army" else 1] += 1
        log.add("alliance_tile", f"{pname(st, seat)}'s {board(st).tile_name(tile)} adds one {unit}",
                power=st.powers[seat], tile=tile, unit=unit)

    # ----------------------------------------------------------------- naval phase
    def _side_fleets(self, st: State, fr: Frame, side: int) -> int:
        naval = self._naval_area(st, fr)
        if not naval:
            return 0
        seat = fr["sides"][side]
        own = st.units[naval][seat][FLEET] if seat >= 0 else 0
        return own + sum(int(h[3]) for h in fr["helpers"] if h[1] == side)

    def _naval_both(self, st: State, fr: Frame) -> bool:
        return self._side_fleets(st, fr, ATT) > 0 and self._side_fleets(st, fr, DEF) > 0

    def _naval_choice(self, st: State, fr: Frame) -> bool:
        return fr["kind"] == "power" and bool(self._naval_area(st, fr)) and self._naval_both(st, fr)

    def _blockade_holder(self, st: State, fr: Frame) -> int:
        side = fr["support"]
        if side < 0:
            return -1
        seat = fr["sides"][side]
        return seat if seat >= 0 and owns(st, seat, "blockade") else -1

    # ----------------------------------------------------------------- battles
    def _battle(self, st: State, fr: Frame, sea: bool) -> Frame:
        """Strengths (R-CMB-4) and the units at stake for a naval or land battle."""
        b = board(st)
        area = self._naval_area(st, fr) if sea else fr["area"]
        strength = [0, 0]
        pools: list[list[list[int]]] = [[], []]
        training = "naval_training" if sea else "army_training"
        tiles = [owns(st, s, training) if s >= 0 else 0 for s in fr["sides"]]
        for side in (ATT, DEF):
            seat = fr["sides"][side]
            if seat < 0:
                if fr["kind"] == "counter":
                    strength[side] = b.counter_by_id[fr["target"]].strength
                else:
                    strength[side] = b.c(f"{fr['target']}_strength")
                continue
            here = st.units[area][seat]
            forts = here[FORT] if side == DEF else 0  # R-CMB-4: a fort fights only in defence
            own = [seat, 0, here[FLEET], 0] if sea else [seat, here[ARMY], 0, forts]
            pools[side].append(own)
            s = own[2] if sea else own[1] + b.c("fort_strength") * own[3]
            for h in fr["helpers"]:
                if h[1] == side:
                    n = h[3] if sea else h[2]
                    if n:
                        pools[side].append([h[0], 0, n, 0] if sea else [h[0], n, 0, 0])
                        s += n
            s += fr["tiles"][side][1 if sea else 0]
            own_units = own[2] if sea else own[1] + own[3]
            if own_units > 0 and tiles[side] > tiles[1 - side]:
                s += b.c("training_bonus")
            if not sea and fr["support"] == side:
                s += b.c("naval_support_blockade") if fr["blockade"] else b.c("naval_support")
            strength[side] = s
        what = "naval battle" if sea else "battle"
        label = f"{what} in {aname(st, area)}"
        battle = new_battle(st, sea, area, list(fr["sides"]), strength, pools, label)
        battle["seven"] = b.c("seven")
        if "neutral_name" in fr:
            battle["neutral_name"] = fr["neutral_name"]
        return battle

    # ----------------------------------------------------------------- automatic steps
    def auto(self, st: State, fr: Frame, log: Log) -> None:
        stage = fr["stage"]
        if stage == "surprise":
            fr["stage"] = "allies"
            self._queue_allies(st, fr)
        elif stage == "allies":
            fr["stage"] = "tiles"
            self._queue_tiles(st, fr, log)
        elif stage == "tiles":
            if fr["mode"] == "naval":
                fr["stage"] = "outcome"
                st.stack.append(self._battle(st, fr, sea=True))
            else:
                fr["stage"] = "naval"
        elif stage == "naval":
            self._naval_support(st, fr, log)
            fr["stage"] = "blockade"
        elif stage == "naval_done":
            result = fr.pop("result")
            fr["support"] = {"att": ATT, "def": DEF}.get(result, -1)
            if fr["support"] >= 0:
                log.add("naval_support", f"{pname(st, fr['sides'][fr['support']])} has naval support",
                        area=fr["area"])
            fr["stage"] = "blockade"
        elif stage == "blockade":
            fr["stage"] = "land"
        elif stage == "land":
            fr["stage"] = "outcome"
            st.stack.append(self._battle(st, fr, sea=False))
        elif stage == "outcome":
            self._outcome(st, fr, log)
            st.stack.pop()

    def _naval_support(self, st: State, fr: Frame, log: Log) -> None:
        """R-CMB-3 (only one side has fleets) and R-CMB-12 (against neutrals)."""
        att_f = self._side_fleets(st, fr, ATT)
        def_f = self._side_fleets(st, fr, DEF) if fr["sides"][DEF] >= 0 else 0
        if att_f > 0 and def_f == 0:
            fr["support"] = ATT
        elif def_f > 0 and att_f == 0:
            fr["support"] = DEF
        if fr["support"] >= 0:
            log.add("naval_support", f"{side_name(st, fr['sides'][fr['support']], fr, fr['support'])} has naval support",
                    area=fr["area"])

    def _outcome(self, st: State, fr: Frame, log: Log) -> None:
        """R-CMB-6 (marker replaced), R-CMB-12 (neutral counters), R-TIL-17/18 (tiles)."""
        b = board(st)
        result = fr.pop("result")
        seat, area, kind, target = fr["seat"], fr["area"], fr["kind"], fr["target"]
        if result != "att" or kind == "naval":
            return
        who = pname(st, seat)
        if kind == "power":
            dfn = fr["sides"][DEF]
            if st.markers[area][dfn] > 0:
                remove_marker(st, dfn, area)
                placed = place_marker(st, seat, area, log)
                text = f"{pname(st, dfn)}'s control marker in {aname(st, area)} is " + (
                    f"replaced by {who}'s" if placed else "removed")
                log.add("marker_taken", text, power=st.powers[seat], loser=st.powers[dfn], area=area)
        elif kind == "counter":
            counter = b.counter_by_id[target]
            if st.supply[seat]["marker"] <= 0:  # R-GEN-2: no marker to place, the counter stays
                log.add("no_marker", f"{who} beats {counter.name} but has no control marker left: "
                        f"{counter.name} stays", power=st.powers[seat], counter=target, area=area)
                return
            st.face_up[area].remove(target)
            log.add("neutral_conquered", f"{who} conquers {counter.name}", power=st.powers[seat], counter=target, area=area)
            place_marker(st, seat, area, log)
            if counter.gold:
                st.gold[seat] += counter.gold
                log.add("gold", f"{who} takes {counter.gold} gold from {counter.name}", power=st.powers[seat], gold=counter.gold)
            if counter.vp:
                st.vp[seat] += counter.vp * b.c("neutral_vp")
                log.add("vp", f"{who} scores {counter.vp * b.c('neutral_vp')} VP for {counter.name}",
                        power=st.powers[seat], vp=counter.vp * b.c("neutral_vp"))
        elif kind == "tile":
            entry = next(c for c in st.captured if c[0] == area and c[1] == target)
            st.captured.remove(entry)
            owner = entry[2]
            st.supply[owner]["marker"] += 1
            st.stock[target] += 1
            log.add("tile_beaten", f"{who} beats the {b.tile_name(target)} in {aname(st, area)}; the tile returns "
                    f"to the stock", power=st.powers[seat], area=area, tile=target)
            place_marker(st, seat, area, log)


# --------------------------------------------------------------------------- Pirates and Slave Revolt
def revolt_targets(st: State, seat: int, tile: str) -> list[Choice]:
    """R-TIL-17/18: a colony (Americas for Slave Revolt) and another player's marker there."""
    b = board(st)
    out = []
    for area in b.vp_areas:
        a = b.area_by_id[area]
        if not a.is_colony or (tile == "slave_revolt" and not a.americas):
            continue
        for p in range(st.n):
            if p != seat and st.markers[area][p] > 0:
                out.append(C("revolt", area, st.powers[p]))
    return out


class Revolt(Phase):
    """Pirates (a naval battle of strength 1) or Slave Revolt (a land battle of strength 3)
    against one control marker's owner, played at once when bought."""

    name = "revolt"

    def pending(self, st: State, fr: Frame) -> Pending | None:
        if fr["stage"] == "target":
            return decide("revolt", fr["seat"], f"{pname(st, fr['seat'])}: choose the colony and the control "
                          f"marker for the {board(st).tile_name(fr['tile'])}")
        if fr["stage"] == "blockade":
            owner = fr["owner"]
            return decide("blockade", owner, f"{pname(st, owner)}: use Blockade for +2 naval support? (R-TIL-21)")
        return None

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        if fr["stage"] == "blockade":
            return [C("blockade"), C("no_blockade")]
        return revolt_targets(st, fr["seat"], fr["tile"])

    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        b = board(st)
        if choice.kind in ("blockade", "no_blockade"):  # R-TIL-21 (b) against a Slave Revolt
            if choice.kind == "blockade":
                spend_one_use(st, fr["owner"], "blockade")
                fr["blockade"] = 1
                log.add("blockade_support", f"{pname(st, fr['owner'])} uses Blockade: naval support +2",
                        power=st.powers[fr["owner"]])
            self._fight(st, fr, log)
            return
        area, power = (str(x) for x in choice.args)
        owner = st.powers.index(power)
        tile = fr["tile"]
        fr.update({"area": area, "owner": owner, "stage": "outcome", "blockade": 0})
        verb = "strike" if tile == "pirates" else "strikes"
        log.add("revolt", f"The {b.tile_name(tile)} {verb} {pname(st, owner)} in {aname(st, area)}",
                tile=tile, area=area, power=power)
        if tile == "slave_revolt" and st.units[area][owner][FLEET] > 0 and owns(st, owner, "blockade"):
            fr["stage"] = "blockade"
            return
        self._fight(st, fr, log)

    def _fight(self, st: State, fr: Frame, log: Log) -> None:
        """The tile's battle against the owner alone (ruling: training, naval support); it is
        fought "in the usual way" (000), so the owner's alliance tiles count (R-CMB-10)."""
        b = board(st)
        area, owner, tile = fr["area"], fr["owner"], fr["tile"]
        fr["stage"] = "outcome"
        sea = tile == "pirates"
        here = st.units[area][owner]
        own = [owner, 0, here[FLEET], 0] if sea else [owner, here[ARMY], 0, here[FORT]]
        s = own[2] if sea else own[1] + b.c("fort_strength") * own[3]
        training = "naval_training" if sea else "army_training"
        if (own[2] if sea else own[1] + own[3]) > 0 and owns(st, owner, training) > 0:
            s += b.c("training_bonus")
        if not sea and here[FLEET] > 0:
            s += b.c("naval_support_blockade") if fr["blockade"] else b.c("naval_support")
        unit = "fleet" if sea else "army"
        for t in b.tiles:
            if t.family == "alliance" and owns(st, owner, t.id) and area in t.areas and unit in t.units:
                s += 1
                log.add("alliance_tile", f"{pname(st, owner)}'s {t.name} adds one {unit}",
                        power=st.powers[owner], tile=t.id, unit=unit)
        label = f"{'naval battle' if sea else 'battle'} in {aname(st, area)}"
        battle = new_battle(st, sea, area, [-1, owner], [b.c(f"{tile}_strength"), s], [[], [own]], label)
        battle["seven"] = b.c("seven")
        battle["neutral_name"] = f"the {b.tile_name(tile)}"
        st.stack.append(battle)

    def auto(self, st: State, fr: Frame, log: Log) -> None:
        b = board(st)
        tile, area, owner = fr["tile"], fr["area"], fr["owner"]
        st.stack.pop()
        if fr.get("result") == "att":
            st.markers[area][owner] -= 1
            st.captured.append([area, tile, owner])
            log.add("marker_captured", f"The {b.tile_name(tile)} capture {pname(st, owner)}'s control marker in "
                    f"{aname(st, area)}", tile=tile, area=area, power=st.powers[owner])
        else:
            st.stock[tile] += 1
            log.add("revolt_failed", f"The {b.tile_name(tile)} fail; the tile returns to the stock", tile=tile, area=area)


__all__ = ["Attack", "Battle", "Revolt", "attack_targets", "new_attack", "revolt_targets", "remove_marker"]
