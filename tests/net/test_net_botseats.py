"""Bot seats: a host fills the empty seats of its game with bots. The genesis gives such a
seat no key; every peer computes that bot's decisions, the seat never joins, reveals or
commits, and the verifier lists it as a bot."""

from __future__ import annotations

from netkit import GAME_ID, identity, secret

from game.bots import make_bot
from game.rules import new_game
from net.core.genesis import SeatInfo
from net.core.session import Session
from net.core.transcript import Transcript
from net.core.verify import verify_messages


def _play(people_bot: str, drop_bot: str = "greedy") -> Transcript:
    """A whole 3-player game: two people (played by ``people_bot``) and a bot seat between
    them, played by every peer's ``drop_bot``."""
    powers = new_game(3).powers
    t = Transcript()
    people = [Session(identity(i), secret=secret(i), transcript=t) for i in (0, 1)]
    seats = [SeatInfo(powers[0], identity(0).public_hex, "host"), SeatInfo(powers[1], "", "bot"),
             SeatInfo(powers[2], identity(1).public_hex, "guest")]
    assert people[0].create(seats, now=0, game_id=GAME_ID, chain_length=1024, drop_bot=drop_bot).ok
    bots = [make_bot(people_bot, 7), make_bot(people_bot, 8)]
    for step in range(20_000):
        for s in people:
            s.tick(step)
        table = t.referee
        assert table is not None
        if table.closed:
            break
        seat = table.decision_seat()
        who = {0: 0, 2: 1}.get(seat)
        if who is not None:
            sess = people[who]
            assert sess.submit(bots[who].choose(table.st, seat, sess.legal()), step).ok
    return t


def test_a_game_with_a_bot_seat_plays_to_the_end_and_verifies() -> None:
    t = _play("random")
    table = t.referee
    assert table is not None and table.closed and table.over
    assert not table.active(1) and table.joined[1] is False
    authors = {e.env.author for e in t.entries}
    assert authors == {identity(0).public_hex, identity(1).public_hex}
    rep = verify_messages([e.env.raw for e in t.entries])
    assert rep.fair, rep
    assert [p["status"] for p in rep.players] == ["played", "bot", "played"]


def test_bot_seats_need_no_key_but_people_keys_stay_distinct() -> None:
    from net.core.genesis import Genesis
    from net.core.reasons import Reject

    powers = new_game(3).powers
    body = Genesis(GAME_ID, (SeatInfo(powers[0], identity(0).public_hex, "a"), SeatInfo(powers[1], "", "b1"),
                             SeatInfo(powers[2], "", "b2"))).body()
    g = Genesis.from_body(GAME_ID, body)
    assert [s.bot for s in g.seats] == [False, True, True]
    body["seats"][2]["key"] = identity(0).public_hex
    try:
        Genesis.from_body(GAME_ID, body)
    except Reject as r:
        assert r.code == "bad_genesis" and "own key" in r.text
    else:
        raise AssertionError("two seats with one key were accepted")


def test_a_searching_bot_seat_believes_the_tables_public_ledger(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Every peer plays a bot seat with a bot built afresh for the decision; it is lent the
    table's ledger of the public events, so it knows the others' unrest as a player who
    watched the whole game does (and, the ledger being public, every peer chooses alike)."""
    import net.core.referee
    from game.bots import SearchBot

    made: list[SearchBot] = []
    real = net.core.referee.make_bot

    def spy(name: str, seed: int):  # type: ignore[no-untyped-def]
        bot = real(name, seed)
        if isinstance(bot, SearchBot):
            made.append(bot)
        return bot

    monkeypatch.setattr(net.core.referee, "make_bot", spy)
    t = _play("greedy", drop_bot="easy")
    table = t.referee
    assert table is not None and table.closed and table.over
    assert made and all(bot.ledger is table.ledger for bot in made)
    assert table.ledger.knows(table.st) and table.ledger.unrest == list(table.st.unrest)
    assert any(table.st.unrest)
