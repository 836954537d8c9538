"""Stalling a table, with real peers on loopback (docs/network.md, "Game clocks"): a seat
that signs and takes back a choice for ever, a seat that answers every decision just
before the timeout, and the drop votes of a peer left alone. Each attack is played to the
end: the honest peers finish on one state."""

from __future__ import annotations

from pathlib import Path

from p2pkit import DROP_MS, Closes, Cluster, crash, idle, run_until

from game.rules import Choice, State
from net.core.plans import PLAYER
from net.peer import Peer


def _votes(peer: Peer) -> int:
    s = peer.session
    return sum(1 for e in s.transcript.entries if e.env.kind == "drop" and e.env.author == s.me.public_hex
               and "keep" not in e.env.body)


def _dropped(c: Cluster, seat: int, peers: list[Peer]) -> bool:
    return all(p.session.referee is not None and p.session.referee.control[seat] != PLAYER for p in peers)


class Undoer:
    """A cheat's program: at a bid it signs 0 (which leaves it deciding), takes it back
    0.3 timeouts later, and so on; elsewhere it plays as the bot would."""

    def __init__(self, c: Cluster, seat: int) -> None:
        self.c, self.seat, self.next_at, self.cycles = c, seat, 0, 0
        self.bid = False  # its bid of 0 stands, to be taken back next
        self.bot = c.decider(seat)

    def decide(self, state: State, seat: int, options: list[Choice]) -> Choice | None:
        if any(o.wire() == ["bid", 0] for o in options) or self.bid:
            return None  # the attack: see act()
        return self.bot.decide(state, seat, options)

    def act(self) -> None:
        peer = self.c.peers[self.seat]
        s = peer.session
        t = s.referee
        now = peer.clock()
        if t is None or not t.active(self.seat) or t.decision_seat() != self.seat or now < self.next_at:
            return
        if not self.bid and any(o.wire() == ["bid", 0] for o in s.legal()) and s.submit(["bid", 0], now).ok:
            self.bid = True
        elif self.bid and s.undo(now).ok:
            self.bid = False
        else:
            return  # (before the auction its bot plays the seat)
        self.cycles += 1
        self.next_at = now + 3 * DROP_MS // 10
        peer.node.flood()


def test_choice_and_undo_for_ever_is_voted_out(made: list[Closes], tmp_path: Path) -> None:
    """Attack 1: time spent on one decision counts across undos. The cheat's turn passes
    the timeout although every message it signs is a new position; the two others vote it
    to a computer player and everyone finishes on one state."""
    c = Cluster(tmp_path, 3, name="undo")
    made.append(c)
    cheat = Undoer(c, 2)
    c.peers[2].decider = cheat
    c.start(timeout_ms=DROP_MS)
    c.clock.speed(4)  # 0.3 timeouts are 0.75 s: several cycles before the vote, however busy the machine
    honest = c.peers[:2]
    c.run(lambda: _dropped(c, 2, honest), 40, "the cheat voted out", also=cheat.act)
    assert cheat.cycles >= 2  # it did sign and take back
    c.finish(90)
    assert len({p.result()["state_hash"] for p in honest}) == 1


class JustInTime:
    """A player that answers every decision just before the timeout (0.9 of it by its own
    clock, which starts a moment after the others': the loopback's delays, 10 times faster)."""

    def __init__(self, c: Cluster, seat: int) -> None:
        self.c, self.seat = c, seat
        self.bot = c.decider(seat)
        self.since: tuple[int, int] = (-1, 0)
        self.answers = 0

    def decide(self, state: State, seat: int, options: list[Choice]) -> Choice | None:
        peer = self.c.peers[self.seat]
        now, at = peer.clock(), peer.session.transcript.position
        if self.since[0] != at:
            self.since = (at, now)
        if now - self.since[1] < 9 * DROP_MS // 10:
            return None
        self.answers += 1
        return self.bot.decide(state, seat, options)


