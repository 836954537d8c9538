"""The form of a game to host: your name, your great power (any, or one), how many
players, the table's timeout (how long a silent seat may keep the game waiting), the
game clock (each player's minutes for the whole game, 0 for none, and the seconds a turn
gives back), whether computer players fill the empty seats after some seconds, their
strength, UPnP, the address to advertise and the port. "Host the game" opens the host's
lobby (the scene ``host_lobby``) with these settings; what cannot be taken (a clock out
of bounds, a port past 65535, no name) is said under the form instead."""

from __future__ import annotations

import pygame

from game.client.netgames import HostSettings, lan_address
from game.client.netlobby import Job
from game.client.settings import Settings
from game.client.words.clocks import clock_problem
from game.client.words.lang import N_, capital, say, say_in
from game.client.words.lobby import duration, level_name
from game.client.words.names import Names
from game.rules.board import load_board
from game.ui.app import Intent
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.backdrop import BACKDROP
from game.ui.widgets.boxes import card
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.lobbyview import FieldSet, lines
from game.ui.widgets.menuform import MenuScene
from game.ui.widgets.textentry import TextField, digits
from net.core.lobby import DEFAULT_PORT

TIMEOUTS = (10, 15, 20, 30, 45, 60, 90, 120, 180, 300, 600, 900, 1200, 1800, 2700, 3600)
FILLS: tuple[int | None, ...] = (None, 10, 20, 30, 60, 90, 120, 180, 300, 600)
STRENGTHS = ("easy", "normal", "hard", "greedy")


def _address_char(ch: str) -> bool:
    return ch.isalnum() or ch in ".-:[]_"


