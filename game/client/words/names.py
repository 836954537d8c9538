"""The names of things on the board, as a player reads them: powers, areas, tiles, nation
counters and units. Every sentence takes its names from here (never from the board
directly), so a later language renames them in this one place.

Names come from the component data (``game.rules.board.load_board(ruleset)``); units are
words of their own ("army", "an army", "armies").
"""

from __future__ import annotations

from game.client.words.lang import Name, join_and, say, say_in, say_n
from game.rules.board import Board


class Names:
    """The names of one board's components."""

    __slots__ = ("board",)

    def __init__(self, board: Board) -> None:
        self.board = board

    def power(self, power: str) -> str:
        """A great power: "Great Britain" (a :class:`~game.client.words.lang.Name`, which a
        template may ask with a preposition: ``{power:of}``)."""
        msgid = self.board.power_name(power)
        return Name(say_in("power", msgid), "power", msgid)

    def area(self, area: str) -> str:
        """An area or a home nation: "Central Europe", "Spain" (a
        :class:`~game.client.words.lang.Name`: ``{area:in}``, ``{src:from}``, ``{dst:to}``)."""
        msgid = self.board.area_name(area)
        return Name(say_in("area", msgid), "area", msgid)

    def tile(self, tile: str) -> str:
        """A tile: "Naval Training", "Pirates"."""
        return say_in("tile", self.board.tile_name(tile))

    def the_tile(self, tile: str) -> str:
        """A tile named as the force it stands for: "the Pirates", "the Slave Revolt"."""
        return say("the {tile}", tile=self.tile(tile))

    def counter(self, counter: str) -> str:
        """A nation counter: "Hanover"."""
        return say_in("counter", self.board.counter_name(counter))

    def unit(self, kind: str) -> str:
        """A unit kind as a noun: "army", "fleet", "fort"."""
        return {"army": say("army"), "fleet": say("fleet"), "fort": say("fort")}[kind]

    def a_unit(self, kind: str) -> str:
        """One unit of a kind: "an army", "a fleet", "a fort"."""
        return {"army": say("an army"), "fleet": say("a fleet"), "fort": say("a fort")}[kind]

    def units(self, kind: str) -> str:
        """Units of a kind: "armies", "fleets", "forts"."""
        return {"army": say("armies"), "fleet": say("fleets"), "fort": say("forts")}[kind]

    def count(self, kind: str, n: int) -> str:
        """``n`` units of a kind: "1 army", "2 fleets", "0 armies"."""
        if kind == "army":
            return say_n("{n} army", "{n} armies", n)
        if kind == "fleet":
            return say_n("{n} fleet", "{n} fleets", n)
        return say_n("{n} fort", "{n} forts", n)

    def forces(self, armies: int, fleets: int) -> str:
        """The armies and fleets of a force, those it has: "1 army", "2 armies and 1 fleet"."""
        parts = []
        if armies > 0:
            parts.append(self.count("army", armies))
        if fleets > 0:
            parts.append(self.count("fleet", fleets))
        return join_and(parts)

    def neutral(self, kind: str, ident: str) -> str:
        """The neutral side of a battle: a nation counter ("Hanover") or a tile's force
        ("the Pirates"); "the neutral" when it is not known."""
        if kind == "counter":
            return self.counter(ident)
        if kind == "tile":
            return self.the_tile(ident)
        return say("the neutral")

    def is_plural(self, kind: str, ident: str) -> bool:
        """Whether the name is grammatically plural (its verb agrees: "the Pirates win",
        "the Slave Revolt wins"): in English only the Pirates."""
        return kind == "tile" and ident == "pirates"


__all__ = ["Names"]
