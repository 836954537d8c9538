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
from typing import TYPE_CHECKING, Any

from game.client.words.clocks import game_clock
from game.client.words.lang import N_, capital, say, say_n
from game.client.words.names import Names
from game.client.words.netgames import start_error
from game.client.words.peer import refusal as peer_refusal

if TYPE_CHECKING:
    from net.discovery import Announcement
from game.rules.board import load_board
from net.core.lobby import DEFAULT_PORT
from net.peer.events import Refused

#: the computer players' strengths, as the forms offer them
LEVELS: Mapping[str, str] = MappingProxyType({"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"),
                                              "greedy": N_("greedy")})

TEMPLATES: Mapping[str, str] = MappingProxyType({
    # why a game could not be hosted, joined, watched or taken up (for a window)
    "in_use": N_("This game is open already, in another window or soe program on this machine: go on with it there "
                 "(a game is open in one program at a time)."),
    "log_in_use": N_("You have this game's log already ({log}): continue it from the main menu (Continue the last "
                     "game, or Open a saved game)."),
    "key_in_game": N_("Your key is in this game already, in another window or soe program on this machine: every "
                      "player needs a key of their own (start the second window with SOE_KEY_FILE=other.pem)."),
    "log_fails": N_("This game's log, {name}, fails its check at message {message} ({text}): it was altered or "
                    "damaged, and the game cannot go on from it. The file is left as it is, as evidence, in "
                    "{folder}; the command soe verify {log} checks it again and says more."),
    "port_taken": N_("Port {port} is taken on this machine (another game hosted here?): leave the port empty, or "
                     "give another."),
    "failure": N_("Something went wrong: {reason}"),
    # hosting
    "opening": N_("Opening the table\u2026"),
    "opening_upnp": N_("Opening the table and asking the router to forward the port (UPnP can take a few "
                       "seconds)\u2026"),
    "fell_back": N_("Port {default} was taken (another game hosted here?): listening on port {port} instead."),
    "upnp_off": N_("UPnP is off: players on the internet need TCP port {port} forwarded to this machine by hand."),
    "all_seated": N_("Every seat is taken: the game starts."),
    "starting": N_("Starting the game\u2026"),
    "tell_fingerprint": N_("Read it out to the other players: their window shows the fingerprint of their invite, "
                           "and it must be this one."),
    "copied": N_("The invite is on the clipboard: paste it to the other players."),
    "reach": N_("Others reach this table at {address}, port {port}."),
    "timeout": N_("A silent seat may keep the game waiting {timeout} before the others may hand it to a computer "
                  "player."),
    "game_clock": N_("Game clock: {clock}."),
    "free_seat": N_("free"),
    "you": N_("{name} (you)"),
    # joining and watching
    "join_opening": N_("Opening this side of the connection\u2026"),
    "connecting": N_("Connecting to {where}\u2026"),
    "connected": N_("The host answered: asking for a seat\u2026"),
    "watch_connected": N_("The host answered: waiting for the game to start\u2026"),
    "seated_wait": N_("You have a seat: you play {power}. Waiting for the host to start the game."),
    "started": N_("The game starts."),
    "refused_full": N_("The game is full, or it started without you: you may watch it instead."),
    "refused_key_seated": N_("Your key already holds a seat in this game: every player needs a key of their own "
                             "(on one machine, start the second window with SOE_KEY_FILE=other.pem)."),
    "fp_unchecked": N_("Compare it with the one the host reads out: if they differ, go back."),
    "fp_checked": N_("The host's key is this one, as the invite says. Compare it with the one the host reads out."),
    "settings": N_("{players} players; a silent seat may keep the game waiting {timeout}; hash chains of {chain} "
                   "reveals"),
    "settings_seatless": N_("a silent seat may keep the game waiting {timeout}; hash chains of {chain} reveals"),
    "settings_clock": N_("{players} players; {clock}; a silent seat may keep the game waiting {timeout}; hash chains "
                         "of {chain} reveals"),
    "settings_seatless_clock": N_("{clock}; a silent seat may keep the game waiting {timeout}; hash chains of {chain} "
                                  "reveals"),
    "settings_unknown": N_("The host has not said its game's settings yet."),
    "seconds": N_("{n} s"),
    "minutes": N_("{n} min"),
    "minutes_seconds": N_("{m} min {s} s"),
    "hour": N_("1 hour"),
    # the invite field and the LAN
    "invite_ok": N_("A game at {where}, whose host's key fingerprint is {fp}."),
    "bad_invite": N_("Not an invite: {reason}."),
    "lan_looking": N_("Looking for games announced on this network\u2026"),
    "lan_none": N_("No game announced on this network yet (looking again every few seconds)."),
    "lan_error": N_("Cannot look for games on this network: {reason}"),
    "lan_full": N_("full"),
    "lan_started": N_("started"),
    # continuing
    "resuming": N_("Taking up {name}: reading and checking its log\u2026"),
})


def power_name(pid: str) -> str:
    """A great power's name in the language in use (its id when the board has none)."""
    b = load_board()
    return Names(b).power(pid) if pid in b.power_by_id else pid


def level_name(level: str) -> str:
    """A computer player's strength in words: "easy", "greedy" (as it is when unknown)."""
    return say(LEVELS[level]) if level in LEVELS else level


def t(key: str, **fields: Any) -> str:
    """The sentence ``key`` with its fields, in the language in use."""
    return say(TEMPLATES[key], **fields)


def window_error(code: str, fields: Mapping[str, Any]) -> str:
    """Why a network game could not be hosted, joined, watched or taken up, said for a
    window (the terminal's words, :func:`game.client.words.netgames.start_error`, name
    its flags)."""
    if code == "in_use":
        return t("in_use")
    if code in ("log_in_use", "played_before"):
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
    return say_n("Waiting for {n} more player.", "Waiting for {n} more players.", free)


def countdown(seconds: float, bot: str) -> str:
    n = max(0, int(seconds + 0.999))
    return say_n("Computer players ({bot}) take the empty seats in {n} second.",
                 "Computer players ({bot}) take the empty seats in {n} seconds.", n, bot=level_name(bot))


def game_settings(players: int, timeout_ms: int, chain: int, clock: tuple[int, int] | None = None) -> str:
    """The game's settings as a joiner is shown them before it sits (``clock``: each
    seat's bank and increment, or None when the host's lobby does not say them)."""
    if not timeout_ms:
        return t("settings_unknown")
    fields: dict[str, Any] = {"timeout": duration(timeout_ms / 1000), "chain": chain}
    if clock is not None:
        fields["clock"] = game_clock(*clock)
    if not players:  # (a started game's lobby names no seats)
        return t("settings_seatless" if clock is None else "settings_seatless_clock", **fields)
    return t("settings" if clock is None else "settings_clock", players=players, **fields)


def lan_state(free: int, players: int, started: bool) -> str:
    if started:
        return t("lan_started")
    if free <= 0:
        return t("lan_full")
    return say_n("{n} of {players} seats free", "{n} of {players} seats free", free, players=players)


__all__ = ["LEVELS", "TEMPLATES", "capital", "countdown", "duration", "failure", "fell_back", "game_settings",
           "lan_state", "level_name", "power_name", "refusal", "t", "waiting", "window_error"]


def lan_game(a: Announcement) -> str:
    """The name of a game announced on the LAN, in the language in use: "<host>'s game"
    when the announcement names its host, else the name it carries."""
    return say("{host}'s game", host=a.host) if a.host else a.name
