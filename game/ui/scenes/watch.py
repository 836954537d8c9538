"""Watch a game: paste its invite or pick a game announced on this network; a spectator's
peer (with a key of its own) connects, catches up from the others and follows the game
live (:class:`game.client.netlobby.JoinRoom`, watching), and the game screen shows it as a
spectator sees it (its table's seat is -1: nobody's unrest until the end, no choice to
make). Meanwhile the scene says what it is doing; no answer offers to try again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client.netlobby import JoinRoom, NetOptions
from game.client.settings import Settings
from game.client.words.lang import N_, say
from game.ui import netplay
from game.ui.widgets.inviteform import InviteForm
from game.ui.widgets.lobbyview import news_line, phase_words
from net.core.lobby import Invite, InviteError


class WatchMenu(InviteForm):
    """The form and, once a game is picked, the way in (see the module docstring);
    ``auto``: watch the game of ``invite`` at once (a full game's joiner, a LAN game's
    Watch)."""

    heading = N_("Watch a game")
    action = N_("Watch")

    def __init__(self, settings: Settings, *, options: NetOptions | None = None,
                 browse: Callable[[float], list[Any]] | None = None, invite: str = "", auto: bool = False) -> None:
        super().__init__(settings, options=options, browse=browse, invite=invite)
        netplay.preload()  # the game screen's code, loaded before the game starts
        self.room: JoinRoom | None = None
        self.table: JoinRoom | None = None  # what closing the window closes (game.cli.ui closes every scene's table)
        self._watched: object = None
        if auto:
            try:
                self.go(Invite.parse(invite), True)
            except InviteError:
                pass

    def lan_actions(self, started: bool, free: int) -> list[tuple[str, bool]]:
        return [(say("Watch"), True)]

    def lan_top(self) -> int:
        return self.px(360) if self.room is not None else self.px(300)

    def can_go(self) -> bool:
        return self.room is None or self.room.state.over

    def go(self, invite: Invite, watch: bool) -> None:
        old = self.room
        if old is not None:
            old.close()
        self.field.set(str(invite))
        after = old.closer.thread if old is not None and old.closer is not None else None
        self.room = self.table = JoinRoom(invite, name=self.settings.name, watch=True, options=self.options,
                                          after=after)

    def update(self, dt: float) -> None:
        super().update(dt)
        room = self.room
        if room is None or self.app is None:
            return
        room.poll()
        if room.ready():
            self.browser.close()
            netplay.show_table(self.app, room.hand_over(), self.settings)
            return
        seen = (room.state.phase, room.state.said)
        if seen != self._watched:
            self._watched = seen
            self.app.dirty = True

    def back(self) -> None:
        if self.room is not None:
            self.room.close()
        super().back()

    def words(self) -> tuple[str, tuple[int, int, int]]:
        """What watching is doing, and in what colour."""
        room = self.room
        assert room is not None
        return phase_words(room)

    def extra(self, surf: pygame.Surface) -> None:
        if self.room is None:
            return
        w = self.size[0]
        fw = min(w - self.px(120), self.px(1040))
        words, colour = self.words()
        self.drawn.append(words)
        news_line(surf, pygame.Rect(w // 2 - fw // 2, self.px(248), fw, self.px(60)), words, colour, self.px(16))
