"""The rules engine is pure and deterministic (style item 1).

Every module under ``game/rules`` imports only the standard library and other engine
modules; never a clock, a random generator, the operating system, sockets or threads;
holds no float literal; reads no file but its component data (``load_board``); and keeps
no module-level mutable state except the two documented caches: the board cache
``_CACHE`` (component data by source, immutable once loaded) and the phase registry
``PHASES`` (filled once when the phase classes are defined).
"""

from __future__ import annotations

import ast
import importlib
import sys
import types
import typing
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "game" / "rules"
MODULES = sorted(RULES.rglob("*.py"))

FORBIDDEN = {"random", "time", "datetime", "os", "socket", "threading", "secrets", "uuid",
             "multiprocessing", "subprocess", "asyncio", "concurrent", "sys", "signal", "select",
             "selectors", "ssl", "urllib", "http", "shutil", "tempfile", "io", "pickle", "marshal",
             "sqlite3", "ctypes", "platform", "getpass", "locale", "builtins", "importlib.metadata"}
# the documented module-level caches: (module, name)
ALLOWED_STATE = {("game.rules.board", "_CACHE"), ("game.rules.phase", "PHASES")}


def module_name(path: Path) -> str:
    rel = path.relative_to(RULES.parent.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imported_modules(tree: ast.Module, package: str) -> list[tuple[int, str]]:
    """Every module an import statement names (at any depth), resolved to absolute names."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.append((node.lineno, mod))
            # ``from importlib import metadata`` names a submodule
            out.extend((node.lineno, f"{mod}.{alias.name}") for alias in node.names
                       if f"{mod}.{alias.name}" in FORBIDDEN)
    return out


def test_the_engine_has_modules() -> None:
    names = [module_name(p) for p in MODULES]
    assert "game.rules.engine" in names and "game.rules.core" in names and len(names) >= 10


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_imports_are_standard_library_only(path: Path) -> None:
    """No third-party package, no I/O, clock, randomness, threads or sockets in the engine."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rsplit(".", 1)[0]
    bad = import_faults(parse(path), package)
    assert not bad, f"{path.name}: " + "; ".join(bad)


def import_faults(tree: ast.Module, package: str) -> list[str]:
    bad = []
    for line, mod in imported_modules(tree, package):
        top = mod.split(".")[0]
        if mod == "game.rules" or mod.startswith("game.rules.") or top == "__future__":
            continue
        if top not in sys.stdlib_module_names:
            bad.append(f"line {line}: {mod} is not in the standard library")
        elif top in FORBIDDEN or mod in FORBIDDEN:
            bad.append(f"line {line}: {mod} is forbidden in the rules engine")
    return bad


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_dynamic_imports_or_escape_hatches(path: Path) -> None:
    """No ``__import__``/``importlib.import_module``/``eval``/``exec``/``open`` that could
    smuggle in what the import check forbids."""
    bad = []
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in ("__import__", "import_module", "eval", "exec", "compile", "open", "input", "print",
                        "breakpoint", "hash", "id"):
                bad.append(f"line {node.lineno}: {name}()")
    assert not bad, f"{path.name}: " + "; ".join(bad)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_float_literals(path: Path) -> None:
    """Integers only: a float literal (or a true division, which makes floats) has no place
    in the engine."""
    bad = float_faults(parse(path))
    assert not bad, f"{path.name}: " + "; ".join(bad)


def float_faults(tree: ast.Module) -> list[str]:
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, (float, complex)):
            bad.append(f"line {node.lineno}: float literal {node.value!r}")
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.Div):
            bad.append(f"line {node.lineno}: true division")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float":
            bad.append(f"line {node.lineno}: float()")
    return bad


def module_level_names(tree: ast.Module) -> list[str]:
    """Names bound at module level by assignments (not imports, functions or classes)."""
    names: list[str] = []
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Name):
                    names.append(n.id)
    return names


