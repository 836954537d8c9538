"""Scenarios: a position written out explicitly, a script of choices and chance values,
and expectations to check. The format is documented in ``docs/scenarios.md``.

``soe scenario FILE.json`` loads the file, runs it and prints every expectation that does
not hold; it exits 0 only when all hold.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.client.words.events import event_sentence
from game.client.words.lang import say
from game.client.words.names import Names
from game.client.words.refusals import refusal_line
from game.rules import Act, Choice, Event, Roll, RulesError, State, apply, legal, new_game, pending
from game.rules.board import PIECE_KINDS, Board, load_board
from game.rules.common import KIND_INDEX
from game.rules.engine import settle


class ScenarioError(ValueError):
    """The scenario file itself is malformed (not a failed expectation)."""


PHASES = ("setup", "auctions", "turn", "war_end")


# --------------------------------------------------------------------------- position
def build_position(spec: dict[str, Any]) -> tuple[State, list[Event]]:
    """A state from an explicit position (see docs/scenarios.md)."""
    players = spec.get("players")
    if not isinstance(players, list) or not players:
        raise ScenarioError(say("'players' must list the powers in seating order"))
    options = {"components": spec["components"]} if "components" in spec else None
    st = new_game(players, options)
    b = load_board(st.ruleset)
    pos = spec.get("position", {})
    phase = pos.get("phase", "setup")
    if phase not in PHASES:
        raise ScenarioError(say("unknown phase {phase}; use one of {phases}", phase=repr(phase), phases=", ".join(PHASES)))
    if phase == "setup":
        return st, settle(st)
    seat = {p: i for i, p in enumerate(st.powers)}

    def seat_of(power: str) -> int:
        if power not in seat:
            raise ScenarioError(say("{power} is not a player of this scenario", power=repr(power)))
        return seat[power]

    st.war = int(pos.get("war", 1))
    st.round = int(pos.get("round", 1))
    st.first = seat_of(pos.get("first", st.powers[0]))
    # players
    for power, p in pos.get("players", {}).items():
        s = seat_of(power)
        for key, attr in (("gold", "gold"), ("population", "pop"), ("vp", "vp"), ("unrest", "unrest")):
            if key in p:
                getattr(st, attr)[s] = int(p[key])
        for tile, count in p.get("tiles", {}).items():
            if tile not in b.tile_by_id:
                raise ScenarioError(say("unknown tile {tile}", tile=repr(tile)))
            st.tiles[s][tile] = int(count)
        for tile, count in p.get("used", {}).items():
            if int(count) > st.tiles[s].get(tile, 0):
                raise ScenarioError(say("{power} cannot have used {count} {tile} tiles: it holds {held}", power=power,
                                        count=count, tile=tile, held=st.tiles[s].get(tile, 0)))
            st.used[s][tile] = int(count)
        if "loose_forts" in p:
            st.loose_forts[s] = int(p["loose_forts"])
    # areas
    placed_counters: list[str] = []
    for area, content in pos.get("areas", {}).items():
        if area not in b.area_by_id:
            raise ScenarioError(say("unknown area {area}", area=repr(area)))
        for key, value in content.items():
            if key == "neutral":
                for counter in value:
                    if b.counter_by_id.get(counter) is None or b.counter_by_id[counter].area != area:
                        raise ScenarioError(say("{counter} is not a nation counter of {area}", counter=repr(counter),
                                                area=area))
                    st.face_up[area].append(counter)
                    placed_counters.append(counter)
                st.face_up[area].sort(key=lambda c: [x.id for x in b.counters].index(c))
                continue
            s = seat_of(key)
            for kind, n in value.items():
                if kind in ("army", "fleet", "fort"):
                    st.units[area][s][KIND_INDEX[kind]] = int(n)
                elif kind == "markers":
                    if area not in st.markers:
                        raise ScenarioError(say("control markers cannot be placed in {area}", area=area))
                    st.markers[area][s] = int(n)
                else:
                    raise ScenarioError(say("unknown piece {kind} in {area}", kind=repr(kind), area=area))
    for cap in pos.get("captured", []):
        area, tile, owner = cap
        st.captured.append([area, tile, seat_of(owner)])
    for area, owner in pos.get("blockades", []):
        st.blockades.append([area, seat_of(owner)])
    for area in b.vp_areas:
        held = sum(st.markers[area]) + len(st.face_up[area]) + sum(1 for c in st.captured if c[0] == area)
        if held > b.area_by_id[area].spaces:
            raise ScenarioError(say("{area} has {spaces} spaces but the position puts {held} control markers and "
                                    "counters there (R-MAP-5)", area=area, spaces=b.area_by_id[area].spaces,
                                    held=held))
    _derive_supply(st, b)
    _derive_stock(st, b)
    _derive_bag(st, b, pos, placed_counters)
    # alliances and play order
    alliances = pos.get("alliances", {})
    for row, key in ((1, "A"), (2, "B")):
        for i, power in enumerate(alliances.get(key, [])):
            s = seat_of(power)
            st.alliance[s] = row
            st.track[s] = 2 * i + row
    if "order" in pos:
        st.order = [seat_of(p) for p in pos["order"]]
    elif phase == "turn":
        st.order = sorted(range(st.n), key=lambda x: (st.track[x] == 0, st.track[x], x))
    st.last_turn = seat_of(pos["last_turn"]) if "last_turn" in pos else (st.order[-1] if st.order else st.first)
    # where the game is
    if phase == "auctions":
        st.alliance = [0] * st.n
        st.track = [0] * st.n
        st.order = []
        st.stack = [{"t": "game", "step": "auctions"}]
    elif phase == "turn":
        t = pos.get("turn", {})
        active = seat_of(t.get("power", st.powers[st.order[0]]))
        if active not in st.order:
            raise ScenarioError(say("the active player must be in the play order"))
        st.stack = [{"t": "game", "step": "rounds", "i": st.order.index(active) + 1},
                    {"t": "turn", "seat": active, "done": int(t.get("actions_done", 0)),
                     "bought": int(bool(t.get("bought", False))), "colonised": int(bool(t.get("colonised", False)))}]
    elif phase == "war_end":
        st.stack = [{"t": "game", "step": "income"}]
    return st, settle(st)


def _derive_supply(st: State, b: Board) -> None:
    for s in range(st.n):
        for kind in PIECE_KINDS:
            if kind == "marker":
                used = sum(st.markers[a][s] for a in b.vp_areas) + sum(1 for c in st.captured if c[2] == s)
            else:
                used = sum(st.units[a.id][s][KIND_INDEX[kind]] for a in b.areas)
            left = b.supply[kind] - used
            if left < 0:
                raise ScenarioError(say("{power} has more pieces of kind {kind} on the map than its supply of {n}",
                                        power=st.powers[s], kind=kind, n=b.supply[kind]))
            st.supply[s][kind] = left


def _derive_stock(st: State, b: Board) -> None:
    for t in b.tiles:
        held = sum(st.tiles[s].get(t.id, 0) for s in range(st.n))
        held += sum(1 for _ in st.blockades) if t.id == "blockade" else 0
        held += sum(1 for c in st.captured if c[1] == t.id)
        if held > t.count:
            raise ScenarioError(say("more {tile} tiles in play than the {n} that exist", tile=Names(b).tile(t.id),
                                    n=t.count))
        st.stock[t.id] = t.count - held


def _derive_bag(st: State, b: Board, pos: dict[str, Any], placed: list[str]) -> None:
    if "bag" in pos:
        bag = list(pos["bag"])
        unknown = [c for c in bag if c not in b.counter_by_id]
        if unknown or set(bag) & set(placed):
            raise ScenarioError(say("bad bag: unknown {unknown} or also on the map", unknown=unknown))
        st.bag = sorted(bag)
        return
    gone: set[str] = set(placed)
    for area in b.vp_areas:  # each control marker stands where a counter left the game
        k = sum(st.markers[area]) + sum(1 for c in st.captured if c[0] == area)
        for c in b.counters:
            if k == 0:
                break
            if c.area == area and c.id not in gone:
                gone.add(c.id)
                k -= 1
    st.bag = sorted(c.id for c in b.counters if c.id not in gone)


# --------------------------------------------------------------------------- script
def parse_step(st: State, step: Any) -> tuple[Any, str]:
    """A script step -> (input, expected failure or "")."""
    fails = ""
    if isinstance(step, dict):
        fails = str(step.get("fails", ""))
        if "roll" in step:
            step = ["roll", *step["roll"]]
        else:
            step = [step["seat"], *step["choice"]]
    if not isinstance(step, list) or not step:
        raise ScenarioError(say("a script step must be a list, got {step}", step=repr(step)))
    head = step[0]
    if head == "roll":
        return Roll(tuple(step[1:])), fails
    if head not in st.powers:
        raise ScenarioError(say("a script step must start with 'roll' or a player's power, got {head}", head=repr(head)))
    return Act(st.powers.index(head), Choice.from_wire(step[1:])), fails


# --------------------------------------------------------------------------- expectations
EXPECT_KEYS = frozenset({"players", "areas", "pending", "events", "no_events", "outcome", "alliances", "order",
                         "stock", "war", "round", "blockades", "captured"})


def check_expectations(st: State, events: list[Event], expect: dict[str, Any]) -> list[str]:
    b = load_board(st.ruleset)
    diffs: list[str] = []
    unknown = sorted(set(expect) - EXPECT_KEYS)
    if unknown:
        raise ScenarioError(say("unknown expectations {unknown}; see docs/scenarios.md", unknown=unknown))

    def cmp(what: str, got: Any, want: Any) -> None:
        """A difference, named by ``what`` (the expectation's keys, as the file writes them,
        or words)."""
        if got != want:
            diffs.append(say("{what}: expected {want}, got {got}", what=what, want=repr(want), got=repr(got)))

    for power, p in expect.get("players", {}).items():
        s = st.powers.index(power)
        for key, attr in (("gold", "gold"), ("population", "pop"), ("vp", "vp"), ("unrest", "unrest")):
            if key in p:
                cmp(f"{power} {key}", getattr(st, attr)[s], p[key])
        if "tiles" in p:
            cmp(say("{power} tiles", power=power), {k: v for k, v in st.tiles[s].items() if v}, p["tiles"])
        if "used" in p:
            cmp(say("{power} used tiles", power=power), {k: v for k, v in st.used[s].items() if v}, p["used"])
        if "loose_forts" in p:
            cmp(say("{power} forts at home that may move", power=power), st.loose_forts[s], p["loose_forts"])
        for kind, n in p.get("supply", {}).items():
            cmp(say("{power} supply of {kind}", power=power, kind=kind), st.supply[s][kind], n)
    for area, content in expect.get("areas", {}).items():
        for key, value in content.items():
            if key == "neutral":
                cmp(say("{area} neutral counters", area=area), sorted(st.face_up[area]), sorted(value))
                continue
            s = st.powers.index(key)
            for kind, n in value.items():
                got = st.markers[area][s] if kind == "markers" else st.units[area][s][KIND_INDEX[kind]]
                cmp(f"{area} {key} {kind}", got, n)
    if "pending" in expect:
        p = pending(st)
        want = expect["pending"]
        if "kind" in want:
            cmp(say("pending decision"), p.kind, want["kind"])
        if "seat" in want:
            cmp(say("deciding player"), st.powers[p.seat] if p.seat >= 0 else None, want["seat"])
        if "chance" in want:
            cmp(say("chance kind"), p.chance.kind if p.chance else None, want["chance"])
        if "prompt" in want and want["prompt"] not in p.prompt:
            diffs.append(say("the prompt {prompt} does not contain {text}", prompt=repr(p.prompt),
                             text=repr(want["prompt"])))
        if "choices" in want:
            got_choices = [c.wire() for c in legal(st, p.seat)] if p.seat >= 0 else []
            cmp(say("choices (in any order)"), sorted(got_choices, key=str), sorted((list(c) for c in want["choices"]), key=str))
    texts = [e.to_dict(reveal=True)["text"] for e in events]
    for needle in expect.get("events", []):
        if not any(needle in t for t in texts):
            diffs.append(say("no event contains {text}", text=repr(needle)))
    for needle in expect.get("no_events", []):
        if any(needle in t for t in texts):
            diffs.append(say("an event contains {text}, which should not happen", text=repr(needle)))
    if "outcome" in expect:
        for key, want in expect["outcome"].items():
            cmp(say("outcome {key}", key=key), st.final.get(key), want)
    if "alliances" in expect:
        for key, row in (("A", 1), ("B", 2)):
            if key in expect["alliances"]:
                members = sorted((q for q in range(st.n) if st.alliance[q] == row), key=lambda x: st.track[x])
                cmp(say("alliance {key}", key=key), [st.powers[x] for x in members], expect["alliances"][key])
    if "order" in expect:
        cmp(say("play order"), [st.powers[s] for s in st.order], expect["order"])
    for tile, n in expect.get("stock", {}).items():
        cmp(say("stock of {tile}", tile=Names(b).tile(tile)), st.stock[tile], n)
    if "war" in expect:
        cmp(say("war"), st.war, expect["war"])
    if "round" in expect:
        cmp(say("round"), st.round, expect["round"])
    if "blockades" in expect:
        cmp(say("blockades"), [[a, st.powers[s]] for a, s in st.blockades], expect["blockades"])
    if "captured" in expect:
        cmp(say("captured"), [[a, t, st.powers[s]] for a, t, s in st.captured], expect["captured"])
    return diffs


# --------------------------------------------------------------------------- running
def run_scenario(spec: dict[str, Any], out: Callable[[str], None] = print, verbose: bool = False) -> list[str]:
    """Run a scenario; returns the list of differences (empty when every expectation holds).

    A script step ``{"check": "a name", "expect": {...}}`` checks its expectations at that
    point of the script (``events`` and ``no_events`` there look at the events since the
    previous check); the file's ``expect`` is checked at the end, over every event."""
    st, events = build_position(spec)
    diffs: list[str] = []
    since = 0
    for i, step in enumerate(spec.get("script", []), 1):
        if isinstance(step, dict) and "check" in step:
            name = str(step["check"])
            want = step.get("expect", {})
            if not isinstance(want, dict):
                raise ScenarioError(say("step {i}: the check {name} needs an 'expect' object", i=i, name=repr(name)))
            diffs.extend(say("at {name} (step {i}): {difference}", name=repr(name), i=i, difference=d)
                         for d in check_expectations(st, events[since:], want))
            since = len(events)
            if verbose:
                out(f"  -- {name}")
            continue
        inp, fails = parse_step(st, step)
        try:
            st, new_events = apply(st, inp)
        except RulesError as exc:
            if not fails:
                diffs.append(say("step {i} {step} was refused: {refusal}", i=i, step=repr(step),
                                 refusal=refusal_line(exc, load_board(st.ruleset))))
                return diffs
            if fails not in (type(exc).__name__, exc.rule) and fails not in str(exc):
                diffs.append(say("step {i} {step} failed with {error} {refusal}, expected {fails}", i=i,
                                 step=repr(step), error=type(exc).__name__,
                                 refusal=refusal_line(exc, load_board(st.ruleset)), fails=fails))
            continue
        if fails:
            diffs.append(say("step {i} {step} was accepted, but should fail ({fails})", i=i, step=repr(step),
                             fails=fails))
            return diffs
        events.extend(new_events)
        if verbose:
            for e in new_events:
                out(f"  {event_sentence(e.to_dict(reveal=True), load_board(st.ruleset))}")
    diffs.extend(check_expectations(st, events, spec.get("expect", {})))
    return diffs


def load_scenario(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScenarioError(say("cannot read scenario {path}: {error}", path=path, error=exc)) from exc
    if not isinstance(data, dict):
        raise ScenarioError(say("{path}: a scenario is a JSON object", path=path))
    return data


def run_scenario_file(path: str | Path, verbose: bool = False, out: Callable[[str], None] = print) -> bool:
    try:
        spec = load_scenario(path)
        diffs = run_scenario(spec, out=out, verbose=verbose)
    except (ScenarioError, RulesError, KeyError, TypeError, ValueError) as exc:
        out(say("{path}: error: {error}", path=path, error=_error(exc)))
        return False
    name = spec.get("name", str(path))
    if diffs:
        out(say("{path}: FAIL {name}", path=path, name=name))
        for d in diffs:
            out(f"  - {d}")
        return False
    out(say("{path}: ok {name}", path=path, name=name))
    return True


def _error(exc: Exception) -> str:
    """What is wrong with a scenario file: a refusal of the rules in words, anything else
    as it says itself."""
    if isinstance(exc, RulesError):
        return refusal_line(exc, load_board())
    return str(exc)
