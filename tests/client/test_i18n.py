"""The languages: every message id the program says (the templates in its source and the
board's names) has an Italian translation whose placeholders are the template's; the
language comes from --lang, the settings or the environment; a count takes the form the
language's own plural rule gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.client.words.lang import LANGUAGES, language, say, say_n, set_language, system_language
from tools.i18n import all_messages, clashes, fields, plural_count, problems


def test_every_message_has_an_italian_translation_with_the_same_placeholders() -> None:
    msgs = all_messages()
    assert len(msgs) > 500
    found = list(problems("it", None))
    assert not found, f"{len(found)} problems, the first: " + "\n".join(found[:30])


def test_no_message_is_translated_two_ways_in_two_catalogs() -> None:
    """The catalogs of a language are merged: a message two of them translate differently
    would take whichever was read first."""
    assert clashes("it") == []


def test_the_italian_catalogs_declare_two_plural_forms() -> None:
    assert plural_count("it") == 2


def test_a_count_takes_the_form_of_the_languages_own_rule(italian: None) -> None:
    assert language() == "it"
    one = say_n("{power} borrows {n} gold from the bank", "{power} borrows {n} gold from the bank", 1, power="X")
    assert "X" in one and "1" in one and one != "X borrows 1 gold from the bank"


def test_the_placeholders_of_a_template() -> None:
    assert fields("{power} pays {n} gold for {tile}") == ["n", "power", "tile"]
    assert fields("no fields") == []


@pytest.mark.parametrize(("env", "code"), [
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "it_IT", "LANG": "en_US"}, "it"),
    ({"LC_ALL": "en_US", "LC_MESSAGES": "it_IT"}, "en"),
    ({"LANGUAGE": "de:it", "LANG": "en_US"}, "it"),
    ({}, "en"),
])
def test_the_systems_language(env: dict[str, str], code: str) -> None:
    assert system_language(env) == code


def test_an_unknown_language_is_english() -> None:
    try:
        assert set_language("xx") == "en" and say("Round {round} of war {war}", round=1, war=2) == "Round 1 of war 2"
    finally:
        set_language("en")
    assert set(LANGUAGES) == {"en", "it"}


def test_lang_on_the_command_line_overrides_the_settings_and_the_environment(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from game.cli.main import build_parser, choose_language
    from game.client.settings import Settings

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    try:
        for command in (["verify", "x.jsonl"], ["replay", "x.jsonl"], ["play", "--text"], ["host"], ["screenshot", "--out", "x"]):
            args = build_parser().parse_args([*command, "--lang", "en"])
            assert choose_language(args.lang) == "en", command
        assert choose_language(None) == "it"  # a fresh user's settings choose none: the environment's
        settings = Settings.load()
        settings.language = "en"
        assert not settings.save()
        assert choose_language(None) == "en"  # the settings' choice over the environment
        assert choose_language("it") == "it"  # --lang over both
    finally:
        set_language("en")


def test_a_refusal_by_a_peer_is_said_by_its_code_in_italian_and_in_the_sessions_words_in_english(
        italian: None) -> None:
    from game.client.words.verdict import refused

    assert refused("stale", "the game has changed since the state the author acted on") != \
        "the game has changed since the state the author acted on"  # Italian: the code's sentence
    assert refused("no_such_code", "as the session says it") == "as the session says it"
    set_language("en")
    assert refused("stale", "seq 7: the game has changed") == "seq 7: the game has changed"


def test_a_game_on_the_lan_is_named_in_the_language_of_whoever_sees_it(italian: None) -> None:
    """The host announces its name (and, for older releases, "<name>'s game"); each client
    says the game's name in its own language."""
    from game.client.words.lobby import lan_game
    from net.core.lobby import Invite
    from net.discovery import Announcement, Announcer

    invite = Invite("192.0.2.7", 47311, "cd" * 16, "wxyz-wxyz-wxyz-wxyz")
    assert lan_game(Announcement("North's game", invite, 3, 2, False, "North")) == "Partita di North"
    assert lan_game(Announcement("An older host's game", invite, 3, 2, False)) == "An older host's game"
    announcer = Announcer.__new__(Announcer)  # (its service record only: nothing goes on the network)
    announcer.invite, announcer.name, announcer.players, announcer.host = invite, "North's game", 3, "North"
    props = announcer._info(2, False).properties
    assert props[b"host"] == b"North" and props[b"name"] == b"North's game"


def test_the_italian_catalogs_are_compiled_once_and_a_spoilt_copy_is_made_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading the catalogs' .po files takes a tenth of a second at every start in Italian:
    their compiled form is kept in the cache folder, used while the files are the same,
    and made again when it is torn; a cache folder that cannot be written is done without."""
    from game.client.words import lang

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(lang, "_catalogs", {})
    first = lang.load_catalog("it")
    (kept,) = (tmp_path / "cache").rglob("catalog-it-*.mo")
    assert first.gettext("Settings") != "Settings"
    made = kept.stat().st_mtime_ns
    monkeypatch.setattr(lang, "_catalogs", {})
    assert lang.load_catalog("it").gettext("Settings") == first.gettext("Settings")
    assert kept.stat().st_mtime_ns == made  # read, not made again
    kept.write_bytes(kept.read_bytes()[:100])  # torn
    monkeypatch.setattr(lang, "_catalogs", {})
    assert lang.load_catalog("it").gettext("Settings") == first.gettext("Settings")
    assert kept.stat().st_size > 100
    (tmp_path / "blocked").write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "blocked"))
    monkeypatch.setattr(lang, "_catalogs", {})
    assert lang.load_catalog("it").gettext("Settings") == first.gettext("Settings")
