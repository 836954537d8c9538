"""The words of the fairness panel (:mod:`game.client.fairness`): its headings, the
summary of a game's dice, the sentence of each chance event and of each drop, and what
each power's dice say against fair dice.

Every sentence is a whole template with named fields (:func:`game.client.words.lang.say`,
and :func:`~game.client.words.lang.say_n` for one that counts), never fragments glued
together, so that a later language translates each whole.
"""

from __future__ import annotations

from game.client.fairness import ChanceRow, DiceFit, DropRow, Fairness, Given
from game.client.words.lang import capital, join_and, join_list, say, say_n
from game.client.words.names import Names
from game.client.words.numbers import number
from game.rules.board import Board

UNUSUAL = 0.05  # a fit whose p-value is below this is said to be unusual


def title() -> str:
    return say("Dice and fairness")


def headings() -> dict[str, str]:
    """The chance events' table's column headings, by column."""
    return {"r": say("No."), "where": say("Where"), "kind": say("What"), "gave": say("Rolled for whom"),
            "revealed": say("Revealed by"), "beacon": say("Beacon"), "witnessed": say("Witnessed")}


def kind_name(kind: str) -> str:
    """What a chance event was, as a table cell."""
    return {"dice": say("Battle dice"), "reroll": say("Re-roll"), "sea_roll": say("Sea roll"),
            "draw": say("Bag draw"), "first_player": say("First player")}.get(kind, say("Chance"))


def kind_in_sentence(kind: str) -> str:
    """What a chance event was, inside a sentence."""
    return {"dice": say("a battle's dice"), "reroll": say("a re-roll"), "sea_roll": say("a sea roll"),
            "draw": say("a draw from the bag"), "first_player": say("the draw for first player")
            }.get(kind, say("a chance event"))


def where(row: ChanceRow | DropRow) -> str:
    """Where in the game, as a table cell: "War 2, round 3", the setup, or the start of a war."""
    if row.round:
        return say("War {war}, round {round}", war=row.war, round=row.round)
    if row.war <= 1:
        return say("Setup")
    return say("Start of war {war}", war=row.war)


def where_in_sentence(row: ChanceRow | DropRow) -> str:
    """Where in the game, inside a sentence: "war 2, round 3", "the setup", "the start of war 2"."""
    if row.round:
        return say("war {war}, round {round}", war=row.war, round=row.round)
    if row.war <= 1:
        return say("the setup")
    return say("the start of war {war}", war=row.war)


def power_names(seats: tuple[int, ...], f: Fairness, nm: Names) -> str:
    return join_list(nm.power(f.powers[s]) for s in seats if 0 <= s < len(f.powers))


def summary(f: Fairness, board: Board) -> list[str]:
    """A few sentences over the panel: how many chance events, where their dice come from,
    how many were unwitnessed, how many seats were dropped."""
    n = len(f.chances)
    out: list[str] = []
    upto = (say("up to step {step} of {last}", step=f.step, last=f.last) if 0 <= f.last != f.step
            else say("so far") if f.last < 0 else say("in the whole game"))
    if f.beacon:
        out.append(say_n("{n} chance event {upto}, decided by a beacon that every player's hash chain feeds: no "
                         "player can choose a value.",
                         "{n} chance events {upto}, each decided by a beacon that every player's hash chain feeds: "
                         "no player can choose a value.", n, upto=upto))
        blind = len(f.unwitnessed)
        if blind:
            out.append(say_n("{n} of them is unwitnessed: fewer than two players' chains fed its beacon, so the "
                             "one left knew it first.",
                             "{n} of them are unwitnessed: fewer than two players' chains fed their beacons, so "
                             "the one left knew them first.", blind))
        elif n:
            out.append(say("Every one of them was witnessed by two or more players."))
        drops = len(f.drops)
        if drops:
            out.append(say_n("{n} seat was dropped (below, with why).", "{n} seats were dropped (below, with why).",
                             drops))
    else:
        out.append(say_n("{n} chance event {upto}. A game against computer players: its dice come from the game's "
                         "seed, not from a beacon, so no player revealed them and there is nothing to witness.",
                         "{n} chance events {upto}. A game against computer players: its dice come from the game's "
                         "seed, not from a beacon, so no player revealed them and there is nothing to witness.",
                         n, upto=upto))
        if f.origin is not None:
            out.append(say_n("Played on from step {step} of {file}: its first chance event is that game's.",
                             "Played on from step {step} of {file}: its first {n} chance events are that game's.",
                             f.borrowed, step=f.origin[1], file=f.origin[0]))
    return out


