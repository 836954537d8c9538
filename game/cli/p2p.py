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
from game.rules import Choice, State
from net.core.lobby import DEFAULT_PORT

HUMAN = "human"


# --------------------------------------------------------------------------- deciders
NET_HELP = """Keys (then Enter):
  a number   choose that line of the list; a line that asks for an amount (a bid) then asks
             for the amount, or type both at once: "2 5" is line 2 with 5
  s          the state of the game: wars and rounds left, play order, gold, population, VP,
             tiles and pieces left in supply, each area's VP values, control markers, units
  t          the tiles: costs, what each does, how many are left
  w          whom the game waits for, and since when
  m          the list of choices again
  u          take back your last choice (within your turn; never past dice or a draw)
  h or ?     this help
  Ctrl+C     leave; `soe resume LOG` goes on with the game"""


class TextDecider:
    """A person at the terminal, with the menu of ``soe play`` (:mod:`game.cli.textplay`):
    one line per choice, a run of amounts (a bid, an offer of gold) as one line that asks
    for the amount. ``s`` state, ``t`` tiles, ``w`` who we wait for, ``u`` undo, ``h`` help;
    ``s``, ``t`` and ``w`` answer at any time (:meth:`idle`), not only at this seat's turn."""

    def __init__(self, read_stdin: bool = True) -> None:
        import shutil

        self.lines: queue.Queue[str] = queue.Queue()
        self.asked = -1
        self.peer: Any = None
        self.entries: list[Any] = []  # textplay.Entry: the menu shown at this decision
        self.amount_for: Any = None  # the Entry whose amount the next line gives
        self.width = shutil.get_terminal_size((100, 24)).columns
        if read_stdin:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in sys.stdin:
            self.lines.put(line.strip().lower())
        self.lines.put("eof")

    def _show(self, state: State, seat: int) -> None:
        from game.cli.textplay import brief, menu_lines
        from game.rules import pending

        print(f"\n{pending(state).prompt}")
        print(f"  [{brief(state, seat)}]")
        for line in menu_lines(self.entries, self.width):
            print(line)
        print("(a number; s = state, t = tiles, w = who the game waits for, u = undo, h = help)")

    def decide(self, state: State, seat: int, options: list[Choice]) -> Choice | None:
        from game.cli.textplay import _number, menu

        if self.asked != state.steps:
            self.asked = state.steps
            self.entries = menu(state, seat, options)
            self.amount_for = None
            self._show(state, seat)
        try:
            answer = self.lines.get_nowait()
        except queue.Empty:
            return None
        if self.amount_for is not None:  # the amount of the line chosen last
            e, self.amount_for = self.amount_for, None
            x = _number(answer)
            if x is not None and e.lo <= x <= e.hi:
                return e.choices[x - e.lo]  # type: ignore[no-any-return]
            if answer not in ("", "eof"):
                print(f"The amount is a number from {e.lo} to {e.hi}.")
            self._show(state, seat)
            return None
        words = answer.split()
        n = _number(words[0]) if words else None
        if n is not None and 1 <= n <= len(self.entries) and len(words) <= 2:
            e = self.entries[n - 1]
            if not e.amount:
                if len(words) == 1:
                    return e.choices[0]  # type: ignore[no-any-return]
                print(f"Line {n} takes no amount: type {n} alone.")
                return None
            if len(words) == 1:
                self.amount_for = e
                print(f"Amount ({e.lo} to {e.hi}; Enter to go back):")
                return None
            x = _number(words[1])
            if x is not None and e.lo <= x <= e.hi:
                return e.choices[x - e.lo]  # type: ignore[no-any-return]
            print(f"The amount is a number from {e.lo} to {e.hi}.")
            return None
        if answer in ("m", ""):
            self._show(state, seat)
        elif not self._command(answer, state, seat):
            print(f"Type a number from 1 to {len(self.entries)}, or h for help.")
        return None

    def idle(self) -> None:
        """Between this seat's turns: answer ``s``, ``w`` and ``u`` at once."""
        if self.peer is None or self.peer.session.my_turn():
            return  # decide() reads the answer
        try:
            answer = self.lines.get_nowait()
        except queue.Empty:
            return
        t = self.peer.session.table
        st = t.st if t is not None else None
        if answer.isdigit():
            print("it is not your turn; `w` shows whom the game waits for")
        elif not self._command(answer, st, self.peer.session.seat):
            print("between your turns: s = state, t = tiles, w = who the game waits for, u = undo your last choice, "
                  "h = help")

    def _command(self, answer: str, state: State | None, seat: int) -> bool:
        """``u``, ``s`` or ``w`` (True), or something else (False; ``eof`` counts as handled)."""
        if answer == "eof":
            return True
        if answer == "u" and self.peer is not None:
            res = self.peer.session.undo(self.peer.clock())
            print("taken back" if res.ok else f"cannot undo: {res.text}")
            self.asked = -1
        elif answer in ("s", "t"):
            if state is None:
                print("the game has not started yet")
            else:
                from game.cli.textplay import status, tiles_screen

                print(status(state, seat) if answer == "s" else tiles_screen(state, max(seat, 0)))
        elif answer in ("h", "?"):
            print(NET_HELP)
        elif answer == "w" and self.peer is not None:
            waits = self.peer.session.waiting_for(self.peer.clock())
            if not waits:
                print("the game has not started yet" if self.peer.session.table is None else "waiting for nobody")
            for w in waits:
                name = self.peer._power_name(w.power)
                print(f"waiting for {w.name} ({name}): {w.what}{' (overdue)' if w.overdue else ''}")
        else:
            return False
        return True


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


