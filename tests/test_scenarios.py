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
