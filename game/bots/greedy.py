"""A simple greedy bot: scores every legal choice with fixed, readable heuristics and takes
the best (ties broken by its own seeded generator). It looks at most one step ahead.

:meth:`GreedyBot.scores` scores all the choices of one decision at once: what several
choices ask of the same position (whether an attack is worth making, a seat's allies,
what a marker in an area is worth, the enemy markers in an area) is worked out once for them all (the
searching bots score every choice of every decision of their sampled futures). The
scores are those of :meth:`GreedyBot.score`, choice by choice.
"""

from __future__ import annotations

from typing import Any

from game.bots.prng import Rng
from game.rules import Choice, State
from game.rules.board import Board
from game.rules.common import ARMY, FLEET, FORT, allies_in_order, board, is_ally, owns

TILE_VALUE = {
    "army_training": 70, "naval_training": 40, "reserve": 45, "war_office": 40, "mercenaries": 45,
    "pressgangs": 25, "trained_natives": 35, "militia": 30, "logistics": 30, "banking": 25,
    "navigation": 25, "diplomatic_service": 25, "improved_agriculture": 40, "government_reform": 0,
    "industry": 0, "pirates": -100, "slave_revolt": -100, "fighting_withdrawal": 30,
    "surprise_attack": 20, "blockade": 15,
}


def area_value(b: Board, st: State, seat: int, area: str) -> int:
    """How much one more control marker in ``area`` is worth to ``seat`` now (VP x 10): what
    :func:`~game.rules.war.dense_rank_scores` gives the seat with one more marker there,
    less what it gives now. (A count's dense rank is the number of distinct counts above it,
    all of them the other seats': worked out directly.)"""
    counts = st.markers[area]
    values = b.area_by_id[area].vp
    mine = counts[seat]
    above = {c for p, c in enumerate(counts) if p != seat and c > mine}  # (every count above is positive)
    rank_before = len(above)
    rank_after = len([c for c in above if c > mine + 1])
    before = values[rank_before] if mine > 0 and rank_before < len(values) else 0
    after = values[rank_after] if rank_after < len(values) else 0
    return 10 * (after - before) + 15


_UNSEEN = object()  # (a destination not worked out yet this decision)


def _area_value(b: Board, st: State, seat: int, area: str, memo: dict[Any, Any]) -> int:
    """:func:`area_value`, once per decision and area."""
    key = ("area", seat, area)
    got: int | None = memo.get(key)
    if got is None:
        got = memo[key] = area_value(b, st, seat, area)
    return got


def _allies(st: State, seat: int, memo: dict[Any, Any]) -> list[int]:
    """:func:`~game.rules.common.allies_in_order`, once per decision and seat."""
    key = ("allies", seat)
    got: list[int] | None = memo.get(key)
    if got is None:
        got = memo[key] = allies_in_order(st, seat)
    return got


