"""The peer-to-peer tests' watchdog: every loop in them is bounded, but a peer can still
hang inside a library call (a ZeroMQ context that never terminates because a socket was
left open). If one test (setup, call and teardown) runs past ``WATCHDOG_S`` seconds, the
stacks of every thread are printed and the run ends, rather than hanging. Also the
``made`` fixture: what a test makes (clusters, peers, nodes, raw sockets), closed after
it in the order made, whether the test passed or not."""

from __future__ import annotations

import faulthandler
import sys
from collections.abc import Generator, Iterator
from typing import Any, TextIO

import pytest
from p2pkit import Closes

WATCHDOG_S = 180


def _stderr(config: pytest.Config) -> TextIO | int:
    """The terminal's stderr: pytest keeps a copy for its own faulthandler (the process's
    stderr is captured while a test runs, and the capture is lost when the watchdog exits)."""
    try:
        from _pytest.faulthandler import fault_handler_stderr_fd_key

        return config.stash[fault_handler_stderr_fd_key]
    except (ImportError, KeyError):
        return sys.__stderr__ if sys.__stderr__ is not None else sys.stderr


def _arm(config: pytest.Config) -> None:
    faulthandler.dump_traceback_later(WATCHDOG_S, exit=True, file=_stderr(config))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, Any, Any]:
    _arm(item.config)
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()


@pytest.hookimpl(trylast=True)
def pytest_exception_interact(node: pytest.Item, call: Any, report: Any) -> None:
    """pytest's faulthandler plugin cancels the dump when a test fails (for --pdb); the
    teardown that follows may be what hangs, so arm the watchdog again."""
    if not node.config.getoption("usepdb", False):
        _arm(node.config)


@pytest.fixture
def made() -> Iterator[list[Closes]]:
    """What a test makes, closed after it."""
    things: list[Closes] = []
    yield things
    for t in things:
        t.close()