def is_immutable(value: object, depth: int = 0) -> bool:
    """Deeply immutable: scalars, tuples and frozensets of those, read-only mappings of
    those, and type-level objects (type aliases, classes, functions)."""
    if depth > 20:
        return False
    if value is None or isinstance(value, (bool, int, str, bytes, range, type, types.FunctionType,
                                           types.ModuleType)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(is_immutable(v, depth + 1) for v in value)
    if isinstance(value, types.MappingProxyType):
        return all(is_immutable(k, depth + 1) and is_immutable(v, depth + 1) for k, v in value.items())
    if isinstance(value, (types.GenericAlias, types.UnionType)) or value is typing.Any:
        return True
    return type(value).__module__ == "typing"  # Union[...], Optional[...] and other aliases


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_module_level_mutable_state(path: Path) -> None:
    """Module globals are constants; only the documented caches may be containers that
    change (``_CACHE`` in board.py, ``PHASES`` in phase.py)."""
    name = module_name(path)
    module = importlib.import_module(name)
    bad = []
    for var in module_level_names(parse(path)):
        if var == "__all__" or (name, var) in ALLOWED_STATE:
            continue
        value = getattr(module, var)
        if not is_immutable(value):
            bad.append(f"{var} ({type(value).__name__})")
    assert not bad, f"{name}: module-level mutable state: " + ", ".join(bad)


def test_only_the_data_loader_reads_files() -> None:
    """The one input the engine reads is its component data, in ``load_board`` (board.py,
    through importlib.resources or the path a ruleset option names)."""
    readers = {}
    for path in MODULES:
        tree = parse(path)
        names = {m.split(".")[0] for _, m in imported_modules(tree, "game.rules")}
        calls = {n.func.attr for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                 and n.func.attr in ("read_bytes", "read_text", "write_bytes", "write_text", "open")}
        if calls or names & {"pathlib", "importlib", "io", "os"}:
            readers[path.name] = sorted(calls | (names & {"pathlib", "importlib", "io", "os"}))
    assert set(readers) == {"board.py"}, readers
    assert "write_bytes" not in readers["board.py"] and "write_text" not in readers["board.py"]


def test_no_global_statements() -> None:
    """No function rebinds a module global (``global``/``nonlocal`` state)."""
    bad = [f"{p.name}:{n.lineno}" for p in MODULES for n in ast.walk(parse(p)) if isinstance(n, ast.Global)]
    assert not bad


def test_documented_caches_exist() -> None:
    """The allowed state is what the docs say it is: a board cache and a phase registry."""
    from game.rules import board, engine, phase

    assert isinstance(board._CACHE, dict)
    assert isinstance(phase.PHASES, dict) and "game" in phase.PHASES
    assert engine.PHASES is phase.PHASES
    before = dict(phase.PHASES)
    engine.new_game(2)
    assert phase.PHASES == before  # playing never changes the registry


def test_importing_the_engine_pulls_in_no_forbidden_module() -> None:
    """Importing ``game.rules`` in a fresh interpreter loads none of the forbidden or
    third-party modules (a check of what actually gets imported, transitively)."""
    import subprocess

    code = ("import sys; before = set(sys.modules); import game.rules, game.rules.engine; "
            "print('\\n'.join(sorted(set(sys.modules) - before)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=RULES.parent.parent).stdout.split()
    new = {m.split(".")[0] for m in out}
    third_party = sorted(m for m in new if m not in sys.stdlib_module_names and m != "game")
    assert not third_party, third_party


def _is_set_expr(node: ast.expr) -> bool:
    if isinstance(node, (ast.Set, ast.SetComp)):
        return True
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("set", "frozenset"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_iteration_over_unsorted_sets(path: Path) -> None:
    """Iteration order of a set of strings depends on PYTHONHASHSEED: a set built in place
    is only ever tested for membership or passed through ``sorted`` (a syntactic check of
    the obvious forms: ``for x in {..}``, comprehensions over a set, ``list(set(..))``)."""
    bad = set_iteration_faults(parse(path))
    assert not bad, f"{path.name}: iteration over a set: " + ", ".join(bad)


def set_iteration_faults(tree: ast.Module) -> list[str]:
    bad = []
    for node in ast.walk(tree):
        iters: list[ast.expr] = []
        if isinstance(node, (ast.For, ast.AsyncFor)):
            iters.append(node.iter)
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            iters.extend(g.iter for g in node.generators)
        elif (isinstance(node, ast.Call) and node.args
              and ((isinstance(node.func, ast.Name) and node.func.id in ("list", "tuple", "enumerate", "next",
                                                                          "iter", "zip"))
                   or (isinstance(node.func, ast.Attribute) and node.func.attr in ("join", "extend")))):
            iters.extend(node.args)
        bad.extend(f"line {it.lineno}" for it in iters if _is_set_expr(it))
    return bad


def test_the_checks_catch_what_they_look_for() -> None:
    """The checkers themselves flag a module that breaks every rule."""
    bad = ast.parse(
        "import random\nimport numpy as np\nfrom time import time\nfrom . import board\n"
        "x = 0.5\ny = 3 / 2\nfor a in {'b', 'c'}:\n    pass\nz = list(set('ab'))\n"
        "w = [k for k in frozenset('ab')]\n"
    )
    assert len(import_faults(bad, "game.rules")) == 3
    assert len(float_faults(bad)) == 2
    assert len(set_iteration_faults(bad)) == 3
    assert not is_immutable({"a": 1}) and not is_immutable([1]) and not is_immutable((1, [2]))
    assert is_immutable(types.MappingProxyType({"a": (1, "b")})) and is_immutable(dict[str, int])
