"""The attack tests of ``tests/p2p`` (the tests that play an attack against real peers on
loopback), each in a process of its own, and what that process used: its largest resident
set (the honest peers of the test all live in it, with pytest: an upper bound for one
honest peer), its processor time and the test's wall time (``python -m tools.bench_attacks
tests``)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ATTACKS = ("tests/p2p/test_p2p_attacks.py", "tests/p2p/test_p2p_clocks.py", "tests/p2p/test_p2p_door_attacks.py",
           "tests/p2p/test_p2p_release.py", "tests/p2p/test_p2p_rogue.py", "tests/p2p/test_p2p_strangers.py")


def tests(files: list[str], pattern: str) -> list[str]:
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only", "-p", "no:cacheprovider",
                          *(["-k", pattern] if pattern else []), *files], cwd=ROOT, capture_output=True, text=True)
    return [line.strip() for line in out.stdout.splitlines() if "::" in line]


def run(test: str) -> dict[str, object]:
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    rss = usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)
    return {"test": test, "passed": proc.returncode == 0, "max_rss_mib": round(rss / 2**20, 1),
            "cpu_s": round(usage.ru_utime + usage.ru_stime, 2), "wall_s": round(time.monotonic() - t0, 2)}


def attack_tests(pattern: str, say: bool) -> dict[str, object]:
    """Every attack test matching ``pattern`` (a pytest ``-k`` expression; "" for all), run
    one after the other; printed a line each as it ends when ``say``."""
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a test whose peer dies leaves no core file
    files = [f for f in ATTACKS if (ROOT / f).exists()]
    rows = []
    for name in tests(files, pattern):
        r = run(name)
        rows.append(r)
        if say:
            print(f"{r['max_rss_mib']:7.1f} MiB {r['cpu_s']:7.2f} s cpu {r['wall_s']:7.2f} s "
                  f"{'passed' if r['passed'] else 'FAILED'}  {name}", flush=True)
    return {"tests": rows, "passed": all(r["passed"] for r in rows)}
