"""Optional UPnP port mapping, so that a host behind a home router can be reached from
the internet without forwarding its port by hand (``soe host --upnp``).

An Internet Gateway Device (the router) is found with SSDP: an ``M-SEARCH`` datagram to
the multicast group 239.255.255.250:1900, to which gateways answer with the address
(``LOCATION``) of their device description. That XML names the WAN connection service
(``WANIPConnection`` or ``WANPPPConnection``) and its control address, where SOAP calls
ask for a TCP port mapping to this machine, for the router's external address, and to
remove the mapping when the game ends. Only the standard library is used: the mapping is
a convenience (many routers have UPnP off), and everything here fails with
:class:`UPnPError` and a sentence a person can act on, never more.
"""

from __future__ import annotations

import http.client
import socket
import time
import urllib.parse
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from xml.sax.saxutils import escape

SSDP_GROUP = ("239.255.255.250", 1900)
GATEWAYS = ("urn:schemas-upnp-org:device:InternetGatewayDevice:2",
            "urn:schemas-upnp-org:device:InternetGatewayDevice:1")
SERVICES = ("urn:schemas-upnp-org:service:WANIPConnection:2", "urn:schemas-upnp-org:service:WANIPConnection:1",
            "urn:schemas-upnp-org:service:WANPPPConnection:1")
MAX_REPLY = 256 * 1024  # bytes read of a description or a SOAP answer
DESCRIPTION = "Struggle of Empires"
_SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/"


class UPnPError(Exception):
    """No gateway, or the gateway refused: the message says which, for people."""


@dataclass(frozen=True, slots=True)
class Gateway:
    """A router's WAN connection service, and this machine's address as the router sees it."""

    control_url: str
    service: str
    local_ip: str


