"""`soe play` in the terminal: a game against computer players, saved as it goes, left
with `q` and taken up again by `soe resume FILE` with nothing lost."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import new_game, state_hash
from game.cli.textplay import read_local


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


# --------------------------------------------------------------------------- bad arguments and saves
def test_an_existing_save_is_never_written_over(tmp_path: Path) -> None:
    """Issue 8 item 1: --save of a non-empty file is refused and the file is left as it was."""
    save = tmp_path / "game.jsonl"
    assert run(["play", "--players", "2", "--seed", "3", "--save", str(save)], "1\nq\n").returncode == 0
    before = save.read_bytes()
    again = run(["play", "--players", "2", "--seed", "4", "--save", str(save)], "1\nq\n")
    assert again.returncode == 2 and save.read_bytes() == before
    assert f"`soe resume {save}` goes on with it" in again.stderr and "Traceback" not in again.stderr
    assert len(again.stderr.strip().splitlines()) == 1 and again.stdout == ""
    signed = tmp_path / "net.jsonl"
    signed.write_bytes(b'{"at":0,"author":"ab","body":{},"sig":"cd"}\n')
    res = run(["play", "--save", str(signed)], "q\n")
    assert res.returncode == 2 and "network game's log" in res.stderr and signed.read_bytes().count(b"\n") == 1
    other = tmp_path / "notes.txt"
    other.write_text("mine\n", encoding="utf-8")
    res = run(["play", "--save", str(other)], "q\n")
    assert res.returncode == 2 and "never writes over a file" in res.stderr and other.read_text() == "mine\n"
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert run(["play", "--players", "2", "--save", str(empty)], "q\n").returncode == 0  # an empty file is fine
    assert read_local(empty)[0]["kind"] == "soe-local-game"


def test_a_finished_game_is_not_offered_for_resuming(tmp_path: Path) -> None:
    from game.cli.textplay import LocalLog, PlayError

    save = tmp_path / "done.jsonl"
    header = {"kind": "soe-local-game", "powers": ["great_britain", "france"], "seat": 0, "bots": "greedy", "seed": 1}
    save.write_text(json.dumps(header) + "\n", encoding="utf-8")
    try:
        LocalLog(save, new=True)
    except PlayError as exc:
        assert "game in progress" in str(exc) and f"soe resume {save}" in str(exc)
    else:
        raise AssertionError("an existing save was opened for a new game")


@pytest.mark.parametrize("args, says", [
    (["--players", "1"], "a game has 2 to 7 players, not 1"),
    (["--players", "9"], "a game has 2 to 7 players, not 9"),
    (["--players", "3", "--power", "atlantis"], "unknown power 'atlantis'"),
])
def test_bad_play_arguments_give_one_line_and_exit_2(tmp_path: Path, args: list[str], says: str) -> None:
    """Issue 8 items 6 and 7: no traceback, no game against '8 computer players'."""
    save = tmp_path / "g.jsonl"
    res = run(["play", *args, "--save", str(save)], "1\nq\n")
    assert res.returncode == 2 and res.stderr.startswith(f"soe play: {says}") and len(res.stderr.splitlines()) == 1
    assert "Traceback" not in res.stderr and "computer player" not in res.stdout and not save.exists()


def test_a_directory_as_save_is_refused(tmp_path: Path) -> None:
    res = run(["play", "--save", str(tmp_path)], "q\n")
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert res.stderr.strip() == f"soe play: {tmp_path} is a directory; give the name of a file to save the game in"


def test_demo_with_too_many_players_says_why(tmp_path: Path) -> None:
    res = run(["demo", "--players", "9", "--out", str(tmp_path / "demo")], "")
    assert res.returncode == 2 and res.stderr.strip() == "soe demo: a game has 2 to 7 players, not 9"
    assert not (tmp_path / "demo").exists()


def test_a_save_in_use_is_locked_against_a_second_process(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    assert run(["play", "--players", "2", "--seed", "2", "--save", str(save)], "q\n").returncode == 0
    first = subprocess.Popen([sys.executable, "-m", "game.cli", "resume", str(save)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None
        assert first.stdout.readline().startswith("Resumed")  # it holds the save now
        before = save.read_bytes()
        second = run(["resume", str(save)], "1\nq\n")
        assert second.returncode == 2
        assert second.stderr.strip() == f"soe resume: {save}: this game is open in another soe process"
        assert save.read_bytes() == before
    finally:
        first.communicate("q\n", timeout=60)
    assert first.returncode == 0
    assert run(["resume", str(save)], "q\n").returncode == 0  # free again once the first has left


def test_play_text_runs_the_terminal_game(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    res = run(["play", "--text", "--players", "2", "--seed", "8", "--save", str(save)], "h\nq\n")
    assert res.returncode == 0 and "take back your last choice" in res.stdout and read_local(save)[0]["seed"] == 8
