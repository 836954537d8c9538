"""Fixtures every test folder shares: ``italian``, the program in Italian for one test and
in English again after it, whatever happens."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.client.words.lang import speaking


@pytest.fixture
def italian() -> Iterator[None]:
    """Italian for the test, English again after it."""
    with speaking("it"):
        yield
