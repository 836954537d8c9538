"""A game's files on disk: one process at a time (``FILE.lock``), and a partial last line
left by a crash is kept (``FILE.cut``) when it is cut off."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from net.store import GameInUse, GameLock, TranscriptFile, lock_game


def test_a_game_locked_by_one_process_is_refused_to_another(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    lock = lock_game(log)
    try:
        child = subprocess.run([sys.executable, "-c", (
            "import sys; from net.store import lock_game, GameInUse\n"
            "try:\n    lock_game(sys.argv[1])\nexcept GameInUse as e:\n    print(e); sys.exit(7)\n"), str(log)],
            capture_output=True, timeout=30, cwd=Path(__file__).resolve().parents[2])
        assert child.returncode == 7, child.stderr.decode()
        assert child.stdout.decode().strip() == f"{log}: this game is open in another soe process"
        with pytest.raises(GameInUse):  # a second lock in the same process is refused too
            lock_game(log)
    finally:
        lock.release()
    assert not (tmp_path / "game.jsonl.lock").exists()
    with GameLock(log) as again:  # free once released
        assert again.held
    assert not again.held


def test_a_partial_last_line_is_kept_in_a_cut_file_when_cut_off(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_bytes(b'{"a":1}\n{"b":2}\n{"c":')
    with TranscriptFile(log) as store:
        assert store.repaired == b'{"c":'
    assert log.read_bytes() == b'{"a":1}\n{"b":2}\n'
    assert (tmp_path / "game.jsonl.cut").read_bytes() == b'{"c":\n'
    with TranscriptFile(log) as store:  # a whole file: nothing cut, nothing kept
        assert store.repaired is None
    assert (tmp_path / "game.jsonl.cut").read_bytes() == b'{"c":\n'
