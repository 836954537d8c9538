"""The words of the window's network lobbies: what hosting, joining and watching a game is
doing, why it could not (a :class:`~game.client.netgames.NetStartError` said for a window,
where the terminal's flags mean nothing), and the host's table as the screen shows it.

Every sentence is a whole template in :data:`TEMPLATES` with named fields (a singular and a
plural are two templates); what the terminal says as well comes from
:mod:`game.client.words.netgames` and :mod:`game.client.words.peer`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from game.client.words.lang import capital
from game.client.words.netgames import start_error
from game.client.words.peer import power_name
from game.client.words.peer import refusal as peer_refusal
from net.core.lobby import DEFAULT_PORT
from net.peer.events import Refused

TEMPLATES: Mapping[str, str] = MappingProxyType({
    # why a game could not be hosted, joined, watched or taken up (for a window)
    "in_use": ("This game is open already, in another window or soe program on this machine: go on with it "
               "there (a game is open in one program at a time)."),
    "log_in_use": ("You have this game's log already ({log}): continue it from the main menu (Continue the last "
                   "game, or Open a saved game)."),
    "key_in_game": ("Your key is in this game already, in another window or soe program on this machine: every "
                    "player needs a key of their own (start the second window with SOE_KEY_FILE=other.pem)."),
    "log_fails": ("This game's log, {name}, fails its check at message {message} ({text}): it was altered or "
                  "damaged, and the game cannot go on from it. The file is left as it is, as evidence, in {folder}; "
                  "the command soe verify {log} checks it again and says more."),
    "port_taken": "Port {port} is taken on this machine (another game hosted here?): leave the port empty, or give "
                  "another.",
    "failure": "Something went wrong: {reason}",
    # hosting
    "opening": "Opening the table\u2026",
    "opening_upnp": "Opening the table and asking the router to forward the port (UPnP can take a few seconds)\u2026",
    "fell_back": "Port {default} was taken (another game hosted here?): listening on port {port} instead.",
    "upnp_off": "UPnP is off: players on the internet need TCP port {port} forwarded to this machine by hand.",
    "waiting_one": "Waiting for 1 more player.",
    "waiting_many": "Waiting for {n} more players.",
    "all_seated": "Every seat is taken: the game starts.",
    "countdown_one": "Computer players ({bot}) take the empty seats in 1 second.",
    "countdown_many": "Computer players ({bot}) take the empty seats in {n} seconds.",
    "starting": "Starting the game\u2026",
    "tell_fingerprint": "Read it out to the other players: their window shows the fingerprint of their invite, and "
                        "it must be this one.",
    "copied": "The invite is on the clipboard: paste it to the other players.",
    "reach": "Others reach this table at {address}, port {port}.",
    "timeout": "A silent seat may keep the game waiting {timeout} before the others may hand it to a computer player.",
    "free_seat": "free",
    "you": "{name} (you)",
    # joining and watching
    "join_opening": "Opening this side of the connection\u2026",
    "connecting": "Connecting to {where}\u2026",
    "connected": "The host answered: asking for a seat\u2026",
    "watch_connected": "The host answered: waiting for the game to start\u2026",
    "seated_wait": "You have a seat: you play {power}. Waiting for the host to start the game.",
    "started": "The game starts.",
    "refused_full": "The game is full, or it started without you: you may watch it instead.",
    "refused_key_seated": ("Your key already holds a seat in this game: every player needs a key of their own (on one "
                           "machine, start the second window with SOE_KEY_FILE=other.pem)."),
    "fp_unchecked": "Compare it with the one the host reads out: if they differ, go back.",
    "fp_checked": "The host's key is this one, as the invite says. Compare it with the one the host reads out.",
    "settings": "{players} players; a silent seat may keep the game waiting {timeout}; hash chains of {chain} reveals",
    "settings_seatless": "a silent seat may keep the game waiting {timeout}; hash chains of {chain} reveals",
    "settings_unknown": "The host has not said its game's settings yet.",
    "seconds": "{n} s",
    "minutes": "{n} min",
    "minutes_seconds": "{m} min {s} s",
    "hour": "1 hour",
    # the invite field and the LAN
    "invite_ok": "A game at {where}, whose host's key fingerprint is {fp}.",
    "bad_invite": "Not an invite: {reason}.",
    "lan_looking": "Looking for games announced on this network\u2026",
    "lan_none": "No game announced on this network yet (looking again every few seconds).",
    "lan_error": "Cannot look for games on this network: {reason}",
    "lan_open": "{free} of {players} seats free",
    "lan_full": "full",
    "lan_started": "started",
    # continuing
    "resuming": "Taking up {name}: reading and checking its log\u2026",
})


def t(key: str, **fields: Any) -> str:
    """The sentence ``key`` with its fields."""
    return TEMPLATES[key].format(**fields)


def window_error(code: str, fields: Mapping[str, Any]) -> str:
    """Why a network game could not be hosted, joined, watched or taken up, said for a
    window (the terminal's words, :func:`game.client.words.netgames.start_error`, name
    its flags)."""
    if code == "in_use":
        return t("in_use")
    if code == "log_in_use":
        return t("log_in_use", log=str(fields.get("log", "")).rsplit("/", 1)[-1])
    if code == "key_in_game":
        return t("key_in_game")
    if code == "port" and fields.get("taken"):
        return t("port_taken", port=fields.get("port", ""))
    if code == "log_fails":
        return t("log_fails", **fields)
    if code == "bad_invite":
        return t("bad_invite", reason=str(fields.get("reason", "")).rstrip("."))
    return capital(start_error(code, fields))


def failure(what: object) -> str:
    """Something that should not happen, in one line: an exception or its words."""
    reason = f"{type(what).__name__}: {what}" if isinstance(what, BaseException) else str(what)
    return t("failure", reason=reason)


def refusal(r: Refused) -> str:
    """Why this joiner may not play here, for a window."""
    if r.code in ("full", "key_seated"):
        return t(f"refused_{r.code}")
    return capital(peer_refusal(r))


def duration(seconds: float) -> str:
    """A timeout in words: "45 s", "2 min", "2 min 30 s", "1 hour"."""
    n = round(seconds)
    if n >= 3600:
        return t("hour")
    if n < 60:
        return t("seconds", n=n)
    m, s = divmod(n, 60)
    return t("minutes", n=m) if not s else t("minutes_seconds", m=m, s=s)


def fell_back(port: int) -> str:
    """The default port was taken: the host listens on ``port``."""
    return t("fell_back", default=DEFAULT_PORT, port=port)


def waiting(free: int) -> str:
    if free <= 0:
        return t("all_seated")
    return t("waiting_one") if free == 1 else t("waiting_many", n=free)


def countdown(seconds: float, bot: str) -> str:
    n = max(0, int(seconds + 0.999))
    return t("countdown_one", bot=bot) if n == 1 else t("countdown_many", n=n, bot=bot)


def game_settings(players: int, timeout_ms: int, chain: int) -> str:
    """The game's settings as a joiner is shown them before it sits."""
    if not timeout_ms:
        return t("settings_unknown")
    if not players:  # (a started game's lobby names no seats)
        return t("settings_seatless", timeout=duration(timeout_ms / 1000), chain=chain)
    return t("settings", players=players, timeout=duration(timeout_ms / 1000), chain=chain)


def lan_state(free: int, players: int, started: bool) -> str:
    if started:
        return t("lan_started")
    return t("lan_full") if free <= 0 else t("lan_open", free=free, players=players)


__all__ = ["TEMPLATES", "capital", "countdown", "duration", "failure", "fell_back", "game_settings", "lan_state", "power_name",
           "refusal", "t", "waiting", "window_error"]
