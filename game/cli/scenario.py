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

from game.cli.scenario_checks import (
    EXPECT_PLAYER_FIELDS,
    PENDING_FIELDS,
    PLAYER_FIELDS,
    POSITION_FIELDS,
    SUPPLY_KINDS,
    TURN_FIELDS,
    ScenarioError,
    alliance_rows,
    area_of,
    blockade_entry,
    captured_entry,
    check_loose_forts,
    check_units,
    fields,
    flag,
    number,
    obj,
    piece_of,
    play_order,
    seat_of,
    seq,
    tile_of,
)
from game.client.words.events import event_sentence
from game.client.words.lang import say
from game.client.words.names import Names
from game.client.words.refusals import refusal_line
from game.rules import Act, Choice, Event, Roll, RulesError, State, apply, legal, new_game, pending
from game.rules.board import PIECE_KINDS, Board, load_board
from game.rules.common import KIND_INDEX
from game.rules.engine import settle
from game.rules.war import rounds_per_war

PHASES = ("setup", "auctions", "turn", "war_end")


# --------------------------------------------------------------------------- position
def build_position(spec: dict[str, Any]) -> tuple[State, list[Event]]:
    """A state from an explicit position (see docs/scenarios.md); a field the format does
    not take, a number out of its range, an unknown id or a position the game could not
    reach is refused with a :class:`ScenarioError` that says what is wrong."""
    players = spec.get("players")
    if not isinstance(players, list) or not players:
        raise ScenarioError(say("'players' must list the powers in seating order"))
    options = {"components": spec["components"]} if "components" in spec else None
    st = new_game(players, options)
    b = load_board(st.ruleset)
    pos = fields(spec.get("position", {}), POSITION_FIELDS, "position")
    phase = pos.get("phase", "setup")
    if phase not in PHASES:
        raise ScenarioError(say("unknown phase {phase}; use one of {phases}", phase=repr(phase), phases=", ".join(PHASES)))
    if phase == "setup":
        return st, settle(st)
    st.war = number(pos.get("war", 1), "position.war", 1, b.c("wars"))
    st.round = number(pos.get("round", 1), "position.round", 0 if phase == "auctions" else 1, rounds_per_war(st))
    st.first = seat_of(st, pos.get("first", st.powers[0]))
    _players(st, b, obj(pos.get("players", {}), "position.players"))
    placed_counters = _areas(st, b, obj(pos.get("areas", {}), "position.areas"))
    st.captured = [captured_entry(st, b, c) for c in seq(pos.get("captured", []), "position.captured")]
    st.blockades = [blockade_entry(st, b, x) for x in seq(pos.get("blockades", []), "position.blockades")]
    check_units(st, b)
    check_loose_forts(st, b)
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
    for row, seats in alliance_rows(st, b, pos.get("alliances", {})):
        for i, s in enumerate(seats):
            st.alliance[s] = row
            st.track[s] = 2 * i + row
    if "order" in pos:
        st.order = play_order(st, pos["order"])
    elif phase == "turn":
        st.order = sorted(range(st.n), key=lambda x: (st.track[x] == 0, st.track[x], x))
    st.last_turn = seat_of(st, pos["last_turn"]) if "last_turn" in pos else (st.order[-1] if st.order else st.first)
    # where the game is
    if phase == "auctions":
        st.alliance = [0] * st.n
        st.track = [0] * st.n
        st.order = []
        st.stack = [{"t": "game", "step": "auctions"}]
    elif phase == "turn":
        t = fields(pos.get("turn", {}), TURN_FIELDS, "position.turn")
        active = seat_of(st, t.get("power", st.powers[st.order[0]]))
        if active not in st.order:
            raise ScenarioError(say("the active player must be in the play order"))
        done = number(t.get("actions_done", 0), "position.turn.actions_done", 0, b.c("actions_per_turn"))
        st.stack = [{"t": "game", "step": "rounds", "i": st.order.index(active) + 1},
                    {"t": "turn", "seat": active, "done": done,
                     "bought": int(flag(t.get("bought", False), "position.turn.bought")),
                     "colonised": int(flag(t.get("colonised", False), "position.turn.colonised"))}]
    elif phase == "war_end":
        st.stack = [{"t": "game", "step": "income"}]
    return st, settle(st)


def _players(st: State, b: Board, players: dict[str, Any]) -> None:
    """Gold, population, VP, unrest, tiles held and turned, forts at home that may move."""
    for power, p in players.items():
        s = seat_of(st, power)
        where = f"position.players.{power}"
        p = fields(p, PLAYER_FIELDS, where)
        for key, attr, hi in (("gold", "gold", None), ("population", "pop", b.c("population_max")), ("vp", "vp", None),
                              ("unrest", "unrest", None)):
            if key in p:
                getattr(st, attr)[s] = number(p[key], f"{where}.{key}", 0, hi)
        for tile, count in obj(p.get("tiles", {}), f"{where}.tiles").items():
            n = number(count, f"{where}.tiles.{tile_of(b, tile)}")
            if n:
                st.tiles[s][tile] = n
        for tile, count in obj(p.get("used", {}), f"{where}.used").items():
            n = number(count, f"{where}.used.{tile_of(b, tile)}")
            if n > st.tiles[s].get(tile, 0):
                raise ScenarioError(say("{power} cannot have used {count} {tile} tiles: it holds {held}", power=power,
                                        count=n, tile=tile, held=st.tiles[s].get(tile, 0)))
            if n:
                st.used[s][tile] = n
        if "loose_forts" in p:
            st.loose_forts[s] = number(p["loose_forts"], f"{where}.loose_forts")