def strength(st: State, area: str, seat: int, attacking: bool) -> int:
    u = st.units[area][seat]
    s = u[ARMY] + (0 if attacking else 2 * u[FORT])
    b = board(st)
    naval = b.area_by_id[area].naval_area
    if naval and st.units[naval][seat][FLEET] > 0:
        s += 1
    return s


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int, options: list[Choice]) -> Choice:
        scored = self.scores(state, seat, options)
        best = max(scored)
        top = [i for i, s in enumerate(scored) if s == best]
        return options[top[self.rng.below(len(top))]]

    def scores(self, st: State, seat: int, options: list[Choice]) -> list[int]:
        """``[self.score(st, seat, c) for c in options]``, sharing the work the choices of one
        decision have in common (the state must not change meanwhile)."""
        memo: dict[Any, Any] = {}
        return [self._score(st, seat, c, memo) for c in options]

    # ------------------------------------------------------------------ heuristics
    def score(self, st: State, seat: int, c: Choice) -> int:
        return self._score(st, seat, c, {})

    def _score(self, st: State, seat: int, c: Choice, memo: dict[Any, Any]) -> int:
        k, a = c.kind, c.args
        if a and (k == "move" or k == "to"):  # (the most asked: no branch below takes them before theirs)
            return self._destination_value(st, seat, str(a[-1]), str(a[0]) if k == "move" else "", memo) - (
                2 if k == "move" else 0)
        b = board(st)
        if not a and k in ("buy", "build", "move", "attack") or (k == "pass" and st.stack[-1]["t"] == "turn"):
            return self._action_value(st, seat, c, memo)
        if k == "place":
            area = str(a[1])
            targets = sum(1 for x in st.face_up[area] if b.counter_by_id[x].type == "neutral")
            bonus = {"army": 10, "fleet": 4, "fort": 6}[str(a[0])]
            mine = st.units[area][seat][ARMY] + st.units[area][seat][FLEET]
            return bonus + 5 * targets + 8 * (st.markers[area][seat] > 0) - 6 * mine
        if k == "bid":
            return -1000 - int(a[0])
        if k == "pass" and st.stack[-1]["t"] == "auction":
            return 0
        if k == "propose":
            me = st.powers[seat]
            return 10 if a[0] == me else 5 if a[1] == me else 0
        if k == "help":  # all its armies and fleets there
            return int(a[0]) + int(a[1])
        if k == "offer":  # never offers gold
            return -int(a[1])
        if k in ("surprise", "withdraw", "blockade", "accept"):
            return 1
        if k in ("no_surprise", "no_withdraw", "no_blockade", "decline", "no_naval_battle", "no_reserve"):
            return 0
        if k == "naval_battle":
            return 1 if self._fleet_edge(st, seat) >= 0 else -1
        if k == "reserve":
            return self._reserve_value(st, seat)
        if k == "lose":
            return {"army": 2, "fleet": 1, "fort": 0}[str(a[0])]
        if k in ("ally_loses", "ally_tile", "keep", "stay", "revolt"):
            return 0
        if k == "disband":
            return -50
        if k == "militia" or k == "no_militia":
            return (1 if st.pop[seat] >= 3 else -1) * (1 if k == "militia" else -1)
        if k == "build":
            kind = str(a[0])
            fleets = sum(st.units[x.id][seat][FLEET] for x in b.areas)
            return {"army": 5, "fleet": 8 if fleets < 2 else 2, "fort": 1}[kind]
        if k in ("to", "move"):
            dest = str(a[-1])
            return self._destination_value(st, seat, dest, str(a[0]) if k == "move" else "", memo) - (
                2 if k == "move" else 0)
        if k == "done":
            return 0
        if k == "tile":
            t = b.tile_by_id[str(a[0])]
            v = TILE_VALUE.get(t.id, 35)
            if t.family == "alliance":
                v = 30 if any(sum(st.units[x][seat][:2]) for x in t.areas) else 5
            if t.family == "trade":
                v = 10 * max(st.markers[x][seat] for x in t.areas) + 5
            if t.id == "government_reform":
                v = 25 * min(2, st.unrest[seat])
            if t.id == "industry":
                v = 30 if st.unrest[seat] < 12 else -20
            cost = t.gold * (15 if st.gold[seat] >= t.gold else 30)
            return v * 10 - cost
        if k == "attack":
            return self._attack_value(st, seat, c, memo)
        if k in ("colonise", "enslave"):
            return 200 + _area_value(b, st, seat, b.counter_by_id[str(a[0])].area, memo)
        if k == "use":
            if a[0] == "war_office":
                return 150 if self._attack_worth_it(st, seat, memo) else -10
            return 150
        if k == "end":
            return 0
        return self._action_value(st, seat, c, memo)

    def _action_value(self, st: State, seat: int, c: Choice, memo: dict[Any, Any]) -> int:
        k = c.kind
        if k == "attack":
            return 100 if st.gold[seat] >= 2 and self._attack_worth_it(st, seat, memo) else -10
        if k == "buy":
            return 60 if st.gold[seat] >= 5 else 5
        if k == "build":
            units = sum(sum(st.units[x.id][seat]) for x in board(st).areas)
            return 80 if st.pop[seat] >= 3 and units < 12 else 10
        if k == "move":
            return 40
        return 0  # pass

    def _attack_worth_it(self, st: State, seat: int, memo: dict[Any, Any]) -> bool:
        """Whether the seat's best attack is worth more than 30 (the heuristics ask no more
        of it): found at the first target that is, once per decision."""
        key = ("attack_worth_it", seat)
        got: bool | None = memo.get(key)
        if got is None:
            from game.rules.combat import attack_targets

            got = memo[key] = any(self._attack_value(st, seat, c, memo) > 30 for c in attack_targets(st, seat))
        return got

    def _attack_value(self, st: State, seat: int, c: Choice, memo: dict[Any, Any]) -> int:
        b = board(st)
        area, kind, target = (str(x) for x in c.args)
        mine = strength(st, area, seat, True) + (1 if owns(st, seat, "army_training") else 0)
        for ally in _allies(st, seat, memo):
            mine += st.units[area][ally][ARMY]
        if kind == "counter":
            theirs = b.counter_by_id[target].strength
            prize = _area_value(b, st, seat, area, memo) + 3 * b.counter_by_id[target].gold
        elif kind == "tile":
            theirs = 1 if target == "pirates" else 3
            prize = _area_value(b, st, seat, area, memo)
        else:
            dfn = st.powers.index(target)
            theirs = strength(st, area, dfn, False)
            for ally in _allies(st, dfn, memo):
                theirs += st.units[area][ally][ARMY]
            prize = _area_value(b, st, seat, area, memo) if st.markers[area][dfn] else 0
            if kind == "naval":
                mine, theirs, prize = st.units[area][seat][FLEET], st.units[area][dfn][FLEET], 5
        return 10 * (mine - theirs) + prize - 10

    def _destination_value(self, st: State, seat: int, dest: str, src: str, memo: dict[Any, Any]) -> int:
        table: dict[str, Any] | None = memo.get(("destinations", seat))
        if table is None:
            table = memo[("destinations", seat)] = {}
        # what ``dest`` is worth whatever the unit comes from (None: a home nation)
        base = table.get(dest, _UNSEEN)
        if base is _UNSEEN:
            b = board(st)
            base = None
            if not b.area_by_id[dest].is_home:
                targets = sum(1 for x in st.face_up[dest] if b.counter_by_id[x].type == "neutral")
                foes = memo.get(("foes", seat))
                if foes is None:  # the seats not its own nor its allies, once per decision
                    foes = memo[("foes", seat)] = [p for p in range(st.n) if p != seat and not is_ally(st, seat, p)]
                mark = st.markers[dest]
                enemies = sum([mark[p] for p in foes])
                here = st.units[dest][seat][ARMY] + st.units[dest][seat][FLEET]
                base = 6 * targets + 4 * enemies + 5 * (st.markers[dest][seat] > 0) - 3 * here
            table[dest] = base
        if base is None:
            return -20
        gain = int(base)
        if src and src in st.units:
            gain -= 6 * (st.markers[src][seat] > 0 if src in st.markers else 0)
        return gain

    def _fleet_edge(self, st: State, seat: int) -> int:
        fr = st.stack[-1]
        area = b_area = str(fr.get("area", ""))
        if not area:
            return 0
        naval = board(st).area_by_id[b_area].naval_area or area
        att, dfn = fr["sides"]
        return int(st.units[naval][att][FLEET] - st.units[naval][dfn][FLEET])

    def _reserve_value(self, st: State, seat: int) -> int:
        fr = st.stack[-1]
        d = fr["dice"]
        a = fr["str"][0] + abs(d[0] - d[1])
        dd = fr["str"][1] + abs(d[2] - d[3])
        side = 0 if fr["sides"][0] == seat else 1
        mine, theirs = (a, dd) if side == 0 else (dd, a)
        return 1 if mine <= theirs else -1
