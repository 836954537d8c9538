"""Every refusal is said in Italian as well as in English (game/client/words/refusals*.py,
catalog game/client/words/locale/it/refusals.po): the refusals of whole games, of the
rule tests and of the focused positions of tests/client/test_words_refusals.py, one or
more of every key the engine uses, each said in both languages without a formatting
error, the Italian another sentence than the English and the rule id the same; no
message of the refusal words lacks its Italian; a few sentences checked word by word."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.client.words.lang import language, speaking
from game.client.words.names import Names
from game.client.words.refusals import choice_phrase, choice_word, refusal_line, refusal_sentence
from game.rules import C, RulesError
from game.rules.board import Board, load_board
from tests.client.test_words_refusals import (
    UNREACHABLE,
    _data_errors,
    _input_errors,
    _phase_refusals,
    engine_refusal_keys,
    rule_test_refusals,
)
from tools.i18n import problems

from .wordplay import played

BOARD = load_board("standard")
GB, FR = "great_britain", "france"
FILES = ("game/client/words/refusals.py", "game/client/words/refusals_forces.py",
         "game/client/words/refusals_rules.py")
CATALOG = Path(__file__).resolve().parents[2] / "game" / "client" / "words" / "locale" / "it" / "refusals.po"
PER_KEY = 12  # refusals of one key said in both languages (those of whole games number thousands)


@pytest.fixture(scope="module")
def refusals(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[RulesError, Board]]:
    """Refusals of every key the engine uses, each with the board it is said with: up to
    PER_KEY of each key met in whole games, the rule tests and the focused positions, and
    the one no position reaches made by hand."""
    tmp = tmp_path_factory.mktemp("components")
    found = [(e, BOARD) for e in played().refusals + rule_test_refusals() + _input_errors() + _data_errors(tmp)]
    found += _phase_refusals(tmp)
    found += [(RulesError("Only one player is unallied: the proposal holds that single marker", "R-ALL-4", key), BOARD)
              for key in UNREACHABLE]
    out: list[tuple[RulesError, Board]] = []
    count: dict[str, int] = {}
    for err, board in found:
        if count.get(err.key, 0) < PER_KEY:
            count[err.key] = count.get(err.key, 0) + 1
            out.append((err, board))
    return out


def test_every_refusal_key_is_said_in_english_and_in_italian(refusals: list[tuple[RulesError, Board]]) -> None:
    assert {e.key for e, _ in refusals} == engine_refusal_keys()
    english = [(refusal_sentence(e, b), refusal_line(e, b)) for e, b in refusals]
    with speaking("it"):
        italian = [(refusal_sentence(e, b), refusal_line(e, b)) for e, b in refusals]
    for (err, _), (en, en_line), (it, it_line) in zip(refusals, english, italian, strict=True):
        where = (err.key, err.fields)
        assert en == err.message and en_line == str(err), where
        assert it and it != en, where
        assert (it.count("{"), it.count("}")) == (en.count("{"), en.count("}")), where  # every placeholder filled
        if err.rule:
            assert en_line == f"{en} ({err.rule})", where
            assert it_line == f"{it} ({err.rule})", where  # the rule id as it is
        else:
            assert it_line == it, where


def test_the_language_chosen_takes_effect_at_once(refusals: list[tuple[RulesError, Board]]) -> None:
    err, board = next((e, b) for e, b in refusals if e.key == "move.no_unit_there")
    en = refusal_line(err, board)
    with speaking("it"):
        assert language() == "it"
        it = refusal_line(err, board)
    assert it != en and refusal_line(err, board) == en


def test_no_message_of_the_refusal_words_lacks_its_italian() -> None:
    mine = [p for p in problems("it") if p.startswith(FILES)]
    assert mine == []


def test_the_italian_catalog_writes_apostrophes_and_quotes_as_the_glossary_does() -> None:
    from babel.messages.pofile import read_po

    with CATALOG.open("rb") as f:
        cat = read_po(f, locale="it")
    assert cat.num_plurals == 2
    said = [s for m in cat if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert len(said) > 200
    for s in said:
        assert s and "'" not in s and "«" not in s, s


def _err(key: str, rule: str, **fields: Any) -> RulesError:
    return RulesError("", rule, key, fields)


def test_refusals_say_the_rulebook_words(italian: None) -> None:
    nm = Names(BOARD)
    gb, india = nm.power(GB), nm.area("india")
    assert refusal_sentence(_err("move.no_unit_there", "R-ACT-C1", power=GB, unit="army", area="india"), BOARD) == \
        f"{gb} non ha armate in {india}"
    assert refusal_sentence(_err("disband.no_unit_there", "R-ACT-B4", power=GB, unit="fort", area="india"), BOARD) \
        == f"{gb} non ha forti da distruggere in {india}"
    assert refusal_sentence(_err("build_move.already_there", "R-ACT-B1", unit="fort", area="india"), BOARD) == \
        f"Il nuovo forte è già in {india}: scegli “resta”"
    assert refusal_line(_err("colonise.no_marker", "R-GEN-2", power=GB), BOARD) == \
        f"{gb} non ha più segnalini controllo nella propria riserva (R-GEN-2)"
    assert refusal_sentence(_err("turn.no_arguments", "R-GEN-3", action="buy"), BOARD) == \
        "L’azione “Comprare una tessera” non ha argomenti: i dettagli si scelgono dopo"
    assert "ridurre in schiavitù" in refusal_sentence(_err("colonise.names_a_counter", "R-ACT-E1", how="enslave"),
                                                     BOARD)
    assert refusal_sentence(_err("attack.not_vp_area", "R-CMB-1", value="peru"), BOARD) == \
        "Si attacca solo nelle regioni che danno Punti Vittoria, e “peru” non è una di queste"


def test_counts_take_the_italian_plural(italian: None) -> None:
    nm = Names(BOARD)
    gb = nm.power(GB)
    one = refusal_sentence(_err("gold.amount_bound", "R-GEN-4", power=GB, gold=1, have=0, borrowed=100), BOARD)
    many = refusal_sentence(_err("gold.amount_bound", "R-GEN-4", power=GB, gold=110, have=10, borrowed=100), BOARD)
    assert one.startswith(f"{gb} può indicare al massimo 1 oro per un pagamento:") and "altri 100" in one
    assert many.startswith(f"{gb} può indicare al massimo 110 ori per un pagamento:")
    cost = {"power": GB, "tile": "logistics", "population": 0}
    assert " 1 punto Popolazione " in refusal_sentence(_err("buy.population", "R-GEN-7", cost=1, **cost), BOARD)
    assert " 2 punti Popolazione " in refusal_sentence(_err("buy.population", "R-GEN-7", cost=2, **cost), BOARD)
    at_most = _err("help.at_most", "R-CMB-9", power=GB, armies=0, fleets=1, area="india")
    assert refusal_sentence(at_most, BOARD).startswith(f"{gb} può aggiungere al massimo 0 armate e 1 flotta (")
    assert choice_phrase(C("help", 1, 2).wire(), nm) == "aiuta con 1 armata e 2 flotte"
    assert choice_phrase(C("bid", 1).wire(), nm) == "offri 1 oro"
    assert choice_phrase(C("bid", 3).wire(), nm) == "offri 3 ori"
    assert choice_phrase(C("offer", FR, 0).wire(), nm) == f"chiedi aiuto {nm.power(FR):to} senza offrire oro"


def test_a_refused_choice_is_named_in_italian(italian: None) -> None:
    nm = Names(BOARD)
    assert choice_word("naval_battle") == "combattimento navale" and choice_word("pass") == "passa"
    assert choice_word("zap_it") == "zap it"  # a kind no choice has, as it is spelt
    assert choice_phrase(C("attack", "india", "naval", FR).wire(), nm) == \
        f"attacca {nm.area('india')} navale {nm.power(FR)}"
    err = _err("input.not_listed", "R-SET-5", choice=["use"], kinds=["place", "pass"],
               prompt={"key": "place", "rule": "R-SET-5", "power": GB, "n": 2, "of": 5})
    said = refusal_sentence(err, BOARD)
    assert said.startswith("“Usa” non è tra le scelte possibili ora. ") and said.endswith("; le scelte sono: piazza, passa")
