"""`soe play` in the terminal: a game against computer players, saved as it goes, left
with `q` and taken up again by `soe resume FILE` with nothing lost."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.client.saves import read_save as read_local
from game.rules import Act, C, new_game, state_hash


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    """``soe ARGS`` with ``stdin`` typed; ``soe resume`` in the terminal (``--text``)."""
    if args[:1] == ["resume"]:
        args = ["resume", "--text", *args[1:]]
    return subprocess.run([sys.executable, "-m", "game.cli", *args], input=stdin, capture_output=True, text=True,
                          timeout=120)


def test_a_game_left_with_q_resumes_where_it_was(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    first = run(["play", "--text", "--players", "3", "--seed", "5", "--save", str(save)], "1\n2\nq\n")
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
    assert run(["play", "--text", "--players", "2", "--seed", "1", "--save", str(save)], "q\n").returncode == 0
    with open(save, "ab") as f:
        f.write(b'{"seat":0,"choi')  # the process died mid-write
    header, inputs = read_local(save)
    assert header["seed"] == 1 and all(json.dumps(i) for i in inputs)
    res = run(["resume", str(save)], "q\n")
    assert res.returncode == 0 and f"kept in {save}.cut" in res.stdout  # the torn line is cut, then the game goes on
    assert b"choi{" not in save.read_bytes() and read_local(save)[1] == inputs
    assert (tmp_path / "game.jsonl.cut").read_bytes() == b'{"seat":0,"choi\n'  # kept, and the player is told
    other = tmp_path / "other.jsonl"
    other.write_text('{"hello": 1}\n', encoding="utf-8")
    res = run(["resume", str(other)], "")
    assert res.returncode == 2 and "soe resume" in (res.stdout + res.stderr)
    header = {"kind": "soe-local-game", "powers": ["great_britain", "france"], "seat": 5, "bots": "greedy", "seed": 1}
    odd = tmp_path / "odd.jsonl"
    odd.write_text(json.dumps(header) + "\n", encoding="utf-8")
    res = run(["resume", str(odd)], "")  # a seat that is not in the game: refused, not played by bots to the end
    assert res.returncode == 2 and res.stderr.strip() == f"soe resume: {odd}: the save names seat 5, which is not a " \
        "seat of its game" and res.stdout == ""


# --------------------------------------------------------------------------- bad arguments and saves
def test_an_existing_save_is_never_written_over(tmp_path: Path) -> None:
    """Issue 8 item 1: --save of a non-empty file is refused and the file is left as it was."""
    save = tmp_path / "game.jsonl"
    assert run(["play", "--text", "--players", "2", "--seed", "3", "--save", str(save)], "1\nq\n").returncode == 0
    before = save.read_bytes()
    again = run(["play", "--text", "--players", "2", "--seed", "4", "--save", str(save)], "1\nq\n")
    assert again.returncode == 2 and save.read_bytes() == before
    assert f"`soe resume {save}` goes on with it" in again.stderr and "Traceback" not in again.stderr
    assert len(again.stderr.strip().splitlines()) == 1 and again.stdout == ""
    signed = tmp_path / "net.jsonl"
    signed.write_bytes(b'{"at":0,"author":"ab","body":{},"sig":"cd"}\n')
    res = run(["play", "--text", "--save", str(signed)], "q\n")
    assert res.returncode == 2 and "network game's log" in res.stderr and signed.read_bytes().count(b"\n") == 1
    other = tmp_path / "notes.txt"
    other.write_text("mine\n", encoding="utf-8")
    res = run(["play", "--text", "--save", str(other)], "q\n")
    assert res.returncode == 2 and "never writes over a file" in res.stderr and other.read_text() == "mine\n"
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert run(["play", "--text", "--players", "2", "--save", str(empty)], "q\n").returncode == 0  # an empty file is fine
    assert read_local(empty)[0]["kind"] == "soe-local-game"


def test_a_finished_game_is_not_offered_for_resuming(tmp_path: Path) -> None:
    from game.client.saves import SaveError, SaveFile

    save = tmp_path / "done.jsonl"
    header = {"kind": "soe-local-game", "powers": ["great_britain", "france"], "seat": 0, "bots": "greedy", "seed": 1}
    save.write_text(json.dumps(header) + "\n", encoding="utf-8")
    try:
        SaveFile(save, new=True)
    except SaveError as exc:
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
    res = run(["play", "--text", *args, "--save", str(save)], "1\nq\n")
    assert res.returncode == 2 and res.stderr.startswith(f"soe play: {says}") and len(res.stderr.splitlines()) == 1
    assert "Traceback" not in res.stderr and "computer player" not in res.stdout and not save.exists()


def test_a_directory_as_save_is_refused(tmp_path: Path) -> None:
    res = run(["play", "--text", "--save", str(tmp_path)], "q\n")
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert res.stderr.strip() == f"soe play: {tmp_path} is a directory; give the name of a file to save the game in"


def test_demo_with_too_many_players_says_why(tmp_path: Path) -> None:
    res = run(["demo", "--players", "9", "--out", str(tmp_path / "demo")], "")
    assert res.returncode == 2 and res.stderr.strip() == "soe demo: a game has 2 to 7 players, not 9"
    assert not (tmp_path / "demo").exists()


def test_a_save_in_use_is_locked_against_a_second_process(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    assert run(["play", "--text", "--players", "2", "--seed", "2", "--save", str(save)], "q\n").returncode == 0
    first = subprocess.Popen([sys.executable, "-m", "game.cli", "resume", "--text", str(save)], stdin=subprocess.PIPE,
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
    res = run(["play", "--text", "--players", "2", "--seed", "8", "--save", str(save)], "\u00b2\n99\n1 2 3\n1 4\nh\nt\nq\n")
    assert res.stdout.count("Type a number from 1 to ") == 3 and "Traceback" not in res.stderr  # bad keys: a hint
    assert "Line 1 takes no amount: type 1 alone." in res.stdout
    assert res.returncode == 0 and "take back your last choice" in res.stdout and read_local(save)[0]["seed"] == 8
    # the tile list: costs, timing, effects and what is left
    assert "War Office (4 gold; once per war): a free action: one attack that is not an action and costs no gold; " \
        "1 of 1 left" in res.stdout
    assert "Industry (2 unrest; when taken): when taken: 3 VP" in res.stdout
    counted = tmp_path / "counted.jsonl"  # --bots N: that many computer players, as strong as --level
    res = run(["play", "--text", "--bots", "2", "--level", "easy", "--seed", "8", "--save", str(counted)], "q\n")
    assert res.returncode == 0 and "against 2 easy computer players" in res.stdout
    assert read_local(counted)[0]["bots"] == "easy" and len(read_local(counted)[0]["powers"]) == 3


# --------------------------------------------------------------------------- playing in the terminal
def drive(tmp_path: Path, answer: Any, players: int = 3, seed: int = 5) -> tuple[int, list[str], Path]:
    """Play a game in this process, answering each prompt with ``answer(transcript)``
    (None leaves the game) as a player at the keyboard would."""
    from game.cli.textplay import play_text

    out: list[str] = []
    save = tmp_path / "g.jsonl"

    def input_fn(prompt: str) -> str:
        out.append(prompt)
        reply = answer(out)
        if reply is None:
            raise EOFError
        out.append(f"<{reply}>")
        return str(reply)

    rc = play_text(players, "", "greedy", seed, input_fn=input_fn, print_fn=out.append, log=save)
    return rc, out, save


def shown_menu(out: list[str]) -> tuple[str, list[str]]:
    """The last prompt shown and its menu lines."""
    start = max(i for i, line in enumerate(out) if line.startswith("\n"))
    lines = []
    for line in out[start + 1:]:
        if line == "> ":
            break
        lines.extend(line.splitlines())
    return out[start].strip(), lines


def number_of(lines: list[str], text: str) -> int:
    for line in lines:
        for cell in re.split(r"\s{2,}(?=\d+\. )", line.strip()):
            if text in cell:
                return int(cell.split(".")[0])
    raise AssertionError(f"{text!r} is not in the menu: {lines}")


def simple(out: list[str]) -> str:
    """The first line of any menu (the lowest amount when it asks for one); an attack
    chosen is confirmed."""
    if out[-1].startswith("Confirm: "):
        return "y"
    _, lines = shown_menu(out)
    first = next(line for line in lines if line.lstrip().startswith("1. "))
    m = re.match(r"\s*1\. [^.]*type the amount, (\d+) to", first)
    return f"1 {m.group(1)}" if m else "1"


def test_a_bid_is_typed_as_an_amount_and_the_proposal_names_boxes_a_and_b(tmp_path: Path) -> None:
    """Issue 8 item 13: the bid typed is the bid made (the menu was off by one)."""
    seen: dict[str, Any] = {}

    def answer(out: list[str]) -> str | None:
        if out[-1].startswith("Amount ("):
            return str(seen["bid"])
        prompt, lines = shown_menu(out)
        if "bid" in seen:
            if "proposal" not in prompt:
                return None
            seen["proposal"] = lines
            return str(number_of(lines, "France in box A (alliance A) and Spain in box B (alliance B)"))
        amount = [x for x in lines if "bid: type the amount" in x]
        if not amount:
            return simple(out)
        found = re.search(r"(\d+) to (\d+) gold \(you have 10;", amount[0])
        assert found is not None, amount
        lo, hi = int(found[1]), int(found[2])
        assert hi > lo + 3
        seen["bid"] = lo + 3
        return str(number_of(lines, "bid: type the amount"))  # then the amount, when asked

    rc, out, save = drive(tmp_path, answer)
    assert rc == 0 and "proposal" in seen
    _, inputs = read_local(save)
    mine = [i.choice for i in inputs if isinstance(i, Act) and i.seat == 0]
    assert mine[-2:] == [C("bid", seen["bid"]), C("propose", "france", "spain")]
    assert f"Great Britain bids {seen['bid']}: France in box A, Spain in box B" in "\n".join(out)


def test_the_state_screen_tells_what_a_player_needs_and_the_menu_comes_back(tmp_path: Path) -> None:
    """Issue 8 item 13: supply, neutral strengths, area VP values, play order, rounds left, the
    auction; and the list of choices is shown again after s."""
    screens: list[tuple[str, list[str]]] = []

    def answer(out: list[str]) -> str | None:
        prompt, lines = shown_menu(out)
        if ("raise above" in prompt or "choose action 1" in prompt) and len(screens) < 2 and out[-2] != "<s>":
            if not screens or "choose action 1" in prompt:
                screens.append((prompt, lines))
                return "s"
        if len(screens) == 2 and "choose action 1" in prompt:
            return None
        return simple(out)

    rc, out, _ = drive(tmp_path, answer)
    assert rc == 0 and len(screens) == 2
    text = "\n".join(out)
    auction, action = (text.split("<s>")[k + 1].split("> ")[0] for k in range(2))
    assert "Auction: high bid" in auction and "in box A (alliance A)" in auction
    assert "War 1 of 3, round 1 of 6; 2 more wars after this" in action
    assert re.search(r"Play order: 1\. \w+", action) and "(you)" in action
    assert re.search(r"in supply: \d+ armies, \d+ fleets, \d+ forts, \d+ control markers", action)
    assert "German States (Europe, 8/5/3 VP)" in action and re.search(r"\(strength \d", action)
    for (prompt, lines), screen in zip(screens, (auction, action), strict=True):
        # after the state screen, the same prompt and every line of its menu are shown again
        assert screen.rstrip().endswith("\n".join([prompt, *lines]).rstrip())


def test_undo_takes_back_a_choice_but_never_dice(tmp_path: Path) -> None:
    """Issue 8 item 13: a local game has undo (network play has `u`), back to the last chance."""
    from game.client.saves import read_save as read

    seen: dict[str, Any] = {}

    def answer(out: list[str]) -> str | None:
        prompt, lines = shown_menu(out)
        if "nothing" not in seen:
            seen["nothing"] = True
            return "u"  # the game's first decision comes after the draws: nothing to take back
        if "choose action 1" in prompt and "first" not in seen:
            seen["first"] = (prompt, lines)
            return str(number_of(lines, "pass"))
        if "choose action 2" in prompt and "undone" not in seen:
            seen["undone"] = True
            return "u"
        if "undone" in seen:
            seen["after"] = (prompt, lines)
            return None
        return simple(out)

    rc, out, save = drive(tmp_path, answer)
    text = "\n".join(out)
    assert rc == 0 and "Nothing to take back" in text
    assert "Taken back: pass" in text and seen["after"] == seen["first"]
    header, inputs = read(save)
    lines = save.read_bytes().splitlines()
    assert lines[-2:] == [b'{"choice":["pass"],"seat":0}', b'{"undo":1}'] and len(inputs) == len(lines) - 3
    # the save resumes to the very state the player returned to
    res = run(["resume", str(save)], "s\nq\n")
    assert res.returncode == 0 and seen["first"][0] in res.stdout


def test_battle_lines_show_how_each_total_was_reached() -> None:
    """Issue 8 item 13: each battle's total is its strength plus the difference of its dice."""
    import random

    from game.bots import make_bot
    from game.client.words.battle import Tracker, units_before
    from game.rules import Roll, apply_in_place, event_dicts, legal, pending

    st = new_game(4)
    rng, bots, track, lines = random.Random(2), [make_bot("greedy", s) for s in range(4)], Tracker(), []
    while not pending(st).is_over:
        p = pending(st)
        inp = Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)) if p.chance else \
            Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat)))
        before = units_before(st, inp, 0)
        lines += track.feed(st, event_dicts(apply_in_place(st, inp), 0), before)
    battles = [x for x in lines if re.match(r"(The )?\w.* (wins?|is a tie)", x) and "battle" in x]
    assert len(battles) > 10
    itemised = 0
    for line in battles:
        head, *rows = line.split("\n")
        totals = [int(x) for x in re.findall(r"(\d+) to (\d+)", head)[0]]
        assert len(rows) == 2, line
        parts = [re.search(r": (\d+) = strength (-?\d+)(?: \(.*\))? \+ dice (\d) and (\d) \(difference (\d)\)", r) for r in rows]
        assert all(parts), line
        for m in parts:
            assert m is not None and int(m[1]) == int(m[2]) + abs(int(m[3]) - int(m[4])) == int(m[2]) + int(m[5])
        assert sorted(int(m[1]) for m in parts if m) == sorted(totals)
        for row in rows:  # where the parts of a strength are listed, they add up to it
            listed = re.search(r"= strength (\d+) \((.*)\) \+ dice", row)
            if listed:
                itemised += 1
                assert int(listed[1]) == sum(part_value(x) for x in listed[2].split(", ")), row
    assert itemised > len(battles)  # most sides of a battle list what their strength is made of