def network_games_dir() -> Path:
    """Where network games' logs are written unless ``--log`` says otherwise."""
    from game.client.folders import network_games_dir as games_dir

    return games_dir()


def default_log(game_id: str, identity: Any, role: str = "player") -> Path:
    """``games/GAME.FINGERPRINT.jsonl`` in the data directory: one file per game and key, so a
    host and a joiner (or a spectator) on one machine never share a log."""
    from net.core.identity import fingerprint

    tail = "" if role == "player" else f".{role}"
    return network_games_dir() / f"{game_id}.{fingerprint(identity.public_hex)}{tail}.jsonl"


def identity_for(key: str | None, command: str) -> Any:
    """This player's key (created on first use), or None when the key file cannot be used (said why)."""
    from game.client.folders import key_file
    from net.keyfile import KeyFileError, load_or_create

    try:
        return load_or_create(Path(key) if key else key_file())
    except (KeyFileError, OSError) as exc:
        print(f"soe {command}: {exc}", file=sys.stderr)
        return None


def finish(peer: Any, args: argparse.Namespace, linger_s: float = 2.0) -> int:
    """After the game: let the last messages out, print the result, write ``--result``."""
    end = time.monotonic() + linger_s
    while time.monotonic() < end:
        peer.step(20)
    result = peer.result()
    out = result.get("outcome") or {}
    if out:
        print("Final scores: " + ", ".join(f"{peer._power_name(p)} {v}" for p, v in out.get("scores", {}).items()))
        print("Winner: " + " and ".join(peer._power_name(w) for w in out.get("winners", [])))
    print(f"State {result['state_hash']}; {result['messages']} messages in {peer.files.log}")
    if getattr(args, "result", None):
        Path(args.result).write_text(json.dumps(result, sort_keys=True), encoding="utf-8")
    peer.close()
    return 3 if peer.desynced else 0


def _gone(peer: Any, command: str, text: str, *, keep: bool) -> int:
    """Leave without a game: say why; remove the files of a game this peer never joined."""
    print(f"soe {command}: {text}", file=sys.stderr, flush=True)
    peer.close()
    if not keep:
        peer.files.remove()
    return 5


