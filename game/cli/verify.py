"""``soe verify FILE [--json]`` (and ``tools/verify.py``): check a game log offline with
:func:`net.verify.verify_file` and print its report, in words or as one JSON object.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from game.client.words import verdict
from game.client.words.lang import join_list, say, say_in, say_n
from game.client.words.numbers import number
from net.core.verify import Report
from net.verify import verify_file


def _seat_status(status: str) -> str:
    """How a seat was played to the end: played, resigned, bot or dropped."""
    words = {"played": say_in("seat status", "played"), "resigned": say_in("seat status", "resigned"),
             "bot": say_in("seat status", "bot"), "dropped": say_in("seat status", "dropped")}
    return words.get(status, status)


def format_report(rep: Report) -> str:
    """The report in words, in the language in use (the power and the status names of the
    log stay as the log writes them: they are its data)."""
    if rep.game:
        lines = [say_n("{file}: {n} message accepted (game {game})", "{file}: {n} messages accepted (game {game})",
                       rep.messages, file=rep.file, game=rep.game)]
    else:
        lines = [say_n("{file}: {n} message accepted", "{file}: {n} messages accepted", rep.messages, file=rep.file)]
    if rep.game:
        lines.append(say("release {release}, ruleset {ruleset}, hash chains of {length}", release=rep.release,
                         ruleset=rep.ruleset, length=rep.chain_length))
        lines.append(say("players:"))
        for p in rep.players:
            lines.append("  " + say_n(
                "seat {seat} {power} {name} key {fingerprint} ({key}...) {status}, {n} message",
                "seat {seat} {power} {name} key {fingerprint} ({key}...) {status}, {n} messages", p["messages"],
                seat=p["seat"], power=p["power"].ljust(17), name=repr(p["name"]).ljust(22), fingerprint=p["fingerprint"],
                key=p["key"][:16], status=_seat_status(p["status"])))
        lines.append(say("chance events: {n}", n=rep.chance_events))
        lines.append(say("dice (count, total; a fair die averages {mean}):", mean=number(3.5, ".1f")))
        for power, d in rep.dice.items():
            who = say_in("dice", "neutral") if power == "neutral" else power  # the neutrals' dice, not a power's
            lines.append("  " + say_n("{power} {count} die, total {total}", "{power} {count} dice, total {total}",
                                      d["dice"], power=who.ljust(17), count=str(d["dice"]).rjust(4),
                                      total=str(d["total"]).rjust(5)))
        lines.append(say("faces 1-6: {faces}", faces=" ".join(str(f) for f in rep.faces)))
        for drop in rep.drops:
            lines.append(say("line {line}: {who} dropped for withholding ({what}), signed by seats {voters}",
                             line=drop["line"], who=join_list(drop["powers"]), what=verdict.withheld(drop["withheld"]),
                             voters=drop["voters"]))
        if rep.unwitnessed:
            lines.append(say("unwitnessed dice: chance events {events} (fewer than two players' chains)",
                             events=_runs(rep.unwitnessed)))
        if rep.unrest:
            lines.append(say("unrest opened (wars 1-3): {unrest}",
                             unrest=say("; ").join(f"{p} {v}" for p, v in rep.unrest.items())))
        if rep.scores:
            lines.append(say_n("final scores: {scores}; winner: {winners}", "final scores: {scores}; winners: {winners}",
                               len(rep.winners), scores=join_list(f"{p} {v}" for p, v in rep.scores.items()),
                               winners=join_list(rep.winners)))
        lines.append(say("final state hash: {hash}", hash=rep.final_state))
    if rep.failure:
        f = rep.failure
        lines.append(say("line {line}: {code}: {text}", line=f["line"], code=f["code"], text=verdict.failure(f)))
    if rep.reasons:
        lines.append(say("contested:"))
        lines += [f"  {verdict.contested(r)}" for r in rep.reasons]
    lines.append(verdict.status(rep.status))
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

    parser = argparse.ArgumentParser(prog="soe verify", description=say("Check a game log offline and report."))
    parser.add_argument("file")
    parser.add_argument("--json", action="store_true", help=say("print the report as one JSON object"))
    args = parser.parse_args(argv)
    return run(args.file, args.json)


def run(path: str, as_json: bool) -> int:
    try:
        rep = verify_file(path, beside=True)  # the signatures in a second process, where one can be had
    except OSError as exc:
        print(f"soe verify: {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(rep.to_json(), sort_keys=True, separators=(",", ":")))
    else:
        print(format_report(rep))
    return 0 if rep.fair else 1
