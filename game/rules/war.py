"""The game's skeleton: setup (R-SET), the war sequence (R-WAR), income and upkeep
(R-INC), victory points (R-VP), the end of a war (R-EOW) and the end of the game (R-END).

All of it lives in the root ``game`` frame, whose ``step`` names where the game is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.board import UNIT_KINDS, Board
from game.rules.common import (
    KIND_INDEX,
    PLURAL,
    A,
    Log,
    aname,
    board,
    pay,
    place_unit,
    pname,
)
from game.rules.core import Choice, Pending, State
from game.rules.errors import Refusal, refusal
from game.rules.phase import Frame, Phase, chance, decide


def rounds_per_war(st: State) -> int:
    """R-GEN-3: 6 rounds with 2-4 players, 5 with 5-7."""
    b = board(st)
    return b.c("rounds_many") if st.n >= b.c("rounds_many_from_players") else b.c("rounds_few")


def draw_ranges(bag_size: int, count: int) -> list[tuple[int, int]]:
    """Uniform draws without replacement: the i-th value indexes the bag after i draws."""
    return [(0, bag_size - 1 - i) for i in range(min(count, bag_size))]


def take_from_bag(st: State, values: tuple[int, ...]) -> list[str]:
    return [st.bag.pop(v) for v in values]


def lay_counter(st: State, counter: str, log: Log) -> None:
    b = board(st)
    c = b.counter_by_id[counter]
    st.face_up[c.area].append(counter)
    st.face_up[c.area].sort(key=b.t.counter_index.__getitem__)
    log.add("counter", lambda b, d: f"{b.counter_name(d['counter'])} is placed face up in {b.area_name(d['area'])}",
            counter=counter, area=c.area)


def _said_round(b: Board, d: Mapping[str, Any]) -> str:
    return f"Round {d['round']} of war {d['war']}"


def _said_war_end(b: Board, d: Mapping[str, Any]) -> str:
    return f"War {d['war']} ends"


class Game(Phase):
    """The root frame: setup, then three wars of six steps each."""

    name = "game"

    # ----------------------------------------------------------------- pending
    def pending(self, st: State, fr: Frame) -> Pending | None:
        step = fr["step"]
        b = board(st)
        if step == "first":
            return chance(st, "first_player", [(0, st.n - 1)], "Draw the first player",
                          {"key": "first_player", "rule": "R-SET-2"})
        if step == "draw":
            count = b.c("setup_map_counters") + b.c("setup_counters_per_player") * st.n
            return chance(st, "draw", draw_ranges(len(st.bag), count), "Draw the setup nation counters",
                          {"key": "draw_setup", "rule": "R-SET-1, R-SET-4"})
        if step == "place":
            seat = self._placer(st, fr)
            k = fr["k"] // st.n + 1
            total = b.c("setup_units_per_player")
            return decide(st, "place", seat, lambda b, d: f"{b.power_name(d['power'])}: place initial unit {d['n']} of "
                          f"{d['of']}",
                          {"key": "place", "rule": "R-SET-5", "power": st.powers[seat], "n": k, "of": total})
        if step == "war_draw" and st.war > 1 and st.bag:
            return chance(st, "draw", draw_ranges(len(st.bag), b.c("war_map_counters")),
                          lambda b, d: f"Draw nation counters for war {d['war']}",
                          {"key": "draw_war", "rule": "R-WAR-1", "war": st.war})
        if step == "over":
            return Pending("over", -1, None, {"key": "over", "rule": ""}, "The game is over", st.ruleset)
        return None

    def waits(self, st: State, fr: Frame) -> bool:
        step = fr["step"]
        return step in ("first", "draw", "place", "over") or (step == "war_draw" and st.war > 1 and bool(st.bag))

    def _placer(self, st: State, fr: Frame) -> int:
        return (st.first + int(fr["k"])) % st.n

    # ----------------------------------------------------------------- setup placement
    def legal(self, st: State, fr: Frame) -> list[Choice]:
        if fr["step"] != "place":
            return []
        places = board(st).t.places  # every unit in every VP area, fleets in the sea areas only
        supply = st.supply[self._placer(st, fr)]
        out: list[Choice] = []
        for kind in UNIT_KINDS:
            if supply[kind] > 0:
                out.extend(places[kind])
        return out

    def allows(self, st: State, fr: Frame, choice: Choice) -> bool:
        """:meth:`legal` without listing every unit in every area."""
        args = choice.args
        if fr["step"] != "place" or choice.kind != "place" or len(args) != 2:
            return False
        kind, area = args
        b = board(st)
        if kind not in UNIT_KINDS or area not in b.vp_areas:
            return False
        return st.supply[self._placer(st, fr)][str(kind)] > 0 and (kind != "fleet" or b.area_by_id[str(area)].sea)

    def refusal(self, st: State, fr: Frame, choice: Choice) -> Refusal | None:
        """R-SET-5: why an initial placement is refused."""
        if fr["step"] != "place" or choice.kind != "place":
            return None
        b = board(st)
        seat = self._placer(st, fr)
        args = choice.args
        if len(args) != 2 or str(args[0]) not in UNIT_KINDS:
            return refusal("an initial unit is placed as: place, then army, fleet or fort, then the area", "R-SET-5",
                           "place.shape")
        kind, area = str(args[0]), str(args[1])
        if area not in b.vp_areas:
            return refusal(f"initial units go in one of the eleven areas with victory points, not {area!r}", "R-SET-5",
                           "place.not_vp_area", value=area)
        if st.supply[seat][kind] <= 0:
            return refusal(f"{pname(st, seat)} has no {kind} left in its supply", "R-GEN-2", "place.none_left",
                           power=st.powers[seat], unit=kind)
        return refusal(f"fleets may be placed only in the eight sea areas, not in {aname(st, area)}", "R-SET-5",
                       "place.fleet_on_land", area=area)

    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        """R-SET-5: place one initial unit, no movement rules, no marker needed."""
        seat = self._placer(st, fr)
        kind, area = str(choice.args[0]), str(choice.args[1])
        place_unit(st, seat, area, KIND_INDEX[kind])
        log.add("place", lambda b, d: f"{b.power_name(d['power'])} places {A[d['unit']]} in {b.area_name(d['area'])}",
                power=st.powers[seat], unit=kind, area=area)
        fr["k"] += 1
        if fr["k"] >= st.n * board(st).c("setup_units_per_player"):
            fr["step"] = "war_start"
            del fr["k"]

    # ----------------------------------------------------------------- chance
    def roll(self, st: State, fr: Frame, values: tuple[int, ...], log: Log) -> None:
        b = board(st)
        step = fr["step"]
        if step == "first":
            st.first = values[0]
            log.add("first_player", lambda b, d: f"{b.power_name(d['power'])} is the first player",
                    power=st.powers[st.first])
            fr["step"] = "draw"
        elif step == "draw":
            drawn = take_from_bag(st, values)
            n_map = b.c("setup_map_counters")
            for counter in drawn[:n_map]:
                lay_counter(st, counter, log)
            per = b.c("setup_counters_per_player")
            rest = drawn[n_map:]
            for i in range(st.n):
                seat = (st.first + i) % st.n
                for counter in rest[i * per:(i + 1) * per]:
                    area = b.counter_by_id[counter].area
                    st.supply[seat]["marker"] -= 1
                    st.markers[area][seat] += 1
                    log.add("setup_marker", lambda b, d: f"{b.power_name(d['power'])} draws "
                            f"{b.counter_name(d['counter'])} and places a control marker in {b.area_name(d['area'])}",
                            power=st.powers[seat],
                            counter=counter, area=area)
            fr["step"] = "place"
            fr["k"] = 0
        elif step == "war_draw":
            for counter in take_from_bag(st, values):
                lay_counter(st, counter, log)
            fr["step"] = "auctions"

    # ----------------------------------------------------------------- automatic steps
    def auto(self, st: State, fr: Frame, log: Log) -> None:
        step = fr["step"]
        if step == "war_start":
            log.add("war", lambda b, d: f"War {d['war']} begins", war=st.war)
            fr["step"] = "war_draw"
        elif step == "war_draw":  # nothing to draw (war 1, or an empty bag)
            fr["step"] = "auctions"
        elif step == "auctions":
            self._auctions(st, fr, log)
        elif step == "rounds":
            self._rounds(st, fr, log)
        elif step == "income":
            income_and_upkeep(st, log)
            fr["step"] = "vp"
        elif step == "vp":
            score_war(st, log)
            if st.war >= board(st).c("wars"):
                end_game(st, log)
                fr["step"] = "over"
            else:
                end_war(st, log)
                fr["step"] = "war_start"
        else:  # pragma: no cover - guarded by pending()
            raise AssertionError(f"game frame cannot advance from {step}")

    def _auctions(self, st: State, fr: Frame, log: Log) -> None:
        """R-ALL-1, R-ALL-2, R-ALL-5, R-ALL-6: auctions until everyone is allied."""
        if "next_starter" not in fr:
            fr["next_starter"] = st.first if st.war == 1 else st.last_turn
        if 0 in st.alliance:
            starter = fr["next_starter"]
            fr["next_starter"] = (starter + 1) % st.n
            st.stack.append({"t": "auction", "starter": starter, "bidder": starter, "high": -1,
                             "leader": -1, "a": -1, "b": -1, "passes": 0, "stage": "bid"})
            return
        del fr["next_starter"]
        st.order = sorted(range(st.n), key=lambda s: st.track[s])
        log.add("play_order",
                lambda b, d: f"Play order for war {d['war']}: " + ", ".join(map(b.power_name, d["order"])),
                order=[st.powers[s] for s in st.order], war=st.war)
        fr["step"] = "rounds"
        fr["i"] = 0
        st.round = 1
        log.add("round", _said_round, war=st.war, round=st.round)

    def _rounds(self, st: State, fr: Frame, log: Log) -> None:
        """R-GEN-3: in each round every player, in play order, takes a turn."""
        if fr["i"] < st.n:
            seat = st.order[fr["i"]]
            fr["i"] += 1
            st.last_turn = seat
            st.stack.append({"t": "turn", "seat": seat, "done": 0, "bought": 0, "colonised": 0})
            log.add("turn", lambda b, d: f"{b.power_name(d['power'])}'s turn", power=st.powers[seat], round=st.round)
            return
        st.returned = [[] for _ in range(st.n)]
        if st.round < rounds_per_war(st):
            st.round += 1
            fr["i"] = 0
            log.add("round", _said_round, war=st.war, round=st.round)
        else:
            del fr["i"]
            fr["step"] = "income"


# --------------------------------------------------------------------------- step 4
def markers_on_map(st: State, seat: int) -> int:
    """Control markers that count (those captured on a Pirates/Slave Revolt tile do not)."""
    return sum(st.markers[a][seat] for a in board(st).vp_areas)


def income_and_upkeep(st: State, log: Log) -> None:
    """R-INC-1 income, R-INC-2 upkeep with borrowing, R-INC-3 population growth."""
    b = board(st)
    for seat in range(st.n):
        income = st.pop[seat] + markers_on_map(st, seat)
        st.gold[seat] += income
        log.add("income", lambda b, d: f"{b.power_name(d['power'])} collects {d['gold']} gold", power=st.powers[seat],
                gold=income)
    for seat in range(st.n):
        upkeep = sum(sum(st.units[a.id][seat]) for a in b.areas)
        if upkeep:
            pay(st, seat, upkeep, log, "upkeep", "upkeep")
    for seat in range(st.n):
        new = min(b.c("population_max"), st.pop[seat] + b.c("population_growth"))
        if new != st.pop[seat]:
            log.add("population", lambda b, d: f"{b.power_name(d['power'])}'s population grows to {d['population']}",
                    power=st.powers[seat],
                    population=new)
        st.pop[seat] = new


# --------------------------------------------------------------------------- step 5
def dense_rank_scores(counts: list[int], values: tuple[int, ...]) -> list[int]:
    """R-VP-1: dense ranking of positive counts; a rank past the printed values scores 0."""
    distinct = sorted({c for c in counts if c > 0}, reverse=True)
    rank = {c: i for i, c in enumerate(distinct)}
    return [values[rank[c]] if c > 0 and rank[c] < len(values) else 0 for c in counts]


def score_war(st: State, log: Log) -> None:
    """R-VP-1: each VP area scores by control markers, dense ranking."""
    b = board(st)
    for area in b.vp_areas:
        counts = st.markers[area]
        scores = dense_rank_scores(counts, b.area_by_id[area].vp)
        scored = False
        for seat in range(st.n):
            if scores[seat]:
                st.vp[seat] += scores[seat]
                scored = True
        if scored:
            log.add("score_area", lambda b, d: f"{b.area_name(d['area'])} scores: " + ", ".join(
                f"{b.power_name(p)} {d['scores'][p]}" for p in d["powers"]), area=area,
                    scores={st.powers[s]: scores[s] for s in range(st.n) if scores[s]},
                    powers=[st.powers[s] for s in range(st.n) if scores[s]])
    log.add("scored", lambda b, d: f"Victory points after war {d['war']}: " + ", ".join(
        f"{b.power_name(p)} {d['vp'][p]}" for p in d["powers"]),
            war=st.war, vp={st.powers[s]: st.vp[s] for s in range(st.n)}, powers=list(st.powers))


# --------------------------------------------------------------------------- step 6
def end_war(st: State, log: Log) -> None:
    """R-EOW-1: advance the war; tiles ready; alliance tiles and Blockade back; track cleared."""
    b = board(st)
    for seat in range(st.n):
        for tile in [t for t in st.tiles[seat] if b.tile_by_id[t].family == "alliance"]:
            st.stock[tile] += st.tiles[seat].pop(tile)
        st.used[seat] = {}
    for _area, _seat in st.blockades:
        st.stock["blockade"] += 1
    st.blockades = []
    st.alliance = [0] * st.n
    st.track = [0] * st.n
    st.order = []
    st.returned = [[] for _ in range(st.n)]
    log.add("war_end", _said_war_end, war=st.war)
    st.war += 1
    st.round = 0


# --------------------------------------------------------------------------- the end
def end_game(st: State, log: Log) -> None:
    """R-END-1..4: reveal unrest, revolution, unrest penalties, the winner."""
    b = board(st)
    threshold = b.c("revolution_unrest")
    penalties: list[int] = list(b.constants["unrest_penalties"])
    log.add("war_end", _said_war_end, war=st.war)
    revolution = [s for s in range(st.n) if st.unrest[s] >= threshold]
    others = [s for s in range(st.n) if s not in revolution]
    # R-END-3: dense ranking of every remaining player's unrest, 0 included, no floor (000: "quello
    # col valore di fermento più alto prende 7 Punti di penalità ... In caso di parità, tutti i
    # giocatori in parità prendono per intero la stessa penalità")
    levels = sorted({st.unrest[s] for s in others}, reverse=True)
    final: dict[str, int] = {}
    penalty: dict[str, int] = {}
    for seat in range(st.n):
        power = st.powers[seat]
        log.add("unrest_revealed", lambda b, d: f"{b.power_name(d['power'])} reveals {d['unrest_total']} unrest",
                power=power, unrest_total=st.unrest[seat])
        if seat in revolution:
            final[power] = 0
            penalty[power] = st.vp[seat]
            log.add("revolution", lambda b, d: f"Revolution in {b.power_name(d['power'])}: it scores 0 VP", power=power)
            continue
        rank = levels.index(st.unrest[seat])
        p = penalties[rank] if rank < len(penalties) else 0
        penalty[power] = p
        final[power] = st.vp[seat] - p
        if p:
            log.add("unrest_penalty", lambda b, d: f"{b.power_name(d['power'])} loses {d['vp']} VP for unrest",
                    power=power, vp=p)
    best = sorted(range(st.n), key=lambda s: (-final[st.powers[s]], st.unrest[s], -st.gold[s]))
    top = best[0]
    key = (final[st.powers[top]], st.unrest[top], st.gold[top])
    winners = [st.powers[s] for s in best if (final[st.powers[s]], st.unrest[s], st.gold[s]) == key]
    st.final = {
        "scores": final,
        "vp_before_unrest": {st.powers[s]: st.vp[s] for s in range(st.n)},
        "penalties": penalty,
        "unrest": {st.powers[s]: st.unrest[s] for s in range(st.n)},
        "gold": {st.powers[s]: st.gold[s] for s in range(st.n)},
        "revolution": [st.powers[s] for s in revolution],
        "winners": winners,
    }
    log.add("game_over", lambda b, d: " and ".join(map(b.power_name, d["winners"])) + (
        f" {'win' if len(d['winners']) > 1 else 'wins'} the game"), winners=winners,
            scores=final)


__all__ = ["Game", "dense_rank_scores", "rounds_per_war", "PLURAL"]
