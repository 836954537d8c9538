"""UPnP port mapping against a fake router on loopback (an SSDP responder on a UDP port
of 127.0.0.1 and an HTTP gateway): found, asked to forward a port and to forget it,
refusals and silence reported plainly, and ``soe host --upnp`` inviting with the
router's external address. Nothing is sent to the real multicast group."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from net.upnp import Gateway, UPnPError, discover, map_port, unmap_port

SERVICE = "urn:schemas-upnp-org:service:WANIPConnection:1"
EXTERNAL = "203.0.113.7"


class Router:
    """A fake Internet Gateway Device: answers M-SEARCH on a loopback UDP port, serves its
    description and takes SOAP calls, recording them; ``faults`` maps an action to the
    (code, text) it refuses with, once per entry in the list."""

    def __init__(self, description: str | None = None) -> None:
        self.calls: list[tuple[str, dict[str, str]]] = []
        self.faults: dict[str, list[tuple[int, str]]] = {}
        router = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 - the http.server name
                body = (description or router.description()).encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:  # noqa: N802
                data = self.rfile.read(int(self.headers["Content-Length"]))
                action = self.headers["SOAPAction"].strip('"').split("#")[1]
                call = next(e for e in ET.fromstring(data).iter() if e.tag.endswith(action))
                router.calls.append((action, {c.tag: c.text or "" for c in call}))
                pending = router.faults.get(action)
                if pending:
                    code, text = pending.pop(0)
                    body = (f'<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault>'
                            f'<detail><UPnPError xmlns="urn:schemas-upnp-org:control-1-0"><errorCode>{code}'
                            f'</errorCode><errorDescription>{text}</errorDescription></UPnPError></detail>'
                            f'</s:Fault></s:Body></s:Envelope>').encode()
                    self.send_response(500)
                else:
                    out = f"<NewExternalIPAddress>{EXTERNAL}</NewExternalIPAddress>" if action.startswith("GetExt") else ""
                    body = (f'<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>'
                            f'<u:{action}Response xmlns:u="{SERVICE}">{out}</u:{action}Response>'
                            f'</s:Body></s:Envelope>').encode()
                    self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", 0))
        self.udp.settimeout(0.2)
        self.group = self.udp.getsockname()
        self.searches: list[bytes] = []
        self.running = True
        self.threads = [threading.Thread(target=self.http.serve_forever, daemon=True),
                        threading.Thread(target=self._ssdp, daemon=True)]
        for t in self.threads:
            t.start()

    def description(self) -> str:
        return ('<?xml version="1.0"?><root xmlns="urn:schemas-upnp-org:device-1-0"><device>'
                '<deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1</deviceType><deviceList><device>'
                '<deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType><deviceList><device>'
                '<deviceType>urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType><serviceList><service>'
                f'<serviceType>{SERVICE}</serviceType><serviceId>urn:upnp-org:serviceId:WANIPConn1</serviceId>'
                '<controlURL>/ctl/IPConn</controlURL><SCPDURL>/scpd.xml</SCPDURL></service></serviceList>'
                '</device></deviceList></device></deviceList></device></root>')

    def _ssdp(self) -> None:
        port = self.http.server_address[1]
        while self.running:
            try:
                data, addr = self.udp.recvfrom(4096)
            except OSError:
                continue
            self.searches.append(data)
            reply = (f"HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=120\r\nST: {SERVICE}\r\n"
                     f"LOCATION: http://127.0.0.1:{port}/rootDesc.xml\r\n\r\n")
            self.udp.sendto(reply.encode(), addr)

    def close(self) -> None:
        self.running = False
        self.http.shutdown()
        self.http.server_close()
        for t in self.threads:
            t.join(5)
        self.udp.close()


@pytest.fixture
def router() -> Iterator[Router]:
    r = Router()
    yield r
    r.close()


def test_the_router_is_found_asked_to_forward_the_port_and_to_forget_it(router: Router) -> None:
    gw = discover(2.0, group=router.group)
    assert router.searches and router.searches[0].startswith(b"M-SEARCH * HTTP/1.1\r\n")
    assert b"ST: urn:schemas-upnp-org:device:InternetGatewayDevice:" in router.searches[0]
    assert gw == Gateway(f"http://127.0.0.1:{router.http.server_address[1]}/ctl/IPConn", SERVICE, "127.0.0.1")
    assert map_port(gw, 47311) == EXTERNAL
    add = router.calls[0]
    assert add[0] == "AddPortMapping" and add[1] == {
        "NewRemoteHost": "", "NewExternalPort": "47311", "NewProtocol": "TCP", "NewInternalPort": "47311",
        "NewInternalClient": "127.0.0.1", "NewEnabled": "1", "NewPortMappingDescription": "Struggle of Empires",
        "NewLeaseDuration": "0"}
    assert router.calls[1][0] == "GetExternalIPAddress"
    unmap_port(gw, 47311)
    assert router.calls[2] == ("DeletePortMapping", {"NewRemoteHost": "", "NewExternalPort": "47311",
                                                     "NewProtocol": "TCP"})


def test_a_refusal_names_the_routers_reason(router: Router) -> None:
    gw = discover(2.0, group=router.group)
    router.faults["AddPortMapping"] = [(718, "ConflictInMappingEntry")]
    with pytest.raises(UPnPError, match="refused AddPortMapping: error 718 ConflictInMappingEntry"):
        map_port(gw, 47311)
    assert [c[0] for c in router.calls] == ["AddPortMapping"]  # nothing more asked


def test_a_router_taking_only_permanent_mappings_is_asked_again(router: Router) -> None:
    gw = discover(2.0, group=router.group)
    router.faults["AddPortMapping"] = [(725, "OnlyPermanentLeasesSupported")]
    assert map_port(gw, 5000, lease_s=3600) == EXTERNAL
    leases = [c[1]["NewLeaseDuration"] for c in router.calls if c[0] == "AddPortMapping"]
    assert leases == ["3600", "0"]


def test_silence_and_strange_devices_are_reported_plainly() -> None:
    quiet = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    quiet.bind(("127.0.0.1", 0))  # takes the search and never answers
    try:
        with pytest.raises(UPnPError, match="no UPnP router answered within 0.3 s"):
            discover(0.3, group=quiet.getsockname())
    finally:
        quiet.close()
    printer = Router(description='<root xmlns="urn:schemas-upnp-org:device-1-0"><device><serviceList><service>'
                                 '<serviceType>urn:schemas-upnp-org:service:PrintBasic:1</serviceType>'
                                 '<controlURL>/p</controlURL></service></serviceList></device></root>')
    try:
        with pytest.raises(UPnPError, match="offers no WAN connection service"):
            discover(1.0, group=printer.group)
    finally:
        printer.close()
    bomb = Router(description='<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><root>&a;</root>')
    try:
        with pytest.raises(UPnPError, match="declares entities"):
            discover(1.0, group=bomb.group)
    finally:
        bomb.close()


def test_soe_host_with_upnp_invites_with_the_routers_address_and_unmaps_at_the_end(router: Router,
                                                                                    tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "SOE_KEY_FILE": str(home / "k.pem")}
    group = f"{router.group[0]}:{router.group[1]}"
    out = subprocess.run(
        [sys.executable, "-m", "game.cli", "host", "--players", "2", "--fill-after", "0", "--bot", "random",
         "--no-announce", "--bind", "127.0.0.1", "--port", "0", "--upnp", "--upnp-group", group, "--quiet",
         "--deadline", "120", "--log", str(tmp_path / "g.jsonl"), "--result", str(tmp_path / "r.json")],
        capture_output=True, text=True, timeout=180, env=env)
    assert out.returncode == 0, out.stderr
    port = int(router.calls[0][1]["NewExternalPort"])
    assert f"Invite: soe://{EXTERNAL}:{port}/" in out.stdout
    assert f"On this network: soe://127.0.0.1:{port}/" in out.stdout
    assert [c[0] for c in router.calls] == ["AddPortMapping", "GetExternalIPAddress", "DeletePortMapping"]
    assert json.loads((tmp_path / "r.json").read_text())["over"]


def test_soe_host_without_a_router_says_so_and_hosts_anyway(tmp_path: Path) -> None:
    quiet = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    quiet.bind(("127.0.0.1", 0))
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "SOE_KEY_FILE": str(home / "k.pem")}
    try:
        out = subprocess.run(
            [sys.executable, "-m", "game.cli", "host", "--players", "2", "--fill-after", "0", "--bot", "random",
             "--no-announce", "--bind", "127.0.0.1", "--port", "0", "--upnp",
             "--upnp-group", f"127.0.0.1:{quiet.getsockname()[1]}", "--quiet", "--deadline", "120",
             "--log", str(tmp_path / "g.jsonl")],
            capture_output=True, text=True, timeout=180, env=env)
    finally:
        quiet.close()
    assert out.returncode == 0, out.stderr
    assert "UPnP: no UPnP router answered" in out.stderr and "Forward TCP port" in out.stderr
    assert "Invite: soe://127.0.0.1:" in out.stdout
