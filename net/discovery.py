"""LAN discovery with DNS-SD over multicast DNS (python-zeroconf).

A host announces its game as a ``_soe._tcp.local.`` service whose TXT record carries the
game id, the host's key fingerprint, its CurveZMQ key and the seats; ``soe lobby`` (and
the client's menu) browse for them, so joining a LAN game needs no typing of addresses.
Nothing here is trusted: the invite built from an announcement leads to a game whose
genesis and messages are signed.

``interfaces`` restricts the interfaces used (tests pass ``["127.0.0.1"]``); the default
is every interface, what a LAN game wants.

Questions ask for multicast answers (``QM``): a unicast answer goes to port 5353 of the
asking address, which on a machine running several programs with mDNS (two ``soe``
processes, or an avahi daemon) reaches only one of the sockets bound there, not
necessarily the one that asked.
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from typing import Any

from zeroconf import DNSQuestionType, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from net.core.lobby import Invite, InviteError

SERVICE = "_soe._tcp.local."


@dataclass(frozen=True, slots=True)
class Announcement:
    """A game seen on the LAN."""

    name: str
    invite: Invite
    players: int
    free: int
    started: bool
    host: str = ""  # the host's name, when the announcement carries it: a client says "<host>'s game" in its language

    def line(self) -> str:
        state = "started" if self.started else f"{self.free} of {self.players} seats free"
        return f"{self.name}: {state}  {self.invite}"


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    if interfaces:
        return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    return Zeroconf(ip_version=IPVersion.V4Only)


class Announcer:
    """Announces one hosted game until closed; :meth:`update` refreshes its seats."""

    def __init__(self, invite: Invite, name: str, players: int, *, interfaces: list[str] | None = None,
                 host: str = "") -> None:
        self.zc = _zeroconf(interfaces)
        self.invite = invite
        self.name = name
        self.host = host
        self.players = players
        self.info = self._info(players, False)
        self.zc.register_service(self.info)

    def _info(self, free: int, started: bool) -> ServiceInfo:
        label = "".join(ch for ch in self.name if ch.isalnum() or ch in " -_")[:40] or "game"
        props: dict[str, Any] = {"game": self.invite.game_id, "fp": self.invite.fingerprint,
                                 "curve": self.invite.curve.encode("ascii").hex(), "name": self.name[:60],
                                 **({"host": self.host[:40]} if self.host else {}),
                                 "players": str(self.players), "free": str(free), "started": "1" if started else "0"}
        return ServiceInfo(SERVICE, f"{label} {self.invite.game_id[:8]}.{SERVICE}",
                           addresses=[socket.inet_aton(self.invite.host)], port=self.invite.port, properties=props,
                           server=f"soe-{self.invite.game_id[:12]}.local.")

    def update(self, free: int, started: bool) -> None:
        info = self._info(free, started)
        if info.properties != self.info.properties:
            self.info = info
            self.zc.update_service(info)

    def close(self) -> None:
        try:
            self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


def _announcement(info: ServiceInfo) -> Announcement | None:
    props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace") for k, v in info.properties.items()}
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or not info.port:
        return None
    try:
        curve = bytes.fromhex(props.get("curve", "")).decode("ascii")
        invite = Invite.parse(str(Invite(addresses[0], info.port, props.get("game", ""), props.get("fp", ""), curve)))
        return Announcement(props.get("name", "game"), invite, int(props.get("players", "0")),
                            int(props.get("free", "0")), props.get("started") == "1", props.get("host", ""))
    except (InviteError, ValueError, UnicodeDecodeError):
        return None


def browse(seconds: float = 2.0, *, interfaces: list[str] | None = None) -> list[Announcement]:
    """The games announced on the LAN within ``seconds``, sorted by name."""
    zc = _zeroconf(interfaces)
    names: list[str] = []

    def changed(zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is not ServiceStateChange.Removed and name not in names:
            names.append(name)

    browser = ServiceBrowser(zc, SERVICE, handlers=[changed], question_type=DNSQuestionType.QM)
    try:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            time.sleep(0.05)
        found: dict[str, Announcement] = {}
        for name in sorted(names):
            info = zc.get_service_info(SERVICE, name, timeout=1000, question_type=DNSQuestionType.QM)
            if info is not None:
                a = _announcement(info)
                if a is not None:
                    found[a.invite.game_id] = a
        return sorted(found.values(), key=lambda a: (a.name, a.invite.game_id))
    finally:
        browser.cancel()
        zc.close()
