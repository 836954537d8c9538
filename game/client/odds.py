"""The exact chance that an attack wins, counted over every dice outcome with the engine's
pure ``apply``, for the choices made before the dice that change it most: allies' help.

Three figures, each exact (a fraction of the dice outcomes, not a sample):

- **nobody helps**: every ally asked (either side's) sends nothing;
- **the defender's allies help**: each ally of the defender sends every army and fleet it
  may there; the attacker's allies send nothing (the attacker's worst case);
- **every ally helps**: the allies of both sides send all they may.

In each, the other choices before the battle are made as each side would best make them:
the attacker chooses whether to fight a naval battle first, the defender whether to accept
it, the side with naval support whether to use Blockade, each owner how its alliance
tiles count; a naval battle's dice are tried too, then the land battle's for each of its
outcomes (``max`` for the attacker's choices, ``min`` for the defender's: the figure is
what the attacker can count on). The gold offered for help (R-CMB-9) is 0 (it does not
change the battle); Surprise Attack is not used (with it, the defender's allies cannot
help: the first figure); the choices after the dice (Reserve rerolls, Fighting Withdrawal)
are not taken, and the figures say so when they could arise.

A battle's 6^4 dice outcomes are counted by classes (:mod:`game.client.battle_dice`): the
deciding battle's chances come straight from the two strengths; a battle fought before it
(a naval battle first) is played by the engine once for each class of outcomes (who wins,
who rolled the seven), weighed by the class's count, since every outcome of a class leads
to the same position. A whole attack thus takes a few milliseconds, and every attack gets
its figures. The reference method (``each_outcome``), the engine applied to every dice
outcome one by one, gives the very same fractions, far more slowly, and is bounded
(``MAX_ROLLS`` dice outcomes tried in all; a figure past it is not given).

The figures are kept per position and attack (``CACHE``); the screen counts them off the
drawing thread, those of every attack a decision offers as soon as it arrives
(``count_ahead``)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any

from game.client.battle_dice import OUTCOMES, outcome_classes, result_counts
from game.client.words.lang import N_, capital, join_list, say, say_n
from game.rules import Act, Choice, Event, Roll, RulesError, State, apply, legal, pending, state_hash
from game.rules.common import owns, ready

MAX_ROLLS = 40_000  # the reference's bound (``each_outcome``)
BATTLE_DICE = ((1, 6),) * 4
ATT, DEF = 0, 1
AFTER_DICE = {"reserve": "no_reserve", "withdraw": "no_withdraw"}
DECIDED = (("naval", N_("a naval battle first")), ("naval_answer", N_("its answer")), ("blockade", N_("Blockade")),
           ("ally_tile", N_("alliance tiles")), ("lose", N_("the units lost")), ("ally_loses", N_("which ally loses")))


@dataclass(frozen=True)
class Figure:
    """The chance the attacker wins the attack's deciding battle, and of a tie."""

    win: Fraction
    tie: Fraction

    def pct(self) -> str:
        return f"{_pct(self.win)}%"


@dataclass
class AttackOdds:
    """The figures for one attack (None: not computed, or not applicable: no ally of that
    side can help), with what was found on the way."""

    none: Figure | None = None
    defended: Figure | None = None
    helped: Figure | None = None
    helpers: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))  # powers that could help each side
    assumed: set[str] = field(default_factory=set)  # choices taken as declined: offer, surprise, reserve, withdraw
    decided: set[str] = field(default_factory=set)  # kinds of choice made as best for each side
    rolls: int = 0  # dice outcomes tried
    too_many: bool = False  # a figure was left out: past MAX_ROLLS
    unknown: bool = False  # the attack reaches no battle the odds could count
    done: bool = False


def _pct(x: Fraction) -> int:
    """A percentage rounded down, so '100%' means certain."""
    return int(x * 100)


class _TooMany(Exception):
    pass


class _Unknown(Exception):
    pass


class _Cancelled(Exception):
    pass


