"""The memory and processor time of honest peers under each attack of the hostile reviews:
``python -m tools.bench_attack_memory [PATTERN...] [--json]``.

Runs each attack test (``tests/p2p``: the tests that play an attack against real peers on
loopback) in a process of its own and reports what that process used: its largest
resident set (the honest peers of the test all live in it, with pytest: an upper bound
for one honest peer) and its processor time, with the test's wall time. PATTERNs narrow
the list (``-k`` expressions of pytest).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pattern", nargs="*", help="pytest -k expressions (joined with 'or')")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    files = [f for f in ATTACKS if (ROOT / f).exists()]
    names = tests(files, " or ".join(a.pattern))
    rows = []
    for name in names:
        r = run(name)
        rows.append(r)
        if not a.json:
            print(f"{r['max_rss_mib']:7.1f} MiB {r['cpu_s']:7.2f} s cpu {r['wall_s']:7.2f} s "
                  f"{'passed' if r['passed'] else 'FAILED'}  {name}", flush=True)
    if a.json:
        print(json.dumps(rows, indent=1))
    return 0 if all(r["passed"] for r in rows) else 1


if __name__ == "__main__":
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    sys.exit(main())
