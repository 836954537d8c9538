"""Numbers written as the language in use writes them: its decimal mark and its thousands
separator ("1,234.5" in English, "1.234,5" in Italian). The digits are Python's own
formatting of the figure (the same rounding in every language); only the marks change."""

from __future__ import annotations

from game.client.words.lang import language


def number(x: float, spec: str = "") -> str:
    """``x`` formatted by the format ``spec`` (".2f", ",", ".1%"), with the language's marks."""
    text = format(x, spec)
    code = language()
    if code == "en":
        return text
    from babel.numbers import get_decimal_symbol, get_group_symbol

    decimal, group = get_decimal_symbol(code), get_group_symbol(code)
    return "".join(decimal if ch == "." else group if ch == "," else ch for ch in text)


__all__ = ["number"]
