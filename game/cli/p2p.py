"""Peer-to-peer subcommands of ``soe``: host, join, spectate, resume, lobby and demo.

Each runs one peer (:class:`net.peer.Peer`) in a loop until its game is over. A seat is
played by a person at the terminal (numbered choices, as in ``soe play``) or by a bot
(``--bot``). Logs are written as they grow, so ``soe resume LOG`` restarts a peer that
crashed or was closed.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

from game.bots import BOT_NAMES, make_bot
from game.rules import Choice, State, describe
from net.mesh import DEFAULT_PORT

HUMAN = "human"


# --------------------------------------------------------------------------- deciders
class TextDecider:
    """A person at the terminal: numbered choices; ``u`` undo, ``s`` state, ``w`` who we wait for."""

    def __init__(self) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        self.asked = -1
        self.peer: Any = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in sys.stdin:
            self.lines.put(line.strip().lower())
        self.lines.put("eof")

    def decide(self, state: State, seat: int, options: list[Choice]) -> Choice | None:
        if self.asked != state.steps:
            self.asked = state.steps
            from game.rules import pending

            print(f"\n{pending(state).prompt}")
            for i, c in enumerate(options, 1):
                print(f"  {i:3}. {describe(state, c)}")
            print("(number, u = undo, s = state, w = who the game waits for)")
        try:
            answer = self.lines.get_nowait()
        except queue.Empty:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        if answer == "u" and self.peer is not None:
            res = self.peer.session.undo(self.peer.clock())
            print("taken back" if res.ok else f"cannot undo: {res.text}")
            self.asked = -1
        elif answer == "s":
            from game.cli.textplay import status

            print(status(state, seat))
        elif answer == "w" and self.peer is not None:
            for w in self.peer.session.waiting_for(self.peer.clock()):
                print(f"waiting for {w.name} ({w.power}): {w.what}{' (overdue)' if w.overdue else ''}")
        elif answer != "eof":
            print(f"type a number from 1 to {len(options)}")
        return None


def decider_for(name: str, seed: int) -> Any:
    from net.peer import BotDecider

    if name == HUMAN:
        return TextDecider()
    return BotDecider(make_bot(name, seed))


# --------------------------------------------------------------------------- helpers
def lan_address() -> str:
    """This machine's address as others on the LAN see it (no packet is sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        addr = str(info[4][0])
        if not addr.startswith("127."):
            return addr
    return "127.0.0.1"


def default_log(game_id: str) -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("struggle-of-empires")) / "games" / f"{game_id}.jsonl"


def identity_for(key: str | None) -> Any:
    from net.keys import load_or_create

    return load_or_create(Path(key) if key else None)


def finish(peer: Any, args: argparse.Namespace, linger_s: float = 2.0) -> int:
    """After the game: let the last messages out, print the result, write ``--result``."""
    end = time.monotonic() + linger_s
    while time.monotonic() < end:
        peer.step(20)
    result = peer.result()
    out = result.get("outcome") or {}
    if out:
        print("Final scores: " + ", ".join(f"{p} {v}" for p, v in out.get("scores", {}).items()))
        print("Winner: " + " and ".join(out.get("winners", [])))
    print(f"State {result['state_hash']}; {result['messages']} messages in {peer.files.log}")
    if getattr(args, "result", None):
        Path(args.result).write_text(json.dumps(result, sort_keys=True), encoding="utf-8")
    peer.close()
    return 3 if peer.desynced else 0


def run_peer(peer: Any, args: argparse.Namespace, deadline_s: float) -> int:
    """Step a peer until its game is closed (or it desyncs, or the deadline passes)."""
    end = time.monotonic() + deadline_s if deadline_s > 0 else float("inf")
    last_save = 0.0
    try:
        while not peer.over and not peer.desynced:
            peer.step(20)
            now = time.monotonic()
            if now - last_save > 5:
                last_save = now
                peer.save_meta()
            if now > end:
                print("soe: the game did not finish in time", file=sys.stderr)
                peer.close()
                return 4
    except KeyboardInterrupt:
        print(f"\nLeft the game; `soe resume {peer.files.log}` continues it.", file=sys.stderr)
        peer.close()
        return 130
    return finish(peer, args)


