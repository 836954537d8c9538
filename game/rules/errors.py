"""Typed errors of the rules engine.

Every refusal names the rule it enforces, so a player reads why, and distinguishes
input that is not a well-formed choice at all (:class:`MalformedInput`) from a
well-formed choice that the rules forbid now (:class:`IllegalInput`).
"""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error raised by the rules engine."""

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        self.message = message
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