def none_yet() -> str:
    return say("No chance event yet.")


def page(first: int, last: int, n: int) -> str:
    return say("Events {first} to {last} of {n}", first=first, last=last, n=n)


def keys() -> str:
    return say("The wheel or Page Up and Page Down turn the pages; Esc or D closes.")


def given(g: Given, kind: str, nm: Names) -> str:
    """What one side got, in a sentence of its own."""
    dice = join_and(str(v) for v in g.dice)
    if g.owner == "neutral":
        who = nm.neutral(g.neutral_kind, g.neutral)
        return capital(say("{who} rolled {dice}", who=who, dice=dice))
    if g.counters:
        names = join_list(nm.counter(c) for c in g.counters)
        if not g.owner:
            return say_n("{names} laid on the map", "{names} laid on the map", len(g.counters), names=names)
        return say_n("{power} drew {names}", "{power} drew {names}", len(g.counters), power=nm.power(g.owner),
                     names=names)
    if kind == "first_player" or not g.dice:
        return say("{power} is the first player", power=nm.power(g.owner))
    return say("{power} rolled {dice}", power=nm.power(g.owner), dice=dice)


def draw_cell(row: ChanceRow) -> str:
    """A draw from the bag in a table cell: how many counters went where."""
    laid = sum(len(g.counters) for g in row.gave if not g.owner)
    drawn = sum(len(g.counters) for g in row.gave if g.owner)
    if drawn:
        return say("{laid} on the map, {drawn} to the powers", laid=laid, drawn=drawn)
    return say_n("{n} counter on the map", "{n} counters on the map", laid)


def first_cell() -> str:
    """A first player's draw in a table cell, after the power's chip."""
    return say("plays first")


def versus() -> str:
    """Between the two sides of a battle in a table cell."""
    return say("vs")


def no_revealer() -> str:
    return say("none")


def witnessed(row: ChanceRow) -> str:
    """The table's last cell."""
    w = row.witnessed
    if w is None:
        return say("seed")
    return say("yes") if w else say("no")


def chance_sentence(row: ChanceRow, f: Fairness, board: Board) -> str:
    """The whole story of one chance event (a row's tooltip)."""
    nm = Names(board)
    head = say("Chance event {r}: {kind}, in {where}, step {step}.", r=row.r, kind=kind_in_sentence(row.kind),
               where=where_in_sentence(row), step=row.step)
    gave = join_list(given(g, row.kind, nm) for g in row.gave) or say("Nothing the game showed")
    parts = [head, say("{gave}.", gave=gave)]
    if not row.beacon:
        parts.append(say("Its values come from the game's seed, not from a beacon."))
    else:
        n = len(row.revealers)
        if n >= 2:
            parts.append(say("Revealed by {powers}: witnessed.", powers=power_names(row.revealers, f, nm)))
        elif n == 1:
            parts.append(say("Only {power} revealed: that player knew the values before anyone else, so they are "
                             "unwitnessed.", power=power_names(row.revealers, f, nm)))
        else:
            parts.append(say("No player revealed (no seat is played by its person): anyone could compute the "
                             "values, so they are unwitnessed."))
        parts.append(say("Beacon {beacon}.", beacon=" ".join(row.beacon[i:i + 16] for i in range(0, len(row.beacon), 16))))
    if row.values:
        parts.append(say("Values drawn: {values}.", values=join_list(str(v) for v in row.values)))
    if row.contested:
        parts.append(say("Contested: a seat withheld its reveal of it after every other reveal was in (see the "
                         "drops)."))
    return " ".join(parts)


def withheld(what: str) -> str:
    """What a dropped seat withheld."""
    return {"reveal": say("its reveal"), "choice": say("its choice"), "commit": say("its unrest commitment"),
            "open": say("its unrest opening"), "end": say("its signed end"), "seat": say("its seat")}.get(what, what)


