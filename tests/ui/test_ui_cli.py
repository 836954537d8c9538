"""The window's command-line contracts: ``soe play --autoclick`` plays whole games in the
real UI loop, ``soe screenshot`` renders every screen, and a machine with no display is
told what to do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tests.ui.conftest import env_for


def soe(args: list[str], env: dict[str, str], timeout: int = 240) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True, env=env,
                          timeout=timeout, cwd=Path(__file__).resolve().parents[2])


@pytest.mark.parametrize("bots,seed,level", [(1, 3, "easy"), pytest.param(3, 4, "easy", marks=pytest.mark.slow),
                                             (6, 5, "easy"), (3, 5, "")])
def test_autoclick_plays_a_whole_game_by_clicks(home: Path, bots: int, seed: int, level: str) -> None:
    """Seed 5 with three computer players at the default level once stalled: the unpaced
    loop held the interpreter lock so the computer players' thread barely ran."""
    save = home / "game.jsonl"
    r = soe(["play", "--bots", str(bots), "--autoclick", "--seed", str(seed), *(["--level", level] if level else []),
             "--size", "960x540", "--save", str(save)], env_for(home))
    assert r.returncode == 0, r.stderr
    assert "winner" in r.stdout
    assert "Traceback" not in r.stderr
    lines = save.read_text().splitlines()
    assert len(lines) > 100  # every input saved as it was made
    assert f'"seat":{0}' in "".join(lines)  # including the clicked ones


def test_the_same_seed_plays_the_same_game(home: Path) -> None:
    outs = []
    for k in range(2):
        save = home / f"g{k}.jsonl"
        r = soe(["play", "--bots", "1", "--autoclick", "--seed", "9", "--level", "easy", "--size", "960x540",
                 "--save", str(save)], env_for(home))
        assert r.returncode == 0, r.stderr
        outs.append((r.stdout, save.read_text()))
    assert outs[0] == outs[1]


@pytest.mark.parametrize("scene", ["menu", "replays", "open", "game", "combat", "scoring", "end"])
def test_screenshots_of_every_screen(home: Path, artefacts: Path, scene: str) -> None:
    out = artefacts / f"{scene}-1280x720.png"
    r = soe(["screenshot", "--seed", "2", "--at", "250", "--scene", scene, "--out", str(out)], env_for(home))
    assert r.returncode == 0, r.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_a_large_screenshot(home: Path, artefacts: Path) -> None:
    out = artefacts / "game-1920x1080.png"
    r = soe(["screenshot", "--seed", "4", "--at", "600", "--size", "1920x1080", "--players", "7",
             "--out", str(out)], env_for(home))
    assert r.returncode == 0, r.stderr
    assert pygame.image.load(str(out)).get_size() == (1920, 1080)


def test_bad_screenshot_arguments_are_one_line(home: Path) -> None:
    r = soe(["screenshot", "--size", "big", "--out", str(home / "x.png")], env_for(home))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "WIDTHxHEIGHT" in r.stderr


def test_no_display_points_to_the_terminal_game(home: Path) -> None:
    env = env_for(home)
    for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(k, None)
    r = soe(["play"], env, timeout=60)
    assert r.returncode == 2
    assert "soe play --text" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("args", [["host", "--no-announce"], ["join", "soe://127.0.0.1:9/" + "ab" * 16 + "?fp=aaaa-bbbb"],
                                  ["spectate", "soe://127.0.0.1:9/" + "ab" * 16 + "?fp=aaaa-bbbb"]],
                         ids=["host", "join", "spectate"])
def test_network_commands_open_the_window_or_point_to_the_terminal(home: Path, args: list[str]) -> None:
    """With no display, a network command says so and points to its --text; nothing is kept."""
    env = env_for(home)
    for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(k, None)
    r = soe(args, env, timeout=60)
    assert r.returncode == 2 and f"soe {args[0]} --text" in r.stderr and "no display" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and not (home / "data" / "struggle-of-empires" / "games").exists()


def test_a_damaged_save_is_a_message_not_a_traceback(home: Path) -> None:
    from game.client.settings import Settings
    from game.ui.app import App
    from game.ui.navigation import continue_game
    from game.ui.scenes.main_menu import MainMenu

    bad = home / "bad.jsonl"
    bad.write_text('{"kind": "soe-local-game", "powers": ["france"], "seat": 0}\n{"seat": 0, "choice": ["fly"]}\n')
    app = App((1280, 720), hidden=True)
    app.push(MainMenu(Settings()))
    err = continue_game(app, Settings(), bad)
    assert "bad.jsonl" in err and "\n" not in err
    assert isinstance(app.scenes[-1], MainMenu)


def test_settings_are_kept_in_the_config_directory(home: Path) -> None:
    from game.client.settings import Settings

    s = Settings.load()
    s.name, s.speed, s.sound = "Anna", "fast", False
    assert s.save() == ""
    assert str(Settings.path()).startswith(os.environ["XDG_CONFIG_HOME"])
    again = Settings.load()
    assert (again.name, again.speed, again.sound) == ("Anna", "fast", False)
    Settings.path().write_text("{not json")
    assert Settings.load() == Settings()


def test_the_first_sound_prints_nothing_about_audio_on_a_machine_without_a_sound_card() -> None:
    """The mixer opens at the first sound with the system's own audio driver (a machine
    with no sound card makes ALSA complain on standard error): nothing is printed, and
    the program's own messages still are."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env["SDL_VIDEODRIVER"] = "dummy"
    code = ("import sys\nfrom game.ui.sound import play\nplay('turn', True)\nplay('dice', True)\n"
            "print('still heard', file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "still heard", done.stderr
