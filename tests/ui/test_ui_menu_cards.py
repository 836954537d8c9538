"""The menus' title stays clear of their form: the title and its subtitle on a card of
their own, the form's card below it, at every window size the menus are drawn at and in
both languages."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.client.settings import Settings  # noqa: E402
from game.client.words.lang import speaking  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.main_menu import MainMenu  # noqa: E402


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1600, 900), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_title_and_the_menu_do_not_overlap(home: object, size: tuple[int, int], lang: str) -> None:
    with speaking(lang):
        app = App(size, hidden=True)
        app.settings = Settings()
        menu = MainMenu(app.settings)
        app.push(menu)
        app.frame(0.0)
        app.draw()
        title, form = menu.title_card, menu.form_card
        assert title.height > 0 and form.height > 0
        assert title.bottom <= form.top, (title, form)
        for b in menu.buttons:
            assert form.contains(b.rect) and app.surface.get_rect().contains(b.rect), (b.label, b.rect)
