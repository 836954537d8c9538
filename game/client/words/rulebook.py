"""The rules at hand: for every rule id of the rules reference (``R-GEN-5``, ``R-CMB-11``,
``R-ACT-B4``...) a title, a short summary in plain words and, where the rulebook has one,
a worked example, so that a rule id shown anywhere (a prompt, a refusal, a tooltip) can
open its card.

:func:`rule_ids` finds the ids a text names, :func:`rule_spans` where they are (to draw
them as links), :func:`rule_card` the card of an id (None for an id it does not know,
never an error), :func:`sections` every card by section (the rules index). The cards'
sentences are in :mod:`.rulebook_game`, :mod:`.rulebook_actions`,
:mod:`.rulebook_combat` and :mod:`.rulebook_tiles`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from game.client.words import rulebook_actions, rulebook_combat, rulebook_game, rulebook_tiles
from game.client.words.lang import N_, say

#: a rule id as the project writes one: "R-", its section's letters, "-", an optional
#: letter (the actions' A to F) and a number
RULE_ID = re.compile(r"\bR-([A-Z]{2,3})-[A-F]?[0-9]{1,2}\b")


@dataclass(frozen=True)
class Rule:
    """A rule's card: its id, title, summary and worked example ("" for none)."""

    id: str
    title: str
    summary: str
    example: str = ""

    @property
    def section(self) -> str:
        """The id of its section ("R-CMB" for "R-CMB-7")."""
        return self.id.rsplit("-", 1)[0] if self.id.count("-") == 2 else self.id


#: the sections of the rules, in the reference's order: id, title
SECTIONS: tuple[tuple[str, str], ...] = (
    ("R-GEN", N_("General")), ("R-MAP", N_("The map")), ("R-SET", N_("Setting up")), ("R-WAR", N_("A war")),
    ("R-ALL", N_("Alliances and play order")), ("R-ACT", N_("Actions")), ("R-MOV", N_("Movement")),
    ("R-CMB", N_("Combat")), ("R-TIL", N_("Tiles")), ("R-INC", N_("Income and upkeep")),
    ("R-VP", N_("Victory points")), ("R-EOW", N_("The end of a war")), ("R-END", N_("The end of the game")),
)


def _section_of(rule_id: str) -> str:
    return rule_id.rsplit("-", 1)[0]


def _number(rule_id: str) -> tuple[str, int]:
    """The order of an id within its section: R-ACT-A1 < R-ACT-B4; R-CMB-2 < R-CMB-10."""
    tail = rule_id.rsplit("-", 1)[1]
    letter = tail[0] if tail[0].isalpha() else ""
    return letter, int(tail[len(letter):])


def _load() -> dict[str, Rule]:
    entries = [*rulebook_game.ENTRIES, *rulebook_actions.ENTRIES, *rulebook_combat.ENTRIES, *rulebook_tiles.ENTRIES]
    order = {sid: i for i, (sid, _) in enumerate(SECTIONS)}
    entries.sort(key=lambda e: (order.get(_section_of(e[0]), len(order)), _number(e[0])))
    return {rid: Rule(rid, title, summary, example) for rid, title, summary, example in entries}


RULES: dict[str, Rule] = _load()
"""Every rule's card by its id, in the order of the rules."""


def rule_card(rule_id: str) -> Rule | None:
    """The card of ``rule_id`` with its words said (None for an id that is not a rule:
    a section such as "R-TIL", a typing error), never an error."""
    rule = RULES.get(rule_id.strip()) if isinstance(rule_id, str) else None
    if rule is None:
        return None
    return Rule(rule.id, say(rule.title), say(rule.summary), say(rule.example) if rule.example else "")


def rule_spans(text: str) -> list[tuple[int, int, str]]:
    """Where ``text`` names a rule id: (start, end, id) for each, in order (ids of no known
    rule included: the caller asks :func:`rule_card`)."""
    return [(m.start(), m.end(), m.group(0)) for m in RULE_ID.finditer(text)]


def rule_ids(text: str, known: bool = True) -> list[str]:
    """The rule ids ``text`` names, in order, each once; ``known``: only those with a card."""
    out: list[str] = []
    for _, _, rid in rule_spans(text):
        if rid not in out and (not known or rid in RULES):
            out.append(rid)
    return out


def section_title(section: str) -> str:
    """A section's title ("Combat" for "R-CMB"); "" for none."""
    return next((say(title) for sid, title in SECTIONS if sid == section), "")


def sections() -> list[tuple[str, str, list[Rule]]]:
    """Every rule by section, for the rules index: (section id, its title, its cards)."""
    out: list[tuple[str, str, list[Rule]]] = []
    for sid, title in SECTIONS:
        cards = [c for c in (rule_card(r.id) for r in RULES.values() if r.section == sid) if c is not None]
        out.append((sid, say(title), cards))
    return out


def rules_hint(ids: Iterable[str]) -> str:
    """The line under a tooltip that names rules: the key that opens their cards."""
    n = len(list(ids))
    if not n:
        return ""
    return say("F1: the rule") if n == 1 else say("F1: the rules")


__all__ = ["RULES", "RULE_ID", "SECTIONS", "Rule", "rule_card", "rule_ids", "rule_spans", "rules_hint",
           "section_title", "sections"]