def run_peer(peer: Any, args: argparse.Namespace, deadline_s: float, *, command: str = "",
             wait_s: float = 0, keep: bool = True) -> int:
    """Step a peer until its game is closed (or it desyncs, or the deadline passes). With
    ``wait_s``, until the peers it dialled answer, say what is happening now and then
    (back-off: 2, 4, 8... seconds) and give up after ``wait_s`` seconds. ``keep``: whether
    its files stay when it leaves without a game (a resumed peer's do)."""
    start = time.monotonic()
    end = start + deadline_s if deadline_s > 0 else float("inf")
    last_save = 0.0
    contact = peer.watch_contact() if wait_s > 0 else None
    next_word = start + 2.0
    try:
        while not peer.over and not peer.desynced:
            peer.step(20)
            if isinstance(peer.decider, TextDecider):
                peer.decider.idle()
            now = time.monotonic()
            if peer.refused is not None:
                return _gone(peer, command, peer.refused[1], keep=keep)
            if contact is not None:
                if peer.answered() or peer.over:
                    contact.close()
                    contact = None
                    if not args.quiet:
                        print("Connected.", flush=True)
                elif now >= next_word or now - start >= wait_s:
                    why = "; ".join(contact.diagnosis(e) for e in contact.endpoints) or "no peer to call"
                    if now - start >= wait_s:
                        more = (f". The log is kept: `soe resume {peer.files.log}` when the others are back"
                                if keep else ". Check the invite's address and port, and that the host's program "
                                "is running")
                        return _gone(peer, command, f"gave up after {wait_s:g} s: {why}{more}", keep=keep)
                    print(f"still trying ({now - start:.0f} s of {wait_s:g}): {why}", file=sys.stderr, flush=True)
                    next_word = start + 2 * (next_word - start)
            if now - last_save > 5:
                last_save = now
                peer.save_meta()
            if now > end:
                print(f"soe {command}: the game did not finish in time", file=sys.stderr)
                peer.close()
                return 4
    except KeyboardInterrupt:
        print(f"\nLeft the game; `soe resume {peer.files.log}` continues it.", file=sys.stderr)
        peer.close()
        return 130
    return finish(peer, args)


WAIT_S = 60.0  # default of --wait: how long join, spectate and resume wait for an answer


def _common(p: argparse.ArgumentParser, *, seat: bool = True, log: bool = True, port_help: str = "") -> None:
    p.add_argument("--key", default=None, metavar="FILE",
                   help="your key file (default: your installation's key, or $SOE_KEY_FILE); see `soe key`")
    if log:
        p.add_argument("--log", default=None, metavar="FILE",
                       help="where the game log is written (default: in your data directory); a new or empty file")
    p.add_argument("--bind", default="0.0.0.0", metavar="ADDR", help="address to listen on (default: 0.0.0.0, all)")
    p.add_argument("--port", type=int, default=None,
                   help=port_help or "port to listen on (default: any free port)")
    p.add_argument("--advertise", default=None, metavar="ADDR",
                   help="the address other peers should use to reach you (default: this machine's LAN address)")
    p.add_argument("--no-curve", action="store_true", help="do not encrypt the transport (signatures still hold)")
    p.add_argument("--deadline", type=float, default=0, metavar="SECONDS",
                   help="give up when the game has not ended after this many seconds (default: 0, never)")
    p.add_argument("--result", default=None, metavar="FILE", help="write the final result as JSON into FILE")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    if seat:
        p.add_argument("--name", default=os.environ.get("USER", "player"),
                       help="your name at the table (default: your user name)")
        p.add_argument("--power", default="", help="the great power you would like, e.g. france (default: any)")
        p.add_argument("--bot", default=HUMAN, choices=(HUMAN, *BOT_NAMES),
                       help="who plays your seat: you at the terminal, or a computer player (default: human)")
        p.add_argument("--seed", type=int, default=0, help="seed of the computer player on your seat (default: 0)")


def _wait(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--wait", type=float, default=WAIT_S, metavar="SECONDS",
                   help=f"give up when {what} has not answered after this many seconds (default: {WAIT_S:g})")


