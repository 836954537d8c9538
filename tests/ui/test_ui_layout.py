"""The window's code keeps its layout: scenes open one another by name through the app, and
only the navigation module knows them all; drawing and widgets know no scene; every
module says what it owns. (That no scene imports another, and that no module grows past
600 lines, is checked with the other layers in tests/test_layers.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.layering import imports

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"
SCENES = UI / "scenes"


def _imports(path: Path) -> list[tuple[int, str]]:
    return list(imports(path))


def _scene_of(module: str) -> str | None:
    """The scene a module belongs to: the module or package right under game.ui.scenes."""
    parts = module.split(".")
    return parts[3] if len(parts) > 3 and parts[:3] == ["game", "ui", "scenes"] else None


def _py(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def test_only_navigation_knows_the_scenes() -> None:
    """Outside the scenes, only game/ui/navigation.py imports them; the command line opens
    them by name."""
    outside = [p for p in _py(UI) if SCENES not in p.parents and p.name != "navigation.py"]
    outside += _py(ROOT / "game" / "cli")
    bad = [f"{p.relative_to(ROOT)} line {line}: {mod}" for p in outside for line, mod in _imports(p)
           if mod.startswith("game.ui.scenes")]
    assert not bad, "; ".join(bad)


@pytest.mark.parametrize("folder", ["drawing", "widgets"])
def test_drawing_and_widgets_know_no_scene(folder: str) -> None:
    above = ("game.ui.scenes", "game.ui.navigation", "game.ui.shots") + (("game.ui.widgets",) if folder == "drawing" else ())
    bad = [f"{p.relative_to(ROOT)} line {line}: {mod}" for p in _py(UI / folder) for line, mod in _imports(p)
           if mod.startswith(above)]
    assert not bad, "; ".join(bad)


@pytest.mark.parametrize("path", _py(UI), ids=lambda p: str(p.relative_to(ROOT)))
def test_modules_say_what_they_own(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert ast.get_docstring(ast.parse(text)), f"{path.relative_to(ROOT)} has no docstring saying what it owns"


def test_every_scene_name_opens_its_scene() -> None:
    from game.ui.app import Scene
    from game.ui.navigation import SCENES, scene_class

    assert {"menu", "new_game", "open", "settings", "replays", "game", "pause", "end", "replay", "replay_pause",
            "replay_end", "fairness", "whatif", "host_setup", "host_lobby", "join", "join_lobby",
            "watch", "rules"} == set(SCENES)
    for name in SCENES:
        cls = scene_class(name)
        assert issubclass(cls, Scene) and _scene_of(cls.__module__), name
    with pytest.raises(ValueError, match="no scene is called 'nowhere'"):
        scene_class("nowhere")
