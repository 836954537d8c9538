"""The transport's view of a peer's session and of the host's lobby (:class:`GameReplica`)."""

from __future__ import annotations

import heapq
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from net.core.chat import ChatBox, ChatLine
from net.core.envelope import Envelope, message_id, parse
from net.core.lobby import Lobby
from net.core.reasons import Reject
from net.core.session import Held, Session
from net.core.transcript import Accepted


class GameReplica:
    """The transport's view of a session (and of the host's lobby): implements
    :class:`net.mesh.Replica`."""

    def __init__(self, session: Session, lobby: Lobby | None = None) -> None:
        self.session = session
        self.lobby = lobby
        # a joiner asks for its seat (net.peer.door) once it has seen the host's lobby (and
        # so the game's settings, shown to its player); never for a game whose settings are
        # out of bounds
        self.settings_seen = False
        self.settings_refused = False
        self.frozen = False  # after a desync: take in nothing more (and so sign nothing more)
        self._flooded = 0
        self._by_author: dict[str, list[int]] = {}  # author -> the indices of its messages (see missing)
        self._indexed = 0
        self._extra: list[bytes] = []
        self.chat: ChatBox | None = None  # the game's chat lines (net.core.chat), never part of the game
        self.chat_new: list[ChatLine] = []  # accepted since the peer last looked
        self.heard: dict[str, int] = {}  # author -> when a message of it was last taken in (directly or relayed)
        self.hello_heard: dict[str, int] = {}  # the host: a seated joiner's key -> when its hello last came
        # whether to take in a genesis (net.peer.door.judge_genesis), and what to call when
        # the host's lobby has signed a new info (to save it)
        self.judge_genesis: Callable[[Envelope], bool] | None = None
        self.on_lobby_change: Callable[[], None] | None = None

    def _scan(self) -> None:
        """Collect the messages accepted since the last look, to flood them."""
        entries = self.session.transcript.entries
        self._extra.extend(e.env.raw for e in entries[self._flooded:])
        self._flooded = len(entries)

    def have(self) -> dict[str, int]:
        return self.session.transcript.heads()

    def missing(self, their_have: Mapping[str, object]) -> Iterator[tuple[str, bytes]]:
        """Lazily (the transport stops once the link's budget is spent), in transcript
        order: a look at each author of the game (never at the other's made-up keys), then
        one step per message taken, each with the id the transcript keeps (nothing hashed)."""
        entries = self.session.transcript.entries
        for i in range(self._indexed, len(entries)):  # (an author's messages come in seq order, from 0)
            self._by_author.setdefault(entries[i].env.author, []).append(i)
        self._indexed = len(entries)
        runs: list[Iterator[int]] = []
        for author, indices in self._by_author.items():
            head = their_have.get(author, 0)
            head = head if isinstance(head, int) and head > 0 else 0
            if head < len(indices):
                runs.append(map(indices.__getitem__, range(head, len(indices))))
        for i in runs[0] if len(runs) == 1 else heapq.merge(*runs):
            env = entries[i].env
            yield env.id, env.raw

    def receive(self, raw: bytes, now: int) -> str:
        if self.frozen:
            return "held"
        if self.session.transcript.has(message_id(raw)):
            return "duplicate"  # what the transcript would say, without parsing: most copies of a flood
        try:
            env = parse(raw)  # once: the transcript takes the parsed envelope
        except Reject as r:
            return r.code
        if env.kind == "chat":
            if self.chat is None:
                return "held"
            code = self.chat.offer(env, now)
            if code == "accepted":
                self._extra.append(raw)  # flooded on, as a game's message is
                self.chat_new.append(self.chat.lines[-1])
            return code
        if env.kind in ("hello", "leave", "info"):
            if self.lobby is None or env.kind == "info":
                return "held"  # not ours to judge; only the host seats players (an info comes as INFO)
            if env.kind == "leave":
                return self.lobby.withdraw(raw)
            code = self.lobby.offer(raw)
            if code in ("accepted", "duplicate"):
                self.hello_heard[env.author] = now  # the joiner is there (its hello goes to the host alone)
                return "accepted"
            return code  # a refusal: told in a BYE
        if env.kind == "genesis" and self.judge_genesis is not None and not self.judge_genesis(env):
            return "not_expected"
        res = self.session.incoming(raw, now, env)
        if isinstance(res, Accepted):
            self.heard[env.author] = now
            return "accepted"
        if isinstance(res, Held):
            return "held"
        return res.code

    def chat_sent(self, line: ChatLine) -> None:
        """This peer's own chat line: flooded with the next drain, reported like the others'."""
        self._extra.append(line.raw)
        self.chat_new.append(line)

    def drain(self) -> list[bytes]:
        self._scan()
        self.session.outgoing()  # own messages are transcript entries: flooded from there
        out, self._extra = self._extra, []
        return out

    def info(self) -> dict[str, Any] | None:
        """The host's lobby as its ``INFO`` states it: the signed ``info`` envelope, as the
        JSON object the transport sends (its canonical encoding is the envelope's bytes)."""
        if self.lobby is None:
            return None
        serial = self.lobby.serial
        raw = self.lobby.signed_info()
        if self.lobby.serial != serial and self.on_lobby_change is not None:
            self.on_lobby_change()  # saved before it leaves: a restarted host signs only newer ones
        info: dict[str, Any] = json.loads(raw)
        return info

    def seated(self, key: str) -> bool:
        if self.session.transcript.seat_of(key) >= 0:
            return True
        return self.lobby is not None and any(s.key == key for s in self.lobby.seats)
