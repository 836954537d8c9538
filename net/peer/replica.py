"""The transport's view of a peer's session and of the host's lobby (:class:`GameReplica`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from net.core.chat import ChatBox, ChatLine
from net.core.envelope import message_id, parse
from net.core.lobby import Lobby
from net.core.reasons import Reject
from net.core.session import Held, Session
from net.core.transcript import Accepted


class GameReplica:
    """The transport's view of a session (and of the host's lobby): implements
    :class:`net.mesh.Replica`."""

    def __init__(self, session: Session, lobby: Lobby | None = None, my_hello: bytes = b"") -> None:
        self.session = session
        self.lobby = lobby
        self.my_hello = my_hello
        # a joiner asks for its seat once it has seen the host's lobby (and so the game's
        # settings, shown to its player); never for a game whose settings are out of bounds
        self.settings_seen = False
        self.settings_refused = False
        self.frozen = False  # after a desync: take in nothing more (and so sign nothing more)
        self._flooded = 0
        self._extra: list[bytes] = []
        self.chat: ChatBox | None = None  # the game's chat lines (net.core.chat), never part of the game
        self.chat_new: list[ChatLine] = []  # accepted since the peer last looked
        self.heard: dict[str, int] = {}  # author -> when a message of it was last taken in (directly or relayed)

    def _scan(self) -> None:
        """Collect the messages accepted since the last look, to flood them."""
        entries = self.session.transcript.entries
        self._extra.extend(e.env.raw for e in entries[self._flooded:])
        self._flooded = len(entries)

    def have(self) -> dict[str, int]:
        return self.session.transcript.heads()

    def missing(self, their_have: Mapping[str, object]) -> Iterator[tuple[str, bytes]]:
        for entry in self.session.transcript.missing_entries(their_have):
            yield entry.env.id, entry.env.raw
        if self._asking():
            yield message_id(self.my_hello), self.my_hello

    def _asking(self) -> bool:
        return (bool(self.my_hello) and self.session.transcript.genesis is None and self.settings_seen
                and not self.settings_refused)

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
        if env.kind == "hello":
            if self.lobby is None:
                return "held"  # not ours to judge; only the host seats players
            code = self.lobby.offer(raw)
            return "accepted" if code in ("accepted", "duplicate") else code  # a refusal: told in a BYE
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
        if self._asking():
            out.append(self.my_hello)
        return out

    def info(self) -> dict[str, Any] | None:
        return self.lobby.info() if self.lobby is not None else None

    def seated(self, key: str) -> bool:
        if self.session.transcript.seat_of(key) >= 0:
            return True
        return self.lobby is not None and any(s.key == key for s in self.lobby.seats)
