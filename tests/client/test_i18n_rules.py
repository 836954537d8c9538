"""The rule cards in Italian: every card's title, summary and worked example and every
section of the rules index are said in the words of the Italian rulebook, the rule ids
they name stay links to the same cards, the catalog misses none of the cards' messages,
and switching the language switches the cards at once."""

from __future__ import annotations

import re

import pytest

from game.client.words.lang import language, speaking
from game.client.words.rulebook import RULES, SECTIONS, Rule, rule_card, rule_ids, rules_hint, section_title, sections
from tools.i18n import problems, source_messages

FILES = ("game/client/words/rulebook.py", "game/client/words/rulebook_actions.py",
         "game/client/words/rulebook_combat.py", "game/client/words/rulebook_game.py",
         "game/client/words/rulebook_tiles.py")


def _card(rid: str) -> Rule:
    card = rule_card(rid)
    assert card is not None, rid
    return card


def test_the_catalog_translates_every_message_of_the_rule_cards() -> None:
    built: list[str] = []
    msgs = [m for m in source_messages(built=built) if m.where.startswith(FILES)]
    assert len(msgs) >= 200  # the cards' titles, summaries, examples, the sections, the F1 hints
    assert not [b for b in built if b.startswith(FILES)]
    assert list(problems("it", msgs)) == []


@pytest.mark.usefixtures("italian")
def test_every_card_is_in_italian_with_the_same_rule_links() -> None:
    assert language() == "it"
    for rid, en in RULES.items():
        it = _card(rid)  # said and formatted: no error
        assert it.id == rid
        for field in ("title", "summary", "example"):
            words, english = getattr(it, field), getattr(en, field)
            assert bool(words) == bool(english), (rid, field)
            if not english:
                continue
            assert words != english and words.strip() == words, (rid, field)
            assert sorted(rule_ids(words, known=False)) == sorted(rule_ids(english, known=False)), (rid, field)
            assert "'" not in words and "E'" not in words and "«" not in words, (rid, field)  # ’ and “ ” only
            assert not re.search(r"\b(the|and|with|you|your|from)\b", words), (rid, field, words)  # no English left
        assert it.summary.endswith((".", ")", "!")), rid
        assert not it.example or it.example.endswith((".", ")")), rid


@pytest.mark.usefixtures("italian")
def test_the_rulebooks_worked_examples_are_in_its_own_words() -> None:
    battle = _card("R-CMB-5").example
    assert battle.startswith("Dal regolamento: la Spagna attacca la Gran Bretagna in Nord America")
    assert "= 8" in battle and "= 7" in battle and "subita dall’Austria" in battle
    assert "supporto navale" in battle and "Indiani del Nord America" in battle
    sea = _card("R-MOV-5").example
    assert sea == _card("R-ACT-C1").example
    assert "“2”" in sea and "“1”, perciò deve essere lanciato un altro dado" in sea and "“3”" in sea
    assert "ritornare negli Stati Tedeschi" in sea
    scoring = _card("R-VP-1").example
    assert "8 PV ciascuna" in scoring and "l’Austria" in scoring and "5 PV" in scoring and "3 PV" in scoring
    auction = _card("R-ALL-3").example
    assert auction == _card("R-ALL-1").example == _card("R-ALL-5").example
    assert "la Prussia vince l’asta e paga 1 oro" in auction and "casella A" in auction
    assert "insoddisfazione" not in " ".join(_card(r).summary for r in RULES).replace("Insoddisfazione", "")


@pytest.mark.usefixtures("italian")
def test_the_index_and_its_sections_are_in_italian() -> None:
    listed = sections()
    assert [sid for sid, _, _ in listed] == [sid for sid, _ in SECTIONS]
    for (sid, english), (_, title, cards) in zip(SECTIONS, listed, strict=True):
        assert title and title != english, sid
        assert section_title(sid) == title
        assert cards and all(c.title != RULES[c.id].title for c in cards), sid
    assert section_title("R-CMB") == "Combattimento" and section_title("R-VP") == "Punti Vittoria"
    assert rules_hint(["R-GEN-5"]) == "F1: la regola" and rules_hint(["R-GEN-4", "R-GEN-5"]) == "F1: le regole"


def test_switching_the_language_switches_the_cards_at_once() -> None:
    english = _card("R-GEN-5")
    with speaking("it"):
        assert _card("R-GEN-5").title == "Prendere oro dalla Banca"
        assert section_title("R-GEN") == "Cose da sapere"
    assert language() == "en" and _card("R-GEN-5") == english == RULES["R-GEN-5"]
    assert section_title("R-GEN") == "General"
