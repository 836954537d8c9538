"""Sounds made in code: played only when sound is on, silent where audio cannot open."""

from __future__ import annotations

import pygame

from game.ui import sound


def test_sounds_are_made_when_sound_is_on_and_never_when_off(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sound, "_state", {"tried": False, "ok": False})
    monkeypatch.setattr(sound, "_sounds", {})
    sound.play("dice", False)
    assert not sound._state["tried"]  # sound off: the mixer is not even opened
    sound.play("dice", True)
    sound.play("turn", True)
    assert sound._state["tried"]
    if sound._state["ok"]:
        assert sorted(sound._sounds) == ["dice", "turn"]
        assert sound._sounds["dice"].get_length() > 0.3
    pygame.mixer.quit()


def test_no_audio_device_is_silence_not_an_error(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sound, "_state", {"tried": False, "ok": False})

    def fail(*args: object, **kw: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", fail)
    sound.play("move", True)
    assert sound._state == {"tried": True, "ok": False}