def register(sub: Any) -> None:
    p = sub.add_parser("host", help="host a game and print its invite",
                       description="Host a network game: print an invite for the others, seat them as they join, "
                                   "and start when every seat is taken.")
    _common(p, port_help=f"port to listen on (default: {DEFAULT_PORT}; when it is taken, any free port, "
                         "and the invite says which)")
    p.add_argument("--players", type=int, default=4, help="number of seats, 2-7 (default 4)")
    p.add_argument("--timeout", type=float, default=120, metavar="SECONDS",
                   help="seconds a player may keep the game waiting before the others may hand its seat to a "
                        "computer player (default: 120)")
    p.add_argument("--fill-after", type=float, default=-1, metavar="SECONDS",
                   help="start after this many seconds with computer players in the empty seats (default: wait "
                        "until every seat is taken)")
    p.add_argument("--no-announce", action="store_true", help="do not announce the game on the LAN (DNS-SD)")
    p.add_argument("--announce-on", default=None, metavar="ADDR",
                   help="announce only on the interface with this address (default: every interface)")
    p.add_argument("--invite-file", default=None, metavar="FILE", help="also write the invite into FILE")
    p.add_argument("--upnp", action="store_true",
                   help="ask the router (UPnP) to forward the port, and invite with its external address")
    p.add_argument("--upnp-group", default=None, help=argparse.SUPPRESS)  # tests: a loopback SSDP responder
    p.add_argument("--chain-length", type=int, default=None, help=argparse.SUPPRESS)
    p.set_defaults(func=_host)

    p = sub.add_parser("join", help="join a game by its invite (or its name on the LAN)",
                       description="Join a network game: check the host's key against the invite's fingerprint, "
                                   "take a seat and play.")
    _common(p)
    _wait(p, "the host")
    p.add_argument("invite", help="the invite `soe host` printed (soe://...), or a LAN game's name as `soe lobby` "
                                  "lists it")
    p.set_defaults(func=_join)

    p = sub.add_parser("spectate", help="watch a game from any point, never able to act",
                       description="Watch a network game: catch up from its transcript, then follow it live.")
    _common(p, seat=False)
    _wait(p, "the host")
    p.add_argument("invite", help="the game's invite (soe://...), or a LAN game's name as `soe lobby` lists it")
    p.set_defaults(func=_spectate)

    p = sub.add_parser("resume", help="go on with a saved game: a network peer's log, or a game of soe play",
                       description="Go on with a saved game: a network peer's log (with LOG.secret and "
                                   "LOG.peer.json beside it) reconnects to the peers it knew; a game of `soe play` "
                                   "goes on in the terminal.")
    _common(p, seat=False, log=False, port_help="port to listen on (default: the one this peer used before, "
                                                "or any free port when it is taken)")
    _wait(p, "none of the game's other peers")
    p.add_argument("file", metavar="LOG", help="the game's log file (.jsonl)")
    p.add_argument("--bot", default=None, choices=(HUMAN, *BOT_NAMES),
                   help="who plays your seat now (default: who played it before)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed of the computer player on your seat (default: the one it had)")
    p.set_defaults(func=_resume)

    p = sub.add_parser("lobby", help="list the games announced on the LAN")
    p.add_argument("--seconds", type=float, default=2.0, help="how long to listen (default: 2)")
    p.add_argument("--interface", default=None, metavar="ADDR",
                   help="listen only on the interface with this address (default: every interface)")
    p.set_defaults(func=_lobby)

    from game.cli.demo import register as register_demo

    register_demo(sub)


def _say(args: argparse.Namespace) -> Any:
    if args.quiet:
        return lambda _text: None
    return lambda text: print(text, flush=True)


def _log_for(args: argparse.Namespace, command: str, game_id: str, identity: Any,
             role: str = "player") -> Path | None:
    """The log to write (a new file): ``--log`` or one in the data directory; None (said why)
    when ``--log`` names a directory or a file that already holds something."""
    log = Path(args.log) if args.log else default_log(game_id, identity, role)
    if log.is_dir():
        print(f"soe {command}: {log} is a directory; --log names the file to write", file=sys.stderr)
        return None
    if log.exists() and log.stat().st_size > 0:
        print(f"soe {command}: {log} already holds a game; name another --log (or `soe resume {log}` to go on "
              "with it)", file=sys.stderr)
        return None
    return log


