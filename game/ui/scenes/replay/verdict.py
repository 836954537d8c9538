"""The replay's verdict and notes over its game screen: the verdict of the file's
verification at the foot of the side column, under the log (which the game screen
shortens for it: never over the map), its reasons shown or hidden (v), and, when the
replay reaches a marked point, what happened there."""

from __future__ import annotations

import pygame

from game.client.gamefile import GameFile, Mark, Verdict
from game.client.words.lang import N_, say
from game.ui.app import ScaledScene
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text, wrap
from game.ui.gamescreen import GameScreen

STATUS_COLOUR = {"fair": P.GOOD, "contested": (226, 160, 40), "incomplete": P.BAD, "failed": P.BAD,
                 "local": P.TEXT_DIM}

# how each kind of marked point looks on the timeline: colour, shape (a triangle over the
# bar, a diamond over it, or a peak under it with a band from there to the stretch's end)
# and its words in the legend
MARK_STYLE: dict[str, tuple[P.Colour, str, str]] = {  # (the legend's words said when shown)
    "drop": ((226, 160, 40), "triangle", N_("orange \u25bc a seat dropped")),
    "withheld": (P.BAD, "triangle", N_("red \u25bc a withheld reveal, or where the file fails")),
    "failure": (P.BAD, "triangle", N_("red \u25bc a withheld reveal, or where the file fails")),
    "resign": ((120, 176, 240), "diamond", N_("blue \u25c6 a seat resigned")),
    "unwitnessed": ((190, 120, 240), "band", N_("violet \u25b2 and band under the bar: unwitnessed dice")),
    "branch": ((120, 210, 140), "diamond", N_("green \u25c6 where this game was played on from another")),
}



def headline(v: Verdict) -> str:
    """The verdict's headline in the language in use, by its status."""
    words = {"local": say("A local game against computer players"), "fair": say("Verified: fair"),
             "contested": say("Verified: CONTESTED"), "incomplete": say("Verified: INCOMPLETE"),
             "failed": say("Verification FAILED")}
    return words.get(v.status, v.headline)


