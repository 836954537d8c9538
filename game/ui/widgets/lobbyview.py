"""What the network scenes (hosting, joining, watching) draw alike: several text fields on
one form with one focused (:class:`FieldSet`), a long field that scrolls to its caret (an
invite), wrapped lines, a key fingerprint large on a plate, an invite broken over lines,
the seats of a lobby, and a line of news in its colour."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.client.netlobby import JoinRoom
from game.client.words.lobby import capital, power_name, t
from game.ui.app import Intent
from game.ui.drawing import palette as P
from game.ui.drawing.assets import font, text, wrap
from game.ui.widgets.textentry import TextField, draw_field

GOOD = (170, 230, 160)  # a line that says all is well
WAIT = (240, 214, 150)  # a line that says what is under way
BAD = (255, 170, 150)  # a line that says what went wrong
FIELD_TEXT = (30, 24, 16)


class FieldSet:
    """The text fields of a form by key: one has the focus (a click on its box, or Tab,
    moves it); key presses go to it. ``draw`` puts a field on screen and remembers where,
    for clicks."""

    def __init__(self) -> None:
        self.fields: dict[str, TextField] = {}
        self.focus = ""
        self.where: dict[str, tuple[pygame.Rect, int, int]] = {}  # key -> box, where its text starts, scroll

    def add(self, key: str, field: TextField) -> TextField:
        self.fields[key] = field
        if not self.focus:
            self.focus = key
        return field

    def value(self, key: str) -> str:
        return self.fields[key].value

    def key(self, intent: Intent) -> str | None:
        """A key press for the focused field (Tab moves the focus on): its message for
        the screen ("" when none), or None when no field takes this key."""
        if intent.kind != "key":
            return None
        if intent.key == pygame.K_TAB and self.fields:
            keys = list(self.fields)
            step = -1 if intent.mod & pygame.KMOD_SHIFT else 1
            self.focus = keys[(keys.index(self.focus) + step) % len(keys)] if self.focus in keys else keys[0]
            return ""
        f = self.fields.get(self.focus)
        if f is None or not f.handles(intent):
            return None
        return f.key(intent)

    def click(self, pos: tuple[int, int], size: int) -> bool:
        """A click on a field's box: the focus to it, the caret where the click was."""
        for k, (rect, x, scroll) in self.where.items():
            if rect.collidepoint(pos):
                self.focus = k
                self.fields[k].click(pos[0] - x + scroll, size)
                return True
        return False

    def draw(self, surf: pygame.Surface, key: str, rect: pygame.Rect, label: str, size: int, suffix: str = "",
             placeholder: str = "") -> None:
        f = self.fields[key]
        focused = key == self.focus
        if f.value and font("sans-bold", size).size(f.value)[0] > rect.width - size * 2 - _label_w(label, size):
            x, scroll = draw_long_field(surf, rect, label, f, size, focused)
        else:
            x = draw_field(surf, rect, label, f, size, focused, suffix)
            scroll = 0
            if not f.value and placeholder:
                ph = text(placeholder, "sans", max(10, size - 2), (130, 115, 95))
                surf.blit(ph, (x + size // 3, rect.centery - ph.get_height() // 2))
        self.where[key] = (rect, x, scroll)


def _label_w(label: str, size: int) -> int:
    return font("sans-bold", size).size(label)[0] + size // 2 if label else 0


def draw_long_field(surf: pygame.Surface, rect: pygame.Rect, label: str, field: TextField, size: int,
                    focused: bool) -> tuple[int, int]:
    """A field whose text is wider than its box: the text scrolled so that the caret shows,
    clipped to the box. Returns where the text starts and how far it is scrolled."""
    pygame.draw.rect(surf, (20, 16, 12), rect.move(0, 2), border_radius=6)
    pygame.draw.rect(surf, (246, 236, 210), rect, border_radius=6)
    pygame.draw.rect(surf, P.HIGHLIGHT if focused else (200, 170, 120), rect, 2, border_radius=6)
    f = font("sans-bold", size)
    x = rect.x + size // 2
    if label:
        lab = text(label, "sans-bold", size, (90, 70, 50))
        surf.blit(lab, (x, rect.centery - lab.get_height() // 2))
        x += lab.get_width() + size // 2
    inner = pygame.Rect(x, rect.y + 2, rect.right - size // 2 - x, rect.height - 4)
    caret_x = f.size(field.value[: field.caret])[0]
    scroll = max(0, caret_x - inner.width + size)
    clip = surf.get_clip()
    surf.set_clip(inner.clip(clip) if clip else inner)
    h = f.get_height()
    top = rect.centery - h // 2
    t = text(field.value, "sans-bold", size, FIELD_TEXT)
    if field.selected:
        pygame.draw.rect(surf, (150, 190, 240), pygame.Rect(x - scroll - 1, top, t.get_width() + 2, h))
    surf.blit(t, (x - scroll, top))
    if focused:
        cx = x - scroll + caret_x
        pygame.draw.line(surf, FIELD_TEXT, (cx, top + 1), (cx, top + h - 2), 2)
    surf.set_clip(clip)
    return x, scroll


def lines(surf: pygame.Surface, words: str, pos: tuple[int, int], width: int, face: str, size: int,
          colour: P.Colour, *, centre: bool = False, most: int = 0) -> int:
    """``words`` wrapped to ``width`` from ``pos`` (its top left, or top middle when
    ``centre``), at most ``most`` lines (0: all; the last one cut short with an ellipsis);
    returns the bottom."""
    x, y = pos
    out = wrap(words, face, size, width)
    if most and len(out) > most:
        out = out[:most]
        out[-1] = out[-1][: max(1, len(out[-1]) - 2)] + "\u2026"
    for line in out:
        s = text(line, face, size, colour)
        surf.blit(s, s.get_rect(midtop=(x, y)) if centre else (x, y))
        y += s.get_height()
    return y


def char_lines(s: str, face: str, size: int, width: int) -> list[str]:
    """``s`` (one long word: an invite) broken at any character into lines no wider than ``width``."""
    f = font(face, size)
    out: list[str] = []
    line = ""
    for ch in s:
        if line and f.size(line + ch)[0] > width:
            out.append(line)
            line = ""
        line += ch
    return [*out, line] if line else out


def invite_box(surf: pygame.Surface, rect: pygame.Rect, invite: str, size: int) -> int:
    """The invite in full on a light box, broken over as many lines as it needs; returns
    the box's bottom (its height grows with the lines)."""
    pad = size // 2
    rows = char_lines(invite, "cond-bold", size, rect.width - 2 * pad)
    h = len(rows) * font("cond-bold", size).get_linesize() + 2 * pad
    box = pygame.Rect(rect.x, rect.y, rect.width, h)
    pygame.draw.rect(surf, (246, 236, 210), box, border_radius=6)
    pygame.draw.rect(surf, (200, 170, 120), box, 1, border_radius=6)
    y = box.y + pad
    for row in rows:
        s = text(row, "cond-bold", size, FIELD_TEXT)
        surf.blit(s, (box.x + pad, y))
        y += font("cond-bold", size).get_linesize()
    return box.bottom


def fingerprint_plate(surf: pygame.Surface, rect: pygame.Rect, fp: str, size: int) -> None:
    """A key fingerprint large and clear on a parchment plate (read aloud and compared)."""
    pygame.draw.rect(surf, (20, 16, 12), rect.move(0, 3), border_radius=8)
    pygame.draw.rect(surf, P.PARCHMENT, rect, border_radius=8)
    pygame.draw.rect(surf, P.GOLD, rect, 2, border_radius=8)
    s = text(fp or "\u2026", "sans-bold", size, P.INK)
    if s.get_width() > rect.width - size:
        s = text(fp, "cond-bold", size, P.INK)
    surf.blit(s, s.get_rect(center=rect.center))


def seat_table(surf: pygame.Surface, rect: pygame.Rect, rows: Sequence[tuple[str, str, str, str, bool, bool]],
               size: int) -> int:
    """The seats of a lobby, one a row: the power's colour and name, who sits there (a
    free seat's word dimmed) and the key's fingerprint when known; the viewer's own seat
    lit. ``rows``: (power id, power name, who, fingerprint, own, taken). Returns the bottom."""
    row_h = size * 2
    y = rect.y
    for pid, power, who, fp, own, taken in rows:
        r = pygame.Rect(rect.x, y, rect.width, row_h - 4)
        pygame.draw.rect(surf, (64, 56, 46) if own else (44, 38, 32), r, border_radius=5)
        if own:
            pygame.draw.rect(surf, P.HIGHLIGHT, r, 1, border_radius=5)
        chip = pygame.Rect(r.x + 6, r.y + 5, size, r.height - 10)
        pygame.draw.rect(surf, P.power(pid), chip, border_radius=3)
        pygame.draw.rect(surf, (20, 16, 12), chip, 1, border_radius=3)
        x = chip.right + size // 2
        name = _fit(power, "sans-bold", size, P.TEXT, r.width * 3 // 10)
        surf.blit(name, (x, r.centery - name.get_height() // 2))
        x = r.x + r.width * 3 // 10 + size * 2
        free = not taken
        who_s = _fit(who, "sans" if free else "sans-bold", size, P.TEXT_DIM if free else P.BUTTON_TEXT,
                     r.right - x - (size * 10 if fp else size))
        surf.blit(who_s, (x, r.centery - who_s.get_height() // 2))
        if fp:
            f = text(fp, "cond-bold", size, GOOD if own else (200, 220, 240))
            surf.blit(f, f.get_rect(midright=(r.right - size // 2, r.centery)))
        y += row_h
    return y


def news_line(surf: pygame.Surface, rect: pygame.Rect, words: str, colour: P.Colour, size: int) -> None:
    """A line of news on a dark band (what the screen is doing, or why it cannot)."""
    band = pygame.Surface(rect.size, pygame.SRCALPHA)
    band.fill((20, 16, 12, 200))
    surf.blit(band, rect)
    pygame.draw.rect(surf, colour, rect, 1, border_radius=6)
    most = max(1, (rect.height - size // 2) // font("sans-bold", size).get_linesize())
    n = min(most, len(wrap(words, "sans-bold", size, rect.width - size)))
    top = rect.centery - n * font("sans-bold", size).get_linesize() // 2
    lines(surf, words, (rect.centerx, top), rect.width - size, "sans-bold", size, colour, centre=True, most=most)


def _fit(words: str, face: str, size: int, colour: P.Colour, width: int) -> pygame.Surface:
    """``words`` in one line no wider than ``width``: condensed if need be, then cut short."""
    s = text(words, face, size, colour)
    if s.get_width() <= width:
        return s
    face = "cond-bold" if "bold" in face else "cond"
    s = text(words, face, size, colour)
    cut = words
    while s.get_width() > width and len(cut) > 4:
        cut = cut[:-2]
        s = text(cut + "\u2026", face, size, colour)
    return s


fit = _fit


def phase_words(room: JoinRoom) -> tuple[str, P.Colour]:
    """What a joiner's or a spectator's lobby says of where it is, and in what colour."""
    s = room.state
    inv = room.invite
    if s.over:
        return capital(s.said), BAD
    if s.phase == "opening":
        return t("join_opening"), WAIT
    if s.phase == "connecting":
        return t("connecting", where=f"{inv.host}:{inv.port}"), WAIT
    if s.phase == "trying":
        return capital(s.said), WAIT
    if s.phase == "seated":
        return t("seated_wait", power=power_name(s.power)), GOOD
    if s.phase == "started":
        return t("started"), GOOD
    return t("watch_connected" if room.watch else "connected"), GOOD
