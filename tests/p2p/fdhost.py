"""A host in a process of its own whose limit of open files is low (``python fdhost.py
WORKDIR FILES DEADLINE_S``), for test_p2p_strangers: it hosts a 3-player game with a bot,
prints its invite, signs the genesis once every seat is taken, and steps until WORKDIR/stop
appears (or the deadline passes); then it prints one JSON line (its state hash, whether its
game ended, its transport's statistics) and exits 0. A crash exits otherwise."""

from __future__ import annotations

import resource
import sys

FILES = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))  # before anything is opened

import json  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from game.bots import make_bot  # noqa: E402
from net.core.identity import Identity, fingerprint  # noqa: E402
from net.core.lobby import Invite, Lobby, new_game_id  # noqa: E402
from net.peer import BotDecider, Peer  # noqa: E402


def main() -> int:
    work, deadline = Path(sys.argv[1]), time.monotonic() + float(sys.argv[3])
    me = Identity.generate()
    game = new_game_id()
    lobby = Lobby(me, game, 3, host_name="host")
    host = Peer.create(me, role="player", game_id=game, log=work / "host.jsonl", lobby=lobby, name="host",
                       decider=BotDecider(make_bot("greedy", 1)))
    print(Invite("127.0.0.1", host.node.port, game, fingerprint(me.public_hex), host.node.curve_public), flush=True)
    said = []
    while time.monotonic() < deadline and not (work / "stop").exists():
        host.step(5)
        said += [type(e).__name__ for e in host.events()]
        if lobby.full and not lobby.started:
            host.start_game(timeout_ms=30_000, chain_length=1024)
    st = host.node.stats
    print(json.dumps({"state": host.session.transcript.state_hash, "over": host.over, "shed": st.shed,
                      "refused_links": st.refused_links, "accept_failed": st.accept_failed, "cap": host.node.gate.cap,
                      "open": len(host.node.gate.open), "events": sorted(set(said))}), flush=True)
    host.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
