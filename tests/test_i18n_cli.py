"""The command line in Italian: `soe verify`'s report (its verdict and every reason), the
terminal game's screens, the help of every command (argparse's own words too), `--lang`
against the environment, and a catalog that misses none of the command line's messages.
English stays as it was."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.client.words.lang import speaking

ROOT = Path(__file__).resolve().parents[1]
MINE = ("game/cli/", "game/client/words/verdict.py")
NOT_YET = ("game/cli/terminal.py", "game/cli/network/running.py")  # their words are translated with their changes


def soe(args: list[str], stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game.cli", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env=env)


def clean_env(tmp: Path, **extra: str) -> dict[str, str]:
    """The environment with no language of its own and settings of a fresh user."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(HOME=str(tmp), XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "data"), **extra)
    return env


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished, fair 3-player game log of `soe selfplay --log`."""
    log = tmp_path_factory.mktemp("log") / "game.jsonl"
    res = soe(["selfplay", "--players", "3", "--seed", "1", "--log", str(log)])
    assert res.returncode == 0, res.stderr
    return log


# --------------------------------------------------------------------------- soe verify
def test_verify_says_its_report_in_the_language_asked_for(game_log: Path) -> None:
    it = soe(["verify", str(game_log), "--lang", "it"])
    en = soe(["verify", str(game_log), "--lang", "en"])
    assert it.returncode == en.returncode == 0, it.stderr + en.stderr
    assert it.stdout.rstrip().endswith("\nregolare") and en.stdout.rstrip().endswith("\nfair")
    assert re.search(r": \d+ messaggi accettati \(partita [0-9a-f]+\)", it.stdout)
    for words in ("giocatori:", "eventi casuali: ", "dadi (numero, totale; un dado onesto fa in media 3,5):",
                  "facce 1-6: ", "punteggi finali: ", "hash dello stato finale: ", "catene di hash lunghe"):
        assert words in it.stdout, words
    assert re.search(r"  posto 0 \w+ +'.*' +chiave [0-9a-z-]+ \([0-9a-f]{16}\.\.\.\) giocato, \d+ messaggi", it.stdout)
    for words in ("messages accepted", "players:", "chance events", "dice", "final scores", "played,"):
        assert words not in it.stdout, words
    assert "messages accepted (game " in en.stdout and "a fair die averages 3.5" in en.stdout
    json_it, json_en = soe(["verify", str(game_log), "--json", "--lang", "it"]), soe(["verify", str(game_log), "--json"])
    same = [{k: v for k, v in json.loads(r.stdout).items() if k != "elapsed_us"} for r in (json_it, json_en)]
    assert same[0] == same[1]  # the JSON report is the same in every language


def test_an_incomplete_and_a_broken_log_are_said_in_italian(game_log: Path, tmp_path: Path) -> None:
    lines = game_log.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:-5]))
    it, en = soe(["verify", str(cut), "--lang", "it"]), soe(["verify", str(cut), "--lang", "en"])
    assert it.returncode == en.returncode == 1
    assert it.stdout.rstrip().endswith("INCOMPLETA") and en.stdout.rstrip().endswith("INCOMPLETE")
    assert re.search(r"riga \d+: incomplete: la partita non è finita: dopo l’ultima riga attende posto \d \(\w+\)",
                     it.stdout), it.stdout
    assert re.search(r"line \d+: incomplete: the game is not finished: after the last line it waits for seat \d "
                     r"\((reveal|commit|choice|open|end)\)", en.stdout), en.stdout
    broken = tmp_path / "broken.jsonl"
    bad = lines[3].replace(b'"sig":"', b'"sig":"00', 1)
    broken.write_bytes(b"".join([*lines[:3], bad, *lines[4:]]))
    it, en = soe(["verify", str(broken), "--lang", "it"]), soe(["verify", str(broken), "--lang", "en"])
    assert it.stdout.rstrip().endswith("FALLITA") and en.stdout.rstrip().endswith("FAILED")
    code = re.search(r"line 4: (\w+): ", en.stdout)
    assert code, en.stdout
    from game.client.words import verdict

    with speaking("it"):
        said = verdict.reason(code.group(1))
    assert f"riga 4: {code.group(1)}: {said}" in it.stdout


def test_a_contested_game_gives_each_reason_in_italian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A seat that withheld its last reveal and was dropped: the report names it in both
    languages, the English word for word as the verifier's own sentence."""
    from game.cli.verify import format_report, run
    from net.verify import verify_file
    from tests.net.netkit import Game

    g = Game(3)
    g.sessions[2].suppress = frozenset({"reveal"})
    g.play_until(lambda g: g.referee.chance_round() > 0 and len(g.referee.reveals) == 2)
    g.now += 20_000
    assert g.sessions[0].drop_overdue(g.now).ok and g.sessions[1].drop_overdue(g.now).ok
    g.auto = {0, 1}
    g.finish()
    log = tmp_path / "g.jsonl"
    log.write_bytes(b"".join(e.env.raw + b"\n" for e in g.t.entries))
    rep = verify_file(log)
    assert rep.status == "contested" and [r["code"] for r in rep.reasons] == ["withheld_last"]
    english = format_report(rep)
    assert f"contested:\n  {rep.contested[0]}\n" in english  # net's sentence, word for word
    power = rep.reasons[0]["powers"][0]
    with speaking("it"):
        assert run(str(log), False) == 1
    out = capsys.readouterr().out
    assert out.rstrip().endswith("CONTESTATA") and "\ncontestazioni:\n" in out
    assert re.search(rf"riga \d+: {power} ha negato la sua rivelazione per l’evento casuale \d+ quando tutte le altre "
                     r"erano arrivate, ed è stata esclusa", out), out
    assert re.search(rf"riga \d+: {power} esclusa per aver trattenuto \(rivelazione\); esclusione firmata dai posti \[0, 1\]",
                     out), out