def _common(p: argparse.ArgumentParser, *, seat: bool = True) -> None:
    p.add_argument("--key", default=None, metavar="FILE", help="your key file (default: your installation's key)")
    p.add_argument("--log", default=None, metavar="FILE", help="the game log (default: in your data directory)")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: all)")
    p.add_argument("--port", type=int, default=0, help="port to listen on (default: any free port)")
    p.add_argument("--advertise", default=None, help="the address peers should use to reach you")
    p.add_argument("--no-curve", action="store_true", help="do not encrypt the transport (signatures still hold)")
    p.add_argument("--deadline", type=float, default=0, help="give up after this many seconds (0: never)")
    p.add_argument("--result", default=None, metavar="FILE", help="write the final result as JSON")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    if seat:
        p.add_argument("--name", default=os.environ.get("USER", "player"), help="your name at the table")
        p.add_argument("--power", default="", help="the great power you would like")
        p.add_argument("--bot", default=HUMAN, choices=(HUMAN, *BOT_NAMES), help="who plays your seat")
        p.add_argument("--seed", type=int, default=0, help="seed of the bot playing your seat")


def register(sub: Any) -> None:
    p = sub.add_parser("host", help="host a game and print its invite")
    _common(p)
    p.set_defaults(port=DEFAULT_PORT)
    p.add_argument("--players", type=int, default=4, help="number of seats, 2-7 (default 4)")
    p.add_argument("--timeout", type=float, default=120, help="seconds before a silent seat may be dropped")
    p.add_argument("--fill-after", type=float, default=-1,
                   help="start after this many seconds with bots in the empty seats (default: wait until full)")
    p.add_argument("--no-announce", action="store_true", help="do not announce the game on the LAN")
    p.add_argument("--announce-on", default=None, metavar="ADDR", help="announce only on this interface address")
    p.add_argument("--invite-file", default=None, metavar="FILE", help="also write the invite into this file")
    p.add_argument("--upnp", action="store_true",
                   help="ask the router (UPnP) to forward the port, and invite with its external address")
    p.add_argument("--upnp-group", default=None, help=argparse.SUPPRESS)  # tests: a loopback SSDP responder
    p.add_argument("--chain-length", type=int, default=None, help=argparse.SUPPRESS)
    p.set_defaults(func=_host)

    p = sub.add_parser("join", help="join a game by its invite (or its name on the LAN)")
    _common(p)
    p.add_argument("invite", help="the invite string soe host printed, or a LAN game's name")
    p.set_defaults(func=_join)

    p = sub.add_parser("spectate", help="watch a game from any point, never able to act")
    _common(p, seat=False)
    p.add_argument("invite")
    p.set_defaults(func=_spectate)

    p = sub.add_parser("resume", help="go on with a saved game: a network peer's log, or a game of soe play")
    _common(p, seat=False)
    p.add_argument("file", metavar="LOG")
    p.add_argument("--bot", default=HUMAN, choices=(HUMAN, *BOT_NAMES), help="who plays your seat now")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=_resume)

    p = sub.add_parser("lobby", help="list the games announced on the LAN")
    p.add_argument("--seconds", type=float, default=2.0, help="how long to listen")
    p.add_argument("--interface", default=None, metavar="ADDR", help="listen only on this interface address")
    p.set_defaults(func=_lobby)

    from game.cli.demo import register as register_demo

    register_demo(sub)


def _say(args: argparse.Namespace) -> Any:
    if args.quiet:
        return lambda _text: None
    return lambda text: print(text, flush=True)


