"""``soe arena``: many games between bots, seats and powers rotated, to measure their strength.

Games are dealt in groups of ``players``: the games of a group share one deal (the same
dice, from a generator the project defines) and rotate the bots round the seats, so every
bot plays every seat, and so every power, equally often (when the number of games is a
multiple of the players). Games run in parallel processes; each game depends only on its
own number and the seed, so the results are the same whatever the process count. Think
times are measured for the summary only (a clock decides nothing).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game.bots import BOT_NAMES, Bot, make_bot
from game.bots.base import ALIASES
from game.bots.prng import seed_from
from game.client.dice import prng_dice
from game.client.loop import play
from game.client.words.lang import join_and, join_list, say, say_n
from game.client.words.numbers import number
from game.rules import Choice, Event, Input, State, new_game, outcome, state_hash

ARENA_NAMES = (*BOT_NAMES, *ALIASES)


def seating(names: Sequence[str], game: int) -> list[str]:
    """The bot of each seat in game ``game``: the list rotated by the game's number."""
    n = len(names)
    r = game % n
    return [names[(s - r) % n] for s in range(n)]


def deal_seed(seed: int, game: int, players: int) -> int:
    """The games of one group (``game // players``) share their dice."""
    return seed_from("arena-deal", seed, game // players)


class Timed:
    """A seat's bot, with each decision's wall and processor time kept (for the summary
    only: a clock decides nothing)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.think: list[int] = []
        self.cpu: list[int] = []

    def choose(self, st: State, seat: int, options: list[Choice]) -> Choice:
        t0, c0 = time.perf_counter_ns(), time.process_time_ns()
        choice = self.bot.choose(st, seat, options)
        self.think.append(time.perf_counter_ns() - t0)
        self.cpu.append(time.process_time_ns() - c0)
        return choice


def play_one(players: int, names: Sequence[str], seed: int, game: int) -> dict[str, Any]:
    """Play game number ``game``; its JSON record (``think_ns``: each seat's decision times)."""
    bots_here = seating(names, game)
    deal = deal_seed(seed, game, players)
    seats = [make_bot(name, seed_from("arena-bot", deal, s, name)) for s, name in enumerate(bots_here)]
    observers = [b for b in seats if hasattr(b, "observe")]
    timed = {s: Timed(b) for s, b in enumerate(seats)}
    st = new_game(players)

    def observe(st: State, inp: Input, events: list[Event]) -> None:
        for b in observers:
            b.observe(st, events)

    play(st, timed, prng_dice(deal), after=observe)
    think = [timed[s].think for s in range(players)]
    cpu = [timed[s].cpu for s in range(players)]
    result = outcome(st)
    assert result is not None
    winners = list(result["winners"])
    win_seats = [st.powers.index(w) for w in winners]
    playouts = [int(getattr(b, "total_playouts", 0)) for b in seats]
    return {
        "game": game,
        "seed": deal,
        "players": players,
        "bots": bots_here,
        "powers": list(st.powers),
        "winner": winners[0] if len(winners) == 1 else winners,
        "winner_bot": bots_here[win_seats[0]] if len(set(bots_here[s] for s in win_seats)) == 1
        else [bots_here[s] for s in win_seats],
        "winner_seats": win_seats,
        "scores": result["scores"],
        "unrest": result["unrest"],
        "revolutions": result["revolution"],
        "steps": st.steps,
        "state_hash": state_hash(st),
        "playouts": playouts,
        "think_ns": think,
        "cpu_ns": cpu,
    }


def _play_star(job: tuple[int, tuple[str, ...], int, int]) -> dict[str, Any]:
    return play_one(*job)


def run(players: int, names: Sequence[str], games: int, seed: int, jobs: int) -> Iterator[dict[str, Any]]:
    """Every game's record in game order."""
    work = [(players, tuple(names), seed, g) for g in range(games)]
    if jobs <= 1 or games <= 1:
        yield from map(_play_star, work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_star, work, chunksize=1)


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def public_record(rec: dict[str, Any]) -> dict[str, Any]:
    """A game's record without the timings (what is the same on every run)."""
    return {k: v for k, v in rec.items() if k not in ("think_ns", "cpu_ns")}


class Summary:
    """Per bot name: seat-games, wins (a shared win counts), scores, revolutions, think times."""

    def __init__(self, names: Sequence[str]) -> None:
        self.order = list(dict.fromkeys(names))
        self.games = {n: 0 for n in self.order}
        self.wins = {n: 0 for n in self.order}
        self.score = {n: 0 for n in self.order}
        self.revolutions = {n: 0 for n in self.order}
        self.think: dict[str, list[int]] = {n: [] for n in self.order}
        self.cpu: dict[str, list[int]] = {n: [] for n in self.order}
        self.playouts = {n: 0 for n in self.order}

    def add(self, rec: dict[str, Any]) -> None:
        for s, name in enumerate(rec["bots"]):
            power = rec["powers"][s]
            self.games[name] += 1
            self.wins[name] += s in rec["winner_seats"]
            self.score[name] += int(rec["scores"][power])
            self.revolutions[name] += power in rec["revolutions"]
            self.think[name].extend(rec["think_ns"][s])
            self.cpu[name].extend(rec["cpu_ns"][s])
            self.playouts[name] += int(rec["playouts"][s])

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for name in self.order:
            n = self.games[name]
            lo, hi = wilson(self.wins[name], n)
            t = sorted(self.think[name])
            c = sorted(self.cpu[name])
            total_s = sum(t) / 1e9
            row: dict[str, Any] = {
                "bot": name, "seat_games": n, "wins": self.wins[name],
                "win_rate": round(self.wins[name] / n, 4) if n else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
                "mean_score": round(self.score[name] / n, 2) if n else 0.0,
                "revolutions": self.revolutions[name],
                "decisions": len(t),
                "think_median_ms": round(t[len(t) // 2] / 1e6, 3) if t else 0.0,
                "think_max_ms": round(t[-1] / 1e6, 3) if t else 0.0,
                "think_per_game_s": round(total_s / n, 3) if n else 0.0,
                # processor time: what the decision costs when the machine is not shared
                "cpu_median_ms": round(c[len(c) // 2] / 1e6, 3) if c else 0.0,
                "cpu_max_ms": round(c[-1] / 1e6, 3) if c else 0.0,
            }
            if self.playouts[name]:
                row["playouts_per_s"] = round(self.playouts[name] / total_s) if total_s else 0
            out.append(row)
        return out


def parse_bots(text: str, players: int) -> list[str]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in names if x not in ARENA_NAMES]
    if bad:
        raise ValueError(say("unknown bot {bot}; choose from {bots}", bot=repr(bad[0]), bots=", ".join(ARENA_NAMES)))
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(say_n("--bots names {n} bot for {players} players: give one per seat, comma-separated",
                               "--bots names {n} bots for {players} players: give one per seat, comma-separated",
                               len(names), players=players))
    return names


def arena(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    try:
        if not 2 <= args.players <= 7:
            raise ValueError(say("--players must be 2 to 7"))
        if args.games < 1:
            raise ValueError(say("--games must be at least 1"))
        if args.jobs is not None and args.jobs < 1:
            raise ValueError(say("--jobs must be at least 1"))
        names = parse_bots(args.bots, args.players)
    except ValueError as exc:
        print(f"soe arena: {exc}", file=sys.stderr)
        return 2
    jobs = args.jobs if args.jobs is not None else max(1, min(os.cpu_count() or 1, args.games))
    summary = Summary(names)
    for rec in run(args.players, names, args.games, args.seed, jobs):
        summary.add(rec)
        pub = public_record(rec)
        if args.json:
            out(json.dumps(pub, sort_keys=True, separators=(",", ":")))
        else:
            out(_game_line(rec))
    rows = summary.rows()
    if args.json:
        out(json.dumps({"summary": rows, "players": args.players, "games": args.games, "seed": args.seed,
                        "bots": names}, sort_keys=True, separators=(",", ":")))
    else:
        out(say_n("{n} game, {players} players, seed {seed}:", "{n} games, {players} players, seed {seed}:",
                  args.games, players=args.players, seed=args.seed))
        for r in rows:
            out(_summary_line(r))
    return 0


def _game_line(rec: dict[str, Any]) -> str:
    """One game of ``soe arena`` in words: the winning bot(s), the seats' bots, the scores
    and any revolution (the powers by their ids, as the JSON record names them)."""
    winners = [rec["winner_bot"]] if isinstance(rec["winner_bot"], str) else list(rec["winner_bot"])
    fields = {"game": rec["game"] + 1, "winners": join_and(winners), "bots": ",".join(rec["bots"]),
              "scores": join_list(f"{p} {v}" for p, v in rec["scores"].items())}
    if rec["revolutions"]:
        return say_n("game {game}: {winners} won ({bots}); VP {scores}; revolution: {revolutions}",
                     "game {game}: {winners} won ({bots}); VP {scores}; revolution: {revolutions}", len(winners),
                     revolutions=join_list(rec["revolutions"]), **fields)
    return say_n("game {game}: {winners} won ({bots}); VP {scores}", "game {game}: {winners} won ({bots}); VP {scores}",
                 len(winners), **fields)


def _summary_line(r: dict[str, Any]) -> str:
    """One bot's row of the summary."""
    lo, hi = r["ci95"]
    fields = {"bot": f"{r['bot']:>7}", "wins": r["wins"], "games": r["seat_games"],
              "rate": number(100 * r["win_rate"], ".1f"), "lo": number(100 * lo, ".1f"),
              "hi": number(100 * hi, ".1f"), "score": number(r["mean_score"]), "revolutions": r["revolutions"],
              "median": number(r["think_median_ms"]), "max": number(r["think_max_ms"]),
              "cpu_median": number(r["cpu_median_ms"]), "cpu_max": number(r["cpu_max_ms"])}
    if "playouts_per_s" in r:
        return "  " + say("{bot}: won {wins} of {games} ({rate}%, 95% CI {lo}-{hi}%), mean score {score}, revolutions "
                          "{revolutions}; think median {median} ms, max {max} ms (processor time {cpu_median} / "
                          "{cpu_max} ms), {playouts} playouts/s", playouts=r["playouts_per_s"], **fields)
    return "  " + say("{bot}: won {wins} of {games} ({rate}%, 95% CI {lo}-{hi}%), mean score {score}, revolutions "
                      "{revolutions}; think median {median} ms, max {max} ms (processor time {cpu_median} / {cpu_max} "
                      "ms)", **fields)


def register(sub: Any) -> None:
    p = sub.add_parser("arena", help=say("play many games between bots and report their strength"),
                       description=say("Play games between bots, rotating them round the seats (and so the powers), "
                                       "and report each bot's win rate with its 95% interval, mean score and think "
                                       "time. Example: soe arena --players 4 --games 40 --bots "
                                       "strong,greedy,greedy,greedy"))
    p.add_argument("--players", type=int, default=4, help=say("number of players, 2-7 (default 4)"))
    p.add_argument("--games", type=int, default=8, help=say("number of games (default 8)"))
    p.add_argument("--seed", type=int, default=0, help=say("seed of the deals and the bots (default 0)"))
    p.add_argument("--bots", default="strong,greedy,greedy,greedy",
                   help=say("one bot per seat, comma-separated ({bots}; strong = the strongest level)",
                            bots=", ".join(ARENA_NAMES)))
    p.add_argument("--json", action="store_true",
                   help=say("one JSON object per game, then the summary, one per line"))
    p.add_argument("--jobs", type=int, default=None, help=say("games played at once (default: one per core)"))
    p.set_defaults(func=arena)
