"""``soe arena``: rotated seats, the records and summary it prints, the same results with
one process or two, and a one-line refusal of bad input."""

from __future__ import annotations

import json

import pytest

from game.cli.arena import play_one, public_record, run, seating, wilson
from game.cli.main import main


def test_every_bot_plays_every_seat_equally_often() -> None:
    names = ["hard", "greedy", "random"]
    seen = {(b, s) for g in range(3) for s, b in enumerate(seating(names, g))}
    assert seen == {(b, s) for b in names for s in range(3)}


def test_arena_prints_a_record_per_game_and_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--players", "2", "--games", "2", "--seed", "3", "--bots", "easy,random",
                 "--json", "--jobs", "1"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    games, summary = lines[:-1], lines[-1]["summary"]
    assert len(games) == 2
    for rec in games:
        for key in ("seed", "winner", "winner_bot", "scores", "unrest", "revolutions"):
            assert key in rec
        assert sorted(rec["bots"]) == ["easy", "random"]
    assert [g["bots"] for g in games] == [["easy", "random"], ["random", "easy"]]
    assert games[0]["seed"] == games[1]["seed"]  # a group of games shares its deal
    rows = {r["bot"]: r for r in summary}
    assert rows["easy"]["seat_games"] == rows["random"]["seat_games"] == 2
    assert rows["easy"]["wins"] + rows["random"]["wins"] >= 2
    lo, hi = rows["easy"]["ci95"]
    assert 0 <= lo <= rows["easy"]["win_rate"] <= hi <= 1
    assert rows["easy"]["think_max_ms"] >= rows["easy"]["think_median_ms"] > 0
    assert rows["easy"]["playouts_per_s"] > 0


def test_results_are_the_same_with_one_process_or_two() -> None:
    names = ["easy", "greedy", "random"]
    one = [public_record(r) for r in run(3, names, 3, 7, jobs=1)]
    two = [public_record(r) for r in run(3, names, 3, 7, jobs=2)]
    assert one == two
    assert one[0]["state_hash"] != one[1]["state_hash"]


def test_a_game_is_reproduced_from_its_number_and_seed() -> None:
    a = public_record(play_one(2, ["easy", "greedy"], 5, 1))
    b = public_record(play_one(2, ["easy", "greedy"], 5, 1))
    assert a == b


@pytest.mark.parametrize("argv,message", [
    (["--bots", "hard,greedy"], "2 bots for 4 players"),
    (["--bots", "hard,wizard,greedy,greedy"], "unknown bot 'wizard'"),
    (["--players", "9"], "--players must be 2 to 7"),
    (["--games", "0"], "--games must be at least 1"),
    (["--jobs", "0"], "--jobs must be at least 1"),
])
def test_bad_input_gets_one_line_and_exit_2(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_wilson_interval() -> None:
    lo, hi = wilson(200, 400)
    assert 0.45 < lo < 0.5 < hi < 0.55
    assert wilson(0, 10)[0] == 0.0


def test_the_human_summary_names_each_bot_with_its_rate_interval_and_think_time(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--players", "2", "--games", "2", "--seed", "1", "--bots", "easy,greedy", "--jobs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("game 1: ") and out[1].startswith("game 2: ")
    assert out[2] == "2 games, 2 players, seed 1:"
    easy = next(line for line in out if line.strip().startswith("easy:"))
    assert "of 2 (" in easy and "95% CI" in easy and "think median" in easy and "playouts/s" in easy
