"""The genesis: what the creator of a game fixes before anyone plays.

Its body names the protocol, the release that decides the game's state
(:mod:`net.core.release`) and ruleset, the engine options, the seats in seating order
(great power, public key, display name, and the nonce of the ``hello`` that asked for the
seat), the hash-chain length for the dice beacon, the timeout after which a silent seat
may be dropped, each seat's game clock (a time bank and an increment per turn) and the bot
that plays dropped or resigned seats. The game id travels in the envelope.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from game.bots import BOT_NAMES
from game.rules import RulesError, State, new_game
from net.core.beacon import DEFAULT_CHAIN_LENGTH, MAX_CHAIN_LENGTH, MIN_CHAIN_LENGTH
from net.core.encoding import is_hex
from net.core.envelope import PROTOCOL_VERSION
from net.core.reasons import Reject
from net.core.release import RELEASE, installable_name

DEFAULT_TIMEOUT_MS = 120_000
# The drop timeout a genesis may set: long enough for a person to think and a link to
# come back, short enough that a silent seat does not hold a table for hours.
MIN_TIMEOUT_MS = 10_000
MAX_TIMEOUT_MS = 3_600_000
# The game clock: each seat's time bank (0: no bank, only the drop timeout bounds a turn)
# and what a turn given back to the table adds to it (docs/network.md, "Game clocks").
DEFAULT_BANK_MS = 900_000
DEFAULT_INCREMENT_MS = 15_000
MIN_BANK_MS = 60_000
MAX_BANK_MS = 86_400_000
MAX_INCREMENT_MS = 600_000
MAX_NAME = 40
NONCE_BYTES = 16
_RULESET = re.compile(r"\A[a-z0-9_]{1,40}\Z")  # a shipped data file, never a path from the network
_BODY_KEYS = {"protocol", "release", "ruleset", "options", "seats", "chain_length", "timeout_ms", "clock", "drop_bot"}


def settings_fault(chain_length: int, timeout_ms: int, bank_ms: int = 0, increment_ms: int = 0) -> str | None:
    """Which of a game's settings is out of bounds: ``chain_length`` (the hash chains must
    be :data:`MIN_CHAIN_LENGTH` to :data:`MAX_CHAIN_LENGTH` long), ``timeout_ms`` (the drop
    timeout :data:`MIN_TIMEOUT_MS` to :data:`MAX_TIMEOUT_MS`), ``bank_ms`` (0, or
    :data:`MIN_BANK_MS` to :data:`MAX_BANK_MS`), ``increment_ms`` (0 to
    :data:`MAX_INCREMENT_MS`, and 0 without a bank), or None."""
    if not MIN_CHAIN_LENGTH <= chain_length <= MAX_CHAIN_LENGTH:
        return "chain_length"
    if not MIN_TIMEOUT_MS <= timeout_ms <= MAX_TIMEOUT_MS:
        return "timeout_ms"
    if bank_ms != 0 and not MIN_BANK_MS <= bank_ms <= MAX_BANK_MS:
        return "bank_ms"
    if not 0 <= increment_ms <= MAX_INCREMENT_MS or (increment_ms and not bank_ms):
        return "increment_ms"
    return None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat of the genesis: its power, its player's key (empty: a bot plays the seat from
    the start), a display name, and the nonce of the joiner's ``hello`` that asked for it
    (hex; empty for a seat no hello asked for): a joiner sits down only in a genesis that
    names its latest hello's nonce, so a genesis signed before, for another lobby, cannot
    seat it again (net.peer.door)."""

    power: str
    key: str
    name: str
    nonce: str = ""

    @property
    def bot(self) -> bool:
        return not self.key

    def to_json(self) -> dict[str, str]:
        return {"power": self.power, "key": self.key, "name": self.name, "nonce": self.nonce}


