"""What a network game adds to the game screen (its table a
:class:`~game.client.nettable.NetTable`; a local game's screen shows none of it):

- a strip over the log: every seat's connection (a dot in its power's chip: direct,
  through others, a computer player, silent; the mouse on it says since when), whom the
  table waits for and since when (and, once overdue, why: its game clock ran out, or its
  turn passed the timeout), the spectators watching, and the verdict so far (fair, or
  contested and why);
- each seat's game clock in its player's panel: what is left of its time bank (m:ss),
  ticking for the seats the table waits for, red under a minute (none in a game
  without a game clock);
- when a seat is overdue, the choice to hand it to a computer player or keep waiting;
- chat under the log: a field (Enter, or a click, to write; Enter sends, Esc leaves it),
  the lines of everyone in the log;
- what the peer reports (a drop, evidence kept against an author, a desync, a refusal, a
  connection lost) in words, in the log and over the map, never a traceback;
- a notice when it becomes this seat's turn while the window is in the background: the
  window flashes, and a bell rings unless Settings turns it off.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.logbook import LogLine, note
from game.client.nettable import NetTable, SeatClock, Stopped, UndoRefused
from game.client.words.clocks import clock_time, clock_tip, low, overdue_why
from game.client.words.lang import N_, join_list, say, say_in, say_n
from game.client.words.names import Names
from game.client.words.peer import chat_refusal, power_name, sentence
from game.client.words.verdict import refused
from game.rules.board import load_board
from game.ui.app import Intent, wake_loop
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.hits import Hit
from game.ui.drawing.panels import player_row
from game.ui.scenes.game.tooltips import Tooltips
from game.ui.widgets.buttons import Button, draw_button
from game.ui.widgets.textentry import TextField, draw_field
from game.ui.widgets.tooltip import tooltip
from net.peer.events import (
    Awaiting,
    Chat,
    Desync,
    EvidenceKept,
    GaveUp,
    Over,
    PeerEvent,
    Refused,
    StillTrying,
    SubmitRefused,
)

DOT = {"you": (120, 170, 255), "direct": (110, 200, 110), "relayed": (230, 200, 90), "bot": (150, 150, 150),
       "silent": (220, 90, 70)}
HOW = {"you": N_("you"), "direct": N_("connected directly"), "relayed": N_("heard through the others"),
       "bot": N_("played by the computer"), "silent": N_("silent")}  # said when shown
CHAT_PREFIX = "\u00bb "  # a chat line in the log


def _ago(ms: int) -> str:
    s = max(0, ms) // 1000
    if s < 120:
        return say("{s} s", s=s)
    seconds = str(s % 60).rjust(2, "0")
    return say("{m} min {s} s", m=s // 60, s=seconds)


def _what(code: str) -> str:
    """What the game waits for a seat to do, by its code (seat, commit, reveal, choice,
    open, end), in words."""
    words = {"seat": say_in("waiting for", "seat"), "commit": say_in("waiting for", "commit"),
             "reveal": say_in("waiting for", "reveal"), "choice": say_in("waiting for", "choice"),
             "open": say_in("waiting for", "open"), "end": say_in("waiting for", "end")}
    return words.get(code, code)


def _power(power: str) -> str:
    """A power named in the language in use (an id the board does not know, in words)."""
    b = load_board("standard")
    return Names(b).power(power) if power in b.power_by_id else power_name(power)


def _who(power: str, name: str) -> str:
    """A seat: its power, and its player's name when it has one."""
    return f"{_power(power)} ({name})" if name else _power(power)


