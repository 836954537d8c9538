"""What each power would score if the war ended now: the engine's own ranking rule
(``dense_rank_scores``, R-VP-1) applied to the control markers a view shows."""

from __future__ import annotations

from typing import Any

from game.rules.board import Board
from game.rules.war import dense_rank_scores


def war_end_scores(v: dict[str, Any], b: Board) -> dict[str, list[int]]:
    """Area -> the points each seat would score there."""
    out: dict[str, list[int]] = {}
    for area in b.vp_areas:
        counts = list(v["markers"].get(area, []))
        if counts:
            out[area] = dense_rank_scores(counts, b.area_by_id[area].vp)
    return out


def totals(scores: dict[str, list[int]], n: int) -> list[int]:
    return [sum(s[i] for s in scores.values()) for i in range(n)]
