"""Play in a terminal against computer players: the engine's prompts and legal choices as
numbered lists. (The pygame-ce client will offer the same game on a map.)"""

from __future__ import annotations

import json
import os
import random
import secrets
from pathlib import Path
from typing import Any

from game.bots import Bot, make_bot
from game.rules import (
    Act,
    Choice,
    Input,
    Roll,
    RulesError,
    State,
    apply_in_place,
    describe,
    event_dicts,
    legal,
    new_game,
    outcome,
    pending,
)
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


LOCAL = "soe-local-game"


def local_games_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("struggle-of-empires")) / "local"


class LocalLog:
    """A local game's inputs as JSON Lines, fsynced as they are made, so that a game left
    (or a crash) loses nothing: ``soe resume FILE`` replays them and goes on. The first
    line says who plays what; each next line is one input, ``{"seat", "choice"}`` or
    ``{"roll"}``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():  # cut a torn last line (a crash mid-write) before appending
            data = path.read_bytes()
            end = data.rfind(b"\n") + 1
            if end != len(data):
                with open(path, "r+b") as f:
                    f.truncate(end)
        self.file = open(path, "ab")

    def write(self, record: dict[str, Any]) -> None:
        self.file.write(json.dumps(record, sort_keys=True, separators=(",", ":")).encode() + b"\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()


def read_local(path: Path) -> tuple[dict[str, Any], list[Input]]:
    """The header and inputs of a local game log (a torn last line from a crash is ignored)."""
    lines = path.read_bytes().split(b"\n")
    try:
        header = json.loads(lines[0])
    except ValueError as exc:
        raise ValueError(f"{path} is not a local game log") from exc
    if not isinstance(header, dict) or header.get("kind") != LOCAL:
        raise ValueError(f"{path} is not a local game log")
    inputs: list[Input] = []
    for n, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            inputs.append(Roll(tuple(rec["roll"])) if "roll" in rec else Act(int(rec["seat"]), Choice.from_wire(rec["choice"])))
        except (ValueError, KeyError, TypeError, RulesError) as exc:
            if n == len(lines):  # a torn last line
                break
            raise ValueError(f"{path}:{n}: not an input: {exc}") from exc
    return header, inputs


def play_text(players: int, power: str, bots: str, seed: int | None,
              input_fn=input, print_fn=print, log: Path | None = None) -> int:  # type: ignore[no-untyped-def]
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
    log = log or local_games_dir() / f"game-{seed}-{secrets.token_hex(3)}.jsonl"
    out = LocalLog(log)
    out.write({"kind": LOCAL, "powers": powers, "seat": seat, "bots": bots, "seed": seed})
    print_fn(f"You play {b.power_name(powers[seat])} against {players - 1} {bots} computer players (seed {seed}).")
    return _loop(new_game(powers), seat, bots, seed, out, input_fn, print_fn)


def resume_text(path: Path, input_fn=input, print_fn=print) -> int:  # type: ignore[no-untyped-def]
    """Go on with a local game from its log."""
    try:
        header, inputs = read_local(path)
        st = new_game(header["powers"])
        for inp in inputs:
            apply_in_place(st, inp)
    except (OSError, ValueError, KeyError, RulesError) as exc:
        print_fn(f"soe resume: {path}: {exc}")
        return 2
    seat, seed = int(header["seat"]), int(header["seed"])
    print_fn(f"Resumed {path}: {len(inputs)} inputs replayed; war {st.war}, round {st.round}.")
    return _loop(st, seat, str(header["bots"]), seed, LocalLog(path), input_fn, print_fn)


def _loop(st: State, seat: int, bots: str, seed: int, out: LocalLog, input_fn, print_fn) -> int:  # type: ignore[no-untyped-def]
    b = load_board(st.ruleset)
    # bots and dice continue from the step the game is at (a resumed game goes on from there)
    rng = random.Random(seed * 1_000_003 + st.steps)
    others: dict[int, Bot] = {s: make_bot(bots, seed * 1009 + s + 7919 * st.steps) for s in range(st.n) if s != seat}
    print_fn(f"Type a number to choose, 's' for the state of the game, 'q' to leave (the game is saved in {out.path}).")
    try:
        while True:
            p = pending(st)
            if p.is_over:
                break
            inp: Input
            if p.chance is not None:
                inp = Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges))
            elif p.seat != seat:
                inp = Act(p.seat, others[p.seat].choose(st, p.seat, legal(st, p.seat)))
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
                        print_fn(f"Game left; `soe resume {out.path}` goes on with it.")
                        return 0
                    if answer == "s":
                        print_fn(status(st, seat))
                        continue
                    if answer.isdigit() and 1 <= int(answer) <= len(options):
                        break
                    print_fn(f"Type a number from 1 to {len(options)}, 's' or 'q'.")
                inp = Act(seat, options[int(answer) - 1])
            out.write({"roll": list(inp.values)} if isinstance(inp, Roll) else {"seat": inp.seat, "choice": inp.choice.wire()})
            for e in event_dicts(apply_in_place(st, inp), seat):
                print_fn(f"  - {e['text']}")
    finally:
        out.close()
    result = outcome(st)
    assert result is not None
    print_fn("\nFinal scores: " + ", ".join(f"{b.power_name(k)} {v}" for k, v in result["scores"].items()))
    return 0
