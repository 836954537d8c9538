"""The real window on a real X display (Xvfb), driven by real mouse events (xdotool):
`soe` opens, the menu is clicked through into a game, a move is made, a screenshot taken.
The dummy video driver alone could hide a window that does not open or take clicks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ui.conftest import env_for

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="needs Xvfb and xdotool (.ci/run installs them)")

SIZE = (1280, 720)


def _wait(what: str, check, timeout: float = 30.0):  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def display() -> tuple[str, subprocess.Popen[bytes]]:
    """A fresh Xvfb on a display number it picks itself (-displayfd), so test runs side by
    side never share one."""
    r, w = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(w,))
    os.close(w)
    try:
        number = b""
        end = time.monotonic() + 20
        while not number.endswith(b"\n") and time.monotonic() < end:
            chunk = os.read(r, 16)
            if not chunk:
                break
            number += chunk
        assert number.strip().isdigit(), "Xvfb did not start"
        yield f":{number.strip().decode()}", xvfb
    finally:
        os.close(r)
        xvfb.terminate()
        xvfb.wait(10)


def test_the_real_window_opens_takes_clicks_and_plays(home: Path, display: tuple[str, object],
                                                      artefacts: Path) -> None:
    import pygame

    from game.client.folders import local_games_dir
    from game.client.saves import read_save, state_of
    from game.client.settings import Settings
    from game.client.tables import StaticTable, Step
    from game.rules import pending
    from game.ui.app import App
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.main_menu import MainMenu
    from game.ui.scenes.new_game import NewGameMenu

    disp = display[0]
    settings = Settings(speed="instant")
    assert settings.save() == ""
    env = env_for(home)
    env.pop("SDL_VIDEODRIVER")
    env["DISPLAY"] = disp
    proc = subprocess.Popen([sys.executable, "-m", "game.cli", "play", "--size", f"{SIZE[0]}x{SIZE[1]}"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parents[2])

    def xdo(*args: str) -> str:
        r = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=30)
        return r.stdout.strip()

    try:
        def window() -> str:  # (search --name finds nothing without a window manager)
            for w in xdo("search", "--onlyvisible", "--class", ".").split():
                if xdo("getwindowname", w) == "Struggle of Empires":
                    return w
            return ""

        def shown() -> str:
            if proc.poll() is not None:  # it ended: say why
                raise AssertionError(f"soe ended ({proc.returncode}): {proc.stderr.read().decode() if proc.stderr else ''}")
            return window()

        wid = _wait("the window", shown, 120)  # generous: a loaded CI machine starts Python slowly
        time.sleep(1.0)  # the menu is drawn

        def click(pos: tuple[int, int]) -> None:
            xdo("mousemove", "--window", wid, str(pos[0]), str(pos[1]))
            time.sleep(0.05)
            xdo("click", "1")
            time.sleep(0.3)

        # the same screens in this process, to know where their buttons are
        app = App(SIZE, hidden=True)
        menu = MainMenu(settings)
        app.push(menu)
        app.draw()
        click(next(b for b in menu.buttons if b.key == "play").rect.center)
        new = NewGameMenu(settings)
        app.push(new)
        app.draw()
        click(next(b for b in new.buttons if b.key == ("start",)).rect.center)

        saves = _wait("the game's save", lambda: sorted(local_games_dir().glob("*.jsonl")), 90)
        save = saves[0]

        def my_turn():  # type: ignore[no-untyped-def]
            header, inputs = read_save(save)
            st = state_of(header["powers"], inputs)
            return st if pending(st).seat == 0 else None

        st = _wait("the player's first decision", my_turn, 120)
        time.sleep(1.0)  # the window shows the same position
        lines_before = len(save.read_text().splitlines())
        mirror = GameScene(StaticTable([Step(st, [], -1)], 0), "instant")
        app.replace(mirror)
        app.frame(0.0)
        app.frame(0.0)
        def moved() -> bool:
            return len(save.read_text().splitlines()) > lines_before

        end = time.monotonic() + 90  # a loaded machine may take seconds to draw and save
        while not moved() and time.monotonic() < end:  # click what the screen highlights until a choice is made
            pos = mirror.clickables()[0][0]
            click(pos)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            app.frame(0.0)
            wait = time.monotonic() + 5
            while not moved() and time.monotonic() < wait:
                time.sleep(0.1)
        new_lines = save.read_text().splitlines()[lines_before:]
        assert any(json.loads(x).get("seat") == 0 for x in new_lines), "the click made no move"

        xdo("key", "--window", wid, "F12")
        shots = _wait("the F12 screenshot",
                      lambda: sorted((Path(env["XDG_DATA_HOME"]) / "struggle-of-empires" / "screenshots").glob("*.png")))
        time.sleep(0.5)  # written in full
        assert pygame.image.load(str(shots[0])).get_size() == SIZE
        shutil.copy(shots[0], artefacts / "xvfb-game.png")
        assert proc.poll() is None
    finally:
        proc.terminate()
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
    assert b"Traceback" not in err, err.decode()
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy"  # this process stayed headless
