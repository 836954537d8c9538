"""Play in a terminal against computer players: the engine's prompts and legal choices as
numbered lists. (The pygame-ce client will offer the same game on a map.)"""

from __future__ import annotations

import random
import secrets

from game.bots import Bot, make_bot
from game.rules import Act, Roll, State, apply_in_place, describe, event_dicts, legal, new_game, outcome, pending
from game.rules.board import load_board
from game.rules.common import board


def status(st: State, seat: int) -> str:
    b = board(st)
    lines = [f"War {st.war}, round {st.round}"]
    for s in range(st.n):
        me = " (you)" if s == seat else ""
        unrest = f", unrest {st.unrest[s]}" if s == seat else ""
        side = {0: "", 1: ", alliance A", 2: ", alliance B"}[st.alliance[s]]
        tiles = ", ".join(f"{b.tile_name(t)}{'' if n == 1 else f' x{n}'}" for t, n in st.tiles[s].items())
        lines.append(f"  {b.power_name(st.powers[s])}{me}: gold {st.gold[s]}, population {st.pop[s]}, "
                     f"VP {st.vp[s]}{unrest}{side}" + (f"; tiles: {tiles}" if tiles else ""))
    for area in b.areas:
        parts = []
        for s in range(st.n):
            u = st.units[area.id][s]
            m = st.markers[area.id][s] if area.id in st.markers else 0
            if any(u) or m:
                bits = [f"{m}M"] if m else []
                bits += [f"{n}{k}" for n, k in zip(u, "AFT", strict=False) if n]
                parts.append(f"{b.power_name(st.powers[s])} " + " ".join(bits))
        neutral = [b.counter_name(c) for c in st.face_up.get(area.id, [])]
        if parts or neutral:
            line = f"  {area.name}: " + "; ".join(parts)
            if neutral:
                line += ("; " if parts else "") + "neutral: " + ", ".join(neutral)
            lines.append(line)
    return "\n".join(lines)


def play_text(players: int, power: str, bots: str, seed: int | None,
              input_fn=input, print_fn=print) -> int:  # type: ignore[no-untyped-def]
    b = load_board()
    powers = [p.id for p in b.powers[:players]]
    if power:
        if power not in b.power_by_id:
            print_fn(f"unknown power {power!r}; choose from {', '.join(b.power_by_id)}")
            return 2
        if power not in powers:
            powers[-1] = power
    seat = powers.index(power) if power else 0
    seed = secrets.randbelow(2**31) if seed is None else seed
    rng = random.Random(seed)
    st = new_game(powers)
    others: dict[int, Bot] = {s: make_bot(bots, seed * 1009 + s) for s in range(players) if s != seat}
    print_fn(f"You play {b.power_name(powers[seat])} against {players - 1} {bots} computer players (seed {seed}).")
    print_fn("Type a number to choose, 's' for the state of the game, 'q' to quit.")
    while True:
        p = pending(st)
        if p.is_over:
            break
        if p.chance is not None:
            events = apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)))
        elif p.seat != seat:
            events = apply_in_place(st, Act(p.seat, others[p.seat].choose(st, p.seat, legal(st, p.seat))))
        else:
            options = legal(st, seat)
            print_fn(f"\n{p.prompt}")
            for i, c in enumerate(options, 1):
                print_fn(f"  {i:3}. {describe(st, c)}")
            while True:
                try:
                    answer = input_fn("> ").strip().lower()
                except EOFError:
                    answer = "q"
                if answer == "q":
                    print_fn("Game left.")
                    return 0
                if answer == "s":
                    print_fn(status(st, seat))
                    continue
                if answer.isdigit() and 1 <= int(answer) <= len(options):
                    break
                print_fn(f"Type a number from 1 to {len(options)}, 's' or 'q'.")
            events = apply_in_place(st, Act(seat, options[int(answer) - 1]))
        for e in event_dicts(events, seat):
            print_fn(f"  - {e['text']}")
    result = outcome(st)
    assert result is not None
    print_fn("\nFinal scores: " + ", ".join(f"{b.power_name(k)} {v}" for k, v in result["scores"].items()))
    return 0
