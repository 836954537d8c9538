"""Drawing the board through a camera: the printed sheet (:mod:`game.ui.drawing.board`),
kept per zoom, and over it, each frame, the pieces of a view (markers and counters on
their spaces, the tiles lying on the map, the units' chips, the markers on the tracks)
and the highlights of what may be clicked. Drawing returns what it drew where (hits)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pygame

from game.client.markers import MarkerSpaces
from game.client.words.lang import language, say, say_in, say_n
from game.client.words.names import Names
from game.rules.board import Board, Counter
from game.ui.drawing import palette as P
from game.ui.drawing.assets import text
from game.ui.drawing.board import render_static
from game.ui.drawing.camera import Camera
from game.ui.drawing.chips import PieceChips
from game.ui.drawing.hits import Hit, Target
from game.ui.drawing.layout import Layout
from game.ui.drawing.tracks import INWARD, track_cell, vp_cell, vp_side


class MapRenderer(PieceChips):
    """Draws the board through a camera; keeps the printed sheet per zoom (and, as
    :class:`PieceChips`, the pieces' chips per size)."""

    def __init__(self, layout: Layout, b: Board) -> None:
        super().__init__(b)
        self.layout = layout
        self._sheets: OrderedDict[tuple[int, int, str], pygame.Surface] = OrderedDict()
        self.n_rounds = 6
        # which space each control marker stands on (the screen follows the game's steps);
        # None: markers fill the free spaces in seating order
        self.marker_spaces: MarkerSpaces | None = None

    def sheet(self, z: float) -> pygame.Surface:
        key = (round(z * 1000), self.n_rounds, language())  # (its names are printed in the language in use)
        s = self._sheets.get(key)
        if s is None:
            s = render_static(self.layout, self.board, z, self.n_rounds)
            self._sheets[key] = s
            while len(self._sheets) > 4:
                self._sheets.popitem(last=False)
        else:
            self._sheets.move_to_end(key)
        return s

    # ------------------------------------------------------------------ pieces
    def draw(self, surf: pygame.Surface, cam: Camera, v: dict[str, Any],
             lit: set[Target], focus: set[str], t: float) -> list[Hit]:
        """Draw the board and the pieces of view ``v``; ``lit`` are the targets to
        highlight (legal choices), ``focus`` areas to mark (hovered in the log)."""
        z = cam.zoom
        clip = surf.get_clip()
        surf.set_clip(pygame.Rect(cam.view))
        view = pygame.Rect(cam.view)
        sheet = self.sheet(z)
        placed = sheet.get_rect(topleft=(round(cam.ox), round(cam.oy)))
        inner = view.clip(placed)
        if inner.size == (0, 0):
            surf.fill(P.SEA_DEEP, view)
        else:  # only the margins the sheet leaves are filled (a fill of the whole view costs as much as the sheet)
            for r in ((view.x, view.y, view.width, inner.y - view.y), (view.x, inner.bottom, view.width, view.bottom - inner.bottom),
                      (view.x, inner.y, inner.x - view.x, inner.height), (inner.right, inner.y, view.right - inner.right, inner.height)):
                if r[2] > 0 and r[3] > 0:
                    surf.fill(P.SEA_DEEP, r)
        surf.blit(sheet, placed)
        hits: list[Hit] = []
        for shape in self.layout.areas.values():
            if ("area", shape.id) not in lit and shape.id not in focus:
                continue  # the outline is on the cached sheet: only a highlight is drawn per frame
            pts = [cam.to_screen(x, y) for x, y in shape.outline]
            if ("area", shape.id) in lit:
                w = max(3, round(6 * z))
                pygame.draw.polygon(surf, P.HIGHLIGHT_EDGE, pts, w + 2)
                pygame.draw.polygon(surf, P.HIGHLIGHT, pts, max(2, w - 2))
            if shape.id in focus:
                pygame.draw.polygon(surf, (255, 255, 255), pts, max(2, round(4 * z)))
        self._draw_spaces(surf, cam, v, lit, hits)
        self._draw_units(surf, cam, v, lit, hits)
        self._draw_tracks(surf, cam, v, hits)
        surf.set_clip(clip)
        return hits

    def _draw_spaces(self, surf: pygame.Surface, cam: Camera, v: dict[str, Any], lit: set[Target],
                     hits: list[Hit]) -> None:
        z = cam.zoom
        b = self.board
        nm = Names(b)
        s = round(self.layout.space * z)
        powers: list[str] = v["powers"]
        for aid, shape in self.layout.areas.items():
            if not shape.spaces:
                continue
            own = [c.id for c in b.counters if c.area == aid]
            taken: dict[int, Target] = {}
            for cid in v["face_up"].get(aid, []):
                if cid in own:
                    taken[own.index(cid)] = ("counter", cid)
            counts = list(v["markers"].get(aid, []))
            if self.marker_spaces is not None:  # each on the space of the counter it came with
                for cid, seat in self.marker_spaces.spaces(aid).items():
                    i = own.index(cid) if cid in own else -1
                    if 0 <= i < len(shape.spaces) and i not in taken and seat < len(counts) and counts[seat] > 0:
                        taken[i] = ("marker", aid, powers[seat])
                        counts[seat] -= 1
            free = [i for i in range(len(shape.spaces)) if i not in taken]
            k = 0
            for seat, count in enumerate(counts):  # (any the spaces do not say: on the free ones)
                for _ in range(count):
                    if k < len(free):
                        taken[free[k]] = ("marker", aid, powers[seat])
                        k += 1
            for i, tgt in sorted(taken.items()):
                x, y = cam.to_screen(*shape.spaces[i])
                rect = pygame.Rect(x, y, s, s)
                if tgt[0] == "counter":
                    c = b.counter_by_id[tgt[1]]
                    surf.blit(self._counter(c.id, s), rect)
                    tip = counter_tip(c, nm)
                else:
                    pid = tgt[2]
                    surf.blit(self._marker(pid, s), rect)
                    fields = {"power": nm.power(pid), "area": nm.area(aid)}
                    tip = (say("{power} control marker on {space} ({area})", space=nm.counter(own[i]), **fields)
                           if i < len(own) else say("{power} control marker in {area}", **fields))
                if tgt in lit:
                    pygame.draw.rect(surf, P.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=4)
                hits.append(Hit(rect, tgt, tip))
            # tiles lying on the map: Pirates / Slave Revolt holding a marker, a Blockade
            badges: list[tuple[str, str]] = []
            for area, tile, seat in v["captured"]:
                if area == aid:
                    badges.append((nm.tile(tile) if tile in b.tile_by_id else str(tile), powers[seat]))
            for area, seat in v["blockades"]:
                if area == aid:
                    badges.append((nm.tile("blockade") if "blockade" in b.tile_by_id else say("Blockade"), powers[seat]))
            bx, by = cam.to_screen(shape.units[0] + shape.units[2], shape.name[1] - 14)
            for label, pid in badges:
                tsurf = text(label, "cond-bold", max(10, round(12 * z)), (255, 255, 255))
                r = pygame.Rect(0, 0, tsurf.get_width() + round(30 * z), tsurf.get_height() + 4)
                r.topright = (bx, by)
                pygame.draw.rect(surf, (30, 30, 30), r, border_radius=4)
                pygame.draw.circle(surf, P.power(pid), (r.right - round(10 * z), r.centery), max(4, round(7 * z)))
                surf.blit(tsurf, (r.x + 4, r.y + 2))
                hits.append(Hit(r, ("badge", aid, label), say("{tile} ({power}) in {area}", tile=label,
                                                              power=nm.power(pid), area=nm.area(aid))))
                by += r.height + 2

    def _draw_units(self, surf: pygame.Surface, cam: Camera, v: dict[str, Any], lit: set[Target],
                    hits: list[Hit]) -> None:
        for aid, shape in self.layout.areas.items():
            for tgt, chip, rect, tip in self.unit_chips(aid, v, self.unit_boxes(cam, shape), cam.zoom, lit):
                surf.blit(chip, rect)
                mark = tgt in lit or tgt[0] == "more" and any(("unit", aid, pid) in lit for pid in tgt[2:])
                if mark:
                    pygame.draw.rect(surf, P.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=rect.height // 3)
                hits.append(Hit(rect, tgt, tip))

    def _draw_tracks(self, surf: pygame.Surface, cam: Camera, v: dict[str, Any], hits: list[Hit]) -> None:
        z = cam.zoom
        nm = Names(self.board)
        ox, oy = round(cam.ox), round(cam.oy)
        powers: list[str] = v["powers"]
        for name, value in (("war", v["war"]), ("round", v["round"])):
            if value:
                r = track_cell(self.layout, name, value - 1, z).move(ox, oy)
                pygame.draw.rect(surf, P.HIGHLIGHT_EDGE, r, max(2, round(4 * z)), border_radius=4)
                hits.append(Hit(r, ("track", name, str(value)),
                                say("War {n}", n=value) if name == "war" else say("Round {n}", n=value)))
        s = round(self.layout.tracks["alliance"]["cell"] * z) - 2
        order: list[int] = v["order"]
        t = self.layout.tracks["alliance"]
        for row, (box, count) in enumerate((("A", int(t.get("top", 4))), ("B", int(t.get("bottom", 3))))):
            for col in range(count):  # what a box of the alliance track means (its markers' tooltips come after)
                space = 2 * col + 1 + row
                hits.append(Hit(track_cell(self.layout, "alliance", col, z, row).move(ox, oy),
                                ("track", "alliance_box", f"{box}{space}"),
                                say("Alliance {box}, space {space}: a power the auction places here (proposal box "
                                    "{box}) is allied this war with every power on row {box}, and plays {nth} in each "
                                    "round (R-ALL-1, R-ALL-6, R-ALL-7)", box=box, space=space, nth=ordinal(space))))
        for seat, (side, space) in enumerate(zip(v["alliance"], v["track"], strict=False)):
            if not side:
                continue
            col = (space - 1) // 2 if space else 0
            r = track_cell(self.layout, "alliance", col, z, side - 1).move(ox, oy)
            m = self._marker(powers[seat], s)
            surf.blit(m, m.get_rect(center=r.center))
            place = order.index(seat) + 1 if seat in order else space
            hits.append(Hit(r, ("track", "alliance", powers[seat]),
                            say("{power}: alliance {box}, plays {nth}", power=nm.power(powers[seat]), box="AB"[side - 1],
                                nth=ordinal(place))))
        # VP markers on the edge track, stacked toward the board's middle where scores are
        # equal, and never past the board's edge (there the window's bars would hide them)
        stacks: dict[int, int] = {}
        ms = max(18, round(24 * z))
        W, H = self.layout.size
        board = pygame.Rect(ox, oy, round(W * z), round(H * z))
        for seat, vp in enumerate(v["vp"]):
            cell = vp_cell(self.layout, vp, z).move(ox, oy)
            k = stacks.get(vp % 100, 0)
            stacks[vp % 100] = k + 1
            m = self._marker(powers[seat], ms)
            dx, dy = INWARD[vp_side(self.layout, vp)]
            r = m.get_rect(center=(cell.centerx + k * dx, cell.centery + k * dy)).clamp(board)
            surf.blit(m, r)
            hits.append(Hit(r, ("track", "vp", powers[seat]),
                            say_n("{power}: {n} VP", "{power}: {n} VP", vp, power=nm.power(powers[seat]))))


def ordinal(n: int) -> str:
    """A place in the play order: "1st", "2nd"... (the alliance track has seven)."""
    places = [say_in("place", "1st"), say_in("place", "2nd"), say_in("place", "3rd"), say_in("place", "4th"),
              say_in("place", "5th"), say_in("place", "6th"), say_in("place", "7th")]
    return places[n - 1] if 1 <= n <= len(places) else str(n)


def counter_tip(c: Counter, nm: Names) -> str:
    """A nation counter's tooltip: its name and what it is for (colonise, enslave; a
    neutral's strength, gold and VP when conquered)."""
    name = nm.counter(c.id)
    if c.type == "pop":
        return say("{counter} (Pop: colonise, R-ACT-E1)", counter=name)
    if c.type == "slaves":
        return say("{counter} (Slaves: enslave, R-ACT-E2)", counter=name)
    if c.gold and c.vp:
        return say_n("{counter}, strength {strength}, {n} gold, 1 VP (R-CMB-12)",
                     "{counter}, strength {strength}, {n} gold, 1 VP (R-CMB-12)", c.gold, counter=name,
                     strength=c.strength)
    if c.gold:
        return say_n("{counter}, strength {strength}, {n} gold (R-CMB-12)",
                     "{counter}, strength {strength}, {n} gold (R-CMB-12)", c.gold, counter=name, strength=c.strength)
    if c.vp:
        return say("{counter}, strength {strength}, 1 VP (R-CMB-12)", counter=name, strength=c.strength)
    return say("{counter}, strength {strength} (R-CMB-12)", counter=name, strength=c.strength)

