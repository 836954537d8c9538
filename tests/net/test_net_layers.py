"""The layers of ``net`` (docs/network.md, the design's package table): imports point one
way, rules ◄ bots ◄ net ◄ client ◄ {ui, cli} ◄ tools, nothing in ``net`` prints, and the
protocol core (``net/core``) is sans-IO: it opens no file or socket, reads no clock and
imports nothing that does. (The layers of the whole project, and the size of every
module, are checked in tests/test_layers.py.)"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from tests import layering
from tests.layering import module_name

ROOT = Path(__file__).resolve().parents[2]
NET = ROOT / "net"
CORE = NET / "core"
NET_MODULES = sorted(NET.rglob("*.py"))
CORE_MODULES = sorted(CORE.rglob("*.py"))

# what the core may not import: transport, files, clocks, the operating system
CORE_FORBIDDEN = {"zmq", "socket", "zeroconf", "os", "io", "time", "platformdirs", "pathlib", "shutil", "tempfile",
                  "select", "selectors", "subprocess", "threading", "asyncio", "fcntl", "http", "urllib.request",
                  "datetime", "sys", "signal", "mmap", "sqlite3", "ssl", "multiprocessing", "concurrent", "builtins",
                  "importlib"}
CORE_THIRD_PARTY = {"cryptography"}
NET_THIRD_PARTY = {"zmq", "cryptography", "zeroconf"}
NEVER_IN_NET = ("game.client", "game.ui", "game.cli", "tools", "pygame")


def imports(path: Path, name: str) -> list[tuple[int, str]]:
    """Every module an import statement of ``path`` names (see tests/layering.py)."""
    return list(layering.imports(path, name))


def calls(path: Path, names: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in names:
                found.append(f"line {node.lineno}: {name}()")
    return found


def _is(mod: str, names: set[str] | tuple[str, ...]) -> bool:
    return any(mod == n or mod.startswith(n + ".") for n in names)


def test_the_layers_have_their_modules() -> None:
    names = {module_name(p) for p in NET_MODULES}
    assert {"net.core.session", "net.core.journal", "net.core.transcript", "net.store", "net.mesh.node",
            "net.peer.peer", "net.peer.events"} <= names


def core_faults(path: Path, name: str) -> list[str]:
    bad = []
    for line, mod in imports(path, name):
        top = mod.split(".")[0]
        if top == "__future__" or _is(mod, ("net.core", "game.rules", "game.bots")) or top in CORE_THIRD_PARTY:
            continue
        if top == "net" or top == "game":
            bad.append(f"line {line}: {mod} is outside the core")
        elif top not in sys.stdlib_module_names:
            bad.append(f"line {line}: {mod} is not in the standard library")
        elif _is(mod, CORE_FORBIDDEN):
            bad.append(f"line {line}: {mod} does I/O or reads a clock")
    return bad + calls(path, {"open", "print", "input", "__import__", "import_module", "eval", "exec"})


def net_faults(path: Path, name: str) -> list[str]:
    bad = []
    for line, mod in imports(path, name):
        top = mod.split(".")[0]
        if _is(mod, NEVER_IN_NET):
            bad.append(f"line {line}: {mod}")
        elif top == "game" and not _is(mod, ("game.rules", "game.bots")):
            bad.append(f"line {line}: {mod}")
        elif top not in sys.stdlib_module_names and top not in NET_THIRD_PARTY | {"net", "game", "__future__"}:
            bad.append(f"line {line}: {mod} is not a dependency of net")
    return bad + calls(path, {"print", "input"})


@pytest.mark.parametrize("path", CORE_MODULES, ids=lambda p: module_name(p))
def test_the_core_is_sans_io(path: Path) -> None:
    """``net/core`` imports the standard library (but nothing that does I/O or reads a
    clock), the rules, the bots, cryptography and itself; it never opens or prints."""
    bad = core_faults(path, module_name(path))
    assert not bad, f"{module_name(path)}: " + "; ".join(bad)


@pytest.mark.parametrize("path", NET_MODULES, ids=lambda p: module_name(p))
def test_net_imports_point_one_way_and_nothing_in_net_prints(path: Path) -> None:
    """``net`` may import ``game.rules``, ``game.bots``, pyzmq, cryptography and zeroconf;
    never the client, the window, the command line, the tools or pygame; it never prints."""
    bad = net_faults(path, module_name(path))
    assert not bad, f"{module_name(path)}: " + "; ".join(bad)


def test_the_checks_catch_what_they_look_for(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import os\nimport zmq\nfrom time import monotonic\nfrom net.store import load\n"
                     "from game.client import words\nfrom . import lobby\nprint(open('x').read())\n", encoding="utf-8")
    core = "; ".join(core_faults(probe, "net.core.probe"))
    for text in ("os does I/O", "zmq is not in the standard library", "time does I/O", "net.store is outside",
                 "game.client is outside", "open()", "print()"):
        assert text in core, text
    assert "lobby" not in core  # net.core.lobby: the core's own
    net = "; ".join(net_faults(probe, "net.core.probe"))
    assert "game.client" in net and "print()" in net and "zmq" not in net and "net.store" not in net
