"""Chat: signed lines between the players and spectators of a game, never part of it.

A chat line is an envelope of kind ``chat`` (:mod:`net.core.envelope`) whose body is
``{"name": NAME, "text": TEXT}``: ``text`` 1 to :data:`MAX_TEXT` characters with no
control character, ``name`` at most :data:`MAX_NAME` (the name a spectator gives itself;
a player's name is its seat's). Its ``seq`` and ``prev`` chain the author's own chat
lines (seq 0 and no prev first, then each names the one before), apart from the author's
messages of the game; ``at`` and ``state`` say the position the author saw when writing.
It never enters the transcript: it does not change the game, the state hash, the
verifier's verdict or what anyone may do.

A :class:`ChatBox` takes chat lines in: it checks the form, the game and the signature,
keeps each author to :data:`BURST` lines at once and one per :data:`REFILL_MS` after
that, and at most :data:`MAX_AUTHORS` authors and :data:`MAX_LINES` lines in all (a
stranger holding an invite can fill neither memory nor the screen), and keeps the first
line it saw for an author's ``seq`` (a second is refused). Accepted lines are flooded like
the game's messages, so they reach everyone connected; a peer that was away does not get
the lines it missed (chat has no catch-up), but keeps those it saw, which its log's chat
file holds (``LOG.chat``) and replays show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from net.core.envelope import Envelope, build, check_signature
from net.core.identity import Identity
from net.core.reasons import Reject

MAX_TEXT = 280
MAX_NAME = 24
BURST = 5  # lines an author may send at once
REFILL_MS = 3_000  # then one line this often
MAX_AUTHORS = 64
MAX_LINES = 2_000


@dataclass(frozen=True, slots=True)
class ChatLine:
    """An accepted chat line: its author (key hex), the author's chat seq, the position it
    was written at, the name it gives, its text, and its envelope's bytes and id."""

    author: str
    seq: int
    at: int
    name: str
    text: str
    id: str
    raw: bytes


def text_problem(text: str) -> str:
    """Why ``text`` cannot be a chat line's text ("" when it can)."""
    if not text.strip():
        return "empty"
    if len(text) > MAX_TEXT:
        return "too_long"
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text):
        return "control"
    return ""


def body_ok(body: dict[str, object]) -> bool:
    """Whether a chat envelope's body is ``{"name": NAME, "text": TEXT}`` as the module
    docstring says."""
    name, text = body.get("name"), body.get("text")
    return (set(body) == {"name", "text"} and isinstance(name, str) and isinstance(text, str)
            and len(name) <= MAX_NAME and not text_problem(text) and not (name and text_problem(name)))


@dataclass
class _Author:
    tokens: int
    since: int  # when the tokens were last counted
    seqs: dict[int, str] = field(default_factory=dict)  # seq -> id of the line kept
    last: str | None = None  # the id of its last own line (for the next one's prev)


class ChatBox:
    """The chat lines of one game, as one peer has them (see the module docstring)."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.lines: list[ChatLine] = []
        self._ids: set[str] = set()
        self._authors: dict[str, _Author] = {}
        self._mine = -1  # this peer's last chat seq

    def _author(self, key: str, now: int) -> _Author | None:
        a = self._authors.get(key)
        if a is None:
            if len(self._authors) >= MAX_AUTHORS:
                return None
            a = self._authors[key] = _Author(BURST, now)
        elapsed = max(0, now - a.since)
        if elapsed >= REFILL_MS:
            a.tokens = min(BURST, a.tokens + elapsed // REFILL_MS)
            a.since = now - elapsed % REFILL_MS if a.tokens < BURST else now
        return a

    def offer(self, env: Envelope, now: int) -> str:
        """Take in a chat line: ``accepted``, ``duplicate``, or why it is refused
        (``wrong_game``, ``bad_signature``, ``bad_body``, ``equivocation``, ``rate``,
        ``too_many``)."""
        if env.id in self._ids:
            return "duplicate"
        if env.kind != "chat":
            return "not_expected"
        if env.game != self.game_id:
            return "wrong_game"
        try:
            check_signature(env)
        except Reject as r:
            return r.code
        if not body_ok(env.body):
            return "bad_body"
        name, text = str(env.body["name"]), str(env.body["text"])
        if len(self.lines) >= MAX_LINES:
            return "too_many"
        a = self._author(env.author, now)
        if a is None:
            return "too_many"
        if env.seq in a.seqs:
            return "equivocation"  # another line with this seq was kept
        if a.tokens <= 0:
            return "rate"
        a.tokens -= 1
        a.seqs[env.seq] = env.id
        self._ids.add(env.id)
        self.lines.append(ChatLine(env.author, env.seq, env.at, name, text, env.id, env.raw))
        return "accepted"

    def write(self, identity: Identity, *, at: int, state: str, name: str, text: str, now: int) -> Envelope:
        """A new chat line of this peer's, signed, taken in at once (raises
        :class:`~net.core.reasons.Reject` with the reason when it may not be sent: ``bad_body``
        for an empty, too long or unprintable text or name, ``rate`` when sending too fast)."""
        if text_problem(text) or len(name) > MAX_NAME or (name and text_problem(name)):
            raise Reject("bad_body", text_problem(text) or "bad name")
        mine = self._authors.get(identity.public_hex)
        prev = mine.last if mine is not None else None
        seq = self._mine + 1
        env = build(identity, game=self.game_id, seq=seq, prev=prev, kind="chat", at=at, state=state,
                    body={"name": name, "text": text})
        code = self.offer(env, now)
        if code != "accepted":
            raise Reject(code, "sending too fast: wait a moment" if code == "rate" else code)
        self._mine = seq
        self._authors[identity.public_hex].last = env.id
        return env

    def restore(self, env: Envelope, own: bool) -> None:
        """Take back a line from this peer's chat file (a resumed peer): kept without the
        rate limit; an own line sets the next seq and prev."""
        if env.id in self._ids or env.kind != "chat" or env.game != self.game_id:
            return
        if not body_ok(env.body):
            return
        a = self._authors.setdefault(env.author, _Author(BURST, 0))
        if env.seq in a.seqs:
            return
        a.seqs[env.seq] = env.id
        self._ids.add(env.id)
        self.lines.append(ChatLine(env.author, env.seq, env.at, str(env.body.get("name", "")),
                                   str(env.body["text"]), env.id, env.raw))
        if own and env.seq > self._mine:
            self._mine, a.last = env.seq, env.id
