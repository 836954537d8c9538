"""The words of a decision's choices: what each legal choice is called in a menu or on a
button (:func:`label`), and a decision's choices grouped as a player enters them
(:func:`menu`: a run of amounts, such as a bid, is one entry that asks for the number).

Every label is a whole template said in the language in use, with the names of the
board's things from :class:`game.client.words.names.Names`; a choice of a shape the words
do not know (none the rules offer today) falls back to the engine's ``describe``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.client.words.lang import N_, join_and, say, say_n
from game.client.words.names import Names
from game.client.words.tiles import tile_cost, tile_effect, timing
from game.rules import Choice, State, describe, pending, view
from game.rules.board import Board, load_board
from game.rules.movement import needs_sea_roll


def counter_text(b: Board, counter_id: str) -> str:
    """A neutral counter with what a player needs of it: its strength, gold and VP, or what
    can be done with it."""
    c = b.counter_by_id[counter_id]
    name = Names(b).counter(counter_id)
    if c.type == "pop":
        return say("{counter} (Pop: colonise)", counter=name)
    if c.type == "slaves":
        return say("{counter} (Slaves: enslave)", counter=name)
    if c.gold and c.vp:
        return say_n("{counter} (strength {strength}, {n} gold, {vp} VP)",
                     "{counter} (strength {strength}, {n} gold, {vp} VP)", c.gold, counter=name, strength=c.strength,
                     vp=c.vp)
    if c.gold:
        return say_n("{counter} (strength {strength}, {n} gold)", "{counter} (strength {strength}, {n} gold)", c.gold,
                     counter=name, strength=c.strength)
    if c.vp:
        return say("{counter} (strength {strength}, {vp} VP)", counter=name, strength=c.strength, vp=c.vp)
    return say("{counter} (strength {strength})", counter=name, strength=c.strength)


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
    b = load_board(st.ruleset)
    if first.kind == "bid" and len(first.args) == 1:
        lot = b.c("borrow_lot_banking") if v["tiles"][seat].get("banking") else b.c("borrow_lot")
        return say("bid: type the amount, {lo} to {hi} gold (you have {gold}; more is borrowed, 1 unrest per {lot} "
                   "gold)", lo=lo, hi=hi, gold=v["gold"][seat], lot=lot)
    if first.kind == "offer" and len(first.args) == 2 and first.args[0] in b.power_by_id:
        return say("offer {ally} gold for its help: type the amount, {lo} to {hi} (paid only if it helps; you have "
                   "{gold}; 0 offers nothing)", ally=Names(b).power(str(first.args[0])), lo=lo, hi=hi,
                   gold=v["gold"][seat])
    head = describe(st, Choice(first.kind, first.args[:-1]))  # a kind the rules do not offer today
    return say("{choice}: type the amount, {lo} to {hi}", choice=head, lo=lo, hi=hi)


# the menu text of choices that take no arguments, where the kind alone reads poorly
PLAIN = {
    "buy": N_("buy a tile"), "build": N_("build a unit"), "move": N_("move units"), "attack": N_("attack"),
    "end": N_("end your turn"), "pass": N_("pass"), "done": N_("stop moving"), "stay": N_("keep it there"),
    "keep": N_("do not disband"), "militia": N_("also build an army with Militia (1 population)"),
    "no_militia": N_("no Militia"), "naval_battle": N_("fight a naval battle first"),
    "no_naval_battle": N_("no naval battle (the defender then has naval support)"),
    "accept": N_("accept the naval battle"),
    "decline": N_("decline the naval battle (the attacker then has naval support)"),
    "reserve": N_("use a Reserve: reroll your two dice"), "no_reserve": N_("no Reserve"),
    "withdraw": N_("use Fighting Withdrawal: your side loses no units"), "no_withdraw": N_("no Fighting Withdrawal"),
    "surprise": N_("use Surprise Attack: the defender's allies may not help"),
    "no_surprise": N_("no Surprise Attack"), "blockade": N_("use Blockade: +2 naval support"),
    "no_blockade": N_("no Blockade"),
}
UNITS = ("army", "fleet", "fort")


def _help(armies: int, fleets: int) -> str:
    """An answer to a call for help that sends ``armies`` and ``fleets``."""
    if armies and fleets:
        return say("help with {units}", units=join_and([say_n("{n} army", "{n} armies", armies),
                                                        say_n("{n} fleet", "{n} fleets", fleets)]))
    if armies:
        return say_n("help with {n} army", "help with {n} armies", armies)
    if fleets:
        return say_n("help with {n} fleet", "help with {n} fleets", fleets)
    return say("do not help")


def _named(b: Board, c: Choice) -> str | None:
    """The label of a choice whose arguments are all ids and words, or None for a shape
    not known here."""
    nm = Names(b)
    a = [str(x) for x in c.args]
    power, area, tile, counter = b.power_by_id, b.area_by_id, b.tile_by_id, b.counter_by_id
    k = c.kind
    if k == "propose" and len(a) == 2:
        if a[0] in power and a[1] in power:
            return say("propose {a} in box A (alliance A) and {b} in box B (alliance B)", a=nm.power(a[0]),
                       b=nm.power(a[1]))
        if a[0] in power:
            return say("propose {a} in box A (alliance A)", a=nm.power(a[0]))
        if a[1] in power:
            return say("propose {b} in box B (alliance B)", b=nm.power(a[1]))
    if k == "tile" and len(a) == 1 and a[0] in tile:
        return say("{tile} ({cost}; {timing}): {effect}", tile=nm.tile(a[0]), cost=tile_cost(b, a[0]),
                   timing=timing(b, a[0]), effect=tile_effect(b, a[0]))
    if k == "attack" and len(a) == 3 and a[0] in area:
        where = nm.area(a[0])
        if a[1] == "power" and a[2] in power:
            return say("attack {power} in {area}", power=nm.power(a[2]), area=where)
        if a[1] == "naval" and a[2] in power:
            return say("naval attack on {power}'s fleets in {area}", power=nm.power(a[2]), area=where)
        if a[1] == "counter" and a[2] in counter:
            return say("attack {counter} in {area}", counter=counter_text(b, a[2]), area=where)
        if a[1] == "tile" and a[2] in tile:
            return say("attack {force} in {area}", force=nm.the_tile(a[2]), area=where)
    if k in ("colonise", "enslave") and len(a) == 1 and a[0] in counter:
        fields = {"counter": nm.counter(a[0]), "area": nm.area(counter[a[0]].area)}
        if k == "colonise":
            return say("colonise {counter} in {area} (1 population)", **fields)
        return say("enslave {counter} in {area}", **fields)
    if k == "use" and a and a[0] in tile:
        if len(a) == 2 and a[1] in area:
            return say("use {tile} in {area}", tile=nm.tile(a[0]), area=nm.area(a[1]))
        if len(a) == 2 and a[1] in tile:
            return say("use {tile}: take {other}", tile=nm.tile(a[0]), other=nm.tile(a[1]))
        return say("use {tile}", tile=nm.tile(a[0]))
    if k == "help" and len(a) == 1 and a[0] in ("none", "armies", "fleets", "both"):
        return {"none": say("do not help"), "armies": say("help with your armies"),
                "fleets": say("help with your fleets"), "both": say("help with your armies and fleets")}[a[0]]
    return _units(nm, k, a)


def _units(nm: Names, k: str, a: list[str]) -> str | None:
    """The label of a choice that names a unit kind (and where)."""
    b = nm.board
    area, power = b.area_by_id, b.power_by_id
    if k == "move" and len(a) == 3 and a[0] in area and a[1] in UNITS and a[2] in area:
        return say("move {unit} from {src} to {dst}", unit=nm.a_unit(a[1]), src=nm.area(a[0]), dst=nm.area(a[2]))
    if k == "place" and len(a) == 2 and a[0] in UNITS and a[1] in area:
        return say("place {unit} in {area}", unit=nm.a_unit(a[0]), area=nm.area(a[1]))
    if k == "disband" and len(a) == 2 and a[0] in area and a[1] in UNITS:
        return say("disband {unit} in {area} (1 unrest), then build", unit=nm.a_unit(a[1]), area=nm.area(a[0]))
    if k == "build" and len(a) == 1 and a[0] in UNITS:
        return say("build {unit}", unit=nm.a_unit(a[0]))
    if k == "to" and len(a) == 1 and a[0] in area:
        return say("move it to {area}", area=nm.area(a[0]))
    if k == "lose" and len(a) == 1 and a[0] in UNITS:
        return say("lose {unit}", unit=nm.a_unit(a[0]))
    if k == "ally_loses" and len(a) == 1 and a[0] in power:
        return say("{power} loses the unit", power=nm.power(a[0]))
    if k == "ally_tile" and len(a) == 2 and a[0] in b.tile_by_id and a[1] in UNITS:
        return say("use {tile} as {unit}", tile=nm.tile(a[0]), unit=nm.a_unit(a[1]))
    if k == "revolt" and len(a) == 2 and a[0] in area and a[1] in power:
        return say("strike {power}'s control marker in {area}", power=nm.power(a[1]), area=nm.area(a[0]))
    return None


def label(st: State, seat: int, c: Choice) -> str:
    """The menu text of one choice: what it does, with what a player needs to know where
    the choice's shape is known (boxes of a proposal, tile costs and effects, a neutral
    counter's strength, whom an attack is on); a choice of a shape not known here as the
    engine's ``describe`` gives it."""
    b = load_board(st.ruleset)
    args = c.args
    if not args and c.kind in PLAIN:
        return say(PLAIN[c.kind])
    ints = [x for x in args if isinstance(x, int) and not isinstance(x, bool)]
    if c.kind == "bid" and len(args) == 1 and len(ints) == 1:
        return say_n("bid {n} gold", "bid {n} gold", ints[0])
    if c.kind == "offer" and len(args) == 2 and str(args[0]) in b.power_by_id and len(ints) == 1:
        ally = Names(b).power(str(args[0]))
        if ints[0] == 0:
            return say("offer {ally} no gold to help", ally=ally)
        return say_n("offer {ally} {n} gold to help", "offer {ally} {n} gold to help", ints[0], ally=ally)
    if c.kind == "help" and len(args) == 2 and len(ints) == 2:
        return _help(ints[0], ints[1])
    if all(isinstance(x, str) for x in args):
        got = _named(b, c)
        if got is not None:
            return got
    return describe(st, c)


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

    def pct(n: int) -> int:
        return (200 * n + 36) // 72  # n in 36, to the nearest whole per cent

    rules = "R-MOV-5, R-TIL-10" if nav else "R-MOV-5"
    return say("sea roll: arrives {arrive}%, stays {stay}%, lost {lost}% ({rules})", arrive=pct(arrive),
               stay=pct(stay), lost=pct(lost), rules=rules)
