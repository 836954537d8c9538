"""The rules at hand, as words: every rule id the code base names (prompts, refusals, tile
words, tooltips, the engine's docstrings and errors) has a card with a title and a short
summary; ids are found in any text; an unknown id has no card and is never an error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.client.words.rulebook import RULES, SECTIONS, rule_card, rule_ids, rule_spans, rules_hint, sections

ROOT = Path(__file__).resolve().parents[2]
# any rule id as written in the code: a section's letters, an optional letter, a number
ANY_ID = re.compile(r"\bR-[A-Z]{2,3}-[A-Z]?[0-9]+\b")


def named_in_the_code() -> set[str]:
    """Every rule id written anywhere under game/ (the rule cards' own words included: a
    card that names another rule names one that has a card)."""
    found: set[str] = set()
    for path in (ROOT / "game").rglob("*.py"):
        found |= set(ANY_ID.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_rule_id_the_code_names_has_a_card() -> None:
    named = named_in_the_code()
    assert len(named) >= 75, sorted(named)
    missing = sorted(i for i in named if rule_card(i) is None)
    assert not missing, f"rule ids named in game/ with no card: {missing}"


def test_there_is_a_card_for_every_rule_of_the_reference_each_with_a_title_and_a_short_summary() -> None:
    assert len(RULES) >= 75
    for rid, rule in RULES.items():
        assert rule.id == rid and ANY_ID.fullmatch(rid), rid
        assert rule.title and len(rule.title) <= 40, rid
        assert rule.summary.endswith((".", ")")) and 20 <= len(rule.summary) <= 650, rid  # read in 20 seconds
        assert not rule.example or rule.example.endswith((".", ")")), rid
    sections_seen = {r.section for r in RULES.values()}
    assert sections_seen == {sid for sid, _ in SECTIONS}


def test_the_rulebooks_worked_examples_are_on_their_cards() -> None:
    """Combat, the sea move, borrowing, scoring and the alliance auction each have a worked
    example, with the rulebook's numbers."""
    def example(rid: str) -> str:
        card = rule_card(rid)
        assert card is not None
        return card.example

    assert "= 8" in example("R-CMB-5") and "= 7" in example("R-CMB-5") and "Austria" in example("R-CMB-5")
    assert "rolls 1, rolls again and gets 3" in example("R-MOV-5")
    assert "lot" in example("R-GEN-5") and "unrest" in example("R-GEN-5")
    assert "8 each" in example("R-VP-1") and "scores 3" in example("R-VP-1")
    assert "Prussia wins and pays 1 gold" in example("R-ALL-3")
    assert sum(1 for r in RULES.values() if r.example) >= 25


def test_rule_ids_are_found_in_any_text_in_order_each_once() -> None:
    line = "Draw the setup nation counters (R-SET-1, R-SET-4); see R-ACT-B4, R-CMB-10, R-VP-1 and R-SET-1"
    assert rule_ids(line) == ["R-SET-1", "R-SET-4", "R-ACT-B4", "R-CMB-10", "R-VP-1"]
    spans = rule_spans(line)
    assert [line[a:b] for a, b, _ in spans] == [rid for _, _, rid in spans]
    assert rule_ids("a section (R-TIL), a typo R-XYZ-9, ABR-GEN-1 and none") == []
    assert rule_ids("R-XYZ-9", known=False) == ["R-XYZ-9"]


@pytest.mark.parametrize("rid", ["R-XYZ-9", "R-TIL", "", "r-gen-5", "R-GEN-99", "R-ACT-Z1"])
def test_an_unknown_rule_id_has_no_card_and_is_no_error(rid: str) -> None:
    assert rule_card(rid) is None


def test_the_index_has_every_card_once_by_section() -> None:
    listed = [c.id for _, _, cards in sections() for c in cards]
    assert listed == list(RULES)
    assert [sid for sid, _, _ in sections()] == [sid for sid, _ in SECTIONS]
    assert rules_hint([]) == "" and rules_hint(["R-GEN-5"]) == "F1: the rule"
    assert rules_hint(["R-GEN-5", "R-TIL-9"]) == "F1: the rules"
