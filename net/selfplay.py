"""Self-play with a signed transcript: every seat a :class:`~net.core.session.Session` with its
own key and chain secret, bots deciding, every die from the beacon.

The sessions share one :class:`~net.core.transcript.Transcript` (one process plays every
seat, so each message is checked once, not once per seat). Keys, chain secrets and the
game id are derived from the seed, so the same seed writes the same log, byte for byte:
such a log demonstrates the protocol; it is not a secure game (anyone knowing the seed
knows the secrets).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from game.bots import bot_names_for, make_bot
from game.rules import new_game, outcome, state_hash
from net.core.beacon import DEFAULT_CHAIN_LENGTH
from net.core.encoding import sha256, u64
from net.core.genesis import SeatInfo
from net.core.identity import Identity
from net.core.session import Session
from net.core.transcript import Transcript
from net.store import TranscriptFile


def _derive(label: bytes, seed: int, i: int = 0) -> bytes:
    return sha256(b"soe/selfplay/" + label, u64(seed % (1 << 64)), u64(i))


def play_logged(players: int, seed: int, bots: Sequence[str] | None = None, path: str | os.PathLike[str] | None = None,
                *, chain_length: int = DEFAULT_CHAIN_LENGTH) -> tuple[Transcript, dict[str, Any]]:
    """Play one whole game between bots through the protocol; write its log to ``path``
    (replacing the file) if given. Returns the transcript and a summary."""
    names = bot_names_for(players, bots)
    powers = new_game(players).powers
    ids = [Identity.from_seed(_derive(b"key", seed, i)) for i in range(players)]
    store: TranscriptFile | None = None
    if path is not None:
        with open(path, "wb"):
            pass
        store = TranscriptFile(path, fsync=False)
    transcript = Transcript(store.append if store else None)
    sessions = [Session(ids[i], secret=_derive(b"secret", seed, i), transcript=transcript) for i in range(players)]
    deciders = [make_bot(name, seed * 1009 + i) for i, name in enumerate(names)]
    seats = [SeatInfo(powers[i], ids[i].public_hex, f"{names[i]} bot {i + 1}") for i in range(players)]
    now = 0
    try:
        res = sessions[0].create(seats, now=now, game_id=_derive(b"game", seed)[:16].hex(), chain_length=chain_length)
        if not res.ok:
            raise RuntimeError(f"genesis refused: {res}")
        _settle(sessions, now)
        table = transcript.referee
        assert table is not None
        while not table.closed:
            seat = table.decision_seat()
            if seat < 0:
                raise RuntimeError(f"self-play is stuck after {len(transcript)} messages: waiting for {table.awaited()}")
            s = sessions[seat]
            now += 1
            res = s.submit(deciders[seat].choose(table.st, seat, s.legal()), now)
            if not res.ok:
                raise RuntimeError(f"a bot's choice was refused: {res}")
            _settle(sessions, now)
    finally:
        if store is not None:
            store.close()
    st = table.st
    result = outcome(st) or {}
    summary = {
        "seed": seed, "players": players, "bots": names, "winners": result["winners"],
        "winner": result["winners"][0] if len(result["winners"]) == 1 else result["winners"],
        "scores": result["scores"], "unrest": result["unrest"], "wars": st.war, "steps": st.steps,
        "chance_events": st.chance_count, "state_hash": state_hash(st), "messages": len(transcript),
        "game": transcript.game_id,
    }
    if path is not None:
        summary["log"] = str(path)
    return transcript, summary


def _settle(sessions: list[Session], now: int) -> None:
    """Let every seat send what is due until no one has anything left to send."""
    t = sessions[0].transcript
    while True:
        before = len(t)
        for s in sessions:
            s.tick(now)
            s.outgoing()  # they share the transcript: nothing to deliver
        if len(t) == before:
            return