@dataclass(frozen=True, slots=True)
class Genesis:
    game_id: str
    seats: tuple[SeatInfo, ...]
    ruleset: str = "standard"
    options: tuple[tuple[str, Any], ...] = ()
    release: str = RELEASE
    chain_length: int = DEFAULT_CHAIN_LENGTH
    timeout_ms: int = DEFAULT_TIMEOUT_MS
    drop_bot: str = "greedy"
    bank_ms: int = DEFAULT_BANK_MS
    increment_ms: int = DEFAULT_INCREMENT_MS

    @property
    def powers(self) -> list[str]:
        return [s.power for s in self.seats]

    @property
    def game_id_bytes(self) -> bytes:
        return bytes.fromhex(self.game_id)

    def body(self) -> dict[str, Any]:
        return {"protocol": PROTOCOL_VERSION, "release": self.release, "ruleset": self.ruleset,
                "options": dict(self.options), "seats": [s.to_json() for s in self.seats],
                "chain_length": self.chain_length, "timeout_ms": self.timeout_ms,
                "clock": {"bank_ms": self.bank_ms, "increment_ms": self.increment_ms}, "drop_bot": self.drop_bot}

    def new_state(self) -> State:
        return new_game(self.powers, {"components": self.ruleset, **dict(self.options)})

    @classmethod
    def from_body(cls, game_id: str, body: dict[str, Any]) -> Genesis:
        """Validate a genesis body; raises :class:`Reject` (``bad_genesis``/``release_mismatch``)."""
        def bad(text: str) -> Reject:
            return Reject("bad_genesis", text)

        if set(body) != _BODY_KEYS:
            raise bad(f"fields must be exactly {sorted(_BODY_KEYS)}")
        if body["protocol"] != PROTOCOL_VERSION:
            raise bad(f"protocol {body['protocol']!r}; expected {PROTOCOL_VERSION}")
        if body["release"] != RELEASE:
            theirs = body["release"]
            wanted = installable_name(theirs) if isinstance(theirs, str) else "?"
            raise Reject("release_mismatch", f"the game was made by release {str(theirs)[:80]!r}; this is {RELEASE!r}: "
                                             f"install release {wanted[:40]} to take part")
        ruleset, options, seats = body["ruleset"], body["options"], body["seats"]
        if not isinstance(ruleset, str) or not _RULESET.match(ruleset) or not isinstance(options, dict):
            raise bad("ruleset must name a shipped component file (letters, digits, _) and options be an object")
        if "components" in options:
            raise bad("the component file is named by ruleset, not options")
        if not isinstance(seats, list) or not 2 <= len(seats) <= 7:
            raise bad("seats must be a list of 2 to 7 seats")
        infos: list[SeatInfo] = []
        for i, s in enumerate(seats):
            if not isinstance(s, dict) or set(s) != {"power", "key", "name", "nonce"}:
                raise bad(f"seat {i} must have exactly power, key, name and nonce")
            if not isinstance(s["power"], str) or not (s["key"] == "" or is_hex(s["key"], 32)):
                raise bad(f"seat {i}: power must be a string and key 32 bytes of hex (empty for a bot seat)")
            name = s["name"]
            if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or not name.isprintable():
                raise bad(f"seat {i}: name must be 1-{MAX_NAME} printable characters")
            if s["nonce"] != "" and not is_hex(s["nonce"], NONCE_BYTES):
                raise bad(f"seat {i}: nonce must be {NONCE_BYTES} bytes of hex, or empty")
            infos.append(SeatInfo(s["power"], s["key"], name, s["nonce"]))
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
        clock = body["clock"]
        if not isinstance(clock, dict) or set(clock) != {"bank_ms", "increment_ms"} or not all(
                _whole(v) for v in clock.values()):
            raise bad("clock must be an object with exactly the integers bank_ms and increment_ms")
        bank, inc = clock["bank_ms"], clock["increment_ms"]
        if settings_fault(L, timeout, bank, inc):
            raise bad(f"the game clock must be no bank, or {MIN_BANK_MS // 60_000} min to {MAX_BANK_MS // 3_600_000} h "
                      f"with an increment of 0 to {MAX_INCREMENT_MS // 1000} s; the host asked for {bank} ms + {inc} ms")
        if bot not in BOT_NAMES:
            raise bad(f"drop_bot must be one of {', '.join(BOT_NAMES)}")
        g = cls(game_id, tuple(infos), ruleset, tuple(sorted(options.items())), body["release"], L, timeout, bot,
                bank, inc)
        try:
            g.new_state()
        except (RulesError, OSError, ValueError, KeyError) as exc:
            raise bad(f"the engine refuses this setup: {exc}") from None
        return g
