"""``soe verify FILE [--json]`` (and ``tools/verify.py``): check a game log offline with
:func:`net.verify.verify_file` and print its report, in words or as one JSON object.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from net.core.verify import Report
from net.verify import verify_file


def format_report(rep: Report) -> str:
    lines = [f"{rep.file}: {rep.messages} messages accepted" + (f" (game {rep.game})" if rep.game else "")]
    if rep.game:
        lines.append(f"engine {rep.engine}, ruleset {rep.ruleset}, hash chains of {rep.chain_length}")
        lines.append("players:")
        for p in rep.players:
            lines.append(f"  seat {p['seat']} {p['power']:<17} {p['name']!r:<22} key {p['fingerprint']} "
                         f"({p['key'][:16]}...) {p['status']}, {p['messages']} messages")
        lines.append(f"chance events: {rep.chance_events}")
        lines.append("dice (count, total; a fair die averages 3.5):")
        for power, d in rep.dice.items():
            lines.append(f"  {power:<17} {d['dice']:>4} dice, total {d['total']:>5}")
        lines.append("faces 1-6: " + " ".join(str(f) for f in rep.faces))
        for drop in rep.drops:
            lines.append(f"line {drop['line']}: {', '.join(drop['powers'])} dropped for withholding "
                         f"({', '.join(drop['withheld'])}), signed by seats {drop['voters']}")
        if rep.unwitnessed:
            lines.append(f"unwitnessed dice: chance events {_runs(rep.unwitnessed)} (fewer than two players' chains)")
        if rep.unrest:
            lines.append("unrest opened (wars 1-3): " + "; ".join(f"{p} {v}" for p, v in rep.unrest.items()))
        if rep.scores:
            lines.append("final scores: " + ", ".join(f"{p} {v}" for p, v in rep.scores.items())
                         + f"; winner{'s' if len(rep.winners) > 1 else ''}: {', '.join(rep.winners)}")
        lines.append(f"final state hash: {rep.final_state}")
    if rep.failure:
        f = rep.failure
        lines.append(f"line {f['line']}: {f['code']}: {f['text']}")
    if rep.contested:
        lines.append("contested:")
        lines += [f"  {c}" for c in rep.contested]
    lines.append({"fair": "fair", "contested": "CONTESTED", "incomplete": "INCOMPLETE", "failed": "FAILED"}[rep.status])
    return "\n".join(lines)


def _runs(values: Sequence[int]) -> str:
    """1, 2, 3, 7 -> "1-3, 7"."""
    out: list[str] = []
    start = prev = -2
    for v in [*values, -2]:
        if v != prev + 1:
            if start >= 0:
                out.append(f"{start}-{prev}" if prev > start else str(start))
            start = v
        prev = v
    return ", ".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    """``verify FILE [--json]``: exit 0 when fair, 1 when not (contested, incomplete or
    failed), 2 when the file is unreadable."""
    import argparse

    parser = argparse.ArgumentParser(prog="soe verify", description="Check a game log offline and report.")
    parser.add_argument("file")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    args = parser.parse_args(argv)
    return run(args.file, args.json)


def run(path: str, as_json: bool) -> int:
    try:
        rep = verify_file(path)
    except OSError as exc:
        print(f"soe verify: {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(rep.to_json(), sort_keys=True, separators=(",", ":")))
    else:
        print(format_report(rep))
    return 0 if rep.fair else 1
