"""The layers of the code and the one way their imports point (the architecture's
packages table): rules ◄ bots ◄ net ◄ client ◄ ui ◄ cli ◄ tools.

- a module imports only from its own layer and the layers before it (a lazy import
  inside a function counts as much as one at the top);
- (that the sans-IO core of ``net``, ``net/core``, imports nothing of the transport, the
  files or a clock is checked more closely in tests/net/test_net_layers.py;)
- no scene of the window imports another scene: they open each other by name through
  the window's navigation;
- nothing under ``net`` or ``game/client`` imports pygame or prints (front ends say
  things; the layers under them report data);
- no module of the project, tests included, is over 600 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.layering import ROOT, imports, module_name

LAYERS = ("game.rules", "game.bots", "net", "game.client", "game.ui", "game.cli", "tools")
MAX_LINES = 600


def layer_of(module: str) -> int:
    """The index of a project module's layer (-1 for what is not the project's)."""
    for i, name in enumerate(LAYERS):
        if module == name or module.startswith(name + "."):
            return i
    return -1


def sources(*folders: str) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py") if "__pycache__" not in p.parts)



PROJECT = sources("game", "net", "tools")


@pytest.mark.parametrize("path", PROJECT, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_point_one_way(path: Path) -> None:
    """A module of a layer imports nothing of a later layer."""
    own = layer_of(module_name(path))
    if own < 0:
        return
    wrong = sorted({f"line {line}: {mod} ({LAYERS[layer_of(mod)]})" for line, mod in imports(path)
                    if layer_of(mod) > own})
    assert not wrong, f"{path.relative_to(ROOT)} ({LAYERS[own]}) imports a later layer: " + "; ".join(wrong)


def scene_of(path: Path) -> str:
    """The scene a module under game/ui/scenes belongs to: its module, or the subpackage
    directly under scenes/ that holds it ("" for the package's own __init__)."""
    rel = path.relative_to(ROOT / "game" / "ui" / "scenes").with_suffix("").parts
    return "" if rel == ("__init__",) else rel[0]


SCENES = sources("game/ui/scenes") if (ROOT / "game" / "ui" / "scenes").is_dir() else []


def test_the_window_has_scenes_in_their_folder() -> None:
    assert len({scene_of(p) for p in SCENES} - {""}) >= 6, "the window's scenes live in game/ui/scenes"


@pytest.mark.parametrize("path", SCENES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_scene_imports_another_scene(path: Path) -> None:
    mine = scene_of(path)
    others = set()
    for line, mod in imports(path):
        if mod.startswith("game.ui.scenes."):
            target = mod.split(".")[3]
            if target != mine and (ROOT / "game" / "ui" / "scenes" / target).exists() or \
                    target != mine and (ROOT / "game" / "ui" / "scenes" / f"{target}.py").exists():
                others.add(f"line {line}: {mod}")
    assert not others, f"{path.relative_to(ROOT)} imports another scene: " + "; ".join(sorted(others))


def prints(path: Path) -> list[str]:
    """Where a module prints or writes to the standard streams."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("print", "input"):
            out.append(f"line {node.lineno}: {node.func.id}()")
        if isinstance(node, ast.Attribute) and node.attr in ("stdout", "stderr", "stdin") and \
                isinstance(node.value, ast.Name) and node.value.id == "sys":
            out.append(f"line {node.lineno}: sys.{node.attr}")
    return out


@pytest.mark.parametrize("path", sources("net", "game/client"), ids=lambda p: str(p.relative_to(ROOT)))
def test_net_and_the_client_neither_draw_nor_print(path: Path) -> None:
    drawing = [f"line {line}: {mod}" for line, mod in imports(path) if mod.split(".")[0] == "pygame"]
    said = prints(path)
    assert not drawing and not said, f"{path.relative_to(ROOT)}: " + "; ".join(drawing + said)


@pytest.mark.parametrize("path", sources("game", "net", "tools", "tests"), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_over_600_lines(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines; split it by concern"


def test_the_checks_catch_what_they_are_for(tmp_path: Path) -> None:
    """The helpers see a lazy import of a later layer, a relative import, a print and a
    write to sys.stderr (so the tests above cannot pass by seeing nothing)."""
    sample = ROOT / "game" / "client" / "_layers_sample.py"
    sample.write_text("import sys\n\ndef f():\n    from game.ui import app\n    from . import tables\n"
                      "    print('x')\n    sys.stderr.write('y')\n", encoding="utf-8")
    try:
        found = {mod for _, mod in imports(sample)}
        assert "game.ui" in found and "game.client.tables" in found
        assert max(layer_of(m) for m in found) > layer_of("game.client")
        assert len(prints(sample)) == 2
    finally:
        sample.unlink()
