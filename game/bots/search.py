"""The searching bot (levels ``easy``, ``normal``, ``hard``): Monte-Carlo search over its big
decisions, on a copy of the state in which the other seats' unrest comes from its own
ledger of public events. See ``docs/bots.md`` for the design and the measured strength.

For a big decision (an action, an attack's target, a tile, a bid, an alliance proposal, an
initial unit, a free tile use; for ``hard`` also where a unit moves or a new one is placed
and whether to help in a battle or what to offer for help) the bot takes the legal choices in the order of a fast
heuristic (progressive widening: only the first ``width`` of them are searched) and plays
sampled futures from each: every seat, the bot included, then follows the heuristic
policy, the dice come from the bot's own generator, and a future is cut after ``depth``
decisions and scored by :func:`game.bots.evaluate.margin` (the bot's worth minus the best
rival's). Successive halving spends the playout budget: each round, the surviving choices
get the same number of futures, with the same dice seeds for every choice (common random
numbers), and the worse half is dropped. Budgets count playouts and decisions, never time,
and every step is integer arithmetic over lists in a fixed order, so the same state, seat
and seed give the same choice everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.evaluate import margin
from game.bots.greedy import GreedyBot
from game.bots.ledger import UnrestLedger
from game.bots.prng import Rng, seed_from
from game.rules import Act, Choice, Event, Roll, State, apply_in_place, decision, describe, legal, pending


@dataclass(frozen=True)
class Level:
    """A level's budget: playouts per searched decision, the choices searched (progressive
    widening), the decisions a playout runs before it is scored (with 4 players; in
    proportion to the players beyond 4), and the decision kinds searched (the others take
    the heuristic's choice)."""

    name: str
    playouts: int
    width: int
    depth: int
    kinds: frozenset[str]
    clear: int = 1 << 30  # a lead (tenths of a VP) after a round that ends the search early
    extra: int = 0  # more futures for the two leaders when, at the end, they are within ``close``
    close: int = 0  # tenths of a VP
    spread: bool = False  # amounts searched: the lowest, then +1, +2, +4 ... (else consecutive)
    per_seat: bool = False  # playouts x 4 / players: a future costs more with more players


BIG = frozenset({"action", "attack", "buy", "bid", "propose", "place", "end"})
# the small decisions hard searches too: where a unit moves, where a new one is placed,
# whether to help an ally in a battle and what to offer for help (the other levels take
# the heuristic's choice there)
DETAIL = frozenset({"move", "build_move", "help", "offer"})
LEVELS: dict[str, Level] = {
    "easy": Level("easy", 8, 3, 8, frozenset({"action", "attack", "buy"})),
    "normal": Level("normal", 24, 4, 16, BIG),
    "hard": Level("hard", 144, 6, 24, BIG | DETAIL, clear=60, extra=48, close=20, spread=True, per_seat=True),
}
STRONGEST = "hard"
# decisions whose legal list is pass (if any) and then amounts, lowest first: the policy
# scores pass 0 and an amount x -1000 - x (never gold for nothing), so its choice is the
# first, with no tie to break; taking it at once skips scoring a hundred amounts
LOWEST_FIRST = frozenset({"bid", "offer"})


@dataclass
class SearchResult:
    """What the last search found: each searched choice's mean margin (tenths of a VP) and
    the number of futures behind it."""

    choice: Choice
    means: list[tuple[Choice, int, int]]  # (choice, mean margin, futures), best first
    playouts: int
    searched: bool


class SearchBot:
    """A bot of one level; ``observe`` (optional) feeds it each step's events for its ledger."""

    def __init__(self, seed: int, level: str = STRONGEST) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
        self.level = LEVELS[level]
        self.name = level
        self.seed = seed
        self.rng = Rng(seed)
        self.policy = GreedyBot(seed)
        self.ledger: UnrestLedger | None = None
        self.last: SearchResult | None = None
        self.total_playouts = 0

    # ------------------------------------------------------------------ public
    def observe(self, st: State, events: Sequence[Event]) -> None:
        """Take in one step's events (``st`` is the state after it)."""
        if self.ledger is None or len(self.ledger.unrest) != st.n:
            self.ledger = UnrestLedger(st.n)
            if st.steps > 1:
                self.ledger.complete = False
        self.ledger.observe(st, events)

    def use_ledger(self, ledger: UnrestLedger) -> None:
        """Believe the others' unrest as ``ledger`` tells it (a table that follows the whole
        game keeps one for all its computer players: it holds public facts only)."""
        self.ledger = ledger

    def choose(self, state: State, seat: int, options: list[Choice]) -> Choice:
        return self.search(state, seat, options).choice

    def explain(self, state: State, seat: int) -> tuple[Choice, str]:
        """The best choice for ``seat`` here and one sentence saying why."""
        options = legal(state, seat)
        if not options:
            raise ValueError("it is not this seat's decision")
        res = self.search(state, seat, options)
        what = describe(state, res.choice)
        if len(options) == 1:
            return res.choice, f"{what}: the only choice the rules allow here."
        if not res.searched or len(res.means) < 2:
            return res.choice, f"{what}: the quick rule of thumb rates it highest (gain now against its cost)."
        _, best, n = res.means[0]
        alt, second, _ = res.means[1]
        where = f"{_vp(abs(best))} VP {'ahead of' if best >= 0 else 'behind'} the best rival"
        if best > second:
            than = f"{_vp(best - second)} VP better than {describe(state, alt)}"
        else:
            than = f"level with {describe(state, alt)}, which the rule of thumb ranks lower"
        return res.choice, f"{what}: over {n} sampled futures it leaves you {where}, {than}."

    # ------------------------------------------------------------------ search
    def search(self, state: State, seat: int, options: list[Choice]) -> SearchResult:
        if not options:
            raise ValueError("a bot needs at least one choice")
        rng = Rng(seed_from(self.rng.next64(), state.steps, seat))
        if len(options) == 1:
            self.last = SearchResult(options[0], [], 0, False)
            return self.last
        kind = pending(state).kind
        base = self._believed(state, seat)
        ranked = self._ranked(base, seat, options, rng)
        lv = self.level
        if kind not in lv.kinds or lv.playouts <= 0:
            self.last = SearchResult(ranked[0], [], 0, False)
            return self.last
        cands = _spread(ranked, lv.width) if lv.spread and kind in LOWEST_FIRST else ranked[:lv.width]
        # per_seat: fewer futures with more players, as a future runs depth x players / 4 decisions
        players = max(4, base.n) if lv.per_seat else 4
        budget, extra = lv.playouts * 4 // players, lv.extra * 4 // players
        sums = {i: 0 for i in range(len(cands))}
        counts = {i: 0 for i in range(len(cands))}
        alive = list(range(len(cands)))
        rounds = max(1, (len(cands) - 1).bit_length())
        spent = 0
        seeds = rng.next64()
        for r in range(rounds):
            per = max(1, (budget - spent) // ((rounds - r) * len(alive)))
            for j in range(per):
                dice = seed_from(seeds, r, j)
                for i in alive:
                    sums[i] += self._playout(base, seat, cands[i], dice)
                    counts[i] += 1
                    spent += 1
            if len(alive) > 1 and r < rounds - 1:
                alive.sort(key=lambda i: (-_mean(sums[i], counts[i]), i))
                gap = _mean(sums[alive[0]], counts[alive[0]]) - _mean(sums[alive[1]], counts[alive[1]])
                if gap >= lv.clear:
                    break  # one choice is clearly best: the rest of the budget is not spent
                alive = alive[:max(1, (len(alive) + 1) // 2)]
        if extra and len(alive) >= 2:
            alive.sort(key=lambda i: (-_mean(sums[i], counts[i]), i))
            top = alive[:2]
            if _mean(sums[top[0]], counts[top[0]]) - _mean(sums[top[1]], counts[top[1]]) < lv.close:
                # a close call: more futures for the two leaders, again with shared dice
                for j in range(extra // 2):
                    dice = seed_from(seeds, rounds, j)
                    for i in top:
                        sums[i] += self._playout(base, seat, cands[i], dice)
                        counts[i] += 1
                        spent += 1
        order = sorted(range(len(cands)), key=lambda i: (-counts[i], -_mean(sums[i], counts[i]), i))
        best = order[0]
        means = [(cands[i], _mean(sums[i], counts[i]), counts[i]) for i in order]
        self.total_playouts += spent
        self.last = SearchResult(cands[best], means, spent, True)
        return self.last

    def _believed(self, state: State, seat: int) -> State:
        """A copy of the state with the other seats' unrest replaced by the bot's belief."""
        base = state.clone()
        ledger = self.ledger or UnrestLedger(state.n)
        if self.ledger is None:
            ledger.complete = state.steps == 0
            ledger.steps = state.steps
        base.unrest = ledger.estimate(state, seat)
        return base

    def _ranked(self, st: State, seat: int, options: list[Choice], rng: Rng) -> list[Choice]:
        """The options in the heuristic's order, best first (ties in a seeded order)."""
        keyed = [(-s, rng.next64(), i) for i, s in enumerate(self.policy.scores(st, seat, options))]
        keyed.sort()
        return [options[i] for _, _, i in keyed]

    def _playout(self, base: State, seat: int, choice: Choice, dice_seed: int) -> int:
        st = base.clone()
        rng = Rng(dice_seed)
        apply_in_place(st, Act(seat, choice), checked=True)
        policy = self.policy
        # a round has a turn per seat: with more than 4 players a future needs more
        # decisions to come back to the bot's next turn
        left = self.level.depth * max(base.n, 4) // 4
        while left > 0:
            fr = st.stack[-1]
            if fr["t"] == "game" and fr["step"] == "over":
                break
            p, opts = decision(st)  # (what the game waits for and its choices, worked out once)
            if p.chance is not None:
                apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)), checked=True)
                continue
            if len(opts) == 1 or p.kind in LOWEST_FIRST:
                c = opts[0]  # the policy's choice: see LOWEST_FIRST
            else:
                best = -(1 << 62)
                top: list[Choice] = []
                for o, s in zip(opts, policy.scores(st, p.seat, opts), strict=True):
                    if s > best:
                        best, top = s, [o]
                    elif s == best:
                        top.append(o)
                c = top[rng.below(len(top))] if len(top) > 1 else top[0]
            apply_in_place(st, Act(p.seat, c), checked=True)
            left -= 1
        return margin(st, st.unrest, seat)


def _spread(ranked: list[Choice], width: int) -> list[Choice]:
    """Progressive widening over amounts: the choices that are not amounts (pass) and then
    the lowest amount, the lowest + 1, + 2, + 4 ... up to ``width`` choices, so that a long
    list of bids is sampled across its range instead of at its bottom."""
    others = [c for c in ranked if not c.args or not isinstance(c.args[-1], int)]
    amounts = sorted((c for c in ranked if c.args and isinstance(c.args[-1], int)), key=lambda c: int(c.args[-1]))
    out = others[:width]
    step = 0
    while len(out) < width and step < len(amounts):
        out.append(amounts[step])
        step = 2 * step if step else 1
    return out


def _mean(total: int, count: int) -> int:
    return total // count if count else -(1 << 62)


def _vp(tenths: int) -> str:
    """Tenths of a VP as a decimal number, exactly."""
    sign = "-" if tenths < 0 else ""
    t = abs(tenths)
    return f"{sign}{t // 10}.{t % 10}"

