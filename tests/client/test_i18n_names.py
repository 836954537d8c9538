"""The Italian names of the board: every power, area, tile and nation counter has one, and
the names reach the sentences through ``Names``."""

from __future__ import annotations

from game.client.words.lang import set_language
from game.client.words.names import Names
from game.rules.board import load_board
from tools.i18n import NAME_CONTEXTS, PREPOSITION_CONTEXTS, board_messages, catalog, problems


def test_every_board_name_has_an_italian_name() -> None:
    have = catalog("it")
    names = board_messages()
    assert {m.context for m in names} == set(NAME_CONTEXTS) | set(PREPOSITION_CONTEXTS)
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


def test_names_take_their_prepositions_as_the_rulebook_says_them(italian: None) -> None:
    """Italian joins a preposition to the article: the rulebook says "negli Stati Tedeschi",
    "nell’Impero Ottomano", "dagli Stati Tedeschi", "della Gran Bretagna", but "in Nord
    America" and "in Africa"; a template asks for them with {area:in}, {src:from} ..."""
    from game.client.words.lang import say

    nm = Names(load_board())
    assert say("Battle in {area}", area=nm.area("german_states")) == "Combattimento negli Stati Tedeschi"
    assert say("Battle in {area}", area=nm.area("ottoman_empire")) == "Combattimento nell’Impero Ottomano"
    assert say("Battle in {area}", area=nm.area("north_america")) == "Combattimento in Nord America"
    assert say("Battle in {area}", area=nm.area("caribbean")) == "Combattimento nei Caraibi"
    assert f"{nm.area('german_states'):from}" == "dagli Stati Tedeschi"
    assert f"{nm.area('east_indies'):to}" == "alle Indie Orientali"
    assert f"{nm.power('great_britain'):of}" == "della Gran Bretagna"
    assert f"{nm.area('mediterranean'):In}" == "Nel Mediterraneo"  # the start of a sentence


def test_english_says_the_plain_preposition() -> None:
    from game.client.words.lang import say

    nm = Names(load_board())
    assert say("Battle in {area}", area=nm.area("german_states")) == "Battle in German States"
    assert f"{nm.area('german_states'):from} {nm.area('india'):to}" == "from German States to India"


def test_a_plain_string_asked_with_a_preposition_never_fails(italian: None) -> None:
    """A template's {area:in} given a string that is no board name (a name made of other
    words) is said with the language's plain preposition instead of raising."""
    from game.client.words.lang import say

    assert say("Battle in {area}", area="Atlantide") == "Combattimento in Atlantide"
    assert say("Battle in {area}", area=Names(load_board()).area("india")) == "Combattimento in India"


def test_the_catalog_check_refuses_an_unknown_preposition() -> None:
    from tools.i18n import Msg

    bad = [Msg("", "Battle in {area}", "", "here")]
    have = {("", "Battle in {area}"): ("Combattimento {area:nel}",)}
    assert any("preposition" in p for p in problems("it", bad, have=have))
    good = {("", "Battle in {area}"): ("Combattimento {area:in}",)}
    assert not list(problems("it", bad, have=good))


def test_a_tile_says_each_of_its_areas_with_its_own_preposition() -> None:
    """A trade or alliance tile names the areas it acts in: Italian says each with its own
    article ("nel Mediterraneo o nell’Impero Ottomano", as the rulebook would), English
    puts one "in" before the list, as before."""
    from game.client.words.tiles import tile_effect

    b = load_board()
    set_language("it")
    try:
        assert "che hai nel Mediterraneo o nell’Impero Ottomano" in tile_effect(b, "levant_trade")
        assert tile_effect(b, "portugal").startswith(
            "nei tuoi attacchi e difese in India, in Sud America o nelle Indie Orientali:")
        assert "negli Stati Tedeschi:" in tile_effect(b, "bavaria")
    finally:
        set_language("en")
    assert tile_effect(b, "levant_trade") == ("a free action: 1 gold per control marker you have in Mediterranean "
                                              "or Ottoman Empire")
    assert tile_effect(b, "portugal").startswith("in your attacks and defences in India or South America or East "
                                                 "Indies:")
