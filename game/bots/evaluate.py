"""The searching bot's evaluation: what a position is worth to each seat, in tenths of a VP,
in integers only (the same on every machine).

A seat's worth is its VP, plus what its control markers would score at the end of this war
(R-VP-1, dense ranking) and, discounted, at the end of the wars still to come; plus its
means to gain more (gold, population, units on the map, tiles); minus the unrest penalties
its unrest would cost at the end of the game (R-END-3: the highest loses 7 VP, the second
4) and, near 20, the revolution (R-END-2: every VP lost).
"""

from __future__ import annotations

from game.bots.greedy import TILE_VALUE
from game.rules import State, is_over
from game.rules.common import board
from game.rules.war import dense_rank_scores

WIN_BONUS = 150  # tenths of a VP for winning outright at the end, on top of the margin


def marker_scores(st: State) -> list[int]:
    """VP each seat's markers would score if the war ended now (R-VP-1)."""
    b = board(st)
    out = [0] * st.n
    for area in b.vp_areas:
        counts = st.markers[area]
        if not any(counts):
            continue
        for s, v in enumerate(dense_rank_scores(counts, b.area_by_id[area].vp)):
            out[s] += v
    return out


def unrest_penalties(st: State, unrest: list[int]) -> list[int]:
    """VP each seat would lose for the unrest given, were the game to end now (R-END-2/3);
    a revolution counts as every VP."""
    b = board(st)
    threshold = b.c("revolution_unrest")
    table: list[int] = list(b.constants["unrest_penalties"])
    calm = [u for u in unrest if u < threshold]
    levels = sorted({u for u in calm if u > 0}, reverse=True)
    out = []
    for s in range(st.n):
        u = unrest[s]
        if u >= threshold:
            out.append(-1)  # revolution: handled by the caller
            continue
        rank = levels.index(u) if u > 0 else len(table)
        out.append(table[rank] if rank < len(table) else 0)
    return out


def worth(st: State, unrest: list[int]) -> list[int]:
    """Each seat's worth in tenths of a VP (see the module docstring)."""
    b = board(st)
    if is_over(st):
        scores = st.final["scores"]
        return [10 * int(scores[p]) for p in st.powers]
    wars = b.c("wars")
    later = wars - st.war  # wars still to come after this one
    now = marker_scores(st)
    # the upkeep still to pay this war (R-INC-2): what income does not cover is borrowed,
    # one unrest a lot (R-GEN-5)
    lot = b.c("borrow_lot")
    pieces = [0] * st.n
    units = [0] * st.n
    for area in st.units.values():
        for s in range(st.n):
            na, nf, nt = area[s]
            pieces[s] += na + nf + nt
            units[s] += 4 * (na + nf) + 2 * nt
    expected = list(unrest)
    cash = [0] * st.n
    for s in range(st.n):
        income = st.pop[s] + sum(st.markers[a][s] for a in b.vp_areas)
        cash[s] = st.gold[s] + income - pieces[s]
        if cash[s] < 0:
            expected[s] += (-cash[s] + lot - 1) // lot
    penalties = unrest_penalties(st, expected)
    threshold = b.c("revolution_unrest")
    out = []
    for s in range(st.n):
        v = 10 * st.vp[s] + 10 * now[s] + 6 * now[s] * later
        v += 3 * max(0, cash[s]) + 3 * st.pop[s] + units[s]
        tiles = 0
        for t, k in st.tiles[s].items():
            tiles += max(0, TILE_VALUE.get(t, 30)) * k
        v += tiles * (later + 1) // 15
        u = expected[s]
        if penalties[s] < 0:
            v = -200 - 10 * u
        else:
            # the penalty weighs more as the end nears; unrest close to 20 risks everything
            v -= 10 * penalties[s] * st.war // wars
            if u >= threshold - 5:
                v -= 25 * (u - threshold + 6)
        out.append(v)
    return out


def margin(st: State, unrest: list[int], seat: int) -> int:
    """``seat``'s worth minus the best other seat's: what the search maximises."""
    w = worth(st, unrest)
    best_other = max(w[s] for s in range(st.n) if s != seat)
    m = w[seat] - best_other
    if is_over(st) and st.powers[seat] in st.final["winners"]:
        m += WIN_BONUS if len(st.final["winners"]) == 1 else WIN_BONUS // 2
    return m