def drop_sentence(d: DropRow, f: Fairness, board: Board) -> str:
    """Why a seat was dropped, where, and who voted."""
    nm = Names(board)
    who = power_names(d.seats, f, nm)
    voters = power_names(d.voters, f, nm)
    at = (say("at step {step} (in {where}; log line {line})", step=d.step, where=where_in_sentence(d), line=d.line)
          if d.step >= 0 else say("at log line {line}", line=d.line))
    if d.after_reveals:
        return say("{who} withheld its reveal for chance event {r} after every other reveal of it was in, and was "
                   "dropped {at} by the votes of {voters}: it could compute that roll with and without its reveal, "
                   "and the roll made without it stands (contested).", who=who, r=d.chance, at=at, voters=voters)
    what = join_and(withheld(w) for w in d.withheld)
    return say("{who} was dropped for withholding {what} {at} by the votes of {voters}; a computer player plays the "
               "seat from there.", who=who, what=what, at=at, voters=voters)


def drops_heading(n: int) -> str:
    return say_n("{n} seat dropped", "{n} seats dropped", n) if n else say("No seat was dropped.")


def more_drops(n: int) -> str:
    """When the column holds no more drops: how many are left (the mouse on it tells them)."""
    return say_n("and {n} more drop (point at this line to read it)", "and {n} more drops (point at this line to read them)",
                 n)


def dice_heading() -> str:
    return say("Each power's dice (bars) against fair dice (the line)")


def fit_name(fit: DiceFit, board: Board) -> str:
    """Whose dice a row of bars counts: a power, or all dice."""
    return Names(board).power(fit.power) if fit.power else say("All dice")


def fit_count(fit: DiceFit) -> str:
    """How many dice, and their mean (fair dice: 3.5)."""
    if not fit.n:
        return say("no dice yet")
    return say_n("{n} die, mean {mean}", "{n} dice, mean {mean}", fit.n, mean=number(fit.mean, ".2f"))


def fit_words(fit: DiceFit) -> str:
    """What the goodness of fit says, in words: as fair dice would give, unusual (1 in
    N), or too few dice to tell."""
    p = fit.p
    if p is None:
        return say("too few dice to tell") if fit.n else ""
    if p >= UNUSUAL:
        return say("as fair dice would give")
    return say("unusual: 1 in {n}", n=number(fit.one_in, ","))


def fit_tip(fit: DiceFit, board: Board) -> str:
    """The figure behind the words (a row's tooltip)."""
    name = (say("{power}: {count}", power=Names(board).power(fit.power), count=fit_count(fit)) if fit.power
            else say("Every die of the game, the neutrals' too: {count}", count=fit_count(fit)))
    faces = join_list(say("{face}: {n}", face=f + 1, n=c) for f, c in enumerate(fit.counts))
    if fit.p is None:
        return say("{name}. Faces {faces}. Fair dice give each face a sixth of the time; with fewer than 30 dice "
                   "no test can tell fair dice from others.", name=name, faces=faces)
    return say("{name}. Faces {faces}; fair dice give {expected} of each. Chi-square {chi2} with 5 degrees of "
               "freedom: fair dice roll at least this unevenly {p} of the time.", name=name, faces=faces,
               expected=number(fit.expected, ".1f"), chi2=number(fit.chi2, ".2f"), p=number(fit.p, ".1%"))


def fit_note(powers: int) -> str:
    """Under the bars: how to read them (several powers tested at once)."""
    return say_n("The line is what fair dice give on average. A figure is unusual when fair dice would give it less "
                 "than one time in twenty.",
                 "The line is what fair dice give on average. A figure is unusual when fair dice would give it less "
                 "than one time in twenty: among {n} powers, one such now and then is what fair dice do.", powers)


def close() -> str:
    return say("Close")


def more() -> tuple[str, str]:
    return say("Earlier"), say("Later")


def opener_tip() -> str:
    return say("Every chance event of the game, who revealed it, and each power's dice against fair dice (D)")


__all__ = ["chance_sentence", "drop_sentence", "fit_count", "fit_name", "fit_words", "kind_name", "summary", "title",
           "where"]
