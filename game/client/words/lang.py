"""The one place sentences are formatted.

Every sentence a player reads is a whole template with named placeholders
(``"{power} borrows {n} gold from the bank"``), never English fragments glued together,
so a translator can reorder the words. :func:`say` fills a template, :func:`say_n` picks
the singular or plural template of a sentence that counts something, and the joiners
make the lists the sentences hold. Today the templates are the English sentences
themselves; a later language looks each template up in its catalog here (gettext's
``gettext``/``ngettext`` fit these two calls as they are), and the plural is then chosen
by that language's own rule, which is why a plural is never made by adding an "s".
"""

from __future__ import annotations

from collections.abc import Iterable


def say(msgid: str, /, **fields: object) -> str:
    """The sentence ``msgid`` (a template) with its placeholders filled from ``fields``."""
    return msgid.format(**fields)


def say_n(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The sentence that counts ``n`` of something: ``singular`` when English says one,
    ``plural`` otherwise; ``{n}`` in either is the count, the other placeholders come from
    ``fields``."""
    return (singular if n == 1 else plural).format(n=n, **fields)


def join_and(items: Iterable[str]) -> str:
    """Items joined as the engine's sentences join a list they close with "and": "Spain and
    France", "1 army and 2 fleets" (three or more: "Spain and France and Austria", as the
    engine writes tied winners today)."""
    return say(" and ").join(items)


def join_list(items: Iterable[str]) -> str:
    """Items joined with commas: "Spain, France, Austria" (a play order, scores)."""
    return say(", ").join(items)


def capital(text: str) -> str:
    """``text`` with its first letter made a capital: a sentence that starts with a name
    such as "the Pirates"."""
    return text[:1].upper() + text[1:]


def signed(n: int) -> str:
    """A change written with its sign: "+2", "-1"."""
    return f"{n:+d}"


__all__ = ["capital", "join_and", "join_list", "say", "say_n", "signed"]