@pytest.mark.parametrize("reason, english, italian", [
    ({"code": "dropped", "line": 7, "powers": ["spain"], "withheld": ["commit", "reveal"]},
     "line 7: spain dropped for withholding (commit, reveal); a bot played the seat from there",
     "riga 7: spain esclusa per aver trattenuto (impegno, rivelazione); da lì un bot ha giocato il suo posto"),
    ({"code": "unwitnessed", "count": 1, "first": 40, "last": 40},
     "1 chance event (of 40..40) was fed by fewer than two players' hash chains: the player left knew those dice "
     "before anyone else, so they are unwitnessed",
     "1 evento casuale (tra 40 e 40) è stato alimentato da meno di due catene di hash di giocatori"),
    ({"code": "unwitnessed", "count": 3, "first": 38, "last": 40},
     "3 chance events (of 38..40) were fed by fewer than two players' hash chains: the player left knew those dice "
     "before anyone else, so they are unwitnessed",
     "3 eventi casuali (tra 38 e 40) sono stati alimentati da meno di due catene di hash di giocatori"),
    ({"code": "equivocation", "line": 2, "power": "france", "seat": 1, "seq": 9},
     "evidence line 2: france (seat 1) signed two different messages with seq 9",
     "prova alla riga 2: france (posto 1) ha firmato due messaggi diversi con seq 9"),
    ({"code": "state", "line": 1, "power": "france", "seat": 1, "seq": 4, "state": "ab" * 32, "at": 1,
      "expected": "cd" * 32},
     "evidence line 1: france (seat 1) signed state abababababababab for position 1, where the game's state was "
     "cdcdcdcdcdcdcdcd (message seq 4, refused by the peer that kept it)",
     "prova alla riga 1: france (posto 1) ha firmato lo stato abababababababab per la posizione 1, dove lo stato "
     "della partita era cdcdcdcdcdcdcdcd"),
])
def test_every_kind_of_contested_reason_has_its_words(reason: dict[str, object], english: str, italian: str) -> None:
    from game.client.words.verdict import contested

    assert contested(reason) == english
    with speaking("it"):
        assert contested(reason).startswith(italian), contested(reason)


