"""Fixtures every test folder shares: ``italian``, the program in Italian for one test and
in English again after it, whatever happens. And, once a run, the project's modules
compiled to bytecode (:func:`pytest_sessionstart`)."""

from __future__ import annotations

import compileall
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.client.words.lang import speaking

ROOT = Path(__file__).resolve().parents[1]


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the project's modules once, before the tests start a few hundred ``soe``
    and peer processes from the checkout: where the environment says not to write
    bytecode (``PYTHONDONTWRITEBYTECODE``, as on the CI machine), each of those processes
    would otherwise compile every module it imports again, about 0.15 s a process.
    Python checks each file against its source, so an out-of-date one is never used."""
    for folder in ("game", "net", "tools"):
        compileall.compile_dir(ROOT / folder, quiet=2)


@pytest.fixture
def italian() -> Iterator[None]:
    """Italian for the test, English again after it."""
    with speaking("it"):
        yield
