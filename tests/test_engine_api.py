"""The engine's public entry points (style items 2, 3): new_game, pending, legal, apply,
apply_in_place, view, outcome, event_dicts; serialisation, purity of ``apply``, typed
refusals of malformed and illegal inputs, hidden unrest (R-GEN-6, R-END-1) and
determinism across processes.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.rules import (
    Act,
    C,
    Choice,
    Event,
    IllegalInput,
    MalformedInput,
    NotYourDecision,
    Roll,
    RulesError,
    State,
    StateError,
    apply,
    apply_in_place,
    canonical_json,
    describe,
    event_dicts,
    is_over,
    legal,
    new_game,
    outcome,
    pending,
    state_hash,
    view,
)

ROOT = Path(__file__).resolve().parent.parent


# --------------------------------------------------------------------------- random play
def random_input(st: State, rng: random.Random) -> Act | Roll:
    p = pending(st)
    if p.chance is not None:
        return Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges))
    options = legal(st, p.seat)
    return Act(p.seat, options[rng.randrange(len(options))])


def random_game(players: int, seed: int) -> Iterator[tuple[State, Act | Roll]]:
    """Yield (state, the input about to be applied in place) through a whole random game."""
    rng = random.Random(seed)
    st = new_game(players)
    while not is_over(st):
        inp = random_input(st, rng)
        yield st, inp
        apply_in_place(st, inp)


def finished_game(players: int, seed: int) -> State:
    st = new_game(players)
    rng = random.Random(seed)
    while not is_over(st):
        apply_in_place(st, random_input(st, rng))
    return st


def position(players: int, seed: int, where: Any) -> State:
    """The first position of a random game where ``where(state)`` holds (a copy)."""
    for st, _ in random_game(players, seed):
        if where(st):
            return st.clone()
    raise AssertionError("no such position")


def decision(st: State) -> bool:
    return pending(st).chance is None and not is_over(st)


def chance(st: State) -> bool:
    return pending(st).chance is not None


# --------------------------------------------------------------------------- the entry points
def test_entry_points() -> None:
    """A new game waits for the first-player draw (R-SET-2); ``legal`` is empty for every
    seat while chance is pending; ``outcome`` is None until the end."""
    st = new_game(4)
    p = pending(st)
    assert p.is_chance and p.kind == "chance" and p.seat == -1
    assert p.chance is not None and p.chance.kind == "first_player" and p.chance.ranges == ((0, 3),)
    assert all(legal(st, s) == [] for s in range(4))
    assert outcome(st) is None and not is_over(st)
    assert st.powers == ["great_britain", "france", "spain", "russia"]
    st2 = new_game(["prussia", "spain"])
    assert st2.powers == ["prussia", "spain"]


@pytest.mark.parametrize("players", [0, 1, 8, ["france"], ["france", "france"], ["france", "atlantis"]])
def test_new_game_refuses_bad_player_lists(players: Any) -> None:
    """R-GEN-1: 2 to 7 players, each a different great power."""
    with pytest.raises(IllegalInput) as err:
        new_game(players)
    assert err.value.rule == "R-GEN-1"


def test_legal_is_empty_for_other_seats() -> None:
    for st, _ in random_game(4, 1):
        p = pending(st)
        if p.chance is None and st.steps > 40:
            assert legal(st, p.seat)
            assert all(legal(st, s) == [] for s in range(st.n) if s != p.seat)
            assert legal(st, -1) == [] and legal(st, 99) == []
            break


def test_decision_is_pending_and_the_deciders_legal_choices() -> None:
    """``decision`` answers what ``pending`` and the deciding seat's ``legal`` answer, at
    every position of a whole game: no choices while chance values or nothing is awaited."""
    from game.rules import decision as pending_and_legal

    last = None
    for st, _ in random_game(3, 2):
        p, options = pending_and_legal(st)
        assert p == pending(st)
        assert options == (legal(st, p.seat) if p.chance is None else [])
        last = st
    assert last is not None and is_over(last)  # applied in place: the game's last state
    p, options = pending_and_legal(last)
    assert p.is_over and options == []


def test_outcome_at_the_end() -> None:
    """R-END-4: the outcome names winners among the players, with final scores."""
    st = finished_game(3, 5)
    p = pending(st)
    assert p.is_over and p.seat == -1 and p.chance is None
    assert all(legal(st, s) == [] for s in range(3))
    out = outcome(st)
    assert out is not None
    assert set(out["scores"]) == set(st.powers) and out["winners"]
    assert set(out["winners"]) <= set(st.powers)
    best = max(out["scores"].values())
    assert all(out["scores"][w] == best for w in out["winners"])


# --------------------------------------------------------------------------- serialisation
@pytest.mark.parametrize("players, seed", [(2, 1), (5, 2), (7, 3)])
def test_round_trip_through_dicts_and_canonical_json(players: int, seed: int) -> None:
    """to_dict/from_dict and canonical JSON reproduce the state exactly, at many points of
    a game, and play continues identically from the copy."""
    checked = 0
    for st, inp in random_game(players, seed):
        if st.steps % 7:
            continue
        d = st.to_dict()
        again = State.from_dict(d)
        assert again.to_dict() == d and again == st
        assert state_hash(again) == state_hash(st)
        wire = canonical_json(d)
        assert isinstance(wire, bytes)
        decoded = State.from_dict(json.loads(wire))
        assert decoded.to_dict() == d and state_hash(decoded) == state_hash(st)
        assert canonical_json(decoded.to_dict()) == wire
        # the copy and the original go on the same way
        a, ea = apply(st, inp)
        b, eb = apply(decoded, inp)
        assert state_hash(a) == state_hash(b) and ea == eb
        checked += 1
    assert checked > 30


def test_to_dict_is_a_copy() -> None:
    st = position(3, 4, lambda s: s.steps > 60)
    h = state_hash(st)
    d = st.to_dict()
    d["gold"][0] += 100
    d["stack"][-1]["t"] = "nonsense"
    d["units"]["india"][0][0] += 3
    assert state_hash(st) == h
    again = State.from_dict(st.to_dict())
    again.gold[0] += 1
    assert state_hash(st) == h


@pytest.mark.parametrize("data", [[], "state", {"war": 1}])
def test_from_dict_refuses_malformed_states(data: Any) -> None:
    with pytest.raises(StateError):
        State.from_dict(data)


def test_from_dict_refuses_unknown_fields() -> None:
    d = new_game(2).to_dict()
    d["extra"] = 1
    with pytest.raises(StateError, match="unknown"):
        State.from_dict(d)


def test_canonical_json_refuses_floats_and_is_canonical() -> None:
    assert canonical_json({"b": 1, "a": [2, "é"]}) == '{"a":[2,"é"],"b":1}'.encode()
    with pytest.raises(TypeError):
        canonical_json({"a": 0.5})
    with pytest.raises(TypeError):
        canonical_json({1: 2})


def test_state_hash_is_sha256_hex() -> None:
    h = state_hash(new_game(2))
    assert len(h) == 64 and int(h, 16) >= 0
    assert h == state_hash(new_game(2)) != state_hash(new_game(3))


def test_choice_wire_form_round_trips() -> None:
    """Every listed choice has a JSON wire form that decodes to the same choice."""
    seen = 0
    for st, _ in random_game(4, 8):
        p = pending(st)
        if p.chance is None and st.steps % 5 == 0:
            for c in legal(st, p.seat):
                assert Choice.from_wire(json.loads(json.dumps(c.wire()))) == c
                assert str(c).split()[0] == c.kind
                seen += 1
    assert seen > 100


@pytest.mark.parametrize("wire", [[], "pass", [1], ["bid", True], ["bid", 1.0], ["move", None], {"kind": "pass"}])
def test_choice_from_wire_refuses_malformed(wire: Any) -> None:
    with pytest.raises(MalformedInput):
        Choice.from_wire(wire)


# --------------------------------------------------------------------------- apply is pure
@pytest.mark.parametrize("players, seed", [(3, 11), (6, 12)])
def test_apply_never_mutates_its_input(players: int, seed: int) -> None:
    """The functional ``apply`` returns a new state; the given one keeps its hash."""
    for st, inp in random_game(players, seed):
        if st.steps % 3:
            continue
        h = state_hash(st)
        before = st.to_dict()
        new, events = apply(st, inp)
        assert new is not st
        assert state_hash(st) == h and st.to_dict() == before
        assert isinstance(events, list) and all(isinstance(e, Event) for e in events)
        # apply and apply_in_place agree
        twin = st.clone()
        assert apply_in_place(twin, inp) == events
        assert state_hash(twin) == state_hash(new)
        assert new.steps == st.steps + 1


def test_new_state_shares_nothing_with_the_old() -> None:
    st = position(4, 13, lambda s: decision(s) and s.steps > 100)
    p = pending(st)
    new, _ = apply(st, Act(p.seat, legal(st, p.seat)[0]))
    h = state_hash(st)
    for field in ("units", "markers", "supply", "tiles", "stack", "gold"):
        value = getattr(new, field)
        if isinstance(value, dict):
            next(iter(value.values())).append(99) if isinstance(next(iter(value.values())), list) else None
        else:
            value.append(99)
    assert state_hash(st) == h


# --------------------------------------------------------------------------- refusals
def refused(st: State, inp: Any, error: type[RulesError]) -> RulesError:
    """``inp`` is refused with ``error`` (exactly that class) by both apply paths and the
    state is left exactly as it was."""
    h = state_hash(st)
    with pytest.raises(error) as first:
        apply(st, inp)
    assert type(first.value) is error
    with pytest.raises(error):
        apply_in_place(st, inp)
    assert state_hash(st) == h
    msg = str(first.value)
    assert msg and len(msg) > 15 and "Traceback" not in msg
    return first.value


@pytest.fixture(scope="module")
def decision_state() -> State:
    """A position where seat 1 (France) must bid in an auction (R-ALL-3)."""
    return position(3, 1, lambda s: decision(s) and pending(s).kind == "bid" and pending(s).seat == 1
                    and C("bid", 1) in legal(s, 1))


@pytest.fixture(scope="module")
def chance_state() -> State:
    """A position waiting for a sea roll (two dice, R-MOV-5)."""
    return position(3, 2, lambda s: chance(s) and pending(s).chance.kind == "sea_roll")  # type: ignore[union-attr]


def test_bid_fixture(decision_state: State) -> None:
    p = pending(decision_state)
    assert p.kind == "bid" and p.seat == 1
    assert C("bid", 1) in legal(decision_state, 1)


@pytest.mark.parametrize("inp, error, words", [
    (Act(True, C("bid", 1)), MalformedInput, "seat must be an integer"),
    (Act(1, C("bid", True)), MalformedInput, "strings or integers"),
    (Act(1, Choice("bid", [1])), MalformedInput, "tuple of arguments"),  # type: ignore[arg-type]
    (Act(1, Choice(7, (1,))), MalformedInput, "string kind"),  # type: ignore[arg-type]
    (Act(1, C("bid", 1.0)), MalformedInput, "strings or integers"),  # type: ignore[arg-type]
    (Act(1, C("bid", None)), MalformedInput, "strings or integers"),  # type: ignore[arg-type]
    (Act("1", C("bid", 1)), MalformedInput, "seat must be an integer"),  # type: ignore[arg-type]
    (Act(1, ("bid", 1)), MalformedInput, "Choice"),  # type: ignore[arg-type]
    (("bid", 1), MalformedInput, "Act or Roll"),
    (None, MalformedInput, "Act or Roll"),
    (Act(1, C("bid", "1")), IllegalInput, "one whole number of gold (R-ALL-3)"),
    (Act(1, C("bid")), IllegalInput, "one whole number of gold (R-ALL-3)"),
    (Act(1, C("bid", 1, 2)), IllegalInput, "one whole number of gold (R-ALL-3)"),
    (Act(1, C("bid", -1)), IllegalInput, "0 gold or more (R-ALL-3)"),
    (Act(1, C("bid", 10_000)), IllegalInput, "France may name at most 110 gold"),
    (Act(1, C("pass")), IllegalInput, "opens this auction and must bid"),
    (Act(1, C("fly", "india")), IllegalInput, 'Fly India is not one of the choices now'),
    (Act(1, C("move", "india", "army", "africa")), IllegalInput, "the choices are: bid"),
    (Act(0, C("bid", 1)), NotYourDecision, "not Great Britain's decision"),
    (Act(2, C("pass")), NotYourDecision, "not Spain's decision"),
    (Act(9, C("pass")), NotYourDecision, "not seat 9's decision"),
    (Act(-1, C("pass")), NotYourDecision, "decision"),
    (Roll((3, 4)), IllegalInput, "waits for a decision, not chance values"),
    (Roll(()), IllegalInput, "waits for a decision"),
])
def test_refused_while_a_decision_is_pending(decision_state: State, inp: Any, error: type[RulesError],
                                            words: str) -> None:
    """R-ALL-3: a bid is an integer above the high bid, from the seat whose turn it is;
    bools, floats, lists and unknown kinds are malformed, not illegal."""
    err = refused(decision_state, inp, error)
    assert words in str(err)


def test_illegal_choice_names_its_rule(decision_state: State) -> None:
    """R-GEN-4 [ruling]: spending has no cap, but the list of amounts ends at the gold in hand
    plus 100 borrowed: France (10 gold) may bid 110, not 111."""
    assert decision_state.gold[1] == 10
    err = refused(decision_state, Act(1, C("bid", 111)), IllegalInput)
    assert err.rule == "R-GEN-4" and err.key == "gold.amount_bound"
    assert err.message == ("France may name at most 110 gold for one payment: its gold in hand and 100 more taken "
                           "from the bank (the rules set no cap; amounts are listed up to this bound, which no real "
                           "game reaches)")
    assert C("bid", 110) in legal(decision_state, 1)
    assert refused(decision_state, Act(1, C("fly")), IllegalInput).rule == "R-ALL-3"


def test_listed_bid_is_accepted(decision_state: State) -> None:
    new, events = apply(decision_state, Act(1, C("bid", 1)))
    assert pending(new).kind == "propose" and pending(new).seat == 1
    assert new.steps == decision_state.steps + 1


@pytest.mark.parametrize("inp, error, words", [
    (Roll((1, 2, 3)), MalformedInput, "needs 2 values, got 3"),
    (Roll((1,)), MalformedInput, "needs 2 values, got 1"),
    (Roll((0, 3)), MalformedInput, "outside 1..6"),
    (Roll((3, 7)), MalformedInput, "outside 1..6"),
    (Roll((-1, 3)), MalformedInput, "outside 1..6"),
    (Roll((True, 3)), MalformedInput, "tuple of integers"),
    (Roll((2.0, 3)), MalformedInput, "tuple of integers"),  # type: ignore[arg-type]
    (Roll(("2", 3)), MalformedInput, "tuple of integers"),  # type: ignore[arg-type]
    (Roll([2, 3]), MalformedInput, "tuple of integers"),  # type: ignore[arg-type]
    (Roll(None), MalformedInput, "tuple of integers"),  # type: ignore[arg-type]
    (Act(0, C("pass")), NotYourDecision, "waits for chance values, not a decision: Sea roll for"),
    (Act(1, C("bid", 1)), NotYourDecision, "(R-MOV-5)"),
])
def test_refused_while_chance_is_pending(chance_state: State, inp: Any, error: type[RulesError], words: str) -> None:
    """R-MOV-5: a sea roll is two dice, each 1..6; no decision is taken meanwhile."""
    err = refused(chance_state, inp, error)
    assert words in str(err)


def test_valid_roll_is_accepted(chance_state: State) -> None:
    new, events = apply(chance_state, Roll((6, 1)))
    assert new.chance_count == chance_state.chance_count + 1
    assert any(e.kind == "sea_arrive" for e in events)


def test_draw_ranges_shrink_with_the_bag() -> None:
    """R-SET-1, R-SET-4: each draw is one uniform draw from the bag as it shrinks; an
    index past the shrunk bag is refused."""
    st = new_game(2)
    apply_in_place(st, Roll((0,)))
    req = pending(st).chance
    assert req is not None and req.kind == "draw"
    assert req.ranges == tuple((0, 64 - i) for i in range(20))
    refused(st, Roll(tuple([0] * 19 + [46])), MalformedInput)
    refused(st, Roll(tuple([0] * 19)), MalformedInput)
    apply_in_place(st, Roll(tuple([0] * 19 + [45])))
    assert len(st.bag) == 45


def test_refused_when_the_game_is_over() -> None:
    st = finished_game(2, 3)
    refused(st, Act(0, C("pass")), IllegalInput)
    refused(st, Roll((1,)), IllegalInput)


def test_random_rejections_leave_state_unchanged() -> None:
    """Over a whole game, inputs for the wrong seat, of the wrong kind or with mutated
    arguments are refused and the state keeps its hash."""
    rng = random.Random(99)
    tried = 0
    for st, inp in random_game(5, 21):
        if st.steps % 4:
            continue
        p = pending(st)
        bad: list[Any] = []
        if p.chance is not None:
            assert isinstance(inp, Roll)
            bad.append(Roll(inp.values + (1,)))
            bad.append(Act(rng.randrange(st.n), C("pass")))
        else:
            assert isinstance(inp, Act)
            bad.append(Act((p.seat + 1) % st.n, inp.choice))
            bad.append(Roll((1,)))
            bad.append(Act(p.seat, C(inp.choice.kind, *inp.choice.args, "extra")))
            bad.append(Act(p.seat, C("no_such_kind")))
        h = state_hash(st)
        for x in bad:
            with pytest.raises((MalformedInput, IllegalInput)):
                apply_in_place(st, x)
            assert state_hash(st) == h
            tried += 1
    assert tried > 300


# --------------------------------------------------------------------------- hidden unrest
def test_view_shows_only_the_viewers_unrest() -> None:
    """R-GEN-6: each player knows only their own unrest until the end of the game; a
    spectator sees nobody's. R-END-1: after the third war's scoring, all is revealed."""
    st = position(4, 17, lambda s: decision(s) and sum(s.unrest) > 3 and min(s.unrest) != max(s.unrest))
    h = state_hash(st)
    for seat in range(4):
        v = view(st, seat)
        assert v["unrest"] == [st.unrest[s] if s == seat else None for s in range(st.n)]
        assert v["final"] == {}
        assert v["gold"] == st.gold and v["units"] == st.units
        assert v["pending"]["seat"] == pending(st).seat
        canonical_json(v)  # a view is plain data
    assert view(st, None)["unrest"] == [None] * st.n
    assert view(st, 99)["unrest"] == [None] * st.n
    assert state_hash(st) == h  # viewing changes nothing

    end = finished_game(4, 17)
    for viewer in (None, 0, 3):
        v = view(end, viewer)
        assert v["unrest"] == end.unrest
        assert v["final"]["unrest"] == {end.powers[s]: end.unrest[s] for s in range(4)}
        assert v["pending"]["kind"] == "over"


def test_view_never_shows_the_chance_request_internals() -> None:
    st = position(3, 2, chance)
    v = view(st, 0)
    assert v["pending"]["kind"] == "chance" and v["pending"]["chance"] is None


def test_events_redact_unrest_for_other_viewers() -> None:
    """R-GEN-6: an event's unrest amount is shown only to the seat that took it, until the
    end; the rest of the event is public."""
    seen = 0
    rng = random.Random(5)
    st = new_game(4)
    while not is_over(st):
        inp = random_input(st, rng)
        events = apply_in_place(st, inp)
        over = is_over(st)
        for viewer in (None, 0, 1, 2, 3):
            for e, d in zip(events, event_dicts(events, viewer), strict=True):
                assert d["kind"] == e.kind
                canonical_json(d)
                if not e.unrest:
                    assert "unrest" not in d and d["text"] == e.text
                elif viewer == e.seat:
                    assert d["unrest"] == e.unrest and d["text"] != e.text and "unrest" in d["text"]
                    seen += 1
                else:
                    assert "unrest" not in d and d["text"] == e.text
                    if e.kind != "unrest_revealed" and not over:
                        assert f"{e.unrest:+d} unrest" not in d["text"]
    assert seen > 50


# --------------------------------------------------------------------------- determinism
def test_same_seed_same_game_in_process() -> None:
    from game.cli.selfplay import play_game

    _, a = play_game(4, 9)
    _, b = play_game(4, 9)
    _, c = play_game(4, 10)
    assert a == b and a["state_hash"] != c["state_hash"]


def _selfplay(hashseed: str, *args: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hashseed, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "game.cli", "selfplay", "--json", *args], capture_output=True,
                         text=True, check=True, cwd=ROOT, env=env, timeout=120)
    return out.stdout


@pytest.mark.parametrize("args", [
    ("--players", "7", "--games", "1", "--seed", "4"),
    ("--players", "3", "--games", "1", "--seed", "8", "--bots", "greedy"),
])
def test_same_seed_same_output_whatever_the_hash_seed(args: tuple[str, ...]) -> None:
    """The engine iterates no unordered set: string hashing, which PYTHONHASHSEED changes,
    cannot change a game."""
    outputs = {seed: _selfplay(seed, *args) for seed in ("0", "1", "4242")}
    first = outputs["0"]
    assert first.strip() and json.loads(first.splitlines()[0])["state_hash"]
    assert all(out == first for out in outputs.values()), outputs


# --------------------------------------------------------------------------- soe bench
def test_bench_runs_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    """``soe bench`` (game.cli.bench.engine.main) plays games and prints its figures."""
    from game.cli.bench.engine import main

    assert main(["--games", "1", "--players", "2", "--repeat", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 1 and figures["players"] == 2
    assert figures["games_per_second"] > 0 and figures["legal_median_us"] > 0 and figures["apply_median_us"] > 0
    assert main(["--games", "1", "--players", "3", "--repeat", "1"]) == 0
    assert "games/s" in capsys.readouterr().out


def test_describe_words_amounts_offers_and_help() -> None:
    """R-ALL-3, R-CMB-9: the human text of the choices that carry amounts."""
    st = new_game(3)
    assert describe(st, C("bid", 7)) == "bid 7 gold"
    assert describe(st, C("offer", "france", 3)) == "offer France 3 gold to help"
    assert describe(st, C("offer", "france", 0)) == "offer France no gold to help"
    assert describe(st, C("help", 2, 1)) == "help with 2 armies and 1 fleet"
    assert describe(st, C("help", 0, 1)) == "help with 1 fleet"
    assert describe(st, C("help", 0, 0)) == "do not help"


def test_bids_are_one_run_of_values(decision_state: State) -> None:
    """R-ALL-3, R-GEN-4: the bids listed are every value from the lowest legal bid to the
    bound of the list (the gold in hand plus 100), in order, so a client can show them as one
    number entry."""
    bids = [int(c.args[0]) for c in legal(decision_state, 1) if c.kind == "bid"]
    assert bids == list(range(bids[0], bids[-1] + 1)) and bids[-1] == 110
