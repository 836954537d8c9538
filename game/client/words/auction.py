"""What an auction of the alliance track is for, said beside its bid (R-ALL-1..6): the two
boxes of the proposal and where each puts its power (alliance A or B, its place in the
play order), who is still to be placed, and the high bid with its proposal and the
players who passed since it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.client.words.lang import join_and, join_list
from game.rules.board import Board


def auction_words(v: Mapping[str, Any], board: Board, high: int = -1, leader: str = "", box_a: str = "-",
                  box_b: str = "-", passed: Sequence[str] = ()) -> list[str]:
    """The lines that say what the auction under way in view ``v`` is for (see the module
    docstring); the high bid as the log told it (``high`` -1: no bid yet)."""
    powers: list[str] = list(v["powers"])
    alliance: list[int] = list(v["alliance"])
    free = [powers[s] for s in range(len(powers)) if alliance[s] == 0]
    space_a = 2 * sum(1 for a in alliance if a == 1) + 1  # R-ALL-6: top row 1, 3, 5..; bottom row 2, 4, 6..
    space_b = 2 * sum(1 for a in alliance if a == 2) + 2

    def name(p: str) -> str:
        return board.power_name(p) if p in board.power_by_id else p

    if len(free) == 1:
        out = [f"Bidding for the last place: the winner pays the bid and puts {name(free[0])} in box A (alliance A, "
               f"play order {space_a}) or box B (alliance B, play order {space_b}) (R-ALL-4)."]
    else:
        out = [f"Bidding for the proposal: the winner pays the bid and puts a power not yet allied in box A "
               f"(alliance A, play order {space_a}) and another in box B (alliance B, play order {space_b}); "
               f"allies do not attack each other this war (R-ALL-1, R-ALL-6, R-ALL-7)."]
        out.append(f"Not yet allied: {join_list(name(p) for p in free)}.")
    if high >= 0 and leader:
        boxes = [f"{name(p)} in box {box}" for p, box in ((box_a, "A"), (box_b, "B")) if p in board.power_by_id]
        line = f"High bid: {high} gold by {name(leader)}" + (f", proposing {join_and(boxes)}" if boxes else "")
        if passed:
            line += f"; passed since: {join_list(name(p) for p in passed)}"
        out.append(line + ".")
    else:
        out.append("No bid yet: the first bid may be 0 (R-ALL-3).")
    return out
