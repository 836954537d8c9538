"""The game's sentences in Italian (game/client/words: events, prompts, choices, the battle
detail, tiles, the auction, the odds, the hint, the fairness panel): whole seeded games
between computer players said in Italian, every event, prompt and legal choice, make no
formatting error and leave no English sentence (one equal to its English rendering is
made only of names and numbers); every message of these files has its Italian
translation; a count takes the Italian form for its number."""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import TypeVar

import pytest

from game.bots import SearchBot, make_bot
from game.client.fairness import ChanceLog, DiceFit
from game.client.odds import AttackOdds, Figure, describe_odds
from game.client.words import fairness as F
from game.client.words.auction import auction_words
from game.client.words.battle import Tracker, units_before
from game.client.words.choices import label, menu, sea_roll_note
from game.client.words.events import event_sentence
from game.client.words.hint import hint
from game.client.words.lang import language, say_n, set_language
from game.client.words.names import Names
from game.client.words.prompts import prompt_sentence
from game.client.words.tiles import tile_cost, tile_line, timing
from game.rules import Act, Roll, apply_in_place, event_dicts, legal, new_game, pending, view
from game.rules.board import Board, load_board

MINE = ("game/client/words/events.py", "game/client/words/events_combat.py", "game/client/words/prompts.py",
        "game/client/words/kinds.py", "game/client/words/names.py", "game/client/words/battle.py",
        "game/client/words/choices.py", "game/client/words/tiles.py", "game/client/words/auction.py",
        "game/client/words/fairness.py", "game/client/words/hint.py", "game/client/words/numbers.py",
        "game/client/odds.py", "game/client/forecast.py")
GAMES = [(2, "random", 31), (3, "greedy", 32), (4, "random", 33), (5, "greedy", 34), (7, "random", 35)]
MAX_STEPS = 2500  # a game is cut there (they end well before)
BOARD = load_board("standard")
X = TypeVar("X")


def both(make: Callable[[], X]) -> tuple[X, X]:
    """``make()`` in Italian and in English; the language in use is Italian after it."""
    set_language("en")
    try:
        en = make()
    finally:
        set_language("it")
    return make(), en


def names(b: Board) -> list[str]:
    """Every name of the board, in English and in Italian, longest first."""
    out: set[str] = set()
    for code in ("en", "it"):
        set_language(code)
        nm = Names(b)
        out |= {nm.power(p.id) for p in b.powers} | {nm.area(a.id) for a in b.areas}
        out |= {nm.tile(t.id) for t in b.tiles} | {nm.counter(c.id) for c in b.counters}
    set_language("it")
    return sorted(out, key=lambda n: (-len(n), n))


def untranslated(it: str, en: str, known: list[str]) -> bool:
    """Whether ``it`` is an English sentence left as it was: equal to the English and not
    made only of names, numbers and rule ids."""
    if it != en:
        return False
    rest = re.sub(r"R-[A-Z]+(-\w+)?", "", it)
    for n in known:
        rest = rest.replace(n, "")
    return re.search(r"[^\W\d_]{2,}", rest) is not None


def play(players: int, bot: str, seed: int, known: list[str]) -> dict[str, int]:
    """A whole game said in Italian beside English: every event (for a spectator and its
    own seat, through ``event_sentence`` and the Tracker), every prompt, every legal
    choice's label and menu line, every sea roll's note. Returns how many of each."""
    rng = random.Random(seed)
    bots = [make_bot(bot, seed * 1009 + i) for i in range(players)]
    st = new_game(players)
    track_it, track_en = Tracker(), Tracker()
    seen = {"events": 0, "prompts": 0, "labels": 0, "battles": 0}
    bad: list[tuple[str, str]] = []

    def check(pair: tuple[str, str]) -> None:
        if untranslated(*pair, known):
            bad.append(pair)

    while not pending(st).is_over and st.steps < MAX_STEPS:
        p = pending(st)
        check(both(partial(prompt_sentence, p, BOARD)))
        seen["prompts"] += 1
        if p.chance is not None:
            inp: Act | Roll = Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges))
        else:
            options = legal(st, p.seat)
            for c in options:
                check(both(partial(label, st, p.seat, c)))
                check(both(partial(sea_roll_note, st, p.seat, c)))
            for it_entry, en_entry in zip(*both(partial(menu, st, p.seat, options)), strict=True):
                check((it_entry.label, en_entry.label))
            seen["labels"] += len(options)
            inp = Act(p.seat, bots[p.seat].choose(st, p.seat, options))
        before = units_before(st, inp, None)
        events = apply_in_place(st, inp)
        for viewer in sorted({None, *(e.seat for e in events if e.seat >= 0)}, key=str):
            for e in event_dicts(events, viewer):
                check(both(partial(event_sentence, e, BOARD)))
                seen["events"] += 1
        shown = event_dicts(events, None)
        lines_it = track_it.feed(st, shown, before)
        set_language("en")
        lines_en = track_en.feed(st, shown, before)
        set_language("it")
        for a, b in zip(lines_it, lines_en, strict=True):
            for x, y in zip(a.split("\n"), b.split("\n"), strict=True):
                check((x.strip(), y.strip()))
            seen["battles"] += "\n" in a
    assert not bad, bad[:20]
    return seen


