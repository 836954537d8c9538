"""Prompts and event texts are said when they are read (``Pending.prompt``, ``Event.text``):
each keeps how it is said (``said``: a sentence, or a function of the board and the
prompt's or event's own fields) and says it on demand. A sentence read long after its step
must be the one it was then, so ``said`` may read nothing that later steps change: it
captures no variable, and what it is given besides the fields (a ``functools.partial``'s
arguments, a lambda's defaults) is strings and integers only."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from functools import partial
from typing import Any

from game.rules import Act, Event, Pending, Roll, apply_in_place, decision, event_dicts, new_game, view


def plain(value: Any) -> bool:
    return isinstance(value, (str, int)) or (isinstance(value, tuple) and all(plain(v) for v in value))


def captures_nothing(said: Any) -> bool:
    """Whether ``said`` is a sentence, or a function of (board, fields) that captures no
    variable, bound (by ``partial`` or defaults) to strings and integers only."""
    if isinstance(said, str):
        return True
    bound: tuple[Any, ...] = ()
    if isinstance(said, partial):
        if said.keywords:
            return False
        bound, said = said.args, said.func
    if not callable(said) or not hasattr(said, "__code__"):
        return False
    fn: Callable[..., str] = said
    return not fn.__code__.co_freevars and plain(bound) and plain(fn.__defaults__ or ())


def test_every_prompt_and_event_is_said_from_its_own_fields_and_said_the_same_later() -> None:
    rng = random.Random(11)
    for n in (2, 4, 7):
        st = new_game(n)
        said_then: list[tuple[Event, str, dict[str, Any]]] = []
        pendings: list[tuple[Pending, str]] = []
        while True:
            p, options = decision(st)
            assert captures_nothing(p.said), p
            pendings.append((p, p.prompt))
            if p.is_over:
                break
            if p.chance is not None:
                inp: Act | Roll = Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges))
            else:
                inp = Act(p.seat, rng.choice(options))
            for e in apply_in_place(st, inp):
                assert captures_nothing(e.said), e
                said_then.append((e, e.text, e.to_dict(None, reveal=True)))
        assert len(said_then) > 200
        for e, text, shown in said_then:  # read again at the end of the game
            assert e.text == text and e.to_dict(None, reveal=True) == shown
        for p, prompt in pendings:
            assert p.prompt == prompt


def test_a_pending_and_an_event_copy_and_pickle_with_their_words() -> None:
    rng = random.Random(3)
    st = new_game(3)
    events: list[Event] = []
    while len(events) < 200:
        p, options = decision(st)
        inp: Act | Roll = (Roll(tuple(rng.randint(lo, hi) for lo, hi in p.chance.ranges)) if p.chance is not None
                           else Act(p.seat, rng.choice(options)))
        events += apply_in_place(st, inp)
        for x in (p, *events[-3:]):
            for twin in (copy.deepcopy(x), pickle.loads(pickle.dumps(x))):
                assert twin == x and repr(twin) == repr(x)
    p = decision(st)[0]
    assert view(st, 0)["pending"] == {"kind": p.kind, "seat": p.seat, "chance": None, "prompt": p.prompt,
                                      "data": p.data}
    assert [e["text"] for e in event_dicts(events, None)] == [e.text for e in events]
