"""Every refusal's sentence is rebuilt from its key and fields
(game/client/words/refusals.py) exactly as the engine writes ``message`` and
``str(err)``: illegal and malformed inputs tried at many positions of whole fuzzed games
and the scenario files, the cases of tests/rules/test_refusals.py, and focused positions
for the refusals random play does not reach; every refusal key raised in game/rules has a
sentence, and all but the unreachable one are met."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from game.client.words.names import Names
from game.client.words.refusals import TEMPLATES, choice_phrase, refusal_line, refusal_sentence
from game.rules import (
    Act,
    C,
    Choice,
    Roll,
    RulesError,
    State,
    apply,
    check,
    describe,
    new_game,
    pending,
    war_end_scores,
)
from game.rules import engine as engine_module
from game.rules.board import Board, load_board, parse_board
from game.rules.engine import rule_of, settle
from tests.rules import test_refusals as refusal_cases
from tests.rules.arena import Arena

from .wordplay import played, refused, run

RULES = Path(__file__).resolve().parents[2] / "game" / "rules"
BOARD = load_board("standard")
GB, FR, ES, AU = "great_britain", "france", "spain", "austria"
ERRORS = {"RulesError", "DataError", "MalformedInput", "IllegalInput", "NotYourDecision", "StateError"}
# a proposal naming two players when one is unallied: the checks before it catch every such
# proposal (each named player is unallied, and they differ), so the engine never says it
UNREACHABLE = {"propose.one_unallied"}


def engine_refusal_keys() -> set[str]:
    """The key of every refusal in game/rules: ``refusal(reason, rule, key, ...)``, ``raise
    SomeError(message, rule, key, ...)`` and the component data's ``_require(cond, message, key)``."""
    keys = set()
    for path in sorted(RULES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            name = node.func.id
            if name in ERRORS or name in ("refusal", "_require"):
                where = f"{path.name}:{node.lineno}"
                if name == "_require" and not node.args[1:]:
                    continue
                assert len(node.args) >= 3, f"{where}: {name} without its key"
                key = node.args[2]
                if (isinstance(key, ast.Name) and key.id == "key") or (isinstance(key, ast.Attribute)
                                                                       and key.attr == "key"):
                    continue  # passing on a key made elsewhere (board.py's _require, a phase's Refusal)
                assert isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value, where
                keys.add(key.value)
    return keys


def said_right(err: RulesError, board: Board = BOARD) -> str:
    """``err`` said from its key and fields as the engine says it; its key."""
    assert err.key, err
    assert refusal_sentence(err, board) == err.message, (err.key, err.fields)
    assert refusal_line(err, board) == str(err)
    json.dumps(err.fields)  # ids, numbers, lists: plain data
    return err.key


# --------------------------------------------------------------------------- focused positions
def _caught(call: Any, *args: Any) -> RulesError:
    """The error ``call(*args)`` must raise."""
    try:
        call(*args)
    except RulesError as err:
        return err
    raise AssertionError(f"{call.__name__}{args} did not fail")


def _turn(powers: list[str], **position: Any) -> State:
    """The first power's turn, alone in alliance A unless told."""
    position.setdefault("turn", {"power": powers[0]})
    position.setdefault("alliances", {"A": [powers[0]], "B": powers[1:]})
    st, _ = run(powers, [], **position)
    return st


def _components(change: Any) -> RulesError:
    """The error of the standard component data with one thing changed."""
    data = json.loads((RULES / "data" / "standard.json").read_text(encoding="utf-8"))
    change(data)
    return _caught(parse_board, json.dumps(data).encode("utf-8"))


def _data_errors(tmp: Path) -> list[RulesError]:
    """Component data the engine refuses: each check of game/rules/board.py once."""
    def dup(key: str) -> Any:
        return lambda d: d[key].append(d[key][0])

    def setitem(key: str, i: int, field: str, value: Any) -> Any:
        return lambda d: d[key][i].__setitem__(field, value)

    changes = [
        lambda d: d["constants"].__setitem__("seven", "7"), dup("powers"), setitem("areas", 0, "kind", "moon"),
        dup("areas"), setitem("areas", 0, "naval_area", "nowhere"), setitem("counters", 0, "type", "giant"),
        setitem("counters", 0, "area", "atlantis"), dup("counters"),
        lambda d: d["areas"][0].__setitem__("spaces", d["areas"][0]["spaces"] + 1), dup("tiles"),
        setitem("trade_tiles", 0, "areas", ["atlantis"]), setitem("alliance_tiles", 0, "units", ["fort"]),
        lambda d: d["home_adjacency"].__setitem__("spain", ["india"]),
        lambda d: d["europe_adjacency"].append(["german_states", "german_states"]),
    ]
    out = [_components(c) for c in changes]
    out += [_caught(load_board, str(tmp / "none.json")), _caught(parse_board, b'{"seven": 7.5}'),
            _caught(parse_board, b"{"), _caught(parse_board, b"[]"), _caught(parse_board, b"{}")]
    return out


def _input_errors() -> list[RulesError]:
    """Malformed inputs, a finished game, new games, views and states the engine refuses,
    and its internal faults."""
    st = new_game(2)
    over = _over()
    wrong_view = {"powers": ["a"], "markers": {"india": [1, 2]}}
    out = [_caught(check, st, inp) for inp in (
        Act(True, C("pass")), Act(0, Choice("pass", [1])), Act(0, C("pass", 1.5)),  # type: ignore[arg-type]
        Act(0, "pass"), "roll", Roll((True,)))]  # type: ignore[arg-type]
    out += [_caught(check, over, Act(0, C("pass"))), _caught(check, over, Roll((1,)))]
    out += [_caught(Choice.from_wire, 1), _caught(Choice.from_wire, ["pass", None])]
    out += [_caught(new_game, 1), _caught(new_game, [GB, "atlantis"]), _caught(new_game, 2, {"speed": 9})]
    out += [_caught(war_end_scores, 1), _caught(war_end_scores, wrong_view),
            _caught(war_end_scores, {"powers": ["a"], "markers": {}, "ruleset": "atlantis"})]
    out += [_caught(State.from_dict, 5), _caught(State.from_dict, {"war": 1})]
    stuck = new_game(2)
    stuck.stack = [{"t": "game", "step": "income"}]
    out += [_caught(pending, stuck), _caught(rule_of, "no rule here")]
    limit = engine_module.MAX_AUTO_STEPS
    engine_module.MAX_AUTO_STEPS = 0  # a bound that any automatic step runs into
    try:
        out.append(_caught(settle, stuck))
    finally:
        engine_module.MAX_AUTO_STEPS = limit
    return out


def _over() -> State:
    level = {"vp": 5, "gold": 3}
    st, _ = run([GB, FR], [], phase="war_end", war=3, players={GB: level, FR: level})
    return st


def _phase_refusals(tmp: Path) -> list[tuple[RulesError, Board]]:
    """The phases' refusals random play does not reach, each at a position made for it."""
    out: list[RulesError] = []
    # the target of an attack (R-CMB-1, -2, -12, R-TIL-17/18)
    st = _turn([GB, FR], areas={
        "german_states": {GB: {"army": 1}, FR: {"army": 1}}, "india": {GB: {"army": 1, "fleet": 1}, FR: {"fleet": 1}},
        "africa": {GB: {"fleet": 1}, FR: {"army": 1}}, "caribbean": {GB: {"army": 1}},
        "north_america": {"neutral": ["virginia"]}},
        captured=[["east_indies", "pirates", FR], ["south_america", "slave_revolt", FR]])
    st, _ = apply(st, Act(0, C("attack")))
    for target in (("german_states", "power", GB), ("india", "naval", FR), ("caribbean", "naval", FR),
                   ("africa", "naval", FR), ("caribbean", "power", FR), ("india", "tile", "pirates"),
                   ("north_america", "counter", "virginia"), ("east_indies", "tile", "pirates"),
                   ("south_america", "tile", "slave_revolt")):
        out.append(refused(st, (GB, "attack", *target)))
    # an alliance tile that adds an army or a fleet (R-CMB-10)
    st = _turn([GB, FR], players={GB: {"tiles": {"portugal": 1}}},
               areas={"india": {GB: {"army": 1, "fleet": 1}, FR: {"army": 1, "fleet": 1, "markers": 1}}})
    for step in ((GB, "attack"), (GB, "attack", "india", "power", FR)):
        st, _ = apply(st, Act(0, C(*step[1:])))
    assert pending(st).kind == "ally_tile"
    out.append(refused(st, (GB, "ally_tile", "portugal", "fort")))
    # an ally's armies in a naval attack (R-CMB-2)
    st, _ = run([GB, FR, ES], [(GB, "attack"), (GB, "attack", "india", "naval", FR), (GB, "offer", ES, 0)],
                turn={"power": GB}, alliances={"A": [GB, ES], "B": [FR]},
                areas={"india": {GB: {"fleet": 1}, ES: {"fleet": 1}, FR: {"fleet": 1}}})
    out.append(refused(st, (ES, "help", 1, 0)))
    # losses on a tie with a 7 and two helping allies (R-CMB-6, -7, -8)
    st, _ = run([GB, FR, ES, AU], [(GB, "attack"), (GB, "attack", "german_states", "power", FR), (FR, "offer", ES, 0),
                                   (ES, "help", 1, 0), (FR, "offer", AU, 0), (AU, "help", 1, 0), ("roll", 2, 3, 3, 4)],
                turn={"power": GB}, alliances={"A": [GB], "B": [FR, ES, AU]},
                areas={"german_states": {GB: {"army": 3}, FR: {"army": 1, "markers": 1}, ES: {"army": 1},
                                         AU: {"army": 1}}})
    assert pending(st).kind == "ally_loses"
    out += [refused(st, (FR, "lose", "fort")), refused(st, (FR, "lose", "army")), refused(st, (FR, "ally_loses", GB))]
    # moving twice, and to where it stands (R-ACT-C1)
    st, _ = run([GB, FR], [(GB, "move"), (GB, "move", GB, "army", "german_states")], turn={"power": GB},
                alliances={"A": [GB], "B": [FR]}, areas={GB: {GB: {"army": 2}}})
    out += [refused(st, (GB, "move", "german_states", "army", GB)), refused(st, (GB, "move", GB, "army", GB))]
    # building what the supply lacks (R-GEN-2), tiles without a target, population, stock (R-ACT-A, R-TIL)
    st, _ = run([GB, FR], [(GB, "build"), (GB, "keep")], turn={"power": GB}, alliances={"A": [GB], "B": [FR]},
                areas={GB: {GB: {"fort": 2}}})
    out.append(refused(st, (GB, "build", "fort")))
    st, _ = run([GB, FR], [(GB, "buy")], turn={"power": GB}, alliances={"A": [GB], "B": [FR]},
                players={GB: {"population": 0}})
    out += [refused(st, (GB, "tile", t)) for t in ("pirates", "slave_revolt", "government_reform")]
    st, _ = run([GB, FR], [(GB, "buy"), (GB, "tile", "pirates")], turn={"power": GB}, alliances={"A": [GB], "B": [FR]},
                areas={"india": {FR: {"markers": 1}}})
    out.append(refused(st, (GB, "revolt", "german_states", FR)))
    st = _turn([GB, FR], players={GB: {"population": 0}}, areas={"north_america": {"neutral": ["virginia"]}})
    out += [refused(st, (GB, "colonise", "virginia")), refused(st, (GB, "build"))]
    st = _turn([GB, FR])
    st.stock = {t: 0 for t in st.stock}
    out.append(refused(st, (GB, "buy")))
    st = _turn([GB, FR])
    st.supply[0] = {"army": 0, "fleet": 0, "fort": 0, "marker": st.supply[0]["marker"]}
    out.append(refused(st, (GB, "build")))
    # enslaving a counter not marked Slaves (R-ACT-E2), Improved Agriculture at the population's
    # maximum (R-TIL-12), a move action with nothing to move (R-ACT-C1)
    st = _turn([GB, FR], players={GB: {"population": 9, "tiles": {"improved_agriculture": 1}}},
               areas={"africa": {GB: {"fleet": 1}}, "north_america": {"neutral": ["virginia"]}})
    out += [refused(st, (GB, "enslave", "virginia")), refused(st, (GB, "use", "improved_agriculture"))]
    out.append(refused(_turn([GB, FR]), (GB, "move")))
    # a proposal with one box empty while two players are unallied (R-ALL-4)
    st, _ = run([GB, FR, ES], [(GB, "bid", 0)], phase="auctions", first=GB)
    out.append(refused(st, (GB, "propose", "-", FR)))
    # tiles used as they are not (R-GEN-8, R-CMB-10, R-TIL-3, R-TIL-21)
    st = _turn([GB, FR], players={GB: {"tiles": {"portugal": 1, "army_training": 1, "blockade": 1, "war_office": 1}}})
    out += [refused(st, (GB, "use", "portugal")), refused(st, (GB, "use", "army_training")),
            refused(st, (GB, "use", "blockade", "india")), refused(st, (GB, "use", "war_office"))]
    # a free-action tile of another component set that no rule of the engine uses
    data = json.loads((RULES / "data" / "standard.json").read_text(encoding="utf-8"))
    data["tiles"].append({"id": "spyglass", "name": "Spyglass", "count": 1, "timing": "once_per_war",
                          "use": "free_action"})
    path = tmp / "spyglass.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    st = new_game([GB, FR], {"components": str(path)})
    st.stack = [{"t": "game", "step": "rounds", "i": 1}, {"t": "turn", "seat": 0, "done": 0, "bought": 0,
                                                          "colonised": 0}]
    st.tiles[0]["spyglass"] = 1
    spyglass = refused(st, (GB, "use", "spyglass"))
    # the setup placement (R-SET-5, R-GEN-2)
    st = new_game([GB, FR])
    st, _ = apply(st, Roll((0,)))
    st, _ = apply(st, Roll(tuple(lo for lo, _ in pending(st).chance.ranges)))  # type: ignore[union-attr]
    out.append(refused(st, (GB, "place", "fleet", "german_states")))
    for step in ((GB, "fort", "german_states"), (FR, "army", "india"), (GB, "fort", "india"), (FR, "army", "india")):
        st, _ = apply(st, Act(st.powers.index(step[0]), C("place", *step[1:])))
    out.append(refused(st, (GB, "place", "fort", "india")))
    # the alliance track's bottom row full with one player left (R-ALL-1): seven players, three auctions
    st, _ = run([p.id for p in BOARD.powers], [], phase="auctions")
    while True:
        p = pending(st)
        if p.kind == "propose" and sum(1 for a in st.alliance if a == 0) == 1:
            break
        choice = C("bid", 0) if p.data["key"] == "bid_open" else C("pass") if p.kind == "bid" else \
            next(c for c in engine_module.legal(st, p.seat))
        st, _ = apply(st, Act(p.seat, choice))
    free = st.powers[st.alliance.index(0)]
    out.append(refused(st, (st.powers[pending(st).seat], "propose", "-", free)))
    return [(e, BOARD) for e in out] + [(spyglass, load_board(str(path)))]


@pytest.fixture(scope="module")
def focused(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[RulesError, Board]]:
    """Refusals random play does not reach, each with the board it is said with."""
    tmp = tmp_path_factory.mktemp("components")
    return _phase_refusals(tmp) + [(e, BOARD) for e in _input_errors() + _data_errors(tmp)]


@pytest.fixture(scope="module")
def cases() -> list[RulesError]:
    """The refusals of tests/rules/test_refusals.py, each test run as it is."""
    seen = rule_test_refusals()
    assert len(seen) >= 10
    return seen


def rule_test_refusals() -> list[RulesError]:
    """The refusals of tests/rules/test_refusals.py, each test run as it is."""
    seen: list[RulesError] = []
    original = Arena.refused

    def keep(self: Arena, *step: Any) -> RulesError:
        err = original(self, *step)
        seen.append(err)
        return err

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Arena, "refused", keep)
        for name in sorted(dir(refusal_cases)):
            if name.startswith("test_"):
                getattr(refusal_cases, name)()
    return seen


