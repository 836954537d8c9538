"""The door of a node's ROUTER: the connections it takes, so that a flood of them never
uses up the open files a process may have (see :class:`Gate`).

(The ROUTER is never made to stop listening: ZeroMQ closes every connection a listener
accepted when it is unbound. Nor does a ZAP handler do the work: ZeroMQ asks it only
about connections that do their handshake, and the flood it must stop never starts one.)"""

from __future__ import annotations

import errno
import os
import socket
import struct
from collections import Counter

import zmq

from net.mesh.frames import address_group
from net.mesh.link import Limits, Stats

_ACCEPTED, _ACCEPT_FAILED = int(zmq.EVENT_ACCEPTED), int(zmq.EVENT_ACCEPT_FAILED)
_GONE = frozenset({int(zmq.EVENT_DISCONNECTED), int(zmq.EVENT_CLOSED)})
_WATCHED = _ACCEPTED | _ACCEPT_FAILED | int(zmq.EVENT_DISCONNECTED) | int(zmq.EVENT_CLOSED)
_NOBLOCK = int(zmq.NOBLOCK)
_EVENT = struct.Struct("=Hi")  # a monitor event's first part: its id and value (a connection's descriptor)


def raise_open_files(want: int = 1 << 16) -> int:
    """Raise this process's soft limit of open files towards its hard limit (at most
    ``want``), where the system allows; returns the soft limit now (``want`` if none)."""
    try:
        import resource
    except ImportError:  # (Windows: no such limit)
        return want
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ValueError, OSError):
        return want
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    # (macOS says its hard limit is infinite, and refuses more than kern.maxfilesperproc)
    for files in (target, 10_240, 4_096, 2_048, 1_024):
        if soft == resource.RLIM_INFINITY or soft >= files or files > target:
            continue
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, hard))
        except (ValueError, OSError):
            continue
        soft = files
        break
    return want if soft == resource.RLIM_INFINITY else int(soft)


def _peer_of(fd: int) -> tuple[str, int] | None:
    """The remote address and port of the connected socket ``fd`` (a descriptor ZeroMQ
    owns: it is looked at, never closed), or None."""
    try:
        sock = socket.socket(fileno=fd)
    except OSError:  # closed already, or not a socket
        return None
    try:
        peer = sock.getpeername()
        return (str(peer[0]), int(peer[1])) if isinstance(peer, tuple) else None
    except OSError:
        return None
    finally:
        sock.detach()


def _shut(fd: int, peer: tuple[str, int]) -> bool:
    """Shut the connection ``fd`` down if it is still the one from ``peer`` (ZeroMQ sees it
    end, and closes it as it would any connection that ends)."""
    try:
        sock = socket.socket(fileno=fd)
    except OSError:
        return False
    try:
        if sock.getpeername()[:2] != peer:
            return False  # (gone, and its number taken by another)
        sock.shutdown(socket.SHUT_RDWR)
        return True
    except OSError:
        return False
    finally:
        sock.detach()


class Gate:
    """What keeps a node's connections under its limit of open files.

    The soft limit of open files is raised towards the hard limit. A socket monitor on
    the ROUTER reports each connection accepted (its descriptor) and each one gone. A
    connection from an address that has ``max_links_per_address`` already, or one past
    ``cap`` in all, is shut down as soon as it is reported (whether or not it speaks
    ZeroMQ: ZeroMQ sees it end and closes it); those taken stay. An address counts with
    the others of its group (an IPv6 address with its /64: :func:`~net.mesh.frames.address_group`). ``ZMQ_HANDSHAKE_IVL``
    (``Limits.handshake_ms``) ends those that never finish their handshake. ``cap`` is
    half the soft limit less 32, at most ``max_connections``: the other half is for the
    node's own DEALERs, its files and a burst ZeroMQ accepts before the node's loop sees
    it. A few descriptors are held in reserve and given back when ZeroMQ finds none left
    to accept with, so that the files the peer writes can still be opened."""

    def __init__(self, ctx: zmq.Context[zmq.Socket[bytes]], router: zmq.Socket[bytes], limits: Limits,
                 stats: Stats, name: str) -> None:
        self.limits = limits
        self.stats = stats
        self.files = raise_open_files()
        self.cap = max(16, min(limits.max_connections, self.files // 2 - 32))
        address = f"inproc://gate-{name}"
        router.monitor(address, _WATCHED)
        self.monitor: zmq.Socket[bytes] = ctx.socket(zmq.PAIR)
        self.monitor.setsockopt(zmq.RCVHWM, 100_000)  # (an event lost would leave a connection counted)
        self.monitor.setsockopt(zmq.LINGER, 0)
        self.monitor.connect(address)
        self.open: dict[int, tuple[str, int]] = {}  # descriptor -> (address, port) of each connection taken
        self.per_address: Counter[str] = Counter()  # by address group (net.mesh.frames.address_group)
        self._spare: list[int] = []
        self._reserve()

    def handle(self) -> None:
        """Take in what the monitor reports."""
        for _ in range(10_000):
            try:
                parts = self.monitor.recv_multipart(_NOBLOCK)
            except zmq.ZMQError:
                break
            if len(parts) != 2 or len(parts[0]) != _EVENT.size:
                continue
            event, value = _EVENT.unpack(parts[0])
            if event == _ACCEPTED:
                self._accepted(value)
            elif event in _GONE:
                self._gone(value)
            elif event == _ACCEPT_FAILED:
                self.stats.accept_failed += 1
                if value in (errno.EMFILE, errno.ENFILE):
                    self._release()  # what the peer opens next must not fail for ZeroMQ's accepting

    def tick(self) -> None:
        """Now and then: forget connections gone unreported (a monitor event lost), and
        hold the reserve again once there is room."""
        for fd, peer in list(self.open.items()):
            if _peer_of(fd) != peer:
                self._gone(fd)
        if not self._spare and len(self.open) < self.cap // 2:
            self._reserve()

    def _accepted(self, fd: int) -> None:
        self._gone(fd)  # (a number reused before its end was reported)
        peer = _peer_of(fd)
        if peer is None:
            return  # gone already
        group = address_group(peer[0])
        if self.per_address[group] >= self.limits.max_links_per_address or len(self.open) >= self.cap:
            if _shut(fd, peer):
                self.stats.refused_links += 1
                self.stats.shed += 1
            return
        self.open[fd] = peer
        self.per_address[group] += 1

    def _gone(self, fd: int) -> None:
        peer = self.open.pop(fd, None)
        if peer is not None:
            group = address_group(peer[0])
            self.per_address[group] -= 1
            if self.per_address[group] <= 0:
                del self.per_address[group]

    def _reserve(self) -> None:
        while len(self._spare) < self.limits.spare_files:
            try:
                self._spare.append(os.open(os.devnull, os.O_RDONLY))
            except OSError:
                return

    def _release(self) -> None:
        while self._spare:
            os.close(self._spare.pop())

    def close(self) -> None:
        self._release()
        self.monitor.close(linger=0)
