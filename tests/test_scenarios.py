"""Every scenario file under tests/scenarios must hold (the rulebook's worked examples and
one scenario per tricky rule; each file lists the rule ids it covers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.scenario import load_scenario, run_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    spec = load_scenario(path)
    assert spec.get("rules"), "a scenario names the rule ids it covers"
    diffs = run_scenario(spec, out=lambda _: None)
    assert not diffs, "\n".join(diffs)


def test_scenario_command_reports_differences(tmp_path: Path) -> None:
    """`soe scenario` exits 1 and prints what differs when an expectation fails."""
    import json
    import subprocess
    import sys

    combat = Path(__file__).parent / "scenarios" / "combat_002_north_america.json"
    spec = load_scenario(combat)
    spec["expect"]["players"]["spain"]["gold"] = 99
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(spec), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "game.cli", "scenario", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "spain gold: expected 99, got 8" in proc.stdout
    good = subprocess.run([sys.executable, "-m", "game.cli", "scenario", str(combat)], capture_output=True, text=True)
    assert good.returncode == 0, good.stdout + good.stderr


def test_checks_at_named_points_of_the_script_report_where_they_fail() -> None:
    """docs/scenarios.md: a script step {"check": name, "expect": {...}} is checked at that
    point; a difference names the check and its step; an unknown expectation is an error in
    the file, not a silent pass. R-CMB-9: the offer shows in the ally's prompt."""
    import copy

    from game.cli.scenario import ScenarioError

    path = Path(__file__).parent / "scenarios" / "allies_gold_offer_and_partial_help.json"
    spec = load_scenario(path)
    assert run_scenario(spec, out=lambda _: None) == []
    bad = copy.deepcopy(spec)
    check = next(s for s in bad["script"] if isinstance(s, dict) and s.get("check") == "Austria sees the offer")
    check["expect"]["players"]["austria"]["gold"] = 11
    check["expect"]["pending"]["prompt"] = "offers 4 gold"
    diffs = run_scenario(bad, out=lambda _: None)
    assert "at 'Austria sees the offer' (step 6): austria gold: expected 11, got 10" in diffs
    assert any(d.startswith("at 'Austria sees the offer' (step 6): the prompt") and "'offers 4 gold'" in d for d in diffs)
    assert len(diffs) == 2
    typo = copy.deepcopy(spec)
    typo["expect"]["player"] = {}
    with pytest.raises(ScenarioError, match="unknown expectations"):
        run_scenario(typo, out=lambda _: None)


# --------------------------------------------------------------------------- files that are wrong
GB, FR = "great_britain", "france"


def _spec(position: dict[str, object] | None = None, expect: dict[str, object] | None = None) -> dict[str, object]:
    """A two-player scenario at Great Britain's turn, with the position's fields given."""
    return {"players": [GB, FR], "position": {"phase": "turn", "turn": {"power": GB}, **(position or {})},
            "script": [], "expect": expect or {}}


