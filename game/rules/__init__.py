"""The Struggle of Empires rules engine: pure, deterministic, standard library only.

Entry points: :func:`new_game`, :func:`pending`, :func:`legal` (both at once: :func:`decision`), :func:`apply`,
:func:`view`, :func:`outcome`, :func:`war_end_scores`, :func:`state_hash`.
"""

from game.rules.core import (
    Act,
    C,
    ChanceRequest,
    Choice,
    Event,
    Input,
    Pending,
    Roll,
    State,
    canonical_json,
    state_hash,
)
from game.rules.engine import (
    ENGINE_VERSION,
    apply,
    apply_in_place,
    check,
    decision,
    describe,
    event_dicts,
    is_over,
    legal,
    new_game,
    outcome,
    pending,
    view,
    war_end_scores,
)
from game.rules.errors import (
    DataError,
    IllegalInput,
    MalformedInput,
    NotYourDecision,
    RulesError,
    StateError,
)

__all__ = [
    "Act", "C", "ChanceRequest", "Choice", "DataError", "ENGINE_VERSION", "Event", "IllegalInput", "Input",
    "MalformedInput", "NotYourDecision", "Pending", "Roll", "RulesError", "State", "StateError", "apply",
    "apply_in_place", "canonical_json", "check", "decision", "describe", "event_dicts", "is_over", "legal", "new_game",
    "outcome", "pending", "state_hash", "view", "war_end_scores",
]
