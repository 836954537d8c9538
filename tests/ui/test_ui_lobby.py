"""The window's network games: a host's lobby and a joiner's lobby in two windows of one
process see each other (the host lists the joiner with its key's fingerprint) and both
become the game screen of a network table when the game starts; a malformed invite, a
wrong fingerprint, a full game (which offers to watch instead) and no answer each say
their sentence while the window keeps running; the LAN's games are listed and joined with
a click; a network game's log is continued from the main menu, and a second window on it
is refused while the first holds it; closing the window in a lobby closes everything and
removes the files of a game that never started. Loopback only, random ports, every wait
bounded."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pygame

from game.client.netgames import HostSettings
from game.client.netlobby import HostRoom
from game.client.nettable import NetTable
from game.client.settings import Settings
from game.ui.app import Intent
from game.ui.scenes.game import GameScene
from game.ui.scenes.host_lobby import HostLobby
from game.ui.scenes.join import JoinMenu
from game.ui.scenes.join_lobby import JoinLobby
from game.ui.scenes.main_menu import MainMenu
from game.ui.scenes.watch import WatchMenu
from net.core.identity import fingerprint
from net.core.lobby import Invite
from net.discovery import Announcement
from net.keyfile import load_or_create
from tests.ui.lobbykit import (
    LOOPBACK,
    click,
    close_all,
    drawn,
    frames,
    host_base,
    options,
    paste,
    press,
    top,
    window,
)


def _fp(home: Path, who: str) -> str:
    return fingerprint(load_or_create(home / f"{who}.pem").public_hex)


def _hosted(home: Path, players: int, *, start: bool = False) -> HostRoom:
    """A host's room with no window (its table steps in its own thread), opened."""
    s = host_base(home)
    s.players, s.name = players, "North"
    room = HostRoom(s)
    frames([], lambda: (room.poll() is None) and room.hosted is not None or bool(room.error), "the table to open")
    assert not room.error
    if start:
        room.start_now()
        frames([], lambda: room.poll() is None and room.table is not None and room.table.started, "the start")
    return room


def test_a_host_and_a_joiner_in_two_windows_see_each_other_and_both_play(home: Path, artefacts: Path) -> None:
    host, guest = window("North"), window("South")
    try:
        host.push_scene("menu", settings=host.settings)
        click(host, "host")
        setup = top(host)
        setup.base = host_base(home)  # type: ignore[attr-defined]  # (loopback, a key of its own)
        setup.fields.fields["port"].set("0")  # type: ignore[attr-defined]  # any free port
        click(host, ("players", -1))  # 3 players: South joins, Start fills the third seat
        click(host, ("host",))
        lobby = top(host)
        assert isinstance(lobby, HostLobby)
        frames([host], lambda: lobby.room.hosted is not None, "the host's table")
        assert lobby.room.hosted is not None
        invite = str(lobby.room.hosted.invite)
        assert invite in drawn(lobby) and lobby.room.hosted.fingerprint in drawn(lobby)

        south = _fp(home, "south")  # (South's key made now, not while his window makes it too)
        guest.push_scene("join", settings=guest.settings, options=options(home, "south"), browse=lambda s: [])
        paste(guest, invite)
        form = top(guest)
        assert isinstance(form, JoinMenu) and form.field.value == invite
        click(guest, ("go",))
        joining = top(guest)
        assert isinstance(joining, JoinLobby)
        frames([host, guest], lambda: south in drawn(lobby) and joining.room.state.phase == "seated",
               "the host to list South and South to be seated")
        assert "South joined" in drawn(lobby)
        assert lobby.room.hosted.fingerprint in drawn(joining)  # the fingerprint the host reads out
        assert "You have a seat" in drawn(joining) and "The game: 3 players" in drawn(joining)
        assert "The game: 3 players; 15 min each + 15 s a turn; a silent seat" in drawn(joining)  # the game clock
        assert "Game clock: 15 min each + 15 s a turn." in drawn(lobby)
        pygame.image.save(host.surface, str(artefacts / "host-lobby.png"))
        pygame.image.save(guest.surface, str(artefacts / "join-lobby.png"))

        click(host, "start")  # the third seat to a computer player
        frames([host, guest], lambda: isinstance(top(host), GameScene) and isinstance(top(guest), GameScene),
               "both game screens")
        for app, seat in ((host, 0), (guest, 1)):
            table = top(app).table  # type: ignore[attr-defined]
            assert isinstance(table, NetTable) and table.seat == seat and table.started
            assert len(app.scenes) == 1  # the lobby and its menus are gone
    finally:
        close_all(host, guest)


