"""What a player remembers from the events, to tell them well: the auction under way
(the high bid, its proposal, who passed since) and who fights the current battle with
what help, so that a battle's line can say how each side's total was reached.

The window and the terminal both feed every step's events to a :class:`Tracker` and show
the lines it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.client.logbook import Side
from game.client.words.events import event_sentence
from game.client.words.lang import join_list, say, say_n
from game.client.words.names import Names
from game.rules import Input, Roll, State, view
from game.rules.board import load_board


def units_before(st: State, inp: Input, seat: int | None) -> dict[str, list[list[int]]] | None:
    """The units on the map before chance values are applied (a battle's dice may settle it
    at once, losses included): what each side fought with."""
    return view(st, seat)["units"] if isinstance(inp, Roll) else None


@dataclass
class Tracker:
    """What a player remembers from the events: the auction under way, and who fights the
    current attack with what help, so that a battle line can say how each total was reached."""

    high: int = -1
    leader: str = ""
    box_a: str = "-"
    box_b: str = "-"
    passed: list[str] = field(default_factory=list)
    sides: list[str] = field(default_factory=lambda: ["", ""])  # power ids ("" for a neutral or a tile)
    # each side's neutral force when it has no power: ("counter" or "tile", its id), or ("", "") unknown
    neutrals: list[tuple[str, str]] = field(default_factory=lambda: [("", ""), ("", "")])
    helpers: list[tuple[int, str, int, int]] = field(default_factory=list)  # side, power, armies, fleets
    tiles: list[tuple[int, str, str]] = field(default_factory=list)  # side, alliance tile, unit
    support: int = -1
    blockade: bool = False
    dice: list[int] = field(default_factory=list)

    fought: list[tuple[int, int, int]] = field(default_factory=list)  # per side: armies, fleets, forts
    before: dict[str, list[list[int]]] | None = field(default=None, repr=False)
    # the last step's battles, by the index of their event: each side's total, strength and dice
    blocks: dict[int, list[Side]] = field(default_factory=dict, repr=False)
    _at: int = field(default=0, repr=False)

    def feed(self, st: State, events: list[dict[str, Any]],
             before: dict[str, list[list[int]]] | None = None) -> list[str]:
        """Take in a step's events (``before``: the units on the map before the step, for a
        roll); returns the lines to print for them."""
        self.before = before
        self.blocks = {}
        out = []
        for i, e in enumerate(events):
            self._at = i
            out.append(self._one(st, e))
        return out

    def _side_of(self, power: Any) -> int:
        return 0 if power and power == self.sides[0] else 1

    def name(self, st: State, side: int) -> str:
        """Side ``side`` of the current fight (0 the attacker, 1 the defender), named in the
        language in use: its power, its neutral force, else "the attacker", "the defender"."""
        nm = Names(load_board(st.ruleset))
        power = self.sides[side]
        if power:
            return nm.power(power) if power in nm.board.power_by_id else power
        kind, ident = self.neutrals[side]
        if kind == "counter":
            return nm.counter(ident)
        if kind == "tile":
            return nm.the_tile(ident)
        if kind == "revolt":
            return say("the revolt")
        return say("the attacker") if side == 0 else say("the defender")

    def _one(self, st: State, e: dict[str, Any]) -> str:
        b = load_board(st.ruleset)
        k = e["kind"]
        text = event_sentence(e, b)
        if k == "bid":
            self.high, self.leader = int(e["bid"]), str(e["power"])
            self.box_a, self.box_b = str(e.get("a", "-")), str(e.get("b", "-"))
            self.passed = []
        elif k == "bid_pass":
            self.passed.append(str(e["power"]))
        elif k in ("auction_won", "war", "play_order"):
            self.high, self.leader, self.box_a, self.box_b, self.passed = -1, "", "-", "-", []
        elif k == "attack":
            target, kind = str(e.get("target", "")), e.get("target_kind")
            self._new_fight(str(e.get("power", "")), target if kind in ("power", "naval") else "")
            if kind == "counter" and target in b.counter_by_id:
                self.neutrals[1] = ("counter", target)
            elif kind == "tile" and target in b.tile_by_id:
                self.neutrals[1] = ("tile", target)
        elif k == "revolt":
            self._new_fight("", str(e.get("power", "")))
            tile = str(e.get("tile", ""))
            self.neutrals[0] = ("tile", tile) if tile in b.tile_by_id else ("revolt", "")
        elif k == "help":
            side = 0 if self.sides[0] and e.get("asker") == self.sides[0] else 1
            self.helpers.append((side, str(e.get("power", "")), int(e.get("armies", 0)), int(e.get("fleets", 0))))
        elif k == "alliance_tile":
            self.tiles.append((self._side_of(e.get("power")), str(e.get("tile", "")), str(e.get("unit", ""))))
        elif k == "naval_support":
            self.support = 0 if str(e.get("power") or "") == self.sides[0] else 1
        elif k == "naval_declined":
            self.support = 0
        elif k == "naval_refused":
            self.support = 1
        elif k == "blockade_support":
            self.blockade = True
        elif k == "dice" and isinstance(e.get("dice"), list) and len(e["dice"]) == 4:
            self.dice = [int(x) for x in e["dice"]]
            self.fought = []
            units = (self.before or {}).get(str(e.get("area", "")))
            if units is not None:
                for power in self.sides:
                    u = units[st.powers.index(power)] if power in st.powers else [0, 0, 0]
                    self.fought.append((u[0], u[1], u[2]))
        elif k == "reroll" and isinstance(e.get("dice"), list) and len(self.dice) == 4:
            side = self._side_of(e.get("power"))
            self.dice[2 * side:2 * side + 2] = [int(x) for x in e["dice"]]
        elif k == "battle" and isinstance(e.get("totals"), list) and len(self.dice) == 4:
            return text + "\n" + self._battle_detail(st, e)
        return text

    def _own_units(self, st: State, side: int, sea: bool, strength: int, known: list[Part]) -> list[Part]:
        """The side's own units (and the training bonus) in front of what else it counts, when
        they add up to its strength; else just what else it counts."""
        b = load_board(st.ruleset)
        if not self.sides[side]:
            return known
        if len(self.fought) != 2:
            return known
        armies, fleets, forts = self.fought[side]
        own = [_own(fleets, "fleet") if sea else _own(armies, "army")]
        if side == 1 and not sea and forts:
            each = b.c("fort_strength")
            own.append((say_n("{n} fort (+{each} each)", "{n} forts (+{each} each)", forts, each=each),
                        each * forts))
        rest = strength - sum(v for _, v in own) - sum(v for _, v in known)
        if rest == b.c("training_bonus"):
            tile = Names(b).tile("naval_training" if sea else "army_training")
            own.append((say("{tile} (+{n})", tile=tile, n=rest), rest))
        elif rest != 0:
            return known
        return own + known

    def _new_fight(self, attacker: str, defender: str) -> None:
        self.sides = [attacker, defender]
        self.neutrals = [("", ""), ("", "")]
        self.helpers, self.tiles, self.support, self.blockade, self.dice = [], [], -1, False, []

    def _known(self, st: State, side: int, sea: bool) -> list[Part]:
        """What a side counts besides its own units: its allies' units, its alliance tiles,
        naval support."""
        b = load_board(st.ruleset)
        nm = Names(b)
        known: list[Part] = []
        for s, power, armies, fleets in self.helpers:
            n = fleets if sea else armies
            if s == side and n:
                who = nm.power(power) if power in b.power_by_id else power
                known.append((say_n("{power}'s {n} fleet", "{power}'s {n} fleets", n, power=who) if sea
                              else say_n("{power}'s {n} army", "{power}'s {n} armies", n, power=who), n))
        for s, tile, unit in self.tiles:
            if s == side and (unit == "fleet") == sea:
                name = nm.tile(tile) if tile in b.tile_by_id else tile
                known.append((say("{tile} (+1 fleet)", tile=name) if sea else say("{tile} (+1 army)", tile=name), 1))
        if not sea and self.support == side:
            n = b.c("naval_support_blockade") if self.blockade else b.c("naval_support")
            known.append((say("naval support (+{n})", n=n), n))
        return known

    def _battle_detail(self, st: State, e: dict[str, Any]) -> str:
        """How each total was reached: the strength (the side's units and forts, training,
        naval support, allies' units and alliance tiles) plus the difference of its dice."""
        b = load_board(st.ruleset)
        sea = bool(e.get("sea"))
        rows = []
        for side in (0, 1):
            name = self.name(st, side)
            d1, d2 = self.dice[2 * side], self.dice[2 * side + 1]
            total = int(e["totals"][side])
            diff = abs(d1 - d2)
            known = self._own_units(st, side, sea, total - diff, self._known(st, side, sea))
            parts = join_list(text for text, _ in known)
            seven = d1 + d2 == b.c("seven") and bool(self.sides[side])
            rows.append("      " + _row(name, total, total - diff, parts, d1, d2, diff, seven))
            self.blocks.setdefault(self._at, []).append(
                Side(name, self.sides[side], total, total - diff, (d1, d2), parts, seven))
        return "\n".join(rows)


Part = tuple[str, int]
"""A part of a side's strength: its words and what it adds."""


def _own(n: int, kind: str) -> Part:
    """A side's own armies or fleets: "no army", "1 army", "2 armies"."""
    if kind == "fleet":
        return (say("no fleet") if n == 0 else say_n("{n} fleet", "{n} fleets", n)), n
    return (say("no army") if n == 0 else say_n("{n} army", "{n} armies", n)), n


def _row(name: str, total: int, strength: int, parts: str, d1: int, d2: int, diff: int, seven: bool) -> str:
    """One side's line under a battle: how its total was reached."""
    fields = {"side": name, "total": total, "strength": strength, "parts": parts, "a": d1, "b": d2, "diff": diff}
    if parts and seven:
        return say("{side}: {total} = strength {strength} ({parts}) + dice {a} and {b} (difference {diff}); rolled 7: "
                   "one more unit lost", **fields)
    if parts:
        return say("{side}: {total} = strength {strength} ({parts}) + dice {a} and {b} (difference {diff})", **fields)
    if seven:
        return say("{side}: {total} = strength {strength} + dice {a} and {b} (difference {diff}); rolled 7: one more "
                   "unit lost", **fields)
    return say("{side}: {total} = strength {strength} + dice {a} and {b} (difference {diff})", **fields)
