"""The words of the window's network lobbies: a failure to start a network game said for a
window (no terminal flags), timeouts in words, the seats left and the countdown, and every
template filled without a field left over."""

from __future__ import annotations

import string

import pytest

from game.client.words.lobby import (
    TEMPLATES,
    countdown,
    duration,
    game_settings,
    lan_state,
    refusal,
    waiting,
    window_error,
)
from net.peer.events import Refused


def test_a_failure_to_start_is_said_for_a_window() -> None:
    assert window_error("in_use", {"reason": "/x/g.jsonl: this game is open in another soe process"}).startswith(
        "This game is open already, in another window or soe program on this machine")
    assert "continue it from the main menu" in window_error("log_in_use", {"log": "/data/games/g.jsonl"})
    assert "(g.jsonl)" in window_error("log_in_use", {"log": "/data/games/g.jsonl"})
    taken = window_error("port", {"bind": "0.0.0.0", "port": 47311, "reason": "Address in use", "taken": True})
    assert "Port 47311 is taken" in taken and "--port" not in taken
    assert window_error("bad_invite", {"reason": "the port must be 1 to 65535"}) == (
        "Not an invite: the port must be 1 to 65535.")
    assert window_error("os", {"reason": "no room left"}) == "No room left"  # the terminal's words, a capital first
    for code in ("in_use", "log_in_use", "key_in_game"):
        assert "--" not in window_error(code, {"log": "g.jsonl", "reason": "r"})


def test_refusals_for_a_window() -> None:
    assert "watch it instead" in refusal(Refused("full"))
    assert "`soe join" not in refusal(Refused("key_seated"))
    fp = refusal(Refused("fingerprint", theirs="abcd-efgh-ijkl-mnop", expected="aaaa-bbbb-cccc-dddd"))
    assert fp.startswith("The host's key fingerprint is abcd-efgh-ijkl-mnop, not aaaa-bbbb-cccc-dddd")


@pytest.mark.parametrize(("seconds", "words"), [(10, "10 s"), (90, "1 min 30 s"), (120, "2 min"), (3600, "1 hour")])
def test_durations(seconds: float, words: str) -> None:
    assert duration(seconds) == words


def test_seats_countdown_and_settings() -> None:
    assert waiting(1) == "Waiting for 1 more player." and waiting(3) == "Waiting for 3 more players."
    assert waiting(0) == "Every seat is taken: the game starts."
    assert countdown(0.4, "greedy") == "Computer players (greedy) take the empty seats in 1 second."
    assert countdown(59.2, "hard") == "Computer players (hard) take the empty seats in 60 seconds."
    assert game_settings(4, 120_000, 4096) == ("4 players; a silent seat may keep the game waiting 2 min; hash chains "
                                               "of 4096 reveals")
    assert game_settings(0, 0, 0) == "The host has not said its game's settings yet."
    assert game_settings(0, 60_000, 1024) == "a silent seat may keep the game waiting 1 min; hash chains of 1024 reveals"
    assert game_settings(4, 120_000, 4096, (900_000, 15_000)) == (
        "4 players; 15 min each + 15 s a turn; a silent seat may keep the game waiting 2 min; hash chains of 4096 reveals")
    assert game_settings(0, 60_000, 1024, (0, 0)) == (
        "no game clock; a silent seat may keep the game waiting 1 min; hash chains of 1024 reveals")
    assert lan_state(2, 4, False) == "2 of 4 seats free" and lan_state(0, 4, False) == "full"
    assert lan_state(0, 4, True) == "started"


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_every_template_has_only_named_fields(key: str) -> None:
    for _, field, _, _ in string.Formatter().parse(TEMPLATES[key]):
        assert field is None or (field and field.isidentifier()), (key, field)


def test_the_game_clock_in_a_lobby_in_italian() -> None:
    from game.client.words.lang import speaking

    with speaking("it"):
        assert game_settings(4, 120_000, 4096, (900_000, 15_000)) == (
            "4 giocatori; 15 min a testa + 15 s a turno; un posto silenzioso può far aspettare la partita 2 min; "
            "catene di hash di 4096 rivelazioni")
        assert game_settings(3, 60_000, 1024, (0, 0)).startswith("3 giocatori; nessun orologio di gioco; ")
