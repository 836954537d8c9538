"""A player's turn (R-ACT): two actions, free tile uses (R-GEN-8), buying tiles
(R-ACT-A1, R-ACT-A2, on-take effects), colonising and enslaving (R-ACT-E1..E3)."""

from __future__ import annotations

from game.rules.building import can_build, new_build
from game.rules.combat import new_attack
from game.rules.common import (
    FLEET,
    Log,
    add_unrest,
    board,
    give_tile,
    owns,
    pay,
    place_marker,
    place_unit,
    pname,
    ready,
    turn_tile,
)
from game.rules.core import C, Choice, Pending, State
from game.rules.errors import Refusal, refusal
from game.rules.movement import can_move_any
from game.rules.phase import Frame, Phase, decide
from game.rules.revolt import revolt_targets
from game.rules.targets import has_attack_target


# --------------------------------------------------------------------------- colonise / enslave
def colonise_choices(st: State, seat: int) -> list[Choice]:
    """R-ACT-E1/E2: Pop counters (1 population) and, with a fleet in Africa, Slaves counters."""
    if st.supply[seat]["marker"] <= 0:
        return []
    b = board(st)
    fleet_in_africa = st.units["africa"][seat][FLEET] > 0 if "africa" in st.units else False
    if st.pop[seat] >= 1:
        made = b.t.colonise_or_enslave if fleet_in_africa else b.t.colonise
    elif fleet_in_africa:
        made = b.t.enslave
    else:
        return []
    face_up = st.face_up  # (a counter lies face up only in its own area)
    return [made[c] for area in b.t.colonise_areas for c in face_up[area] if c in made]


# --------------------------------------------------------------------------- tiles bought
def _buyable_ids(st: State, seat: int, first: bool = False) -> list[str]:
    """The tiles of :func:`buyable`, in board order (only the first when ``first``)."""
    stock, returned, pop = st.stock, st.returned[seat], st.pop[seat]
    out = []
    for tile, population in board(st).t.tile_costs:
        if stock.get(tile, 0) <= 0 or tile in returned or pop < population:
            continue
        if (tile == "pirates" or tile == "slave_revolt") and not revolt_targets(st, seat, tile, first=True):
            continue
        out.append(tile)
        if first:
            break
    return out


def buyable(st: State, seat: int) -> list[Choice]:
    """R-ACT-A1/A2: tiles in the stock whose population cost the player can pay."""
    made = board(st).t.tile_choices
    return [made[t] for t in _buyable_ids(st, seat)]


def can_buy(st: State, seat: int) -> bool:
    """Whether :func:`buyable` lists anything (stops at the first tile found)."""
    return bool(_buyable_ids(st, seat, first=True))


def free_uses(st: State, seat: int, attack: bool | None = None) -> list[Choice]:
    """R-GEN-8: tiles the active player may use now as a free action. ``attack``: whether
    the seat has an attack target (:func:`has_attack_target`), when the caller knows it."""
    out: list[Choice] = []
    held = st.tiles[seat]
    if not held:
        return out
    b = board(st)
    t = b.t
    markers = st.markers
    # the tiles held that may be used as a free action, in the board's order of tiles
    for tid in sorted(filter(t.free_use.__contains__, held), key=t.tile_index.__getitem__):
        if not held[tid]:
            continue
        tile = b.tile_by_id[tid]
        if tile.family == "trade":
            if ready(st, seat, tid):
                made = t.uses_in[tid]
                out.extend([made[a] for a in tile.areas if markers[a][seat] > 0])
            continue
        if tile.use != "free_action" or (tile.timing == "once_per_war" and not ready(st, seat, tid)):
            continue
        if tid == "war_office":
            if has_attack_target(st, seat) if attack is None else attack:
                out.append(t.uses[tid])
        elif tid == "mercenaries":
            if st.supply[seat]["army"] > 0:
                out.append(t.uses[tid])
        elif tid == "pressgangs":
            if st.supply[seat]["fleet"] > 0:
                out.append(t.uses[tid])
        elif tid == "trained_natives":
            if st.supply[seat]["army"] > 0:
                made, units = t.uses_in[tid], st.units
                out.extend([made[a] for a in t.colonies if markers[a][seat] > 0 or sum(units[a][seat]) > 0])
        elif tid == "diplomatic_service":
            made = t.uses_in[tid]
            out.extend([made[x.id] for x in t.alliance_tiles if st.stock.get(x.id, 0) > 0])
        elif tid == "improved_agriculture":
            if st.pop[seat] < b.c("population_max"):
                out.append(t.uses[tid])
        elif tid == "blockade":
            placed = {a for a, _ in st.blockades}
            made, units = t.uses_in[tid], st.units
            out.extend([made[a] for a in t.colonies if a not in placed and units[a][seat][FLEET] > 0])
    return out


