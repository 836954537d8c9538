"""The sentences a player reads about a network game's peer: :func:`sentence` turns each
event a :class:`net.peer.Peer` reports (:mod:`net.peer.events`) into words, in the
language in use (:mod:`game.client.words.lang`).

Every sentence is a whole template with named fields, its English the message id of its
translations: those that count nothing in :data:`TEMPLATES`, those whose words change
with a count in :data:`COUNTED` (said in the language's plural form for the number, never
a word with an "s" added). Lists (the seats of a lobby, the reasons a connection waits)
are items joined by the language's own separators. Powers are named as the rules'
component data names them, translated (:func:`power_name`); seconds are written with the
language's decimal mark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

from game.client.words.clocks import clock_problem, clock_time, game_clock, overdue_why
from game.client.words.lang import N_, join_and, join_list, say, say_in, say_n
from game.client.words.names import Names
from game.client.words.numbers import number
from game.rules.board import load_board
from net.core.beacon import MAX_CHAIN_LENGTH, MIN_CHAIN_LENGTH
from net.core.genesis import MAX_TIMEOUT_MS, MIN_TIMEOUT_MS, settings_fault
from net.core.release import installable_name
from net.core.session import Waiting
from net.peer.events import (
    Awaiting,
    Chat,
    Connected,
    Desync,
    Diagnosis,
    Dropped,
    DropVoted,
    EvidenceKept,
    GameEvent,
    GaveUp,
    Joined,
    Left,
    LobbySeats,
    LogRepaired,
    NoFiles,
    Over,
    PeerEvent,
    Refused,
    Seated,
    SettingsRefused,
    SettingsSeen,
    Started,
    StillTrying,
    SubmitRefused,
)
from net.peer.links import Connection

TEMPLATES: Mapping[str, str] = MappingProxyType({
    # the lobby
    "joined": N_("{name} joined and plays {power}"),
    "left": N_("{name} left; {power} is free again"),
    "lobby": N_("lobby: {seats}"),
    "lobby_seat": N_("{power}: {name}"),
    "lobby_seat_free": N_("{power}: free"),
    "seated": N_("You have a seat: you play {power}; the host starts the game"),
    "settings": N_("the host's game: a silent seat may be voted out after {timeout} s; hash chains of {chain} "
                   "reveals"),
    "settings_clock": N_("the host's game: {clock}; a silent seat may be voted out after {timeout} s; hash chains "
                         "of {chain} reveals"),
    "settings_refused": N_("this game cannot be played: {problem}; not taking a seat"),
    "bad_chain_length": N_("the hash chains must be {lo} to {hi} long, not {chain}"),
    "bad_timeout": N_("the timeout must be {lo} to {hi} seconds, not {timeout}"),
    "started_host": N_("The game starts: {seats}"),
    "started_seat": N_("{name} plays {power}"),
    "started_seat_bot": N_("a computer player plays {power}"),
    "started_joiner": N_("The game starts: you play {power}."),
    # calling the others
    "connected": N_("Connected."),
    "still_trying": N_("still trying ({elapsed} s of {wait}): {why}"),
    "gave_up_kept": N_("gave up after {wait} s: {why}. The log is kept: `soe resume {log}` when the others are back"),
    "gave_up": N_("gave up after {wait} s: {why}. Check the invite's address and port, and that the host's program "
                  "is running"),
    "no_peer": N_("no peer to call"),
    "contact_refused": N_("nothing listens at {where} (connection refused)"),
    "contact_bad_key": N_("{where} answers, but the encryption handshake fails: its key is not the invite's curve "
                          "key (an invite of another game, or a damaged one)"),
    "contact_connected": N_("connected to {where}, but it has not answered yet"),
    "contact_silent": N_("no answer from {where} at all (a wrong address, or a firewall in the way)"),
    # refusals
    "refused_fingerprint": N_("the host's key fingerprint is {theirs}, not {expected} as the invite says: not "
                              "joining (compare the fingerprint with the one the host reads out)"),
    "refused_fingerprint_none": N_("the host's key fingerprint is (none), not {expected} as the invite says: not "
                                   "joining (compare the fingerprint with the one the host reads out)"),
    "refused_creator": N_("the game was started by the key {theirs}, not by the invite's host {expected}: leaving "
                          "it"),
    "refused_key_seated": N_("your key already holds a seat in this game: every player needs a key of its own; on "
                             "one machine give the second player another key file, e.g. `soe join INVITE --key "
                             "south.pem`"),
    "refused_full": N_("the game is full; `soe spectate` to watch"),
    "refused_wrong_game": N_("the host at {endpoint} refused game {game}: it hosts another game now (is the invite "
                             "old?)"),
    "refused_release": N_("this game is played with release {theirs}, and this program is release {mine}: install "
                          "release {install} to take part"),
    "refused_release_unknown": N_("the host plays another release of soe than this one ({mine}): install the host's "
                                  "release to take part"),
    "refused_not_this_lobby": N_("the game's genesis was not made for this lobby: the host signed it for another "
                                 "request of your key (a game id used again); not taking a seat"),
    "refused_other": N_("the host refused this player ({code})"),
    # the game
    "submit_refused": N_("refused: Rejected(code={code!r}, text={text!r}, id={id!r})"),
    "drop_voted": N_("voted to drop the seats that kept the game waiting too long"),
    "dropped_own": N_("this peer's seat ({power}) was dropped for keeping the game waiting; a computer player ({bot}) "
                      "plays {power} now"),
    "dropped": N_("{name} ({power}) was dropped for keeping the game waiting; a computer player ({bot}) plays "
                  "{power} now"),
    "dropped_unnamed": N_("a player ({power}) was dropped for keeping the game waiting; a computer player ({bot}) "
                          "plays {power} now"),
    "chat": N_("{name}: {text}"),
    "chat_watching": N_("{name} (watching): {text}"),
    "chat_watching_unnamed": N_("a spectator: {text}"),
    "chat_bad_body": N_("a chat line is 1 to 280 printable characters"),
    "chat_rate": N_("sending too fast: wait a moment before the next line"),
    "chat_too_many": N_("the game's chat is full"),
    "chat_not_expected": N_("there is no chat before the game is known"),
    "so_far_dropped": N_("{who} was dropped for withholding ({what})"),
    "so_far_withheld": N_("{who} withheld its reveal for chance event {chance} after every other reveal of it was "
                          "in, and was dropped"),
    "link_who": N_("{power} ({name})"),
    "link_silent": N_("{who} is silent: its program may have stopped; the game waits for it"),
    "link_back": N_("{who} is connected again"),
    "waiting": N_("waiting for {name} ({power}): {what}"),
    "waiting_overdue": N_("waiting for {name} ({power}): {what} (overdue: {why})"),
    "waiting_clock": N_("waiting for {name} ({power}): {what}; {time} left on its game clock"),
    "waiting_nobody": N_("waiting for nobody"),
    "evidence": N_("refused a message of {who} naming another state for position {position}: kept as evidence "
                   "against it"),
    "desync": N_("DESYNC: most of the table saw state {theirs} at position {position} where this peer has {ours}; "
                 "this peer stops acting. Details: {dump}"),
    "no_files": N_("the system lets this peer open no more files (too many connections at once): {path} is not "
                   "written yet; it tries again"),
    "no_files_socket": N_("the system lets this peer open no more connections (too many at once); it tries "
                          "again"),
    "final_scores": N_("Final scores: {scores}"),
    "final_score": N_("{power} {score}"),
})
"""Every sentence about a peer that counts nothing, by its key (a message id: said with
:func:`_t` in the language in use)."""

COUNTED: Mapping[str, Callable[..., str]] = MappingProxyType({
    "joined_wait": lambda n, **f: say_n("{name} joined and plays {power}; waiting for {n} more player",
                                        "{name} joined and plays {power}; waiting for {n} more players", n, **f),
    "left_wait": lambda n, **f: say_n("{name} left; {power} is free again; waiting for {n} more player",
                                      "{name} left; {power} is free again; waiting for {n} more players", n, **f),
    "seated_wait": lambda n, **f: say_n("You have a seat: you play {power}; waiting for {n} more player",
                                        "You have a seat: you play {power}; waiting for {n} more players", n, **f),
    "so_far_unwitnessed": lambda n, **f: say_n(
        "{n} chance event was fed by fewer than two players' hash chains: the one left knew that roll first",
        "{n} chance events were fed by fewer than two players' hash chains: the one left knew those rolls first",
        n, **f),
    "log_repaired": lambda n, **f: say_n(
        "The log ended in a partial line ({n} byte, left by a crash): it was cut off and kept in {kept}; the other "
        "peers hold that message too.",
        "The log ended in a partial line ({n} bytes, left by a crash): it was cut off and kept in {kept}; the other "
        "peers hold that message too.", n, **f),
    "winner": lambda n, **f: say_n("Winner: {winners}", "Winner: {winners}", n, **f),
    "final_state": lambda n, **f: say_n("State {state}; {n} message in {log}", "State {state}; {n} messages in {log}",
                                        n, **f),
})
"""Every sentence about a peer whose words change with a count ``n``, by its key: the
function that says it for ``n`` (the language's plural form) with its other fields."""


def power_name(power: str) -> str:
    """A power as people read it, in the language in use: its name in the component data,
    else its id in words (``great_britain`` -> ``Great Britain``)."""
    b = load_board("standard")
    return Names(b).power(power) if power in b.power_by_id else power.replace("_", " ").title()


def waiting_what(code: str) -> str:
    """What the game waits for a seat to do, or what a dropped seat withheld, by its code
    (seat, commit, reveal, choice, open, end), in words (the code itself when it has none)."""
    words = {"seat": say_in("waiting for", "seat"), "commit": say_in("waiting for", "commit"),
             "reveal": say_in("waiting for", "reveal"), "choice": say_in("waiting for", "choice"),
             "open": say_in("waiting for", "open"), "end": say_in("waiting for", "end")}
    return words.get(code, code)


def waiting_nobody() -> str:
    """The game waits for no seat."""
    return _t("waiting_nobody")


def _t(key: str, **fields: Any) -> str:
    """The sentence ``key`` of :data:`TEMPLATES` with its fields, in the language in use."""
    return say(TEMPLATES[key], **fields)


def _count(key: str, n: int, **fields: Any) -> str:
    """The sentence ``key`` of :data:`COUNTED` for ``n`` things, with its other fields."""
    return COUNTED[key](n, **fields)


def _seconds(x: float, spec: str = "g") -> str:
    """A number of seconds as the language writes it ("1.5", Italian "1,5")."""
    return number(x, spec)


def final_scores(scores: Mapping[str, int], name: Callable[[str], str] = power_name) -> str:
    """The scores at the end: "Final scores: France 3, Spain 1", each power named by ``name``."""
    return _t("final_scores", scores=join_list(_t("final_score", power=name(p), score=v) for p, v in scores.items()))


def settings_problem(chain_length: int, timeout_ms: int, bank_ms: int = 0, increment_ms: int = 0) -> str | None:
    """Why a game's hash-chain length, drop timeout or game clock is out of bounds, or None."""
    fault = settings_fault(chain_length, timeout_ms, bank_ms, increment_ms)
    if fault in ("bank_ms", "increment_ms"):
        return clock_problem(bank_ms, increment_ms)
    if fault == "chain_length":
        return _t("bad_chain_length", lo=MIN_CHAIN_LENGTH, hi=MAX_CHAIN_LENGTH, chain=chain_length)
    if fault == "timeout_ms":
        return _t("bad_timeout", lo=MIN_TIMEOUT_MS // 1000, hi=MAX_TIMEOUT_MS // 1000, timeout=_seconds(timeout_ms / 1000))
    return None


def diagnosis(d: Diagnosis) -> str:
    """What the transport says of one connection a peer dialled."""
    key = {"refused": "contact_refused", "bad_key": "contact_bad_key", "connected": "contact_connected",
           "secure": "contact_connected"}.get(d.state, "contact_silent")
    return _t(key, where=d.endpoint.removeprefix("tcp://"))


def _why(contacts: tuple[Diagnosis, ...]) -> str:
    return say("; ").join(diagnosis(d) for d in contacts) or _t("no_peer")


def chat_line(c: Chat) -> str:
    """A chat line as it is shown: the player's name (a spectator's is marked as watching)."""
    if c.seat >= 0:
        return _t("chat", name=c.name or power_name(""), text=c.text)
    if c.name:
        return _t("chat_watching", name=c.name, text=c.text)
    return _t("chat_watching_unnamed", text=c.text)


def chat_refusal(code: str) -> str:
    """Why this peer's chat line was not sent (a code of :meth:`net.peer.Peer.chat`)."""
    key = f"chat_{code}"
    return _t(key if key in TEMPLATES else "chat_bad_body")


def so_far(drops: Iterable[tuple[str, str, tuple[str, ...], bool, int]], unwitnessed: int) -> tuple[str, list[str]]:
    """A network game's verdict so far: ``fair``, or ``contested`` with a sentence for
    each reason: ``drops`` as (power, name, what it withheld, whether it withheld its
    reveal after every other was in, the chance event), ``unwitnessed`` chance events fed
    by fewer than two players' chains."""
    reasons = []
    for power, name, withheld, after, chance in drops:
        who = _t("link_who", power=power_name(power), name=name) if name else power_name(power)
        reasons.append(_t("so_far_withheld", who=who, chance=chance) if after
                       else _t("so_far_dropped", who=who, what=join_list(waiting_what(w) for w in withheld)))
    if unwitnessed:
        reasons.append(_count("so_far_unwitnessed", unwitnessed))
    return ("contested" if reasons else "fair"), reasons


def link_news(before: Connection | None, now: Connection, name: Callable[[str], str] = power_name) -> str:
    """What to say of a seat's connection as it changes from ``before`` (None: not known
    yet) to ``now`` (:func:`net.peer.links.connections`): that it fell silent, or that it
    is heard again; "" when there is nothing to say (no change, this peer's own seat, a
    computer player's)."""
    if before is None or now.how == before.how or now.how in ("you", "bot"):
        return ""
    who = _t("link_who", power=name(now.power), name=now.name) if now.name else name(now.power)
    if now.how == "silent":
        return _t("link_silent", who=who)
    return _t("link_back", who=who) if before.how == "silent" else ""


def waiting_line(w: Waiting, name: Callable[[str], str] = power_name) -> str:
    """Whom the game waits for, and what for (``what``: seat, commit, reveal, choice, open or
    end): what is left of its game clock, or why it is overdue (its clock ran out, or its
    turn passed the timeout)."""
    fields = {"name": w.name, "power": name(w.power), "what": waiting_what(w.what)}
    if w.overdue:
        return _t("waiting_overdue", why=overdue_why(w.bank), **fields)
    if w.bank is not None:
        return _t("waiting_clock", time=clock_time(w.bank), **fields)
    return _t("waiting", **fields)


def refusal(r: Refused) -> str:
    """Why this joiner (or spectator) may not play (or watch) here."""
    if r.code == "fingerprint" and r.by_genesis:
        return _t("refused_creator", theirs=r.theirs, expected=r.expected)
    if r.code == "fingerprint":
        return _t("refused_fingerprint" if r.theirs else "refused_fingerprint_none", theirs=r.theirs,
                  expected=r.expected)
    if r.code == "wrong_game":
        return _t("refused_wrong_game", endpoint=r.endpoint, game=r.game)
    if r.code in ("key_seated", "full", "not_this_lobby"):
        return _t(f"refused_{r.code}")
    if r.code == "release" and r.theirs:
        return _t("refused_release", theirs=r.theirs, mine=r.expected, install=installable_name(r.theirs))
    if r.code == "release":
        return _t("refused_release_unknown", mine=r.expected)
    return _t("refused_other", code=r.code)


def result_lines(result: Mapping[str, Any], log: str, name: Callable[[str], str] = power_name) -> str:
    """The end of a game as the terminal prints it: the final scores and the winners (once
    the unrest is opened), the final state hash and the log."""
    lines = []
    out = result.get("outcome") or {}
    if out:
        lines.append(final_scores(out.get("scores", {}), name))
        winners = [name(w) for w in out.get("winners", [])]
        lines.append(_count("winner", len(winners), winners=join_and(winners)))
    lines.append(_count("final_state", result["messages"], state=result["state_hash"], log=log))
    return "\n".join(lines)


def sentence(event: PeerEvent, name: Callable[[str], str] = power_name) -> str:
    """The words for ``event`` (more than one line for a drop of several seats, the seats
    the game waits for, and the end). ``name`` names a power (:func:`power_name`)."""
    if isinstance(event, Chat):
        return chat_line(event)
    if isinstance(event, GameEvent):
        return str(event.entry.get("text", ""))
    if isinstance(event, Joined | Left):
        what = "joined" if isinstance(event, Joined) else "left"
        if not event.free:
            return _t(what, name=event.name, power=name(event.power))
        return _count(f"{what}_wait", event.free, name=event.name, power=name(event.power))
    if isinstance(event, LobbySeats):
        return _t("lobby", seats=join_list(_t("lobby_seat", power=name(p), name=n) if n
                                           else _t("lobby_seat_free", power=name(p)) for p, n in event.seats))
    if isinstance(event, Seated):
        if not event.free:
            return _t("seated", power=name(event.power))
        return _count("seated_wait", event.free, power=name(event.power))
    if isinstance(event, SettingsSeen):
        if event.bank_ms is None or event.increment_ms is None:  # (an older release's lobby does not say it)
            return _t("settings", timeout=_seconds(event.timeout_ms / 1000), chain=event.chain_length)
        return _t("settings_clock", clock=game_clock(event.bank_ms, event.increment_ms),
                  timeout=_seconds(event.timeout_ms / 1000), chain=event.chain_length)
    if isinstance(event, SettingsRefused):
        return _t("settings_refused", problem=settings_problem(event.chain_length, event.timeout_ms,
                                                               event.bank_ms or 0, event.increment_ms or 0))
    if isinstance(event, Started):
        if not event.hosting:
            return _t("started_joiner", power=name(event.power))
        return _t("started_host", seats=join_list(_t("started_seat", name=n, power=name(p)) if n
                                                  else _t("started_seat_bot", power=name(p))
                                                  for n, p in event.seats))
    if isinstance(event, Connected):
        return _t("connected")
    if isinstance(event, StillTrying):
        return _t("still_trying", elapsed=_seconds(event.elapsed_ms / 1000, ".0f"), wait=_seconds(event.wait_ms / 1000),
                  why=_why(event.contacts))
    if isinstance(event, GaveUp):
        return _t("gave_up_kept" if event.kept else "gave_up", wait=_seconds(event.wait_ms / 1000),
                  why=_why(event.contacts), log=event.log)
    if isinstance(event, Refused):
        return refusal(event)
    if isinstance(event, SubmitRefused):
        return _t("submit_refused", code=event.code, text=event.text, id=event.id)
    if isinstance(event, DropVoted):
        return _t("drop_voted")
    if isinstance(event, Dropped):
        return "\n".join(
            _t("dropped_own" if seat == event.own_seat else "dropped" if who else "dropped_unnamed", name=who,
               power=name(power), bot=event.bot)
            for seat, who, power in zip(event.seats, event.names, event.powers, strict=True))
    if isinstance(event, Awaiting):
        return "\n".join(waiting_line(w, name) for w in event.waits) or _t("waiting_nobody")
    if isinstance(event, EvidenceKept):
        return _t("evidence", who=name(event.power) if event.power else event.author[:16], position=event.position)
    if isinstance(event, Desync):
        return _t("desync", theirs=event.theirs[:16], position=event.position, ours=event.ours[:16], dump=event.dump)
    if isinstance(event, LogRepaired):
        return _count("log_repaired", event.cut_bytes, kept=event.kept)
    if isinstance(event, NoFiles):
        return _t("no_files", path=event.path) if event.path else _t("no_files_socket")
    if isinstance(event, Over):
        return result_lines(event.result, event.log, name)
    raise TypeError(f"no words for {type(event).__name__}")
