"""The engine's public entry points: new_game, pending, legal, apply, view, outcome.

``apply`` is the only way a state changes. It checks the input against :func:`legal`
(one source of legality) before touching anything, so a refused input leaves the state
exactly as it was; then it runs the automatic steps that follow, in a bounded loop, until
the game waits for a decision or a chance input again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# importing the phase modules registers their phases
from game.rules import auction as _auction  # noqa: F401
from game.rules import battle as _battle  # noqa: F401
from game.rules import building as _building  # noqa: F401
from game.rules import combat as _combat  # noqa: F401
from game.rules import movement as _movement  # noqa: F401
from game.rules import revolt as _revolt  # noqa: F401
from game.rules import turn as _turn  # noqa: F401
from game.rules import war as _war  # noqa: F401
from game.rules.board import PIECE_KINDS, load_board
from game.rules.common import Log, board
from game.rules.core import Act, Choice, Event, Input, Pending, Roll, State
from game.rules.errors import DataError, IllegalInput, MalformedInput, NotYourDecision, RulesError
from game.rules.phase import PHASES

ENGINE_VERSION = "1"
MAX_AUTO_STEPS = 10_000


def new_game(players: int | Sequence[str], options: dict[str, Any] | None = None) -> State:
    """A new game for 2-7 players.

    ``players`` is a number (the first powers of the data file's list) or the power ids in
    seating order. ``options``: ``components`` names the component data file.
    """
    options = dict(options or {})
    ruleset = str(options.pop("components", "standard"))
    if options:
        raise MalformedInput(f"unknown ruleset options: {sorted(options)}", "", "game.unknown_options",
                             {"options": sorted(options)})
    b = load_board(ruleset)
    lo, hi = b.c("players_min"), b.c("players_max")
    if isinstance(players, int):
        if not lo <= players <= hi:
            raise IllegalInput(f"Struggle of Empires is for {lo} to {hi} players", "R-GEN-1", "game.players",
                               {"min": lo, "max": hi})
        powers = [p.id for p in b.powers[:players]]
    else:
        powers = [str(p) for p in players]
        if not lo <= len(powers) <= hi:
            raise IllegalInput(f"Struggle of Empires is for {lo} to {hi} players", "R-GEN-1", "game.players",
                               {"min": lo, "max": hi})
        unknown = [p for p in powers if p not in b.power_by_id]
        if unknown or len(set(powers)) != len(powers):
            raise IllegalInput(f"each player needs a different great power (unknown or repeated: {unknown or powers})",
                               "R-GEN-1", "game.powers", {"powers": unknown or powers})
    n = len(powers)
    st = State.__new__(State)
    st.ruleset = ruleset
    st.board_digest = b.digest
    st.powers = powers
    st.war = 1
    st.round = 0
    st.first = -1
    st.last_turn = -1
    st.bag = sorted(c.id for c in b.counters)
    st.face_up = {a: [] for a in b.vp_areas}
    st.units = {a.id: [[0, 0, 0] for _ in range(n)] for a in b.areas}
    st.markers = {a: [0] * n for a in b.vp_areas}
    st.captured = []
    st.gold = [b.c("start_gold")] * n
    st.pop = [b.c("start_population")] * n
    st.vp = [0] * n
    st.unrest = [0] * n
    st.supply = [{k: b.supply[k] for k in PIECE_KINDS} for _ in range(n)]
    st.tiles = [{} for _ in range(n)]
    st.used = [{} for _ in range(n)]
    st.stock = {t.id: t.count for t in b.tiles}
    st.returned = [[] for _ in range(n)]
    st.blockades = []
    st.alliance = [0] * n
    st.track = [0] * n
    st.order = []
    st.stack = [{"t": "game", "step": "first"}]
    st.steps = 0
    st.chance_count = 0
    st.final = {}
    st.loose_forts = [0] * n
    return st


def pending(st: State) -> Pending:
    """What the game waits for now: a seat's decision, a chance input, or nothing (over)."""
    fr = st.stack[-1]
    p = PHASES[fr["t"]].pending(st, fr)
    if p is None:  # pragma: no cover - apply always leaves the state at a pending point
        raise RulesError(f"the state rests on an automatic step ({fr['t']})", "", "internal.automatic_step",
                         {"phase": str(fr["t"])})
    return p


def legal(st: State, seat: int) -> list[Choice]:
    """The choices ``seat`` may submit now (empty when it is not that seat's decision)."""
    p = pending(st)
    if p.seat != seat or p.chance is not None:
        return []
    fr = st.stack[-1]
    return PHASES[fr["t"]].legal(st, fr)


def decision(st: State) -> tuple[Pending, list[Choice]]:
    """``pending(st)`` and the deciding seat's ``legal`` choices in one (none for chance
    values or the game over), working out what the game waits for once."""
    fr = st.stack[-1]
    p, options = PHASES[fr["t"]].decision(st, fr)
    if p is None:  # pragma: no cover - apply always leaves the state at a pending point
        raise RulesError(f"the state rests on an automatic step ({fr['t']})", "", "internal.automatic_step",
                         {"phase": str(fr["t"])})
    return p, options


def check(st: State, inp: Input) -> None:
    """Raise a typed error if ``inp`` cannot be applied to ``st`` now."""
    p = pending(st)
    if isinstance(inp, Act):
        if not isinstance(inp.choice, Choice):
            raise MalformedInput("a decision must carry a Choice", "", "input.not_a_choice")
        _check_well_formed(inp)
        if p.is_over:
            raise IllegalInput("The game is over: no more decisions are taken", "R-END-4", "input.over_decision")
        if p.chance is not None:
            raise NotYourDecision(f"The game waits for chance values, not a decision: {_bare(p.prompt)}",
                                  rule_of(p.prompt), "input.waits_for_chance", {"prompt": p.data})
        if inp.seat != p.seat:
            who = {"power": st.powers[inp.seat]} if 0 <= inp.seat < st.n else {"seat": inp.seat}
            raise NotYourDecision(f"It is not {_seat_name(st, inp.seat)}'s decision: the game waits for "
                                  f"{_bare(p.prompt)}", rule_of(p.prompt), "input.not_your_decision",
                                  {**who, "prompt": p.data})
        fr = st.stack[-1]
        phase = PHASES[fr["t"]]
        if not phase.allows(st, fr, inp.choice):
            why = phase.refusal(st, fr, inp.choice)
            if why is not None:
                raise IllegalInput(_sentence(why.reason), why.rule, why.key, why.fields)
            options = phase.legal(st, fr)
            kinds = sorted({c.kind for c in options})
            raise IllegalInput(f"{_sentence(describe(st, inp.choice))} is not one of the choices now. "
                               f"{_bare(p.prompt)}; the choices are: {', '.join(k.replace('_', ' ') for k in kinds)}",
                               rule_of(p.prompt), "input.not_listed",
                               {"choice": inp.choice.wire(), "prompt": p.data, "kinds": kinds})
    elif isinstance(inp, Roll):
        if p.is_over:
            raise IllegalInput("The game is over: no chance values are needed", "R-END-4", "input.over_chance")
        if p.chance is None:
            raise IllegalInput(f"The game waits for a decision, not chance values: {_bare(p.prompt)}",
                               rule_of(p.prompt), "input.waits_for_decision", {"prompt": p.data})
        values = inp.values
        if not isinstance(values, tuple) or any(isinstance(v, bool) or not isinstance(v, int) for v in values):
            raise MalformedInput("chance values must be a tuple of integers", "", "input.chance_not_integers")
        if len(values) != len(p.chance.ranges):
            raise MalformedInput(f"{p.chance.kind} needs {len(p.chance.ranges)} values, got {len(values)}", "",
                                 "input.chance_count",
                                 {"chance": p.chance.kind, "need": len(p.chance.ranges), "got": len(values)})
        for v, (lo, hi) in zip(values, p.chance.ranges, strict=False):
            if not lo <= v <= hi:
                raise MalformedInput(f"chance value {v} is outside {lo}..{hi} for {p.chance.kind}", "",
                                     "input.chance_range", {"value": v, "lo": lo, "hi": hi, "chance": p.chance.kind})
    else:
        raise MalformedInput(f"an input must be Act or Roll, not {type(inp).__name__}", "", "input.not_an_input",
                             {"type": type(inp).__name__})


def _check_well_formed(inp: Act) -> None:
    """The shape of a decision: an integer seat, a string kind and a tuple of string or
    integer arguments. A bool is refused where an integer is expected (``True == 1``
    would otherwise pass for seat 1 or a bid of 1)."""
    if isinstance(inp.seat, bool) or not isinstance(inp.seat, int):
        raise MalformedInput(f"a decision's seat must be an integer, not {inp.seat!r}", "", "input.seat_type",
                             {"value": repr(inp.seat)})
    choice = inp.choice
    if not isinstance(choice.kind, str) or not isinstance(choice.args, tuple):
        raise MalformedInput(f"a choice is a string kind and a tuple of arguments, not {tuple(choice)!r}", "",
                             "input.choice_shape", {"value": repr(tuple(choice))})
    for a in choice.args:
        if isinstance(a, bool) or not isinstance(a, (str, int)):
            raise MalformedInput(f"choice arguments must be strings or integers, not {a!r}", "",
                                 "input.argument_type", {"value": repr(a)})


def apply(st: State, inp: Input) -> tuple[State, list[Event]]:
    """Apply a decision or chance values; the given state is never modified."""
    check(st, inp)
    new = st.clone()
    return new, _apply_checked(new, inp)


def apply_in_place(st: State, inp: Input, *, checked: bool = False) -> list[Event]:
    """As :func:`apply` but changing ``st`` itself (for fast self-play); a refused input
    still raises before anything changes. ``checked``: the caller has just run
    :func:`check` on this very state and input, or took the choice from :func:`legal`
    of this very state, so it is not run again."""
    if not checked:
        check(st, inp)
    return _apply_checked(st, inp)


def _apply_checked(st: State, inp: Input) -> list[Event]:
    log = Log(st)
    fr = st.stack[-1]
    phase = PHASES[fr["t"]]
    if isinstance(inp, Act):
        phase.act(st, fr, inp.choice, log)
    else:
        st.chance_count += 1
        phase.roll(st, fr, inp.values, log)
    st.steps += 1
    _advance(st, log)
    return log.events


def _advance(st: State, log: Log) -> None:
    """Run automatic steps until the game waits for an input (bounded: fails loudly)."""
    for _ in range(MAX_AUTO_STEPS):
        fr = st.stack[-1]
        phase = PHASES[fr["t"]]
        if phase.waits(st, fr):
            return
        phase.auto(st, fr, log)
    raise RulesError(f"runaway automatic steps at {st.stack[-1]}", "", "internal.runaway",
                     {"frame": repr(st.stack[-1])})


def settle(st: State) -> list[Event]:
    """Run the automatic steps of a state built by hand (a scenario position) until it
    waits for an input; returns their events."""
    log = Log(st)
    _advance(st, log)
    return log.events


def _seat_name(st: State, seat: int) -> str:
    if isinstance(seat, int) and 0 <= seat < st.n:
        return board(st).power_name(st.powers[seat])
    return f"seat {seat}"


def rule_of(prompt: str) -> str:
    """The rule id a prompt names (its first one), e.g. "... (R-CMB-9)" -> "R-CMB-9"."""
    i = prompt.find("(R-")
    if i < 0:  # pragma: no cover - every prompt names its rule (tests/test_fuzz.py)
        raise RulesError(f"a prompt without its rule id: {prompt!r}", "", "internal.prompt_rule", {"prompt": prompt})
    j = i + 1
    while j < len(prompt) and (prompt[j].isupper() or prompt[j].isdigit() or prompt[j] == "-"):
        j += 1
    return prompt[i + 1:j]


def _bare(prompt: str) -> str:
    """A prompt without its trailing rule id."""
    i = prompt.rfind(" (R-")
    return prompt[:i] if i >= 0 and prompt.endswith(")") else prompt


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


# --------------------------------------------------------------------------- views
def is_over(st: State) -> bool:
    return bool(st.stack[-1]["t"] == "game" and st.stack[-1]["step"] == "over")


def view(st: State, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` (a seat, or None for a spectator) may see: other players' unrest is
    absent until the game is over (R-GEN-6)."""
    data = st.to_dict()
    if not is_over(st):
        data["unrest"] = [st.unrest[s] if s == viewer else None for s in range(st.n)]
    data["pending"] = pending(st)._asdict() | {"chance": None}
    return data


def war_end_scores(v: dict[str, Any]) -> dict[str, list[int]]:
    """What each seat would score in each VP area if the war ended now (R-VP-1), from a
    view (``view(st, seat)``; control markers are public, so every seat's view gives the
    same answer): VP area id -> points per seat, in seating order (``v["powers"]``), for
    every VP area of the board (zeros where nobody holds a marker). A dict that is not a
    view raises ``MalformedInput``."""
    if not isinstance(v, dict) or not isinstance(v.get("powers"), list) or not isinstance(v.get("markers"), dict):
        raise MalformedInput("war_end_scores takes a view: a dict with 'powers', 'markers' and 'ruleset'", "",
                             "view.not_a_view")
    try:
        b = load_board(str(v.get("ruleset", "standard")))
    except DataError as exc:
        raise MalformedInput(f"the view names a component set that cannot be loaded: {exc}", "",
                             "view.components", {"error": str(exc)}) from exc
    n = len(v["powers"])
    out: dict[str, list[int]] = {}
    for area in b.vp_areas:
        counts = v["markers"].get(area, [0] * n)
        if not isinstance(counts, list) or len(counts) != n or not all(
                isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in counts):
            raise MalformedInput(f"the view's control markers in {area!r} are not {n} counts of 0 or more", "",
                                 "view.markers", {"area": area, "count": n})
        out[area] = _war.dense_rank_scores(counts, b.area_by_id[area].vp)
    return out


def outcome(st: State) -> dict[str, Any] | None:
    """The final result (scores after unrest, winners) once the game is over, else None."""
    return dict(st.final) if is_over(st) else None


def event_dicts(events: Sequence[Event], viewer: int | None) -> list[dict[str, Any]]:
    """Events as ``viewer`` may see them (unrest amounts only for their own seat)."""
    return [e.to_dict(viewer) for e in events]


def describe(st: State, choice: Choice) -> str:
    """A human string for a choice, with names instead of ids."""
    b = board(st)
    xs = choice.args
    if choice.kind == "bid" and len(xs) == 1 and isinstance(xs[0], int):
        return f"bid {xs[0]} gold"
    if choice.kind == "offer" and len(xs) == 2 and str(xs[0]) in b.power_by_id and isinstance(xs[1], int):
        return f"offer {b.power_name(str(xs[0]))} {xs[1] or 'no'} gold to help"
    if choice.kind == "help" and len(xs) == 2 and all(isinstance(x, int) for x in xs):
        parts = [f"{n} {one if n == 1 else many}" for n, one, many in ((xs[0], "army", "armies"), (xs[1], "fleet", "fleets"))
                 if isinstance(n, int) and n > 0]
        return "help with " + " and ".join(parts) if parts else "do not help"
    words = [choice.kind.replace("_", " ")]
    for a in choice.args:
        s = str(a)
        if s in b.area_by_id:
            words.append(b.area_name(s))
        elif s in b.tile_by_id and choice.kind in ("tile", "use", "ally_tile"):
            words.append(b.tile_name(s))
        elif s in b.counter_by_id:
            words.append(b.counter_name(s))
        elif s in b.power_by_id:
            words.append(b.power_name(s))
        else:
            words.append(s)
    return " ".join(words)
