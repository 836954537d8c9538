"""What an auction of the alliance track is for, said beside its bid (R-ALL-1..6): the two
boxes of the proposal and where each puts its power (alliance A or B, its place in the
play order), who is still to be placed, and the high bid with its proposal and the
players who passed since it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.client.words.lang import join_list, say, say_n
from game.client.words.names import Names
from game.rules.board import Board


def _high(name: Callable[[str], str], high: int, leader: str, box_a: str, box_b: str, passed: Sequence[str], board: Board) -> str:
    """The high bid, its proposal (the boxes filled) and who passed since it."""
    a, b = box_a in board.power_by_id, box_b in board.power_by_id
    fields = {"leader": name(leader), "a": name(box_a), "b": name(box_b)}
    if a and b:
        line = say_n("High bid: {n} gold by {leader}, proposing {a} in box A and {b} in box B",
                     "High bid: {n} gold by {leader}, proposing {a} in box A and {b} in box B", high, **fields)
    elif a:
        line = say_n("High bid: {n} gold by {leader}, proposing {a} in box A",
                     "High bid: {n} gold by {leader}, proposing {a} in box A", high, **fields)
    elif b:
        line = say_n("High bid: {n} gold by {leader}, proposing {b} in box B",
                     "High bid: {n} gold by {leader}, proposing {b} in box B", high, **fields)
    else:
        line = say_n("High bid: {n} gold by {leader}", "High bid: {n} gold by {leader}", high, **fields)
    if passed:
        return say("{bid}; passed since: {powers}.", bid=line, powers=join_list(name(p) for p in passed))
    return say("{bid}.", bid=line)


def auction_words(v: Mapping[str, Any], board: Board, high: int = -1, leader: str = "", box_a: str = "-",
                  box_b: str = "-", passed: Sequence[str] = ()) -> list[str]:
    """The lines that say what the auction under way in view ``v`` is for (see the module
    docstring); the high bid as the log told it (``high`` -1: no bid yet)."""
    powers: list[str] = list(v["powers"])
    alliance: list[int] = list(v["alliance"])
    free = [powers[s] for s in range(len(powers)) if alliance[s] == 0]
    space_a = 2 * sum(1 for a in alliance if a == 1) + 1  # R-ALL-6: top row 1, 3, 5..; bottom row 2, 4, 6..
    space_b = 2 * sum(1 for a in alliance if a == 2) + 2
    nm = Names(board)

    def name(p: str) -> str:
        return nm.power(p) if p in board.power_by_id else p

    if len(free) == 1:
        out = [say("Bidding for the last place: the winner pays the bid and puts {power} in box A (alliance A, play "
                   "order {a}) or box B (alliance B, play order {b}) (R-ALL-4).", power=name(free[0]), a=space_a,
                   b=space_b)]
    else:
        out = [say("Bidding for the proposal: the winner pays the bid and puts a power not yet allied in box A "
                   "(alliance A, play order {a}) and another in box B (alliance B, play order {b}); allies do not "
                   "attack each other this war (R-ALL-1, R-ALL-6, R-ALL-7).", a=space_a, b=space_b)]
        out.append(say("Not yet allied: {powers}.", powers=join_list(name(p) for p in free)))
    if high >= 0 and leader:
        out.append(_high(name, high, leader, box_a, box_b, passed, board))
    else:
        out.append(say("No bid yet: the first bid may be 0 (R-ALL-3)."))
    return out