class Online(Tooltips):
    """The network game's additions (see the module docstring)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.net: NetTable | None = self.table if isinstance(self.table, NetTable) else None
        self.chat = TextField("", max_len=280, what="printable characters")
        self.chatting = False  # the chat field takes the keys
        self._chat_at: tuple[pygame.Rect, int] | None = None
        self._strip_hits: list[Hit] = []
        self.waiting_said = ""  # the strip's line of whom the table waits for, as last drawn
        self._overdue: list[Button] = []
        self._alerted = -1  # the step whose turn was announced
        self._links_seen: dict[int, Any] = {}  # each seat's connection as last said
        if self.net is not None:
            self.net.on_news = wake_loop  # a move from the network is drawn as it comes
            self.net.call(lambda p: setattr(p, "auto_drop", False))  # the player chooses: vote or wait

    # ------------------------------------------------------------------ geometry
    def _strip_rect(self) -> pygame.Rect:
        base = super()._log_rect()
        return pygame.Rect(base.x, base.y, base.width, self.px(40))

    def _chat_rect(self) -> pygame.Rect:
        base = super()._log_rect()
        return pygame.Rect(base.x, base.bottom - self.px(26), base.width, self.px(26))

    def _log_rect(self) -> pygame.Rect:
        base = super()._log_rect()
        if self.net is None:
            return base
        top = self.px(44)
        return pygame.Rect(base.x, base.y + top, base.width, base.height - top - self.px(30))

    # ------------------------------------------------------------------ news
    def update(self, dt: float) -> None:
        net = self.net
        if net is not None and net.seat != self.seat:  # the seat became known (the genesis came after the screen)
            self.seat = net.seat
            self._view = (None, {})
            if self.renderer is not None:
                self.renderer.viewer = self.seat
            self.version += 1
        super().update(dt)
        if net is None:
            return
        for event in net.notices():
            self._notice(event)
        self._links_news(net)
        if net.ended == "stopped" and not self.message_time:
            error = net.error
            self.tell(lambda: say("The connection to the game stopped: {error}. Continue from the menu takes it up "
                                  "again.", error=error))
            self.message_time = 3600.0
        if self.picker is not None and self.shown is not None and self._alerted != self.shown.steps:
            self._alerted = self.shown.steps
            self._turn_alert()
        if self.app is not None and (net.waiting() or self._strip_hits):
            self.app.dirty = True  # the clocks in the strip move

    def _links_news(self, net: NetTable) -> None:
        """A seat falling silent, or heard again (its program reconnecting), in the log."""
        now = {c.seat: c for c in net.connections()}
        for seat, c in now.items():
            before = self._links_seen.get(seat)
            if before is None or c.how == before.how or c.how in ("you", "bot"):
                continue
            if c.how == "silent" or before.how == "silent":
                self.log.append(_link_note(c.power, c.name, c.how == "silent"))
        self._links_seen = now

    def _notice(self, event: PeerEvent) -> None:
        """What the peer reports, in words: chat and news in the log; what needs the
        player's eye over the map too."""
        if isinstance(event, Awaiting | Over):
            return
        if isinstance(event, Chat):
            self.log.append(note(lambda: CHAT_PREFIX + sentence(event)))
        elif isinstance(event, SubmitRefused | UndoRefused):
            why, code = refused(event.code, event.text), event.code
            self.tell(lambda: say("Refused: {why} ({code})", why=why, code=code))
            self.awaiting = False
        elif isinstance(event, Stopped):
            error = event.error
            self.tell(lambda: say("The game stopped here: {error}. Continue from the menu takes it up again.",
                                  error=error))
            self.message_time = 3600.0
        elif isinstance(event, Desync):
            self.log.append(note(lambda: sentence(event)))
            self.tell(lambda: sentence(event))
            self.message_time = 3600.0
        elif isinstance(event, Refused | GaveUp | StillTrying | EvidenceKept):
            self.log.append(note(lambda: sentence(event)))
            self.tell(lambda: sentence(event))
        else:  # (a seat connected, a drop voted, and the rest)
            self.log.append(note(lambda: sentence(event)))
        if self.app is not None:
            self.app.dirty = True

    def _turn_alert(self) -> None:
        """The player's turn while the window is in the background: flash it, ring."""
        if self.app is None:
            return
        window = self.app.window
        try:
            focused = bool(window.focused)
        except (AttributeError, pygame.error):
            focused = True
        if focused:
            return
        try:
            window.flash(pygame.FLASH_UNTIL_FOCUSED)
        except (AttributeError, pygame.error):
            pass
        settings = self.app.settings
        if bool(getattr(settings, "turn_alert", True)):
            from game.ui.sound import play

            play("turn", True)

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> bool:
        if self.net is None:
            return super().handle(intent)
        if intent.kind == "click" and intent.button == 1:
            for b in self._overdue:
                if b.rect.collidepoint(intent.pos):
                    self._overdue_choice(b.key)
                    return True
            if self._chat_at is not None and self._chat_at[0].collidepoint(intent.pos):
                self.chatting = True
                self.chat.click(intent.pos[0] - self._chat_at[1], self.px(12))
                return True
            self.chatting = False
        if intent.kind == "key" and self.chatting:
            return self._chat_key(intent)
        if intent.kind == "key" and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self._bidding():
            self.chatting = True
            return True
        return super().handle(intent)

    def _chat_key(self, intent: Intent) -> bool:
        if intent.key == pygame.K_ESCAPE:
            self.chatting = False
        elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            line = self.chat.value.strip()
            if line and self.net is not None:
                done = self.net.chat(line)
                done.add_done_callback(self._chat_sent)
                self.chat.set("")
            else:
                self.chatting = False
        elif self.chat.handles(intent):
            said = self.chat.key(intent)
            if said:
                self.tell(said)
        return True

    def _chat_sent(self, done: Any) -> None:
        """(In the peer thread) a chat line was sent, or why not: said on screen."""
        try:
            why = done.result()
        except Exception as exc:  # noqa: BLE001 - said, never a traceback
            why = str(exc)
        if why:
            self.tell(chat_refusal(why))

    def _overdue_choice(self, key: object) -> None:
        net = self.net
        if net is None:
            return
        if key == "drop":
            net.vote_drop()
            self.tell(lambda: say("You voted to hand the late seats to the computer player; the others vote too."))
        elif key == "wait":
            net.keep_waiting()
            self.tell(lambda: say("You keep waiting for the late seats."))
        self._overdue = []

    # ------------------------------------------------------------------ drawing
    def clock_room(self) -> int:
        """Pixels each player's panel keeps free for its game clock (0: none is shown)."""
        banks = [c.bank for c in self.net.clocks() if c.bank is not None] if self.net is not None else []
        if not banks:
            return 0
        return self.px(80 if max(banks) >= 3_600_000 else 62)  # (h:mm:ss, or m:ss)

    def _clocks(self, surf: pygame.Surface) -> None:
        """Each seat's game clock at the right of its panel's last line."""
        net, room = self.net, self.clock_room()
        rule = net.clock_rule() if net is not None else None
        if net is None or not room or rule is None:
            return
        side = self.side_rect()
        for c in net.clocks():
            r = player_row(side, c.seat, self.s)
            if c.bank is None or r.bottom > side.bottom:
                continue
            chip = pygame.Rect(r.right - self.px(4) - room + self.px(6), r.y + self.px(35), room - self.px(6),
                               self.px(15))
            self._clock_chip(surf, chip, c)
            self._strip_hits.append(Hit(chip, ("clock", str(c.seat)),
                                        clock_tip(_who(c.power, c.name), c.bank, c.running, c.turn, rule)))

    def _clock_chip(self, surf: pygame.Surface, chip: pygame.Rect, c: SeatClock) -> None:
        """A seat's clock: a dial and what is left of its bank, bright while it ticks, red
        under a minute."""
        assert c.bank is not None
        colour = P.BAD if low(c.bank) else P.HIGHLIGHT if c.running else P.TEXT_DIM
        pygame.draw.rect(surf, (24, 20, 16), chip, border_radius=self.px(4))
        if c.running:
            pygame.draw.rect(surf, colour, chip, 1, border_radius=self.px(4))
        centre, radius = (chip.x + self.px(9), chip.centery), self.px(5)
        pygame.draw.circle(surf, colour, centre, radius, 1)
        pygame.draw.line(surf, colour, centre, (centre[0], centre[1] - radius + self.px(2)), 1)
        pygame.draw.line(surf, colour, centre, (centre[0] + radius - self.px(2), centre[1]), 1)
        t = text(clock_time(c.bank), "sans-bold", self.px(12), colour)
        surf.blit(t, t.get_rect(midright=(chip.right - self.px(5), chip.centery)))

    def _online(self, surf: pygame.Surface) -> None:
        """The strip over the log, the chat field under it, the overdue choice over the map."""
        net = self.net
        self._strip_hits = []
        self._overdue = []
        self._chat_at = None
        if net is None or self.shown is None:
            return
        self._clocks(surf)
        r = self._strip_rect()
        pygame.draw.rect(surf, (26, 22, 18), r, border_radius=6)
        pygame.draw.rect(surf, P.PANEL_EDGE, r, 1, border_radius=6)
        x, y = r.x + self.px(6), r.y + self.px(3)
        for c in net.connections():
            chip = pygame.Rect(x, y, self.px(30), self.px(16))
            pygame.draw.rect(surf, P.power(c.power), chip, border_radius=self.px(3))
            t = text(P.letters(c.power), "cond-bold", self.px(10), P.ink(c.power))
            surf.blit(t, t.get_rect(midleft=(chip.x + self.px(3), chip.centery)))
            pygame.draw.circle(surf, (20, 16, 12), (chip.right - self.px(6), chip.centery), self.px(5))
            pygame.draw.circle(surf, DOT[c.how], (chip.right - self.px(6), chip.centery), self.px(4))
            who, how = _who(c.power, c.name), say(HOW[c.how])
            tip = (say("{who}: {how}; last heard {ago} ago", who=who, how=how, ago=_ago(c.heard_ms))
                   if c.heard_ms > 0 and c.how != "you" else say("{who}: {how}", who=who, how=how))
            self._strip_hits.append(Hit(chip, ("link", str(c.seat)), tip))
            x += chip.width + self.px(4)
        right = r.right - self.px(6)
        watching = net.watchers()
        if watching:
            t = text(say_n("{n} watching", "{n} watching", len(watching)), "sans", self.px(11), P.TEXT_DIM)
            right -= t.get_width()
            surf.blit(t, (right, y + self.px(2)))
            self._strip_hits.append(Hit(pygame.Rect(right, y, t.get_width(), t.get_height()), ("watchers", ""),
                                        say("Spectators connected to you: {keys}",
                                            keys=join_list(w.fingerprint for w in watching))))
            right -= self.px(10)
        status, reasons = net.verdict()
        word = say("fair so far") if status == "fair" else say("contested")
        t = text(word, "sans-bold", self.px(11), P.GOOD if status == "fair" else P.BAD)
        right -= t.get_width()
        surf.blit(t, (right, y + self.px(2)))
        why = (say("Every die so far came from the beacon, fed by two or more players' hash chains, and no seat was "
                   "dropped: soe verify would say fair of the log now.") if status == "fair"
               else say("Contested: {reasons}", reasons="; ".join(reasons)))
        self._strip_hits.append(Hit(pygame.Rect(right, y, t.get_width(), t.get_height()), ("verdict", status), why))
        waits = net.waiting()
        line, col = (say("Nobody is waited for") if not net.over else say("The game is over")), P.TEXT_DIM
        if waits:
            w = waits[0]
            late = [x for x in waits if x.overdue and x.seat != self.seat]
            overdue = next((x for x in waits if x.overdue), None)
            line = _waiting_words(_who(w.power, w.name), len(waits) - 1, _what(w.what), _ago(net.waited_ms()),
                                  overdue_why(overdue.bank, short=True) if overdue is not None else "")
            col = P.BAD if any(x.overdue for x in waits) else P.TEXT
            if late and self.seat >= 0:
                self._overdue_buttons(surf, late)
        self.waiting_said = line
        t = self._fitted_line(line, r.width - self.px(12), col)
        surf.blit(t, (r.x + self.px(6), r.y + self.px(22)))
        self._chat_field(surf)

    def _fitted_line(self, words: str, width: int, colour: tuple[int, int, int]) -> pygame.Surface:
        """The strip's line as large as fits its width: condensed, then smaller."""
        size = self.px(11)
        t = text(words, "sans", size, colour)
        while t.get_width() > width and size > self.px(8):
            t = text(words, "cond", size, colour)
            size -= 1
        return t

    def _overdue_buttons(self, surf: pygame.Surface, late: list[Any]) -> None:
        """The choice to hand the late seats to the computer player or keep waiting."""
        names = join_list(_power(w.power) for w in late)
        m = pygame.Rect(self.map_rect())
        box = pygame.Rect(0, 0, min(m.width - self.px(40), self.px(620)), self.px(74))
        box.midbottom = (m.centerx, m.bottom - self.px(10))
        pygame.draw.rect(surf, (34, 24, 20), box, border_radius=8)
        pygame.draw.rect(surf, P.BAD, box, 2, border_radius=8)
        spent = [w.bank is not None and w.bank <= 0 for w in late]
        said = (say("{powers} ran out of game clock time.", powers=names) if all(spent) else
                say("{powers} kept the game waiting past its timeout.", powers=names) if not any(spent) else
                say("{powers} kept the game waiting past its timeout or ran out of game clock time.", powers=names))
        t = text(said, "sans-bold", self.px(13), P.TEXT)
        surf.blit(t, (box.x + self.px(10), box.y + self.px(6)))
        bw = (box.width - self.px(30)) // 2
        drop = Button(pygame.Rect(box.x + self.px(10), box.y + self.px(32), bw, self.px(32)),
                      say("Hand it to the computer player"), "drop")
        wait = Button(pygame.Rect(drop.rect.right + self.px(10), drop.rect.y, bw, self.px(32)), say("Keep waiting"),
                      "wait")
        drop.tip = say("Vote to let a computer player take the late seats: it happens when every other player votes "
                       "so (R: a drop needs everyone's vote)")
        wait.tip = say("Wait for them: you will not vote them out now")
        self._overdue = [drop, wait]
        for b in self._overdue:
            draw_button(surf, b, self.mouse, self.px(13))

    def _chat_field(self, surf: pygame.Surface) -> None:
        r = self._chat_rect()
        hint = say("Enter to chat") if not self.chatting else say("Enter sends, Esc leaves")
        self._chat_at = (r, draw_field(surf, r, say("Say"), self.chat, self.px(12), focused=self.chatting,
                                       suffix=hint))

    def _online_tip(self, surf: pygame.Surface) -> bool:
        for h in self._strip_hits:
            if h.rect.collidepoint(self.mouse):
                tooltip(surf, h.tip, self.mouse, self.px(12))
                return True
        for b in self._overdue:
            if b.rect.collidepoint(self.mouse) and b.tip:
                tooltip(surf, b.tip, self.mouse, self.px(12))
                return True
        return False


def _link_note(power: str, name: str, silent: bool) -> LogLine:
    """The log's line of a seat falling silent, or heard again."""
    if silent:
        return note(lambda: say("{who} is silent: its program may have stopped; the game waits for it",
                                who=_who(power, name)), powers=[power])
    return note(lambda: say("{who} is connected again", who=_who(power, name)), powers=[power])


def _waiting_words(who: str, more: int, what: str, ago: str, why: str) -> str:
    """Whom the game waits for (and how many more), what for, since when, and why a seat is
    overdue ("" while none is: out of time on its game clock, or past the timeout)."""
    if more and why:
        return say_n("Waiting for {who} and {n} more: {what}, for {ago} ({why})",
                     "Waiting for {who} and {n} more: {what}, for {ago} ({why})", more, who=who, what=what, ago=ago,
                     why=why)
    if more:
        return say_n("Waiting for {who} and {n} more: {what}, for {ago}", "Waiting for {who} and {n} more: {what}, for {ago}",
                     more, who=who, what=what, ago=ago)
    if why:
        return say("Waiting for {who}: {what}, for {ago} ({why})", who=who, what=what, ago=ago, why=why)
    return say("Waiting for {who}: {what}, for {ago}", who=who, what=what, ago=ago)