def _host(args: argparse.Namespace) -> int:
    import zmq

    from net.core.beacon import DEFAULT_CHAIN_LENGTH
    from net.core.genesis import settings_problem
    from net.core.identity import fingerprint
    from net.core.lobby import Invite, Lobby, new_game_id
    from net.peer import Peer
    from net.store import GameInUse

    settings = {"chain_length": args.chain_length or DEFAULT_CHAIN_LENGTH, "timeout_ms": int(args.timeout * 1000)}
    problem = settings_problem(settings["chain_length"], settings["timeout_ms"])
    if problem:
        print(f"soe host: {problem}", file=sys.stderr)
        return 2
    ident = identity_for(args.key, "host")
    if ident is None:
        return 2
    gid = new_game_id()
    try:
        lobby = Lobby(ident, gid, args.players, host_name=args.name, host_power=args.power)
    except ValueError as exc:
        print(f"soe host: {exc}", file=sys.stderr)
        return 2
    lobby.settings = settings
    log = _log_for(args, "host", gid, ident)
    if log is None:
        return 2
    decider = decider_for(args.bot, args.seed)
    advertise = args.advertise or (lan_address() if args.bind in ("0.0.0.0", "*") else args.bind)
    ports = [args.port] if args.port is not None else [DEFAULT_PORT, 0]  # a busy default: any free port
    for port in ports:
        try:
            peer = Peer.create(ident, role="player", game_id=gid, log=log, host=args.bind, port=port,
                               advertise=advertise, curve=not args.no_curve, lobby=lobby, name=args.name,
                               decider=decider, key_file=args.key or "", say=_say(args),
                               bot="" if args.bot == HUMAN else args.bot, bot_seed=args.seed)
            break
        except zmq.ZMQError as exc:
            if port != ports[-1]:
                continue
            taken = " (another `soe host` on this machine? give another --port, or leave it out)" \
                if exc.errno == zmq.EADDRINUSE else ""
            print(f"soe host: cannot listen on {args.bind}:{port}: {zmq.strerror(exc.errno or 0)}{taken}", file=sys.stderr)
            return 2
        except (OSError, GameInUse) as exc:
            print(f"soe host: {exc}", file=sys.stderr)
            return 2
    if port != ports[0]:
        print(f"Port {DEFAULT_PORT} is taken (another `soe host` on this machine?): listening on port "
              f"{peer.node.port} instead; the invite says so.", flush=True)
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
    print(f"Your key's fingerprint is {fingerprint(ident.public_hex)}: read it out to the others, who compare it "
          "with the invite's fp.", flush=True)
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
    waiting = args.players - 1
    mine = next(s.power for s in lobby.seats if s.key == ident.public_hex)
    print(f"You play {lobby.power_name(mine)}. Waiting for {waiting} player{'s' if waiting != 1 else ''}" + (
        f" ({args.fill_after:g} s, then computer players fill the empty seats)" if args.fill_after >= 0 else ""),
        flush=True)
    started = time.monotonic()
    try:
        while not lobby.started:
            peer.step(50)
            if isinstance(decider, TextDecider):
                decider.idle()
            free = sum(1 for s in lobby.seats if not s.key)
            if announcer is not None:
                announcer.update(free, False)
            if lobby.full or (args.fill_after >= 0 and time.monotonic() - started >= args.fill_after):
                peer.start_game(timeout_ms=int(args.timeout * 1000), chain_length=args.chain_length)
        if announcer is not None:
            announcer.update(0, True)
        return run_peer(peer, args, args.deadline, command="host")
    except KeyboardInterrupt:
        peer.close()
        if lobby.started:
            print(f"\nLeft the game; `soe resume {peer.files.log}` continues it.", file=sys.stderr)
        else:
            print("\nThe game was not started; nothing is kept.", file=sys.stderr)
            peer.files.remove()
        return 130
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
    from net.core.lobby import Invite, InviteError
    from net.discovery import browse

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
    from net.store import GameInUse

    invite = _resolve_invite(args.invite)
    ident = identity_for(args.key, "join")
    if ident is None:
        return 2
    log = _log_for(args, "join", invite.game_id, ident)
    if log is None:
        return 2
    decider = decider_for(args.bot, args.seed)
    advertise = args.advertise or (lan_address() if args.bind in ("0.0.0.0", "*") else args.bind)
    try:
        peer = Peer.create(ident, role="player", game_id=invite.game_id, log=log, host=args.bind,
                           port=args.port or 0, advertise=advertise, curve=not args.no_curve, name=args.name,
                           power=args.power, decider=decider, key_file=args.key or "", say=_say(args),
                           bot="" if args.bot == HUMAN else args.bot, bot_seed=args.seed)
        if isinstance(decider, TextDecider):
            decider.peer = peer
        peer.connect(invite)
    except GameInUse as exc:
        if args.log:
            print(f"soe join: {exc}", file=sys.stderr)
        else:  # the default log is per game and key: this key is in this game in another process
            from net.core.lobby import REFUSALS

            print(f"soe join: this key is in this game already, in another soe process on this machine; "
                  f"{REFUSALS['key_seated'].split(': ', 1)[1]}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"soe join: {exc}", file=sys.stderr)
        return 2
    except zmq_error() as exc:
        print(f"soe join: cannot listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 2
    print(f"Joining game {invite.game_id} at {invite.endpoint}, whose host's key fingerprint should be "
          f"{invite.fingerprint}: connecting (giving up after {args.wait:g} s without an answer)", flush=True)
    return run_peer(peer, args, args.deadline, command="join", wait_s=args.wait, keep=False)


def zmq_error() -> type[Exception]:
    import zmq

    return zmq.ZMQError


def _spectate(args: argparse.Namespace) -> int:
    from net.core.identity import Identity
    from net.peer import Peer
    from net.store import GameInUse

    invite = _resolve_invite(args.invite)
    ident = identity_for(args.key, "spectate") if args.key else Identity.generate()
    if ident is None:
        return 2
    advertise = args.advertise or (lan_address() if args.bind in ("0.0.0.0", "*") else args.bind)
    log = _log_for(args, "spectate", invite.game_id, ident, "spectator")
    if log is None:
        return 2
    try:
        peer = Peer.create(ident, role="spectator", game_id=invite.game_id, log=log, host=args.bind,
                           port=args.port or 0, advertise=advertise, curve=not args.no_curve, key_file=args.key or "",
                           say=_say(args))
        peer.auto_drop = False
        peer.connect(invite)
    except (OSError, ValueError, GameInUse) as exc:
        print(f"soe spectate: {exc}", file=sys.stderr)
        return 2
    except zmq_error() as exc:
        print(f"soe spectate: cannot listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 2
    print(f"Watching game {invite.game_id} at {invite.endpoint}: connecting (giving up after {args.wait:g} s "
          "without an answer)", flush=True)
    return run_peer(peer, args, args.deadline, command="spectate", wait_s=args.wait, keep=False)


def _resume(args: argparse.Namespace) -> int:
    import zmq

    from game.cli.textplay import LOCAL, resume_text
    from net.peer import GameFilesError, Peer, PeerFiles, check_game_files
    from net.store import GameInUse

    path = Path(args.file)
    try:
        with open(path, "rb") as f:
            first = f.readline()
    except FileNotFoundError:
        print(f"soe resume: {args.file}: no such file", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"soe resume: {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    if LOCAL.encode() in first:  # a game against computer players, saved by soe play
        return int(resume_text(path))
    files = PeerFiles(path)
    if not files.meta.exists() or not files.secret.exists():
        print(f"soe resume: {args.file} has no {files.meta.name} or {files.secret.name} beside it", file=sys.stderr)
        return 2
    try:
        meta = json.loads(files.meta.read_text(encoding="utf-8"))
        if not isinstance(meta, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as exc:
        print(f"soe resume: {files.meta}: not a peer file ({exc})", file=sys.stderr)
        return 2
    ident = identity_for(args.key or meta.get("key_file") or None, "resume")
    if ident is None:
        return 2
    try:
        check_game_files(files, ident)  # before anything touches them
    except GameFilesError as exc:
        print(f"soe resume: {exc}", file=sys.stderr)
        return 2
    bot = args.bot or str(meta.get("bot") or HUMAN)  # who played the seat plays it again
    if bot not in (HUMAN, *BOT_NAMES):
        print(f"soe resume: {files.meta}: unknown player {bot!r} for the seat; give --bot", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else (meta["seed"] if isinstance(meta.get("seed"), int) else 0)
    decider = decider_for(bot, seed) if meta.get("role") == "player" else None
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
    peer.bot = "" if bot == HUMAN else bot
    peer.bot_seed = seed
    if isinstance(decider, TextDecider):
        decider.peer = peer
    who = "" if meta.get("role") != "player" else (" (you play your seat)" if bot == HUMAN
                                                    else f" ({bot} plays your seat)")
    known = len(meta.get("peers", []))
    print(f"Resumed {args.file}: {len(peer.session.transcript)} messages{who}; calling the {known} peer"
          f"{'s' if known != 1 else ''} it knew to catch up (giving up after {args.wait:g} s without an answer)",
          flush=True)
    return run_peer(peer, args, args.deadline, command="resume", wait_s=args.wait if not peer.over else 0)


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
