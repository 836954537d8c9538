"""Chat lines (net.core.chat): signed, chained per author, limited per author and in all,
never part of the game."""

from __future__ import annotations

import pytest

from net.core.chat import BURST, MAX_AUTHORS, MAX_TEXT, REFILL_MS, ChatBox, text_problem
from net.core.envelope import build, parse
from net.core.identity import Identity
from net.core.reasons import Reject

GAME = "ab" * 16


def line(ident: Identity, seq: int, text: str, *, prev: str | None = None, game: str = GAME, name: str = "",
         body: dict[str, object] | None = None) -> bytes:
    prev = prev if prev is not None or seq == 0 else "00" * 32  # (the box does not require an unbroken chain)
    return build(ident, game=game, seq=seq, prev=prev, kind="chat", at=3, state="",
                 body=body if body is not None else {"name": name, "text": text}).raw


def test_a_line_is_taken_once_and_chained_per_author() -> None:
    me, other = Identity.generate(), Identity.generate()
    box = ChatBox(GAME)
    first = box.write(me, at=0, state="", name="ann", text="hello all", now=0)
    second = box.write(me, at=5, state="", name="ann", text="good luck", now=1)
    assert (first.seq, first.prev) == (0, None) and (second.seq, second.prev) == (1, first.id)
    assert box.offer(parse(first.raw), 2) == "duplicate"
    theirs = parse(line(other, 0, "Thanks, Ann!"))
    assert box.offer(theirs, 2) == "accepted"
    assert [(x.name, x.text, x.at) for x in box.lines] == [("ann", "hello all", 0), ("ann", "good luck", 5),
                                                           ("", "Thanks, Ann!", 3)]


@pytest.mark.parametrize(("make", "code"), [
    (lambda me: line(me, 0, ""), "bad_body"),
    (lambda me: line(me, 0, "   "), "bad_body"),
    (lambda me: line(me, 0, "x" * (MAX_TEXT + 1)), "bad_body"),
    (lambda me: line(me, 0, "bell\x07"), "bad_body"),
    (lambda me: line(me, 0, "hi", name="n" * 25), "bad_body"),
    (lambda me: line(me, 0, "hi", body={"text": "hi"}), "bad_body"),
    (lambda me: line(me, 0, "hi", body={"name": "", "text": "hi", "to": "south"}), "bad_body"),
    (lambda me: line(me, 0, "hi", game="cd" * 16), "wrong_game"),
], ids=["empty", "blank", "too-long", "control", "long-name", "no-name", "extra-field", "other-game"])
def test_a_bad_line_is_refused_and_kept_nowhere(make: object, code: str) -> None:
    box = ChatBox(GAME)
    env = parse(make(Identity.generate()))  # type: ignore[operator]
    assert box.offer(env, 0) == code and box.lines == []


def test_a_forged_signature_and_a_second_line_for_one_seq_are_refused() -> None:
    me = Identity.generate()
    box = ChatBox(GAME)
    good = line(me, 0, "hello")
    forged = good.replace(b"hello", b"hullo")
    assert box.offer(parse(forged), 0) == "bad_signature"
    assert box.offer(parse(good), 0) == "accepted"
    assert box.offer(parse(line(me, 0, "another first line")), 0) == "equivocation"
    assert [x.text for x in box.lines] == ["hello"]


def test_an_author_is_kept_to_a_burst_then_one_line_every_few_seconds() -> None:
    me = Identity.generate()
    box = ChatBox(GAME)
    codes = [box.offer(parse(line(me, i, f"line {i}")), 0) for i in range(BURST + 3)]
    assert codes == ["accepted"] * BURST + ["rate"] * 3
    assert box.offer(parse(line(me, BURST + 3, "later")), REFILL_MS - 1) == "rate"
    assert box.offer(parse(line(me, BURST + 4, "later")), REFILL_MS) == "accepted"
    mine = Identity.generate()
    with pytest.raises(Reject) as r:  # writing one's own line is limited alike
        for i in range(BURST + 1):
            box.write(mine, at=0, state="", name="", text=f"mine {i}", now=REFILL_MS)
    assert r.value.code == "rate"


def test_strangers_cannot_fill_the_chat() -> None:
    box = ChatBox(GAME)
    for _ in range(MAX_AUTHORS):
        assert box.offer(parse(line(Identity.generate(), 0, "hi")), 0) == "accepted"
    assert box.offer(parse(line(Identity.generate(), 0, "one more stranger")), 0) == "too_many"
    assert len(box.lines) == MAX_AUTHORS


def test_a_resumed_peer_goes_on_with_its_chain() -> None:
    me = Identity.generate()
    box = ChatBox(GAME)
    a = box.write(me, at=0, state="", name="", text="before the crash", now=0)
    again = ChatBox(GAME)
    again.restore(parse(a.raw), own=True)
    b = again.write(me, at=1, state="", name="", text="after it", now=0)
    assert (b.seq, b.prev) == (1, a.id) and [x.text for x in again.lines] == ["before the crash", "after it"]


def test_what_makes_a_text_unfit() -> None:
    assert text_problem("fine, thanks") == "" and text_problem("naïve «citation» ’") == ""
    assert text_problem("") == "empty" and text_problem("a\nb") == "control" and text_problem("x" * 281) == "too_long"