class HostSetupMenu(MenuScene):
    """The form (see the module docstring). ``base``: what the form does not ask (where to
    listen, the key, the LAN announcement; tests: loopback) and its first values."""

    heading = N_("Host a game")

    def __init__(self, settings: Settings, *, base: HostSettings | None = None) -> None:
        super().__init__(settings)
        self.base = base or HostSettings()
        b = self.base
        self.board = load_board()
        self.names = Names(self.board)
        self.players = b.players
        self.power = b.power
        self.timeout = min(TIMEOUTS, key=lambda v: abs(v - b.timeout_s))
        self.fill: int | None = None
        self.strength = "greedy"
        self.upnp = b.upnp
        self.fields = FieldSet()
        self.fields.add("name", TextField(settings.name, max_len=24, what=N_("printable characters")))
        self.fields.add("clock", TextField(str(b.bank_ms // 60_000), max_len=4, accept=digits, what=N_("digits")))
        self.fields.add("increment", TextField(str(b.increment_ms // 1000), max_len=3, accept=digits,
                                               what=N_("digits")))
        self.fields.add("advertise", TextField(b.advertise or "", max_len=60, accept=_address_char,
                                               what=N_("letters, digits, dots and colons")))
        self.fields.add("port", TextField("" if b.port is None else str(b.port), max_len=5, accept=digits,
                                          what=N_("digits")))
        self.lan = ""  # this machine's LAN address, once known (found in a worker: it may ask a name server)
        self._lan_job: Job[str] | None = None if b.advertise else Job(lan_address, name="soe-address")
        self.drawn: list[str] = []

    # ------------------------------------------------------------------ the form's values
    def host_settings(self) -> HostSettings | str:
        """The settings to host with, or why the form cannot be taken as it is."""
        name = self.fields.value("name").strip()
        if not name:
            return say("Your name is empty: give the name the others will see.")
        port_s = self.fields.value("port").strip()
        port = int(port_s) if port_s else None
        if port is not None and port > 65535:
            return say("A port is a number from 1 to 65535 (0: any free port; empty: the default).")
        bank = int(self.fields.value("clock").strip() or "0") * 60_000  # (empty: no game clock)
        increment = int(self.fields.value("increment").strip() or "0") * 1000
        problem = clock_problem(bank, increment)
        if problem:
            return say("{problem}.", problem=capital(problem))
        advertise = self.fields.value("advertise").strip() or None
        if advertise is not None and advertise == self.lan and not self.base.advertise:
            advertise = None  # the default: and with UPnP, the router's address
        b = self.base
        return HostSettings(players=self.players, name=name, power=self.power, timeout_s=float(self.timeout),
                            chain_length=b.chain_length, bank_ms=bank, increment_ms=increment, bind=b.bind, port=port, advertise=advertise, curve=b.curve,
                            key=b.key, log=b.log, upnp=self.upnp, upnp_group=b.upnp_group, announce=b.announce,
                            announce_on=b.announce_on)

    def update(self, dt: float) -> None:
        job = self._lan_job
        if job is not None and job.done:
            self._lan_job = None
            self.lan = job.value or ""
            f = self.fields.fields["advertise"]
            if not f.value:
                f.set(self.lan)
            if self.app is not None:
                self.app.dirty = True

    # ------------------------------------------------------------------ layout
    def _cols(self) -> tuple[int, int, int, int]:
        w = self.size[0]
        lw, rw = self.px(580), self.px(500)
        x0 = w // 2 - (lw + rw + self.px(40)) // 2
        return x0, lw, x0 + lw + self.px(40), rw

    def layout(self) -> list[Button]:
        w, h = self.size
        x0, lw, x1, rw = self._cols()
        out: list[Button] = []
        bh = self.px(38)
        gw = (lw - 3 * self.px(8)) // 4
        y = self.px(196)
        for i, (pid, label) in enumerate([("", say("Any")), *((p.id, self.names.power(p.id)) for p in self.board.powers)]):
            r = pygame.Rect(x0 + (i % 4) * (gw + self.px(8)), y + (i // 4) * (bh + self.px(8)), gw, bh)
            b = Button(r, (" " + label) if pid else label, ("power", pid))
            b.lit = b.primary = pid == self.power
            out.append(b)
        out += self._stepper(x0, lw, self.px(312), "players")
        for i, lv in enumerate(STRENGTHS):
            r = pygame.Rect(x0 + i * (gw + self.px(8)), self.px(404), gw, bh)
            b = Button(r, capital(level_name(lv)), ("strength", lv))
            b.lit = b.primary = lv == self.strength
            out.append(b)
        out += self._stepper(x1, rw, self.px(128), "timeout")
        out += self._stepper(x1, rw, self.px(222), "fill")
        up = Button(pygame.Rect(x1 + rw - self.px(150), self.px(312), self.px(150), bh), say("On") if self.upnp else say("Off"),
                    ("upnp",))
        up.lit = up.primary = self.upnp
        out.append(up)
        by = h - self.px(96)
        out.append(Button(pygame.Rect(w // 2 - self.px(230), by, self.px(220), self.px(46)), say("Back"), ("back",)))
        go = Button(pygame.Rect(w // 2 + self.px(10), by, self.px(220), self.px(46)), say("Host the game"), ("host",))
        go.primary = True
        out.append(go)
        return out

    def _stepper(self, x: int, cw: int, y: int, what: str) -> list[Button]:
        bw, bh = self.px(44), self.px(38)
        right = x + cw
        return [Button(pygame.Rect(right - 2 * bw - self.px(110), y, bw, bh), "-", (what, -1)),
                Button(pygame.Rect(right - bw, y, bw, bh), "+", (what, 1))]

    def _value(self, what: str) -> str:
        if what == "players":
            return str(self.players)
        if what == "timeout":
            return duration(self.timeout)
        if self.fill is None:
            return say_in("start without them", "off")
        return say("after {time}", time=duration(self.fill))

    # ------------------------------------------------------------------ input
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
            self.choose(("host",))
            return
        said = self.fields.key(intent)
        if said is not None:
            self.message = said
            if self.fields.focus == "name":
                self.settings.name = self.fields.value("name").strip() or self.settings.name

    def choose(self, key: object) -> None:
        assert isinstance(key, tuple)
        what = key[0]
        if what == "power":
            self.power = str(key[1])
        elif what == "players":
            self.players = max(2, min(7, self.players + int(key[1])))
        elif what == "strength":
            self.strength = str(key[1])
        elif what == "timeout":
            i = TIMEOUTS.index(self.timeout) + int(key[1])
            self.timeout = TIMEOUTS[max(0, min(len(TIMEOUTS) - 1, i))]
        elif what == "fill":
            i = FILLS.index(self.fill) + int(key[1])
            self.fill = FILLS[max(0, min(len(FILLS) - 1, i))]
        elif what == "upnp":
            self.upnp = not self.upnp
        elif what == "back":
            self.back()
        elif what == "host":
            hs = self.host_settings()
            if isinstance(hs, str):
                self.message = hs
            elif self.app is not None:
                self.app.push_scene("host_lobby", settings=self.settings, host=hs,
                                    fill_after=None if self.fill is None else float(self.fill),
                                    drop_bot=self.strength)

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        BACKDROP.draw(surf)
        w, h = self.size
        self.drawn = []
        x0, lw, x1, rw = self._cols()
        card(surf, pygame.Rect(x0 - self.px(30), self.px(96), x1 + rw - x0 + self.px(60), h - self.px(150)), 200,
             self.px(14))
        head = text(say(self.heading), "serif-bold", self.px(48), P.HIGHLIGHT)
        surf.blit(head, head.get_rect(midtop=(w // 2, self.px(28))))
        self.buttons = self.layout()
        size = self.px(17)
        self.fields.draw(surf, "name", pygame.Rect(x0, self.px(120), lw, self.px(40)), say("Your name"),
                         size)
        self._label(surf, say("Your great power"), x0, self.px(170))
        self._label(surf, say("Players"), x0, self.px(320))
        self._note(surf, say("the seats of the game, yours included (2 to 7)"), x0, self.px(352), lw)
        self._label(surf, say("Computer players"), x0, self.px(380))
        self._note(surf, say("who plays an empty seat, or one dropped for keeping the game waiting"), x0,
                   self.px(446), lw)
        self._label(surf, say("Game clock"), x0, self.px(494))
        fw = (lw - self.px(10)) // 2
        self.fields.draw(surf, "clock", pygame.Rect(x0, self.px(522), fw, self.px(40)), say("Minutes each"), size,
                         placeholder=say("none"))
        self.fields.draw(surf, "increment", pygame.Rect(x0 + fw + self.px(10), self.px(522), fw, self.px(40)),
                         say("Seconds a turn"), size, placeholder="0")
        lines(surf, say("the time each player has for the whole game, used only while the game waits for them, "
                        "plus the seconds each of their turns gives back; 0 minutes: no game clock"), (x0, self.px(566)),
              lw, "sans", self.px(13), P.TEXT_DIM, most=3)
        self._label(surf, say("Timeout"), x1, self.px(136))
        self._note(surf, say("how long a silent seat may keep the game waiting before the others may hand it to a "
                             "computer player (10 s to 1 hour)"), x1, self.px(172), rw)
        self._label(surf, say("Start without them"), x1, self.px(230))
        self._note(surf, say("computer players take the empty seats, and the game starts, after this long; or "
                             "Start in the lobby"), x1, self.px(266), rw)
        self._label(surf, say("UPnP"), x1, self.px(320))
        self._note(surf, say("ask the router to forward the port, for players on the internet"), x1, self.px(356),
                   rw - self.px(10))
        self.fields.draw(surf, "advertise", pygame.Rect(x1, self.px(398), rw, self.px(40)), say("Address"), size,
                         placeholder=say("finding this machine's address\u2026") if self._lan_job else "")
        self._note(surf, say("where the others reach you (this machine's address on the LAN; with UPnP, the "
                             "router's)"), x1, self.px(442), rw)
        self.fields.draw(surf, "port", pygame.Rect(x1, self.px(484), rw, self.px(40)), say("Port"), size,
                         placeholder=say("{port} (any free one if it is taken)", port=DEFAULT_PORT))
        for what in ("players", "timeout", "fill"):
            minus = next(b for b in self.buttons if b.key == (what, -1))
            plus = next(b for b in self.buttons if b.key == (what, 1))
            v = self._fitted(self._value(what), plus.rect.x - minus.rect.right - self.px(6))
            surf.blit(v, v.get_rect(center=((minus.rect.right + plus.rect.x) // 2, minus.rect.centery)))
            self.drawn.append(self._value(what))
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(14) if b.key[0] in ("power", "strength") else size)  # type: ignore[index]
            if b.key[0] == "power" and b.key[1]:  # type: ignore[index]
                chip = pygame.Rect(b.rect.x + self.px(5), b.rect.y + self.px(5), self.px(7), b.rect.height - self.px(10))
                pygame.draw.rect(surf, P.power(str(b.key[1])), chip, border_radius=self.px(3))  # type: ignore[index]
        self.message_box = None
        if self.message:
            self.drawn.append(self.message)
            self.foot_message(surf, self.px(15), self.px(14))

    def _fitted(self, words: str, width: int) -> pygame.Surface:
        """A stepper's value as large as fits between its buttons: condensed, then smaller."""
        size = self.px(20)
        v = text(words, "sans-bold", size, P.HIGHLIGHT)
        while v.get_width() > width and size > self.px(11):
            v = text(words, "cond-bold", size, P.HIGHLIGHT)
            size -= 1
        return v

    def _label(self, surf: pygame.Surface, words: str, x: int, y: int) -> None:
        s = text(words, "serif-bold", self.px(22), P.TEXT)
        surf.blit(s, (x, y - self.px(4)))

    def _note(self, surf: pygame.Surface, words: str, x: int, y: int, width: int) -> None:
        lines(surf, words, (x, y), width, "sans", self.px(13), P.TEXT_DIM, most=2)
