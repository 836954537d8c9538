"""Tables of sentences keyed by kind: the shape shared by the event, prompt and refusal
words. A function that says one kind is registered with the table's decorator::

    _T = Table()

    @_T.kind("pass")
    def _pass(e: Mapping[str, Any], nm: Names) -> str: ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from game.client.words.names import Names

Render = Callable[[Mapping[str, Any], Names], str]
"""Says one kind: its fields and the board's names -> the sentence."""


class Table:
    """Kind -> the function that says it; each kind registered once."""

    def __init__(self) -> None:
        self._renders: dict[str, Render] = {}

    def kind(self, *kinds: str) -> Callable[[Render], Render]:
        """Register the decorated function as the sentence of ``kinds``."""
        def register(render: Render) -> Render:
            for k in kinds:
                if k in self._renders:
                    raise ValueError(f"two sentences for the kind {k!r}")
                self._renders[k] = render
            return render
        return register

    @property
    def renders(self) -> Mapping[str, Render]:
        return MappingProxyType(self._renders)

    def merged(self, *others: Mapping[str, Render]) -> Mapping[str, Render]:
        """This table with others (their kinds must not repeat), read-only."""
        out = dict(self._renders)
        for other in others:
            for k, render in other.items():
                if k in out:
                    raise ValueError(f"two sentences for the kind {k!r}")
                out[k] = render
        return MappingProxyType(out)


__all__ = ["Render", "Table"]