class _Search:
    """Expectation over dice, best choice for each side elsewhere, help as the scenario says."""

    def __init__(self, st: State, seat: int, attack: Choice | None, out: AttackOdds, names: Callable[[int], str],
                 cancelled: Callable[[], bool], each_outcome: bool = False) -> None:
        self.st = st
        self.each_outcome = each_outcome
        self.seat = seat
        self.attack = attack
        self.out = out
        self.names = names
        self.cancelled = cancelled
        fr = attack_frame(st) if attack is None else None
        if fr is not None:  # an attack under way: its own target and sides
            kind, target = str(fr.get("kind", "")), str(fr.get("target", ""))
            seat = int(fr["sides"][ATT])
        else:
            kind, target = (str(attack.args[1]), str(attack.args[2])) if attack and len(attack.args) == 3 else ("", "")
        self.sea = kind == "naval" or kind == "tile" and target == "pirates"  # R-CMB-2, R-TIL-17: fought at sea
        self.side: dict[int, int] = {seat: ATT}
        if kind in ("power", "naval") and target in st.powers:
            self.side[st.powers.index(target)] = DEF
        self.asker = int(fr["ask"][0][1]) if fr is not None and fr.get("ask") else ATT  # the side asking for help
        self.helps: tuple[bool, bool] = (False, False)
        self.memo: dict[str, tuple[Fraction, Fraction]] = {}

    def figure(self, helps: tuple[bool, bool]) -> Figure:
        self.helps = helps
        if self.attack is None:  # from the position itself, inside the attack
            return Figure(*self.value(self.st))
        cur, events = self._apply(self.st, Act(self.seat, self.attack))
        got = self._result(events)
        if got is not None:
            return Figure(*got)
        return Figure(*self.value(cur))

    def _apply(self, cur: State, inp: Act | Roll) -> tuple[State, list[Event]]:
        try:
            return apply(cur, inp)
        except RulesError as exc:
            raise _Unknown(str(exc)) from exc

    def _result(self, events: list[Event]) -> tuple[Fraction, Fraction] | None:
        for e in events:
            if e.kind == "battle" and bool(e.data.get("sea")) == self.sea:
                r = e.data.get("result")
                return Fraction(int(r == "att")), Fraction(int(r == "tie"))
        return None

    def value(self, cur: State) -> tuple[Fraction, Fraction]:
        if self.cancelled():
            raise _Cancelled
        p = pending(cur)
        if p.is_over:
            raise _Unknown("the game ends first")
        if p.chance is not None:
            return self._chance(cur, p.chance.kind, p.chance.ranges)
        options = legal(cur, p.seat)
        if not options:
            raise _Unknown("no choice")
        kind = p.kind
        if kind == "offer":  # the asker offers nothing: gold does not change the battle
            self.out.assumed.add("offer")
            self.asker = self.side.get(p.seat, DEF)
            return self._then(cur, p.seat, min(options, key=lambda c: int(c.args[-1]) if c.args else 0))
        if kind == "help":
            side = self.asker
            self.side[p.seat] = side
            most = max(options, key=lambda c: (sum(int(a) for a in c.args), c.args))
            if sum(int(a) for a in most.args) > 0:
                name = self.names(p.seat)
                if name not in self.out.helpers[side]:
                    self.out.helpers[side].append(name)
            pick = most if self.helps[side] else min(options, key=lambda c: (sum(int(a) for a in c.args), c.args))
            return self._then(cur, p.seat, pick)
        if kind == "surprise" or kind in AFTER_DICE:
            self.out.assumed.add(kind)
            no = AFTER_DICE.get(kind, "no_surprise")
            return self._then(cur, p.seat, next((c for c in options if c.kind == no), options[0]))
        side = self.side.get(p.seat, DEF)
        self.out.decided.add(kind)
        values = [(self._then(cur, p.seat, c)) for c in options]
        if side == ATT:
            return max(values)
        return min(values, key=lambda v: (v[0], -v[1]))

    def _then(self, cur: State, seat: int, choice: Choice) -> tuple[Fraction, Fraction]:
        nxt, events = self._apply(cur, Act(seat, choice))
        got = self._result(events)
        return got if got is not None else self.value(nxt)

    def _chance(self, cur: State, kind: str, ranges: tuple[tuple[int, int], ...]) -> tuple[Fraction, Fraction]:
        if kind not in ("dice", "reroll"):
            raise _Unknown(f"a {kind} comes before the battle")
        key = repr([getattr(cur, f) for f in cur.__slots__])  # equal text: equal states
        got = self.memo.get(key)
        if got is not None:
            return got
        fr = cur.stack[-1] if cur.stack else {}
        if (not self.each_outcome and kind == "dice" and fr.get("t") == "battle" and fr.get("stage") == "roll"
                and ranges == BATTLE_DICE):
            got = self._battle(cur, fr)
        else:
            got = self._each(cur, ranges)
        self.memo[key] = got
        return got

    def _each(self, cur: State, ranges: tuple[tuple[int, int], ...]) -> tuple[Fraction, Fraction]:
        """The reference: the engine applied to every outcome of the dice, one by one."""
        total = 1
        for lo, hi in ranges:
            total *= hi - lo + 1
        if self.out.rolls + total > MAX_ROLLS:
            raise _TooMany
        self.out.rolls += total
        win = tie = Fraction(0)
        for k, values in enumerate(product(*(range(lo, hi + 1) for lo, hi in ranges))):
            if k % 64 == 0 and self.cancelled():
                raise _Cancelled
            w, t = self._roll(cur, tuple(values))
            win += w
            tie += t
        return win / total, tie / total

    def _roll(self, cur: State, values: tuple[int, ...]) -> tuple[Fraction, Fraction]:
        nxt, events = self._apply(cur, Roll(values))
        r = self._result(events)
        return r if r is not None else self.value(nxt)

    def _battle(self, cur: State, fr: dict[str, Any]) -> tuple[Fraction, Fraction]:
        """A battle's dice by classes of outcomes (:mod:`game.client.battle_dice`): the
        deciding battle's chances straight from its strengths; a battle before it (a naval
        battle first) by the engine, once for each class, weighed by its count."""
        att, dfn = int(fr["str"][ATT]), int(fr["str"][DEF])
        self.out.rolls += OUTCOMES
        if bool(fr["sea"]) == self.sea:  # the deciding battle: its result is all that counts
            self._after_dice(cur, fr)
            win_n, tie_n = result_counts(att, dfn)
            return Fraction(win_n, OUTCOMES), Fraction(tie_n, OUTCOMES)
        win = tie = Fraction(0)
        for _, count, dice in outcome_classes(att, dfn, int(fr.get("seven", 7))):
            if self.cancelled():
                raise _Cancelled
            w, t = self._roll(cur, dice)
            win += w * count
            tie += t * count
        return win / OUTCOMES, tie / OUTCOMES

    def _after_dice(self, cur: State, fr: dict[str, Any]) -> None:
        """The choices after the deciding battle's dice that the figures leave out (Reserve,
        Fighting Withdrawal), noted as the engine asks them: one outcome of each class is
        played to the result, when a side could have such a choice at all."""
        sides = [int(s) for s in fr["sides"]]
        reserve = "reserve" not in self.out.assumed and any(s >= 0 and ready(cur, s, "reserve") for s in sides)
        withdraw = ("withdraw" not in self.out.assumed and sides[DEF] >= 0
                    and owns(cur, sides[DEF], "fighting_withdrawal") > 0)
        if not (reserve or withdraw):
            return
        for _, _, dice in outcome_classes(int(fr["str"][ATT]), int(fr["str"][DEF]), int(fr.get("seven", 7))):
            self._roll(cur, dice)


