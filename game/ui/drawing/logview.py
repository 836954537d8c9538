"""The log panel of the game screen: the newest lines at the bottom, a header for each
war, round and turn, every power's name on a tag of its colour, a battle as one block
(both sides' totals with their dice drawn as dice), an area's scoring in gold; above the
lines, one tag per power that filters the log to the lines naming it.

Each line is rendered once to a surface (:class:`LogLines`, least recently used dropped
first), so a whole game's log scrolls as fast as a short one. What it drew where is
returned as hits: ``("logline", index)`` for a line, ``("logfilter", power)`` for a tag."""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Sequence

import pygame

from game.client.gamefile import NOTE
from game.client.logbook import kind_of, now, segments, shows
from game.client.words.lang import language, say
from game.client.words.names import Names
from game.rules.board import Board
from game.ui.drawing import palette as P
from game.ui.drawing.assets import font, text
from game.ui.drawing.cards import die
from game.ui.drawing.hits import Hit

BACK = (26, 22, 18)
WAR_BAND = (86, 66, 30)
BATTLE_BACK = (44, 30, 26)
BATTLE_EDGE = (186, 64, 50)
SCORE_TEXT = (236, 200, 110)
OLD_TEXT = (205, 196, 178)
_WORDS = re.compile(r"\S+\s*|\s+")
_CLINGS = tuple(",.;:!?)»")  # a row never begins with these: they stay with the piece before them


def _px(s: float) -> Callable[[float], int]:
    def px(x: float) -> int:
        return max(1, round(x * s))
    return px


def flow(line: str, board: Board, face: str, size: int, width: int, pad: int) -> list[list[tuple[str, str]]]:
    """``line`` broken into rows no wider than ``width``: each row a list of (words, power)
    pieces, a power's name kept whole (it is drawn on a tag ``pad`` wider each side). A
    comma, a full stop or the like that would begin a row takes the piece before it along
    (", France" never starts a row after "Great Britain" on the row above)."""
    f = font(face, size)

    def wide(tok: str, pid: str) -> int:
        return f.size(tok)[0] + (2 * pad if pid else 0)

    rows: list[list[tuple[str, str]]] = [[]]
    x = 0
    for words, pid in segments(line, board):
        tokens = [words] if pid else _WORDS.findall(words)
        for tok in tokens:
            w = f.size(tok.rstrip())[0] + (2 * pad if pid else 0)
            if x and x + w > width:
                carried = [rows[-1].pop()] if not pid and tok.startswith(_CLINGS) and len(rows[-1]) > 1 else []
                rows.append(carried)
                x = sum(wide(t, p) for t, p in carried)
                tok = tok if pid or carried else tok.lstrip()
                if not tok:
                    continue
            rows[-1].append((tok, pid))
            x += wide(tok, pid)
    return [r for r in rows if r] or [[("", "")]]


def _draw_row(surf: pygame.Surface, row: list[tuple[str, str]], x: int, y: int, face: str, size: int,
              colour: P.Colour, pad: int) -> int:
    """One row of pieces from (x, y); plain words in ``colour``, names on their power's tag.
    Returns where it ended."""
    plain = ""

    def flush(x: int) -> int:
        nonlocal plain
        if plain:
            t = text(plain, face, size, colour)
            surf.blit(t, (x, y))
            x += t.get_width()
            plain = ""
        return x

    for words, pid in row:
        if not pid:
            plain += words
            continue
        x = flush(x)
        name = words.rstrip()
        t = text(name, face, size, P.ink(pid))
        tag = pygame.Rect(x, y, t.get_width() + 2 * pad, t.get_height())
        pygame.draw.rect(surf, P.power(pid), tag, border_radius=max(2, pad))
        if pid == "prussia":  # black on the dark panel: an edge so its tag stands out
            pygame.draw.rect(surf, (150, 150, 160), tag, 1, border_radius=max(2, pad))
        surf.blit(t, (x + pad, y))
        x = tag.right + font(face, size).size(words[len(name):])[0]
    return flush(x)


