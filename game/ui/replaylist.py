"""The main menu's list of games to watch again ("Watch a replay"): this user's local saves
of ``soe play`` and the logs that ``soe host``, ``join``, ``spectate`` and ``resume``
write by default, newest first. Each is said from what is cheap to read, never by
replaying or verifying it: the file's date, its first line (the powers, who played them,
which one this user played) and, for a network log, its last lines (the signed ends of a
finished game and its winners). Whether a local save is finished takes a replay of its
inputs: that is worked out for the rows on screen only, one per frame, after the list is
shown. Picking a game opens its replay as ``soe replay FILE`` does
(:func:`game.ui.replay.open_replay`)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.ui import palette as P
from game.ui.app import Intent
from game.ui.assets import text, wrap
from game.ui.menu import BACKDROP, MenuScene
from game.ui.settings import Settings
from game.ui.widgets import Button, card, draw_button

PAGE = 7  # rows on one page of the list
HEAD = 65536  # at most this much of a file's first line is read
TAIL = 32768  # the end of a network log read for its end messages (one per player, after the openings)
REPLAY_SPEED = {"slow": "slow", "normal": "normal", "fast": "fast", "instant": "off"}  # settings' word -> replay's


@dataclass
class GameEntry:
    """One game file as the list says it."""

    path: Path
    kind: str  # "local" or "network"
    modified: float  # when it was last written (seconds since the epoch)
    powers: list[str] = field(default_factory=list)  # power ids by seat
    names: list[str] = field(default_factory=list)  # the players' names by seat (network games)
    you: int = -1  # the seat this user played, -1 when none or not known
    spectator: bool = False  # a network log this user kept as a spectator
    opponents: str = ""  # a local game's computer players' strength
    finished: bool | None = None  # None: not known (yet)
    winners: list[str] = field(default_factory=list)
    problem: str = ""  # why its first line says no game ("" when it does)


def game_dirs() -> tuple[Path, Path]:
    """Where local saves and network game logs are kept by default."""
    from game.cli.textplay import local_games_dir
    from game.client.folders import network_games_dir

    return local_games_dir(), network_games_dir()


def list_games() -> list[GameEntry]:
    """Every ``*.jsonl`` file of the two folders, newest first, each read cheaply."""
    found: list[tuple[int, str, GameEntry]] = []
    for folder, kind in zip(game_dirs(), ("local", "network"), strict=True):
        try:
            files = sorted(p for p in folder.glob("*.jsonl") if p.is_file())
        except OSError:
            continue
        for path in files:
            try:
                st = path.stat()
            except OSError:
                continue
            found.append((st.st_mtime_ns, path.name, read_entry(path, kind, st.st_mtime, st.st_size)))
    found.sort(key=lambda f: (f[0], f[1]), reverse=True)
    return [e for _, _, e in found]


def read_entry(path: Path, kind: str, modified: float, size: int) -> GameEntry:
    """What the list says of one file: its first line (and a network log's last lines)."""
    e = GameEntry(path, kind, modified)
    try:
        with open(path, "rb") as f:
            first = f.readline(HEAD)
            if kind == "network":
                f.seek(max(0, size - TAIL))
                tail = f.read(TAIL)
                if size > TAIL:
                    tail = tail.split(b"\n", 1)[-1]  # a line cut by the seek
            else:
                tail = b""
    except OSError as exc:
        e.problem = f"cannot be read: {exc.strerror or exc}"
        return e
    try:
        head = json.loads(first)
    except ValueError:
        head = None
    if not isinstance(head, dict):
        e.problem = "empty" if not first.strip() else "its first line is no game's"
        return e
    try:
        if kind == "local":
            _local(e, head)
        else:
            _network(e, head, tail)
    except (KeyError, TypeError, ValueError, IndexError):
        e.problem = "its first line is no game's"
    return e


def _local(e: GameEntry, head: dict[str, Any]) -> None:
    from game.cli.textplay import LOCAL

    if head.get("kind") != LOCAL:
        raise ValueError("not a local save")
    e.powers = [str(p) for p in head["powers"]]
    e.you = int(head["seat"]) if 0 <= int(head["seat"]) < len(e.powers) else -1
    e.opponents = str(head.get("level") or head.get("bots") or "")
    known = _outcomes.get(_key(e))
    if known is not None:
        e.finished, e.winners = known


def _network(e: GameEntry, head: dict[str, Any], tail: bytes) -> None:
    from net.core.identity import fingerprint

    if head.get("kind") != "genesis":
        raise ValueError("not a network log")
    seats = head["body"]["seats"]
    e.powers = [str(s["power"]) for s in seats]
    e.names = [str(s.get("name", "")) for s in seats]
    parts = e.path.name.split(".")  # GAME.FINGERPRINT[.ROLE].jsonl, as soe host/join/spectate name it
    e.spectator = len(parts) == 4 and parts[2] == "spectator"
    if len(parts) >= 3 and not e.spectator:
        mine = [i for i, s in enumerate(seats) if s.get("key") and fingerprint(str(s["key"])) == parts[1]]
        e.you = mine[0] if mine else -1
    e.finished = False
    for line in tail.split(b"\n"):
        if b'"end"' not in line:
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if isinstance(msg, dict) and msg.get("kind") == "end" and isinstance(msg.get("body"), dict):
            e.finished = True
            e.winners = [str(w) for w in msg["body"].get("winners", [])]


# whether each local save is finished, and its winners, by (file, size, time written)
_outcomes: dict[tuple[str, int, int], tuple[bool | None, list[str]]] = {}


def _key(e: GameEntry) -> tuple[str, int, int]:
    try:
        st = e.path.stat()
    except OSError:
        return (str(e.path), -1, -1)
    return (str(e.path), st.st_size, st.st_mtime_ns)


def check_local(e: GameEntry) -> None:
    """Whether a local save is finished, by replaying its inputs (kept for the file as it
    is): ``finished`` stays None when the save cannot be replayed (its replay says why)."""
    from game.cli.textplay import read_local
    from game.rules import RulesError, apply_in_place, new_game, outcome, pending

    key = _key(e)
    known = _outcomes.get(key)
    if known is None:
        try:
            header, inputs = read_local(e.path)
            st = new_game([str(p) for p in header["powers"]])
            for inp in inputs:
                apply_in_place(st, inp)
            over = pending(st).is_over
            res = outcome(st) if over else None
            known = (over, [str(w) for w in res["winners"]] if res else [])
        except (OSError, ValueError, KeyError, TypeError, RulesError):
            known = (None, [])
        _outcomes[key] = known
    e.finished, e.winners = known
    if e.finished is None:
        e.problem = "damaged"


def power_name(pid: str) -> str:
    from game.rules.board import load_board

    b = load_board()
    return b.power_name(pid) if pid in b.power_by_id else pid


def headline(e: GameEntry) -> str:
    """The first line of a row: when, what kind of game (and how it stands: :func:`standing`)."""
    when = time.strftime("%d %b %Y %H:%M", time.localtime(e.modified))
    kind = "Local game" if e.kind == "local" else ("Network game, as a spectator" if e.spectator else "Network game")
    return f"{when}   {kind}"


def standing(e: GameEntry) -> str:
    """Whether the game is finished and who won, or why the file may not be watched."""
    if e.problem:
        state = e.problem
    elif e.finished is None:
        state = "\u2026"  # being checked
    elif e.finished:
        names = " and ".join(power_name(w) for w in e.winners)
        state = f"finished: {names} {'win' if len(e.winners) > 1 else 'won'}" if names else "finished"
    else:
        state = "not finished"
    return state


def who_played(e: GameEntry) -> str:
    """The second line of a row: the powers, and who played them."""
    if not e.powers:
        return e.path.name
    if e.kind == "local":
        me = power_name(e.powers[e.you]) if e.you >= 0 else ""
        others = [power_name(p) for i, p in enumerate(e.powers) if i != e.you]
        level = f", {e.opponents}" if e.opponents else ""
        return (f"You played {me} against {', '.join(others)} (computer{level})" if me
                else ", ".join(others) + f" (computer{level})")
    seats = [power_name(p) + (f" ({n})" if n else "") for p, n in zip(e.powers, e.names, strict=True)]
    you = f"; you played {power_name(e.powers[e.you])}" if e.you >= 0 else ""
    return ", ".join(seats) + you


class ReplayListMenu(MenuScene):
    """The list (see the module docstring): a page of games, newer and older pages (the
    buttons, Page Up and Page Down, or the wheel), back (or Esc)."""

    heading = "Watch a replay"

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.games = list_games()
        self.page = 0
        self.opening: Path | None = None  # picked: read once the frame saying so is on screen
        self.said_opening = False
        self.rows: list[tuple[pygame.Rect, GameEntry]] = []
        self.drawn: list[str] = []  # the words the last frame showed, for tests

    def shown(self) -> list[GameEntry]:
        return self.games[self.page * PAGE:(self.page + 1) * PAGE]

    def layout(self) -> list[Button]:
        w, _ = self.size
        bw, bh, gap = min(w - self.px(80), self.px(1000)), self.px(54), self.px(8)
        x, y = w // 2 - bw // 2, self.px(130)
        out = [Button(pygame.Rect(x, y + i * (bh + gap), bw, bh), "", ("game", e.path))
               for i, e in enumerate(self.shown())]
        rows = PAGE if len(self.games) > PAGE else max(2, len(self.games))  # the buttons stay put between pages
        y += rows * (bh + gap) + self.px(22)
        nw = self.px(200)
        more = (self.page + 1) * PAGE < len(self.games)
        out.append(Button(pygame.Rect(w // 2 - nw // 2 - self.px(12) - nw, y, nw, self.px(42)), "\u25c0 Newer",
                          ("page", -1), self.page > 0, tip="Page Up"))
        back = Button(pygame.Rect(w // 2 - nw // 2, y, nw, self.px(42)), "Back", ("back",))
        back.primary = True
        out.append(back)
        out.append(Button(pygame.Rect(w // 2 + nw // 2 + self.px(12), y, nw, self.px(42)), "Older \u25b6",
                          ("page", 1), more, tip="Page Down"))
        return out

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "wheel" and intent.steps:  # the wheel turns the pages
            self.choose(("page", -1 if intent.steps > 0 else 1))
            return True
        return super().handle(intent)

    def key(self, intent: Intent) -> None:
        if intent.key == pygame.K_ESCAPE:
            self.back()
        elif intent.key == pygame.K_PAGEDOWN:
            self.choose(("page", 1))
        elif intent.key == pygame.K_PAGEUP:
            self.choose(("page", -1))

    def choose(self, key: object) -> None:
        if not isinstance(key, tuple):
            return
        if key[0] == "back":
            self.back()
        elif key[0] == "page":
            pages = max(1, -(-len(self.games) // PAGE))
            self.page = max(0, min(pages - 1, self.page + int(key[1])))
        elif key[0] == "game" and isinstance(key[1], Path) and self.opening is None:
            path = key[1]
            kind = next((e.kind for e in self.games if e.path == path), "local")
            self.message = f"Reading {path.name}" + (" and verifying it\u2026" if kind == "network" else "\u2026")
            self.opening, self.said_opening = path, False
        if self.app is not None:
            self.app.dirty = True

    def update(self, dt: float) -> None:
        if self.opening is not None:
            if not self.said_opening or self.app is None:
                return
            from game.ui.replay import open_replay

            path, self.opening = self.opening, None
            err = open_replay(self.app, path, REPLAY_SPEED.get(self.settings.speed, "normal"), from_list=True)
            self.message = err.replace(str(path), path.name)
            self.app.dirty = True
            return
        todo = next((e for e in self.shown() if e.kind == "local" and e.finished is None and not e.problem), None)
        if todo is not None:
            check_local(todo)
            if self.app is not None:
                self.app.dirty = True

    def busy(self) -> bool:
        return self.opening is not None or any(e.kind == "local" and e.finished is None and not e.problem
                                               for e in self.shown())

    def draw(self, surf: pygame.Surface) -> None:
        BACKDROP.draw(surf)
        w, h = self.size
        self.drawn = []
        t = text(self.heading, "serif-bold", self.px(56), P.HIGHLIGHT)
        surf.blit(t, t.get_rect(midtop=(w // 2, self.px(30))))
        self.buttons = self.layout()
        rows = [b for b in self.buttons if b.key[0] == "game"]  # type: ignore[index]
        area = self.buttons[0].rect.unionall([b.rect for b in self.buttons])
        if not rows:
            area.union_ip(pygame.Rect(area.x, self.px(130), area.width, self.px(60)))
        box = area.inflate(self.px(60), self.px(50))
        card(surf, box, 210, self.px(14))
        for b in self.buttons:
            draw_button(surf, b, self.mouse, self.px(17))
        local, network = game_dirs()
        if not rows:
            lines = ["No games to watch yet.",
                     f"Games against the computer are saved in {local}",
                     f"and network games' logs are kept in {network}:",
                     "play one, and it is listed here."]
            y = self.px(140)
            for line in lines:
                self.drawn.append(line)
                for part in wrap(line, "sans", self.px(16), area.width - self.px(20)):
                    s = text(part, "sans", self.px(16), P.TEXT)
                    surf.blit(s, s.get_rect(midtop=(w // 2, y)))
                    y += s.get_height() + self.px(2)
        for b in rows:
            e = next(g for g in self.shown() if g.path == b.key[1])  # type: ignore[index]
            self._row(surf, b.rect, e)
        n = len(self.games)
        if n:
            first = self.page * PAGE + 1
            count = f"Games {first}-{min(n, first + PAGE - 1)} of {n}, newest first; from {local} and {network}"
            s = text(count, "cond", self.px(12), P.TEXT_DIM)
            if s.get_width() > box.width - self.px(20):
                count = f"Games {first}-{min(n, first + PAGE - 1)} of {n}, newest first"
                s = text(count, "cond", self.px(12), P.TEXT_DIM)
            self.drawn.append(count)
            surf.blit(s, s.get_rect(midbottom=(w // 2, box.bottom - self.px(4))))
        if self.message:
            self._message(surf, w, h)

    def _row(self, surf: pygame.Surface, r: pygame.Rect, e: GameEntry) -> None:
        chip = pygame.Rect(r.x + self.px(8), r.y + self.px(8), self.px(6), r.height - self.px(16))
        pygame.draw.rect(surf, (120, 176, 240) if e.kind == "network" else P.HIGHLIGHT, chip, border_radius=2)
        x, room = chip.right + self.px(12), r.right - chip.right - self.px(24)
        top, state, sub = headline(e), standing(e), who_played(e)
        self.drawn += [f"{top}   {state}", sub]
        a = _fit(top, "sans-bold", self.px(15), P.BUTTON_TEXT, room)
        surf.blit(a, (x, r.y + self.px(6)))
        colour = (255, 170, 150) if e.problem else ((170, 230, 160) if e.finished else (225, 215, 195))
        st = _fit(state, "sans-bold", self.px(15), colour, room - a.get_width() - self.px(24))
        surf.blit(st, (x + a.get_width() + self.px(24), r.y + self.px(6)))
        b = _fit(sub, "cond", self.px(14), P.BUTTON_TEXT, room)
        surf.blit(b, (x, r.bottom - self.px(6) - b.get_height()))

    def _message(self, surf: pygame.Surface, w: int, h: int) -> None:
        m = _fit(self.message, "sans-bold", self.px(15), (255, 200, 180), w - self.px(80))
        self.drawn.append(self.message)
        if self.opening is not None:
            self.said_opening = True
        r = m.get_rect(midbottom=(w // 2, h - self.px(14))).inflate(self.px(20), self.px(10))
        pygame.draw.rect(surf, (40, 20, 16), r, border_radius=6)
        pygame.draw.rect(surf, P.BAD if self.opening is None else P.PANEL_EDGE, r, 1, border_radius=6)
        surf.blit(m, m.get_rect(center=r.center))


def _fit(words: str, face: str, size: int, colour: P.Colour, width: int) -> pygame.Surface:
    """``words`` in one line no wider than ``width``: condensed if need be, then cut short
    with an ellipsis."""
    s = text(words, face, size, colour)
    if s.get_width() <= width:
        return s
    face = "cond-bold" if "bold" in face else "cond"
    s = text(words, face, size, colour)
    cut = words
    while s.get_width() > width and len(cut) > 8:
        cut = cut[:max(8, len(cut) * width // max(1, s.get_width()) - 2)].rstrip()
        s = text(cut + "\u2026", face, size, colour)
    return s