BUY, BUILD, MOVE, ATTACK, PASS, END = C("buy"), C("build"), C("move"), C("attack"), C("pass"), C("end")
ACTION_KINDS = ("buy", "build", "move", "attack", "colonise", "enslave", "pass")


def why_not_colonise(st: State, seat: int, how: str, args: tuple[object, ...], done: bool) -> Refusal:
    """R-ACT-E1..E3: why a colonise or enslave choice is refused."""
    b = board(st)
    who, power = pname(st, seat), st.powers[seat]
    if done:
        return refusal(f"{who} has already colonised or enslaved this round: one of them per round", "R-ACT-E3",
                       "colonise.once_a_round", power=power)
    counter = b.counter_by_id.get(str(args[0])) if len(args) == 1 else None
    rule = "R-ACT-E1" if how == "colonise" else "R-ACT-E2"
    if counter is None:
        return refusal(f"{how} names one nation counter on the map", rule, "colonise.names_a_counter", how=how)
    if str(args[0]) not in st.face_up[counter.area]:
        return refusal(f"{counter.name} is not face up on the map", rule, "colonise.not_face_up", counter=counter.id)
    if how == "colonise" and counter.type != "pop":
        return refusal(f"only a counter marked Pop can be colonised, and {counter.name} is not one", "R-ACT-E1",
                       "colonise.not_pop", counter=counter.id)
    if how == "enslave" and counter.type != "slaves":
        return refusal(f"only a counter marked Slaves can be enslaved, and {counter.name} is not one", "R-ACT-E2",
                       "colonise.not_slaves", counter=counter.id)
    if st.supply[seat]["marker"] <= 0:
        return refusal(f"{who} has no control marker left in its supply", "R-GEN-2", "colonise.no_marker",
                       power=power)
    if how == "colonise":
        return refusal(f"{who} has no population left to colonise (population is never borrowed)", "R-GEN-7",
                       "colonise.no_population", power=power)
    return refusal(f"{who} has no fleet in Africa: enslaving needs one there", "R-ACT-E2",
                   "colonise.no_fleet_in_africa", power=power)


