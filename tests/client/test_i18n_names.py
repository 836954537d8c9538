"""The Italian names of the board: every power, area, tile and nation counter has one, and
the names reach the sentences through ``Names``."""

from __future__ import annotations

from game.client.words.lang import set_language
from game.client.words.names import Names
from game.rules.board import load_board
from tools.i18n import NAME_CONTEXTS, board_messages, catalog


def test_every_board_name_has_an_italian_name() -> None:
    have = catalog("it")
    names = board_messages()
    assert {m.context for m in names} == set(NAME_CONTEXTS)
    missing = [(m.context, m.msgid) for m in names if (m.context, m.msgid) not in have]
    assert missing == []


def test_names_in_italian(italian: None) -> None:
    names = Names(load_board())
    assert names.power("france") == "Francia"
    assert names.power("united_provinces") == "Province Unite"
    assert names.area("german_states") == "Stati Tedeschi"
    assert names.area("east_indies") == "Indie Orientali"
    assert names.tile("army_training") == "Addestramento Militare"
    assert names.counter("hanover") == "Hannover"


def test_a_name_takes_its_context(italian: None) -> None:
    """A name shared by two contexts is looked up in its own: the alliance tile Bavaria and
    the nation counter Bavaria, the power and the home nation France."""
    names = Names(load_board())
    assert names.tile("bavaria") == names.counter("bavaria") == "Baviera"
    assert names.power("france") == names.area("france") == "Francia"


def test_english_names_after_italian() -> None:
    set_language("it")
    set_language("en")
    assert Names(load_board()).power("france") == "France"