def part_value(part: str) -> int:
    """2 armies -> 2, no army -> 0, Austria's 1 army -> 1, naval support (+1) -> 1, 1 fort (+2 each) -> 2."""
    each = re.search(r"^(\d+) forts? \(\+(\d+) each\)$", part)
    if each:
        return int(each[1]) * int(each[2])
    plus = re.search(r"\(\+(\d+)", part)
    if plus:
        return int(plus[1])
    if part.startswith("no "):
        return 0
    return int(re.search(r"(\d+) (army|armies|fleet|fleets)$", part)[1])  # type: ignore[index]


def test_a_run_of_amounts_of_any_kind_is_one_line() -> None:
    """Choices that differ only in a final amount (bids, and any new kind the rules add, such
    as an offer of gold) are one line with their range; every other choice keeps its line."""
    from game.client.words.choices import menu

    st = new_game(3)
    options = [C("pass"), *(C("pay", "france", g) for g in range(0, 6)), C("help", "none")]
    entries = menu(st, 0, options)
    assert [e.label for e in entries] == ["pass", "pay France: type the amount, 0 to 5", "do not help"]
    assert entries[1].choices == options[1:7] and (entries[1].lo, entries[1].hi) == (0, 5)
    units = [C("send", a, f) for a in range(3) for f in range(3)]  # several numbers: each choice keeps its line
    assert [e.choices for e in menu(st, 0, units)] == [[c] for c in units]
    offer = menu(st, 0, [C("offer", "spain", g) for g in range(0, 23)])  # asking an ally for help (R-CMB-9)
    assert [e.label for e in offer] == ["offer Spain gold for its help: type the amount, 0 to 22 (paid only if it "
                                        "helps; you have 10; 0 offers nothing)"]