def test_a_malformed_invite_is_said_at_once_and_the_window_goes_on(home: Path) -> None:
    app = window("South")
    try:
        app.push_scene("join", settings=app.settings, options=options(home, "south"), browse=lambda s: [])
        paste(app, "soe://example.org:47311/not-a-game?fp=abcd")
        app.draw()
        form = top(app)
        assert "Not an invite: the game id must be 32 hex digits." in drawn(form)
        go = next(b for b in form.buttons if b.key == ("go",))  # type: ignore[attr-defined]
        assert not go.enabled
        press(app, pygame.K_RETURN)  # Enter says it again rather than joining
        assert isinstance(top(app), JoinMenu) and "Not an invite" in form.message  # type: ignore[attr-defined]
        press(app, pygame.K_a, pygame.KMOD_CTRL)
        press(app, pygame.K_BACKSPACE)
        app.draw()
        assert "Not an invite" not in drawn(form).replace(form.message, "")  # type: ignore[attr-defined]
        assert app.running
    finally:
        close_all(app)


def test_a_wrong_fingerprint_is_refused_in_words(home: Path) -> None:
    room = _hosted(home, 2)
    app = window("South")
    try:
        real = room.hosted.invite  # type: ignore[union-attr]
        forged = Invite(real.host, real.port, real.game_id, "aaaa-bbbb-cccc-dddd", real.curve)
        app.push_scene("menu", settings=app.settings)
        app.push_scene("join_lobby", settings=app.settings, invite=forged, options=options(home, "south"))
        lobby = top(app)
        assert isinstance(lobby, JoinLobby)
        frames([app], lambda: lobby.room.state.phase == "refused", "the refusal", also=room.poll)
        said = drawn(lobby)
        assert "aaaa-bbbb-cccc-dddd" in said  # the fingerprint the invite named, large
        assert f"The host's key fingerprint is {room.hosted.fingerprint}, not aaaa-bbbb-cccc-dddd" in said  # type: ignore[union-attr]
        assert [b.key for b in lobby.buttons] == ["back"]
        frames([app], lambda: lobby.room.closer is not None and not lobby.room.closer.thread.is_alive(),
               "the refused peer closed")
        assert not list((home / "data").rglob(f"*.{_fp(home, 'south')}.jsonl*"))  # no file of South's is kept
        click(app, "back")
        assert app.running and isinstance(top(app), MainMenu)
    finally:
        close_all(app)
        room.close(wait=True)


def test_a_full_game_offers_to_watch_it_instead(home: Path, artefacts: Path) -> None:
    room = _hosted(home, 2, start=True)  # started with a computer player: full
    app = window("Carol")
    try:
        invite = room.hosted.invite  # type: ignore[union-attr]
        app.push_scene("join_lobby", settings=app.settings, invite=invite, options=options(home, "carol"))
        lobby = top(app)
        assert isinstance(lobby, JoinLobby)
        frames([app], lambda: lobby.room.state.phase == "refused", "the refusal", also=room.poll)
        assert "The game is full, or it started without you: you may watch it instead." in drawn(lobby)
        click(app, "watch")
        watching = top(app)
        assert isinstance(watching, WatchMenu) and watching.room is not None
        frames([app], lambda: isinstance(top(app), GameScene), "the spectator's game screen", also=room.poll)
        table = top(app).table  # type: ignore[attr-defined]
        assert isinstance(table, NetTable) and table.seat == -1 and not table.human
        pygame.image.save(app.surface, str(artefacts / "watching.png"))
    finally:
        close_all(app)
        room.close(wait=True)


def test_no_answer_gives_up_and_offers_to_try_again(home: Path) -> None:
    with socket.socket() as s:  # a port where nothing listens
        s.bind((LOOPBACK, 0))
        port = s.getsockname()[1]
    app = window("South")
    try:
        invite = Invite(LOOPBACK, port, "ab" * 16, "aaaa-bbbb-cccc-dddd")
        app.push_scene("join_lobby", settings=app.settings, invite=invite, options=options(home, "south", wait_s=2.5))
        lobby = top(app)
        assert isinstance(lobby, JoinLobby)
        frames([app], lambda: lobby.room.state.phase == "trying", "no answer yet", limit=10)
        assert "Still trying" in drawn(lobby)
        frames([app], lambda: lobby.room.state.phase == "gave_up", "giving up", limit=10)
        said = drawn(lobby)
        assert f"Gave up after 2.5 s: nothing listens at {LOOPBACK}:{port} (connection refused)" in said
        assert [b.key for b in lobby.buttons] == ["back", "retry"]
        click(app, "retry")
        assert lobby.room.state.phase in ("opening", "connecting")
        frames([app], lambda: lobby.room.state.phase in ("connecting", "trying"), "trying again", limit=10)
        assert app.running
    finally:
        close_all(app)