def why_not_use(st: State, seat: int, args: tuple[object, ...]) -> Refusal:
    """R-GEN-8 and the tiles' own rules: why a tile use is refused."""
    b = board(st)
    who, power = pname(st, seat), st.powers[seat]
    tile = b.tile_by_id.get(str(args[0])) if args else None
    if tile is None:
        return refusal("use names one of your tiles", "R-GEN-8", "use.names_a_tile")
    if not owns(st, seat, tile.id):
        return refusal(f"{who} does not hold {tile.name}", "R-GEN-8", "use.not_held", power=power, tile=tile.id)
    if tile.family == "alliance":
        return refusal(f"{tile.name} is used inside a battle in its area, not as a free action", "R-CMB-10",
                       "use.alliance_tile", tile=tile.id)
    if tile.use != "free_action" and tile.family != "trade":
        return refusal(f"{tile.name} is not used as a free action", "R-GEN-8", "use.not_free_action", tile=tile.id)
    if tile.timing == "once_per_war" and not ready(st, seat, tile.id):
        return refusal(f"{who} has already used {tile.name} this war (once per war)", "R-GEN-8",
                       "use.used_this_war", power=power, tile=tile.id)
    rules = {"war_office": "R-TIL-3", "mercenaries": "R-TIL-4", "pressgangs": "R-TIL-5",
             "trained_natives": "R-TIL-6", "diplomatic_service": "R-TIL-11", "improved_agriculture": "R-TIL-12",
             "blockade": "R-TIL-21"}
    rule = "R-TIL-15" if tile.family == "trade" else rules.get(tile.id, "R-GEN-8")
    why = {
        "R-TIL-15": refusal(f"{who} has no control marker in that area of {tile.name}", rule, "use.trade_no_marker",
                            power=power, tile=tile.id),
        "R-TIL-3": refusal(f"{who} has nothing it could attack now", rule, "use.nothing_to_attack", power=power),
        "R-TIL-4": refusal(f"{who} has no army left in its supply", rule, "use.no_army_in_supply", power=power),
        "R-TIL-5": refusal(f"{who} has no fleet left in its supply", rule, "use.no_fleet_in_supply", power=power),
        "R-TIL-6": refusal(f"{who} needs an army in its supply and a colony where it has a control marker or a unit",
                           rule, "use.trained_natives", power=power),
        "R-TIL-11": refusal("that alliance tile is not in the stock", rule, "use.alliance_not_in_stock"),
        "R-TIL-12": refusal(f"{who}'s population is already at its maximum", rule, "use.population_at_maximum",
                            power=power),
        "R-TIL-21": refusal(f"a Blockade is placed under one of {who}'s fleets in a colony without a Blockade", rule,
                            "use.blockade_where", power=power),
    }
    return why.get(rule) or refusal(f"{tile.name} cannot be used that way now", rule, "use.not_that_way",
                                    tile=tile.id)