class VerdictNotes(ScaledScene):
    """The verdict box and the notes of marked points (see the module docstring)."""

    file: GameFile
    scene: GameScreen
    show_verdict: bool
    verdict_rect: pygame.Rect
    mark_hits: list[tuple[pygame.Rect, str]]
    drawn: list[str]  # the words the last frame showed (verdict, notes, counter), for tests
    marks_at: dict[int, list[Mark]]
    note: list[Mark]
    note_time: float

    def strip_rect(self) -> pygame.Rect:
        raise NotImplementedError

    def shown(self) -> int:
        raise NotImplementedError

    def _dirty(self) -> None:
        raise NotImplementedError

    def verdict_layout(self) -> tuple[pygame.Rect, list[str], list[str], str]:
        """Where the verdict goes, never over the map: at the foot of the side column, under
        the log (which the game screen shortens for it, :meth:`_keep_room`); its headline's
        lines, its reasons' lines when open (as many as leave the log room to be read), and
        the reasons left out or cut short ("" when none)."""
        v: Verdict = self.file.verdict
        space = self.scene.log_space()
        width = space.width - self.px(24)
        head = wrap(headline(v), "sans-bold", self.px(15), width - self._hint_width())
        lh, hh = self._line_height(), text("Ag", "sans-bold", self.px(15), P.TEXT).get_height()
        room = max(1, min(16, (space.height - self.px(120) - len(head) * hh - self.px(16)) // lh))  # the log keeps some
        lines: list[str] = []
        rest = ""
        for i, reason in enumerate(v.reasons if self.show_verdict else ()):
            got = wrap(reason, "sans", self.px(12), width)
            if len(lines) + len(got) > room:
                rest = " ".join(v.reasons[i:])
                lines += got[:room - len(lines)]
                if lines:
                    lines[-1] = _ellipsis(lines[-1], self.px(12), width)
                break
            lines += got
        height = len(head) * hh + self.px(10) + len(lines) * lh + (self.px(6) if lines else 0)
        return pygame.Rect(space.x, space.bottom - height, space.width, height), head, lines, rest

    def _hint_width(self) -> int:
        return max(text(w, "sans", self.px(12), P.TEXT_DIM).get_width() for w in (say("\u25be hide (v)"),
                                                                                    say("\u25b8 why (v)")))

    def _line_height(self) -> int:
        return text("Ag", "sans", self.px(12), P.TEXT).get_height()

    def _keep_room(self) -> None:
        """Have the game screen keep the verdict's place free under its log, and the controls'
        at the foot of its prompt bar."""
        if getattr(self, "scene", None) is None:
            return
        room = self.verdict_layout()[0].height + self.px(6)
        bar = self.strip_rect().height  # (the controls lie over the prompt bar's foot)
        if self.scene.log_room != room or self.scene.bar_room != bar:
            self.scene.log_room, self.scene.bar_room = room, bar
            self._dirty()

    def toggle_verdict(self) -> None:
        """Show or hide the verdict's reasons (the log takes or gives back their room)."""
        self.show_verdict = not self.show_verdict
        self._keep_room()
        self._dirty()

    def _verdict_box(self, surf: pygame.Surface) -> None:
        v: Verdict = self.file.verdict
        self._keep_room()  # (the game screen drew this frame with it: a change shows from the next)
        r, head, lines, rest = self.verdict_layout()
        colour = STATUS_COLOUR.get(v.status, P.PANEL_EDGE)
        self.drawn.append(headline(v))
        if self.show_verdict:
            self.drawn += list(v.reasons[:16])
        pygame.draw.rect(surf, (24, 20, 16), r, border_radius=6)
        pygame.draw.rect(surf, colour, r, 2, border_radius=6)
        y = r.y + self.px(5)
        for line in head:
            t = text(line, "sans-bold", self.px(15), STATUS_COLOUR.get(v.status, P.TEXT))
            surf.blit(t, (r.x + self.px(10), y))
            y += t.get_height()
        if v.reasons:
            hint = text(say("\u25be hide (v)") if self.show_verdict else say("\u25b8 why (v)"), "sans", self.px(12),
                        P.TEXT_DIM)
            surf.blit(hint, hint.get_rect(topright=(r.right - self.px(10), r.y + self.px(8))))
        y += self.px(3)
        for line in lines:
            surf.blit(text(line, "sans", self.px(12), P.TEXT), (r.x + self.px(12), y))
            y += self._line_height()
        self.verdict_rect = r
        if rest:  # what the box has no room for, under the mouse
            self.mark_hits.append((r, rest))

    def _note(self, surf: pygame.Surface) -> None:
        """What happened at a marked point, while the replay is there (and a while after)."""
        k = self.shown()
        marks = self.marks_at.get(k, []) or (self.note if self.note_time > 0 else [])
        if not marks:
            return
        notes = [m.text for m in marks]
        self.drawn += notes
        s = self.strip_rect()
        width = min(s.width - self.px(40), self.px(760))
        lines = [line for n in notes for line in wrap(n, "sans-bold", self.px(13), width - self.px(20))][:8]
        lh = text("Ag", "sans-bold", self.px(13), P.TEXT).get_height()
        r = pygame.Rect(0, 0, width, len(lines) * lh + self.px(14))
        r.midbottom = (s.centerx, s.y - self.px(8))
        plain = all(m.kind in ("resign", "branch") for m in marks)  # no contested point: not in alarm colours
        pygame.draw.rect(surf, (20, 30, 48) if plain else (48, 20, 16), r, border_radius=6)
        pygame.draw.rect(surf, MARK_STYLE["resign"][0] if plain else P.BAD, r, 2, border_radius=6)
        y = r.y + self.px(7)
        for line in lines:
            surf.blit(text(line, "sans-bold", self.px(13), (214, 228, 255) if plain else (255, 214, 190)),
                      (r.x + self.px(10), y))
            y += lh


def _ellipsis(line: str, size: int, width: int) -> str:
    """``line`` ending with an ellipsis, words dropped until it fits ``width``."""
    words = line.split(" ")
    while len(words) > 1 and text(" ".join(words) + " \u2026", "sans", size, P.TEXT).get_width() > width:
        words.pop()
    return " ".join(words) + " \u2026"