def _areas(st: State, b: Board, areas: dict[str, Any]) -> list[str]:
    """The pieces and the face-up counters of each area; the counters placed."""
    placed: list[str] = []
    for area, content in areas.items():
        area = area_of(b, area)
        for key, value in obj(content, f"position.areas.{area}").items():
            if key == "neutral":
                for counter in seq(value, f"position.areas.{area}.neutral"):
                    if not isinstance(counter, str) or b.counter_by_id.get(counter) is None \
                            or b.counter_by_id[counter].area != area:
                        raise ScenarioError(say("{counter} is not a nation counter of {area}", counter=repr(counter),
                                                area=area))
                    if counter in placed:
                        raise ScenarioError(say("{counter} is listed twice in {area}: there is one of each nation "
                                                "counter", counter=counter, area=area))
                    st.face_up[area].append(counter)
                    placed.append(counter)
                st.face_up[area].sort(key=lambda c: [x.id for x in b.counters].index(c))
                continue
            s = seat_of(st, key)
            for kind, n in obj(value, f"position.areas.{area}.{key}").items():
                count = number(n, f"position.areas.{area}.{key}.{piece_of(kind, area)}")
                if kind == "markers":
                    if area not in st.markers:
                        raise ScenarioError(say("control markers cannot be placed in {area}", area=area))
                    st.markers[area][s] = count
                else:
                    st.units[area][s][KIND_INDEX[kind]] = count
    return placed


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
        bag = seq(pos["bag"], "position.bag")
        unknown = [c for c in bag if not isinstance(c, str) or c not in b.counter_by_id]
        if unknown or set(bag) & set(placed):
            raise ScenarioError(say("bad bag: unknown {unknown} or also on the map", unknown=unknown))
        twice = [c for i, c in enumerate(bag) if c in bag[:i]]
        if twice:
            raise ScenarioError(say("{counter} is in the bag twice: there is one of each nation counter",
                                    counter=twice[0]))
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

    for power, p in obj(expect.get("players", {}), "expect.players").items():
        s = seat_of(st, power)
        p = fields(p, EXPECT_PLAYER_FIELDS, f"expect.players.{power}")
        for key, attr in (("gold", "gold"), ("population", "pop"), ("vp", "vp"), ("unrest", "unrest")):
            if key in p:
                cmp(f"{power} {key}", getattr(st, attr)[s], p[key])
        if "tiles" in p:
            cmp(say("{power} tiles", power=power), {k: v for k, v in st.tiles[s].items() if v}, p["tiles"])
        if "used" in p:
            cmp(say("{power} used tiles", power=power), {k: v for k, v in st.used[s].items() if v}, p["used"])
        if "loose_forts" in p:
            cmp(say("{power} forts at home that may move", power=power), st.loose_forts[s], p["loose_forts"])
        for kind, n in obj(p.get("supply", {}), f"expect.players.{power}.supply").items():
            kind = piece_of(kind, power, SUPPLY_KINDS)
            cmp(say("{power} supply of {kind}", power=power, kind=kind), st.supply[s][kind], n)
    for area, content in obj(expect.get("areas", {}), "expect.areas").items():
        area = area_of(b, area)
        for key, value in obj(content, f"expect.areas.{area}").items():
            if key == "neutral":
                cmp(say("{area} neutral counters", area=area), sorted(st.face_up.get(area, [])),
                    sorted(seq(value, f"expect.areas.{area}.neutral")))
                continue
            s = seat_of(st, key)
            for kind, n in obj(value, f"expect.areas.{area}.{key}").items():
                kind = piece_of(kind, area)
                if kind == "markers" and area not in st.markers:
                    raise ScenarioError(say("control markers cannot be placed in {area}", area=area))
                got = st.markers[area][s] if kind == "markers" else st.units[area][s][KIND_INDEX[kind]]
                cmp(f"{area} {key} {kind}", got, n)
    if "pending" in expect:
        p = pending(st)
        want = fields(expect["pending"], PENDING_FIELDS, "expect.pending")
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
    for needle in seq(expect.get("events", []), "expect.events"):
        if not any(needle in t for t in texts):
            diffs.append(say("no event contains {text}", text=repr(needle)))
    for needle in seq(expect.get("no_events", []), "expect.no_events"):
        if any(needle in t for t in texts):
            diffs.append(say("an event contains {text}, which should not happen", text=repr(needle)))
    if "outcome" in expect:
        for key, want in obj(expect["outcome"], "expect.outcome").items():
            cmp(say("outcome {key}", key=key), st.final.get(key), want)
    if "alliances" in expect:
        fields(expect["alliances"], ("A", "B"), "expect.alliances")
        for key, row in (("A", 1), ("B", 2)):
            if key in expect["alliances"]:
                members = sorted((q for q in range(st.n) if st.alliance[q] == row), key=lambda x: st.track[x])
                cmp(say("alliance {key}", key=key), [st.powers[x] for x in members], expect["alliances"][key])
    if "order" in expect:
        cmp(say("play order"), [st.powers[s] for s in st.order], expect["order"])
    for tile, n in obj(expect.get("stock", {}), "expect.stock").items():
        cmp(say("stock of {tile}", tile=Names(b).tile(tile_of(b, tile))), st.stock[tile], n)
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
    for i, step in enumerate(seq(spec.get("script", []), "script"), 1):
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
    diffs.extend(check_expectations(st, events, obj(spec.get("expect", {}), "expect")))
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
    """What is wrong with a scenario file, in a sentence: a refusal of the rules in words, a
    :class:`ScenarioError` as it says itself, anything else (a shape no check foresaw) with
    the format's page named."""
    if isinstance(exc, RulesError):
        return refusal_line(exc, load_board())
    if isinstance(exc, ScenarioError):
        return str(exc)
    return say("the file does not follow the scenario format of docs/scenarios.md ({error})", error=repr(exc))
