"""The genesis: what the creator of a game fixes before anyone plays.

Its body names the protocol, the rules engine version and ruleset, the engine options,
the seats in seating order (great power, public key, display name), the hash-chain
length for the dice beacon, the timeout after which a silent seat may be dropped, and
the bot that plays dropped or resigned seats. The game id travels in the envelope.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from game.bots import BOT_NAMES
from game.rules import ENGINE_VERSION, RulesError, State, new_game
from net.core.beacon import DEFAULT_CHAIN_LENGTH, MAX_CHAIN_LENGTH, MIN_CHAIN_LENGTH
from net.core.encoding import is_hex
from net.core.envelope import PROTOCOL_VERSION
from net.core.reasons import Reject

DEFAULT_TIMEOUT_MS = 120_000
# The drop timeout a genesis may set: long enough for a person to think and a link to
# come back, short enough that a silent seat does not hold a table for hours.
MIN_TIMEOUT_MS = 10_000
MAX_TIMEOUT_MS = 3_600_000
MAX_NAME = 40
_RULESET = re.compile(r"\A[a-z0-9_]{1,40}\Z")  # a shipped data file, never a path from the network
_BODY_KEYS = {"protocol", "engine", "ruleset", "options", "seats", "chain_length", "timeout_ms", "drop_bot"}


def settings_fault(chain_length: int, timeout_ms: int) -> str | None:
    """Which of a game's settings is out of bounds: ``chain_length`` (the hash chains must
    be :data:`MIN_CHAIN_LENGTH` to :data:`MAX_CHAIN_LENGTH` long), ``timeout_ms`` (the drop
    timeout :data:`MIN_TIMEOUT_MS` to :data:`MAX_TIMEOUT_MS`), or None."""
    if not MIN_CHAIN_LENGTH <= chain_length <= MAX_CHAIN_LENGTH:
        return "chain_length"
    if not MIN_TIMEOUT_MS <= timeout_ms <= MAX_TIMEOUT_MS:
        return "timeout_ms"
    return None


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat of the genesis: its power, its player's key (empty: a bot plays the seat from
    the start) and a display name."""

    power: str
    key: str
    name: str

    @property
    def bot(self) -> bool:
        return not self.key

    def to_json(self) -> dict[str, str]:
        return {"power": self.power, "key": self.key, "name": self.name}


@dataclass(frozen=True, slots=True)
class Genesis:
    game_id: str
    seats: tuple[SeatInfo, ...]
    ruleset: str = "standard"
    options: tuple[tuple[str, Any], ...] = ()
    engine: str = ENGINE_VERSION
    chain_length: int = DEFAULT_CHAIN_LENGTH
    timeout_ms: int = DEFAULT_TIMEOUT_MS
    drop_bot: str = "greedy"

    @property
    def powers(self) -> list[str]:
        return [s.power for s in self.seats]

    @property
    def game_id_bytes(self) -> bytes:
        return bytes.fromhex(self.game_id)

    def body(self) -> dict[str, Any]:
        return {"protocol": PROTOCOL_VERSION, "engine": self.engine, "ruleset": self.ruleset,
                "options": dict(self.options), "seats": [s.to_json() for s in self.seats],
                "chain_length": self.chain_length, "timeout_ms": self.timeout_ms, "drop_bot": self.drop_bot}

    def new_state(self) -> State:
        return new_game(self.powers, {"components": self.ruleset, **dict(self.options)})

    @classmethod
    def from_body(cls, game_id: str, body: dict[str, Any]) -> Genesis:
        """Validate a genesis body; raises :class:`Reject` (``bad_genesis``/``engine_mismatch``)."""
        def bad(text: str) -> Reject:
            return Reject("bad_genesis", text)

        if set(body) != _BODY_KEYS:
            raise bad(f"fields must be exactly {sorted(_BODY_KEYS)}")
        if body["protocol"] != PROTOCOL_VERSION:
            raise bad(f"protocol {body['protocol']!r}; expected {PROTOCOL_VERSION}")
        if body["engine"] != ENGINE_VERSION:
            raise Reject("engine_mismatch", f"the game needs engine {body['engine']!r}; this is {ENGINE_VERSION!r}")
        ruleset, options, seats = body["ruleset"], body["options"], body["seats"]
        if not isinstance(ruleset, str) or not _RULESET.match(ruleset) or not isinstance(options, dict):
            raise bad("ruleset must name a shipped component file (letters, digits, _) and options be an object")
        if "components" in options:
            raise bad("the component file is named by ruleset, not options")
        if not isinstance(seats, list) or not 2 <= len(seats) <= 7:
            raise bad("seats must be a list of 2 to 7 seats")
        infos: list[SeatInfo] = []
        for i, s in enumerate(seats):
            if not isinstance(s, dict) or set(s) != {"power", "key", "name"}:
                raise bad(f"seat {i} must have exactly power, key and name")
            if not isinstance(s["power"], str) or not (s["key"] == "" or is_hex(s["key"], 32)):
                raise bad(f"seat {i}: power must be a string and key 32 bytes of hex (empty for a bot seat)")
            name = s["name"]
            if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or not name.isprintable():
                raise bad(f"seat {i}: name must be 1-{MAX_NAME} printable characters")
            infos.append(SeatInfo(s["power"], s["key"], name))
        people = [s.key for s in infos if s.key]
        if len(set(people)) != len(people):
            raise bad("every seat needs its own key")
        if not people:  # no one would ever join, so play would never start
            raise bad("at least one seat must be a person's (a seat with a key)")
        L, timeout, bot = body["chain_length"], body["timeout_ms"], body["drop_bot"]
        if isinstance(L, bool) or not isinstance(L, int) or not MIN_CHAIN_LENGTH <= L <= MAX_CHAIN_LENGTH:
            raise bad(f"chain_length must be an integer {MIN_CHAIN_LENGTH}..{MAX_CHAIN_LENGTH} "
                      f"(enough reveals for the longest game); the host asked for {L!r}")
        if isinstance(timeout, bool) or not isinstance(timeout, int) or not MIN_TIMEOUT_MS <= timeout <= MAX_TIMEOUT_MS:
            raise bad(f"timeout_ms must be an integer {MIN_TIMEOUT_MS}..{MAX_TIMEOUT_MS} (10 s to 1 hour); "
                      f"the host asked for {timeout!r}")
        if bot not in BOT_NAMES:
            raise bad(f"drop_bot must be one of {', '.join(BOT_NAMES)}")
        g = cls(game_id, tuple(infos), ruleset, tuple(sorted(options.items())), body["engine"], L, timeout, bot)
        try:
            g.new_state()
        except (RulesError, OSError, ValueError, KeyError) as exc:
            raise bad(f"the engine refuses this setup: {exc}") from None
        return g
