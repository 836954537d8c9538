"""Chance events on the table: the request a reveal states (whose each value is), the
record of each chance event the beacon decided, the dice it rolled, and the seed of a bot
seat's decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules import Event, Pending, State, pending
from net.core.encoding import DOMAIN_BOT, sha256, u64


@dataclass(frozen=True, slots=True)
class ChanceRecord:
    """One chance event: the beacon, the values drawn and whose dice they were."""

    r: int
    kind: str
    ranges: tuple[tuple[int, int], ...]
    beacon: str
    values: tuple[int, ...]
    revealers: tuple[int, ...]
    dice: tuple[tuple[int, tuple[int, ...]], ...]  # (seat or -1 for a neutral, values read)
    owners: tuple[int | str | None, ...] = ()  # the request's ``for``: whose each value is

    @property
    def witnessed(self) -> bool:
        """Whether at least two players' chains fed the beacon: with one, that player knew
        the values before anyone else (with none, everyone could compute them)."""
        return len(self.revealers) >= 2


def chance_request(st: State, p: Pending | None = None) -> dict[str, Any]:
    """The chance request the engine waits for, as a reveal states it: ``kind``, ``ranges``
    and ``for``, whose each value is: a seat number (that power's die), ``"neutral"`` (a
    die rolled for no power) or ``None`` (a value that is no one's die: the first player,
    a draw from the bag). ``p``: ``pending(st)``, when the caller has it."""
    req = (p if p is not None else pending(st)).chance
    assert req is not None, "the engine does not wait for chance"
    n = len(req.ranges)
    fr = st.stack[-1] if st.stack else {}

    def who(seat: Any) -> int | str:
        return int(seat) if int(seat) >= 0 else "neutral"

    owners: list[int | str | None]
    if req.kind == "dice" and n == 4:
        att, dfn = fr["sides"]
        owners = [who(att), who(att), who(dfn), who(dfn)]
    elif req.kind == "reroll":
        owners = [who(fr["sides"][fr["rr"]])] * n
    elif req.kind == "sea_roll":
        owners = [who(fr["seat"])] * n
    else:
        owners = [None] * n
    return {"kind": req.kind, "ranges": [list(r) for r in req.ranges], "for": owners}


def bot_seed(game_id: bytes, seat: int, step: int) -> int:
    return int.from_bytes(sha256(DOMAIN_BOT, game_id, u64(seat), u64(step))[:8], "big")


def dice_of(st: State, frame: dict[str, Any], events: list[Event]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Whose dice a chance event rolled, read from its events (draws roll no dice)."""
    out: list[tuple[int, tuple[int, ...]]] = []
    for e in events:
        dice = e.data.get("dice")
        if not isinstance(dice, list):
            continue
        if e.kind == "dice" and len(dice) == 4 and isinstance(frame.get("sides"), list):
            att, dfn = frame["sides"]
            out += [(int(att), tuple(dice[:2])), (int(dfn), tuple(dice[2:]))]
        elif "power" in e.data and e.data["power"] in st.powers:
            out.append((st.powers.index(e.data["power"]), tuple(dice)))
    return tuple(out)
