"""The words of starting a network game: why it could not be started or taken up
(:class:`game.client.netgames.NetStartError`), and what was done along the way (the
default port taken, the router's port mapping, the LAN announcement)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from game.client.words.lang import N_, say
from net.core.lobby import DEFAULT_PORT

TEMPLATES: Mapping[str, str] = MappingProxyType({
    "settings": "{problem}",
    "key": "{reason}",
    "lobby": "{reason}",
    "log_is_dir": N_("{log} is a directory; --log names the file to write"),
    "log_in_use": N_("{log} already holds a game; name another --log (or `soe resume {log}` to go on with it)"),
    "played_before": N_("you played this game already, with the log {log}: a game is joined once with a key (`soe "
                        "resume {log}` goes on with it)"),
    "port": N_("cannot listen on {bind}:{port}: {reason}"),
    "port_taken": N_("cannot listen on {bind}:{port}: {reason} (another `soe host` on this machine? give another "
                     "--port, or leave it out)"),
    "in_use": "{reason}",
    "key_in_game": N_("this key is in this game already, in another soe process on this machine; every player needs "
                      "a key of its own; on one machine give the second player another key file, e.g. `soe join "
                      "INVITE --key south.pem`"),
    "os": "{reason}",
    "bad_invite": "{reason}",
    "no_such_game": N_("{text!r} is neither an invite nor a game announced on the LAN"),
    "no_file": N_("{log}: no such file"),
    "no_peer_files": N_("{log} has no {meta} or {secret} beside it"),
    "bad_peer_file": N_("{meta}: not a peer file ({reason})"),
    "files": "{reason}",
    "log_fails": N_("this game's log, {name}, fails its check at message {message} ({text}): it was altered or "
                    "damaged, and the game cannot go on from it. The file is left as it is, as evidence, in "
                    "{folder}; `soe verify {log}` says more"),
    "bad_bot": N_("{meta}: unknown player {bot!r} for the seat; give --bot"),
    # what hosting did along the way
    "fell_back": N_("Port {default} is taken (another `soe host` on this machine?): listening on port {port} "
                    "instead; the invite says so."),
    "upnp_mapped": N_("UPnP: the router forwards TCP port {port} to {local_ip}; its address is {external}."),
    "upnp_failed": N_("UPnP: {error}. Forward TCP port {port} to this machine by hand for players on the internet "
                      "(see the README)."),
    "upnp_unmapped": N_("UPnP: the router no longer forwards port {port}."),
    "upnp_kept": N_("UPnP: {error} (the mapping stays until the router drops it)"),
    "not_announced": N_("(not announced on the LAN: {error})"),
})


def start_error(code: str, fields: Mapping[str, Any]) -> str:
    """Why a network game could not be started or taken up, in one sentence."""
    if code == "port" and fields.get("taken"):
        code = "port_taken"
    return say(TEMPLATES.get(code, "{reason}"), **{"reason": code, **fields})


def hosting(code: str, **fields: Any) -> str:
    """A word on what hosting did: ``fell_back``, ``upnp_mapped``, ``upnp_failed``,
    ``upnp_unmapped``, ``upnp_kept`` or ``not_announced``."""
    return say(TEMPLATES[code], default=DEFAULT_PORT, **fields)