def attack_frame(st: State) -> dict[str, Any] | None:
    """The attack under way in ``st`` (its frame on the decision stack), if any."""
    for fr in reversed(st.stack):
        if fr.get("t") == "attack" and "sides" in fr:
            out: dict[str, Any] = fr
            return out
    return None


def attack_odds(st: State, seat: int, attack: Choice | None, names: Callable[[int], str] | None = None,
                update: Callable[[AttackOdds], None] | None = None,
                cancelled: Callable[[], bool] | None = None, each_outcome: bool = False) -> AttackOdds:
    """The figures for ``attack`` by ``seat`` in ``st`` (``None``: the attack under way in
    ``st``, from where it stands: an ally asked, gold to offer), computed one after another
    (``update`` is called after each); ``cancelled`` stops the work early. ``each_outcome``:
    the reference method, the engine applied to every dice outcome one by one (slow; no
    figure past ``MAX_ROLLS`` outcomes), which the figures by classes of outcomes equal."""
    out = AttackOdds()
    search = _Search(st, seat, attack, out, names or (lambda s: st.powers[s]), cancelled or (lambda: False),
                     each_outcome)
    try:
        out.none = search.figure((False, False))
        if update is not None:
            update(out)
        if out.helpers[DEF]:
            out.defended = search.figure((False, True))
            if update is not None:
                update(out)
        if out.helpers[ATT]:
            out.helped = search.figure((True, True))
    except _TooMany:
        out.too_many = True
    except _Unknown:
        out.unknown = out.none is None
    except _Cancelled:
        return out
    out.done = True
    if update is not None:
        update(out)
    return out


