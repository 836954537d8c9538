"""The network's news and the terminal game in Italian (game/client/words/peer.py,
game/cli/terminal.py, game/cli/network/running.py, game/client/nettable.py): the terminal
game shows its menu, help, prompts, confirmation and final scores in Italian; every
sentence of a peer's news renders in Italian with its fields filled, none left in English;
a count takes the Italian form for its number; no message of these files lacks its
Italian translation. English stays as it was (the English tests of these files say so)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.network.running import Printer
from game.cli.terminal import confirm_question, help_text, reminder, yes
from game.cli.textplay import play_text
from game.client.words import peer as P
from game.client.words.lang import language, set_language
from game.rules import Choice, new_game
from net.peer.events import Chat, GameEvent, Joined, LobbySeats, Over, Refused, SettingsSeen, StillTrying
from tests.client.test_client_words_peer import EXAMPLES
from tools.i18n import fields, problems

MINE = ("game/client/words/peer.py", "game/cli/terminal.py", "game/cli/network/running.py",
        "game/client/nettable.py", "game/client/words/clocks.py")
# templates made only of their fields and punctuation: the same in every language
ONLY_FIELDS = {"lobby_seat", "chat", "link_who", "final_score"}


def sample(template: str) -> dict[str, str]:
    """A value for each field of ``template``, each one recognisable in the sentence."""
    return {f: f"<{f}>" for f in fields(template)}


def test_no_message_of_these_files_lacks_its_italian() -> None:
    found = [p for p in problems("it") if p.split(":", 1)[0] in MINE]
    assert not found, "\n".join(found)


def test_every_template_of_a_peer_renders_in_italian(italian: None) -> None:
    """Each sentence fills every field, leaves no brace, and is not the English one."""
    for key, template in P.TEMPLATES.items():
        values = sample(template)
        it = P._t(key, **values)
        set_language("en")
        en = P._t(key, **values)
        set_language("it")
        assert "{" not in it and all(v in it for v in values.values()), (key, it)
        if key not in ONLY_FIELDS:
            assert it != en, (key, it)


COUNT_FIELDS = {"joined_wait": ("name", "power"), "left_wait": ("name", "power"), "seated_wait": ("power",),
                "so_far_unwitnessed": (), "log_repaired": ("kept",), "winner": ("winners",),
                "final_state": ("state", "log")}


@pytest.mark.parametrize("n", [1, 2, 5])
def test_every_counted_sentence_takes_the_italian_form_for_its_number(italian: None, n: int) -> None:
    assert set(COUNT_FIELDS) == set(P.COUNTED)
    for key, names in COUNT_FIELDS.items():
        values = {f: f"<{f}>" for f in names}
        it = P._count(key, n, **values)
        set_language("en")
        en = P._count(key, n, **values)
        set_language("it")
        assert "{" not in it and all(v in it for v in values.values()) and it != en, (key, it)
        if key != "winner":
            assert str(n) in it, (key, it)
    assert P._count("joined_wait", 1, name="south", power="Francia").endswith("in attesa di 1 altro giocatore")
    assert P._count("joined_wait", 3, name="south", power="Francia").endswith("in attesa di altri 3 giocatori")
    assert P._count("winner", 1, winners="Francia") == "Vincitore: Francia"
    assert P._count("winner", 2, winners="Francia e Spagna") == "Vincitori: Francia e Spagna"
    assert P._count("final_state", 1, state="ee", log="/g") == "Stato ee; 1 messaggio in /g"


def test_every_event_of_a_peer_in_italian(italian: None) -> None:
    """The English test's example of each event, said in Italian: no brace left, powers by
    their Italian names, nothing in English but what the event carries as it is (a game
    line, a chat line)."""
    for e in EXAMPLES:
        it = P.sentence(e)
        set_language("en")
        en = P.sentence(e)
        set_language("it")
        assert it and "{" not in it, (e, it)
        if not isinstance(e, GameEvent | Chat):
            assert it != en, (e, it)
        assert "Great Britain" not in it and "France" not in it, (e, it)


def test_the_lobby_and_the_end_in_italian(italian: None) -> None:
    assert P.sentence(Joined("south", "united_provinces", 2)) == (
        "south entra e gioca Province Unite; in attesa di altri 2 giocatori")
    assert P.sentence(LobbySeats((("great_britain", "ann"), ("france", "")))) == (
        "sala d’attesa: Gran Bretagna: ann, Francia: libero")
    assert "0,5 s" in P.sentence(SettingsSeen(500, 3))  # the Italian decimal mark
    assert P.sentence(SettingsSeen(120_000, 4096, 900_000, 15_000)).startswith(
        "la partita di chi ospita: 15 min a testa + 15 s a turno; un posto silenzioso")
    assert P.sentence(SettingsSeen(120_000, 4096, 0, 0)).startswith("la partita di chi ospita: nessun orologio di gioco")
    assert P.sentence(StillTrying(2000, 1500, ())) == "si riprova ancora (2 s su 1,5): nessun nodo da chiamare"
    over = Over({"messages": 412, "state_hash": "ee", "outcome": {"scores": {"france": 3, "spain": 1},
                                                                   "winners": ["france", "spain"]}}, "/g.jsonl")
    assert P.sentence(over) == ("Punteggi finali: Francia 3, Spagna 1\nVincitori: Francia e Spagna\n"
                                "Stato ee; 412 messaggi in /g.jsonl")
    assert P.power_name("great_britain") == "Gran Bretagna" and P.power_name("some_power") == "Some Power"
    status, reasons = P.so_far([("spain", "south", ("reveal",), False, 4)], 1)
    assert status == "contested" and reasons == [
        "Spagna (south) è stata esclusa per aver trattenuto (una rivelazione)",
        "1 evento casuale è stato alimentato da meno di due catene di hash di giocatori: chi era rimasto conosceva "
        "quel tiro per primo"]


def test_a_network_terminals_words_in_italian(italian: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert Printer("join", False)(Refused("full"))
    assert capsys.readouterr().err == "soe join: la partita è al completo; `soe spectate` per guardarla\n"
    assert help_text(True).startswith("Tasti (poi Invio):") and "  c TESTO    scrivi TESTO" in help_text(True)
    assert all(line[:13].strip() == "" or line.startswith("  ") for line in help_text(True).splitlines()[1:])
    assert reminder(True).startswith("(un numero; s = stato")
    assert yes("s") and yes("sì") and yes("y") and not yes("n")
    set_language("en")
    assert not yes("s") and yes("y")  # in English s is the state screen, never a yes
    set_language("it")
    st = new_game(["great_britain", "france"])
    assert confirm_question(st, 0, Choice("attack", ("india", "army", "france"))).startswith("Confermi: ")


def test_a_language_test_leaves_english_in_use(italian: None) -> None:
    assert language() == "it"


def test_english_is_in_use_after_an_italian_test() -> None:
    assert language() == "en"


# --------------------------------------------------------------------------- the terminal game
def test_the_terminal_game_shows_its_menu_and_help_in_italian(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    res = subprocess.run([sys.executable, "-m", "game.cli", "play", "--text", "--lang", "it", "--players", "2",
                          "--seed", "8", "--save", str(save)], input="h\n99\n1 2 3\n2 5\nq\n", capture_output=True,
                         text=True, timeout=120)
    out = res.stdout
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    assert "Scrivi un numero per scegliere; h per l’aiuto" in out
    assert "(un numero; s = stato, t = tessere, u = annulla, h = aiuto, q = esci)" in out  # under the menu
    assert "Tasti (poi Invio):" in out and "  h o ?      questo aiuto" in out  # the help
    assert out.count("Scrivi un numero da 1 a ") == 2  # 99 and "1 2 3"
    assert "La riga 2 non vuole una cifra: scrivi solo 2." in out
    assert f"Partita lasciata; `soe resume {save}` la continua." in out
    for english in ("Type a number", "Keys (then Enter)", "(a number;", "Game left", "takes no amount"):
        assert english not in out


def test_a_whole_game_in_italian_ends_with_the_final_scores(tmp_path: Path, italian: None) -> None:
    """Every decision answered by its first line (an amount by its lowest, an attack
    confirmed with s): the Italian prompts are understood, and the game ends with its
    scores in Italian."""
    out: list[str] = []
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) > 3000:
            raise EOFError
        if prompt.startswith("Cifra (da "):
            return prompt.split()[2]
        if prompt.startswith("Confermi: "):
            assert prompt.endswith("? s = sì, n = no (torna all’elenco delle scelte) ")
            return "s"
        return "1"

    rc = play_text(3, "", "greedy", 12, input_fn=answer, print_fn=out.append, log=tmp_path / "g.jsonl")
    text = "\n".join(out)
    assert rc == 0 and "\nPunteggi finali: " in text and "Final scores" not in text
    last = text.rsplit("\nPunteggi finali: ", 1)[1]
    assert "Gran Bretagna " in last and "Great Britain" not in last
    assert any(p.startswith("Cifra (da ") for p in asked)  # the bids were typed as amounts