def test_the_lan_list_shows_an_announced_game_and_joins_it_with_a_click(home: Path) -> None:
    room = _hosted(home, 3)
    app = window("South")
    try:
        h = room.hosted
        assert h is not None
        seen = [Announcement("North's game", h.invite, 3, 2, False),
                Announcement("A started game", Invite("192.0.2.7", 47311, "cd" * 16, "wxyz-wxyz-wxyz-wxyz"), 4, 0,
                             True)]
        app.push_scene("join", settings=app.settings, options=options(home, "south"), browse=lambda s: seen)
        form = top(app)
        frames([app], lambda: "North's game: 2 of 3 seats free" in drawn(form), "the LAN's games")
        assert "A started game: started" in drawn(form)
        keys = [b.key for b in form.buttons if b.key[0] == "lan"]  # type: ignore[attr-defined, index]
        assert keys == [("lan", 0, False), ("lan", 1, True)]  # join the open one, watch the started one
        click(app, ("lan", 0, False))
        lobby = top(app)
        assert isinstance(lobby, JoinLobby) and lobby.invite == h.invite
        frames([app], lambda: lobby.room.state.phase == "seated", "a seat", also=room.poll)
        assert any(s.name == "South" for s in room.seats)
    finally:
        close_all(app)
        room.close(wait=True)


def test_a_network_game_continues_from_the_menu_and_a_second_window_is_refused(home: Path) -> None:
    room = _hosted(home, 2, start=True)
    log = room.hosted.peer.files.log  # type: ignore[union-attr]
    room.close(wait=True)  # the program closed mid-game: the log stays, to continue
    assert log.exists()
    from game.client.netgames import network_games
    from game.ui.netplay import network_logs

    assert network_logs() == network_games() == [log]
    import os

    os.environ["SOE_KEY_FILE"] = str(home / "north.pem")  # (the key this game was played with)
    first, second = window("North"), window("North")
    try:
        first.push_scene("menu", settings=first.settings)
        click(first, "open")
        listed = drawn(top(first)) or "\n".join(b.label for b in top(first).buttons)  # type: ignore[attr-defined]
        assert "Network" in listed
        first.pop()
        click(first, "continue")
        frames([first], lambda: isinstance(top(first), GameScene), "the game on screen")
        table = top(first).table  # type: ignore[attr-defined]
        assert isinstance(table, NetTable) and table.path == log and table.seat == 0
        assert top(first).shown is not None  # type: ignore[attr-defined]  # the game so far, at once

        second.push_scene("menu", settings=second.settings)
        click(second, "continue")
        menu = top(second)
        frames([second], lambda: not menu.opener.busy(), "the refusal")  # type: ignore[attr-defined]
        assert isinstance(top(second), MainMenu)
        assert "This game is open already, in another window" in menu.message  # type: ignore[attr-defined]
    finally:
        os.environ.pop("SOE_KEY_FILE", None)
        close_all(first, second)


def test_closing_the_window_in_a_lobby_closes_its_table_and_removes_the_files(home: Path) -> None:
    from game.cli.ui import _close_tables

    host, guest = window("North"), window("South")
    s = host_base(home)
    s.players = 3
    host.push_scene("host_lobby", settings=host.settings, host=s)
    lobby = top(host)
    assert isinstance(lobby, HostLobby)
    frames([host], lambda: lobby.room.hosted is not None, "the host's table")
    h = lobby.room.hosted
    assert h is not None
    guest.push_scene("join_lobby", settings=guest.settings, invite=h.invite, options=options(home, "south"))
    joining = top(guest)
    assert isinstance(joining, JoinLobby)
    frames([host, guest], lambda: joining.room.state.phase == "seated", "South seated")
    jt = joining.room.table
    assert jt is not None
    _close_tables(guest)  # what the window does when it is closed
    _close_tables(host)
    frames([], lambda: joining.room.closer is not None and not joining.room.closer.thread.is_alive(), "South's close")
    assert jt.peer.node.closed and not jt.peer.files.log.exists()
    frames([], lambda: h.peer.node.closed and not h.peer.files.log.exists(), "the host's close")
    assert h.announcer is None and not list(h.peer.files.log.parent.glob("*.lock"))


