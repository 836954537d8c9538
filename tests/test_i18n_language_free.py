"""Saves, logs and network messages hold no words: a game played in Italian writes the
same bytes as the same game played in English, so players reading different languages
play one game, and its verification says the same verdict in either."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli.main import main
from game.client.words.lang import set_language


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield None
    set_language("en")


def test_a_signed_log_is_the_same_bytes_in_either_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs = {}
    for lang in ("it", "en"):
        logs[lang] = tmp_path / f"game-{lang}.jsonl"
        assert main(["selfplay", "--players", "3", "--seed", "4", "--log", str(logs[lang]), "--lang", lang]) == 0
    it, en = logs["it"].read_bytes(), logs["en"].read_bytes()
    assert it == en and len(it) > 10_000
    capsys.readouterr()  # (what selfplay printed)
    text = it.decode()
    assert text.isascii()  # no Italian letter, no translated word in the messages
    assert main(["verify", "--json", str(logs["it"]), "--lang", "it"]) == 0
    report_it = json.loads(capsys.readouterr().out)
    assert main(["verify", "--json", str(logs["en"]), "--lang", "en"]) == 0
    report_en = json.loads(capsys.readouterr().out)
    assert report_it == {**report_en, "file": report_it["file"], "elapsed_us": report_it["elapsed_us"]}
    assert report_it["status"] == "fair"
