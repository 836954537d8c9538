"""The host's lobby (:class:`game.client.netlobby.HostRoom`): while the table opens in a
worker (a port, UPnP when asked, the LAN announcement), what it is doing; then the seats
(power, name, key fingerprint), who joined and left, the invite in full with Copy (the
system clipboard), the invite for this network when it differs, UPnP's outcome, the
address others reach, the timeout and the game clock, your key's fingerprint to read aloud, Start (computer
players in the empty seats) and the countdown when one was chosen. The game starts by
itself when every seat is taken; then its game screen replaces the lobby
(:func:`game.ui.netplay.show_table`). Cancel (or Esc) closes the table and removes the
files of the game that never started."""

from __future__ import annotations

import pygame

from game.client.netgames import HostSettings
from game.client.netlobby import HostRoom
from game.client.settings import Settings
from game.client.words.clocks import game_clock
from game.client.words.lang import N_, say
from game.client.words.lobby import countdown, duration, fell_back, power_name, t, waiting
from game.client.words.netgames import hosting
from game.ui import netplay
from game.ui.app import Intent
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.backdrop import BACKDROP
from game.ui.widgets.boxes import card
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.lobbyview import BAD, GOOD, WAIT, fingerprint_plate, invite_box, lines, news_line, seat_table
from game.ui.widgets.menuform import MenuScene
from game.ui.widgets.textentry import put_clipboard