def render_line(line: str, board: Board, size: int, width: int, newest: bool) -> pygame.Surface:
    """The surface of one log line, ``width`` wide (see the module docstring)."""
    px = _px(size / 11)
    kind = kind_of(line)
    pad = px(3)
    lh = font("sans", size).get_linesize()
    colour = (255, 150, 120) if line.startswith(NOTE) else P.TEXT if newest else OLD_TEXT
    if kind == "war":
        t = text(line, "sans-bold", size + px(1), P.HIGHLIGHT)
        surf = pygame.Surface((width, t.get_height() + px(8)), pygame.SRCALPHA)
        pygame.draw.rect(surf, WAR_BAND, surf.get_rect(), border_radius=px(4))
        surf.blit(t, t.get_rect(center=surf.get_rect().center))
        return surf
    if kind == "round":
        t = text(line, "sans-bold", size, P.TEXT_DIM)
        surf = pygame.Surface((width, t.get_height() + px(4)), pygame.SRCALPHA)
        r = t.get_rect(center=surf.get_rect().center)
        surf.blit(t, r)
        for a, b in ((px(2), r.x - px(6)), (r.right + px(6), width - px(2))):
            if b > a:
                pygame.draw.line(surf, P.PANEL_EDGE, (a, r.centery), (b, r.centery))
        return surf
    face = "sans-bold" if kind in ("turn", "battle") else "sans"
    if kind == "score":
        colour = SCORE_TEXT
    indent = px(8) if kind == "battle" else 0
    rows = flow(line, board, face, size, width - indent - px(4), pad)
    sides = getattr(line, "sides", ()) if kind == "battle" else ()
    die_size = lh + px(3)
    row_h = die_size + px(3)
    height = lh * len(rows) + row_h * len(sides) + (px(6) if kind in ("battle", "turn") else 0)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    y = px(3) if kind in ("battle", "turn") else 0
    if kind == "battle":
        pygame.draw.rect(surf, BATTLE_BACK, surf.get_rect(), border_radius=px(4))
        pygame.draw.rect(surf, BATTLE_EDGE, (0, 0, px(3), height), border_radius=px(2))
    for k, row in enumerate(rows):
        _draw_row(surf, row, indent + (px(8) if k else 0), y, face, size, colour, pad)
        y += lh
    name_w = max((font("sans", size).size(sd.name)[0] + 2 * pad for sd in sides), default=0)
    for side in sides:  # Austria  8  [5][1]  strength 5 + 4
        x = indent + px(8)
        mid = y + row_h // 2
        name = [(side.name, side.power)] if side.power else [(side.name, "")]
        _draw_row(surf, name, x, mid - lh // 2, "sans", size, colour, pad)
        x += name_w + px(6)
        total = text(str(side.total), "sans-bold", size + px(2), P.TEXT)
        surf.blit(total, total.get_rect(midleft=(x, mid)))
        x += max(total.get_width(), text("88", "sans-bold", size + px(2), P.TEXT).get_width()) + px(6)
        for v in side.dice:
            die(surf, pygame.Rect(x, mid - die_size // 2 - px(1), die_size, die_size), v, (250, 246, 236))
            x += die_size + px(4)
        d1, d2 = side.dice
        how = (say("strength {strength} + {diff}, rolled 7", strength=side.strength, diff=abs(d1 - d2)) if side.seven
               else say("strength {strength} + {diff}", strength=side.strength, diff=abs(d1 - d2)))
        rest = text(how, "sans", size, P.TEXT_DIM)
        surf.blit(rest, rest.get_rect(midleft=(x + px(4), mid)))
        y += row_h
    return surf


class LogLines:
    """Rendered log lines (see the module docstring)."""

    def __init__(self, keep: int = 600) -> None:
        self.keep = keep
        self._lines: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

    def get(self, line: str, board: Board, size: int, width: int, newest: bool) -> pygame.Surface:
        # (a battle's sides are drawn with words of the language in use: the same line, another surface)
        key = (line, kind_of(line), getattr(line, "sides", ()), language(), size, width, newest)
        got = self._lines.get(key)
        if got is not None:
            self._lines.move_to_end(key)
            return got
        got = self._lines[key] = render_line(line, board, size, width, newest)
        while len(self._lines) > self.keep:
            self._lines.popitem(last=False)
        return got


LOG_LINES = LogLines()


def shown_lines(log: Sequence[str], power: str, board: Board) -> list[int]:
    """The indices of the lines a log filtered to ``power`` ("" none) shows."""
    if not power:
        return list(range(len(log)))
    return [i for i, line in enumerate(log) if shows(now(line), power, board)]


def _head_height(s: float) -> int:
    return max(1, round(22 * s))


def draw_log(surf: pygame.Surface, r: pygame.Rect, log: Sequence[str], scroll: int, s: float, board: Board,
             powers: Sequence[str] = (), power: str = "") -> list[Hit]:
    """The log panel (see the module docstring): ``scroll`` lines of those shown back from
    the newest, filtered to ``power`` ("" none); a tag per power of ``powers`` to filter by."""
    px = _px(s)
    hits: list[Hit] = []
    if r.height < px(40):
        return hits
    pygame.draw.rect(surf, BACK, r, border_radius=6)
    pygame.draw.rect(surf, P.PANEL_EDGE, r, 1, border_radius=6)
    nm = Names(board)
    title = say("Log: {power}", power=nm.power(power)) if power in board.power_by_id else say("Log")
    head = text(say("{log}  (scrolled {n})", log=title, n=scroll) if scroll else title, "sans-bold", px(12), P.TEXT_DIM)
    surf.blit(head, (r.x + px(8), r.y + px(4)))
    x = r.right - px(6)
    for pid in reversed(list(powers)):  # the filter: a tag per power, at the right of the heading
        tag = pygame.Rect(0, r.y + px(4), px(22), px(15))
        tag.right = x
        if tag.x < r.x + px(8) + head.get_width() + px(4):
            break
        pygame.draw.rect(surf, P.power(pid), tag, border_radius=px(3))
        edge = P.HIGHLIGHT if pid == power else (150, 150, 160) if pid == "prussia" else BACK
        pygame.draw.rect(surf, edge, tag, 2 if pid == power else 1, border_radius=px(3))
        t = text(P.letters(pid), "cond-bold", px(10), P.ink(pid))
        surf.blit(t, t.get_rect(center=tag.center))
        what = (say("Show the whole log again") if pid == power
                else say("Show only the lines about {power} (and the wars' and rounds' headers)", power=nm.power(pid)))
        hits.append(Hit(tag, ("logfilter", pid), what))
        x = tag.x - px(3)
    size = px(11)
    top = r.y + _head_height(s)
    y = r.bottom - px(6)
    shown = shown_lines(log, power, board)
    k = len(shown) - 1 - scroll
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(r.x, top, r.width, r.bottom - top - px(2)))
    while k >= 0 and y > top:
        i = shown[k]
        words = now(log[i])
        line = LOG_LINES.get(words, board, size, r.width - px(16), i == len(log) - 1)
        y -= line.get_height()
        surf.blit(line, (r.x + px(8), y))
        hits.append(Hit(pygame.Rect(r.x, y, r.width, line.get_height()), ("logline", str(i)), words))
        y -= px(2)
        k -= 1
    surf.set_clip(clip)
    return hits


def log_top_scroll(r: pygame.Rect, log: Sequence[str], s: float, board: Board, power: str = "") -> int:
    """The farthest the log scrolls back: the oldest lines shown then fill the panel from
    its top (so the wheel stops there, not with one line left at the bottom)."""
    px = _px(s)
    room = r.height - _head_height(s) - px(8)
    shown = shown_lines(log, power, board)
    fit = 0
    for i in shown:
        room -= LOG_LINES.get(now(log[i]), board, px(11), r.width - px(16), i == len(log) - 1).get_height() + px(2)
        if room < 0:
            break
        fit += 1
    return max(0, len(shown) - max(1, fit))
