"""Connection diagnoses for people waiting for an answer (:class:`Contact`)."""

from __future__ import annotations

from typing import Any

from net.mesh import Node
from net.peer.events import Diagnosis


class Contact:
    """What the transport says of the connections a peer dialled, for people waiting for an
    answer: ZeroMQ socket monitors on the DEALERs of a peer's node (opened lazily,
    closed by :meth:`close` before the node closes). :meth:`diagnoses` reads the last
    events of each: nothing listens there, the encryption key does not match, connected
    and waiting, or nothing heard at all (:class:`~net.peer.events.Diagnosis`)."""

    def __init__(self, node: Node) -> None:
        self.node = node
        # id of a DEALER -> (the DEALER, its monitor socket, its endpoint)
        self.watching: dict[int, tuple[Any, Any, str]] = {}
        self.state: dict[str, str] = {}  # endpoint -> refused | bad_key | connected | secure
        self._made = 0

    @property
    def endpoints(self) -> list[str]:
        return sorted({e for _, _, e in self.watching.values()})

    def poll(self) -> None:
        import zmq
        from zmq.utils.monitor import recv_monitor_message

        if self.node.closed:
            return
        dialled = {id(lk.socket): lk for lk in self.node.links.values()
                   if lk.socket is not None and lk.endpoint and not lk.learned}
        for sid in [sid for sid in self.watching if sid not in dialled]:  # a DEALER the node closed
            self.watching.pop(sid)[1].close(linger=0)
        for sid, link in dialled.items():
            if sid in self.watching:
                continue
            self._made += 1
            addr = f"inproc://soe-contact-{id(self)}-{self._made}"  # never one a closed socket left bound
            sock = link.socket
            if sock is None:
                continue
            try:
                sock.monitor(addr, zmq.EVENT_ALL)
                mon = self.node.ctx.socket(zmq.PAIR)
                mon.connect(addr)
            except zmq.ZMQError:
                continue  # no diagnosis for this link; waiting works the same
            self.watching[sid] = (sock, mon, link.endpoint)
        for _, mon, endpoint in self.watching.values():
            while True:
                try:
                    event = recv_monitor_message(mon, zmq.NOBLOCK)["event"]
                except zmq.ZMQError:  # Again: nothing more
                    break
                if event == zmq.EVENT_CONNECT_RETRIED and self.state.get(endpoint) != "bad_key":
                    self.state[endpoint] = "refused"
                elif event == zmq.EVENT_CONNECTED and self.state.get(endpoint) != "bad_key":
                    self.state[endpoint] = "connected"
                elif event in (zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL, zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL,
                               zmq.EVENT_HANDSHAKE_FAILED_AUTH):
                    self.state[endpoint] = "bad_key"
                elif event == zmq.EVENT_HANDSHAKE_SUCCEEDED:
                    self.state[endpoint] = "secure"

    def diagnoses(self) -> tuple[Diagnosis, ...]:
        """What the last events say of each connection watched, by endpoint."""
        return tuple(Diagnosis(e, self.state.get(e, "")) for e in self.endpoints)

    def close(self) -> None:
        import zmq

        for sock, mon, _ in self.watching.values():
            if not sock.closed:
                try:
                    sock.disable_monitor()
                except zmq.ZMQError:
                    pass
            mon.close(linger=0)
        self.watching.clear()