class HostLobby(MenuScene):
    """The lobby (see the module docstring). ``host``: the settings to host with;
    ``fill_after``: seconds before computer players (``drop_bot``) take the empty seats."""

    heading = N_("Hosting a game")

    def __init__(self, settings: Settings, *, host: HostSettings, fill_after: float | None = None,
                 drop_bot: str = "greedy") -> None:
        super().__init__(settings)
        netplay.preload()  # the game screen's code, loaded before the game starts
        self.room = HostRoom(host, fill_after=fill_after, drop_bot=drop_bot)
        self.table = self.room  # what closing the window closes (game.cli.ui closes every scene's table)
        self.said = ""  # the last message: what Copy did
        self._seen: object = None
        self.drawn: list[str] = []

    # ------------------------------------------------------------------ the room
    def update(self, dt: float) -> None:
        room = self.room
        room.poll()
        if self.app is None:
            return
        if room.ready():
            netplay.show_table(self.app, room.hand_over(), self.settings)
            return
        left = room.remaining()
        seen = (room.hosted is not None, room.error, room.seats, len(room.news), room.starting,
                None if left is None else int(left))
        if seen != self._seen:
            self._seen = seen
            self.app.dirty = True

    def back(self) -> None:
        self.room.close()
        super().back()

    def choose(self, key: object) -> None:
        if key == "back":
            self.back()
        elif key == "start":
            self.room.start_now()
        elif key == "copy" and self.room.hosted is not None:
            why = put_clipboard(str(self.room.hosted.invite))
            self.message = why
            self.said = "" if why else t("copied")
        if self.app is not None:
            self.app.dirty = True

    def key(self, intent: Intent) -> None:
        if intent.key == pygame.K_ESCAPE:
            self.back()

    # ------------------------------------------------------------------ layout
    def _cols(self) -> tuple[int, int, int, int]:
        """The left column (the seats) and the right one (the invite): x and width of each."""
        w = self.size[0]
        total = min(w - self.px(80), self.px(1200))
        x0 = w // 2 - total // 2
        lw = total * 52 // 100
        return x0, lw, x0 + lw + self.px(30), total - lw - self.px(30)

    def layout(self) -> list[Button]:
        w, h = self.size
        x0, lw, x1, rw = self._cols()
        by = h - self.px(86)
        room = self.room
        out = [Button(pygame.Rect(w // 2 - self.px(230), by, self.px(220), self.px(46)),
                      say("Cancel") if room.error == "" else say("Back"), "back")]
        if room.hosted is None or room.error:
            out[0].rect.centerx = w // 2
        else:
            start = Button(pygame.Rect(w // 2 + self.px(10), by, self.px(220), self.px(46)), say("Start now"), "start",
                           not room.starting, tip=say("computer players take the empty seats"))
            start.primary = True
            out.append(start)
            out.append(Button(pygame.Rect(x1 + rw - self.px(170), self._copy_y, self.px(170), self.px(36)),
                              say("Copy the invite"), "copy", tip=say("to the system clipboard")))
        return out

    _copy_y = 0  # where the Copy button goes (under the invite, whose height the draw knows)

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        BACKDROP.draw(surf)
        w, h = self.size
        self.drawn = []
        x0, lw, x1, rw = self._cols()
        card(surf, pygame.Rect(x0 - self.px(24), self.px(88), x1 + rw - x0 + self.px(48), h - self.px(124)), 205,
             self.px(14))
        head = text(say(self.heading), "serif-bold", self.px(48), P.HIGHLIGHT)
        surf.blit(head, head.get_rect(midtop=(w // 2, self.px(22))))
        room = self.room
        h_ = room.hosted
        if h_ is None or room.error:
            self.buttons = self.layout()
            words = room.error or t("opening_upnp" if room.settings.upnp else "opening")
            self.drawn.append(words)
            news_line(surf, pygame.Rect(w // 2 - self.px(420), h // 2 - self.px(60), self.px(840), self.px(90)), words,
                      BAD if room.error else WAIT, self.px(18))
        else:
            self._seats(surf, x0, lw)
            self._invite(surf, x1, rw)
            self.buttons = self.layout()
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(17))
        self.message_box = None
        if self.message:
            self.drawn.append(self.message)
            self.foot_message(surf, self.px(14), self.px(8))

    def _seats(self, surf: pygame.Surface, x: int, width: int) -> None:
        room = self.room
        y = self._title(surf, say("Seats"), x, self.px(100))
        rows = [(s.power, power_name(s.power), (t("you", name=s.name) if s.you else s.name) or t("free_seat"),
                 s.fingerprint, s.you, bool(s.fingerprint)) for s in room.seats]
        for r in rows:
            self.drawn.append(f"{r[1]}: {r[2]} {r[3]}".rstrip())
        y = seat_table(surf, pygame.Rect(x, y + self.px(4), width, 0), rows, self.px(15)) + self.px(6)
        free = sum(1 for s in room.seats if not s.fingerprint)
        left = room.remaining()
        status = t("starting") if room.starting else waiting(free)
        if left is not None and free and not room.starting:
            status += " " + countdown(left, room.drop_bot)
        self.drawn.append(status)
        y = lines(surf, status, (x, y), width, "sans-bold", self.px(16), WAIT if free else GOOD, most=2)
        y = self._title(surf, say("News"), x, y + self.px(10))
        news = room.news[-5:] or [say("Nobody has joined yet: give the others the invite.")]
        for line in news:
            self.drawn.append(line)
            y = lines(surf, line, (x, y), width, "sans", self.px(14), P.TEXT, most=2) + self.px(2)

    def _invite(self, surf: pygame.Surface, x: int, width: int) -> None:
        room = self.room
        h = room.hosted
        assert h is not None
        y = self._title(surf, say("Your key's fingerprint"), x, self.px(100))
        fingerprint_plate(surf, pygame.Rect(x, y + self.px(4), width, self.px(64)), h.fingerprint, self.px(38))
        self.drawn.append(h.fingerprint)
        y = lines(surf, t("tell_fingerprint"), (x, y + self.px(74)), width, "sans", self.px(14), P.TEXT_DIM, most=2)
        y = self._title(surf, say("Invite"), x, y + self.px(8))
        invite = str(h.invite)
        self.drawn.append(invite)
        y = invite_box(surf, pygame.Rect(x, y + self.px(4), width, 0), invite, self.px(14))
        self._copy_y = y + self.px(6)
        if self.said:
            lines(surf, self.said, (x, y + self.px(14)), width - self.px(180), "sans", self.px(13), GOOD, most=2)
        y += self.px(50)
        if h.lan_invite != h.invite:
            y = lines(surf, say("On this network:"), (x, y), width, "sans-bold", self.px(14), P.TEXT)
            y = invite_box(surf, pygame.Rect(x, y + self.px(2), width, 0), str(h.lan_invite), self.px(13))
            self.drawn.append(str(h.lan_invite))
            y += self.px(6)
        port = h.peer.node.port
        facts = [(t("reach", address=h.invite.host, port=h.invite.port), False)]
        if h.fell_back:
            facts.append((fell_back(port), False))
        if h.upnp == "mapped":
            facts.append((hosting("upnp_mapped", port=port, local_ip=h.local_ip, external=h.external), False))
        elif h.upnp == "failed":
            facts.append((hosting("upnp_failed", error=h.upnp_error, port=port), True))
        else:
            facts.append((t("upnp_off", port=port), False))
        facts.append((t("timeout", timeout=duration(h.settings.timeout_s)), False))
        facts.append((t("game_clock", clock=game_clock(h.settings.bank_ms, h.settings.increment_ms)), False))
        if h.announce_error:
            facts.append((hosting("not_announced", error=h.announce_error), False))
        bottom = self.size[1] - self.px(100)
        for f, bad in facts:
            self.drawn.append(f)
            colour = BAD if bad else P.TEXT
            y = lines(surf, f, (x, y), width, "sans", self.px(13), colour, most=max(1, (bottom - y) // self.px(16)))
            y += self.px(3)

    def _title(self, surf: pygame.Surface, words: str, x: int, y: int) -> int:
        s = text(words, "serif-bold", self.px(22), P.TEXT)
        surf.blit(s, (x, y))
        return y + s.get_height()