def discover(timeout_s: float = 2.0, *, group: tuple[str, int] = SSDP_GROUP) -> Gateway:
    """The first gateway that answers an SSDP search within ``timeout_s`` and describes a
    WAN connection service. ``group``: where to send the search (tests use a loopback
    responder)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    try:
        sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 2)
        for target in GATEWAYS:
            search = (f"M-SEARCH * HTTP/1.1\r\nHOST: {group[0]}:{group[1]}\r\nMAN: \"ssdp:discover\"\r\n"
                      f"MX: 1\r\nST: {target}\r\n\r\n")
            try:
                sock.sendto(search.encode("ascii"), group)
            except OSError as exc:
                raise UPnPError(f"cannot search for a UPnP router: {exc}") from None
        deadline = time.monotonic() + timeout_s
        tried: set[str] = set()
        problems: list[str] = []
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, _ = sock.recvfrom(8192)
            except TimeoutError:
                break
            except OSError:
                continue
            location = _header(data, "location")
            if not location or location in tried:
                continue
            tried.add(location)
            try:
                return _describe(location, max(0.5, deadline - time.monotonic()))
            except UPnPError as exc:
                problems.append(str(exc))
    finally:
        sock.close()
    if problems:
        raise UPnPError("; ".join(problems))
    raise UPnPError(f"no UPnP router answered within {timeout_s:g} s (it may have UPnP turned off)")


def _header(datagram: bytes, name: str) -> str:
    for line in datagram.decode("latin-1").split("\r\n")[1:]:
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() == name:
            return value.strip()
    return ""


def _split(url: str) -> tuple[str, int, str]:
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise UPnPError(f"the router gave an address this program does not use: {url!r}")
    try:
        port = parts.port or 80
    except ValueError:
        raise UPnPError(f"the router gave a bad address: {url!r}") from None
    return parts.hostname, port, (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def _http(method: str, url: str, timeout_s: float, body: bytes = b"",
          headers: dict[str, str] | None = None) -> tuple[int, bytes, str]:
    """(status, body, the local address used) of one HTTP request."""
    host, port, path = _split(url)
    conn = http.client.HTTPConnection(host, port, timeout=timeout_s)
    try:
        conn.request(method, path, body=body or None, headers=headers or {})
        local = conn.sock.getsockname()[0] if conn.sock is not None else ""
        resp = conn.getresponse()
        data = resp.read(MAX_REPLY + 1)
    except (OSError, http.client.HTTPException) as exc:
        raise UPnPError(f"the router at {host}:{port} did not answer: {exc}") from None
    finally:
        conn.close()
    if len(data) > MAX_REPLY:
        raise UPnPError(f"the router at {host}:{port} sent more than {MAX_REPLY} bytes")
    return resp.status, data, str(local)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _parse(data: bytes, what: str) -> ET.Element:
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:  # no entity expansion from a stranger's XML
        raise UPnPError(f"the router's {what} declares entities: refused")
    try:
        return ET.fromstring(data)
    except ET.ParseError as exc:
        raise UPnPError(f"the router's {what} is not XML: {exc}") from None


def _describe(location: str, timeout_s: float) -> Gateway:
    status, data, local_ip = _http("GET", location, timeout_s)
    if status != 200:
        raise UPnPError(f"the router's description at {location} answered HTTP {status}")
    root = _parse(data, "description")
    base = next((e.text.strip() for e in root.iter() if _local(e.tag) == "URLBase" and e.text), location)
    found: dict[str, str] = {}
    for svc in root.iter():
        if _local(svc.tag) != "service":
            continue
        fields = {_local(c.tag): (c.text or "").strip() for c in svc}
        kind, control = fields.get("serviceType", ""), fields.get("controlURL", "")
        if kind in SERVICES and control:
            found.setdefault(kind, urllib.parse.urljoin(base, control))
    for kind in SERVICES:
        if kind in found:
            return Gateway(found[kind], kind, local_ip)
    raise UPnPError(f"the device at {location} offers no WAN connection service (is it a router?)")


def call(gw: Gateway, action: str, args: list[tuple[str, str]], timeout_s: float = 3.0) -> dict[str, str]:
    """One SOAP action on the gateway's service; its out arguments by name."""
    inner = "".join(f"<{k}>{escape(v)}</{k}>" for k, v in args)
    body = (f'<?xml version="1.0"?><s:Envelope xmlns:s="{_SOAP_NS}" '
            f's:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>'
            f'<u:{action} xmlns:u="{gw.service}">{inner}</u:{action}></s:Body></s:Envelope>').encode()
    headers = {"Content-Type": 'text/xml; charset="utf-8"', "SOAPAction": f'"{gw.service}#{action}"'}
    status, data, _ = _http("POST", gw.control_url, timeout_s, body, headers)
    root = _parse(data, f"answer to {action}") if data.strip() else None
    if status != 200:
        code = desc = ""
        if root is not None:
            for e in root.iter():
                if _local(e.tag) == "errorCode":
                    code = (e.text or "").strip()
                elif _local(e.tag) == "errorDescription":
                    desc = (e.text or "").strip()
        raise UPnPError(f"the router refused {action}: " + (f"error {code} {desc}".strip() if code else
                                                              f"HTTP {status}"))
    out: dict[str, str] = {}
    if root is not None:
        for e in root.iter():
            if _local(e.tag) == f"{action}Response":
                out = {_local(c.tag): (c.text or "").strip() for c in e}
    return out


def map_port(gw: Gateway, port: int, *, lease_s: int = 0, description: str = DESCRIPTION) -> str:
    """Ask the router to forward TCP ``port`` (outside) to ``port`` on this machine;
    returns the router's external address. A router that takes only permanent mappings
    (error 725) is asked again for one."""
    def args(lease: int) -> list[tuple[str, str]]:
        return [("NewRemoteHost", ""), ("NewExternalPort", str(port)), ("NewProtocol", "TCP"),
                ("NewInternalPort", str(port)), ("NewInternalClient", gw.local_ip), ("NewEnabled", "1"),
                ("NewPortMappingDescription", description), ("NewLeaseDuration", str(lease))]

    try:
        call(gw, "AddPortMapping", args(lease_s))
    except UPnPError as exc:
        if lease_s and "error 725" in str(exc):
            call(gw, "AddPortMapping", args(0))
        else:
            raise
    external = call(gw, "GetExternalIPAddress", []).get("NewExternalIPAddress", "")
    if not external:
        raise UPnPError("the router mapped the port but does not tell its external address")
    return external


def unmap_port(gw: Gateway, port: int) -> None:
    """Remove the mapping :func:`map_port` made."""
    call(gw, "DeletePortMapping", [("NewRemoteHost", ""), ("NewExternalPort", str(port)), ("NewProtocol", "TCP")])