def test_a_sound_when_it_becomes_your_turn_is_a_setting_kept_with_the_others(home: Path) -> None:
    s = Settings.load()
    assert s.turn_alert
    app = window("Anna")
    app.settings = s
    app.push_scene("settings", settings=s)
    click(app, "turn_alert")
    assert not s.turn_alert and "Sound when it becomes your turn: off" in [b.label for b in top(app).buttons]  # type: ignore[attr-defined]
    click(app, "save")
    assert Settings.load().turn_alert is False


def test_the_host_setup_says_what_cannot_be_taken(home: Path) -> None:
    app = window("North")
    app.push_scene("host_setup", settings=app.settings, base=HostSettings(bind=LOOPBACK, announce=False))
    form = top(app)
    form.fields.fields["port"].set("70000")  # type: ignore[attr-defined]
    click(app, ("host",))
    assert "A port is a number from 1 to 65535" in form.message  # type: ignore[attr-defined]
    for _ in range(20):
        click(app, ("timeout", 1))
    click(app, ("fill", 1))
    app.draw()
    assert "1 hour" in drawn(form) and "after 10 s" in drawn(form)
    hs = form.host_settings()  # type: ignore[attr-defined]
    assert isinstance(hs, str)
    form.fields.fields["port"].set("")  # type: ignore[attr-defined]
    hs = form.host_settings()  # type: ignore[attr-defined]
    assert isinstance(hs, HostSettings) and hs.port is None and hs.timeout_s == 3600 and hs.bind == LOOPBACK


def test_the_host_setup_takes_the_game_clock_and_says_one_out_of_bounds(home: Path, artefacts: Path) -> None:
    """The game clock in minutes each and seconds a turn (the defaults: 15 and 15); a clock
    out of bounds, or seconds a turn with no clock, is said on screen and nothing opens;
    0 minutes and 0 seconds host a game with no game clock; in Italian too."""
    from game.client.words.lang import speaking

    app = window("North")
    app.push_scene("host_setup", settings=app.settings, base=HostSettings(bind=LOOPBACK, announce=False))
    form: Any = top(app)
    hs = form.host_settings()
    assert isinstance(hs, HostSettings) and (hs.bank_ms, hs.increment_ms) == (900_000, 15_000)
    for minutes, seconds, said in (("2000", "15", "The game clock must be 0 (none) or 1 to 1440 minutes, not 2000."),
                                   ("30", "700", "The increment must be 0 to 600 seconds, not 700."),
                                   ("0", "15", "With no game clock a turn gives back nothing: the increment must be "
                                               "0, not 15 s.")):
        form.fields.fields["clock"].set(minutes)
        form.fields.fields["increment"].set(seconds)
        click(app, ("host",))
        assert form.message == said and top(app) is form
        app.draw()
        assert said in drawn(form)  # on screen, under the form
    pygame.image.save(app.surface, str(artefacts / "host-setup-clock.png"))
    form.fields.fields["increment"].set("")
    hs = form.host_settings()
    assert isinstance(hs, HostSettings) and (hs.bank_ms, hs.increment_ms) == (0, 0)
    form.fields.fields["clock"].set("90")
    form.fields.fields["increment"].set("30")
    hs = form.host_settings()
    assert isinstance(hs, HostSettings) and (hs.bank_ms, hs.increment_ms) == (5_400_000, 30_000)
    with speaking("it"):
        form.fields.fields["clock"].set("1")
        form.fields.fields["increment"].set("601")
        click(app, ("host",))
        app.draw()
        assert "L’incremento deve essere da 0 a 600 secondi, non 601." in drawn(form)
        pygame.image.save(app.surface, str(artefacts / "it-host-setup-clock.png"))