def test_a_player_answering_just_in_time_runs_out_of_its_game_clock(made: list[Closes], tmp_path: Path) -> None:
    """Attack 2: a seat answers at 0.99 of the timeout every time. With a game clock of one
    minute and one second back per decision it runs out within eight decisions and is
    voted to a computer player; the game ends, on one state for every honest peer."""
    c = Cluster(tmp_path, 3, name="slow")
    made.append(c)
    slow = JustInTime(c, 1)
    c.peers[1].decider = slow
    c.start(timeout_ms=DROP_MS, bank_ms=60_000, increment_ms=1_000)
    c.clock.speed(10)
    honest = [c.peers[0], c.peers[2]]
    c.run(lambda: _dropped(c, 1, honest), 60, "the slow seat voted out")
    assert 1 <= slow.answers <= 8  # 60 s, then 1 s back for each 9 s taken
    assert c.peers[0].session.referee.drops[0].seats == (1,)
    c.finish(90)
    assert len({p.result()["state_hash"] for p in honest}) == 1


def test_a_peer_left_alone_signs_no_flood_of_votes(made: list[Closes], tmp_path: Path) -> None:
    """Attack 3: the opponent of a two-player game vanishes: the peer left signs no vote
    (none could count) however long it waits; in a three-player game each peer left signs
    one vote for the vanished seat and the game goes on."""
    c = Cluster(tmp_path, 2, name="alone")
    made.append(c)
    c.start(timeout_ms=DROP_MS)
    c.run(lambda: c.messages() >= 30, 30, "the game under way")
    c.peers.pop().close()
    c.clock.speed(20)
    left = c.peers[0]
    idle([left], 2.0)  # 4 timeouts of game time
    assert _votes(left) == 0
    assert len(left.session.transcript) < 40 + 30  # nothing but what the game had
    three = Cluster(tmp_path, 3, name="three")
    made.append(three)
    three.start(timeout_ms=DROP_MS)
    three.run(lambda: three.messages() >= 30, 30, "the game under way")
    three.peers[2].close()
    three.peers.pop()
    three.clock.speed(20)
    stay = three.peers[:2]
    run_until(stay, lambda: _dropped(three, 2, stay), 30, "the vanished seat voted out")
    run_until(stay, lambda: all(p.over for p in stay), 90, "the end")
    assert all(_votes(p) == 1 for p in stay)


# ---------------------------------------------------------------------------- the clock a joiner is shown
def _settings_events(peer: Peer) -> list[object]:
    from net.peer.events import SettingsRefused, SettingsSeen

    return [e for e in peer.events() if isinstance(e, SettingsSeen | SettingsRefused)]


def test_a_joiner_is_shown_the_game_clock_before_it_sits_and_sits_in_no_game_whose_clock_is_out_of_bounds(
        made: list[Closes], tmp_path: Path) -> None:
    """The host's lobby states its game clock beside the timeout and the chain length: the
    joiner is told it in words before it asks for a seat, and the genesis then has it. A
    clock out of bounds is named and no seat is taken; a lobby of an older release, which
    does not state a clock, is told without one and sat in as before."""
    from game.client.words.lang import speaking
    from game.client.words.peer import sentence
    from net.peer.events import SettingsRefused, SettingsSeen

    c = Cluster(tmp_path, 2, name="shown", join=False)
    made.append(c)
    c.lobby.settings = {"chain_length": 1024, "timeout_ms": 30_000, "bank_ms": 300_000, "increment_ms": 10_000}
    joiner = c.join(1)
    seen: list[object] = []
    c.run(lambda: c.lobby.full and bool(seen), 10, "the seat taken", also=lambda: seen.extend(_settings_events(joiner)))
    assert seen == [SettingsSeen(30_000, 1024, 300_000, 10_000)]
    said = sentence(seen[0])  # type: ignore[arg-type]
    assert said == ("the host's game: 5 min each + 10 s a turn; a silent seat may be voted out after 30 s; hash chains "
                    "of 1024 reveals")
    with speaking("it"):
        assert sentence(seen[0]).startswith("la partita di chi ospita: 5 min a testa + 10 s a turno;")  # type: ignore[arg-type]
    c.start(timeout_ms=30_000, bank_ms=300_000, increment_ms=10_000)
    c.run(lambda: joiner.session.referee is not None, 10, "the genesis at the joiner")
    g = joiner.session.transcript.genesis
    assert g is not None and (g.bank_ms, g.increment_ms) == (300_000, 10_000)

    bad = Cluster(tmp_path, 2, name="refused", join=False)
    made.append(bad)
    bad.lobby.settings = {"chain_length": 1024, "timeout_ms": 30_000, "bank_ms": 30_000, "increment_ms": 0}
    j2 = bad.join(1)
    got: list[object] = []
    bad.run(lambda: any(isinstance(e, SettingsRefused) for e in got), 10, "the refusal",
            also=lambda: got.extend(_settings_events(j2)))
    refusal = next(e for e in got if isinstance(e, SettingsRefused))
    assert refusal.problem == "bank_ms" and sentence(refusal) == (
        "this game cannot be played: the game clock must be 0 (none) or 1 to 1440 minutes, not 0.5; not taking a "
        "seat")
    idle(bad.everyone(), 1.0)
    assert not bad.lobby.full  # it never asked for a seat

    old = Cluster(tmp_path, 2, name="older", join=False)
    made.append(old)
    old.lobby.settings = {"chain_length": 1024, "timeout_ms": 30_000}  # an older host's lobby
    j3 = old.join(1)
    told: list[object] = []
    old.run(lambda: old.lobby.full and bool(told), 10, "the seat taken", also=lambda: told.extend(_settings_events(j3)))
    assert told == [SettingsSeen(30_000, 1024)] and "clock" not in sentence(told[0])  # type: ignore[arg-type]


