"""What puts a network game on the window's screen from its menus and lobbies: the game
screen of a :class:`~game.client.nettable.NetTable` (:func:`show_table`, through
:func:`game.ui.navigation.play`), the last game played (a local save or a network game's
log, whichever is newer) and continuing one from a menu (:class:`Opener`: a network
game's log is taken up in a worker, its failure said in words)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.ui import navigation
from game.ui.app import App, Scene

if TYPE_CHECKING:
    from game.client.netgames import Resumed
    from game.client.netlobby import Job
    from game.client.nettable import NetTable
    from game.client.settings import Settings


def network_logs() -> list[Path]:
    """The network games' logs that can be taken up (their peer files beside them), newest
    first: what :func:`game.client.netgames.network_games` lists, found here without
    loading the network's code, which the main menu does not need to open."""
    from game.client import folders

    found: list[tuple[int, str, Path]] = []
    for d in folders.game_dirs("games"):
        try:
            logs = [p for p in d.glob("*.jsonl") if p.is_file() and is_network(p)]
            found += [(p.stat().st_mtime_ns, p.name, p) for p in logs]
        except OSError:
            continue
    return [p for _, _, p in sorted(found, reverse=True)]


def is_network(path: Path) -> bool:
    """Whether ``path`` is a network game's log (its peer file beside it), not a local save."""
    return path.with_name(path.name + ".peer.json").exists()


def last_game(skip: frozenset[Path] = frozenset()) -> Path | None:
    """The game played last: the newest of the local saves and the network games' logs
    (leaving out ``skip``: those that could not be continued)."""
    found = [p for p in (next((g for g in navigation.saved_games() if g not in skip), None),
                         next((g for g in network_logs() if g not in skip), None)) if p]
    try:
        return max(found, key=lambda p: p.stat().st_mtime_ns) if found else None
    except OSError:
        return found[0]


def preload() -> None:
    """Load the game screen's code now, from a lobby, rather than on the frame that opens
    the game, where a spectator's window is busy catching up."""
    navigation.scene_class("game")


def show_table(app: App, table: NetTable, settings: Settings, *, history: bool = False) -> Scene:
    """The game screen of a network game's ``table`` alone on the stack; with ``history``,
    the game so far (a resumed table's first steps) shown at once rather than replayed."""
    from game.ui.gamescreen import as_screen

    scene = navigation.play(app, table, settings.speed, settings.name)
    if history:
        screen = as_screen(scene)
        screen.update(0.0)
        screen.skip()
    return scene


class Opener:
    """Continuing a game from a menu: a local save at once
    (:func:`game.ui.navigation.continue_game`), a network game's log taken up in a worker
    (its files checked and its log replayed: a moment for a long game), then put on screen.
    The menu calls :meth:`poll` each frame."""

    def __init__(self) -> None:
        self.job: Job[Resumed] | None = None
        self.path: Path | None = None

    def open(self, app: App, settings: Settings, path: Path) -> str:
        """Start continuing ``path``: what to say meanwhile, or why it cannot be continued."""
        if not is_network(path):
            return navigation.continue_game(app, settings, path)
        from game.client.netlobby import resume_job
        from game.client.words.lobby import t

        if self.job is None or self.path is None:
            self.job, self.path = resume_job(path), path
        return t("resuming", name=self.path.name)

    def poll(self, app: App, settings: Settings) -> str | None:
        """None while nothing changed; "" when the game is on screen; else why it could not be taken up."""
        job = self.job
        if job is None or not job.done:
            return None
        self.job = None
        if job.value is None:
            return job.error
        from game.client.netlobby import resumed_table

        show_table(app, resumed_table(job.value), settings, history=True)
        return ""

    def busy(self) -> bool:
        return self.job is not None
