"""Turning the engine's legal choices into clicks, one part at a time.

A choice is a kind and a few arguments (``move africa fleet india``). The picker splits
the legal choices into parts (the kind, then each argument; an attack's target type and
target make one part) and offers, at each step, the distinct next parts among the
choices that still match what was clicked so far. A part that names an area is clicked on
the map, one that names a counter or a power's pieces on its piece; every other part is a
button. When one choice is left it is complete; a choice of more than one clicked part
waits for a confirmation. The picker never invents a choice: every step filters the
engine's own list."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from game.client.words.lang import language, say, say_in
from game.client.words.names import Names
from game.rules import Choice
from game.rules.board import Board

Part = tuple[str | int, ...]


def parts_of(choice: Choice) -> list[Part]:
    """The parts a player clicks for one choice, in order."""
    out: list[Part] = [(choice.kind,)]
    args = list(choice.args)
    if choice.kind == "attack" and len(args) == 3:
        out += [(args[0],), (args[1], args[2])]
    else:
        out += [(a,) for a in args]
    return out


@dataclass(frozen=True)
class Option:
    """One clickable next part: where it is (``target``: a map target or None for a
    button) and its words."""

    part: Part
    label: str
    target: tuple[str, ...] | None


@dataclass
class Picker:
    choices: list[Choice]
    board: Board
    area: str = ""  # the area the parts so far point at (to find a power's pieces)
    picked: list[Part] = field(default_factory=list)
    clicked: int = 0  # parts the player clicked (the others were forced)

    def matching(self) -> list[Choice]:
        n = len(self.picked)
        return [c for c in self.choices if parts_of(c)[:n] == self.picked]

    def bid_range(self) -> tuple[int, int] | None:
        """When the next part is a run of bid values: its lowest and highest."""
        if self.picked not in ([], [("bid",)]):
            return None
        bids = [int(c.args[0]) for c in self.choices if c.kind == "bid" and len(c.args) == 1
                and isinstance(c.args[0], int)]
        return (min(bids), max(bids)) if bids else None

    def amount_range(self) -> tuple[int, int] | None:
        """When the next part is a run of amounts (a bid, the gold of an offer): its lowest
        and highest, for one number entry instead of a button per value."""
        got = self.bid_range()
        if got is not None:
            return got
        self.options()  # the parts that are forced (the ally asked) are taken
        if len(self.picked) != 2 or self.picked[0] != ("offer",):
            return None
        golds = [int(c.args[1]) for c in self.matching() if c.kind == "offer" and len(c.args) == 2
                 and isinstance(c.args[1], int) and not isinstance(c.args[1], bool)]
        return (min(golds), max(golds)) if golds else None

    def amount_choice(self, n: int) -> Choice | None:
        """The listed bid or offer of ``n`` among the choices still open (None if none)."""
        for c in self.matching():
            if c.kind in ("bid", "offer") and c.args and c.args[-1] == n and not isinstance(c.args[-1], bool):
                return c
        return None

    def options(self) -> list[Option]:
        """The distinct next parts, in the engine's order (skipping a part with only one
        possibility, so nobody clicks what is forced)."""
        while True:
            rest = self.matching()
            if len(rest) <= 1:
                return []
            n = len(self.picked)
            seen: list[Part] = []
            for c in rest:
                ps = parts_of(c)
                p = ps[n] if n < len(ps) else ()
                if p not in seen:
                    seen.append(p)
            if len(seen) == 1 and seen[0] != ():
                self.picked.append(seen[0])
                continue
            return [self.option(p) for p in seen]

    def option(self, part: Part, level: int | None = None) -> Option:
        """The words and place of a part at ``level`` (default: the next part)."""
        level = len(self.picked) if level is None else level
        b = self.board
        names = Names(b)
        if not part:
            return Option(part, say("that's all"), None)
        head = part[0]
        if len(part) == 2:  # an attack's target
            kind, tgt = str(head), str(part[1])
            area = str(self.picked[1][0]) if len(self.picked) > 1 else ""
            if kind == "counter" and tgt in b.counter_by_id:
                c = b.counter_by_id[tgt]
                return Option(part, say("{counter} (neutral, {strength})", counter=names.counter(tgt),
                                        strength=c.strength), ("counter", tgt))
            if kind == "power" and tgt in b.power_by_id:
                return Option(part, say("{power}'s units", power=names.power(tgt)), ("unit", area, tgt))
            if kind == "naval" and tgt in b.power_by_id:
                return Option(part, say("{power}'s fleets (naval battle)", power=names.power(tgt)),
                              ("unit", area, tgt))
            return Option(part, f"{kind} {tgt}", None)
        s = str(head)
        if level in (1, 2) and self.picked and self.picked[0] == ("help",) and isinstance(head, int):
            return Option(part, names.count("army" if level == 1 else "fleet", head), None)  # help ARMIES FLEETS
        if level == 0:
            return Option(part, kind_label(s), None)
        if s in b.area_by_id:
            return Option(part, names.area(s), ("area", s))
        if s in b.counter_by_id and self.choices and self.picked[0][0] in ("colonise", "enslave"):
            return Option(part, names.counter(s), ("counter", s))
        if s in b.tile_by_id:
            return Option(part, names.tile(s), ("tile", s))
        if s in b.power_by_id:
            return Option(part, names.power(s), None)
        if s in b.counter_by_id:
            return Option(part, names.counter(s), None)
        return Option(part, word_label(s), None)

    def pick(self, part: Part) -> bool:
        """Take one next part (False if it is not one of the options)."""
        if part not in [o.part for o in self.options()]:
            return False
        self.picked.append(part)
        self.clicked += 1
        return True

    def back(self) -> None:
        """Undo the last clicked part (and any forced parts before it)."""
        if not self.clicked:
            return
        self.clicked -= 1
        forced = True
        while self.picked and forced:
            self.picked.pop()
            n = len(self.picked)
            nexts = {parts_of(c)[n] if n < len(parts_of(c)) else () for c in self.matching()}
            forced = len(nexts) == 1 and bool(self.picked)

    def complete(self) -> Choice | None:
        rest = self.matching()
        if len(rest) == 1 and (len(self.picked) >= len(parts_of(rest[0])) or not self.options()):
            return rest[0]
        return None

    def needs_confirm(self) -> bool:
        """A finished choice made of more than one clicked part is confirmed first."""
        c = self.complete()
        return c is not None and len(parts_of(c)) > 1 and len(self.choices) > 1


@functools.cache
def _labels(code: str) -> dict[str, str]:
    """The words of a choice's kind on its button, in language ``code`` (the one in use:
    the cache keeps each language's)."""
    return {
        "attack": say_in("choice", "Attack"),
        "build": say_in("choice", "Build"),
        "buy": say_in("choice", "Buy a tile"),
        "move": say_in("choice", "Move"),
        "pass": say_in("choice", "Pass"),
        "colonise": say_in("choice", "Colonise"),
        "enslave": say_in("choice", "Enslave"),
        "use": say_in("choice", "Use a tile"),
        "end": say_in("choice", "End turn"),
        "done": say_in("choice", "Stop moving"),
        "stay": say_in("choice", "Keep it here"),
        "to": say_in("choice", "Move it"),
        "keep": say_in("choice", "Keep all"),
        "disband": say_in("choice", "Disband"),
        "tile": say_in("choice", "Tile"),
        "place": say_in("choice", "Place"),
        "propose": say_in("choice", "Propose"),
        "help": say_in("choice", "Help"),
        "accept": say_in("choice", "Accept"),
        "decline": say_in("choice", "Decline"),
        "naval_battle": say_in("choice", "Naval battle first"),
        "no_naval_battle": say_in("choice", "No naval battle"),
        "reserve": say_in("choice", "Use Reserve"),
        "no_reserve": say_in("choice", "No Reserve"),
        "withdraw": say_in("choice", "Fighting Withdrawal"),
        "no_withdraw": say_in("choice", "Fight on"),
        "blockade": say_in("choice", "Use Blockade"),
        "no_blockade": say_in("choice", "No Blockade"),
        "militia": say_in("choice", "Build with Militia"),
        "no_militia": say_in("choice", "No Militia"),
        "surprise": say_in("choice", "Surprise Attack"),
        "no_surprise": say_in("choice", "No Surprise Attack"),
        "revolt": say_in("choice", "Place"),
        "lose": say_in("choice", "Lose"),
        "ally_loses": say_in("choice", "Ally loses"),
        "ally_tile": say_in("choice", "Alliance tile"),
        "bid": say_in("choice", "Bid"),
    }


@functools.cache
def _words(code: str) -> dict[str, str]:
    """The words of an argument that is no name on its button, in language ``code``."""
    return {
        "army": say_in("choice", "Army"),
        "fleet": say_in("choice", "Fleet"),
        "fort": say_in("choice", "Fort"),
        "none": say_in("choice", "No help"),
        "armies": say_in("choice", "Armies"),
        "fleets": say_in("choice", "Fleets"),
        "both": say_in("choice", "Armies and fleets"),
        "a": say_in("choice", "Box A"),
        "b": say_in("choice", "Box B"),
        "A": say_in("choice", "Box A"),
        "B": say_in("choice", "Box B"),
    }


def kind_label(kind: str) -> str:
    """A choice's kind as its button says it: "Attack", "Buy a tile"."""
    return _labels(language()).get(kind) or kind.replace("_", " ").capitalize()


def word_label(word: str) -> str:
    """An argument that names no component, as its button says it: "Army", "Box A"."""
    return _words(language()).get(word) or word.replace("_", " ")
