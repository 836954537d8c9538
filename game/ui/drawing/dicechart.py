"""Dice drawn for people: a power's chip (its colour and letters), a row of small dice
faces, and a power's dice chart (six bars, how often each face came up, against the line
fair dice give on average), which the end screen and the fairness panel both draw. Each
function returns the words it drew and where (the panel's tests check none overlaps)."""

from __future__ import annotations

import pygame

from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.cards import die

NEUTRAL = (226, 220, 204)  # a neutral's dice, and a chip that is no power's
MIN_TEXT = 10  # no word is drawn smaller (pixels)

Drawn = list[tuple[str, pygame.Rect]]


def colour_of(owner: str) -> P.Colour:
    """A power's colour; a neutral's (or no one's) light parchment."""
    return P.power(owner) if owner in P.POWER else NEUTRAL


def edge(colour: P.Colour) -> P.Colour:
    """The outline of a chip or a die: dark, or light around a dark colour (Prussia's
    black), so it stands out on the dark panels too."""
    return (200, 188, 160) if sum(colour) < 200 else P.INK


def chip(surf: pygame.Surface, r: pygame.Rect, owner: str, label: str = "") -> Drawn:
    """A small chip in a power's colour with its letters (or ``label``)."""
    col = colour_of(owner)
    pygame.draw.rect(surf, (20, 16, 12), r.move(1, 1), border_radius=max(2, r.h // 4))
    pygame.draw.rect(surf, col, r, border_radius=max(2, r.h // 4))
    pygame.draw.rect(surf, edge(col), r, 1, border_radius=max(2, r.h // 4))
    words = label or P.letters(owner)
    ink = P.ink(owner) if owner in P.POWER else P.INK
    t = text(words, "cond-bold", max(MIN_TEXT, r.h - 5), ink)
    at = t.get_rect(center=r.center)
    surf.blit(t, at)
    return [(words, at)]


PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def face(surf: pygame.Surface, r: pygame.Rect, value: int, colour: P.Colour) -> None:
    """A small die showing ``value``: its pips kept clear of the rounded corners, so a
    face reads at 16 to 24 pixels (the battle card's :func:`die` is for large ones)."""
    radius = max(2, r.w // 5)
    pygame.draw.rect(surf, (20, 16, 12), r.move(1, 1), border_radius=radius)
    pygame.draw.rect(surf, colour, r, border_radius=radius)
    pygame.draw.rect(surf, edge(colour), r, 1, border_radius=radius)
    ink = (250, 250, 250) if sum(colour) < 300 else P.INK
    pip = max(1.6, r.w * 0.1)
    for cx, cy in PIPS.get(value, []):
        pygame.draw.circle(surf, ink, (r.x + r.w * (0.27 + 0.23 * cx), r.y + r.h * (0.27 + 0.23 * cy)), pip)


def dice(surf: pygame.Surface, x: int, y: int, size: int, values: tuple[int, ...] | list[int], owner: str,
         gap: int) -> int:
    """Small dice faces in a row from (x, y), in the owner's colour; the x after the last."""
    for v in values:
        if size >= 32:
            die(surf, pygame.Rect(x, y, size, size), int(v), colour_of(owner))
        else:
            face(surf, pygame.Rect(x, y, size, size), int(v), colour_of(owner))
        x += size + gap
    return x


def bars(surf: pygame.Surface, r: pygame.Rect, counts: tuple[int, ...] | list[int], owner: str, s: float) -> Drawn:
    """Six bars in ``r``, one a face, as high as how often it came up (with the face under
    it), and a red line at what fair dice give on average (a sixth of the dice)."""
    size = max(MIN_TEXT, round(10 * s))
    n = sum(counts)
    face_h = text("6", "cond", size, P.INK_SOFT).get_height()
    room = r.height - face_h
    bw = r.width // 6
    top = max([*counts, n / 6, 1])
    drawn: Drawn = []
    for f, c in enumerate(counts):
        bh = round(room * c / top)
        rect = pygame.Rect(r.x + f * bw + 2, r.y + room - bh, bw - 4, bh)
        if bh:
            pygame.draw.rect(surf, colour_of(owner), rect)
            pygame.draw.rect(surf, P.INK, rect, 1)
        t = text(str(f + 1), "cond", size, P.INK_SOFT)
        at = t.get_rect(midtop=(r.x + f * bw + bw // 2, r.y + room))
        surf.blit(t, at)
        drawn.append((str(f + 1), at))
    ey = r.y + room - round(room * (n / 6) / top)
    pygame.draw.line(surf, P.BAD, (r.x, ey), (r.x + 6 * bw, ey), 2)
    return drawn


def dice_chart(surf: pygame.Surface, r: pygame.Rect, rows: list[tuple[str, tuple[int, ...]]], s: float,
               heading: str) -> Drawn:
    """The end screen's chart: a heading, then for each power (``rows``: its id and how
    often each face came up) a row of six bars with its letters and how many dice it
    rolled."""
    def px(v: float) -> int:
        return max(1, round(v * s))

    t = text(heading, "sans-bold", px(13), P.INK_SOFT)
    surf.blit(t, r.topleft)
    drawn: Drawn = [(heading, t.get_rect(topleft=r.topleft))]
    if not rows:
        return drawn
    row_h = max(px(30), (r.height - px(24)) // len(rows))
    y = r.y + px(24)
    for pid, counts in rows:
        label = f"{P.letters(pid)} ({sum(counts)})"
        lt = text(label, "cond-bold", max(MIN_TEXT, px(12)), P.INK)
        at = lt.get_rect(topleft=(r.x, y + row_h // 3))
        surf.blit(lt, at)
        drawn.append((label, at))
        drawn += bars(surf, pygame.Rect(r.x + px(64), y + px(2), r.right - r.x - px(64), row_h - px(4)), counts, pid, s)
        y += row_h
    return drawn
