"""The pieces' chips: a neutral counter, a power's control marker, a power's units in one
area (its army, fleet and fort shapes in its colour, from :mod:`game.ui.drawing.pieces`,
each with its count when there are more than one), the "+n" chip for the powers there
was no room for, each drawn once per size and kept; and where an area's chips go in its
unit boxes (``unit_chips``), however crowded the area is."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from game.client.words.lang import join_list, language, say, say_in, say_n
from game.client.words.names import Names
from game.rules.board import Board
from game.ui.drawing import palette as P
from game.ui.drawing.assets import font, text
from game.ui.drawing.board import LABELS_FROM
from game.ui.drawing.camera import Camera
from game.ui.drawing.hits import Target
from game.ui.drawing.layout import AreaShape
from game.ui.drawing.pieces import KINDS, piece

# The smallest unit chip: its numbers stay 10 px (every unit box is at least this high in
# the smallest window, whose board is drawn at about 0.43 of its size)
CHIP_MIN = 13
# How high the pieces are where there is room, from the board of a 1280x720 window on (each
# shape's details stay clear; a larger board draws them larger, the smallest window's
# board a little smaller)
PIECE_H = 20
KIND_GAP = 1  # between a power's army, fleet and fort in one chip


class PieceChips:
    """The chips of the pieces, kept per size (see the module docstring)."""

    def __init__(self, b: Board) -> None:
        self.board = b
        self._chips: dict[tuple[Any, ...], pygame.Surface] = {}
        self._placed: dict[tuple[Any, ...], list[tuple[Target, pygame.Surface, pygame.Rect, str]]] = {}
        self.viewer = -1  # the player's seat: in a crowded area their chip is shown first

    def _counter(self, cid: str, s: int) -> pygame.Surface:
        key = ("counter", cid, s, language())  # (its marks are words: "VP")
        surf = self._chips.get(key)
        if surf is None:
            c = self.board.counter_by_id[cid]
            surf = pygame.Surface((s, s), pygame.SRCALPHA)
            face = P.COUNTER_POP if c.type == "pop" else P.COUNTER_SLAVES if c.type == "slaves" else P.COUNTER
            r = surf.get_rect()
            pygame.draw.rect(surf, (90, 80, 60), r.move(1, 1), border_radius=max(2, s // 8))
            pygame.draw.rect(surf, face, r.inflate(-2, -2), border_radius=max(2, s // 8))
            pygame.draw.rect(surf, P.INK, r.inflate(-2, -2), 1, border_radius=max(2, s // 8))
            rr = max(6, round(s * 0.23))  # the gold disc and the VP flag in the top corners
            if c.type in ("pop", "slaves"):
                size = max(10, s * 5 // 16)
                word = say_in("counter mark", "Pop") if c.type == "pop" else say_in("counter mark", "Slaves")
                if font("cond-bold", size).size(word)[0] > s - 4:
                    word = say_in("counter mark", "Slv")  # on a small counter; the tooltip names it
                t = text(word, "cond-bold", size, P.INK)
                surf.blit(t, t.get_rect(center=(s // 2, s // 2)))
            else:
                t = text(str(c.strength), "serif-bold", max(12, s * 5 // 8), P.INK)
                low = (c.gold or c.vp) and s < 40
                surf.blit(t, t.get_rect(center=(s // 2, s * 3 // 5 if low else s // 2)))
            if c.gold:
                pygame.draw.circle(surf, (120, 90, 30), (s - rr, rr + 1), rr)
                pygame.draw.circle(surf, P.GOLD, (s - rr - 1, rr), rr)
                g = text(str(c.gold), "sans-bold", max(10, rr * 3 // 2), P.INK)
                surf.blit(g, g.get_rect(center=(s - rr - 1, rr + 1)))
            if c.vp:
                g = text(say_in("counter mark", "VP"), "cond-bold", max(10, rr * 5 // 4), (255, 255, 255))
                flag = pygame.Rect(1, 1, g.get_width() + 3, g.get_height())
                pygame.draw.rect(surf, (150, 30, 40), flag, border_radius=2)
                surf.blit(g, g.get_rect(center=flag.center))
            self._chips[key] = surf
        return surf

    def _marker(self, pid: str, s: int) -> pygame.Surface:
        key = ("marker", pid, s)
        surf = self._chips.get(key)
        if surf is None:
            surf = pygame.Surface((s, s), pygame.SRCALPHA)
            c = (s // 2, s // 2)
            small = s < 24  # on the alliance and VP tracks: the disc as large as it can be
            r = s // 2 - (1 if small else 3)
            pygame.draw.circle(surf, (40, 30, 20), (c[0] + 1, c[1] + 1 if small else c[1] + 2), r + (0 if small else 1))
            pygame.draw.circle(surf, P.power(pid), c, r)
            pygame.draw.circle(surf, P.INK if pid != "prussia" else (200, 200, 200), c, r, 1 if small else 2)
            face = "cond-bold" if small else "sans-bold"
            t = text(P.letters(pid), face, max(9, s * 7 // 16), P.ink(pid))
            surf.blit(t, t.get_rect(center=c))
            self._chips[key] = surf
        return surf

    def chip(self, pid: str, units: list[int] | tuple[int, ...], h: int, wide: bool = True) -> pygame.Surface:
        """A power's pieces in one area, ``h`` pixels high: an army, a fleet, a fort, each
        its own shape in the power's colour, with how many beside it when there are more
        than one ("×3"; in a crowded area, ``wide=False``, just "3"). No letters: the
        colour says whose pieces they are, the tooltip names the power."""
        key = ("chip", pid, tuple(units), h, wide)
        surf = self._chips.get(key)
        if surf is None:
            if len(self._chips) > 3000:  # (a long game meets many mixes of pieces and sizes)
                self._chips.clear()
            parts = [(piece(kind, pid, h), count(n, h, wide) if n > 1 else None)
                     for kind, n in zip(KINDS, units, strict=False) if n]
            w = sum(p.get_width() + (c.get_width() if c is not None else 0) for p, c in parts) + KIND_GAP * (len(parts) - 1)
            surf = pygame.Surface((max(1, w), h), pygame.SRCALPHA)
            x = 0
            for p, c in parts:
                surf.blit(p, (x, 0))
                x += p.get_width()
                if c is not None:
                    surf.blit(c, (x, 0))
                    x += c.get_width()
                x += KIND_GAP
            self._chips[key] = surf
        return surf

    def more_chip(self, n: int, h: int) -> pygame.Surface:
        """The chip that stands for ``n`` powers' pieces there was no room to show ("+n")."""
        key = ("more", n, h)
        surf = self._chips.get(key)
        if surf is None:
            t = text(f"+{n}", "cond-bold", max(10, h * 11 // 20), (255, 255, 255))
            surf = pygame.Surface((t.get_width() + 9, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, (20, 16, 12), surf.get_rect().move(1, 1), border_radius=h // 3)
            pygame.draw.rect(surf, (70, 62, 54), surf.get_rect().inflate(-1, -1), border_radius=h // 3)
            pygame.draw.rect(surf, (236, 226, 200), surf.get_rect().inflate(-1, -1), 1, border_radius=h // 3)
            surf.blit(t, t.get_rect(center=(surf.get_width() // 2, h // 2)))
            self._chips[key] = surf
        return surf

    def unit_chips(self, aid: str, v: dict[str, Any], boxes: list[pygame.Rect], z: float, lit: set[Target]
                   ) -> list[tuple[Target, pygame.Surface, pygame.Rect, str]]:
        """The chips of an area's pieces, each placed in the first row of its unit boxes
        (``boxes``, on screen) with room for it: what each stands for, its surface, its
        rect and its tooltip.

        A chip is a power's pieces side by side (see ``chip``). Every chip lies inside the
        boxes. The first of these looks whose chips all fit is used: one chip per power
        with "×n" counts, its pieces as tall as the zoom asks (at least ``PIECE_H``), or
        at that size a chip per kind of piece (a power's army and its fleets may then go
        in two rows); then the same a size smaller, and smaller again down to
        ``CHIP_MIN`` pixels (counts stay 10 px); then the compact chips (bare counts),
        whole, then per kind; then, in the most crowded area, as many compact chips as
        fit, the ones the player may pick and their own first, then the largest, and a
        "+n" chip whose tooltip lists the others.

        The places are kept per area, pieces, size and place of the boxes (relative to the
        first), the powers the player may pick there and the player's seat: the board is
        drawn every frame and a crowded area tries many looks."""
        powers: list[str] = v["powers"]
        present = [(seat, powers[seat], tuple(u)) for seat, u in enumerate(v["units"].get(aid, [])) if any(u)]
        if not present or not boxes:
            return []
        ox, oy = boxes[0].topleft
        rel = [b.move(-ox, -oy) for b in boxes]
        key = (aid, tuple(present), tuple(tuple(b) for b in rel), round(z * 1000),
               tuple(pid for _, pid, _ in present if ("unit", aid, pid) in lit), self.viewer)
        placed = self._placed.get(key)
        if placed is None:
            if len(self._placed) > 2000:
                self._placed.clear()
            placed = self._place(aid, present, rel, z, lit)
            self._placed[key] = placed
        return [(tgt, c, r.move(ox, oy), tip) for tgt, c, r, tip in placed]

    def _place(self, aid: str, present: list[tuple[int, str, tuple[int, ...]]], boxes: list[pygame.Rect], z: float,
               lit: set[Target]) -> list[tuple[Target, pygame.Surface, pygame.Rect, str]]:
        """Where an area's chips go in its boxes (see ``unit_chips``)."""
        b = self.board
        gap = max(2, round(5 * z))  # between two powers' pieces (a power's own kinds stand closer)
        tight = max(2, round(3 * z))  # the same in a crowded area
        drop = tight if z >= LABELS_FROM else 1  # between rows: in the smallest window, rows touch
        h0 = max(PIECE_H if z >= LABELS_FROM else PIECE_H - 3, round(30 * z))
        forms: list[tuple[bool, int, bool]] = []  # "×n", height, a chip per kind of piece
        for form in [*((True, h, split) for h in (h0, h0 - 2, PIECE_H - 3, PIECE_H - 5, CHIP_MIN) for split in (False, True)),
                     (False, CHIP_MIN, False), (False, CHIP_MIN, True)]:
            if form[1] >= CHIP_MIN and form not in forms:
                forms.append(form)

        nm = Names(b)

        def tip(pid: str, u: tuple[int, ...]) -> str:
            return say("{power} in {area}: {units}", power=nm.power(pid), area=nm.area(aid), units=unit_words(u))

        for wide, h, split in forms:
            pieces = [(pid, u, part) for _, pid, u in present for part in (_per_kind(u) if split else [u])]
            chips = [self.chip(pid, part, h, wide) for pid, _, part in pieces]
            spots = pack_rows([c.get_width() for c in chips], rows_in(boxes, h, drop), gap if wide else tight, split)
            if spots is not None:
                return [(("unit", aid, pid), c, c.get_rect(topleft=xy), tip(pid, u))
                        for (pid, u, _), c, xy in zip(pieces, chips, spots, strict=True)]
        h = CHIP_MIN
        rows = rows_in(boxes, h, drop)
        first = sorted(present, key=lambda p: (("unit", aid, p[1]) not in lit, p[0] != self.viewer, -sum(p[2]), p[0]))
        for k in range(len(present) - 1, -1, -1):
            shown = sorted(first[:k])
            hidden = sorted(first[k:])
            spots = None
            for split in (False, True):
                pieces = [(pid, u, part) for _, pid, u in shown for part in (_per_kind(u) if split else [u])]
                chips = [self.chip(pid, part, h, False) for pid, _, part in pieces] + [self.more_chip(len(hidden), h)]
                spots = pack_rows([c.get_width() for c in chips], rows, tight, split)
                if spots is not None:
                    break
            if spots is None and k > 0:
                continue
            if spots is None:  # the board drawn smaller than in the smallest window: no room at all
                spots = [boxes[0].topleft]
            more = "\n".join([say_n("{n} more power has pieces in {area} (zoom in to see them all):",
                                    "{n} more powers have pieces in {area} (zoom in to see them all):", len(hidden),
                                    area=nm.area(aid))]
                              + [f"{nm.power(pid)}: {unit_words(u)}" for _, pid, u in hidden])
            out: list[tuple[Target, pygame.Surface, pygame.Rect, str]] = [
                (("unit", aid, pid), c, c.get_rect(topleft=xy), tip(pid, u))
                for (pid, u, _), c, xy in zip(pieces, chips, spots, strict=False)]
            out.append((("more", aid, *(pid for _, pid, _ in hidden)), chips[-1], chips[-1].get_rect(topleft=spots[-1]),
                        more))
            return out
        return []

    def unit_boxes(self, cam: Camera, shape: AreaShape) -> list[pygame.Rect]:
        """An area's unit boxes on screen."""
        out = []
        for x, y, w, h in shape.unit_boxes:
            x0, y0 = cam.to_screen(x, y)
            x1, y1 = cam.to_screen(x + w, y + h)
            out.append(pygame.Rect(x0, y0, x1 - x0, y1 - y0))
        return out


def _per_kind(u: tuple[int, ...]) -> list[tuple[int, ...]]:
    """A power's pieces split by kind: (2, 1, 0) -> (2, 0, 0), (0, 1, 0)."""
    return [tuple(n if j == i else 0 for j, n in enumerate(u)) for i in range(len(u)) if u[i]]


def unit_words(u: tuple[int, ...] | list[int]) -> str:
    """A power's pieces in an area in words: "2 armies, 1 fleet"."""
    counts = (say_n("{n} army", "{n} armies", n) if kind == "army" else say_n("{n} fleet", "{n} fleets", n)
              if kind == "fleet" else say_n("{n} fort", "{n} forts", n)
              for kind, n in zip(("army", "fleet", "fort"), u, strict=False) if n)
    return join_list(counts)


def rows_in(boxes: list[pygame.Rect], h: int, gap: int) -> list[pygame.Rect]:
    """The rows ``h`` pixels high, ``gap`` apart, that fit in each box, box after box."""
    return [pygame.Rect(r.x, r.y + i * (h + gap), r.width, h) for r in boxes for i in range(max(0, (r.height + gap) // (h + gap)))]


def pack_rows(widths: list[int], rows: list[pygame.Rect], gap: int, in_order: bool = False
              ) -> list[tuple[int, int]] | None:
    """Where each of a row of chips ``widths`` wide goes: the top left of its place in the
    first row with room left for it (a narrow chip fills the gap a wide one left; with
    ``in_order``, in the row of the chip before it or a later one, so they read in order),
    or None when one has no room anywhere."""
    used = [0] * len(rows)
    out = []
    start = 0
    for w in widths:
        for i, r in enumerate(rows[start:], start):
            x = used[i] + (gap if used[i] else 0)
            if x + w <= r.width:
                out.append((r.x + x, r.y))
                used[i] = x + w
                start = i if in_order else 0
                break
        else:
            return None
    return out


@lru_cache(maxsize=256)
def count(n: int, h: int, wide: bool = True) -> pygame.Surface:
    """How many pieces of a kind there are, to stand beside the piece: "×3" (``wide``) or
    "3", dark on a light halo so it reads on land and sea alike, ``h`` pixels high with
    the digits standing on the pieces' foot line."""
    f = max(10, round(h * 0.6))
    words = f"×{n}" if wide else str(n)
    ink = text(words, "sans-bold", f, P.INK)
    halo = text(words, "sans-bold", f, P.PARCHMENT)
    surf = pygame.Surface((ink.get_width() + 2, h), pygame.SRCALPHA)
    y = h - 2 - font("sans-bold", f).get_ascent()  # the baseline one pixel over the foot
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        surf.blit(halo, (dx, y + dy - 1))
    surf.blit(ink, (1, y))
    return surf