def test_every_reason_code_of_net_has_its_sentence_in_both_languages(italian: None) -> None:
    from game.client.words.verdict import REASON_WORDS, reason
    from net.core.reasons import REASONS

    assert dict(REASON_WORDS) == dict(REASONS)  # the English is net's own, and no code is left out
    said = {code: reason(code) for code in REASONS}
    assert all(said[c] != REASONS[c] for c in REASONS), [c for c in REASONS if said[c] == REASONS[c]]


# --------------------------------------------------------------------------- the terminal game
def test_the_terminal_game_shows_its_screens_and_menu_in_italian(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    res = soe(["play", "--text", "--lang", "it", "--players", "3", "--seed", "5", "--save", str(save)], "s\nt\n1\nq\n")
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "Giochi con Gran Bretagna contro 2 giocatori del computer (greedy; seme 5)." in out
    assert "Gran Bretagna: piazza l’unità iniziale 1 di 5 (R-SET-5)" in out  # the prompt
    assert "  [Guerra 1 di 3; tu: oro 10, Popolazione 5, PV 0, Insoddisfazione 0]" in out  # the brief line
    assert re.search(r"^  1\. piazza un’armata negli Stati Tedeschi", out, re.M)  # the menu
    assert "Guerra 1 di 3, preparazione; dopo questa ancora 2 Guerre" in out  # the state screen
    assert re.search(r"nella riserva: \d+ armate, \d+ flotte, \d+ forti, \d+ segnalini controllo", out)
    assert "Regioni (PV per chi ha più segnalini controllo" in out and "Potenze:" in out
    assert "Tessere (costo; quando; che cosa fa; rimaste nella riserva):" in out and " Tessere Commercio:" in out
    assert re.search(r"Ministero della Guerra \(4 ori; una volta per Guerra\): .*; ne resta 1 su 1", out)
    for words in ("You play", "War 1 of", "Powers:", "in supply", "Tiles (cost", "left in the stock", "you: gold"):
        assert words not in out, words
    again = soe(["resume", "--text", "--lang", "it", str(save)], "q\n")
    assert again.returncode == 0, again.stderr
    assert re.search(rf"Ripresa {re.escape(str(save))}: \d+ mosse rigiocate; Guerra 1, round \d+\.", again.stdout), \
        again.stdout
    english = soe(["play", "--text", "--lang", "en", "--players", "3", "--seed", "5", "--save",
                   str(tmp_path / "e.jsonl")], "q\n")
    assert "You play Great Britain against 2 greedy computer players (seed 5)." in english.stdout


def test_the_terminal_games_help_is_in_italian(tmp_path: Path) -> None:
    res = soe(["play", "--text", "--lang", "it", "--players", "2", "--seed", "1", "--save", str(tmp_path / "g.jsonl")],
              "h\nq\n")
    assert "Keys (then Enter)" not in res.stdout and "(a number; s = state" not in res.stdout


def test_the_state_and_tile_screens_leave_no_english_in_a_whole_game(italian: None) -> None:
    """Every few steps of a seeded game, each seat's screens in Italian: filled, with no
    English template left."""
    import copy

    from game.cli.screens import auction_line, brief, status, tiles_screen
    from game.cli.selfplay import play_game
    from game.client.words.battle import Tracker
    from game.rules import State, pending

    states: list[State] = []

    def keep(st: State) -> None:
        if st.steps % 23 == 0 or pending(st).kind in ("bid", "propose") and st.steps % 3 == 0:
            states.append(copy.deepcopy(st))

    play_game(4, 7, None, on_step=keep)
    track = Tracker()
    track.high, track.leader, track.box_a, track.box_b, track.passed = 3, "france", "spain", "", ["russia"]
    english = re.compile(r"\b(gold|population|unrest|in supply|armies|fleets|forts|would score|nobody|neutral:|"
                         r"Play order|Alliance A|War \d|round \d+ of|you hold|left|Auction|high bid|empty|box A)\b")
    for st in states:
        for seat in range(4):
            for text in (status(st, seat, track), brief(st, seat), tiles_screen(st, seat), auction_line(st, track)):
                assert text and "{" not in text, text
                found = english.search(text)
                assert found is None, (found.group(0), text)


# --------------------------------------------------------------------------- help and --lang
def test_help_is_in_the_language_asked_for(tmp_path: Path) -> None:
    it = soe(["--lang", "it", "play", "--help"], env=clean_env(tmp_path))
    assert it.returncode == 0, it.stderr
    assert it.stdout.startswith("uso: soe play") and "\nopzioni:\n" in it.stdout
    assert "mostra questo aiuto ed esce" in it.stdout and "numero di giocatori, da 2 a 7 (predefinito 4)" in it.stdout
    assert "gioca nel terminale invece che nella finestra" in it.stdout
    assert "show this help" not in it.stdout and "number of players" not in it.stdout
    top = soe(["--lang=it", "--help"], env=clean_env(tmp_path)).stdout
    assert "Struggle of Empires: gioca, guarda e verifica le partite." in top and "argomenti posizionali" in top
    assert "stampa il resoconto come un solo oggetto JSON" in soe(["verify", "--help", "--lang", "it"],
                                                                  env=clean_env(tmp_path)).stdout
    # the environment's language when no --lang is given, and --lang over it
    env = clean_env(tmp_path, LANGUAGE="it")
    assert "mostra questo aiuto ed esce" in soe(["selfplay", "--help"], env=env).stdout
    assert "show this help message and exit" in soe(["selfplay", "--help", "--lang", "en"], env=env).stdout
    assert "show this help message and exit" in soe(["selfplay", "--help"], env=clean_env(tmp_path)).stdout
    # every other command's help, in one process (each ``soe CMD --help --lang it`` in turn)
    commands = ("host", "join", "spectate", "resume", "lobby", "demo", "arena", "replay", "key", "scenario",
                "screenshot", "bench")
    script = ("import sys\nfrom game.cli.main import main\n"
              f"for command in {commands!r}:\n"
              "    try:\n        main([command, '--help', '--lang', 'it'])\n    except SystemExit:\n        pass\n"
              "    print('\\x00' + command, flush=True)\n")
    res = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env=clean_env(tmp_path))
    assert res.returncode == 0, res.stderr
    outs = res.stdout.split("\x00")
    assert len(outs) == len(commands) + 1, res.stdout
    for command, out in zip(commands, outs, strict=False):
        assert out.startswith(f"uso: soe {command}") or f"\nuso: soe {command}" in out, (command, out)
        assert "\nopzioni:\n" in out and "show this help" not in out and "(default" not in out, (command, out)