@pytest.mark.parametrize(("players", "bot", "seed"), GAMES)
def test_whole_games_are_said_in_italian(players: int, bot: str, seed: int, italian: None) -> None:
    seen = play(players, bot, seed, names(BOARD))
    assert seen["events"] > 300 and seen["prompts"] > 100 and seen["labels"] > 300, seen


def test_the_battle_detail_is_said_in_italian(italian: None) -> None:
    """A battle's block lines: its sides' strength and dice in Italian words."""
    rng = random.Random(5)
    st = new_game(4)
    bots = [make_bot("greedy", s) for s in range(4)]
    track = Tracker()
    blocks = []
    while not pending(st).is_over and len(blocks) < 5:
        p = pending(st)
        inp = (Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)) if p.chance
               else Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat))))
        before = units_before(st, inp, 0)
        blocks += [x for x in track.feed(st, event_dicts(apply_in_place(st, inp), 0), before) if "\n" in x]
    assert blocks
    for block in blocks:
        head, *rows = block.split("\n")
        assert "combattimento" in head, head
        assert len(rows) == 2 and all(re.search(r": \d+ = forza -?\d+.* \+ dadi \d e \d \(differenza \d\)", r)
                                      for r in rows), block
        assert "strength" not in block and "dice" not in block


def test_tiles_auction_odds_and_fairness_are_said_in_italian(italian: None) -> None:
    known = names(BOARD)
    for t in BOARD.tiles:
        for pair in (both(lambda t=t: tile_line(BOARD, t.id)), both(lambda t=t: timing(BOARD, t.id))):
            assert not untranslated(*pair, known), pair
        cost = both(lambda t=t: tile_cost(BOARD, t.id))
        assert not untranslated(*cost, known) or cost[0][:1].isdigit() and "gold" not in cost[0], cost
    st = new_game(4)
    v = view(st, 0)
    free = [p for s, p in enumerate(v["powers"]) if v["alliance"][s] == 0]
    for words in (lambda: auction_words(v, BOARD), lambda: auction_words(v, BOARD, 3, free[0], free[1], free[2],
                                                                           [free[3]])):
        for it, en in zip(*both(words), strict=True):
            assert not untranslated(it, en, known), it
    o = AttackOdds(none=Figure(Fraction(1, 2), Fraction(1, 6)), defended=Figure(Fraction(1, 3), Fraction(1, 6)),
                   helped=Figure(Fraction(2, 5), Fraction(1, 6)), helpers=(["Austria"], ["Prussia", "Russia"]),
                   assumed={"offer", "surprise", "reserve"}, decided={"naval", "ally_tile"}, rolls=1296, done=True)
    for make in (lambda: describe_odds(o, None, "Francia"), lambda: describe_odds(o, "Spagna", "Francia", "Tocca"),
                 lambda: describe_odds(AttackOdds(unknown=True)), lambda: describe_odds(AttackOdds(too_many=True)),
                 lambda: describe_odds(AttackOdds())):
        for it, en in zip(*both(make), strict=True):
            assert not untranslated(it, en, known), it
    line, why = describe_odds(o, None, "Francia")
    assert line.startswith("Probabilità di vittoria: 50% se nessuno aiuta") and "aiutano Francia" in line, line
    assert "1296 contati" in why and why.endswith("."), why
    # the fairness panel of a game's chance events
    rng = random.Random(3)
    log = ChanceLog()
    bots = [make_bot("greedy", i) for i in range(4)]
    while not (p := pending(st)).is_over and st.steps < 300:
        before = st.clone()
        inp = (Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)) if p.chance is not None
               else Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat))))
        log.observe(before, st, event_dicts(apply_in_place(st, inp), None))
    f = log.fairness()
    said = [both(lambda: " ".join(F.summary(f, BOARD))), both(F.title), both(F.keys), both(F.dice_heading),
            both(lambda: F.fit_note(4)), both(lambda: F.drops_heading(0))]
    said += [both(lambda c=c: F.chance_sentence(c, f, BOARD)) for c in f.chances]
    said += [both(lambda c=c: F.where(c)) for c in f.chances[:3]]
    said += [both(lambda x=x: F.fit_tip(x, BOARD)) for x in [*f.fits, f.all_dice]]
    said += [both(lambda x=x: F.fit_count(x)) for x in f.fits]
    for pair in said:
        assert not untranslated(*pair, known), pair
    assert "Dadi ed equità" == F.title()


