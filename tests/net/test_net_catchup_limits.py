"""A spectator's first catch-up: a whole 7-player game fits in what a link may send at
once and in what a peer sends for a catch-up at once. With a link's burst of 2 000 frames
the first spectator after a game of about 2 300 messages lost the last few hundred to its
own rate limit; they came again only after ``resend_ms``, so the catch-up took 3.3 s
instead of under 1 s (``python -m tools.bench_net --think-ms 50``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from net.mesh.link import Limits
from net.selfplay import play_logged
from net.store import load


@pytest.mark.parametrize("seed", [0, 1])
def test_a_whole_seven_player_game_is_caught_up_in_one_go(tmp_path: Path, seed: int) -> None:
    path = tmp_path / "game.jsonl"
    play_logged(7, seed, ["greedy"], path)
    messages = load(path).messages
    assert len(messages) > 2_000  # (the burst before)
    lim = Limits()
    frames = len(messages) + 200  # and the frames of the moment: HAVE, PEERS, INFO, the last messages
    assert lim.burst >= frames, "a link's burst must take a whole game's catch-up at once"
    size = sum(len(m) for m in messages)
    assert lim.byte_burst >= size and lim.catchup_burst >= size
    assert lim.resend_ms > 1_000  # why losing frames costs seconds