def test_argparse_errors_are_in_the_language_asked_for(tmp_path: Path) -> None:
    res = soe(["--lang", "it", "play", "--players", "x"], env=clean_env(tmp_path))
    assert res.returncode == 2
    assert "soe play: errore: argomento --players: valore int non valido: 'x'" in res.stderr, res.stderr
    res = soe(["play", "--players", "x"], env=clean_env(tmp_path))
    assert "soe play: error: argument --players: invalid int value: 'x'" in res.stderr, res.stderr


# --------------------------------------------------------------------------- the catalog
def test_no_message_of_the_command_line_lacks_its_italian() -> None:
    from tools.i18n import problems

    mine = [p for p in problems("it") if p.startswith(MINE) and not p.startswith(NOT_YET)]
    assert not mine, "\n".join(mine)


def test_counts_take_the_italian_form(italian: None) -> None:
    from game.client.words.lang import say_n

    assert say_n("{file}: {n} message accepted", "{file}: {n} messages accepted", 1, file="f") == \
        "f: 1 messaggio accettato"
    assert say_n("{file}: {n} message accepted", "{file}: {n} messages accepted", 2, file="f") == \
        "f: 2 messaggi accettati"
    assert say_n("{n} control marker", "{n} control markers", 1) == "1 segnalino controllo"
    assert say_n("{n} control marker", "{n} control markers", 0) == "0 segnalini controllo"
