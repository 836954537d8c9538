"""The words of a decision's choices: what each legal choice is called in a menu or on a
button (:func:`label`), and a decision's choices grouped as a player enters them
(:func:`menu`: a run of amounts, such as a bid, is one entry that asks for the number).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.client.words.tiles import TIMING, tile_cost, tile_effect
from game.rules import Choice, State, describe, pending, view
from game.rules.board import Board, load_board
from game.rules.movement import needs_sea_roll


def counter_text(b: Board, counter_id: str) -> str:
    """A neutral counter with what a player needs of it: its strength, gold and VP, or what
    can be done with it."""
    c = b.counter_by_id[counter_id]
    if c.type == "pop":
        return f"{c.name} (Pop: colonise)"
    if c.type == "slaves":
        return f"{c.name} (Slaves: enslave)"
    extra = (f", {c.gold} gold" if c.gold else "") + (f", {c.vp} VP" if c.vp else "")
    return f"{c.name} (strength {c.strength}{extra})"


@dataclass
class Entry:
    """One line of the menu: a choice, or a run of choices that differ only in a final
    amount (a bid, an offer of gold), entered as a number from ``lo`` to ``hi``."""

    label: str
    choices: list[Choice]
    lo: int = 0
    hi: int = 0

    @property
    def amount(self) -> bool:
        return len(self.choices) > 1


def _amount_of(c: Choice) -> int | None:
    """The final amount of a choice whose other arguments are names (a bid, an offer of
    gold); None for any other (a choice of several numbers, such as units, is no amount)."""
    if c.args and isinstance(c.args[-1], int) and not isinstance(c.args[-1], bool) \
            and all(isinstance(x, str) for x in c.args[:-1]):
        return c.args[-1]
    return None


def menu(st: State, seat: int, options: list[Choice]) -> list[Entry]:
    """The menu lines for ``options`` (every one of them, in the engine's order); a run of
    three or more choices that differ only in a final amount counting up by one is one line."""
    out: list[Entry] = []
    i = 0
    while i < len(options):
        c = options[i]
        a = _amount_of(c)
        j = i + 1
        if a is not None:
            while (j < len(options) and options[j].kind == c.kind and options[j].args[:-1] == c.args[:-1]
                   and _amount_of(options[j]) == a + (j - i)):
                j += 1
        if a is not None and j - i >= 3:
            run = options[i:j]
            hi = a + len(run) - 1
            out.append(Entry(amount_label(st, seat, run[0], a, hi), run, a, hi))
        else:
            j = i + 1
            out.append(Entry(label(st, seat, c), [c]))
        i = j
    return out


def amount_label(st: State, seat: int, first: Choice, lo: int, hi: int) -> str:
    v = view(st, seat)
    if first.kind == "bid" and len(first.args) == 1:
        b = load_board(st.ruleset)
        lot = b.c("borrow_lot_banking") if v["tiles"][seat].get("banking") else b.c("borrow_lot")
        return (f"bid: type the amount, {lo} to {hi} gold (you have {v['gold'][seat]}; "
                f"more is borrowed, 1 unrest per {lot} gold)")
    if first.kind == "offer" and len(first.args) == 2 and first.args[0] in load_board(st.ruleset).power_by_id:
        ally = load_board(st.ruleset).power_name(str(first.args[0]))
        return (f"offer {ally} gold for its help: type the amount, {lo} to {hi} (paid only if it helps; "
                f"you have {v['gold'][seat]}; 0 offers nothing)")
    head = describe(st, Choice(first.kind, first.args[:-1]))
    return f"{head}: type the amount, {lo} to {hi}"


# the menu text of choices that take no arguments, where the kind alone reads poorly
PLAIN = {
    "buy": "buy a tile", "build": "build a unit", "move": "move units", "attack": "attack", "end": "end your turn",
    "done": "stop moving", "stay": "keep it there", "keep": "do not disband", "militia": "also build an army with "
    "Militia (1 population)", "no_militia": "no Militia", "naval_battle": "fight a naval battle first",
    "no_naval_battle": "no naval battle (the defender then has naval support)", "accept": "accept the naval battle",
    "decline": "decline the naval battle (the attacker then has naval support)",
    "reserve": "use a Reserve: reroll your two dice", "no_reserve": "no Reserve",
    "withdraw": "use Fighting Withdrawal: your side loses no units", "no_withdraw": "no Fighting Withdrawal",
    "surprise": "use Surprise Attack: the defender's allies may not help", "no_surprise": "no Surprise Attack",
    "blockade": "use Blockade: +2 naval support", "no_blockade": "no Blockade",
}
AN = {"army": "an army", "fleet": "a fleet", "fort": "a fort"}


def label(st: State, seat: int, c: Choice) -> str:
    """The menu text of one choice: the engine's ``describe``, with what a player needs to
    know where the choice's shape is known (boxes of a proposal, tile costs and effects, a
    neutral counter's strength, whom an attack is on); any other choice as ``describe``
    gives it."""
    b = load_board(st.ruleset)
    args = c.args
    text = describe(st, c)
    strs = all(isinstance(x, str) for x in args)
    power = b.power_by_id
    area = b.area_by_id
    if not args and c.kind in PLAIN:
        return PLAIN[c.kind]
    if not strs:
        return f"bid {args[0]} gold" if c.kind == "bid" and len(args) == 1 else text
    a = [str(x) for x in args]
    if c.kind == "propose" and len(a) == 2:
        boxes = [f"{b.power_name(x)} in box {box} (alliance {box})" for x, box in zip(a, "AB", strict=False)
                 if x in power]
        return "propose " + " and ".join(boxes)
    if c.kind == "tile" and len(a) == 1 and a[0] in b.tile_by_id:
        t = b.tile_by_id[a[0]]
        return f"{t.name} ({tile_cost(b, a[0])}; {TIMING.get(t.timing, t.timing)}): {tile_effect(b, a[0])}"
    if c.kind == "attack" and len(a) == 3 and a[0] in area:
        where = b.area_name(a[0])
        if a[1] == "power" and a[2] in power:
            return f"attack {b.power_name(a[2])} in {where}"
        if a[1] == "naval" and a[2] in power:
            return f"naval attack on {b.power_name(a[2])}'s fleets in {where}"
        if a[1] == "counter" and a[2] in b.counter_by_id:
            return f"attack {counter_text(b, a[2])} in {where}"
        if a[1] == "tile" and a[2] in b.tile_by_id:
            return f"attack the {b.tile_name(a[2])} in {where}"
    if c.kind in ("colonise", "enslave") and len(a) == 1 and a[0] in b.counter_by_id:
        counter = b.counter_by_id[a[0]]
        cost = " (1 population)" if c.kind == "colonise" else ""
        return f"{c.kind} {counter.name} in {b.area_name(counter.area)}{cost}"
    if c.kind == "use" and a and a[0] in b.tile_by_id:
        where = f" in {b.area_name(a[1])}" if len(a) == 2 and a[1] in area else ""
        if len(a) == 2 and a[1] in b.tile_by_id:
            where = f": take {b.tile_name(a[1])}"
        return f"use {b.tile_name(a[0])}{where}"
    if c.kind == "help" and len(a) == 1 and a[0] in ("none", "armies", "fleets", "both"):
        return {"none": "do not help", "armies": "help with your armies", "fleets": "help with your fleets",
                "both": "help with your armies and fleets"}[a[0]]
    if c.kind == "move" and len(a) == 3 and a[0] in area and a[1] in AN and a[2] in area:
        return f"move {AN[a[1]]} from {b.area_name(a[0])} to {b.area_name(a[2])}"
    if c.kind == "place" and len(a) == 2 and a[0] in AN and a[1] in area:
        return f"place {AN[a[0]]} in {b.area_name(a[1])}"
    if c.kind == "disband" and len(a) == 2 and a[0] in area and a[1] in AN:
        return f"disband {AN[a[1]]} in {b.area_name(a[0])} (1 unrest), then build"
    if c.kind == "build" and len(a) == 1 and a[0] in AN:
        return f"build {AN[a[0]]}"
    if c.kind == "to" and len(a) == 1 and a[0] in area:
        return f"move it to {b.area_name(a[0])}"
    if c.kind == "lose" and len(a) == 1 and a[0] in AN:
        return f"lose {AN[a[0]]}"
    if c.kind == "ally_loses" and len(a) == 1 and a[0] in power:
        return f"{b.power_name(a[0])} loses the unit"
    if c.kind == "ally_tile" and len(a) == 2 and a[0] in b.tile_by_id and a[1] in AN:
        return f"use {b.tile_name(a[0])} as {AN[a[1]]}"
    if c.kind == "revolt" and len(a) == 2 and a[0] in area and a[1] in power:
        return f"strike {b.power_name(a[1])}'s control marker in {b.area_name(a[0])}"
    return text


def menu_lines(entries: list[Entry], width: int) -> list[str]:
    cells = [f"{i:3}. {e.label}" for i, e in enumerate(entries, 1)]
    widest = max((len(x) for x in cells), default=0) + 2
    cols = max(1, min(4, width // widest)) if len(cells) > 12 else 1
    if cols == 1:
        return cells
    rows = (len(cells) + cols - 1) // cols
    return ["".join(cells[r + k * rows].ljust(widest) for k in range(cols) if r + k * rows < len(cells)).rstrip()
            for r in range(rows)]


def sea_roll_note(st: State, seat: int, c: Choice) -> str:
    """For a move that needs a sea roll (R-MOV-5), its chances before it is confirmed:
    "sea roll: arrives 89%, stays 6%, lost 6% (R-MOV-5)" (Navigation, R-TIL-10, adds 2 to
    the second roll: 94%, 6%, never lost); "" for any other choice. Worked out exactly
    over the 36 pairs of dice: a first 2-6 arrives; after a 1, a second 5-6 arrives, 3-4
    stays, 1-2 is lost."""
    b = load_board(st.ruleset)
    if c.kind == "move" and len(c.args) == 3:
        src, dst = str(c.args[0]), str(c.args[2])
    elif c.kind == "to" and len(c.args) == 1:
        src, dst = str(pending(st).data.get("area", "")), str(c.args[0])
    else:
        return ""
    if src not in b.area_by_id or dst not in b.area_by_id or not needs_sea_roll(st, src, dst):
        return ""
    nav = 0 <= seat < st.n and st.tiles[seat].get("navigation", 0) > 0
    bonus = b.c("navigation_bonus") if nav else 0
    second = [v + bonus for v in range(1, 7)]
    arrive = 5 * 6 + sum(1 for v in second if v >= 5)
    stay = sum(1 for v in second if 3 <= v <= 4)
    lost = sum(1 for v in second if v <= 2)

    def pct(n: int) -> str:
        return f"{(200 * n + 36) // 72}%"  # n in 36, to the nearest whole per cent

    rules = "R-MOV-5, R-TIL-10" if nav else "R-MOV-5"
    return f"sea roll: arrives {pct(arrive)}, stays {pct(stay)}, lost {pct(lost)} ({rules})"
