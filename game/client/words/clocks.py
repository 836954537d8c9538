"""The words of a network game's game clock (docs/network.md, "Game clocks"): the clock a
host chooses ("15 min each + 15 s a turn", or no game clock), why one is out of bounds,
what is left of a seat's time bank ("14:32"), and why a seat is overdue (its bank spent,
or its turn past the drop timeout).

Every sentence is a whole template in :data:`TEMPLATES` with named fields, said in the
language in use; the times in minutes and seconds (``m:ss``) are digits in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

from game.client.words.lang import N_, say
from game.client.words.numbers import number
from net.core.genesis import MAX_BANK_MS, MAX_INCREMENT_MS, MIN_BANK_MS

LOW_MS = 60_000  # a bank under this is shown as running out

TEMPLATES: Mapping[str, str] = MappingProxyType({
    # the clock a game has
    "clock": N_("{bank} each + {increment} a turn"),
    "clock_no_increment": N_("{bank} each"),
    "no_clock": N_("no game clock"),
    "seconds": N_("{n} s"),
    "minutes": N_("{n} min"),
    "minutes_seconds": N_("{m} min {s} s"),
    "hours": N_("{n} h"),
    "hours_minutes": N_("{h} h {m} min"),
    # out of bounds
    "bad_bank": N_("the game clock must be 0 (none) or {lo} to {hi} minutes, not {clock}"),
    "bad_increment": N_("the increment must be 0 to {hi} seconds, not {increment}"),
    "increment_no_clock": N_("with no game clock a turn gives back nothing: the increment must be 0, not "
                             "{increment} s"),
    # a seat's clock in the game
    "overdue_bank": N_("its game clock ran out"),
    "overdue_timeout": N_("its turn passed the timeout"),
    "overdue_bank_short": N_("out of time"),
    "overdue_timeout_short": N_("past the timeout"),
    "clocks_head": N_("game clock: {clock}; a turn may keep the game waiting {timeout}"),
    "clock_seat": N_("{who}: {time} left"),
    "clock_seat_running": N_("{who}: {time} left; the game has waited {turn} for it"),
    "clock_seat_none": N_("{who}: the game has waited {turn} for it"),
    "clock_seat_out": N_("{who}: no time left ({time} over)"),
    "clocks_none": N_("the game has not started yet"),
    "tip": N_("{who}: {time} left on the game clock ({clock})"),
    "tip_running": N_("{who}: {time} left on the game clock ({clock}), ticking: the game has waited {turn} for it"),
    "tip_out": N_("{who}: its game clock ran out ({clock}); the others may hand its seat to a computer player"),
    "seat": N_("{power} ({name})"),
})
"""Every sentence of the game clock, by its key."""


def _t(key: str, **fields: Any) -> str:
    return say(TEMPLATES[key], **fields)


def span(ms: int) -> str:
    """A length of time in words: "15 s", "2 min", "2 min 30 s", "1 h", "1 h 30 min"."""
    n = max(0, round(ms / 1000))
    if n < 60:
        return _t("seconds", n=n)
    h, rest = divmod(n, 3600)
    m, s = divmod(rest, 60)
    if h:
        return _t("hours", n=h) if not m else _t("hours_minutes", h=h, m=m)
    return _t("minutes", n=m) if not s else _t("minutes_seconds", m=m, s=s)


def game_clock(bank_ms: int, increment_ms: int) -> str:
    """A game's clock in words: "15 min each + 15 s a turn", "15 min each", "no game clock"."""
    if not bank_ms:
        return _t("no_clock")
    if not increment_ms:
        return _t("clock_no_increment", bank=span(bank_ms))
    return _t("clock", bank=span(bank_ms), increment=span(increment_ms))


def clock_time(ms: int) -> str:
    """What is left of a bank, as a clock shows it: "14:32", "1:05:09" (whole seconds, never
    rounded up: 59.9 s left is "0:59"); a spent one is "0:00"."""
    s = max(0, ms) // 1000
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def low(bank: int | None) -> bool:
    """Whether a bank is running out (under a minute left): shown in red."""
    return bank is not None and bank < LOW_MS


def clock_problem(bank_ms: int, increment_ms: int) -> str | None:
    """Why a game clock is out of bounds (:func:`net.core.genesis.settings_fault`), or None."""
    if bank_ms != 0 and not MIN_BANK_MS <= bank_ms <= MAX_BANK_MS:
        return _t("bad_bank", lo=MIN_BANK_MS // 60_000, hi=MAX_BANK_MS // 60_000, clock=number(bank_ms / 60_000, "g"))
    if not 0 <= increment_ms <= MAX_INCREMENT_MS:
        return _t("bad_increment", hi=MAX_INCREMENT_MS // 1000, increment=number(increment_ms / 1000, "g"))
    if increment_ms and not bank_ms:
        return _t("increment_no_clock", increment=number(increment_ms / 1000, "g"))
    return None


def overdue_why(bank: int | None, short: bool = False) -> str:
    """Why an overdue seat is: its bank is spent, or (with a bank left, or none at all) its
    turn passed the drop timeout (``short``: in two or three words, for a crowded line)."""
    spent = bank is not None and bank <= 0
    if short:
        return _t("overdue_bank_short") if spent else _t("overdue_timeout_short")
    return _t("overdue_bank") if spent else _t("overdue_timeout")


def clock_lines(rule: tuple[int, int, int] | None, clocks: Iterable[Any], power: Callable[[str], str]) -> list[str]:
    """The terminal's list of the clocks (the ``k`` key): the game's clock (``rule``: bank,
    increment and timeout, :meth:`game.client.nettable.NetTable.clock_rule`), then each
    seat's (:class:`game.client.nettable.SeatClock`, its power named by ``power``) with what
    is left of its bank and how long the game has waited for it now."""
    if rule is None:
        return [_t("clocks_none")]
    bank_ms, increment_ms, timeout_ms = rule
    out = [_t("clocks_head", clock=game_clock(bank_ms, increment_ms), timeout=span(timeout_ms))]
    for c in clocks:
        name = _t("seat", power=power(c.power), name=c.name) if c.name else power(c.power)
        if c.bank is None:
            if c.running:
                out.append("  " + _t("clock_seat_none", who=name, turn=span(c.turn)))
        elif c.bank <= 0:
            out.append("  " + _t("clock_seat_out", who=name, time=clock_time(-c.bank)))
        elif c.running:
            out.append("  " + _t("clock_seat_running", who=name, time=clock_time(c.bank), turn=span(c.turn)))
        else:
            out.append("  " + _t("clock_seat", who=name, time=clock_time(c.bank)))
    return out


def clock_tip(who: str, bank: int, running: bool, turn: int, rule: tuple[int, int, int]) -> str:
    """What the mouse on a seat's clock says: what is left of its bank, of what clock, and
    how long the game has waited for it when it ticks (``rule``: bank, increment, timeout)."""
    clock = game_clock(rule[0], rule[1])
    if bank <= 0:
        return _t("tip_out", who=who, clock=clock)
    if running:
        return _t("tip_running", who=who, time=clock_time(bank), clock=clock, turn=span(turn))
    return _t("tip", who=who, time=clock_time(bank), clock=clock)


__all__ = ["LOW_MS", "TEMPLATES", "clock_lines", "clock_problem", "clock_time", "clock_tip", "game_clock", "low",
           "overdue_why", "span"]
