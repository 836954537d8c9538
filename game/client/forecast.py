"""What each power would score if the war ended now: the engine's public
``war_end_scores`` (R-VP-1) of the view the screen shows."""

from __future__ import annotations

from typing import Any

from game.rules import war_end_scores as _engine_scores


def war_end_scores(v: dict[str, Any]) -> dict[str, list[int]]:
    """Area -> the points each seat would score there (only the areas where someone
    scores)."""
    return {area: points for area, points in _engine_scores(v).items() if any(points)}


def totals(scores: dict[str, list[int]], n: int) -> list[int]:
    return [sum(s[i] for s in scores.values()) for i in range(n)]