def test_the_game_starts_by_itself_when_every_seat_is_taken(home: Path) -> None:
    host, guest = window("North"), window("South")
    try:
        s = host_base(home)
        s.players = 2
        host.push_scene("host_lobby", settings=host.settings, host=s)
        lobby = top(host)
        assert isinstance(lobby, HostLobby)
        frames([host], lambda: lobby.room.hosted is not None, "the host's table")
        assert lobby.room.hosted is not None
        guest.push_scene("join_lobby", settings=guest.settings, invite=lobby.room.hosted.invite,
                         options=options(home, "south"))
        frames([host, guest], lambda: isinstance(top(host), GameScene) and isinstance(top(guest), GameScene),
               "both game screens, without Start")
        assert [top(a).table.seat for a in (host, guest)] == [0, 1]  # type: ignore[attr-defined]
    finally:
        close_all(host, guest)


def test_computer_players_take_the_empty_seats_when_the_countdown_ends(home: Path) -> None:
    app = window("North")
    try:
        s = host_base(home)
        s.players = 3
        app.push_scene("host_lobby", settings=app.settings, host=s, fill_after=1.0, drop_bot="easy")
        lobby = top(app)
        assert isinstance(lobby, HostLobby)
        frames([app], lambda: lobby.room.hosted is not None, "the host's table")
        frames([app], lambda: "take the empty seats in 1 second" in drawn(lobby) or isinstance(top(app), GameScene),
               "the countdown")
        frames([app], lambda: isinstance(top(app), GameScene), "the game screen", limit=10)
        table = top(app).table  # type: ignore[attr-defined]
        assert isinstance(table, NetTable) and table.seat == 0
        ref = table.peer.session.referee
        assert ref is not None and ref.g.drop_bot == "easy"
    finally:
        close_all(app)


def test_leaving_while_the_table_opens_keeps_no_file(home: Path) -> None:
    import time

    from game.client.netgames import host_game

    def slow(s: HostSettings):  # type: ignore[no-untyped-def]  # (UPnP's discovery, say)
        time.sleep(0.5)
        return host_game(s)

    s = host_base(home)
    room = HostRoom(s, host=slow)
    room.close()  # Cancel at once: the table is closed as soon as it is open
    assert room.closer is not None
    room.closer.thread.join(20)
    assert room.job.done and room.job.value is not None
    assert room.job.value.peer.node.closed and not room.job.value.peer.files.log.exists()
    assert not list((home / "data").rglob("*.peer.json"))


def test_a_log_that_fails_its_check_is_said_in_words_on_continue(home: Path, artefacts: Path) -> None:
    """A network game's log altered on disk (a signature changed): Continue says which file,
    at which message and why, that it is left as evidence and where, and what to run;
    the window stays at the menu, and the file is not touched."""
    import json
    import os

    room = _hosted(home, 2, start=True)
    log = room.hosted.peer.files.log  # type: ignore[union-attr]
    room.close(wait=True)
    lines = log.read_text(encoding="utf-8").splitlines()
    k = next(i for i in range(1, len(lines)) if json.loads(lines[i]).get("sig"))
    rec = json.loads(lines[k])
    rec["sig"] = ("0" if rec["sig"][0] != "0" else "1") + rec["sig"][1:]
    lines[k] = json.dumps(rec, separators=(",", ":"), sort_keys=True)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    altered = log.read_bytes()
    os.environ["SOE_KEY_FILE"] = str(home / "north.pem")
    app = window("North")
    try:
        app.push_scene("menu", settings=app.settings)
        click(app, "continue")
        menu = top(app)
        frames([app], lambda: not menu.opener.busy(), "the answer")  # type: ignore[attr-defined]
        assert isinstance(top(app), MainMenu) and app.running
        said = menu.message  # type: ignore[attr-defined]
        assert said.startswith(f"This game's log, {log.name}, fails its check at message {k + 1} (the signature")
        assert f"left as it is, as evidence, in {log.parent}" in said and "soe verify" in said and "`" not in said
        assert "Traceback" not in said and log.read_bytes() == altered
        app.frame(0.0)
        app.draw()
        pygame.image.save(app.surface, str(artefacts / "continue-log-fails.png"))
        box = menu.message_box  # type: ignore[attr-defined]
        assert box is not None and app.surface.get_rect().contains(box)  # wrapped in a box on screen
        button = next(b for b in menu.buttons if b.rect.colliderect(box))  # type: ignore[attr-defined]
        click_at = button.rect.clip(box).center
        app.dispatch(Intent("click", click_at, 1))  # closes the box, and does nothing else
        assert menu.message == "" and top(app) is menu  # type: ignore[attr-defined]
    finally:
        os.environ.pop("SOE_KEY_FILE", None)
        close_all(app)
