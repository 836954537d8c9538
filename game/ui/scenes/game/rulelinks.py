"""The game screen's rules at hand: a rule id drawn as a link in the bars (the prompt, what
just happened, a refusal) opens that rule's card when clicked; F1 (or ?) opens the cards
of the rules the tooltip under the mouse names (a tooltip cannot be clicked), or the index
of every rule when no tooltip names one. The cards are the scene "rules", opened by name
over the game; it takes every click and key while it is open, so closing it does nothing
on the board."""

from __future__ import annotations

import pygame

from game.client.words.rulebook import rule_ids
from game.ui.app import Intent
from game.ui.scenes.game.online import Online
from game.ui.widgets.rulelinks import link_at


class RuleLinks(Online):
    """The rule links and the F1 key (see the module docstring)."""

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "click" and intent.button == 1:
            rid = link_at(self.rule_links, intent.pos)
            if rid:
                self.open_rules([rid])
                return True
        if intent.kind == "key" and (intent.key == pygame.K_F1 or intent.text == "?" and not self.chatting):
            self.open_rules(self.rules_pointed())
            return True
        return super().handle(intent)

    def rules_pointed(self) -> list[str]:
        """The rules the mouse points at: a rule's link, or the rule ids of the tooltip
        under the mouse (none when an overlay takes the mouse)."""
        rid = link_at(self.rule_links, self.mouse)
        if rid:
            return [rid]
        if not self.pointed() or self.shown is None:
            return []
        return rule_ids(self.tip_at(self.mouse))

    def open_rules(self, ids: list[str]) -> None:
        """The cards of ``ids`` over the game, one after the other; none: the rules index."""
        if self.app is not None:
            self.app.push_scene("rules", ids=ids)
