"""Subcommands of ``soe`` that use the signed transcript (``net``): registered into the
main parser by :func:`register`."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any) -> None:
    """Add the transcript subcommands (verify, ...) to the ``soe`` subparsers."""


def selfplay_with_log(args: argparse.Namespace) -> int:
    """``soe selfplay ... --log FILE``: write the whole signed transcript of a self-play game."""
    raise SystemExit("soe selfplay --log is not available yet")