def test_the_hint_is_said_in_italian(italian: None) -> None:
    rng = random.Random(1)
    st = new_game(3)
    bots = [make_bot("greedy", i) for i in range(3)]
    while pending(st).chance is not None or pending(st).kind != "action":
        p = pending(st)
        apply_in_place(st, Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)) if p.chance
                       else Act(p.seat, bots[p.seat].choose(st, p.seat, legal(st, p.seat))))
    seat = pending(st).seat
    choice, words = hint(SearchBot(5, "easy"), "easy", st, seat)
    assert choice in legal(st, seat)
    assert words.startswith(f"Suggerimento: {label(st, seat, choice)}: ") and "Hint" not in words, words
    _, greedy = hint(make_bot("greedy", 1), "greedy", st, seat)
    assert greedy.startswith("Suggerimento: ") and "giocatore del computer greedy" in greedy, greedy


def test_a_count_takes_the_italian_form_for_its_number(italian: None) -> None:
    nm = Names(BOARD)
    assert [nm.count("army", n) for n in (1, 2)] == ["1 armata", "2 armate"]
    assert [nm.count("fleet", n) for n in (1, 3)] == ["1 flotta", "3 flotte"]
    assert [nm.count("fort", n) for n in (1, 2)] == ["1 forte", "2 forti"]
    assert nm.forces(2, 1) == "2 armate e 1 flotta"
    assert nm.a_unit("army") == "un’armata"
    borrow = [event_sentence({"kind": "borrow", "power": "france", "gold": n}, BOARD) for n in (1, 4)]
    assert borrow[0].endswith("prende 1 oro dalla Banca") and borrow[1].endswith("prende 4 ori dalla Banca"), borrow
    assert say_n("{n} seat dropped", "{n} seats dropped", 1) == "1 posto escluso"
    assert say_n("{n} seat dropped", "{n} seats dropped", 2) == "2 posti esclusi"
    assert F.fit_count(DiceFit("spain", (1, 0, 0, 0, 0, 1))) == "2 dadi, media 3,50"  # the decimal comma
    assert language() == "it"


def test_every_message_of_these_files_has_an_italian_translation() -> None:
    """Every template said in these files (each use, wherever its message was first found)
    is in the Italian catalogs with the same placeholders, and none is an f-string."""
    from babel.messages.extract import extract_python

    from tools.i18n import KEYWORDS, ROOT, Msg, _msg, problems, source_messages

    msgs: list[Msg] = []
    keywords: object = KEYWORDS
    for path in MINE:
        said = io.StringIO()
        with (ROOT / path).open("rb") as f, contextlib.redirect_stderr(said):
            found = list(extract_python(f, keywords, [], {}))  # type: ignore[arg-type]
        assert "f-string" not in said.getvalue(), said.getvalue()
        for line, func, args, _ in found:
            m = _msg(str(func), args, f"{path}:{line}")
            if m is not None:
                msgs.append(m)
    assert len(msgs) > 350
    assert list(problems("it", msgs)) == []
    built: list[str] = []
    source_messages(built=built)
    assert [b for b in built if b.split(":")[0] in MINE] == []


def test_english_is_kept_after_italian(italian: None) -> None:
    """Switching back to English says the same words as before Italian was chosen."""
    e = {"kind": "income", "power": "spain", "gold": 7}
    it, en = both(lambda: event_sentence(e, BOARD))
    assert it.endswith("incassa 7 ori") and en == "Spain collects 7 gold"
