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