# --------------------------------------------------------------------------- the tests
def test_every_refusal_met_in_whole_games_and_scenarios_is_said_as_the_engine_says_it() -> None:
    refusals = played().refusals
    assert len(refusals) > 1000
    keys = {said_right(err) for err in refusals}
    assert len(keys) > 30


def test_the_refusals_of_the_rule_tests_are_said_as_the_engine_says_them(cases: list[RulesError]) -> None:
    for err in cases:
        said_right(err)


def test_refusals_random_play_does_not_reach_are_said_as_the_engine_says_them(
        focused: list[tuple[RulesError, Board]]) -> None:
    for err, board in focused:
        said_right(err, board)


def test_every_refusal_key_has_a_sentence_and_is_met(cases: list[RulesError],
                                                       focused: list[tuple[RulesError, Board]]) -> None:
    keys = engine_refusal_keys()
    assert len(keys) >= 100
    assert set(TEMPLATES) == keys, (sorted(keys - set(TEMPLATES)), sorted(set(TEMPLATES) - keys))
    met = {e.key for e in played().refusals} | {e.key for e in cases} | {e.key for e, _ in focused}
    assert keys - met == UNREACHABLE, sorted(keys - met)


def test_a_refused_choice_is_named_as_describe_names_it() -> None:
    """The choice a refusal repeats ("Bid 3 gold is not one of the choices now") is said as
    ``describe`` says it, for choices a player could send, listed or not."""
    st = new_game(3)
    names = Names(BOARD)
    words: list[Any] = ["india", GB, "hanover", "sweden", "pirates", "army", "x_y", 0, 3, -1]
    kinds = ["bid", "offer", "help", "move", "tile", "use", "ally_tile", "attack", "no_naval_battle", "zap_it"]
    for k in kinds:
        for a in words:
            for b in words:
                for args in ((), (a,), (a, b), (a, b, a)):
                    c = Choice(k, args)
                    assert choice_phrase(c.wire(), names) == describe(st, c), c


def test_an_error_without_a_key_is_said_by_its_own_message() -> None:
    err = RulesError("something else went wrong", "R-GEN-1")
    assert refusal_sentence(err, BOARD) == err.message and refusal_line(err, BOARD) == str(err)
