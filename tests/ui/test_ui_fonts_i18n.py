"""The bundled fonts draw every letter of every language's catalogs (à è é ì ò ù, ’ “ ”):
a letter a font lacks would be drawn as the same empty box as an unassigned code point."""

from __future__ import annotations

import pygame

from game.client.words.lang import LANGUAGES
from game.ui.drawing.assets import FONT_FILES, font
from tools.i18n import catalog

TYPOGRAPHY = "’‘“”«»…–—"  # what a heading in a serif face may hold besides letters (the arrows are the buttons')


def _drawn(f: pygame.font.Font, c: str) -> bytes:
    return pygame.image.tobytes(f.render(c, True, (255, 255, 255)), "RGBA")


def test_every_font_has_every_letter_the_translations_use() -> None:
    pygame.font.init()
    letters: set[str] = set()
    for code in LANGUAGES:
        for forms in catalog(code).values():
            for form in forms:
                letters |= {c for c in form if not c.isascii() and c.isprintable()}
    assert {"à", "è", "ù", "’"} <= letters  # the Italian catalogs are there
    for face in FONT_FILES:
        f = font(face, 20)
        box = _drawn(f, "\ue000")  # a private-use code point: no font here has it
        need = letters if face.startswith(("sans", "cond")) else {c for c in letters if c.isalpha() or c in TYPOGRAPHY}
        missing = sorted(c for c in need if _drawn(f, c) == box)
        assert not missing, f"{face} ({FONT_FILES[face]}) has no glyph for {missing}"


def test_a_wrapped_paragraph_never_ends_on_one_short_word() -> None:
    """The combat card's strength line once ended on a row of "0)" alone: the word before
    such a short last word goes down with it, where both fit. Every word is kept, in order,
    and no row is wider than asked."""
    from game.ui.drawing.assets import wrap

    pygame.font.init()
    line = "Russia: 4 = strength 4 (1 army, Army Training (+1), Great Britain's 2 armies) + dice 1 and 1 (difference 0)"
    moved = 0
    for width in range(160, 700, 3):
        rows = wrap(line, "sans", 14, width)
        assert " ".join(rows).split() == line.split(), width
        assert all(font("sans", 14).size(r)[0] <= width for r in rows), width
        if len(rows) > 1:
            assert not (len(rows[-1]) <= 3 and " " not in rows[-1]), (width, rows)
            moved += rows[-1] == "(difference 0)"
    assert moved  # some width broke right before "0)"
