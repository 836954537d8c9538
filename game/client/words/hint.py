"""The hint: what the strongest computer player would do in a player's place, and why, in
one sentence. The searching bot's figures (:class:`game.bots.SearchBot`: the mean margin
over sampled futures of each choice it searched) are said here, each choice by its menu
label (:func:`game.client.words.choices.label`); a bot that does not search says only its
choice."""

from __future__ import annotations

from game.bots import Bot, SearchBot
from game.client.words.choices import label
from game.client.words.lang import say, say_n
from game.client.words.numbers import number
from game.rules import Choice, State, legal


def _vp(tenths: int) -> str:
    """Tenths of a VP as a decimal number, exactly ("1.5")."""
    return number(abs(tenths) / 10, ".1f")


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
    what = label(st, seat, res.choice)
    if len(options) == 1:
        return res.choice, say("Hint: {choice}: the only choice the rules allow here.", choice=what)
    if not res.searched or len(res.means) < 2:
        return res.choice, say("Hint: {choice}: the quick rule of thumb rates it highest (gain now against its "
                               "cost).", choice=what)
    best, n = res.means[0][1], res.means[0][2]
    alt, second = res.means[1][0], res.means[1][1]
    fields = {"choice": what, "vp": _vp(best), "better": _vp(best - second), "other": label(st, seat, alt)}
    if best >= 0 and best > second:
        return res.choice, say_n("Hint: {choice}: over {n} sampled future it leaves you {vp} VP ahead of the best "
                                 "rival, {better} VP better than {other}.",
                                 "Hint: {choice}: over {n} sampled futures it leaves you {vp} VP ahead of the best "
                                 "rival, {better} VP better than {other}.", n, **fields)
    if best > second:
        return res.choice, say_n("Hint: {choice}: over {n} sampled future it leaves you {vp} VP behind the best "
                                 "rival, {better} VP better than {other}.",
                                 "Hint: {choice}: over {n} sampled futures it leaves you {vp} VP behind the best "
                                 "rival, {better} VP better than {other}.", n, **fields)
    if best >= 0:
        return res.choice, say_n("Hint: {choice}: over {n} sampled future it leaves you {vp} VP ahead of the best "
                                 "rival, level with {other}, which the rule of thumb ranks lower.",
                                 "Hint: {choice}: over {n} sampled futures it leaves you {vp} VP ahead of the best "
                                 "rival, level with {other}, which the rule of thumb ranks lower.", n, **fields)
    return res.choice, say_n("Hint: {choice}: over {n} sampled future it leaves you {vp} VP behind the best rival, "
                             "level with {other}, which the rule of thumb ranks lower.",
                             "Hint: {choice}: over {n} sampled futures it leaves you {vp} VP behind the best rival, "
                             "level with {other}, which the rule of thumb ranks lower.", n, **fields)


__all__ = ["hint", "thinking"]