def describe_odds(o: AttackOdds, attacker: str | None = None, defender: str | None = None,
                  head: str | None = None) -> tuple[str, str]:
    """A short line for the prompt bar and the words of its tooltip: what each figure is
    and what it assumes. ``attacker`` names the attacker (None: the player, "you"),
    ``defender`` the side attacked (None: "the defender"), ``head`` whose chance it is
    (None: "Chance to win"; "Chance Spain wins against France" for an attack under way
    that another player decides in); each in the language in use."""
    they = defender if defender is not None else say("the defender")  # (the player: None, or "you" said)
    head = head if head is not None else say("Chance to win")
    if o.none is None:
        if o.unknown:
            return (say("{head}: no battle to count", head=head),
                    say("The attack reaches no battle whose dice could be counted."))
        if o.too_many:
            return (say("{head}: too many outcomes to count", head=head),
                    say("More than {n} dice outcomes: the chance is not counted.", n=MAX_ROLLS))
        return say("{head}: counting...", head=head), say("Counting every dice outcome with the rules engine.")
    parts = [say("{pct}% if nobody helps", pct=_pct(o.none.win))]
    tip = [say("{head}, exact over every dice outcome ({n} counted): {pct}% (tie {tie}%) if no ally helps either side",
               head=head, n=o.rolls, pct=_pct(o.none.win), tie=_pct(o.none.tie))]
    if o.defended is not None:
        who, pct, tie = join_list(o.helpers[DEF]), _pct(o.defended.win), _pct(o.defended.tie)
        parts.append(say_n("{pct}% if {who} helps {defender}", "{pct}% if {who} help {defender}",
                           len(o.helpers[DEF]), pct=pct, who=who, defender=they))
        tip.append(say("{pct}% (tie {tie}%) if {defender}'s allies ({who}) send every army and fleet they may and "
                       "yours send none: the worst case", pct=pct, tie=tie, defender=they, who=who))
    if o.helped is not None:
        pct, tie, who = _pct(o.helped.win), _pct(o.helped.tie), join_list(o.helpers[ATT])
        parts.append(say("{pct}% if every ally helps", pct=pct))
        tip.append(say("{pct}% (tie {tie}%) if every ally of both sides sends all it may ({who} for you)", pct=pct,
                       tie=tie, who=who) if attacker in (None, "you", say("you"))
                   else say("{pct}% (tie {tie}%) if every ally of both sides sends all it may ({who} for {attacker})",
                            pct=pct, tie=tie, who=who, attacker=attacker))
    if not o.done:
        parts.append(say("counting..."))
    elif o.too_many:
        parts.append(say("the rest: too many outcomes"))
        tip.append(say("the other figures would need more than {n} dice outcomes: not counted", n=MAX_ROLLS))
    chosen = [say(w) for k, w in DECIDED if k in o.decided]
    assumed = []
    if "offer" in o.assumed:
        assumed.append(say("whatever gold is offered for help, the battle is the same"))
    if "surprise" in o.assumed:
        assumed.append(say("Surprise Attack not used (with it the defender's allies cannot help)"))
    if o.assumed & set(AFTER_DICE):
        assumed.append(say("Reserve rerolls and Fighting Withdrawal, chosen after the dice, not counted"))
    if chosen:  # a sentence of its own, what was assumed after it
        best = say("{choices}: as each side would best choose", choices=capital(join_list(chosen)))
        words = say("{figures}. {assumed}.", figures=say("; ").join(tip), assumed=say("; ").join([best, *assumed]))
    else:
        words = say("{figures}.", figures=say("; ").join(tip + assumed))
    return say("{head}: {figures}", head=head, figures=join_list(parts)), words


