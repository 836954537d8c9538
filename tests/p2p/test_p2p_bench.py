"""The network benchmark (``python -m tools.bench_net``, whose figures the README quotes)
runs end to end: a small game between bot peer processes, its latencies, a spectator's
catch-up. Its timings are reported, never asserted: only that it measured what it says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_network_benchmark_plays_a_game_and_reports_every_figure(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tools.bench_net", "--players", "3", "--think-ms", "0", "--catchup-runs", "1",
         "--pings", "20", "--ping-every-ms", "50", "--raw-rounds", "10", "--raw-work-us", "0,300", "--deadline", "120", "--log-dir", str(tmp_path), "--json",
         "--flood", "300"],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["players"] == 3 and data["raw_rtt_idle_ms"]["n"] == 20 and data["catchup_target_met"] in (True, False)
    # the transport's floor under a chance event: every round completed, more work a frame takes longer
    bare, busy = data["raw_rounds_ms"]
    assert (bare["work_us"], busy["work_us"]) == (0, 300) and bare["rounds"] == busy["rounds"] == 10
    assert 0 < bare["median"] < busy["median"]
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


def test_the_session_benchmark_plays_a_whole_game_and_counts_every_handling() -> None:
    """``python -m tools.bench_sessions`` (processor time per message of the protocol core,
    the figures docs/benchmarks.md compares versions with): a whole game, every peer at the
    same final state, every message handled by every other peer."""
    out = subprocess.run([sys.executable, "-m", "tools.bench_sessions", "--players", "3", "--json"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["over"] and data["same_state"] and data["messages"] > 100 and data["chance_events"] > 5
    h = data["handlings"]
    received = sum(v["count"] for k, v in h.items() if k.startswith("recv "))
    submitted = sum(v["count"] for k, v in h.items() if k.startswith("submit "))
    # every message is received by the two peers that did not make it (3 players)
    assert received == 2 * data["messages"] and submitted > 0
    assert h["recv reveal"]["count"] > 0 and h["recv choice -> reveal"]["count"] > 0
    assert 0 < data["cpu_us_per_message"] and all(v["us_each"] > 0 for v in h.values())


@pytest.mark.slow
def test_the_attack_benchmark_measures_each_attack() -> None:
    """``python -m tools.bench_attacks`` (the CPU and memory figures of the transport
    attacks): each mode runs, briefly, and reports what it says; figures are not asserted
    beyond being measured (and the game attacked being finished)."""

    def bench(*args: str) -> dict[str, Any]:
        out = subprocess.run([sys.executable, "-m", "tools.bench_attacks", *args, "--json"], capture_output=True,
                             text=True, timeout=300, cwd=ROOT)
        assert out.returncode == 0, out.stderr
        data: dict[str, Any] = json.loads(out.stdout)
        return data

    frame = bench("have-frame", "--messages", "600", "--frames", "200")
    assert frame["messages"] == 600 and frame["first_catchup_msgs"] == 600 and frame["us_per_have"] > 0
    links = bench("links", "--messages", "600", "--links", "4", "--seconds", "2")
    assert links["frames_in"] > 0 and links["cpu_s_per_s"] > 0 and links["maxrss_mb"] > 0
    game = bench("game", "--attack", "conns", "--conns", "300", "--nofile", "256", "--head-start", "1",
                 "--deadline", "90")
    assert game["finished"] == [0, 1, 2] and not game["died"] and game["conns"]["opened"] >= 300
    assert len(game["maxrss_mb"]) == 3
