"""The hint: what the strongest computer player would do in a player's place, and why, in
one sentence. The searching bot's figures (:class:`game.bots.SearchBot`: the mean margin
over sampled futures of each choice it searched) are said here, each choice by its menu
label (:func:`game.client.words.choices.label`); a bot that does not search says only its
choice."""

from __future__ import annotations

from game.bots import Bot, SearchBot
from game.bots.search import SearchResult
from game.client.words.choices import label
from game.client.words.lang import language, say, say_n
from game.rules import Choice, State, legal


def _vp(tenths: int) -> str:
    """Tenths of a VP as a decimal number, exactly (integers only), with the decimal mark
    of the language in use ("1.5", "1,5")."""
    from babel.numbers import get_decimal_symbol

    sign = "-" if tenths < 0 else ""
    t = abs(tenths)
    return f"{sign}{t // 10}{get_decimal_symbol(language())}{t % 10}"


def thinking() -> str:
    """What the hint says while the bot works."""
    return say("Hint: thinking...")


def hint(bot: Bot, name: str, st: State, seat: int) -> tuple[Choice, str]:
    """The choice ``bot`` (called ``name``) would make for ``seat`` in ``st``, and the
    hint's sentence: "Hint: <choice>: <why>"."""
    options = legal(st, seat)
    if not options:
        raise ValueError("it is not this seat's decision")
    if not isinstance(bot, SearchBot):
        chosen = bot.choose(st, seat, options)
        return chosen, say("Hint: {choice} (what the {bot} computer player would do)", choice=label(st, seat, chosen),
                         bot=name)
    res = bot.search(st, seat, options)
    return res.choice, why(st, seat, res, len(options))


def why(st: State, seat: int, res: SearchResult, options: int) -> str:
    """The hint's sentence for what the searching bot found (``options``: how many choices
    the rules allowed), in the language in use."""
    what = label(st, seat, res.choice)
    if options == 1:
        return say("Hint: {choice}: the only choice the rules allow here.", choice=what)
    if not res.searched or len(res.means) < 2:
        return say("Hint: {choice}: the quick rule of thumb rates it highest (gain now against its cost).",
                   choice=what)
    best, n = res.means[0][1], res.means[0][2]
    alt, second = res.means[1][0], res.means[1][1]
    fields = {"choice": what, "vp": _vp(abs(best)), "better": _vp(best - second), "other": label(st, seat, alt)}
    if best >= 0 and best > second:
        return say_n("Hint: {choice}: over {n} sampled future it leaves you {vp} VP ahead of the best rival, "
                     "{better} VP better than {other}.",
                     "Hint: {choice}: over {n} sampled futures it leaves you {vp} VP ahead of the best rival, "
                     "{better} VP better than {other}.", n, **fields)
    if best > second:
        return say_n("Hint: {choice}: over {n} sampled future it leaves you {vp} VP behind the best rival, "
                     "{better} VP better than {other}.",
                     "Hint: {choice}: over {n} sampled futures it leaves you {vp} VP behind the best rival, "
                     "{better} VP better than {other}.", n, **fields)
    if best >= 0:
        return say_n("Hint: {choice}: over {n} sampled future it leaves you {vp} VP ahead of the best rival, "
                     "level with {other}, which the rule of thumb ranks lower.",
                     "Hint: {choice}: over {n} sampled futures it leaves you {vp} VP ahead of the best rival, "
                     "level with {other}, which the rule of thumb ranks lower.", n, **fields)
    return say_n("Hint: {choice}: over {n} sampled future it leaves you {vp} VP behind the best rival, level "
                 "with {other}, which the rule of thumb ranks lower.",
                 "Hint: {choice}: over {n} sampled futures it leaves you {vp} VP behind the best rival, level "
                 "with {other}, which the rule of thumb ranks lower.", n, **fields)


__all__ = ["hint", "thinking", "why"]
