"""Combat (R-CMB): the attack action, from the choice of area and target through allies,
alliance tiles, Surprise Attack, the naval phase and Blockade to the outcome (markers
replaced, neutral counters conquered, captured markers freed).

An attack is an ``attack`` frame; each battle inside it (naval or land) is a ``battle``
frame (:mod:`game.rules.battle`) pushed on top, which writes its result into the attack
frame when it is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from game.rules.auction import amount_bound, amount_refusal
from game.rules.battle import ATT, DEF, neutral_name, new_battle, side_fields
from game.rules.board import Board
from game.rules.common import (
    ARMY,
    FLEET,
    FORT,
    Log,
    allies_in_order,
    aname,
    board,
    owns,
    pay,
    place_marker,
    pname,
    remove_marker,
    spend_one_use,
)
from game.rules.core import C, Choice, Pending, State
from game.rules.errors import Refusal, refusal
from game.rules.phase import Frame, Phase, decide
from game.rules.tables import amounts
from game.rules.targets import attack_targets, why_not_attack

Data = Mapping[str, Any]


def _units(armies: int, fleets: int) -> str:
    parts = []
    if armies:
        parts.append(f"{armies} {'army' if armies == 1 else 'armies'}")
    if fleets:
        parts.append(f"{fleets} {'fleet' if fleets == 1 else 'fleets'}")
    return " and ".join(parts)


# the sentences of an attack's prompts and events that are more than one line (see
# game.rules.core.Said)
def _said_help(b: Board, d: Data) -> str:
    gold = f"; {b.power_name(d['asker'])} offers {d['gold']} gold if you help" if d["gold"] else ""
    return (f"{b.power_name(d['power'])}: help {b.power_name(d['asker'])} in {b.area_name(d['area'])}? "
            f"Send any of your {_units(d['armies'], d['fleets'])} there{gold}")


def _said_attack(b: Board, d: Data) -> str:
    kind, target = d["target_kind"], d["target"]
    if kind == "counter":
        what = b.counter_name(target)
    elif kind == "tile":
        what = f"the {b.tile_name(target)} tile"
    else:
        what = b.power_name(target)
    how = "makes a naval attack on" if kind == "naval" else "attacks"
    return f"{b.power_name(d['power'])} {how} {what} in {b.area_name(d['area'])}"


def _said_marker_taken(b: Board, d: Data) -> str:
    how = f"replaced by {b.power_name(d['power'])}'s" if d["replaced"] else "removed"
    return f"{b.power_name(d['loser'])}'s control marker in {b.area_name(d['area'])} is {how}"


def _said_naval_support(neutral: str, b: Board, d: Data) -> str:
    return f"{b.power_name(d['power']) if 'power' in d else neutral} has naval support"


def new_attack(seat: int, free: bool) -> Frame:
    return {"t": "attack", "seat": seat, "free": int(free), "stage": "target"}


# --------------------------------------------------------------------------- attack
class Attack(Phase):
    """R-CMB-1..13: one attack, from its declaration to its outcome."""

    name = "attack"

    def pending(self, st: State, fr: Frame) -> Pending | None:
        seat, stage = fr["seat"], fr["stage"]
        if stage == "target":
            return decide(st, "attack", seat,
                          lambda b, d: f"{b.power_name(d['power'])}: choose the area and target of your attack",
                          {"key": "attack", "rule": "R-CMB-1", "power": st.powers[seat]})
        if stage == "surprise":
            if self._surprise_useful(st, fr):
                return decide(st, "surprise", seat, lambda b, d: f"{b.power_name(d['power'])}: use Surprise Attack so "
                              "the defender's allies cannot help?",
                              {"key": "surprise", "rule": "R-TIL-20", "power": st.powers[seat]})
            return None
        if stage == "allies":
            if fr["ask"]:
                helper, side = fr["ask"][0]
                asker = fr["sides"][side]
                if fr["offer"] < 0:
                    return decide(st, "offer", asker, lambda b, d: f"{b.power_name(d['power'])}: you ask "
                                  f"{b.power_name(d['ally'])} to help you in {b.area_name(d['area'])}; offer gold, "
                                  "paid only if it helps, or 0",
                                  {"key": "offer", "rule": "R-CMB-9", "power": st.powers[asker],
                                   "ally": st.powers[helper], "area": fr["area"]})
                armies, fleets = self._helper_units(st, fr, helper)
                return decide(st, "help", helper, _said_help,
                              {"key": "help", "rule": "R-CMB-9", "power": st.powers[helper], "asker": st.powers[asker],
                               "area": fr["area"], "armies": armies, "fleets": fleets, "gold": fr["offer"]})
            return None
        if stage == "tiles":
            if fr["dual"]:
                owner, tile = fr["dual"][0]
                return decide(st, "ally_tile", owner,
                              lambda b, d: f"{b.power_name(d['power'])}: use {b.tile_name(d['tile'])} as an army or "
                              "a fleet?",
                              {"key": "ally_tile", "rule": "R-CMB-10", "power": st.powers[owner], "tile": tile})
            return None
        if stage == "naval":
            if self._naval_choice(st, fr):
                return decide(st, "naval", seat,
                              lambda b, d: f"{b.power_name(d['power'])}: fight a naval battle first?",
                              {"key": "naval", "rule": "R-CMB-3", "power": st.powers[seat]})
            return None
        if stage == "naval_answer":
            dfn = fr["sides"][DEF]
            return decide(st, "naval_answer", dfn,
                          lambda b, d: f"{b.power_name(d['power'])}: accept the naval battle or decline it",
                          {"key": "naval_answer", "rule": "R-CMB-3", "power": st.powers[dfn]})
        if stage == "blockade":
            holder = self._blockade_holder(st, fr)
            if holder >= 0:
                return decide(st, "blockade", holder,
                              lambda b, d: f"{b.power_name(d['power'])}: use Blockade for +2 naval support?",
                              {"key": "blockade", "rule": "R-TIL-21", "power": st.powers[holder]})
            return None
        return None

    def waits(self, st: State, fr: Frame) -> bool:
        stage = fr["stage"]
        if stage == "target" or stage == "naval_answer":
            return True
        if stage == "allies":
            return bool(fr["ask"])
        if stage == "tiles":
            return bool(fr["dual"])
        # as pending() decides, without making the prompt
        if stage == "surprise":
            return self._surprise_useful(st, fr)
        if stage == "naval":
            return self._naval_choice(st, fr)
        return stage == "blockade" and self._blockade_holder(st, fr) >= 0

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        stage = fr["stage"]
        if stage == "target":
            return attack_targets(st, fr["seat"])
        if stage == "surprise":
            return [C("surprise"), C("no_surprise")]
        if stage == "allies":
            helper, side = fr["ask"][0]
            if fr["offer"] < 0:
                name = st.powers[helper]
                return amounts(board(st).t.offers.get(name, ()), 0, amount_bound(st, fr["sides"][side]) + 1,
                               lambda g: C("offer", name, g))
            armies, fleets = self._helper_units(st, fr, helper)
            return [C("help", a, f) for a in range(armies + 1) for f in range(fleets + 1)]
        if stage == "tiles":
            return [C("ally_tile", fr["dual"][0][1], "army"), C("ally_tile", fr["dual"][0][1], "fleet")]
        if stage == "naval":
            return [C("naval_battle"), C("no_naval_battle")]
        if stage == "naval_answer":
            return [C("accept"), C("decline")]
        if stage == "blockade":
            return [C("blockade"), C("no_blockade")]
        return []

    def allows(self, st: State, fr: Frame, choice: Choice) -> bool:
        """:meth:`legal`; an offer of gold and a help are checked against their bounds
        without listing every amount."""
        if fr["stage"] != "allies":
            return choice in self.legal(st, fr)
        k, args = choice.kind, choice.args
        helper, side = fr["ask"][0]
        if len(args) != 2:
            return False
        if fr["offer"] < 0:
            return (k == "offer" and args[0] == st.powers[helper] and isinstance(args[1], int)
                    and 0 <= args[1] <= amount_bound(st, fr["sides"][side]))
        armies, fleets = self._helper_units(st, fr, helper)
        return (k == "help" and isinstance(args[0], int) and isinstance(args[1], int)
                and 0 <= args[0] <= armies and 0 <= args[1] <= fleets)

    def refusal(self, st: State, fr: Frame, choice: Choice) -> Refusal | None:
        """Why a choice of the attack is refused, with its rule."""
        stage, k, args = fr["stage"], choice.kind, choice.args
        if stage == "target" and k == "attack":
            return why_not_attack(st, fr["seat"], args)
        if stage == "allies" and fr["ask"]:
            helper, side = fr["ask"][0]
            asker = fr["sides"][side]
            if fr["offer"] < 0 and k == "offer":
                if len(args) != 2 or args[0] != st.powers[helper] or isinstance(args[1], str):
                    return refusal(f"an offer names the ally asked ({pname(st, helper)}) and an amount of gold",
                                   "R-CMB-9", "offer.shape", ally=st.powers[helper])
                if int(args[1]) < 0:
                    return refusal("an offer of gold is 0 or more", "R-CMB-9", "offer.negative")
                return amount_refusal(st, asker)
            if fr["offer"] >= 0 and k == "help":
                if len(args) != 2 or any(isinstance(a, str) or int(a) < 0 for a in args):
                    return refusal("help names how many armies and how many fleets join, 0 or more of each",
                                   "R-CMB-9", "help.shape")
                armies, fleets = self._helper_units(st, fr, helper)
                where = aname(st, fr["area"])
                if int(args[1]) > fleets and fr["mode"] == "land" and fr["sides"][DEF] < 0:
                    return refusal("there is no naval battle against a neutral and only the attacker's own fleet "
                                   "gives naval support: an ally's fleets cannot help there", "R-CMB-12",
                                   "help.no_fleets_against_neutral")
                if int(args[0]) > armies and fr["mode"] == "naval":
                    return refusal("a naval attack has no land battle: an ally may add only fleets", "R-CMB-2",
                                   "help.no_armies_at_sea")
                return refusal(f"{pname(st, helper)} may add at most {armies} {'army' if armies == 1 else 'armies'} "
                               f"and {fleets} {'fleet' if fleets == 1 else 'fleets'} there (its own units in {where}; "
                               f"never forts)", "R-CMB-9", "help.at_most",
                               power=st.powers[helper], armies=armies, fleets=fleets, area=fr["area"])
        if stage == "tiles" and k == "ally_tile":
            return refusal("the tile adds either an army or a fleet in this attack", "R-CMB-10", "ally_tile.unit")
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
                log.add("surprise", lambda b, d: f"{b.power_name(d['power'])} makes a Surprise Attack: "
                        f"{b.power_name(d['defender'])}'s allies may not help", power=st.powers[fr["seat"]],
                        defender=st.powers[fr["sides"][DEF]])
            fr["stage"] = "allies"
            self._queue_allies(st, fr)
        elif k == "offer":
            fr["offer"] = int(choice.args[1])
            if fr["offer"]:
                helper, side = fr["ask"][0]
                log.add("gold_offer", lambda b, d: f"{b.power_name(d['power'])} offers {b.power_name(d['ally'])} "
                        f"{d['gold']} gold to help", power=st.powers[fr["sides"][side]], ally=st.powers[helper],
                        gold=fr["offer"])
        elif k == "help":
            self._help(st, fr, int(choice.args[0]), int(choice.args[1]), log)
        elif k == "ally_tile":
            owner, tile = fr["dual"].pop(0)
            self._add_tile(st, fr, owner, tile, str(choice.args[1]), log)
        elif k == "naval_battle":
            log.add("naval_declared", lambda b, d: f"{b.power_name(d['power'])} declares a naval battle",
                    area=fr["area"], power=st.powers[fr["seat"]])
            fr["stage"] = "naval_answer"
        elif k == "no_naval_battle":
            log.add("naval_refused", lambda b, d: f"{b.power_name(d['power'])} does not fight at sea: "
                    f"{b.power_name(d['defender'])} has naval support", area=fr["area"],
                    power=st.powers[fr["seat"]], defender=st.powers[fr["sides"][DEF]])
            fr["support"] = DEF
            fr["stage"] = "blockade"
        elif k == "decline":
            log.add("naval_declined", lambda b, d: f"{b.power_name(d['power'])} declines the naval battle: "
                    f"{b.power_name(d['attacker'])} has naval support", area=fr["area"],
                    power=st.powers[fr["sides"][DEF]], attacker=st.powers[fr["seat"]])
            fr["support"] = ATT
            fr["stage"] = "blockade"
        elif k == "accept":
            fr["stage"] = "naval_done"
            st.stack.append(self._battle(st, fr, sea=True))
        elif k == "blockade":
            holder = self._blockade_holder(st, fr)
            spend_one_use(st, holder, "blockade")
            fr["blockade"] = 1
            log.add("blockade_support", lambda b, d: f"{b.power_name(d['power'])} uses Blockade: naval support +2",
                    power=st.powers[holder])
            fr["stage"] = "land"
        elif k == "no_blockade":
            fr["stage"] = "land"

    def _declare(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        """R-CMB-1: choose area and target, then pay 2 gold (War Office: no gold)."""
        b = board(st)
        seat = fr["seat"]
        area, kind, target = (str(x) for x in choice.args)
        fr.update({"area": area, "kind": kind, "target": target, "surprise": 0, "blockade": 0,
                   "support": -1, "helpers": [], "ask": [], "offer": -1, "dual": [], "tiles": [[0, 0], [0, 0]]})
        dfn = st.powers.index(target) if kind in ("power", "naval") else -1
        fr["sides"] = [seat, dfn]
        fr["mode"] = "naval" if kind == "naval" or (kind == "tile" and target == "pirates") else "land"
        if kind == "counter":
            fr["neutral_name"] = b.counter_name(target)
        elif kind == "tile":
            fr["neutral_name"] = f"the {b.tile_name(target)}"
        log.add("attack", _said_attack, power=st.powers[seat], area=area, target=target, target_kind=kind)
        if fr["free"]:  # the War Office was turned when it was used (R-TIL-3)
            log.add("war_office", lambda b, d: f"{b.power_name(d['power'])} uses the War Office: a free attack",
                    power=st.powers[seat])
        else:
            pay(st, seat, b.c("attack_cost"), log, "the attack", "attack")
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
        """R-CMB-9: an ally may add its armies (land) and fleets (naval area) here. Against a
        neutral on land there is no naval battle and only the attacker's own fleets give
        naval support (R-CMB-12), so an ally's fleets could add nothing there."""
        land = fr["mode"] == "land"
        armies = st.units[fr["area"]][seat][ARMY] if land else 0
        naval = self._naval_area(st, fr)
        fleets = st.units[naval][seat][FLEET] if naval and not (land and fr["sides"][DEF] < 0) else 0
        return armies, fleets

    def _queue_allies(self, st: State, fr: Frame) -> None:
        """The attacker asks its allies, then the defender asks its (not after a Surprise Attack)."""
        ask = [[a, ATT] for a in allies_in_order(st, fr["seat"]) if any(self._helper_units(st, fr, a))]
        dfn = fr["sides"][DEF]
        if dfn >= 0 and not fr["surprise"]:
            ask += [[a, DEF] for a in allies_in_order(st, dfn) if any(self._helper_units(st, fr, a))]
        fr["ask"] = ask

    def _help(self, st: State, fr: Frame, add_a: int, add_f: int, log: Log) -> None:
        """R-CMB-9: the ally commits ``add_a`` of its armies and ``add_f`` of its fleets there
        (000: "L'alleato può anche specificare con quali unità interverrà"); the gold offered
        passes only if it helps, the asker borrowing if it must (R-GEN-5)."""
        helper, side = fr["ask"].pop(0)
        asker = fr["sides"][side]
        offer, fr["offer"] = fr["offer"], -1
        if add_a or add_f:
            fr["helpers"].append([helper, side, add_a, add_f])
            log.add("help", lambda b, d: f"{b.power_name(d['power'])} helps {b.power_name(d['asker'])} with "
                    f"{_units(d['armies'], d['fleets'])}", power=st.powers[helper], armies=add_a, fleets=add_f,
                    asker=st.powers[asker])
            if offer > 0:
                pay(st, asker, offer, log, f"{pname(st, helper)}'s help", "help", ally=st.powers[helper])
                st.gold[helper] += offer
                log.add("gold_for_help", lambda b, d: f"{b.power_name(d['power'])} receives {d['gold']} gold from "
                        f"{b.power_name(d['payer'])} for its help", power=st.powers[helper], payer=st.powers[asker],
                        gold=offer)
        else:
            log.add("no_help", lambda b, d: f"{b.power_name(d['power'])} does not help", power=st.powers[helper])


    # ----------------------------------------------------------------- alliance tiles
    def _queue_tiles(self, st: State, fr: Frame, log: Log) -> None:
        """R-CMB-10: each side's own alliance tiles for this area add an army or a fleet."""
        b = board(st)
        both_battles = fr["mode"] == "land" and fr["kind"] == "power" and self._naval_both(st, fr)
        for side in (ATT, DEF):
            seat = fr["sides"][side]
            if seat < 0:
                continue
            for tile in b.t.alliance_tiles:  # (in the board's order of tiles)
                if not owns(st, seat, tile.id) or fr["area"] not in tile.areas:
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
        log.add("alliance_tile", lambda b, d: f"{b.power_name(d['power'])}'s {b.tile_name(d['tile'])} adds one "
                f"{d['unit']}",
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
                log.add("naval_support", partial(_said_naval_support, neutral_name(fr)),
                        area=fr["area"], **side_fields(st, fr["sides"][fr["support"]], fr))
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
        """R-CMB-3 (only one side has fleets) and R-CMB-12 (against a neutral, the attacker's
        own fleet: 000 "se questi ha almeno una flotta nell'area")."""
        if fr["sides"][DEF] < 0:
            naval = self._naval_area(st, fr)
            att_f = st.units[naval][fr["seat"]][FLEET] if naval else 0
            def_f = 0
        else:
            att_f = self._side_fleets(st, fr, ATT)
            def_f = self._side_fleets(st, fr, DEF)
        if att_f > 0 and def_f == 0:
            fr["support"] = ATT
        elif def_f > 0 and att_f == 0:
            fr["support"] = DEF
        if fr["support"] >= 0:
            log.add("naval_support", partial(_said_naval_support, neutral_name(fr)),
                    area=fr["area"], **side_fields(st, fr["sides"][fr["support"]], fr))

    def _outcome(self, st: State, fr: Frame, log: Log) -> None:
        """R-CMB-6 (marker replaced), R-CMB-12 (neutral counters), R-TIL-17/18 (tiles)."""
        b = board(st)
        result = fr.pop("result")
        seat, area, kind, target = fr["seat"], fr["area"], fr["kind"], fr["target"]
        if result != "att" or kind == "naval":
            return
        if kind == "power":
            dfn = fr["sides"][DEF]
            if st.markers[area][dfn] > 0:
                remove_marker(st, dfn, area)
                placed = place_marker(st, seat, area, log)
                log.add("marker_taken", _said_marker_taken, power=st.powers[seat], loser=st.powers[dfn], area=area,
                        replaced=placed)
        elif kind == "counter":
            counter = b.counter_by_id[target]
            if st.supply[seat]["marker"] <= 0:  # R-GEN-2: no marker to place, the counter stays
                log.add("no_marker", lambda b, d: f"{b.power_name(d['power'])} beats {b.counter_name(d['counter'])} "
                        f"but has no control marker left: {b.counter_name(d['counter'])} stays", power=st.powers[seat],
                        counter=target, area=area)
                return
            st.face_up[area].remove(target)
            log.add("neutral_conquered",
                    lambda b, d: f"{b.power_name(d['power'])} conquers {b.counter_name(d['counter'])}",
                    power=st.powers[seat], counter=target, area=area)
            place_marker(st, seat, area, log)
            if counter.gold:
                st.gold[seat] += counter.gold
                log.add("gold", lambda b, d: f"{b.power_name(d['power'])} takes {d['gold']} gold from "
                        f"{b.counter_name(d['counter'])}", power=st.powers[seat],
                        gold=counter.gold, counter=target)
            if counter.vp:
                st.vp[seat] += counter.vp * b.c("neutral_vp")
                log.add("vp", lambda b, d: f"{b.power_name(d['power'])} scores {d['vp']} VP for "
                        f"{b.counter_name(d['counter'])}",
                        power=st.powers[seat], vp=counter.vp * b.c("neutral_vp"), counter=target)
        elif kind == "tile":
            entry = next(c for c in st.captured if c[0] == area and c[1] == target)
            st.captured.remove(entry)
            owner = entry[2]
            st.supply[owner]["marker"] += 1
            st.stock[target] += 1
            log.add("tile_beaten", lambda b, d: f"{b.power_name(d['power'])} beats the {b.tile_name(d['tile'])} in "
                    f"{b.area_name(d['area'])}; the tile returns to the stock", power=st.powers[seat], area=area,
                    tile=target)
            place_marker(st, seat, area, log)


__all__ = ["Attack", "attack_targets", "new_attack"]
