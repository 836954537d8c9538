"""Real pending decisions of every kind, collected from seeded games played by a random
player that prefers the tiles and attacks that lead to the rarer decisions."""

from __future__ import annotations

import random

from game.rules import Act, Choice, Roll, State, apply_in_place, legal, new_game, pending

KINDS = ("action", "bid", "propose", "place", "move", "build", "build_move", "buy", "attack", "help", "naval",
         "naval_answer", "reserve", "lose", "ally_loses", "ally_tile", "blockade", "withdraw", "surprise", "revolt",
         "militia", "disband", "end")

PREFER = {"surprise_attack", "fighting_withdrawal", "blockade", "reserve", "militia", "pirates", "slave_revolt",
          "diplomatic_service", "portugal", "sweden", "denmark", "ottomans"}


AMOUNTS = 40  # the amounts (bids, offers of gold) a random player names: the lowest 40 listed


def _pick(rng: random.Random, options: list[Choice]) -> Choice:
    # the rules set no cap on a bid or an offer, and the list of amounts runs 100 gold past
    # the gold in hand (R-GEN-4): a player names amounts from its low end
    amounts = [c for c in options if c.kind in ("bid", "offer")]
    if len(amounts) > AMOUNTS:
        options = [c for c in options if c not in amounts[AMOUNTS:]]
    liked = [c for c in options if any(str(a) in PREFER for a in c.args) or c.kind in (
        "attack", "naval_battle", "accept", "use") or c.kind == "help" and c.args != ("none",)]
    if liked and rng.random() < 0.7:
        return liked[rng.randrange(len(liked))]
    return options[rng.randrange(len(options))]


def collect(kinds: tuple[str, ...] = KINDS, games: int = 300) -> dict[str, State]:
    """The first state found waiting for each decision kind."""
    found: dict[str, State] = {}
    for g in range(games):
        rng = random.Random(g)
        st = new_game(2 + g % 6)
        while True:
            p = pending(st)
            if p.is_over:
                break
            if p.chance is not None:
                apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)))
                continue
            if p.kind not in found:
                found[p.kind] = st.clone()
            apply_in_place(st, Act(p.seat, _pick(rng, legal(st, p.seat))))
        if all(k in found for k in kinds):
            break
    return found


def collect_many(per_kind: int, games: int, players: tuple[int, ...] = (2, 3, 4, 5, 6, 7)) -> list[State]:
    """Up to ``per_kind`` states waiting for each decision kind, from ``games`` seeded games
    of each player count in turn (the seventh player's crowded screen included)."""
    found: dict[str, list[State]] = {}
    for g in range(games):
        rng = random.Random(1000 + g)
        st = new_game(players[g % len(players)])
        taken: set[str] = set()  # one state of a kind per game
        while True:
            p = pending(st)
            if p.is_over:
                break
            if p.chance is not None:
                apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)))
                continue
            got = found.setdefault(p.kind, [])
            if p.kind not in taken and len(got) < per_kind and rng.random() < 0.2:
                got.append(st.clone())
                taken.add(p.kind)
            apply_in_place(st, Act(p.seat, _pick(rng, legal(st, p.seat))))
    return [st for kind in sorted(found) for st in found[kind]]
