"""A doorbell for a node's thread: another thread rings it (:meth:`Doorbell.ring`) to end
the node's wait in ZeroMQ's poll at once, so a command a front end hands the node's thread
(a choice to sign and send) does not wait for the poll's timeout. Two in-process sockets
of the node's context: a PULL the poller waits on, a PUSH that rings it (at most one ring
waits unanswered)."""

from __future__ import annotations

import threading

import zmq


class Doorbell:
    """See the module docstring. :attr:`socket` is registered with the node's poller;
    :meth:`quiet` answers the rings; :meth:`ring` is the one call another thread makes."""

    def __init__(self, ctx: zmq.Context[zmq.Socket[bytes]], name: str) -> None:
        self.socket: zmq.Socket[bytes] = ctx.socket(zmq.PULL)
        self.socket.bind(f"inproc://bell-{name}")
        self._ringer: zmq.Socket[bytes] = ctx.socket(zmq.PUSH)
        self._ringer.setsockopt(zmq.SNDHWM, 1)
        self._ringer.connect(f"inproc://bell-{name}")
        self._lock = threading.Lock()
        self._closed = False

    def ring(self) -> None:
        """From any thread; harmless after :meth:`close`."""
        with self._lock:
            if self._closed:
                return
            try:
                self._ringer.send(b"", flags=zmq.NOBLOCK)
            except zmq.ZMQError:  # zmq.Again: rung already, not yet answered
                pass

    def quiet(self) -> None:
        """Answer the rings waiting (in the node's thread)."""
        for _ in range(64):
            try:
                self.socket.recv(flags=zmq.NOBLOCK)
            except zmq.ZMQError:
                return

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._ringer.close(linger=0)
        self.socket.close(linger=0)