def _host(args: argparse.Namespace) -> int:
    from net.beacon import DEFAULT_CHAIN_LENGTH
    from net.genesis import settings_problem
    from net.keys import fingerprint
    from net.lobby import Invite, Lobby, new_game_id
    from net.peer import Peer

    settings = {"chain_length": args.chain_length or DEFAULT_CHAIN_LENGTH, "timeout_ms": int(args.timeout * 1000)}
    problem = settings_problem(settings["chain_length"], settings["timeout_ms"])
    if problem:
        print(f"soe host: {problem}", file=sys.stderr)
        return 2
    ident = identity_for(args.key)
    gid = new_game_id()
    try:
        lobby = Lobby(ident, gid, args.players, host_name=args.name, host_power=args.power)
    except ValueError as exc:
        print(f"soe host: {exc}", file=sys.stderr)
        return 2
    lobby.settings = settings
    decider = decider_for(args.bot, args.seed)
    advertise = args.advertise or (lan_address() if args.bind in ("0.0.0.0", "*") else args.bind)
    try:
        peer = Peer.create(ident, role="player", game_id=gid, log=args.log or default_log(gid), host=args.bind,
                           port=args.port, advertise=advertise, curve=not args.no_curve, lobby=lobby,
                           name=args.name, decider=decider, key_file=args.key or "", say=_say(args))
    except OSError as exc:
        print(f"soe host: cannot listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 2
    if isinstance(decider, TextDecider):
        decider.peer = peer
    lan_invite = Invite(advertise, peer.node.port, gid, fingerprint(ident.public_hex), peer.node.curve_public)
    mapping = _map_port(peer, args) if args.upnp else None
    if mapping is not None and not args.advertise:
        peer.node.advertise = mapping[1]  # what peers tell each other to dial: the router's address
        peer.save_meta()
    invite = Invite(peer.node.advertise, peer.node.port, gid, fingerprint(ident.public_hex), peer.node.curve_public)
    print(f"Invite: {invite}", flush=True)
    if invite != lan_invite:
        print(f"On this network: {lan_invite}", flush=True)
    if args.invite_file:
        Path(args.invite_file).write_text(str(invite) + "\n", encoding="utf-8")
    announcer = None
    if not args.no_announce:
        try:
            from net.discovery import Announcer

            announcer = Announcer(lan_invite, f"{args.name}'s game", args.players,
                                  interfaces=[args.announce_on] if args.announce_on else None)
        except OSError as exc:
            print(f"(not announced on the LAN: {exc})", file=sys.stderr)
    print(f"Waiting for {args.players - 1} players" + (
        f" ({args.fill_after:g} s, then bots fill the empty seats)" if args.fill_after >= 0 else ""), flush=True)
    started = time.monotonic()
    try:
        while not lobby.started:
            peer.step(50)
            free = sum(1 for s in lobby.seats if not s.key)
            if announcer is not None:
                announcer.update(free, False)
            if lobby.full or (args.fill_after >= 0 and time.monotonic() - started >= args.fill_after):
                peer.start_game(timeout_ms=int(args.timeout * 1000), chain_length=args.chain_length)
        if announcer is not None:
            announcer.update(0, True)
        return run_peer(peer, args, args.deadline)
    finally:
        if announcer is not None:
            announcer.close()
        if mapping is not None:
            _unmap_port(mapping[0], peer.node.port)


def _map_port(peer: Any, args: argparse.Namespace) -> tuple[Any, str] | None:
    """UPnP: the gateway and the external address, or None (said why) when it cannot be done."""
    from net.upnp import SSDP_GROUP, UPnPError, discover, map_port

    group = SSDP_GROUP
    if args.upnp_group:
        host, _, port = args.upnp_group.rpartition(":")
        group = (host, int(port))
    try:
        gw = discover(group=group)
        external = map_port(gw, peer.node.port)
    except UPnPError as exc:
        print(f"UPnP: {exc}. Forward TCP port {peer.node.port} to this machine by hand for players on the "
              "internet (see the README).", file=sys.stderr, flush=True)
        return None
    print(f"UPnP: the router forwards TCP port {peer.node.port} to {gw.local_ip}; its address is {external}.",
          flush=True)
    return gw, external


def _unmap_port(gw: Any, port: int) -> None:
    from net.upnp import UPnPError, unmap_port

    try:
        unmap_port(gw, port)
        print(f"UPnP: the router no longer forwards port {port}.", flush=True)
    except UPnPError as exc:
        print(f"UPnP: {exc} (the mapping stays until the router drops it)", file=sys.stderr, flush=True)


def _resolve_invite(text: str) -> Any:
    from net.discovery import browse
    from net.lobby import Invite, InviteError

    try:
        return Invite.parse(text)
    except InviteError as exc:
        if text.startswith("soe://"):
            raise SystemExit(f"soe: {exc}") from None
    for a in browse(2.0):
        if a.name == text or a.invite.game_id.startswith(text):
            return a.invite
    raise SystemExit(f"soe: {text!r} is neither an invite nor a game announced on the LAN")


def _join(args: argparse.Namespace) -> int:
    from net.peer import Peer

    invite = _resolve_invite(args.invite)
    ident = identity_for(args.key)
    decider = decider_for(args.bot, args.seed)
    advertise = args.advertise or (lan_address() if args.bind in ("0.0.0.0", "*") else args.bind)
    peer = Peer.create(ident, role="player", game_id=invite.game_id, log=args.log or default_log(invite.game_id),
                       host=args.bind, port=args.port, advertise=advertise, curve=not args.no_curve,
                       name=args.name, power=args.power, decider=decider, key_file=args.key or "", say=_say(args))
    if isinstance(decider, TextDecider):
        decider.peer = peer
    peer.connect(invite)
    print(f"Joining game {invite.game_id} hosted by {invite.fingerprint} at {invite.endpoint}", flush=True)
    return run_peer(peer, args, args.deadline)


def _spectate(args: argparse.Namespace) -> int:
    from net.keys import Identity
    from net.peer import Peer

    invite = _resolve_invite(args.invite)
    ident = identity_for(args.key) if args.key else Identity.generate()
    advertise = args.advertise or (lan_address() if args.bind in ("0.0.0.0", "*") else args.bind)
    log = args.log or default_log(invite.game_id).with_suffix(".spectator.jsonl")
    peer = Peer.create(ident, role="spectator", game_id=invite.game_id, log=log, host=args.bind, port=args.port,
                       advertise=advertise, curve=not args.no_curve, key_file=args.key or "", say=_say(args))
    peer.auto_drop = False
    peer.connect(invite)
    print(f"Watching game {invite.game_id} at {invite.endpoint}", flush=True)
    return run_peer(peer, args, args.deadline)


def _resume(args: argparse.Namespace) -> int:
    from game.cli.textplay import LOCAL, resume_text
    from net.peer import Peer, PeerFiles
    from net.store import GameInUse

    try:
        with open(args.file, "rb") as f:
            first = f.readline()
    except FileNotFoundError:
        print(f"soe resume: {args.file}: no such file", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"soe resume: {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    if LOCAL.encode() in first:  # a game against computer players, saved by soe play
        return int(resume_text(Path(args.file)))
    files = PeerFiles(Path(args.file))
    if not files.meta.exists() or not files.secret.exists():
        print(f"soe resume: {args.file} has no {files.meta.name} or {files.secret.name} beside it", file=sys.stderr)
        return 2
    meta = json.loads(files.meta.read_text(encoding="utf-8"))
    ident = identity_for(args.key or meta.get("key_file") or None)
    decider = decider_for(args.bot, args.seed) if meta.get("role") == "player" else None
    import zmq

    advertise = args.advertise or (lan_address() if args.bind in ("0.0.0.0", "*") else args.bind)
    # listen where this peer listened before, so the others' connections simply come back
    old_port = _port_of(str(meta.get("endpoint", "")))
    ports = [args.port] if args.port else ([old_port, 0] if old_port else [0])
    for port in ports:
        try:
            peer = Peer.resume(ident, args.file, host=args.bind, port=port, advertise=advertise,
                               curve=not args.no_curve, decider=decider, say=_say(args))
            break
        except zmq.ZMQError as exc:  # the old port is taken: any free one will do
            if port == ports[-1]:
                print(f"soe resume: cannot listen on {args.bind}:{port}: {exc}", file=sys.stderr)
                return 2
        except (ValueError, OSError, GameInUse) as exc:
            print(f"soe resume: {exc}", file=sys.stderr)
            return 2
    if isinstance(decider, TextDecider):
        decider.peer = peer
    print(f"Resumed {args.file}: {len(peer.session.transcript)} messages; catching up", flush=True)
    return run_peer(peer, args, args.deadline)


def _port_of(endpoint: str) -> int:
    """The port of ``tcp://host:port`` (0 if there is none)."""
    tail = endpoint.rsplit(":", 1)[-1]
    return int(tail) if endpoint.startswith("tcp://") and tail.isdigit() else 0


def _lobby(args: argparse.Namespace) -> int:
    from net.discovery import browse

    games = browse(args.seconds, interfaces=[args.interface] if args.interface else None)
    if not games:
        print("No game announced on the LAN.")
        return 0
    for a in games:
        print(a.line())
    return 0
