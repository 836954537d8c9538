"""Typed errors of the rules engine.

Every refusal names the rule it enforces, so a player reads why, and distinguishes
input that is not a well-formed choice at all (:class:`MalformedInput`) from a
well-formed choice that the rules forbid now (:class:`IllegalInput`).

Besides its English ``message``, every error carries a ``key`` (which sentence it is) and
its ``fields`` (ids, numbers, lists: what the sentence is made of), so a front end can say
the same in its own words (``game.client.words.refusals``). The keys and fields are listed
with the sentences they stand for in ``game/client/words/refusals.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class RulesError(Exception):
    """Base class of every error raised by the rules engine.

    ``message`` is the English sentence, ``rule`` the rule id ("" if none), ``key`` names
    the sentence and ``fields`` holds what it is made of (JSON values: strings, integers
    and lists or dicts of them); ``str(err)`` is the message and the rule in parentheses.
    """

    def __init__(self, message: str, rule: str = "", key: str = "",
                 fields: Mapping[str, Any] | None = None) -> None:
        self.rule = rule
        self.message = message
        self.key = key
        self.fields: dict[str, Any] = dict(fields) if fields else {}
        super().__init__(f"{message} ({rule})" if rule else message)


class DataError(RulesError):
    """The component data file is malformed."""


class MalformedInput(RulesError):
    """The input is not a well-formed choice or chance value (wrong shape or types)."""


class IllegalInput(RulesError):
    """The input is well formed but the rules do not allow it now."""


class NotYourDecision(IllegalInput):
    """Someone other than the seat the engine waits for tried to decide."""


class StateError(RulesError):
    """A serialised state is malformed or inconsistent."""


class Refusal(NamedTuple):
    """Why a phase refuses a choice (:meth:`game.rules.phase.Phase.refusal`): the reason in
    English (a clause the engine turns into a sentence), the rule id, and the key and fields
    the reason is made of."""

    reason: str
    rule: str
    key: str
    fields: dict[str, Any]


def refusal(reason: str, rule: str, key: str, **fields: Any) -> Refusal:
    """A :class:`Refusal`: ``refusal("...", "R-MOV-4", "move.not_adjacent", area=...)``."""
    return Refusal(reason, rule, key, fields)
