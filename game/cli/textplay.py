"""Play in a terminal against computer players: the engine's prompts and legal choices as
numbered lists, a state screen, the tile list, undo back to the last dice, and a save
that is written as the game goes (``soe resume FILE`` goes on with it).

Only the engine's public calls are used (docs/client-api.md): ``pending``, ``legal``,
``describe``, ``apply_in_place``, ``event_dicts``, ``view`` and ``outcome``; the printed
component data (tile costs, area VP values, counters) comes from the board file.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import secrets
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.bots import Bot, UnrestLedger, lend, make_bot
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
    view,
)
from game.rules.board import Board, load_board

LOCAL = "soe-local-game"

InputFn = Callable[[str], str]
PrintFn = Callable[[str], None]


class PlayError(Exception):
    """A one-line reason why a game cannot be started or resumed (nothing was changed)."""


def local_games_dir() -> Path:
    from game.client.folders import local_games_dir as games_dir

    return games_dir()


# --------------------------------------------------------------------------- the save file
class LocalLog:
    """A local game's inputs as JSON Lines, fsynced as they are made, so that a game left
    (or a crash) loses nothing: ``soe resume FILE`` replays them and goes on. The first
    line says who plays what; each next line is one input, ``{"seat", "choice"}`` or
    ``{"roll"}``, or ``{"undo": k}``: the last k inputs were taken back.

    ``new``: the file must be new or empty (``soe play`` never writes over a file);
    otherwise it is a local save that goes on (see :meth:`cut_torn_line`). The file is
    locked while it is open. Raises :class:`PlayError` with the reason if it cannot be used.
    """

    def __init__(self, path: Path, *, new: bool) -> None:
        self.path = path
        if path.is_dir():
            raise PlayError(f"{path} is a directory; give the name of a file to save the game in")
        from net.store import GameInUse, lock_game

        try:
            self.lock = lock_game(path)  # FILE.lock, as for a network game's log
        except GameInUse as exc:
            raise PlayError(str(exc)) from None
        except OSError as exc:
            raise PlayError(f"cannot write {path}: {exc.strerror or exc}") from exc
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            self.lock.release()
            raise PlayError(f"cannot write {path}: {exc.strerror or exc}") from exc
        try:
            if new and os.fstat(fd).st_size:
                raise PlayError(_not_new(path))
        except BaseException:
            os.close(fd)
            self.lock.release()
            raise
        self.fd = fd

    def cut_torn_line(self) -> bytes:
        """Cut a torn last line (the process died mid-write) before appending; returns it."""
        size = os.fstat(self.fd).st_size
        os.lseek(self.fd, 0, os.SEEK_SET)
        data = b""
        while len(data) < size:
            chunk = os.read(self.fd, size - len(data))
            if not chunk:
                break
            data += chunk
        end = data.rfind(b"\n") + 1
        if end == len(data):
            return b""
        os.ftruncate(self.fd, end)
        os.fsync(self.fd)
        return data[end:]

    def write(self, record: dict[str, Any]) -> None:
        os.write(self.fd, json.dumps(record, sort_keys=True, separators=(",", ":")).encode() + b"\n")
        os.fsync(self.fd)

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        self.lock.release()


def _not_new(path: Path) -> str:
    """Why ``soe play --save FILE`` refuses an existing file, and what to do instead."""
    try:
        with open(path, "rb") as f:
            first = f.readline()
    except OSError:
        first = b""
    if LOCAL.encode() in first:
        try:
            header, inputs = read_local(path)
            st = replay(header, inputs)
        except (OSError, ValueError, KeyError, RulesError):
            return f"{path} already holds a saved game; `soe resume {path}` goes on with it, or choose another file"
        if pending(st).is_over:
            return f"{path} holds a finished game; choose another file for a new game"
        return f"{path} holds a game in progress; `soe resume {path}` goes on with it, or choose another file"
    if first.startswith(b"{") and b'"sig"' in first:
        return f"{path} is a network game's log (`soe resume {path}` goes on with it); choose another file"
    return f"{path} already exists and is not empty; soe play never writes over a file: choose another file"


def read_local(path: Path) -> tuple[dict[str, Any], list[Input]]:
    """The header and inputs of a local game log (a torn last line from a crash is ignored;
    ``undo`` records take back the inputs they name)."""
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
            if "undo" in rec:
                k = int(rec["undo"])
                if not 1 <= k <= len(inputs):
                    raise ValueError(f"cannot take back {k} of {len(inputs)} inputs")
                del inputs[len(inputs) - k:]
                continue
            inputs.append(Roll(tuple(rec["roll"])) if "roll" in rec else Act(int(rec["seat"]), Choice.from_wire(rec["choice"])))
        except (ValueError, KeyError, TypeError, RulesError) as exc:
            if n == len(lines):  # a torn last line
                break
            raise ValueError(f"{path}:{n}: not an input: {exc}") from exc
    return header, inputs


def replay(header: dict[str, Any], inputs: Sequence[Input], track: Tracker | None = None,
           seat: int | None = None, marks: list[Mark] | None = None, ledger: UnrestLedger | None = None) -> State:
    """The state after ``inputs``; feeds their events to ``track`` (and to the computer
    players' unrest ``ledger``) and, in ``marks``, keeps the game as it was before each of
    ``seat``'s choices since the last chance input (so a resumed game can take them back
    as if it had never been left)."""
    st = new_game(header["powers"])
    last_roll = max((i for i, inp in enumerate(inputs) if isinstance(inp, Roll)), default=-1)
    for i, inp in enumerate(inputs):
        if marks is not None and i > last_roll and isinstance(inp, Act) and inp.seat == seat:
            marks.append(Mark(i, st.clone(), copy.deepcopy(track) if track is not None else Tracker(), inp.choice))
        before = units_before(st, inp, seat) if track is not None else None
        events = apply_in_place(st, inp)
        if ledger is not None:
            ledger.observe(st, events)
        if track is not None:
            track.feed(st, event_dicts(events, seat), before)
    return st


def units_before(st: State, inp: Input, seat: int | None) -> dict[str, list[list[int]]] | None:
    """The units on the map before chance values are applied (a battle's dice may settle it
    at once, losses included): what each side fought with."""
    return view(st, seat)["units"] if isinstance(inp, Roll) else None


def chance_values(seed: int, index: int, ranges: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """The dice (or draws) of a local game's ``index``-th chance input: a function of the
    game's seed and that index only, so taking a decision back, or leaving and resuming,
    never changes what the dice will be."""
    out = []
    for i, (lo, hi) in enumerate(ranges):
        span = hi - lo + 1
        limit = (1 << 64) - (1 << 64) % span  # no modulo bias
        j = 0
        while True:
            h = int.from_bytes(hashlib.sha256(f"soe-local:{seed}:{index}:{i}:{j}".encode()).digest()[:8], "big")
            if h < limit:
                out.append(lo + h % span)
                break
            j += 1
    return tuple(out)


# --------------------------------------------------------------------------- what the events tell
@dataclass
class Tracker:
    """What a player remembers from the events: the auction under way, and who fights the
    current attack with what help, so that a battle line can say how each total was reached."""

    high: int = -1
    leader: str = ""
    box_a: str = "-"
    box_b: str = "-"
    passed: list[str] = field(default_factory=list)
    sides: list[str] = field(default_factory=lambda: ["", ""])  # power ids ("" for a neutral or a tile)
    names: list[str] = field(default_factory=lambda: ["the attacker", "the defender"])
    helpers: list[tuple[int, str, int, int]] = field(default_factory=list)  # side, power, armies, fleets
    tiles: list[tuple[int, str, str]] = field(default_factory=list)  # side, alliance tile, unit
    support: int = -1
    blockade: bool = False
    dice: list[int] = field(default_factory=list)

    fought: list[tuple[int, int, int]] = field(default_factory=list)  # per side: armies, fleets, forts
    before: dict[str, list[list[int]]] | None = field(default=None, repr=False)

    def feed(self, st: State, events: list[dict[str, Any]],
             before: dict[str, list[list[int]]] | None = None) -> list[str]:
        """Take in a step's events (``before``: the units on the map before the step, for a
        roll); returns the lines to print for them."""
        self.before = before
        return [self._one(st, e) for e in events]

    def _side_of(self, power: Any) -> int:
        return 0 if power and power == self.sides[0] else 1

    def _one(self, st: State, e: dict[str, Any]) -> str:
        b = load_board(st.ruleset)
        k = e["kind"]
        text = str(e["text"])
        if k == "bid":
            self.high, self.leader = int(e["bid"]), str(e["power"])
            self.box_a, self.box_b = str(e.get("a", "-")), str(e.get("b", "-"))
            self.passed = []
        elif k == "bid_pass":
            self.passed.append(str(e["power"]))
        elif k in ("auction_won", "war", "play_order"):
            self.high, self.leader, self.box_a, self.box_b, self.passed = -1, "", "-", "-", []
        elif k == "attack":
            target, kind = str(e.get("target", "")), e.get("target_kind")
            self._new_fight(st, str(e.get("power", "")), target if kind in ("power", "naval") else "")
            if kind == "counter" and target in b.counter_by_id:
                self.names[1] = b.counter_name(target)
            elif kind == "tile" and target in b.tile_by_id:
                self.names[1] = f"the {b.tile_name(target)}"
        elif k == "revolt":
            self._new_fight(st, "", str(e.get("power", "")))
            tile = str(e.get("tile", ""))
            self.names[0] = f"the {b.tile_name(tile)}" if tile in b.tile_by_id else "the revolt"
        elif k == "help":
            side = 0 if f"helps {self.names[0]} " in text + " " and self.sides[0] else 1
            self.helpers.append((side, str(e.get("power", "")), int(e.get("armies", 0)), int(e.get("fleets", 0))))
        elif k == "alliance_tile":
            self.tiles.append((self._side_of(e.get("power")), str(e.get("tile", "")), str(e.get("unit", ""))))
        elif k == "naval_support":
            self.support = 0 if text.startswith(f"{self.names[0]} ") else 1
        elif k == "naval_declined":
            self.support = 0
        elif k == "naval_refused":
            self.support = 1
        elif k == "blockade_support":
            self.blockade = True
        elif k == "dice" and isinstance(e.get("dice"), list) and len(e["dice"]) == 4:
            self.dice = [int(x) for x in e["dice"]]
            self.fought = []
            units = (self.before or {}).get(str(e.get("area", "")))
            if units is not None:
                for power in self.sides:
                    u = units[st.powers.index(power)] if power in st.powers else [0, 0, 0]
                    self.fought.append((u[0], u[1], u[2]))
        elif k == "reroll" and isinstance(e.get("dice"), list) and len(self.dice) == 4:
            side = self._side_of(e.get("power"))
            self.dice[2 * side:2 * side + 2] = [int(x) for x in e["dice"]]
        elif k == "battle" and isinstance(e.get("totals"), list) and len(self.dice) == 4:
            return text + "\n" + self._battle_detail(st, e)
        return text

    def _own_units(self, st: State, side: int, sea: bool, strength: int, known: list[str]) -> list[str]:
        """The side's own units (and the training bonus) in front of what else it counts, when
        they add up to its strength; else just what else it counts."""
        b = load_board(st.ruleset)
        if not self.sides[side]:
            return known
        if len(self.fought) != 2:
            return known
        armies, fleets, forts = self.fought[side]
        own = [_count(fleets, "fleet", "fleets")] if sea else [_count(armies, "army", "armies")]
        count = fleets if sea else armies
        if side == 1 and not sea and forts:
            own.append(f"{_count(forts, 'fort', 'forts')} (+{b.c('fort_strength')} each)")
            count += b.c("fort_strength") * forts
        rest = strength - count - sum(_plus(x) for x in known)
        if rest == b.c("training_bonus"):
            own.append(f"{'Naval' if sea else 'Army'} Training (+{rest})")
        elif rest != 0:
            return known
        return own + known

    def _new_fight(self, st: State, attacker: str, defender: str) -> None:
        self.sides = [attacker, defender]
        self.names = [_power(st, attacker) if attacker else "the attacker",
                      _power(st, defender) if defender else "the defender"]
        self.helpers, self.tiles, self.support, self.blockade, self.dice = [], [], -1, False, []

    def _battle_detail(self, st: State, e: dict[str, Any]) -> str:
        """How each total was reached: the strength (the side's units and forts, training,
        naval support, allies' units and alliance tiles) plus the difference of its dice."""
        b = load_board(st.ruleset)
        sea = bool(e.get("sea"))
        rows = []
        for side in (0, 1):
            name = self.names[side]
            d1, d2 = self.dice[2 * side], self.dice[2 * side + 1]
            total = int(e["totals"][side])
            diff = abs(d1 - d2)
            known = []
            for s, power, armies, fleets in self.helpers:
                n = fleets if sea else armies
                if s == side and n:
                    unit = ("fleet" if n == 1 else "fleets") if sea else ("army" if n == 1 else "armies")
                    known.append(f"{_power(st, power)}'s {n} {unit}")
            for s, tile, unit in self.tiles:
                if s == side and (unit == "fleet") == sea:
                    known.append(f"{b.tile_name(tile) if tile in b.tile_by_id else tile} (+1 {unit})")
            if not sea and self.support == side:
                known.append(f"naval support (+{b.c('naval_support_blockade') if self.blockade else b.c('naval_support')})")
            known = self._own_units(st, side, sea, total - diff, known)
            parts = f" ({', '.join(known)})" if known else ""
            seven = "; rolled 7: one more unit lost" if d1 + d2 == b.c("seven") and self.sides[side] else ""
            rows.append(f"      {name}: {total} = strength {total - diff}{parts} + dice {d1} and {d2} "
                        f"(difference {diff}){seven}")
        return "\n".join(rows)


def _count(n: int, one: str, many: str) -> str:
    return f"no {one}" if n == 0 else f"1 {one}" if n == 1 else f"{n} {many}"


def _plus(part: str) -> int:
    """What a listed part of a strength adds: "+N" in it, or the count it starts with after
    the ally's name ("Austria's 2 armies")."""
    if "(+" in part:
        return int(part.split("(+")[1].split(maxsplit=1)[0].rstrip(")"))
    return int(part.split("'s ")[1].split()[0])


def _power(st: State, power_id: str) -> str:
    b = load_board(st.ruleset)
    return b.power_name(power_id) if power_id in b.power_by_id else power_id


def _tile(st: State, tile_id: str) -> str:
    b = load_board(st.ruleset)
    return b.tile_name(tile_id) if tile_id in b.tile_by_id else tile_id


# --------------------------------------------------------------------------- tiles
TIMING = {"keep": "kept", "once_per_war": "once per war", "on_take": "when taken",
          "one_use": "used once, then back to the stock", "war": "for this war"}


def tile_effect(b: Board, tile_id: str) -> str:
    """What a tile does, in a line (the rules reference, R-TIL)."""
    t = b.tile_by_id[tile_id]
    areas = " or ".join(b.area_name(a) for a in t.areas)
    if t.family == "trade":
        return f"a free action: 1 gold per control marker you have in {areas}"
    if t.family == "alliance":
        units = " or ".join(t.units)
        return f"in your attacks and defences in {areas}: +1 {units}; back to the stock at the end of the war"
    c = b.c
    effects = {
        "army_training": "+1 in land battles while you hold more Army Training than the other side",
        "naval_training": "+1 in naval battles while you hold more Naval Training than the other side",
        "reserve": "after the dice of a battle you fight in: reroll your two dice",
        "war_office": "a free action: one attack that is not an action and costs no gold",
        "mercenaries": "a free action: build an army without paying population",
        "pressgangs": "a free action: build a fleet without paying population",
        "trained_natives": "a free action: a free army straight into a colony where you have "
                           "a control marker or unit",
        "militia": "when you build a unit you may also build one more army, paying its population",
        "logistics": f"a move action moves {c('move_units_logistics')} units instead of {c('move_units')}",
        "banking": f"you borrow in lots of {c('borrow_lot_banking')} gold instead of {c('borrow_lot')}",
        "navigation": f"+{c('navigation_bonus')} to the second sea roll",
        "diplomatic_service": "a free action: take an alliance tile, paying its cost",
        "improved_agriculture": f"a free action: +1 population (up to {c('population_max')})",
        "government_reform": f"when taken: {c('government_reform_unrest')} unrest less",
        "industry": f"when taken: {c('industry_vp')} VP",
        "pirates": f"played at once: a naval battle of strength {c('pirates_strength')} against another "
                   "player's control marker in a colony",
        "slave_revolt": f"played at once: a land battle of strength {c('slave_revolt_strength')} against another "
                        "player's control marker in the Americas",
        "fighting_withdrawal": "as defender, after the dice: your side loses no units",
        "surprise_attack": "as attacker: the defender's allies may not help",
        "blockade": "under your fleet in a colony (others land armies there only with more fleets than you), "
                    f"or +{c('naval_support_blockade')} naval support in one land battle",
    }
    return effects.get(tile_id, t.use.replace("_", " "))


def tile_cost(b: Board, tile_id: str, population: str = "population") -> str:
    """A tile's cost in words ("2 gold, 1 population"; "free"); ``population`` is the word
    for it (the window's narrow market says "pop")."""
    t = b.tile_by_id[tile_id]
    parts = []
    if t.gold:
        parts.append(f"{t.gold} gold")
    if t.population:
        parts.append(f"{t.population} {population}")
    if t.unrest:
        parts.append(f"{t.unrest} unrest")
    return ", ".join(parts) or "free"


def tiles_screen(st: State, seat: int) -> str:
    """Every tile: its cost, what it does, how many are left in the stock and yours."""
    b = load_board(st.ruleset)
    v = view(st, seat)
    mine, used = v["tiles"][seat], v["used"][seat]
    lines = ["Tiles (cost; when; what it does; left in the stock):"]
    family = ""
    for t in b.tiles:
        if t.family != family:
            family = t.family
            lines.append(f" {family.capitalize()} tiles:")
        held = ""
        if mine.get(t.id):
            ready = mine[t.id] - used.get(t.id, 0)
            held = f" [you hold {mine[t.id]}" + ("" if t.timing != "once_per_war" else
                                                  ", ready" if ready > 0 else ", used this war") + "]"
        lines.append(f"  {t.name} ({tile_cost(b, t.id)}; {TIMING.get(t.timing, t.timing)}): {tile_effect(b, t.id)}; "
                     f"{v['stock'].get(t.id, 0)} of {t.count} left{held}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- the state screen
def rounds_per_war(b: Board, n: int) -> int:
    return b.c("rounds_many") if n >= b.c("rounds_many_from_players") else b.c("rounds_few")


def _counter_text(b: Board, counter_id: str) -> str:
    c = b.counter_by_id[counter_id]
    if c.type == "pop":
        return f"{c.name} (Pop: colonise)"
    if c.type == "slaves":
        return f"{c.name} (Slaves: enslave)"
    extra = (f", {c.gold} gold" if c.gold else "") + (f", {c.vp} VP" if c.vp else "")
    return f"{c.name} (strength {c.strength}{extra})"


def status(st: State, seat: int, track: Tracker | None = None) -> str:
    """The state screen: wars and rounds left, play order, the auction, every power's gold,
    population, VP, tiles and pieces left in supply, and every area's VP values, control
    markers, units and neutral counters. Built from what ``seat`` may see (``view``)."""
    b = load_board(st.ruleset)
    v = view(st, seat)
    n = len(v["powers"])
    names = [b.power_name(p) for p in v["powers"]]
    wars, rounds = b.c("wars"), rounds_per_war(b, n)
    p = pending(st)
    lines = []
    if p.is_over:
        lines.append("The game is over.")
    else:
        war = int(v["war"])
        rnd = int(v["round"])
        if rnd <= 0:
            where = "auctions for alliances and play order" if p.kind in ("bid", "propose") else "setting up"
        else:
            where = f"round {rnd} of {rounds}"
        after = wars - war
        lines.append(f"War {war} of {wars}, {where}" + (f"; {after} more war{'s' if after > 1 else ''} after this"
                                                          if after else "; the last war"))
    if v["order"]:
        order = "  ".join(f"{i}. {names[s]}{' (you)' if s == seat else ''}" for i, s in enumerate(v["order"], 1))
        lines.append(f"Play order: {order}")
    sides = {1: [names[s] for s in range(n) if v["alliance"][s] == 1], 2: [names[s] for s in range(n) if v["alliance"][s] == 2]}
    if sides[1] or sides[2]:
        lines.append(f"Alliance A: {', '.join(sides[1]) or '-'};  alliance B: {', '.join(sides[2]) or '-'}")
    if p.kind in ("bid", "propose") and track is not None:
        lines.append(auction_line(st, track))
    lines.append("Powers:")
    for s in range(n):
        you = " (you)" if s == seat else ""
        unrest = f", unrest {v['unrest'][s]}" if v["unrest"][s] is not None else ""
        side = {0: "", 1: ", alliance A", 2: ", alliance B"}[v["alliance"][s]]
        lines.append(f"  {names[s]}{you}: gold {v['gold'][s]}, population {v['pop'][s]}, VP {v['vp'][s]}{unrest}{side}")
        sup = v["supply"][s]
        lines.append(f"     in supply: {sup['army']} armies, {sup['fleet']} fleets, {sup['fort']} forts, "
                     f"{sup['marker']} control markers")
        held = []
        for t in b.tiles:
            k = v["tiles"][s].get(t.id, 0)
            if k:
                u = v["used"][s].get(t.id, 0)
                held.append(f"{t.name}{f' x{k}' if k > 1 else ''}{' (used this war)' if u >= k else ''}")
        if held:
            lines.append(f"     tiles: {', '.join(held)}")
    home = [f"{names[s]} {_units(v['units'][v['powers'][s]][s])}" for s in range(n) if any(v["units"][v["powers"][s]][s])]
    if home:
        lines.append("At home: " + "; ".join(home))
    lines.append("Areas (VP for the most control markers, the second most, the third; ties share a place (R-VP-1); "
                 "M markers, A armies, F fleets, T forts):")
    for area_id in b.vp_areas:
        area = b.area_by_id[area_id]
        parts = []
        for s in range(n):
            m = v["markers"][area_id][s]
            u = v["units"][area_id][s]
            if m or any(u):
                bits = ([f"{m}M"] if m else []) + ([_units(u)] if any(u) else [])
                parts.append(f"{names[s]} {' '.join(bits)}")
        for cap in v["captured"]:
            if cap[0] == area_id:
                parts.append(f"{b.tile_name(cap[1])} holding {names[int(cap[2])]}'s marker")
        for bl in v["blockades"]:
            if bl[0] == area_id:
                parts.append(f"{names[int(bl[1])]}'s Blockade")
        neutral = [_counter_text(b, c) for c in v["face_up"].get(area_id, [])]
        counts = sorted({m for m in v["markers"][area_id] if m > 0}, reverse=True)
        now = [f"{names[s]} {area.vp[counts.index(m)]}" for s, m in enumerate(v["markers"][area_id])
               if m > 0 and counts.index(m) < len(area.vp)]
        if now:
            parts.append("would score now: " + ", ".join(now))
        vp = "/".join(str(x) for x in area.vp)
        kind = "colony" if area.is_colony else "Europe"
        line = f"  {area.name} ({kind}, {vp} VP): " + ("; ".join(parts) or "nobody")
        if neutral:
            line += "; neutral: " + ", ".join(neutral)
        lines.append(line)
    if not p.is_over:
        lines.append(f"Now: {p.prompt}")
    return "\n".join(lines)


def brief(st: State, seat: int) -> str:
    """One line of what the player always wants in sight when deciding."""
    b = load_board(st.ruleset)
    v = view(st, seat)
    when = f"war {v['war']} of {b.c('wars')}"
    if int(v["round"]) > 0:
        when += f", round {v['round']} of {rounds_per_war(b, len(v['powers']))}"
    side = {1: ", alliance A", 2: ", alliance B"}.get(v["alliance"][seat], "")
    return (f"{when}; you: gold {v['gold'][seat]}, population {v['pop'][seat]}, VP {v['vp'][seat]}, "
            f"unrest {v['unrest'][seat]}{side}")


def _units(u: Sequence[int]) -> str:
    return " ".join(f"{k}{c}" for k, c in zip(u, "AFT", strict=False) if k)


def auction_line(st: State, track: Tracker) -> str:
    b = load_board(st.ruleset)
    if track.high < 0:
        return "Auction: no bid yet (the opener bids 0 or more)"

    def box(p: str) -> str:
        return b.power_name(p) if p in b.power_by_id else "empty"
    passed = f"; passed since: {', '.join(b.power_name(x) for x in track.passed)}" if track.passed else ""
    return (f"Auction: high bid {track.high} gold by {b.power_name(track.leader)}, proposing "
            f"{box(track.box_a)} in box A (alliance A) and {box(track.box_b)} in box B (alliance B){passed}")


# --------------------------------------------------------------------------- menus
@dataclass
class Entry:
    """One line of the menu: a choice, or a run of choices that differ only in a final
    amount (a bid, an offer of gold), entered as a number from ``lo`` to ``hi``."""

    label: str
    choices: list[Choice]
    lo: int = 0
    hi: int = 0

    @property
    def amount(self) -> bool:
        return len(self.choices) > 1


def _amount_of(c: Choice) -> int | None:
    """The final amount of a choice whose other arguments are names (a bid, an offer of
    gold); None for any other (a choice of several numbers, such as units, is no amount)."""
    if c.args and isinstance(c.args[-1], int) and not isinstance(c.args[-1], bool) \
            and all(isinstance(x, str) for x in c.args[:-1]):
        return c.args[-1]
    return None


def menu(st: State, seat: int, options: list[Choice]) -> list[Entry]:
    """The menu lines for ``options`` (every one of them, in the engine's order); a run of
    three or more choices that differ only in a final amount counting up by one is one line."""
    out: list[Entry] = []
    i = 0
    while i < len(options):
        c = options[i]
        a = _amount_of(c)
        j = i + 1
        if a is not None:
            while (j < len(options) and options[j].kind == c.kind and options[j].args[:-1] == c.args[:-1]
                   and _amount_of(options[j]) == a + (j - i)):
                j += 1
        if a is not None and j - i >= 3:
            run = options[i:j]
            hi = a + len(run) - 1
            out.append(Entry(amount_label(st, seat, run[0], a, hi), run, a, hi))
        else:
            j = i + 1
            out.append(Entry(label(st, seat, c), [c]))
        i = j
    return out


def amount_label(st: State, seat: int, first: Choice, lo: int, hi: int) -> str:
    v = view(st, seat)
    if first.kind == "bid" and len(first.args) == 1:
        b = load_board(st.ruleset)
        lot = b.c("borrow_lot_banking") if v["tiles"][seat].get("banking") else b.c("borrow_lot")
        return (f"bid: type the amount, {lo} to {hi} gold (you have {v['gold'][seat]}; "
                f"more is borrowed, 1 unrest per {lot} gold)")
    if first.kind == "offer" and len(first.args) == 2 and first.args[0] in load_board(st.ruleset).power_by_id:
        ally = load_board(st.ruleset).power_name(str(first.args[0]))
        return (f"offer {ally} gold for its help: type the amount, {lo} to {hi} (paid only if it helps; "
                f"you have {v['gold'][seat]}; 0 offers nothing)")
    head = describe(st, Choice(first.kind, first.args[:-1]))
    return f"{head}: type the amount, {lo} to {hi}"


# the menu text of choices that take no arguments, where the kind alone reads poorly
PLAIN = {
    "buy": "buy a tile", "build": "build a unit", "move": "move units", "attack": "attack", "end": "end your turn",
    "done": "stop moving", "stay": "keep it there", "keep": "do not disband", "militia": "also build an army with "
    "Militia (1 population)", "no_militia": "no Militia", "naval_battle": "fight a naval battle first",
    "no_naval_battle": "no naval battle (the defender then has naval support)", "accept": "accept the naval battle",
    "decline": "decline the naval battle (the attacker then has naval support)",
    "reserve": "use a Reserve: reroll your two dice", "no_reserve": "no Reserve",
    "withdraw": "use Fighting Withdrawal: your side loses no units", "no_withdraw": "no Fighting Withdrawal",
    "surprise": "use Surprise Attack: the defender's allies may not help", "no_surprise": "no Surprise Attack",
    "blockade": "use Blockade: +2 naval support", "no_blockade": "no Blockade",
}
AN = {"army": "an army", "fleet": "a fleet", "fort": "a fort"}


def label(st: State, seat: int, c: Choice) -> str:
    """The menu text of one choice: the engine's ``describe``, with what a player needs to
    know where the choice's shape is known (boxes of a proposal, tile costs and effects, a
    neutral counter's strength, whom an attack is on); any other choice as ``describe``
    gives it."""
    b = load_board(st.ruleset)
    args = c.args
    text = describe(st, c)
    strs = all(isinstance(x, str) for x in args)
    power = b.power_by_id
    area = b.area_by_id
    if not args and c.kind in PLAIN:
        return PLAIN[c.kind]
    if not strs:
        return f"bid {args[0]} gold" if c.kind == "bid" and len(args) == 1 else text
    a = [str(x) for x in args]
    if c.kind == "propose" and len(a) == 2:
        boxes = [f"{b.power_name(x)} in box {box} (alliance {box})" for x, box in zip(a, "AB", strict=False)
                 if x in power]
        return "propose " + " and ".join(boxes)
    if c.kind == "tile" and len(a) == 1 and a[0] in b.tile_by_id:
        t = b.tile_by_id[a[0]]
        return f"{t.name} ({tile_cost(b, a[0])}; {TIMING.get(t.timing, t.timing)}): {tile_effect(b, a[0])}"
    if c.kind == "attack" and len(a) == 3 and a[0] in area:
        where = b.area_name(a[0])
        if a[1] == "power" and a[2] in power:
            return f"attack {b.power_name(a[2])} in {where}"
        if a[1] == "naval" and a[2] in power:
            return f"naval attack on {b.power_name(a[2])}'s fleets in {where}"
        if a[1] == "counter" and a[2] in b.counter_by_id:
            return f"attack {_counter_text(b, a[2])} in {where}"
        if a[1] == "tile" and a[2] in b.tile_by_id:
            return f"attack the {b.tile_name(a[2])} in {where}"
    if c.kind in ("colonise", "enslave") and len(a) == 1 and a[0] in b.counter_by_id:
        counter = b.counter_by_id[a[0]]
        cost = " (1 population)" if c.kind == "colonise" else ""
        return f"{c.kind} {counter.name} in {b.area_name(counter.area)}{cost}"
    if c.kind == "use" and a and a[0] in b.tile_by_id:
        where = f" in {b.area_name(a[1])}" if len(a) == 2 and a[1] in area else ""
        if len(a) == 2 and a[1] in b.tile_by_id:
            where = f": take {b.tile_name(a[1])}"
        return f"use {b.tile_name(a[0])}{where}"
    if c.kind == "help" and len(a) == 1 and a[0] in ("none", "armies", "fleets", "both"):
        return {"none": "do not help", "armies": "help with your armies", "fleets": "help with your fleets",
                "both": "help with your armies and fleets"}[a[0]]
    if c.kind == "move" and len(a) == 3 and a[0] in area and a[1] in AN and a[2] in area:
        return f"move {AN[a[1]]} from {b.area_name(a[0])} to {b.area_name(a[2])}"
    if c.kind == "place" and len(a) == 2 and a[0] in AN and a[1] in area:
        return f"place {AN[a[0]]} in {b.area_name(a[1])}"
    if c.kind == "disband" and len(a) == 2 and a[0] in area and a[1] in AN:
        return f"disband {AN[a[1]]} in {b.area_name(a[0])} (1 unrest), then build"
    if c.kind == "build" and len(a) == 1 and a[0] in AN:
        return f"build {AN[a[0]]}"
    if c.kind == "to" and len(a) == 1 and a[0] in area:
        return f"move it to {b.area_name(a[0])}"
    if c.kind == "lose" and len(a) == 1 and a[0] in AN:
        return f"lose {AN[a[0]]}"
    if c.kind == "ally_loses" and len(a) == 1 and a[0] in power:
        return f"{b.power_name(a[0])} loses the unit"
    if c.kind == "ally_tile" and len(a) == 2 and a[0] in b.tile_by_id and a[1] in AN:
        return f"use {b.tile_name(a[0])} as {AN[a[1]]}"
    if c.kind == "revolt" and len(a) == 2 and a[0] in area and a[1] in power:
        return f"strike {b.power_name(a[1])}'s control marker in {b.area_name(a[0])}"
    return text


def menu_lines(entries: list[Entry], width: int) -> list[str]:
    cells = [f"{i:3}. {e.label}" for i, e in enumerate(entries, 1)]
    widest = max((len(x) for x in cells), default=0) + 2
    cols = max(1, min(4, width // widest)) if len(cells) > 12 else 1
    if cols == 1:
        return cells
    rows = (len(cells) + cols - 1) // cols
    return ["".join(cells[r + k * rows].ljust(widest) for k in range(cols) if r + k * rows < len(cells)).rstrip()
            for r in range(rows)]


# --------------------------------------------------------------------------- the game
HELP = """Keys (then Enter):
  a number   choose that line of the list; a line that asks for an amount (a bid) then asks
             for the amount, or type both at once: "2 5" is line 2 with 5
  s          the state of the game: wars and rounds left, play order, the auction, gold,
             population, VP, tiles and pieces left in supply, each area's VP values,
             control markers, units and neutral counters (with their strength)
  t          the tiles: costs, what each does, how many are left
  m          the list of choices again
  u          take back your last choice (and the computer players' moves after it); never
             past dice or a draw
  h or ?     this help
  q          leave; the game is saved, and `soe resume FILE` goes on with it"""


def _number(text: str) -> int | None:
    """A number typed with the digits 0-9 (not '²' or other digits int() would refuse)."""
    return int(text) if 0 < len(text) <= 9 and all("0" <= ch <= "9" for ch in text) else None


@dataclass
class Mark:
    """The game just before one of the player's own choices (for undo)."""

    count: int
    state: State
    track: Tracker
    choice: Choice


class TextGame:
    def __init__(self, st: State, seat: int, bots: str, seed: int, out: LocalLog, count: int, track: Tracker,
                 input_fn: InputFn, print_fn: PrintFn, ledger: UnrestLedger | None = None) -> None:
        self.st, self.seat, self.seed, self.out = st, seat, seed, out
        self.count = count  # inputs in the log (after any taken back)
        self.track = track
        self.input_fn, self.print_fn = input_fn, print_fn
        self.marks: list[Mark] = []
        # bots go on from the step the game is at (a resumed game goes on from there)
        self.others: dict[int, Bot] = {s: make_bot(bots, seed * 1009 + s + 7919 * st.steps)
                                       for s in range(st.n) if s != seat}
        # the others' unrest as the public events since the start tell it (R-GEN-6: hidden)
        self.ledger = ledger if ledger is not None else UnrestLedger(st.n)
        for bot in self.others.values():
            lend(bot, self.ledger)
        self.width = shutil.get_terminal_size((100, 24)).columns

    def run(self) -> int:
        say = self.print_fn
        say(f"Type a number to choose; h for help, s for the state of the game, t for the tiles, u to take "
            f"back a choice, q to leave (the game is saved in {self.out.path}).")
        try:
            while True:
                st = self.st
                p = pending(st)
                if p.is_over:
                    break
                inp: Input
                if p.chance is not None:
                    inp = Roll(chance_values(self.seed, st.chance_count, p.chance.ranges))
                    self.marks.clear()  # dice and draws are never taken back
                elif p.seat != self.seat:
                    inp = Act(p.seat, self.others[p.seat].choose(st, p.seat, legal(st, p.seat)))
                else:
                    asked = self.ask()
                    if asked is None:
                        say(f"Game left; `soe resume {self.out.path}` goes on with it.")
                        return 0
                    if not isinstance(asked, Act):  # a choice was taken back
                        continue
                    inp = asked
                    self.marks.append(Mark(self.count, st.clone(), copy.deepcopy(self.track), inp.choice))
                self.out.write({"roll": list(inp.values)} if isinstance(inp, Roll)
                               else {"seat": inp.seat, "choice": inp.choice.wire()})
                self.count += 1
                before = units_before(st, inp, self.seat)
                events = apply_in_place(st, inp)
                self.ledger.observe(st, events)
                for line in self.track.feed(st, event_dicts(events, self.seat), before):
                    say(f"  - {line}")
        finally:
            self.out.close()
        b = load_board(self.st.ruleset)
        result = outcome(self.st)
        assert result is not None
        say("\nFinal scores: " + ", ".join(f"{b.power_name(k)} {v}" for k, v in result["scores"].items()))
        return 0

    def show(self, entries: list[Entry]) -> None:
        p = pending(self.st)
        self.print_fn(f"\n{p.prompt}")
        self.print_fn(f"  [{brief(self.st, self.seat)}]")
        if p.kind in ("bid", "propose"):
            self.print_fn(f"  {auction_line(self.st, self.track)}")
        for line in menu_lines(entries, self.width):
            self.print_fn(line)

    def read(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt).strip().lower()
        except EOFError:
            return "q"

    def ask(self) -> Act | str | None:
        """The player's choice (an Act), ``"undo"`` when a choice was taken back, or None
        when the player leaves."""
        st, seat = self.st, self.seat
        entries = menu(st, seat, legal(st, seat))
        self.show(entries)
        while True:
            answer = self.read("> ")
            if answer in ("q", "quit", "exit"):
                return None
            if answer in ("s", "t", "h", "?", "m", ""):
                if answer == "s":
                    self.print_fn(status(st, seat, self.track))
                elif answer == "t":
                    self.print_fn(tiles_screen(st, seat))
                elif answer in ("h", "?"):
                    self.print_fn(HELP)
                self.show(entries)
                continue
            if answer == "u":
                if self.undo():
                    return "undo"
                continue
            words = answer.split()
            n = _number(words[0])
            if n is not None and 1 <= n <= len(entries) and len(words) <= 2:
                e = entries[n - 1]
                if not e.amount:
                    if len(words) == 1:
                        return Act(seat, e.choices[0])
                    self.print_fn(f"Line {n} takes no amount: type {n} alone.")
                    continue
                else:
                    amount = words[1] if len(words) == 2 else self.read(f"Amount ({e.lo} to {e.hi}; Enter to go back): ")
                    x = _number(amount)
                    if x is not None and e.lo <= x <= e.hi:
                        return Act(seat, e.choices[x - e.lo])
                    if amount not in ("", "q"):
                        self.print_fn(f"The amount is a number from {e.lo} to {e.hi}.")
                    self.show(entries)
                    continue
            self.print_fn(f"Type a number from 1 to {len(entries)}, or h for help.")

    def undo(self) -> bool:
        if not self.marks:
            self.print_fn("Nothing to take back: dice and draws are never taken back, and you have made no "
                          "choice since the last of them.")
            return False
        mark = self.marks.pop()
        taken = self.count - mark.count
        self.out.write({"undo": taken})
        self.count = mark.count
        self.st, self.track = mark.state, mark.track
        self.ledger.rewind(mark.state.steps)
        others = taken - 1
        self.print_fn(f"Taken back: {label(self.st, self.seat, mark.choice)}"
                      + (f" (and {others} computer player move{'s' if others > 1 else ''} after it)" if others else ""))
        return True


def _err(text: str) -> None:
    import sys

    print(text, file=sys.stderr)


def play_text(players: int, power: str, bots: str, seed: int | None, input_fn: InputFn = input,
              print_fn: PrintFn = print, log: Path | None = None, err_fn: PrintFn = _err) -> int:
    """``soe play --text``: a new game in the terminal. Bad arguments give one line on
    ``err_fn`` and exit code 2, and nothing is written."""
    b = load_board()
    lo, hi = b.c("players_min"), b.c("players_max")
    if not lo <= players <= hi:
        err_fn(f"soe play: a game has {lo} to {hi} players, not {players}")
        return 2
    powers = [p.id for p in b.powers[:players]]
    if power:
        if power not in b.power_by_id:
            err_fn(f"soe play: unknown power {power!r}; choose from {', '.join(b.power_by_id)}")
            return 2
        if power not in powers:
            powers[-1] = power
    seat = powers.index(power) if power else 0
    seed = secrets.randbelow(2**31) if seed is None else seed
    path = log or local_games_dir() / f"game-{seed}-{secrets.token_hex(3)}.jsonl"
    try:
        out = LocalLog(path, new=True)
    except PlayError as exc:
        err_fn(f"soe play: {exc}")
        return 2
    out.write({"kind": LOCAL, "powers": powers, "seat": seat, "bots": bots, "seed": seed})
    print_fn(f"You play {b.power_name(powers[seat])} against {players - 1} {bots} computer "
             f"player{'s' if players > 2 else ''} (seed {seed}).")
    return TextGame(new_game(powers), seat, bots, seed, out, 0, Tracker(), input_fn, print_fn).run()


def resume_text(path: Path, input_fn: InputFn = input, print_fn: PrintFn = print, err_fn: PrintFn = _err) -> int:
    """Go on with a local game from its save."""
    try:
        out = LocalLog(path, new=False)
    except PlayError as exc:
        err_fn(f"soe resume: {exc}")
        return 2
    track = Tracker()
    try:
        header, inputs = read_local(path)
        seat, seed, bots = int(header["seat"]), int(header["seed"]), str(header["bots"])
        if not isinstance(header["powers"], list) or not 0 <= seat < len(header["powers"]):
            raise ValueError(f"the save names seat {seat}, which is not a seat of its game")
        marks: list[Mark] = []
        ledger = UnrestLedger(len(header["powers"]))
        st = replay(header, inputs, track, seat, marks, ledger)
        game = TextGame(st, seat, bots, seed, out, len(inputs), track, input_fn, print_fn, ledger)
        game.marks = marks
    except (OSError, ValueError, KeyError, TypeError, RulesError) as exc:
        out.close()
        err_fn(f"soe resume: {path}: {exc}")
        return 2
    dropped = out.cut_torn_line()
    if dropped:
        cut = path.with_name(path.name + ".cut")
        with open(cut, "ab") as f:  # nothing is thrown away
            f.write(dropped + b"\n")
        print_fn(f"The save ended in a partial line (the program stopped while writing it); it was cut off "
                 f"and kept in {cut}.")
    print_fn(f"Resumed {path}: {len(inputs)} inputs replayed; war {st.war}, round {st.round}.")
    return game.run()
