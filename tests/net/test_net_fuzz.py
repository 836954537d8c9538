"""Random bodies, kinds and fields, correctly signed by a seat: the transcript never
crashes, and a refused message changes nothing."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from netkit import Game

json_values = hs.recursive(
    hs.none() | hs.booleans() | hs.integers(-3, 2**64) | hs.text(max_size=8) | hs.sampled_from(["00" * 32, "ab"]),
    lambda inner: hs.lists(inner, max_size=4) | hs.dictionaries(hs.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
KINDS = ["seat", "choice", "reveal", "commit", "open", "end", "undo", "resign", "drop", "genesis", "hello", "chat"]
KEYS = ["seat", "chain", "choice", "r", "value", "war", "commit", "openings", "scores", "winners", "target", "seats"]

GAME = Game(3)
GAME.play_until(lambda g: g.referee.st.chance_count >= 3)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.sampled_from(KINDS), hs.dictionaries(hs.sampled_from(KEYS), json_values, max_size=3),
       hs.integers(0, 2), hs.integers(-1, 1), hs.booleans())
def test_random_signed_messages_never_crash(kind: str, body: dict[str, Any], seat: int, at_shift: int,
                                            keep_state: bool) -> None:
    g = GAME
    at = max(0, g.t.position + at_shift)
    state = g.t.positions[at] if keep_state and at <= g.t.position else "cd" * 32
    before = g.snapshot()
    res = g.t.offer(g.envelope(seat, kind, body, at=at, state=state))
    if not res.ok:
        assert g.snapshot() == before
