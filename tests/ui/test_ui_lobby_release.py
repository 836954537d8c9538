"""Two releases at one table, in the window: a joiner's lobby and a spectator's screen of a
program whose release is not the host's say, as a message on the screen (never a
traceback), which release to install; in Italian too. The other release is patched into
the peer's program after the host's table is open. Loopback only, random ports, every
wait bounded."""

from __future__ import annotations

from pathlib import Path

import pytest

import net.peer.peer
from game.client.netlobby import HostRoom
from game.ui.scenes.join_lobby import JoinLobby
from game.ui.scenes.watch import WatchMenu
from net.core.release import RELEASE
from tests.ui.lobbykit import close_all, drawn, frames, host_base, options, top, window

MODIFIED = f"{RELEASE} modified 0123456789abcdef"


def _hosted(home: Path) -> HostRoom:
    s = host_base(home)
    s.players, s.name = 2, "North"
    room = HostRoom(s)
    frames([], lambda: (room.poll() is None) and room.hosted is not None or bool(room.error), "the table to open")
    assert not room.error
    return room


def test_a_joiner_of_another_release_is_told_which_release_to_install(home: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    room = _hosted(home)
    monkeypatch.setattr(net.peer.peer, "live_release", lambda: MODIFIED)  # the joiner's program
    app = window("South")
    try:
        app.push_scene("menu", settings=app.settings)
        app.push_scene("join_lobby", settings=app.settings, invite=room.hosted.invite,  # type: ignore[union-attr]
                       options=options(home, "south"))
        lobby = top(app)
        assert isinstance(lobby, JoinLobby)
        frames([app], lambda: lobby.room.state.phase == "refused", "the refusal", also=room.poll)
        assert lobby.room.state.refused == "release"
        assert (f"This game is played with release {RELEASE}, and this program is release {MODIFIED}: install "
                f"release {RELEASE} to take part") in drawn(lobby)
        assert [b.key for b in lobby.buttons] == ["back"] and app.running
        assert [s.name for s in room.hosted.lobby.seats if s.key] == ["North"]  # type: ignore[union-attr]
    finally:
        close_all(app)
        room.close(wait=True)


def test_a_spectator_of_another_release_is_told_in_italian(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                           italian: None) -> None:
    room = _hosted(home)
    monkeypatch.setattr(net.peer.peer, "live_release", lambda: MODIFIED)  # the spectator's program
    app = window("Carol")
    try:
        app.push_scene("menu", settings=app.settings)
        app.push_scene("watch", settings=app.settings, options=options(home, "carol"),
                       invite=str(room.hosted.invite), auto=True)  # type: ignore[union-attr]
        watching = top(app)
        assert isinstance(watching, WatchMenu) and watching.room is not None
        frames([app], lambda: watching.room is not None and watching.room.state.phase == "refused", "the refusal",
               also=room.poll)
        app.draw()
        assert (f"Questa partita si gioca con la versione {RELEASE}, e questo programma è la versione {MODIFIED}: "
                f"installa la versione {RELEASE} per prenderne parte") in drawn(watching)
        assert app.running
    finally:
        close_all(app)
        room.close(wait=True)
