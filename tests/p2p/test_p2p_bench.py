"""The network benchmark (``python -m tools.bench_net``, whose figures the README quotes)
runs end to end: a small game between bot peer processes, its latencies, a spectator's
catch-up. Its timings are reported, never asserted: only that it measured what it says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_network_benchmark_plays_a_game_and_reports_every_figure(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tools.bench_net", "--players", "3", "--think-ms", "0", "--catchup-runs", "1",
         "--pings", "20", "--ping-every-ms", "50", "--deadline", "120", "--log-dir", str(tmp_path), "--json",
         "--flood", "300"],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["players"] == 3 and data["raw_rtt_idle_ms"]["n"] == 20 and data["catchup_target_met"] in (True, False)
    mode, flood = data["modes"]
    # the game in which the last peer floods: played to the end, the flood counted, memory reported
    assert flood["flood_per_s"] == 300 and flood["flood_sent"] > 0 and flood["messages"] > 100
    assert len(flood["honest_maxrss_mb"]) == 2 and all(0 < m < 1000 for m in flood["honest_maxrss_mb"])
    assert flood["rejected"].get("out_of_order", 0) > 0 and flood["choice_ms"]["n"] > 0
    assert mode["messages"] > 100 and mode["chance_events"] > 5
    for figure in ("choice_ms", "chance_known_ms", "chance_ms", "reveal_round_ms", "chance_from_submit_ms"):
        assert mode[figure]["n"] > 0 and 0 < mode[figure]["median"] <= mode[figure]["max"], figure
    # every chance event was asked for before its beacon was known, and known before applied
    assert mode["chance_known_ms"]["median"] <= mode["chance_ms"]["median"]
    (catchup,) = mode["catchup"]
    assert catchup["ok"] and catchup["messages"] == mode["messages"]
    assert sorted(p.name for p in tmp_path.glob("game0/p*.jsonl")) == ["p0.jsonl", "p1.jsonl", "p2.jsonl"]
    assert not data["modes"][0]["flood_per_s"]
