"""The mesh's frames and addresses: ``b"soe2 " + TYPE + b" " + payload`` (one ZeroMQ
message part), the frame types, the author of an accepted envelope's bytes, and which
addresses a node may be told to dial (see :mod:`net.mesh`).
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any, TypeGuard

PROTO = b"soe2"
FRAME_TYPES = (b"HELLO", b"HAVE", b"MSG", b"PEERS", b"INFO", b"BYE")
_HEAD = PROTO + b" "
_ENDPOINT = re.compile(r"\Atcp://(\[[0-9A-Fa-f:.]{2,45}\]|[0-9A-Za-z](?:[0-9A-Za-z.-]{0,251}[0-9A-Za-z])?):([0-9]{1,5})\Z")

_KEY = re.compile(r"[0-9a-f]{64}")
_AUTHOR = re.compile(rb'"author": ?"([0-9a-f]{64})"')


def encode_frame(kind: bytes, payload: bytes) -> bytes:
    """One frame of the mesh: ``soe2 TYPE payload``."""
    return _HEAD + kind + b" " + payload


def decode_frame(frame: bytes) -> tuple[bytes, bytes] | None:
    """The type and payload of one frame, or None when it is not one of the mesh's."""
    if frame[:5] != _HEAD:
        return None
    end = frame.find(b" ", 5, 12)  # the longest type has 5 letters
    kind = frame[5:end] if end > 0 else b""
    return (kind, frame[end + 1:]) if kind in FRAME_TYPES else None


def is_key(value: Any) -> bool:
    """A player key as a frame names it: 32 bytes of lowercase hex."""
    return isinstance(value, str) and _KEY.fullmatch(value) is not None


def author_of(raw: bytes) -> str:
    """The author key of accepted (so canonical) envelope bytes, "" if there is none. The
    keys of a canonical envelope are sorted and ``at`` (an integer) is the only one before
    ``author``, so the first ``"author":"`` is the envelope's own."""
    m = _AUTHOR.search(raw, 0, 512)
    return m.group(1).decode("ascii") if m is not None else ""


def valid_endpoint(addr: object) -> TypeGuard[str]:
    """``tcp://HOST:PORT`` with an IPv4 address, a [bracketed] IPv6 address or a host name,
    and a port 1-65535: what a node may be told to connect to."""
    m = _ENDPOINT.match(addr) if isinstance(addr, str) else None
    return m is not None and 0 < int(m.group(2)) < 65_536


def address_group(addr: str) -> str:
    """The source a connection's limits count it under: an IPv4 address itself, an IPv6
    address by its /64 network (one host is commonly given a whole /64, so one machine can
    speak from as many addresses as it likes within it), an IPv4 address mapped into IPv6 as
    that IPv4 address; anything else (no address known) as it is."""
    try:
        ip = ipaddress.ip_address(addr.split("%", 1)[0])
    except ValueError:
        return addr
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)