# ---------------------------------------------------------------------------- cache
Key = tuple[str, int, Choice | None]
CACHE: OrderedDict[Key, AttackOdds] = OrderedDict()
CACHE_SIZE = 256  # a busy position offers a few dozen attacks
_lock = threading.Lock()
_waiting: dict[Key, State] = {}  # counts put in the cache by ``count_ahead``, not started yet


def _keep(key: Key) -> AttackOdds:
    """A new, empty entry of the cache (``_lock`` held)."""
    out = CACHE[key] = AttackOdds()
    while len(CACHE) > CACHE_SIZE:
        old, _ = CACHE.popitem(last=False)
        _waiting.pop(old, None)
    return out


def _count(key: Key, st: State, out: AttackOdds, names: Callable[[int], str], changed: Callable[[], None],
           cancelled: Callable[[], bool]) -> None:
    """Fill ``out`` with the figures of ``key``'s attack (on a worker thread)."""
    def update(o: AttackOdds) -> None:
        out.__dict__.update(o.__dict__)
        changed()

    try:
        res = attack_odds(st, key[1], key[2], names, update, cancelled)
    except Exception:  # noqa: BLE001 - a worker's failure is shown as "not counted", never a traceback
        out.unknown = out.done = True
        changed()
        return
    if not res.done:  # cancelled: forget it, so it is counted again when asked
        with _lock:
            if CACHE.get(key) is out:
                del CACHE[key]


def odds_in_background(st: State, seat: int, attack: Choice | None, names: Callable[[int], str],
                       changed: Callable[[], None], cancelled: Callable[[], bool]) -> AttackOdds:
    """The figures for an attack, from the cache, or an empty ``AttackOdds`` filled in by
    a worker thread (``changed`` is called as figures arrive; ``cancelled`` stops it). An
    attack that ``count_ahead`` has not reached yet is counted at once, ahead of it."""
    key = (state_hash(st), seat, attack)
    with _lock:
        got = CACHE.get(key)
        if got is not None:
            CACHE.move_to_end(key)
            if _waiting.pop(key, None) is None:
                return got
            out = got
        else:
            out = _keep(key)
    threading.Thread(target=_count, args=(key, st, out, names, changed, cancelled), name="soe-odds",
                     daemon=True).start()
    return out


def count_ahead(st: State, seat: int, attacks: list[Choice | None], names: Callable[[int], str],
                changed: Callable[[], None], cancelled: Callable[[], bool]) -> None:
    """Start counting the figures of ``attacks`` (all those a decision offers) on one worker
    thread, one after another, into the cache, so each is there as soon as it is shown; one
    asked for meanwhile is counted at once (``odds_in_background``)."""
    h = state_hash(st)
    keys: list[Key] = []
    with _lock:
        for attack in attacks:
            key = (h, seat, attack)
            if key not in CACHE:
                _keep(key)
                _waiting[key] = st
                keys.append(key)
    if not keys:
        return

    def work() -> None:
        for key in keys:
            with _lock:
                out = CACHE.get(key)
                if _waiting.pop(key, None) is None or out is None:
                    continue  # asked for first: counted by its own worker; or dropped from the cache
                if cancelled():
                    del CACHE[key]
                    continue
            _count(key, st, out, names, changed, cancelled)

    threading.Thread(target=work, name="soe-odds-ahead", daemon=True).start()