BAD_FILES = [
    # a power that is not in the game, an unknown piece, tile or area (in the position or the expectations)
    (_spec(expect={"players": {"spain": {"gold": 3}}}),
     "'spain' is not a player of this scenario (the players are great_britain, france)"),
    (_spec(expect={"areas": {"india": {FR: {"tank": 1}}}}),
     "unknown piece 'tank' in india; the pieces are army, fleet, fort, markers"),
    (_spec({"areas": {"india": {GB: {"tank": 1}}}}), "unknown piece 'tank' in india"),
    (_spec(expect={"areas": {"atlantis": {FR: {"army": 1}}}}), "unknown area 'atlantis'"),
    (_spec(expect={"stock": {"tanks": 1}}), "unknown tile 'tanks'"),
    (_spec(expect={"players": {GB: {"supply": {"tank": 1}}}}), "unknown piece 'tank' in great_britain"),
    (_spec({"players": {GB: {"used": {"tanks": 1}}}}), "unknown tile 'tanks'"),
    (_spec({"alliances": {"A": ["spain"]}}), "'spain' is not a player of this scenario"),
    # a field the format does not take (a typo is never ignored)
    (_spec({"players": {GB: {"golds": 3}}}),
     "unknown field 'golds' in position.players.great_britain; it takes gold, population, vp, unrest, tiles, "
     "used, loose_forts"),
    (_spec({"area": {}}), "unknown field 'area' in position;"),
    (_spec(expect={"players": {GB: {"golds": 3}}}), "unknown field 'golds' in expect.players.great_britain"),
    # numbers out of their ranges
    (_spec({"areas": {"india": {GB: {"fleet": -2}}}}),
     "position.areas.india.great_britain.fleet must be a whole number of 0 or more, not -2"),
    (_spec({"areas": {"india": {GB: {"markers": -1}}}}), "position.areas.india.great_britain.markers must be"),
    (_spec({"players": {GB: {"gold": -5}}}), "position.players.great_britain.gold must be a whole number of 0"),
    (_spec({"players": {GB: {"unrest": "3"}}}), "position.players.great_britain.unrest must be a whole number"),
    (_spec({"players": {GB: {"population": 10}}}),
     "position.players.great_britain.population must be a whole number from 0 to 9, not 10"),
    (_spec({"players": {GB: {"tiles": {"reserve": -1}}}}), "position.players.great_britain.tiles.reserve must be"),
    (_spec({"war": 4}), "position.war must be a whole number from 1 to 3, not 4"),
    (_spec({"round": 7}), "position.round must be a whole number from 1 to 6, not 7"),
    (_spec({"turn": {"power": GB, "actions_done": 3}}), "position.turn.actions_done must be a whole number from 0 to 2"),
    (_spec({"turn": {"power": GB, "bought": 1}}), "position.turn.bought must be true or false, not 1"),
    # the alliance track and the play order (R-ALL-1, R-ALL-6)
    (_spec({"alliances": {"A": [FR, FR]}}),
     "france is listed twice in the alliances: a power is in one alliance, once (R-ALL-1)"),
    (_spec({"alliances": {"A": [GB], "B": [GB, FR]}}), "great_britain is listed twice in the alliances"),
    (_spec({"alliances": {"C": [GB]}}), "unknown field 'C' in position.alliances"),
    (_spec({"order": [GB, GB]}), "the play order must list every player once: great_britain, france; not "
                                 "great_britain, great_britain"),
    # positions the game cannot reach
    (_spec({"areas": {"central_europe": {GB: {"fleet": 1}}}}),
     "great_britain has a fleet in central_europe, where fleets cannot be (R-MAP-2)"),
    (_spec({"areas": {FR: {GB: {"army": 1}}}}),
     "great_britain has units in france, another power's home nation (R-MOV-1)"),
    (_spec({"areas": {"north_america": {"neutral": ["virginia", "virginia"]}}}),
     "virginia is listed twice in north_america: there is one of each nation counter"),
    (_spec({"bag": ["virginia", "virginia"]}), "virginia is in the bag twice: there is one of each nation counter"),
    (_spec({"players": {"spain": {"gold": 3}}}), "'spain' is not a player of this scenario"),
    (_spec({"blockades": [["india", GB]]}), "great_britain has no fleet in india to place its Blockade under (R-TIL-21)"),
    (_spec({"blockades": [["german_states", GB]]}), "a Blockade is placed only in a colony, not in german_states"),
    (_spec({"captured": [["german_states", "pirates", FR]]}),
     "the pirates tile stands only in a colony, not in german_states (R-TIL-17, R-TIL-18)"),
    (_spec({"captured": [["india", "slave_revolt", FR]]}), "stands only in a colony of the Americas, not in india"),
    (_spec({"captured": [["india", "reserve", FR]]}), "only the Pirates or the Slave Revolt hold captured markers"),
    (_spec({"players": {GB: {"loose_forts": 1}}}),
     "great_britain has 0 forts at home, fewer than the 1 forts at home that may move (loose_forts) (R-ACT-B2)"),
]


@pytest.mark.parametrize("spec, words", BAD_FILES, ids=[str(i) for i in range(len(BAD_FILES))])
def test_a_wrong_file_or_an_impossible_position_is_refused_in_a_sentence(spec: dict[str, object], words: str) -> None:
    """docs/scenarios.md: a scenario that names a power not in the game, an unknown piece,
    tile, area or field, a number out of its range (a negative count), a power twice on the
    alliance track (R-ALL-1) or a position the rules cannot reach (R-MAP-2, R-MOV-1,
    R-TIL-17, R-TIL-18, R-TIL-21, R-ACT-B2) is refused with a sentence that says what is
    wrong, never a bare KeyError or ValueError."""
    from game.cli.scenario import ScenarioError, run_scenario_file

    with pytest.raises(ScenarioError) as err:
        run_scenario(spec, out=lambda _: None)
    assert words in str(err.value)
    said: list[str] = []
    path = Path("wrong.json")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("game.cli.scenario.load_scenario", lambda _: spec)
        assert run_scenario_file(path, out=said.append) is False
    assert said == [f"wrong.json: error: {err.value}"]


def test_a_wrong_file_is_told_in_italian(tmp_path: Path) -> None:
    """`soe --lang it scenario` says what is wrong with the file in Italian."""
    import json
    import subprocess
    import sys

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_spec({"alliances": {"A": [FR, FR]}}, {"players": {"spain": {"gold": 3}}})),
                   encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "game.cli", "--lang", "it", "scenario", str(bad)],
                          capture_output=True, text=True)
    assert proc.returncode == 1
    assert "france è elencata due volte nelle alleanze: una potenza sta in una sola alleanza, una volta (R-ALL-1)" \
        in proc.stdout, proc.stdout + proc.stderr
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps(_spec(expect={"areas": {"india": {FR: {"tank": 1}}}})), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "game.cli", "--lang", "it", "scenario", str(unknown)],
                          capture_output=True, text=True)
    assert "pezzo sconosciuto 'tank' in india; i pezzi sono army, fleet, fort, markers" in proc.stdout, proc.stdout
