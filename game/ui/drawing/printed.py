"""The words printed on the board, in the language in use: each area's name and the name
of the nation counter under each of its spaces.

The layout places the English words (``art/board.json``: where each name goes, and the
counters' names as they fit under their spaces, "N. England"). Another language's names
are longer or shorter: each is printed where the English one is, centred the same way,
and given the room the English word had, widened while it stays inside its area and
clear of everything else printed there (the spaces, the other names, the VP discs, the
unit boxes, the VP track). A name that does not fit even so is printed smaller (an
area's name) or shortened ("Nuova Inghilterra" -> "N. Inghilterra", then cut with a dot),
so that nothing printed overlaps in any language.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.client.words.lang import language
from game.client.words.names import Names
from game.rules.board import Board
from game.ui.drawing.assets import font
from game.ui.drawing.camera import size_at
from game.ui.drawing.layout import AreaShape, Layout

Words = list[tuple[str, int, pygame.Rect]]  # each line of a name: its words, its size and where
Discs = list[tuple[str, pygame.Rect]]  # each VP disc (a home nation's: its power's): its text and where
Labels = list[tuple[str, pygame.Rect]]  # each space's counter's name and where

# Below this zoom (the board smaller than it is in a 1280x720 window) the names under the
# spaces are left out: at their smallest legible size they would run into each other.
LABELS_FROM = 0.55


def label_size(z: float) -> int:
    """The size of the names under the spaces: 10 px at the zoom that fits 1280x720."""
    return size_at(13, z, 10)


@lru_cache(maxsize=4096)
def ink(line: str, size: int) -> tuple[int, int, int, int]:
    """Where the letters of ``line`` lie in its rendering in the titles' face at ``size``
    (x, y, width, height): a title's room is its letters', not the face's line height,
    which leaves room above for accents the line may not have."""
    r = font("serif-bold", size).render(line or " ", True, (0, 0, 0)).get_bounding_rect()
    return r.x, r.y, max(1, r.width), max(1, r.height)


def title(shape: AreaShape, area_name: str, vp: tuple[int, ...], z: float, size: int = 0) -> tuple[Words, Discs]:
    """Where an area's name is printed at zoom ``z`` (each line: its words, its size and
    its rect; ``size`` another than the layout's) and its discs: the VP values, or a home
    nation's disc in its power's colour (each: its text and its rect)."""
    from game.ui.drawing import palette as P

    nx, ny = shape.name[0] * z, shape.name[1] * z
    if shape.kind == "home":
        size = size or size_at(19, z, 12)
        lines = area_name.split(" ", 1) if shape.wrap else [area_name]
    else:
        size = size or size_at(22, z, 13)
        lines = [area_name.upper()]
    step = size  # (a line of capitals and its accents fit in one size)
    words = []
    for i, line in enumerate(lines):
        _, _, w, h = ink(line, size)
        box = pygame.Rect(0, 0, w, h)
        box.center = (round(nx), round(ny + (i - (len(lines) - 1) / 2) * step))
        words.append((line, size, box))
    discs: Discs = []
    if shape.kind == "home":
        r = size_at(12, z, 9)
        discs.append((P.letters(shape.id), pygame.Rect(round(shape.vp[0] * z) - r, round(shape.vp[1] * z) - r,
                                                       2 * r, 2 * r)))
    else:
        r = size_at(12, z, 8)
        gap = 2 * r + max(3, round(6 * z))
        x0 = shape.vp[0] * z - gap * (len(vp) - 1) / 2
        for i, v in enumerate(vp):
            discs.append((str(v), pygame.Rect(round(x0 + i * gap) - r, round(shape.vp[1] * z) - r, 2 * r, 2 * r)))
    return words, discs


def space_labels(layout: Layout, shape: AreaShape, z: float, names: tuple[str, ...] = ()) -> Labels:
    """The name under each space of an area and where it is printed at zoom ``z`` (none
    when the board is drawn smaller than in a 1280x720 window): the layout's, or
    ``names`` in their place (not fitted: see :func:`printed`)."""
    if z < LABELS_FROM:
        return []
    f = font("cond", label_size(z))
    s = round(layout.space * z)
    out: Labels = []
    for i, (x, y) in enumerate(shape.spaces[:len(shape.labels)]):
        drop = shape.drops[i] if i < len(shape.drops) else 0
        h = f.get_height()
        label = names[i] if i < len(names) else shape.labels[i]
        r = pygame.Rect(0, 0, f.size(label)[0], h)
        r.midtop = (round(x * z) + s // 2, round(y * z) + s + drop * h)
        out.append((label, r))
    return out


def printed(layout: Layout, b: Board, shape: AreaShape, z: float) -> tuple[Words, Discs, Labels]:
    """An area's name, discs and its spaces' names as printed at zoom ``z`` in the language
    in use (see the module docstring)."""
    key = (id(layout), id(b), shape.id, round(z * 10000), language())
    got = _PRINTED.get(key)
    if got is None:
        if len(_PRINTED) > 512:
            _PRINTED.clear()
        got = _PRINTED[key] = _printed(layout, b, shape, z)
    return got


_PRINTED: dict[tuple[int, int, str, int, str], tuple[Words, Discs, Labels]] = {}


def _printed(layout: Layout, b: Board, shape: AreaShape, z: float) -> tuple[Words, Discs, Labels]:
    aid = shape.id
    area = b.area_by_id[aid]
    nm = Names(b)
    words, discs = title(shape, area.name, area.vp, z)
    counters = [c.id for c in b.counters if c.area == aid][:len(shape.labels)]
    labels = space_labels(layout, shape, z)
    said = [nm.counter(c) for c in counters]
    name = nm.area(aid)
    if name == area.name and said == [b.counter_name(c) for c in counters]:
        return words, discs, labels  # the layout's own words
    s = round(layout.space * z)
    fixed = [pygame.Rect(round(x * z), round(y * z), s, s) for x, y in shape.spaces]
    fixed += [pygame.Rect(round(x * z), round(y * z), round(w * z), round(h * z)) for x, y, w, h in shape.unit_boxes]
    fixed += [r for _, r in discs]
    room = _Room(layout, shape, z)
    words = _fit_title(shape, name, area.vp, z, words, room, fixed + [r for _, r in labels])
    fitted: Labels = []
    for i, (old, r) in enumerate(labels):
        if said[i] == b.counter_name(counters[i]):
            fitted.append((old, r))  # the layout's abbreviation of an untranslated name
            continue
        others = fixed + [w[2] for w in words] + [x for _, x in fitted] + [x for _, x in labels[i + 1:]]
        fitted.append(_fit_label(said[i], r, z, room, others))
    return words, discs, fitted


class _Room:
    """Where a printed word may go in an area: inside its outline and clear of the VP track."""

    def __init__(self, layout: Layout, shape: AreaShape, z: float) -> None:
        self.shape, self.z = shape, z
        band = layout.tracks["vp"]["band"] * z
        width, height = layout.size
        self.inside = pygame.Rect(round(band + 0.5), round(band + 0.5), int(width * z - 2 * band),
                                  int(height * z - 2 * band))

    def allows(self, r: pygame.Rect, others: list[pygame.Rect]) -> bool:
        z = self.z
        corners = (r.topleft, r.topright, r.bottomleft, r.bottomright)
        return (self.inside.contains(r) and all(self.shape.contains(x / z, y / z) for x, y in corners)
                and r.collidelist(others) < 0)

    def widest(self, r: pygame.Rect, want: int, others: list[pygame.Rect]) -> int:
        """How wide ``r`` may grow about its centre toward ``want`` pixels (its own width at
        least: the layout placed it)."""
        best = r.width
        for w in range(r.width + 1, want + 1):
            grown = pygame.Rect(0, 0, w, r.height)
            grown.center = r.center
            if not self.allows(grown, others):
                break
            best = w
        return best


def _fit_title(shape: AreaShape, name: str, vp: tuple[int, ...], z: float, english: Words, room: _Room,
               others: list[pygame.Rect]) -> Words:
    """The area's name in the language in use, at the layout's size if it has room there,
    else smaller (down to three quarters of it)."""
    size = english[0][1]
    least = max(10, size * 3 // 4)
    for k in range(size, least - 1, -1):
        words, _ = title(shape, name, vp, z, k)
        if all(r.width <= e.width and r.height <= e.height or room.allows(r, others)
               for (_, _, r), (_, _, e) in zip(words, english, strict=False)):
            return words
    return title(shape, name, vp, z, least)[0]


def _fit_label(name: str, english: pygame.Rect, z: float, room: _Room, others: list[pygame.Rect]) -> tuple[str, pygame.Rect]:
    """A counter's name under its space: whole if it has room, else shortened."""
    f = font("cond", label_size(z))
    for words in _shorter(name):
        w = f.size(words)[0]
        if w <= english.width or room.widest(english, w, others) >= w:
            r = pygame.Rect(0, 0, w, english.height)
            r.midtop = english.midtop
            return words, r
    return name, english


def _shorter(name: str) -> list[str]:
    """``name`` and ever shorter forms of it: its first words to their initials
    ("N. Inghilterra"), then its end cut with a dot."""
    out = [name]
    parts = name.split(" ")
    if len(parts) > 1:
        initials = [p[0] + "." if p[:1].isupper() else p for p in parts[:-1]]
        out.append(" ".join([*initials, parts[-1]]))
        out.append(" ".join([*(p for p in initials if p.endswith(".")), parts[-1]]))
    last = out[-1]
    while len(last) > 3:
        last = last[:-2].rstrip(" .") + "."
        out.append(last)
    return out
