"""Which printed space each control marker stands on.

The rules count control markers per power and area; the board prints one space per
nation counter, with the counter's name under it. A marker stands on the space of the
counter it came with (drawn at the setup, colonised, enslaved, conquered) and stays there
when it changes hands (a battle won against its owner puts the winner's marker in its
place; a Pirates or Slave Revolt tile that captures it holds its space until the tile is
beaten). :class:`MarkerSpaces` follows a game's steps (the state after each and its
events, as :func:`game.rules.event_dicts` gives them) and says, for each area, which
counter's space holds whose marker. Whatever the events leave unsaid (a marker removed
by a rule that names no space) is settled against the state's counts, on the spaces
whose counters are out of play first, so that the board never shows more or fewer
markers than the rules count."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game.rules import State
from game.rules.board import Board

# area -> counter id (its space) -> seat whose marker stands there
Spaces = dict[str, dict[str, int]]


class MarkerSpaces:
    """The markers' spaces over a game's steps (see the module docstring)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.order = {a.id: [c.id for c in board.counters if c.area == a.id] for a in board.areas}
        self.at: Spaces = {}
        self.held: dict[tuple[str, str], str] = {}  # (area, tile) -> the space its captured marker stood on
        self._saved: dict[int, tuple[Spaces, dict[tuple[str, str], str]]] = {}
        self._last = -1
        self._kept = -1  # the position whose copy was kept last

    # ------------------------------------------------------------------ following
    def feed(self, st: State, events: Iterable[Mapping[str, Any]]) -> None:
        """The step that made ``st`` (its events as a screen sees them). A step that goes
        back (an undo, a replay's jump) takes up the spaces kept for that position, if any
        were. Reads only what every player sees (counters, markers, the bag)."""
        steps = st.steps
        if steps <= self._last:
            kept = self._saved.get(steps)
            if kept is not None:
                self.at = {a: dict(m) for a, m in kept[0].items()}
                self.held = dict(kept[1])
                self._last = steps
                return
            self.at, self.held = {}, {}  # nothing known of it: settled from the counts alone
        else:
            seats = {p: i for i, p in enumerate(st.powers)}
            for e in events:
                self._event(e, seats)
        self._settle(st)
        self._last = steps
        kept = self._saved.get(self._kept)
        if kept is None or kept[0] != self.at or kept[1] != self.held:  # (an unchanged position shares its copy)
            kept = ({a: dict(m) for a, m in self.at.items()}, dict(self.held))
        self._saved[steps] = kept
        self._kept = steps

    def _event(self, e: Mapping[str, Any], seats: Mapping[str, int]) -> None:
        kind = e.get("kind")
        area = str(e.get("area", ""))
        seat = seats.get(str(e.get("power", "")), -1)
        if kind in ("setup_marker", "colonise", "enslave", "neutral_conquered"):
            counter = str(e.get("counter", ""))
            if seat >= 0 and counter in self.order.get(area, ()):
                self.at.setdefault(area, {})[counter] = seat
        elif kind == "marker_taken":
            loser = seats.get(str(e.get("loser", "")), -1)
            space = self._first_of(area, loser)
            if space is not None:
                if e.get("replaced") and seat >= 0:
                    self.at[area][space] = seat
                else:
                    del self.at[area][space]
        elif kind == "marker_captured":
            space = self._first_of(area, seat)
            if space is not None:
                del self.at[area][space]
                self.held[(area, str(e.get("tile", "")))] = space
        elif kind == "tile_beaten":
            space = self.held.pop((area, str(e.get("tile", ""))), None)
            if space is not None and seat >= 0:
                self.at.setdefault(area, {})[space] = seat

    def _first_of(self, area: str, seat: int) -> str | None:
        here = self.at.get(area, {})
        return next((c for c in self.order.get(area, ()) if here.get(c) == seat), None)

    def _settle(self, st: State) -> None:
        """Make the spaces agree with the view's counts: a marker too many leaves its last
        space; a marker the events did not place takes a free space (one whose counter is
        out of play first, then one whose counter is still in the bag); a face-up counter
        keeps its own space."""
        markers, face_up, bag = st.markers, st.face_up, set(st.bag)
        for area, order in self.order.items():
            counts = markers.get(area, [])
            here = self.at.get(area, {})
            up = set(face_up.get(area, ()))
            for c in [c for c in here if c in up]:
                del here[c]
            for seat in sorted(set(here.values()) | {s for s, n in enumerate(counts) if n}):
                mine = [c for c in order if here.get(c) == seat]
                want = counts[seat] if seat < len(counts) else 0
                for c in mine[want:]:
                    del here[c]
                held = set(self.held_spaces(area))
                for _ in range(want - len(mine)):
                    free = [c for c in order if c not in here and c not in up and c not in held]
                    if not free:
                        break
                    gone = [c for c in free if c not in bag]
                    here[(gone or free)[0]] = seat
            if here:
                self.at[area] = here
            else:
                self.at.pop(area, None)

    def held_spaces(self, area: str) -> list[str]:
        """The spaces of ``area`` a captured marker's tile holds."""
        return [space for (a, _), space in self.held.items() if a == area]

    # ------------------------------------------------------------------ reading
    def spaces(self, area: str) -> dict[str, int]:
        """Counter id (its space) -> the seat whose marker stands there, in ``area``."""
        return dict(self.at.get(area, {}))
