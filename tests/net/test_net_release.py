"""The release a genesis names (net/core/release.py) is this copy's: its digest is that of
the files that decide a game's state, and its version the package's. A copy whose files
differ says so (net.release), and a genesis of another release is refused with the
release to install."""

from __future__ import annotations

import tomllib
from pathlib import Path

from netkit import GAME_ID, identity, seats_for

from net.core.envelope import build
from net.core.genesis import Genesis
from net.core.release import DIGEST, RELEASE, VERSION
from net.core.transcript import Transcript
from net.release import ROOT, digest, files, release

ROOT_DIR = Path(__file__).resolve().parents[2]


def test_the_named_release_is_the_files_digest() -> None:
    assert digest() == DIGEST, "the rules, bots or protocol core changed: run `python -m tools.release`"
    assert release() == RELEASE == f"{VERSION}+{DIGEST}"


def test_the_version_is_the_packages() -> None:
    meta = tomllib.loads((ROOT_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["version"] == VERSION


def test_the_digest_covers_rules_data_bots_and_core() -> None:
    names = files()
    assert "game/rules/data/standard.json" in names and "game/rules/engine.py" in names
    assert any(n.startswith("game/bots/") for n in names) and "net/core/referee.py" in names
    assert "net/core/release.py" not in names and "net/mesh/node.py" not in names


def test_a_changed_data_file_changes_the_digest(tmp_path: Path) -> None:
    """A one-line change to the rules data is another release: its copy names itself
    'modified' with its own digest."""
    for rel in files():
        dst = tmp_path / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_bytes((ROOT / rel).read_bytes())
    assert digest(tmp_path) == DIGEST
    data = tmp_path / "game/rules/data/standard.json"
    data.write_bytes(data.read_bytes().replace(b"\n", b"\n ", 1))
    assert digest(tmp_path) != DIGEST
    crlf = tmp_path / "game/rules/engine.py"  # a checkout with Windows line ends is the same release
    data.write_bytes((ROOT / "game/rules/data/standard.json").read_bytes())
    crlf.write_bytes(crlf.read_bytes().replace(b"\n", b"\r\n"))
    assert digest(tmp_path) == DIGEST


def test_a_genesis_of_another_release_is_refused_naming_the_release_to_install() -> None:
    body = Genesis(GAME_ID, tuple(seats_for(2))).body()
    body["release"] = "0.0.9+0123456789abcdef modified fedcba9876543210"
    res = Transcript().offer(build(identity(0), game=GAME_ID, seq=0, prev=None, kind="genesis", at=0, state="",
                                   body=body).raw)
    assert not res.ok and res.code == "release_mismatch"
    assert "install release 0.0.9+0123456789abcdef" in res.text and RELEASE in res.text
