"""Join a game: paste the invite the host gave (Ctrl+V or Paste; a malformed one is said at
once) or pick a game announced on this network, and choose the great power you would
like. Join opens the joiner's lobby (the scene ``join_lobby``); a game of the LAN that has
started or is full offers Watch instead (the scene ``watch``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client.netlobby import NetOptions
from game.client.settings import Settings
from game.client.words.lang import N_, say
from game.client.words.lobby import power_name
from game.rules.board import load_board
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.widgets.buttons import Button
from game.ui.widgets.inviteform import InviteForm
from net.core.lobby import Invite


class JoinMenu(InviteForm):
    """The form (see the module docstring)."""

    heading = N_("Join a game")
    action = N_("Join")

    def __init__(self, settings: Settings, *, options: NetOptions | None = None,
                 browse: Callable[[float], list[Any]] | None = None, invite: str = "") -> None:
        super().__init__(settings, options=options, browse=browse, invite=invite)
        self.powers = ["", *(p.id for p in load_board().powers)]
        self.power = ""

    def lan_top(self) -> int:
        return self.px(345)

    def layout(self) -> list[Button]:
        out = super().layout()
        w = self.size[0]
        fw = min(w - self.px(120), self.px(1040))
        x0 = w // 2 - fw // 2
        out.append(Button(pygame.Rect(x0 + self.px(230), self.px(248), self.px(220), self.px(36)),
                          "  " + power_name(self.power) if self.power else say("Any"), ("power",),
                          tip=say("click for the next one; the host gives another if it is taken")))
        return out

    def extra(self, surf: pygame.Surface) -> None:
        w = self.size[0]
        fw = min(w - self.px(120), self.px(1040))
        x0 = w // 2 - fw // 2
        lab = text(say("The power you would like"), "sans-bold", self.px(15), P.TEXT)
        surf.blit(lab, (x0, self.px(266) - lab.get_height() // 2))
        if self.power:
            b = next((b for b in self.buttons if b.key == ("power",)), None)
            if b is not None:
                chip = pygame.Rect(b.rect.x + self.px(6), b.rect.y + self.px(6), self.px(7), b.rect.height - self.px(12))
                pygame.draw.rect(surf, P.power(self.power), chip, border_radius=self.px(3))

    def choose(self, key: object) -> None:
        if key == ("power",):
            self.power = self.powers[(self.powers.index(self.power) + 1) % len(self.powers)]
            if self.app is not None:
                self.app.dirty = True
            return
        super().choose(key)

    def go(self, invite: Invite, watch: bool) -> None:
        if self.app is None:
            return
        if watch:
            self.app.push_scene("watch", settings=self.settings, options=self.options, invite=str(invite), auto=True)
        else:
            self.app.push_scene("join_lobby", settings=self.settings, invite=invite, options=self.options,
                                power=self.power)
