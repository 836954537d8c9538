"""`soe play` in the terminal: a game against computer players, saved as it goes, left
with `q` and taken up again by `soe resume FILE` with nothing lost."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.cli.textplay import read_local
from game.rules import new_game, state_hash


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game.cli", *args], input=stdin, capture_output=True, text=True,
                          timeout=120)


def test_a_game_left_with_q_resumes_where_it_was(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    first = run(["play", "--players", "3", "--seed", "5", "--save", str(save)], "1\n2\nq\n")
    assert first.returncode == 0, first.stderr
    assert f"soe resume {save}" in first.stdout
    header, inputs = read_local(save)
    assert header["powers"] == ["great_britain", "france", "spain"] and header["seat"] == 0
    mine = [i for i in inputs if getattr(i, "seat", -1) == 0]
    assert len(mine) == 2  # both of the player's placements were kept
    st = new_game(header["powers"])
    from game.rules import apply_in_place

    for inp in inputs:
        apply_in_place(st, inp)
    before = state_hash(st)

    second = run(["resume", str(save)], "q\n")
    assert second.returncode == 0, second.stderr
    assert f"Resumed {save}: {len(inputs)} inputs replayed" in second.stdout
    _, again = read_local(save)
    assert again[:len(inputs)] == inputs  # nothing lost, nothing rewritten
    st2 = new_game(header["powers"])
    for inp in again[:len(inputs)]:
        apply_in_place(st2, inp)
    assert state_hash(st2) == before


def test_a_torn_last_line_from_a_crash_is_ignored_and_a_foreign_file_refused(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    assert run(["play", "--players", "2", "--seed", "1", "--save", str(save)], "q\n").returncode == 0
    with open(save, "ab") as f:
        f.write(b'{"seat":0,"choi')  # the process died mid-write
    header, inputs = read_local(save)
    assert header["seed"] == 1 and all(json.dumps(i) for i in inputs)
    assert run(["resume", str(save)], "q\n").returncode == 0  # the torn line is cut, then the game goes on
    assert b"choi{" not in save.read_bytes() and read_local(save)[1] == inputs
    other = tmp_path / "other.jsonl"
    other.write_text('{"hello": 1}\n', encoding="utf-8")
    res = run(["resume", str(other)], "")
    assert res.returncode == 2 and "soe resume" in (res.stdout + res.stderr)
