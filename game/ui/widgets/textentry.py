"""Text entry for the window's two small fields (the player's name in Settings, the
amount of a bid or an offer in the game): typing, a caret that moves, select all, delete,
copy and paste with the system clipboard, filtered to what the field accepts.

Written by hand rather than with a form library: two small fields do not justify a new
dependency, and pygame-ce's own clipboard (``pygame.scrap``) and key events are all
they need."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client.words.lang import N_, say, say_n
from game.ui.app import Intent

#: Ctrl on most systems, Cmd (the GUI key) on macOS
COMMAND = pygame.KMOD_CTRL | pygame.KMOD_GUI


def digits(ch: str) -> bool:
    return ch in "0123456789"


def printable(ch: str) -> bool:
    return ch.isprintable()


def clipboard_text() -> tuple[str, str]:
    """The system clipboard's text, or ``("", why not)`` when there is none or the
    platform (a headless display) offers no clipboard."""
    try:
        import pygame.scrap as scrap

        if not scrap.has_text():
            return "", say("The clipboard holds no text to paste.")
        got = scrap.get_text()
    except (pygame.error, NotImplementedError, AttributeError, OSError, ImportError) as exc:
        return "", say("Paste is not available here (no clipboard: {reason}).", reason=exc)
    if not got:
        return "", say("The clipboard holds no text to paste.")
    return got, ""


def put_clipboard(s: str) -> str:
    """Put text on the system clipboard: '' or why not."""
    try:
        import pygame.scrap as scrap

        scrap.put_text(s)
    except (pygame.error, NotImplementedError, AttributeError, OSError, ImportError) as exc:
        return say("Copy is not available here (no clipboard: {reason}).", reason=exc)
    return ""


class TextField:
    """A one-line field: ``value``, the ``caret`` (a position in it) and whether all of it
    is selected (typing or pasting then replaces it, Backspace clears it).

    ``key(intent)`` takes a key press and returns a message for the screen ('' when
    there is nothing to say): what a paste left out, or why it could not paste."""

    def __init__(self, value: str = "", *, max_len: int = 24, accept: Callable[[str], bool] = printable,
                 what: str = N_("characters")) -> None:
        self.max_len = max_len
        self.accept = accept
        self.what = what  # the characters it takes, in words ("digits"): a message id, said when shown
        self.value = ""
        self.caret = 0
        self.selected = False
        self.set(value)

    def set(self, value: str) -> None:
        self.value = "".join(ch for ch in value if self.accept(ch))[: self.max_len]
        self.caret = len(self.value)
        self.selected = False

    def handles(self, intent: Intent) -> bool:
        """Whether a key press is one the field acts on (typing, editing, paste)."""
        if intent.kind != "key":
            return False
        k, cmd = intent.key, bool(intent.mod & COMMAND)
        if cmd and k in (pygame.K_v, pygame.K_a, pygame.K_c):
            return True
        if k == pygame.K_INSERT and intent.mod & pygame.KMOD_SHIFT:
            return True
        if k in (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            return True
        return not cmd and len(intent.text) == 1 and self.accept(intent.text)

    def key(self, intent: Intent) -> str:
        k, cmd = intent.key, bool(intent.mod & COMMAND)
        if cmd and k == pygame.K_v or k == pygame.K_INSERT and intent.mod & pygame.KMOD_SHIFT:
            return self.paste()
        if cmd and k == pygame.K_a:
            self.selected = bool(self.value)
            self.caret = len(self.value)
            return ""
        if cmd and k == pygame.K_c:
            return put_clipboard(self.value) if self.value else ""
        if k == pygame.K_BACKSPACE:
            if self.selected:
                self.set("")
            elif self.caret > 0:
                self.value = self.value[: self.caret - 1] + self.value[self.caret:]
                self.caret -= 1
            return ""
        if k == pygame.K_DELETE:
            if self.selected:
                self.set("")
            else:
                self.value = self.value[: self.caret] + self.value[self.caret + 1:]
            return ""
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(k)
            if self.selected:
                self.caret = 0 if k in (pygame.K_LEFT, pygame.K_HOME) else len(self.value)
            elif step is None:
                self.caret = 0 if k == pygame.K_HOME else len(self.value)
            else:
                self.caret = max(0, min(len(self.value), self.caret + step))
            self.selected = False
            return ""
        if not cmd and intent.text:
            return self.insert(intent.text)
        return ""

    def click(self, dx: int, size: int) -> None:
        """A click ``dx`` pixels right of where the text starts (drawn in bold at ``size``):
        the caret to the nearest gap between characters, the selection dropped."""
        from game.ui.drawing.assets import font

        f = font("sans-bold", size)
        best, where = 0, abs(dx)
        for i in range(1, len(self.value) + 1):
            d = abs(f.size(self.value[:i])[0] - dx)
            if d < where:
                best, where = i, d
        self.caret, self.selected = best, False

    def insert(self, s: str) -> str:
        """Put ``s`` at the caret (in place of the selection), keeping only what the field
        accepts and what fits; says what was left out."""
        s = s.replace("\r\n", " ").replace("\n", " ").replace("\t", " ")
        kept = "".join(ch for ch in s if self.accept(ch))
        if self.selected:
            self.value, self.caret, self.selected = "", 0, False
        room = self.max_len - len(self.value)
        put = kept[: max(0, room)]
        self.value = self.value[: self.caret] + put + self.value[self.caret:]
        self.caret += len(put)
        if len(s) <= 1 or len(kept) == len(s) and len(put) == len(kept):
            return ""
        what = say(self.what)
        if len(kept) < len(s) and len(put) < len(kept):
            return say_n("Pasted what the field takes: only {what} are taken here; at most {n} fits.",
                         "Pasted what the field takes: only {what} are taken here; at most {n} fit.", self.max_len,
                         what=what)
        if len(kept) < len(s):
            return say("Pasted what the field takes: only {what} are taken here.", what=what)
        return say_n("Pasted what the field takes: at most {n} fits.", "Pasted what the field takes: at most {n} fit.",
                     self.max_len)

    def paste(self) -> str:
        got, why = clipboard_text()
        if why:
            return why
        note = self.insert(got)
        if not any(self.accept(ch) for ch in got):
            return say("Nothing pasted: the clipboard holds no {what}.", what=say(self.what))
        return note


def draw_field(surf: pygame.Surface, rect: pygame.Rect, label: str, field: TextField, size: int,
               focused: bool = True, suffix: str = "") -> int:
    """The field as a box: its label, its text (highlighted when all selected), a steady
    caret where the next character goes, and an optional note after the text. Returns
    where the text starts (for a click to place the caret)."""
    from game.ui.drawing import palette as P
    from game.ui.drawing.assets import font, text

    pygame.draw.rect(surf, (20, 16, 12), rect.move(0, 2), border_radius=6)
    pygame.draw.rect(surf, (246, 236, 210), rect, border_radius=6)
    pygame.draw.rect(surf, P.HIGHLIGHT if focused else (200, 170, 120), rect, 2, border_radius=6)
    f = font("sans-bold", size)
    x = rect.x + size // 2
    lab = text(label, "sans-bold", size, (90, 70, 50)) if label else None
    if lab is not None:
        surf.blit(lab, (x, rect.centery - lab.get_height() // 2))
        x += lab.get_width() + size // 2
    h = f.get_height()
    top = rect.centery - h // 2
    if field.value:
        t = text(field.value, "sans-bold", size, (30, 24, 16))
        if field.selected:
            pygame.draw.rect(surf, (150, 190, 240), pygame.Rect(x - 1, top, t.get_width() + 2, h))
        surf.blit(t, (x, top))
    if focused:
        cx = x + f.size(field.value[: field.caret])[0]
        pygame.draw.line(surf, (30, 24, 16), (cx, top + 1), (cx, top + h - 2), 2)
    if suffix:
        st = text(suffix, "sans", max(8, size - 3), (110, 95, 75))
        right = x + f.size(field.value)[0] + size
        if right + st.get_width() <= rect.right - size // 2:
            surf.blit(st, (right, rect.centery - st.get_height() // 2))
    return x