def test_soe_host_takes_the_game_clock_and_refuses_one_out_of_bounds_in_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    from game.cli.main import build_parser
    from game.cli.network.host import settings_of

    root = Path(__file__).resolve().parents[2]
    cases = ((["--clock", "0.5"], "the game clock must be 0 (none) or 1 to 1440 minutes, not 0.5"),
             (["--clock", "1441"], "the game clock must be 0 (none) or 1 to 1440 minutes, not 1441"),
             (["--increment", "601"], "the increment must be 0 to 600 seconds, not 601"),
             (["--clock", "0", "--increment", "5"],
              "with no game clock a turn gives back nothing: the increment must be 0, not 5 s"))
    for args, text in cases:
        for mode in (["--text"], []):  # refused before the window would open, too
            out = subprocess.run([sys.executable, "-m", "game.cli", "host", *mode, "--players", "2", "--no-announce",
                                  "--log", str(tmp_path / "g.jsonl"), *args], cwd=root, capture_output=True,
                                 text=True, timeout=60)
            assert out.returncode == 2 and out.stderr.strip() == f"soe host: {text}", (args, mode, out.stderr)
            assert not (tmp_path / "g.jsonl").exists()
    parser = build_parser()

    def settings(*args: str) -> tuple[int, int]:
        s = settings_of(parser.parse_args(["host", *args]))
        return s.bank_ms, s.increment_ms

    assert settings() == (900_000, 15_000)  # the defaults: 15 min each + 15 s a turn
    assert settings("--clock", "0") == (0, 0)  # no game clock: no increment either
    assert settings("--clock", "90", "--increment", "0") == (5_400_000, 0)
    assert settings("--clock", "1.5", "--increment", "2.5") == (90_000, 2_500)


def test_a_resumed_peer_goes_on_with_the_game_clocks_it_kept(made: list[Closes], tmp_path: Path) -> None:
    """A peer's game clocks are its own count. Killed and resumed, a peer used to show every
    bank full again; its peer file now keeps them (every few seconds, and when it closes),
    and the resumed peer goes on from there: a bank it had seen spent stays spent."""
    c = Cluster(tmp_path, 3, name="resume")
    made.append(c)
    c.start(timeout_ms=600_000, bank_ms=600_000)
    c.run(lambda: c.messages() >= 40, 30, "play under way")
    c.peers[2].decider = None  # its player thinks: the table waits for it
    t = c.host.session.referee
    c.run(lambda: t.decision_seat() == 2 and t.awaited() == [(2, "choice")], 60, "seat 2's decision")
    c.clock.speed(100)  # a second is 100 s of the game's time
    idle(c.peers, 0.8)
    watcher = c.peers[1]
    seen = watcher.session.clocks(watcher.clock())[2].bank
    assert seen is not None and seen < 560_000  # about 80 s spent
    crash(watcher)  # nothing written at the end: the peer file is at most 5 s behind
    back = Peer.resume(c.ids[1], watcher.files.log, decider=c.decider(1), clock=c.clock)
    c.peers[1] = back
    kept = back.session.clocks(back.clock())[2].bank
    assert kept is not None and seen <= kept <= seen + 5_000 + 2_000  # (and the resume took no time of anyone's)
    c.clock.speed(1)
    c.peers[2].decider = c.decider(2)
    c.finish(60)
    assert len(c.hashes()) == 1