class Turn(Phase):
    """A player's two actions in a round, with free tile uses before, between or after."""

    name = "turn"

    def pending(self, st: State, fr: Frame) -> Pending | None:
        seat = fr["seat"]
        total = board(st).c("actions_per_turn")
        if fr["done"] < total:
            return self._action_prompt(st, fr, total)
        if free_uses(st, seat):
            return self._end_prompt(st, seat)
        return None

    def _action_prompt(self, st: State, fr: Frame, total: int) -> Pending:
        return decide(st, "action", fr["seat"], lambda b, d: f"{b.power_name(d['power'])}: choose action {d['n']} of "
                      f"{d['of']}, or use a tile", {"key": "action", "rule": "R-GEN-3", "power": st.powers[fr["seat"]],
                                                   "n": fr["done"] + 1, "of": total})

    def _end_prompt(self, st: State, seat: int) -> Pending:
        return decide(st, "end", seat, lambda b, d: f"{b.power_name(d['power'])}: use a tile or end your turn",
                      {"key": "end", "rule": "R-GEN-8", "power": st.powers[seat]})

    def decision(self, st: State, fr: Frame) -> tuple[Pending | None, list[Choice]]:
        """After both actions, whether the turn waits is whether a tile can be used: listed once."""
        seat = fr["seat"]
        total = board(st).c("actions_per_turn")
        if fr["done"] < total:
            return self._action_prompt(st, fr, total), self._actions(st, fr)
        uses = free_uses(st, seat)
        if not uses:
            return None, []
        uses.append(END)
        return self._end_prompt(st, seat), uses

    def waits(self, st: State, fr: Frame) -> bool:
        return fr["done"] < board(st).c("actions_per_turn") or bool(free_uses(st, fr["seat"]))

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        seat = fr["seat"]
        if fr["done"] >= board(st).c("actions_per_turn"):
            return free_uses(st, seat) + [END]
        return self._actions(st, fr)

    def _actions(self, st: State, fr: Frame) -> list[Choice]:
        """The choices of a turn before both its actions are taken: the actions that can be
        taken now, then the free tile uses."""
        seat = fr["seat"]
        out: list[Choice] = []
        if not fr["bought"] and can_buy(st, seat):
            out.append(BUY)
        if can_build(st, seat):
            out.append(BUILD)
        if can_move_any(st, seat):
            out.append(MOVE)
        attack = has_attack_target(st, seat)
        if attack:
            out.append(ATTACK)
        if not fr["colonised"]:
            out.extend(colonise_choices(st, seat))
        out.append(PASS)
        out.extend(free_uses(st, seat, attack))
        return out

    def allows(self, st: State, fr: Frame, choice: Choice) -> bool:
        """:meth:`legal` without listing: an action is checked by its own condition, a
        colonisation or a tile use against its own short list."""
        seat, k, args = fr["seat"], choice.kind, choice.args
        if k == "use":
            return choice in free_uses(st, seat)
        if fr["done"] >= board(st).c("actions_per_turn"):
            return k == "end" and not args
        if k == "colonise" or k == "enslave":
            return not fr["colonised"] and choice in colonise_choices(st, seat)
        if args:
            return False
        if k == "pass":
            return True
        if k == "buy":
            return not fr["bought"] and can_buy(st, seat)
        if k == "build":
            return can_build(st, seat)
        if k == "move":
            return can_move_any(st, seat)
        if k == "attack":
            return has_attack_target(st, seat)
        return False

    def refusal(self, st: State, fr: Frame, choice: Choice) -> Refusal | None:
        """Why an action or a tile use is refused, with its rule."""
        seat, k, args = fr["seat"], choice.kind, choice.args
        who, power = pname(st, seat), st.powers[seat]
        b = board(st)
        if k == "use":
            return why_not_use(st, seat, args)
        if fr["done"] >= b.c("actions_per_turn"):
            if k in ACTION_KINDS:
                return refusal(f"{who} has taken both its actions this turn", "R-GEN-3", "turn.actions_taken",
                               power=power)
            return None
        if k == "end":
            return refusal(f"{who} still has an action to take (a pass is an action)", "R-GEN-3",
                           "turn.action_left", power=power)
        if k in ("buy", "build", "move", "attack", "pass") and args:
            return refusal(f"the {k} action takes no arguments: its details are chosen next", "R-GEN-3",
                           "turn.no_arguments", action=k)
        if k == "buy":
            if fr["bought"]:
                return refusal(f"{who} has already bought a tile this round: one tile per round", "R-ACT-A1",
                               "turn.bought_this_round", power=power)
            return refusal(f"there is no tile in the stock {who} could take now", "R-ACT-A1", "turn.no_tile_to_buy",
                           power=power)
        if k == "build":
            if st.pop[seat] < 1:
                return refusal(f"{who} has no population left to pay for a build (population is never borrowed)",
                               "R-GEN-7", "turn.build_no_population", power=power)
            return refusal(f"{who} has no unit in its supply and none on the map to disband", "R-ACT-B4",
                           "turn.build_nothing", power=power)
        if k == "move":
            return refusal(f"{who} has no army or fleet that could move anywhere now", "R-ACT-C1",
                           "turn.nothing_to_move", power=power)
        if k == "attack":
            return refusal(f"{who} has no target: a land attack needs one of its armies and a naval attack one of "
                           f"its fleets where an enemy unit, control marker or neutral counter is", "R-CMB-2",
                           "turn.no_target", power=power)
        if k in ("colonise", "enslave"):
            return why_not_colonise(st, seat, k, args, bool(fr["colonised"]))
        return None

    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        seat = fr["seat"]
        k = choice.kind
        if k == "use":
            self._use(st, fr, choice, log)
            return
        if k == "end":
            st.stack.pop()
            return
        fr["done"] += 1
        if k == "buy":
            fr["bought"] = 1
            st.stack.append({"t": "buy", "seat": seat})
        elif k == "build":
            st.stack.append(new_build(seat, "action"))
        elif k == "move":
            b = board(st)
            left = b.c("move_units_logistics") if owns(st, seat, "logistics") else b.c("move_units")
            st.stack.append({"t": "move", "seat": seat, "left": left, "moved": 0, "spent": []})
        elif k == "attack":
            st.stack.append(new_attack(seat, free=False))
        elif k in ("colonise", "enslave"):
            fr["colonised"] = 1
            self._colonise(st, seat, str(choice.args[0]), k, log)
        elif k == "pass":
            log.add("pass", lambda b, d: f"{b.power_name(d['power'])} passes", power=st.powers[seat])

    def auto(self, st: State, fr: Frame, log: Log) -> None:
        st.stack.pop()

    def _colonise(self, st: State, seat: int, counter: str, how: str, log: Log) -> None:
        """R-ACT-E1 (1 population) / R-ACT-E2 (a fleet in Africa, no cost)."""
        b = board(st)
        c = b.counter_by_id[counter]
        if how == "colonise":
            st.pop[seat] -= 1
        st.face_up[c.area].remove(counter)
        place_marker(st, seat, c.area, log)
        if how == "colonise":
            log.add("colonise", lambda b, d: f"{b.power_name(d['power'])} colonises {b.counter_name(d['counter'])} in "
                    f"{b.area_name(d['area'])}", power=st.powers[seat],
                    counter=counter, area=c.area)
        else:
            log.add("enslave", lambda b, d: f"{b.power_name(d['power'])} enslaves {b.counter_name(d['counter'])} in "
                    f"{b.area_name(d['area'])}", power=st.powers[seat],
                    counter=counter, area=c.area)

    def _use(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        """R-GEN-8 free actions: the tile is turned (once per war) and takes effect."""
        b = board(st)
        seat = fr["seat"]
        tile = str(choice.args[0])
        arg = str(choice.args[1]) if len(choice.args) > 1 else ""
        if b.tile_by_id[tile].family == "trade":
            turn_tile(st, seat, tile)
            gain = st.markers[arg][seat]
            st.gold[seat] += gain
            log.add("trade", lambda b, d: f"{b.power_name(d['power'])} uses {b.tile_name(d['tile'])} in "
                    f"{b.area_name(d['area'])}: {d['gold']} gold", power=st.powers[seat],
                    tile=tile, area=arg, gold=gain)
            return
        if tile == "blockade":
            st.tiles[seat]["blockade"] -= 1
            if not st.tiles[seat]["blockade"]:
                del st.tiles[seat]["blockade"]
            st.blockades.append([arg, seat])
            if tile not in st.returned[seat]:  # R-ACT-A2: placing it is its use; no buying it back this round
                st.returned[seat].append(tile)
            log.add("blockade_placed", lambda b, d: f"{b.power_name(d['power'])} places a Blockade in "
                    f"{b.area_name(d['area'])}",
                    power=st.powers[seat], area=arg)
            return
        turn_tile(st, seat, tile)
        log.add("use_tile", lambda b, d: f"{b.power_name(d['power'])} uses {b.tile_name(d['tile'])}",
                power=st.powers[seat], tile=tile)
        if tile == "war_office":
            st.stack.append(new_attack(seat, free=True))
        elif tile == "mercenaries":
            st.stack.append(new_build(seat, "mercenaries", kind=0))
        elif tile == "pressgangs":
            st.stack.append(new_build(seat, "pressgangs", kind=FLEET))
        elif tile == "trained_natives":
            place_unit(st, seat, arg, 0)
            log.add("build", lambda b, d: f"{b.power_name(d['power'])} raises an army of Trained Natives in "
                    f"{b.area_name(d['area'])}", power=st.powers[seat],
                    unit="army", area=arg, population=0, tile=tile)
            st.stack.append(new_build(seat, "trained_natives", kind=0, at=arg))
        elif tile == "diplomatic_service":
            take_tile(st, seat, arg, log)
        elif tile == "improved_agriculture":
            st.pop[seat] = min(b.c("population_max"), st.pop[seat] + 1)
            log.add("population", lambda b, d: f"{b.power_name(d['power'])}'s population rises to {d['population']}",
                    power=st.powers[seat],
                    population=st.pop[seat], tile=tile)


def take_tile(st: State, seat: int, tile: str, log: Log) -> None:
    """Pay a tile's costs and apply what it does on take (R-ACT-A1, R-TIL-13, -14, -17, -18)."""
    b = board(st)
    t = b.tile_by_id[tile]
    log.add("buy", lambda b, d: f"{b.power_name(d['power'])} takes {b.tile_name(d['tile'])}", power=st.powers[seat],
            tile=tile)
    pay(st, seat, t.gold, log, t.name, "tile", tile=tile)
    if t.population:
        st.pop[seat] -= t.population
    add_unrest(st, seat, t.unrest, log, tile)
    if tile in ("pirates", "slave_revolt"):
        st.stock[tile] -= 1
        st.stack.append({"t": "revolt", "seat": seat, "tile": tile, "stage": "target"})
        return
    give_tile(st, seat, tile)
    if tile == "government_reform":
        cut = min(st.unrest[seat], b.c("government_reform_unrest"))
        st.unrest[seat] -= cut
        log.add("reform", lambda b, d: f"{b.power_name(d['power'])} reforms its government", seat=seat, unrest=-cut,
                power=st.powers[seat])
    elif tile == "industry":
        st.vp[seat] += b.c("industry_vp")
        log.add("vp", lambda b, d: f"{b.power_name(d['power'])} scores {d['vp']} VP for Industry",
                power=st.powers[seat], vp=b.c("industry_vp"),
                tile=tile)


class Buy(Phase):
    """R-ACT-A1: the buy action, choosing one tile of the stock."""

    name = "buy"

    def pending(self, st: State, fr: Frame) -> Pending:
        return decide(st, "buy", fr["seat"], lambda b, d: f"{b.power_name(d['power'])}: choose a tile to buy",
                      {"key": "buy", "rule": "R-ACT-A1", "power": st.powers[fr["seat"]]})

    def waits(self, st: State, fr: Frame) -> bool:
        return True

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        return buyable(st, fr["seat"])

    def refusal(self, st: State, fr: Frame, choice: Choice) -> Refusal | None:
        """R-ACT-A1, R-ACT-A2, R-GEN-7, R-TIL-17/18: why a tile cannot be bought."""
        if choice.kind != "tile":
            return None
        b = board(st)
        seat = fr["seat"]
        who, power = pname(st, seat), st.powers[seat]
        tile = b.tile_by_id.get(str(choice.args[0])) if len(choice.args) == 1 else None
        if tile is None:
            return refusal("buying names one tile of the stock", "R-ACT-A1", "buy.names_a_tile")
        if st.stock.get(tile.id, 0) <= 0:
            return refusal(f"no {tile.name} tile is left in the stock", "R-ACT-A1", "buy.none_left", tile=tile.id)
        if tile.id in st.returned[seat]:
            return refusal(f"{who} used {tile.name} this round and cannot buy it back in the same round", "R-ACT-A2",
                           "buy.used_this_round", power=power, tile=tile.id)
        if st.pop[seat] < tile.population:
            return refusal(f"{tile.name} costs {tile.population} population and {who} has {st.pop[seat]} "
                           f"(population is never borrowed)", "R-GEN-7", "buy.population",
                           tile=tile.id, cost=tile.population, power=power, population=st.pop[seat])
        rule = "R-TIL-17" if tile.id == "pirates" else "R-TIL-18"
        return refusal(f"the {tile.name} need another player's control marker in a colony to strike", rule,
                       "buy.no_target", tile=tile.id)

    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        st.stack.pop()
        take_tile(st, fr["seat"], str(choice.args[0]), log)