def test_a_whole_game_is_played_to_the_end_in_the_terminal(tmp_path: Path) -> None:
    """Every decision of a whole game is offered and read back from the keyboard; the auction
    under way is shown with each bid and proposal."""
    rc, out, save = drive(tmp_path, simple, players=3, seed=12)
    text = "\n".join(out)
    assert rc == 0 and "\nFinal scores: " in text and "Type a number from" not in text
    assert re.search(r"raise above \d+ or pass .*\n  \[war 1 of 3; you: .*\]\n  Auction: high bid \d+ gold by", text)
    header, inputs = read_local(save)
    st = new_game(header["powers"])
    from game.rules import apply_in_place, pending

    for inp in inputs:
        apply_in_place(st, inp)
    assert pending(st).is_over


def test_a_resumed_game_can_take_back_choices_made_before_it_was_left(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    assert run(["play", "--text", "--players", "2", "--seed", "6", "--save", str(save)], "1\n1\nq\n").returncode == 0
    _, inputs = read_local(save)
    assert sum(1 for i in inputs if isinstance(i, Act) and i.seat == 0) == 2  # two placements, no dice between
    res = run(["resume", str(save)], "u\nq\n")
    assert res.returncode == 0 and "Taken back: place an army in German States" in res.stdout
    _, after = read_local(save)
    assert sum(1 for i in after if isinstance(i, Act) and i.seat == 0) == 1 and after == inputs[:len(after)]


@pytest.mark.rule("R-VP-1")
def test_the_state_screen_says_what_each_area_would_score_now() -> None:
    """The 002 example: German States 8/5/3 with 3, 3, 2 and 1 markers score 8, 8, 5 and 3."""
    from game.cli.screens import status

    st = new_game(["great_britain", "france", "austria", "spain", "prussia"])
    st.markers["german_states"] = [3, 3, 2, 1, 0]
    line = next(x for x in status(st, 0).splitlines() if x.strip().startswith("German States"))
    assert "would score now: Great Britain 8, France 8, Austria 5, Spain 3" in line and "Prussia" not in line


def test_an_attack_shows_its_chance_to_win_and_is_sent_only_when_confirmed(tmp_path: Path) -> None:
    """Choosing an attack prints its exact chance to win (as the window's Confirm shows it)
    and asks to confirm: n goes back to the same list with nothing sent, y sends it."""
    seen: dict[str, Any] = {}

    def cells(lines: list[str]) -> list[str]:
        return [c for line in lines for c in re.split(r"\s{2,}(?=\d+\. )", line.strip()) if re.match(r"\d+\. ", c)]

    def answer(out: list[str]) -> str | None:
        phase = seen.setdefault("phase", 0)
        if phase in (2, 4):  # asked to confirm
            seen[f"asked{phase}"] = out[-1]
            seen[f"odds{phase}"] = out[seen["chose"]:-1]
            seen["phase"] += 1
            return "n" if phase == 2 else "y"
        prompt, lines = shown_menu(out)
        if phase == 0:
            bare = [c for c in cells(lines) if c.split(". ", 1)[1] == "attack"]
            if "choose action" in prompt and bare:
                seen["phase"] = 1
                return bare[0].split(".")[0]
            return simple(out)
        if phase in (1, 3):
            targets = [c for c in cells(lines) if c.split(". ", 1)[1].startswith("attack ")]
            assert targets, (prompt, lines)
            if phase == 3:
                assert (prompt, lines) == seen["menu"]  # back to the same list: nothing was sent
            seen["menu"], seen["target"] = (prompt, lines), targets[0].split(". ", 1)[1]
            seen["chose"], seen["phase"] = len(out) + 1, phase + 1
            return targets[0].split(".")[0]
        return None

    rc, out, save = drive(tmp_path, answer)
    assert rc == 0 and seen["phase"] == 5, seen
    for k in (2, 4):
        assert seen[f"asked{k}"] == f"Confirm: {seen['target']}? y = yes, n = no (back to the list of choices) "
        odds = "\n".join(seen[f"odds{k}"])
        assert re.search(r": Chance to win: \d+% if nobody helps", odds), odds
        assert "exact over every dice outcome" in odds
    assert "Counting the chance to win" in "\n".join(seen["odds2"])  # counted once, then kept
    assert "Counting the chance to win" not in "\n".join(seen["odds4"])
    _, inputs = read_local(save)
    attacks = [i.choice for i in inputs if isinstance(i, Act) and i.seat == 0 and i.choice.kind == "attack"
               and len(i.choice.args) == 3]
    assert len(attacks) == 1  # the one confirmed; the one answered with n was never sent


def test_the_steps_that_come_with_a_resumed_history_are_shown() -> None:
    """A game taken up again: the moves that come in the same batch as the position it was
    left at (the computer players going on at once) are shown, not lost."""
    from game.cli.terminal import PromptKeys, Terminal
    from game.client.tables import StaticTable, Step

    st = new_game(3)
    moved = st.clone()
    event = {"kind": "war", "war": 1, "text": "War 1 begins"}
    table = StaticTable([Step(st, [], -1, history=True), Step(st, [], -1), Step(moved, [event], -1)])
    out: list[str] = []
    term = Terminal(table, Path("g.jsonl"), PromptKeys(lambda _p: "q"), out.append)
    assert term.history() is st
    term.pump(0)
    assert out == ["  - War 1 begins"] and term.state is moved
