"""The words of a network peer (game.client.words.peer): every event a peer reports has a
sentence, and each is the sentence the terminal has always printed for it."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

import net.peer.events as events
from game.client.words.peer import (
    TEMPLATES,
    chat_refusal,
    power_name,
    refusal,
    sentence,
    settings_problem,
    waiting_line,
)
from net.core.lobby import REFUSALS
from net.core.session import Waiting
from net.core.transcript import Rejected
from net.peer.events import (
    Awaiting,
    Chat,
    Connected,
    Desync,
    Diagnosis,
    Dropped,
    DropVoted,
    EvidenceKept,
    GameEvent,
    GaveUp,
    Joined,
    Left,
    LobbySeats,
    LogRepaired,
    NoFiles,
    Over,
    PeerEvent,
    Refused,
    Seated,
    SettingsRefused,
    SettingsSeen,
    Started,
    StillTrying,
    SubmitRefused,
)

KEY = "ab" * 32
EXAMPLES: list[PeerEvent] = [
    Joined("south", "france", 0), Left("south", "france", 2), LobbySeats((("great_britain", "ann"), ("france", ""))),
    Seated("france", 1), SettingsSeen(500, 3), SettingsRefused(500, 3, "chain_length"),
    SettingsSeen(120_000, 4096, 900_000, 15_000), SettingsRefused(120_000, 4096, "bank_ms", 30_000, 0),
    Started((("ann", "great_britain"), ("", "france")), "great_britain", True), Connected(),
    StillTrying(2003, 60_000, (Diagnosis("tcp://127.0.0.1:5", "refused"),)),
    GaveUp(3000, (), "/g.jsonl", True), Refused("full"), GameEvent({"kind": "x", "text": "Spain rolled 2 and 5"}),
    SubmitRefused("illegal", "no", "cd" * 32), DropVoted((2,)), Dropped((2,), ("south",), ("spain",), "greedy", 0),
    Awaiting((Waiting(1, "france", "south", "choice", 10, False),)), EvidenceKept(KEY, 1, "france", 7),
    Chat(KEY, 1, "south", "well played", 40, False),
    Desync(9, "11" * 32, "22" * 32, KEY, "/g.jsonl.desync.json"), LogRepaired(13, "/g.jsonl.cut"),
    NoFiles("/g.jsonl.peer.json"), NoFiles(""),
    Over({"messages": 412, "state_hash": "ee" * 32, "outcome": {"scores": {"france": 3, "spain": 1},
                                                                "winners": ["france"]}}, "/g.jsonl"),
]


def test_every_event_of_a_peer_has_words() -> None:
    kinds = {cls for _, cls in inspect.getmembers(events, inspect.isclass)
             if issubclass(cls, PeerEvent) and cls is not PeerEvent}
    assert kinds == {type(e) for e in EXAMPLES}
    for e in EXAMPLES:
        assert dataclasses.is_dataclass(e) and e.__dataclass_params__.frozen  # type: ignore[attr-defined]
        text = sentence(e)
        assert text and "{" not in text, (e, text)


def test_chat_lines_in_words() -> None:
    """A player's line under its name; a spectator's marked as watching (its name is only
    its own claim); a line that was not sent says why."""
    assert sentence(Chat(KEY, 1, "south", "well played", 40, False)) == "south: well played"
    assert sentence(Chat(KEY, -1, "east", "nice", 40, False)) == "east (watching): nice"
    assert sentence(Chat(KEY, -1, "", "nice", 40, False)) == "a spectator: nice"
    assert "wait a moment" in chat_refusal("rate") and "280" in chat_refusal("bad_body")


def test_the_lobby_in_words() -> None:
    assert sentence(Joined("south", "france", 0)) == "south joined and plays France"
    assert sentence(Joined("south", "france", 1)) == "south joined and plays France; waiting for 1 more player"
    assert sentence(Left("south", "united_provinces", 3)) == ("south left; United Provinces is free again; waiting for 3 "
                                                            "more players")
    assert sentence(LobbySeats((("great_britain", "ann"), ("france", "")))) == "lobby: Great Britain: ann, France: free"
    assert sentence(Seated("france", 0)) == "You have a seat: you play France; the host starts the game"
    assert sentence(Seated("france", 2)) == "You have a seat: you play France; waiting for 2 more players"
    assert sentence(SettingsSeen(500, 3)) == ("the host's game: a silent seat may be voted out after 0.5 s; hash "
                                              "chains of 3 reveals")
    assert sentence(SettingsRefused(500, 3, "chain_length")) == (
        "this game cannot be played: the hash chains must be 1024 to 65536 long, not 3; not taking a seat")
    assert settings_problem(4096, 1000) == "the timeout must be 10 to 3600 seconds, not 1"
    assert settings_problem(4096, 120_000) is None
    assert sentence(Started((("ann", "great_britain"), ("", "france")), "great_britain", True)) == (
        "The game starts: ann plays Great Britain, a computer player plays France")
    assert sentence(Started((("ann", "great_britain"), ("south", "france")), "france", False)) == (
        "The game starts: you play France.")


def test_calling_the_others_in_words() -> None:
    contacts = (Diagnosis("tcp://127.0.0.1:5", "refused"), Diagnosis("tcp://10.0.0.1:7", ""))
    assert sentence(StillTrying(4010, 60_000, contacts)) == (
        "still trying (4 s of 60): nothing listens at 127.0.0.1:5 (connection refused); no answer from 10.0.0.1:7 at "
        "all (a wrong address, or a firewall in the way)")
    assert sentence(StillTrying(2000, 1500, ())) == "still trying (2 s of 1.5): no peer to call"
    assert sentence(GaveUp(3000, contacts[:1], "/g.jsonl", True)) == (
        "gave up after 3 s: nothing listens at 127.0.0.1:5 (connection refused). The log is kept: `soe resume "
        "/g.jsonl` when the others are back")
    assert sentence(GaveUp(60_000, (), "/g.jsonl", False)).endswith(
        "Check the invite's address and port, and that the host's program is running")
    assert sentence(Connected()) == "Connected."


def test_refusals_in_words() -> None:
    assert refusal(Refused("full")) == REFUSALS["full"] == "the game is full; `soe spectate` to watch"
    assert refusal(Refused("key_seated")) == REFUSALS["key_seated"]
    assert refusal(Refused("fingerprint", theirs="aaaa-bbbb", expected="cccc-dddd")) == (
        "the host's key fingerprint is aaaa-bbbb, not cccc-dddd as the invite says: not joining (compare the "
        "fingerprint with the one the host reads out)")
    assert "fingerprint is (none), not cccc-dddd" in refusal(Refused("fingerprint", expected="cccc-dddd"))
    assert refusal(Refused("fingerprint", theirs="aaaa", expected="cccc", by_genesis=True)) == (
        "the game was started by the key aaaa, not by the invite's host cccc: leaving it")
    assert refusal(Refused("wrong_game", endpoint="tcp://h:1", game="ff")) == (
        "the host at tcp://h:1 refused game ff: it hosts another game now (is the invite old?)")
    theirs, mine = "0.2.0+0123456789abcdef modified fedcba9876543210", "0.1.0+aaaaaaaaaaaaaaaa"
    assert refusal(Refused("release", theirs=theirs, expected=mine)) == (
        f"this game is played with release {theirs}, and this program is release {mine}: install release "
        "0.2.0+0123456789abcdef to take part")
    assert mine in refusal(Refused("release", expected=mine)) and "install the host's release" in refusal(
        Refused("release", expected=mine))
    assert refusal(Refused("not_this_lobby")).startswith("the game's genesis was not made for this lobby")


def test_a_release_refusal_in_italian(italian: None) -> None:
    said = refusal(Refused("release", theirs="0.2.0+0123456789abcdef", expected="0.1.0+aaaaaaaaaaaaaaaa"))
    assert said == ("questa partita si gioca con la versione 0.2.0+0123456789abcdef, e questo programma è la versione "
                    "0.1.0+aaaaaaaaaaaaaaaa: installa la versione 0.2.0+0123456789abcdef per prenderne parte")
    assert refusal(Refused("not_this_lobby")).startswith("la genesi della partita non è stata fatta per questa sala")


def test_the_game_in_words() -> None:
    assert sentence(GameEvent({"kind": "dice", "text": "Spain rolled 2 and 5"})) == "Spain rolled 2 and 5"
    rejected = Rejected("illegal", "not now", "cd" * 32)
    assert sentence(SubmitRefused(rejected.code, rejected.text, rejected.id)) == f"refused: {rejected}"
    assert sentence(DropVoted((1,))) == "voted to drop the seats that kept the game waiting too long"
    assert sentence(Dropped((1, 2), ("south", ""), ("france", "spain"), "greedy", 2)) == (
        "south (France) was dropped for keeping the game waiting; a computer player (greedy) plays France now\n"
        "this peer's seat (Spain) was dropped for keeping the game waiting; a computer player (greedy) plays Spain now")
    assert sentence(Dropped((1,), ("",), ("france",), "hard", -1)).startswith("a player (France) was dropped")
    late = Waiting(1, "france", "south", "reveal", 10, True)
    assert waiting_line(late) == "waiting for south (France): reveal (overdue: its turn passed the timeout)"
    assert sentence(Awaiting(())) == "waiting for nobody"
    assert sentence(EvidenceKept(KEY, -1, "", 7)) == (
        f"refused a message of {KEY[:16]} naming another state for position 7: kept as evidence against it")
    assert sentence(Desync(9, "11" * 32, "22" * 32, KEY, "/d.json")) == (
        f"DESYNC: most of the table saw state {'22' * 8} at position 9 where this peer has {'11' * 8}; this peer "
        "stops acting. Details: /d.json")
    assert sentence(LogRepaired(13, "/g.jsonl.cut")) == (
        "The log ended in a partial line (13 bytes, left by a crash): it was cut off and kept in /g.jsonl.cut; the "
        "other peers hold that message too.")
    over = Over({"messages": 412, "state_hash": "ee", "outcome": {"scores": {"france": 3, "spain": 1},
                                                                   "winners": ["france", "spain"]}}, "/g.jsonl")
    assert sentence(over) == ("Final scores: France 3, Spain 1\nWinner: France and Spain\n"
                              "State ee; 412 messages in /g.jsonl")
    assert sentence(Over({"messages": 3, "state_hash": "", "outcome": None}, "/g")) == "State ; 3 messages in /g"


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_templates_are_whole_sentences_with_named_fields(key: str) -> None:
    """A template names its fields (``{name}``), never numbers them or leaves them bare."""
    import string

    for _, field, _, _ in string.Formatter().parse(TEMPLATES[key]):
        assert field is None or field.isidentifier(), (key, field)


def test_powers_are_named_as_the_component_data_names_them() -> None:
    assert power_name("great_britain") == "Great Britain" and power_name("some_power") == "Some Power"


def test_the_game_clock_in_words() -> None:
    """The clock a host chooses, said to a joiner before it sits (an older lobby's, which
    does not state it, as before); a clock out of bounds named; a seat awaited with what is
    left of its bank, or overdue and why: its bank spent, or its turn past the timeout."""
    assert sentence(SettingsSeen(120_000, 4096, 900_000, 15_000)) == (
        "the host's game: 15 min each + 15 s a turn; a silent seat may be voted out after 120 s; hash chains of 4096 "
        "reveals")
    assert sentence(SettingsSeen(120_000, 4096, 0, 0)).startswith("the host's game: no game clock; a silent seat")
    assert sentence(SettingsSeen(120_000, 4096, 5_400_000, 0)).startswith("the host's game: 1 h 30 min each; a")
    assert sentence(SettingsRefused(120_000, 4096, "bank_ms", 30_000, 0)) == (
        "this game cannot be played: the game clock must be 0 (none) or 1 to 1440 minutes, not 0.5; not taking a seat")
    assert settings_problem(4096, 120_000, 0, 5_000) == (
        "with no game clock a turn gives back nothing: the increment must be 0, not 5 s")
    assert settings_problem(4096, 120_000, 900_000, 601_000) == "the increment must be 0 to 600 seconds, not 601"
    assert settings_problem(4096, 120_000, 86_400_001, 0) is not None
    assert settings_problem(4096, 120_000, 86_400_000, 600_000) is None and settings_problem(4096, 120_000) is None
    ticking = Waiting(1, "france", "south", "choice", 10, False, 754_999)
    assert waiting_line(ticking) == "waiting for south (France): choice; 12:34 left on its game clock"
    spent = Waiting(1, "france", "south", "choice", 10, True, -40)
    assert waiting_line(spent) == "waiting for south (France): choice (overdue: its game clock ran out)"
    slow = Waiting(1, "france", "south", "choice", 10, True, 300_000)
    assert waiting_line(slow) == "waiting for south (France): choice (overdue: its turn passed the timeout)"


def test_a_seats_clock_in_words() -> None:
    from game.client.nettable import SeatClock
    from game.client.words.clocks import clock_lines, clock_time, game_clock, low, span

    assert [clock_time(ms) for ms in (900_000, 59_999, 3_723_000, -5, 0)] == ["15:00", "0:59", "1:02:03", "0:00",
                                                                                "0:00"]
    assert low(59_999) and not low(60_000) and not low(None)
    assert [span(ms) for ms in (15_000, 120_000, 150_000, 3_600_000, 5_400_000)] == [
        "15 s", "2 min", "2 min 30 s", "1 h", "1 h 30 min"]
    assert game_clock(900_000, 15_000) == "15 min each + 15 s a turn" and game_clock(0, 0) == "no game clock"
    clocks = [SeatClock(0, "great_britain", "ann", 840_000, False, 0),
              SeatClock(1, "france", "", 61_000, True, 42_000), SeatClock(2, "spain", "south", -2_000, True, 200_000)]
    assert clock_lines((900_000, 15_000, 120_000), clocks, power_name) == [
        "game clock: 15 min each + 15 s a turn; a turn may keep the game waiting 2 min",
        "  Great Britain (ann): 14:00 left",
        "  France: 1:01 left; the game has waited 42 s for it",
        "  Spain (south): no time left (0:02 over)"]
    none = [SeatClock(0, "great_britain", "ann", None, False, 0), SeatClock(1, "france", "", None, True, 3_000)]
    assert clock_lines((0, 0, 60_000), none, power_name) == [
        "game clock: no game clock; a turn may keep the game waiting 1 min", "  France: the game has waited 3 s for it"]
    assert clock_lines(None, [], power_name) == ["the game has not started yet"]
