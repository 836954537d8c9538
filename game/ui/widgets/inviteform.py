"""The form the join and watch scenes are made of: a field for an invite (typed, or pasted
with Ctrl+V or the Paste button from the system clipboard; what it holds is checked as it
changes, and a malformed invite is said at once), and the games announced on the LAN,
listed live (:class:`game.client.netlobby.LanBrowser`, looking again every few seconds in
a thread of its own), each with its button. A scene subclasses :class:`InviteForm` and
says what a picked game leads to (:meth:`InviteForm.go`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client.netlobby import LanBrowser, NetOptions
from game.client.settings import Settings
from game.client.words.lang import N_, say
from game.client.words.lobby import lan_game, lan_state, t
from game.ui.app import Intent
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.backdrop import BACKDROP
from game.ui.widgets.boxes import card
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.lobbyview import BAD, GOOD, WAIT, FieldSet, fit, lines
from game.ui.widgets.menuform import MenuScene
from game.ui.widgets.textentry import TextField, clipboard_text
from net.core.lobby import Invite, InviteError

LAN_ROWS = 5  # games of the LAN listed at once


class InviteForm(MenuScene):
    """An invite field and the LAN's games (see the module docstring). ``options``: where
    to listen and with which key (tests: loopback); ``browse``: what lists the LAN's games
    (tests: a function of their own); ``invite``: the field's first words."""

    heading = N_("A network game")
    action = N_("Join")  # the words of the button that takes the invite in the field (a message id)

    def __init__(self, settings: Settings, *, options: NetOptions | None = None,
                 browse: Callable[[float], list[Any]] | None = None, invite: str = "") -> None:
        super().__init__(settings)
        self.options = options or NetOptions()
        self.fields = FieldSet()
        self.field = self.fields.add("invite", TextField(invite, max_len=600, what=N_("characters of an invite")))
        self.browser = LanBrowser(browse)
        self._checked: tuple[str, Invite | None, str] = ("\0", None, "")
        self._seen: tuple[object, ...] = ()
        self.top = 0  # where the scene's own part starts, under the form (set by draw)
        self.drawn: list[str] = []  # the words the last frame showed, for tests

    # ------------------------------------------------------------------ what the field holds
    def checked(self) -> tuple[Invite | None, str]:
        """The invite in the field (None when it holds none) and a sentence on it."""
        value = self.field.value.strip()
        if self._checked[0] != value:
            if not value:
                self._checked = (value, None, "")
            else:
                try:
                    inv = Invite.parse(value)
                    self._checked = (value, inv, t("invite_ok", where=f"{inv.host}:{inv.port}", fp=inv.fingerprint))
                except InviteError as exc:
                    self._checked = (value, None, t("bad_invite", reason=str(exc).rstrip(".")))
        return self._checked[1], self._checked[2]

    def go(self, invite: Invite, watch: bool) -> None:
        """What a picked game leads to (the scene's)."""

    def lan_actions(self, started: bool, free: int) -> list[tuple[str, bool]]:
        """The buttons of a game of the LAN: (words, whether it watches)."""
        if started or free <= 0:
            return [(say("Watch"), True)]
        return [(say("Join"), False)]

    # ------------------------------------------------------------------ input
    def layout(self) -> list[Button]:
        w, h = self.size
        fw = min(w - self.px(120), self.px(1040))
        x0 = w // 2 - fw // 2
        out = [Button(pygame.Rect(x0 + fw - self.px(110), self.px(150), self.px(110), self.px(44)), say("Paste"),
                      ("paste",), tip=say("Ctrl+V in the field does the same"))]
        y = self.lan_top()
        for i, a in enumerate(self.browser.games[:LAN_ROWS]):
            acts = self.lan_actions(bool(a.started), int(a.free))
            for j, (label, watch) in enumerate(reversed(acts)):
                r = pygame.Rect(x0 + fw - self.px(10) - (j + 1) * self.px(110), y + i * self.px(52) + self.px(6),
                                self.px(100), self.px(38))
                b = Button(r, label, ("lan", i, watch))
                b.primary = not watch
                out.append(b)
        by = h - self.px(100)
        out.append(Button(pygame.Rect(w // 2 - self.px(210), by, self.px(200), self.px(46)), say("Back"), ("back",)))
        inv, _ = self.checked()
        go = Button(pygame.Rect(w // 2 + self.px(10), by, self.px(200), self.px(46)), say(self.action), ("go",),
                    inv is not None and self.can_go())
        go.primary = True
        out.append(go)
        return out

    def can_go(self) -> bool:
        return True

    def lan_top(self) -> int:
        return self.px(300)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "click" and intent.button == 1 and self.fields.click(intent.pos, self.px(17)):
            self.message = ""
            return True
        return super().handle(intent)

    def key(self, intent: Intent) -> None:
        if intent.key == pygame.K_ESCAPE:
            self.back()
            return
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose(("go",))
            return
        said = self.fields.key(intent)
        if said is not None:
            self.message = said
        if self.app is not None:
            self.app.dirty = True

    def choose(self, key: object) -> None:
        if not isinstance(key, tuple):
            return
        if key[0] == "back":
            self.back()
        elif key[0] == "paste":
            got, why = clipboard_text()
            if why:
                self.message = why
            else:
                self.field.set(got.strip())
                self.message = ""
        elif key[0] == "go":
            inv, said = self.checked()
            if inv is None:
                self.message = said or t("bad_invite", reason=say("the field is empty"))
            elif self.can_go():
                self.go(inv, False)
        elif key[0] == "lan":
            games = self.browser.games
            if key[1] < len(games):
                self.go(games[key[1]].invite, bool(key[2]))
        if self.app is not None:
            self.app.dirty = True

    def back(self) -> None:
        self.browser.close()
        super().back()

    def update(self, dt: float) -> None:
        if self.app is not None and self.app.scenes and self.app.scenes[-1] is self:
            self.browser.want()
        seen = (self.browser.looks, self.browser.games, self.browser.error)
        if seen != self._seen and self.app is not None:
            self._seen = seen
            self.app.dirty = True

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        BACKDROP.draw(surf)
        w, h = self.size
        self.drawn = []
        fw = min(w - self.px(120), self.px(1040))
        x0 = w // 2 - fw // 2
        card(surf, pygame.Rect(x0 - self.px(30), self.px(96), fw + self.px(60), h - self.px(96) - self.px(40)), 200,
             self.px(14))
        head = text(say(self.heading), "serif-bold", self.px(48), P.HIGHLIGHT)
        surf.blit(head, head.get_rect(midtop=(w // 2, self.px(28))))
        self.buttons = self.layout()
        lab = text(say("Invite"), "sans-bold", self.px(16), P.TEXT)
        surf.blit(lab, (x0, self.px(124)))
        box = pygame.Rect(x0, self.px(150), fw - self.px(122), self.px(44))
        self.fields.draw(surf, "invite", box, "", self.px(17), placeholder=say("soe://\u2026  (paste the invite: Ctrl+V)"))
        inv, said = self.checked()
        if said:
            self.drawn.append(said)
            lines(surf, said, (x0, self.px(202)), fw, "sans-bold", self.px(15), GOOD if inv is not None else BAD, most=2)
        self._lan(surf, x0, fw)
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(17))
        self.extra(surf)
        self.message_box = None
        if self.message:
            self.drawn.append(self.message)
            self.foot_message(surf, self.px(15), self.px(10))

    def _lan(self, surf: pygame.Surface, x0: int, fw: int) -> None:
        y = self.lan_top()
        lab = text(say("Games on this network"), "serif-bold", self.px(22), P.TEXT)
        surf.blit(lab, (x0, y - self.px(34)))
        b = self.browser
        games = b.games[:LAN_ROWS]
        if not games:
            said = t("lan_error", reason=b.error) if b.error else t("lan_none") if b.looks else t("lan_looking")
            self.drawn.append(said)
            lines(surf, said, (x0 + self.px(8), y + self.px(8)), fw - self.px(16), "sans", self.px(15),
                  BAD if b.error else P.TEXT_DIM, most=2)
            return
        for i, a in enumerate(games):
            r = pygame.Rect(x0, y + i * self.px(52), fw, self.px(50))
            pygame.draw.rect(surf, (44, 38, 32), r, border_radius=6)
            pygame.draw.rect(surf, P.PANEL_EDGE, r, 1, border_radius=6)
            state = lan_state(int(a.free), int(a.players), bool(a.started))
            room = fw - self.px(260)
            name = fit(lan_game(a), "sans-bold", self.px(16), P.BUTTON_TEXT, room // 2)
            surf.blit(name, (r.x + self.px(12), r.y + self.px(5)))
            st = fit(state, "sans-bold", self.px(15), GOOD if not a.started and a.free else WAIT, room // 2)
            surf.blit(st, (r.x + self.px(24) + name.get_width(), r.y + self.px(6)))
            inv = a.invite
            address = f"{inv.host}:{inv.port}"
            sub = say("{address}   host's key {fingerprint}", address=address, fingerprint=inv.fingerprint)
            s2 = fit(sub, "cond", self.px(14), P.TEXT_DIM, room)
            surf.blit(s2, (r.x + self.px(12), r.bottom - self.px(5) - s2.get_height()))
            self.drawn.append(f"{lan_game(a)}: {state}")

    def extra(self, surf: pygame.Surface) -> None:
        """What the scene adds under the invite (drawn last, over its buttons)."""

