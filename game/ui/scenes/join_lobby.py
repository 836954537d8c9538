"""The joiner's lobby (:class:`game.client.netlobby.JoinRoom`): the host's key fingerprint
large, to compare aloud with the one the host reads out; what is happening, in a word for
each state (opening, connecting, no answer yet with what the transport says, the host
answered, seated, gave up, refused, the game is full); the game's settings as the host
states them before this player sits; the seats and who is in them. Gave up offers Try
again; a full game offers Watch instead (the scene ``watch``, with the same invite). When
the game starts with this player seated, its game screen replaces the lobby
(:func:`game.ui.netplay.show_table`). Back (or Esc) leaves and removes the files of the
game never joined."""

from __future__ import annotations

import pygame

from game.client.netlobby import JoinRoom, NetOptions
from game.client.settings import Settings
from game.client.words.lang import N_, say
from game.client.words.lobby import game_settings, power_name, t
from game.ui import netplay
from game.ui.app import Intent
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.backdrop import BACKDROP
from game.ui.widgets.boxes import card
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.lobbyview import fingerprint_plate, lines, news_line, phase_words, seat_table
from game.ui.widgets.menuform import MenuScene
from net.core.lobby import Invite


class JoinLobby(MenuScene):
    """The lobby (see the module docstring): joining the game of ``invite`` with
    ``options`` (where to listen, which key), asking for ``power`` ("" for any)."""

    heading = N_("Joining a game")

    def __init__(self, settings: Settings, *, invite: Invite | str, options: NetOptions | None = None,
                 power: str = "") -> None:
        super().__init__(settings)
        netplay.preload()  # the game screen's code, loaded before the game starts
        self.invite = invite if isinstance(invite, Invite) else Invite.parse(invite)
        self.options = options or NetOptions()
        self.power = power
        self.room = self._room()
        self.table = self.room  # what closing the window closes (game.cli.ui closes every scene's table)
        self._seen: object = None
        self.drawn: list[str] = []

    def _room(self, after: JoinRoom | None = None) -> JoinRoom:
        wait = after.closer.thread if after is not None and after.closer is not None else None
        return JoinRoom(self.invite, name=self.settings.name, power=self.power, options=self.options, after=wait)

    # ------------------------------------------------------------------ the room
    def update(self, dt: float) -> None:
        room = self.room
        room.poll()
        if self.app is None:
            return
        if room.ready():
            netplay.show_table(self.app, room.hand_over(), self.settings)
            return
        s = room.state
        seen = (s.phase, s.said, s.seats, s.timeout_ms, s.power)
        if seen != self._seen:
            self._seen = seen
            self.app.dirty = True

    def back(self) -> None:
        self.room.close()
        super().back()

    def key(self, intent: Intent) -> None:
        if intent.key == pygame.K_ESCAPE:
            self.back()

    def choose(self, key: object) -> None:
        if self.app is None:
            return
        if key == "back":
            self.back()
        elif key == "retry":
            old = self.room
            old.close()
            self.room = self.table = self._room(old)
            self.app.dirty = True
        elif key == "watch":
            self.room.close()
            self.app.swap(self, self.app.make_scene("watch", settings=self.settings, options=self.options,
                                                    invite=str(self.invite), auto=True))

    def layout(self) -> list[Button]:
        w, h = self.size
        s = self.room.state
        by = h - self.px(86)
        back = Button(pygame.Rect(w // 2 - self.px(230), by, self.px(220), self.px(46)), say("Back"), "back")
        if s.phase == "gave_up" or s.phase in ("failed", "stopped"):
            more = Button(pygame.Rect(w // 2 + self.px(10), by, self.px(220), self.px(46)), say("Try again"), "retry")
        elif s.phase == "refused" and s.refused == "full":
            more = Button(pygame.Rect(w // 2 + self.px(10), by, self.px(220), self.px(46)), say("Watch instead"), "watch")
        else:
            back.rect.x = w // 2 - self.px(110)
            return [back]
        more.primary = True
        return [back, more]

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        BACKDROP.draw(surf)
        w, h = self.size
        self.drawn = []
        width = min(w - self.px(120), self.px(1000))
        x0 = w // 2 - width // 2
        card(surf, pygame.Rect(x0 - self.px(30), self.px(88), width + self.px(60), h - self.px(124)), 205, self.px(14))
        head = text(say(self.heading), "serif-bold", self.px(48), P.HIGHLIGHT)
        surf.blit(head, head.get_rect(midtop=(w // 2, self.px(22))))
        room, s = self.room, self.room.state
        lab = text(say("The host's key fingerprint"), "serif-bold", self.px(22), P.TEXT)
        surf.blit(lab, lab.get_rect(midtop=(w // 2, self.px(98))))
        plate = pygame.Rect(0, 0, min(width, self.px(720)), self.px(92))
        plate.midtop = (w // 2, self.px(98) + lab.get_height() + self.px(6))
        fingerprint_plate(surf, plate, self.invite.fingerprint, self.px(56))
        self.drawn.append(self.invite.fingerprint)
        note = t("fp_checked") if s.phase in ("seated", "started") else t("fp_unchecked")
        self.drawn.append(note)
        y = lines(surf, note, (w // 2, plate.bottom + self.px(8)), width, "sans", self.px(15), P.TEXT_DIM,
                  centre=True, most=2)
        words, colour = phase_words(room)
        self.drawn.append(words)
        band = pygame.Rect(x0, y + self.px(12), width, self.px(64))
        news_line(surf, band, words, colour, self.px(17))
        y = band.bottom + self.px(14)
        players = len(s.seats)
        facts = say("The game: {settings}", settings=game_settings(players, s.timeout_ms, s.chain_length, s.clock))
        self.drawn.append(facts)
        y = lines(surf, facts, (x0, y), width, "sans", self.px(15), P.TEXT, most=2)
        address = f"{self.invite.host}:{self.invite.port}"
        at = say("At {address}, game {game}\u2026; you are {name}", address=address, game=self.invite.game_id[:16],
                 name=self.settings.name)
        y = lines(surf, at, (x0, y + self.px(2)), width, "sans", self.px(13), P.TEXT_DIM, most=1)
        if s.seats:
            mine = s.power if s.phase in ("seated", "started") else ""
            rows = [(p, power_name(p), (t("you", name=n) if p == mine else n) or t("free_seat"), "", p == mine,
                     bool(n)) for p, n in s.seats]
            for r in rows:
                self.drawn.append(f"{r[1]}: {r[2]}")
            room_h = h - self.px(100) - (y + self.px(10))
            size = max(10, min(self.px(15), room_h // (2 * max(1, len(rows)))))
            seat_table(surf, pygame.Rect(x0, y + self.px(10), width, 0), rows, size)
        self.buttons = self.layout()
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(17))
