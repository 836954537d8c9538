"""Alliances and play order: the auctions (R-ALL-1..7). The rulebook's own example is the
scenario tests/scenarios/auction_002_war2.json."""

from __future__ import annotations

from .play import Table

FIVE = ["great_britain", "france", "spain", "austria", "prussia"]


def rows(t: Table) -> tuple[list[str], list[str]]:
    """The alliance track: (top row, bottom row) in space order."""
    st = t.st
    top = sorted((s for s in range(st.n) if st.alliance[s] == 1), key=lambda s: st.track[s])
    bottom = sorted((s for s in range(st.n) if st.alliance[s] == 2), key=lambda s: st.track[s])
    return [st.powers[s] for s in top], [st.powers[s] for s in bottom]


def all_pass(t: Table, *powers: str) -> None:
    for p in powers:
        t.do(p, "pass")


def five_player_auctions() -> Table:
    """War 1 of five players, Spain first: three auctions place everyone.

    1. Spain opens 0 (Spain A, Austria B); all pass.
    2. Austria opens 2 (GB A, France B); Prussia passes; GB bids 3 (France A, Prussia B);
       France, Spain, Austria pass; Prussia, who passed, bids 4 (France A, Prussia B);
       the others pass: Prussia pays 4.
    3. Prussia opens 0 with Great Britain alone, in box B; all pass.
    """
    t = Table.at(FIVE, "auctions", war=1, first="spain")
    t.do("spain", "bid", 0).do("spain", "propose", "spain", "austria")
    all_pass(t, "austria", "prussia", "great_britain", "france")
    t.do("austria", "bid", 2).do("austria", "propose", "great_britain", "france")
    t.do("prussia", "pass")
    t.do("great_britain", "bid", 3).do("great_britain", "propose", "france", "prussia")
    all_pass(t, "france", "spain", "austria")
    t.do("prussia", "bid", 4).do("prussia", "propose", "france", "prussia")
    all_pass(t, "great_britain", "france", "spain", "austria")
    t.do("prussia", "bid", 0).do("prussia", "propose", "-", "great_britain")
    all_pass(t, "great_britain", "france", "spain", "austria")
    return t


def test_all_1_box_a_goes_to_the_top_row_box_b_to_the_bottom_row() -> None:
    """R-ALL-1: "Each auction places up to two not-yet-allied players: the marker in proposal
    box A goes to the first free space of the top row (alliance A), the one in box B to the
    first free space of the bottom row (alliance B)."

    After three auctions (Spain/Austria, France/Prussia, Great Britain alone in B) the top
    row holds Spain, France and the bottom row Austria, Prussia, Great Britain."""
    t = five_player_auctions()
    assert rows(t) == (["spain", "france"], ["austria", "prussia", "great_britain"])
    assert t.saw("France joins alliance A (play order space 3)")
    assert t.saw("Prussia joins alliance B (play order space 4)")
    assert t.saw("Great Britain joins alliance B (play order space 6)")


def test_all_2_war_1_opens_with_the_first_player_then_to_the_left() -> None:
    """R-ALL-2: "in war 1 the first auction starts with the first player ... Each next auction
    starts with the player to the left (next in seating) of the previous auction's starter."

    Spain is first: Spain opens auction 1; Austria (left of Spain) opens auction 2 although
    Spain won auction 1; Prussia opens auction 3 although Prussia won auction 2."""
    t = Table.at(FIVE, "auctions", war=1, first="spain")
    assert t.pending.kind == "bid" and t.whose() == "spain"
    t.do("spain", "bid", 0).do("spain", "propose", "spain", "austria")
    all_pass(t, "austria", "prussia", "great_britain", "france")
    assert t.whose() == "austria"
    t = five_player_auctions()
    assert t.saw("Prussia bids 0: Great Britain in box B")


def test_all_2_war_2_opens_with_the_last_turn_of_war_1() -> None:
    """R-ALL-2: "in wars 2 and 3 with the player who took the last turn of the previous war."

    The first player is Great Britain but Austria took the last turn of war 1: Austria opens
    war 2's first auction."""
    t = Table.at(FIVE, "auctions", war=2, first="great_britain", last_turn="austria")
    assert t.pending.kind == "bid" and t.whose() == "austria"


def test_all_3_the_starter_must_open_and_raises_are_strictly_higher() -> None:
    """R-ALL-3: "The auction's starter must open with a bid of 0 or more. Then ... each player
    either raises (strictly higher than the high bid) or passes."

    The starter is not offered a pass (refused with R-ALL-3); after a bid of 2 the next
    player may bid 3 or more, not 2."""
    t = Table.at(FIVE, "auctions", war=1, first="great_britain")
    assert ("pass",) not in t.options("great_britain")
    assert ("bid", 0) in t.options("great_britain")
    assert t.refused("great_britain", "pass").rule == "R-ALL-3"
    t.do("great_britain", "bid", 2).do("great_britain", "propose", "spain", "austria")
    assert ("pass",) in t.options("france")
    bids = [o[1] for o in t.options("france") if o[0] == "bid"]
    assert min(bids) == 3
    assert t.refused("france", "bid", 2).rule == "R-ALL-3"


def test_all_3_a_passed_player_may_bid_again_and_allies_still_bid() -> None:
    """R-ALL-3: "a player who passed may bid again when their turn comes round. The auction
    ends when every other player has passed in succession after the high bid ... Allied
    players may still bid."

    In auction 2 Prussia passes, then outbids Great Britain when its turn comes round and
    wins; Spain, allied in auction 1, is offered bids in auction 2. The auction does not end
    while a pass is followed by a bid; the high bidder is never asked to pass on its own
    bid."""
    t = Table.at(FIVE, "auctions", war=1, first="spain")
    t.do("spain", "bid", 0).do("spain", "propose", "spain", "austria")
    all_pass(t, "austria", "prussia", "great_britain", "france")
    t.do("austria", "bid", 2).do("austria", "propose", "great_britain", "france")
    t.do("prussia", "pass")
    t.do("great_britain", "bid", 3).do("great_britain", "propose", "france", "prussia")
    all_pass(t, "france")
    assert ("bid", 4) in t.options("spain")  # an ally of auction 1 may bid
    all_pass(t, "spain", "austria")
    assert t.whose() == "prussia" and ("bid", 4) in t.options("prussia")
    t.do("prussia", "bid", 4).do("prussia", "propose", "france", "prussia")
    all_pass(t, "great_britain", "france", "spain")
    assert t.whose() == "austria" and t.pending.kind == "bid"
    t.do("austria", "pass")
    assert t.saw("Prussia wins the auction for 4 gold")
    assert t.gold("prussia") == 6 and t.gold("great_britain") == 10


def test_all_4_proposals_name_two_different_unallied_players() -> None:
    """R-ALL-4: "With every bid the bidder sets the proposal: one not-yet-allied player's
    marker in box A and a different not-yet-allied player's marker in box B. The bidder need
    not include themselves."

    Spain and Austria are allied: Great Britain's proposals never name them, never the same
    player twice, and may leave Great Britain out (France A, Prussia B)."""
    t = Table.at(FIVE, "auctions", war=1, first="spain")
    t.do("spain", "bid", 0).do("spain", "propose", "spain", "austria")
    all_pass(t, "austria", "prussia", "great_britain", "france")
    t.do("austria", "bid", 0).do("austria", "propose", "great_britain", "france")
    t.do("prussia", "pass").do("great_britain", "bid", 1)
    props = t.options("great_britain")
    assert all(o[0] == "propose" for o in props)
    named = {p for o in props for p in o[1:]}
    assert named == {"great_britain", "france", "prussia"}
    assert not any(o[1] == o[2] for o in props)
    assert len(props) == 6
    assert t.refused("great_britain", "propose", "spain", "france").rule == "R-ALL-4"
    assert t.refused("great_britain", "propose", "france", "france").rule == "R-ALL-4"
    t.do("great_britain", "propose", "france", "prussia")
    assert t.saw("Great Britain bids 1: France in box A, Prussia in box B")


def test_all_4_the_last_unallied_player_goes_in_box_a_or_b() -> None:
    """R-ALL-4: "Only when exactly one player is left unallied does a proposal hold a single
    marker; [ruling] the bidder then chooses box A or B for it."

    Three players: after Great Britain and France are placed, Spain's auction offers only
    Spain in box A or Spain in box B; France puts Spain in box A: Spain takes space 3, so the
    play order is Great Britain, France, Spain."""
    t = Table.at(["great_britain", "france", "spain"], "auctions", war=1, first="great_britain")
    t.do("great_britain", "bid", 0).do("great_britain", "propose", "great_britain", "france")
    all_pass(t, "france", "spain")
    t.do("france", "bid", 0)
    assert sorted(t.options("france")) == [("propose", "-", "spain"), ("propose", "spain", "-")]
    t.do("france", "propose", "spain", "-")
    all_pass(t, "spain", "great_britain")
    assert rows(t) == (["great_britain", "spain"], ["france"])
    assert [t.st.powers[s] for s in t.st.order] == ["great_britain", "france", "spain"]
    assert t.pending.kind == "action" and t.whose() == "great_britain"


def test_all_4_seven_players_last_marker_only_fits_the_top_row() -> None:
    """R-ALL-1, R-ALL-4 [ruling]: the alliance track has 4 top spaces (1, 3, 5, 7) and 3
    bottom ones (2, 4, 6). In a seven-player game, after three auctions have placed three
    players in each row, the last unallied player can only be proposed for box A."""
    seven = ["great_britain", "france", "spain", "russia", "austria", "prussia", "united_provinces"]
    t = Table.at(seven, "auctions", war=1, first="great_britain")
    pairs = [("great_britain", "france"), ("spain", "russia"), ("austria", "prussia")]
    opener = 0
    for a, b in pairs:
        who = seven[opener]
        t.do(who, "bid", 0).do(who, "propose", a, b)
        all_pass(t, *[seven[(opener + k) % 7] for k in range(1, 7)])
        opener += 1
    who = seven[opener]
    t.do(who, "bid", 0)
    assert t.options(who) == [("propose", "united_provinces", "-")]
    t.do(who, "propose", "united_provinces", "-")
    all_pass(t, *[seven[(opener + k) % 7] for k in range(1, 7)])
    assert rows(t) == (["great_britain", "spain", "austria", "united_provinces"], ["france", "russia", "prussia"])


def test_all_5_the_winner_pays_borrowing_if_short() -> None:
    """R-ALL-5: "The winner pays the bid (R-GEN-5 applies)". R-GEN-4: "A player may always
    spend as much as they wish (000 «possono sempre spendere tutto quello che vogliono»),
    borrowing (R-GEN-5) for what they lack: bids included." 002: «possono spendere quanto
    denaro desiderino».

    France has 1 gold and 15 unrest and bids 4: it borrows 2 lots of 2 gold (2 unrest) and
    ends with 1 gold."""
    t = Table.at(["great_britain", "france"], "auctions", war=1, first="great_britain",
                 players={"france": {"gold": 1, "unrest": 15}})
    t.do("great_britain", "bid", 0).do("great_britain", "propose", "great_britain", "france")
    t.do("france", "bid", 4).do("france", "propose", "france", "great_britain")
    t.do("great_britain", "pass")
    assert t.gold("france") == 1 and t.unrest("france") == 17
    assert t.saw("France borrows 4 gold from the bank (+2 unrest)")
    assert rows(t) == (["france"], ["great_britain"])


def test_gen_4_a_bid_is_not_capped_by_the_revolution() -> None:
    """R-GEN-4 (ruling *Bid ceiling*): the texts set no cap on spending (000 «se vogliono
    possono sempre spendere tutto quello che vogliono»; 002 «possono spendere quanto denaro
    desiderino») and the revolution is checked only at the end of the game (R-END-2), after
    Government Reform may have lowered the unrest (R-TIL-13).

    France has 1 gold and 15 unrest. It may bid 12, although paying it takes its unrest to 21:
    it borrows 6 lots (12 gold, 6 unrest) and the game goes on. The list of amounts ends at
    the gold in hand plus 100 borrowed (101), with or without Banking and whatever the unrest;
    102 is refused, naming R-GEN-4."""
    t = Table.at(["great_britain", "france"], "auctions", war=1, first="great_britain",
                 players={"france": {"gold": 1, "unrest": 15}})
    t.do("great_britain", "bid", 0).do("great_britain", "propose", "great_britain", "france")
    bids = [o[1] for o in t.options("france") if o[0] == "bid"]
    assert bids == list(range(1, 102))
    err = t.refused("france", "bid", 102)
    assert err.rule == "R-GEN-4" and err.key == "gold.amount_bound" and "at most 101 gold" in err.message
    t.do("france", "bid", 12).do("france", "propose", "france", "great_britain")
    t.do("great_britain", "pass")
    assert t.gold("france") == 1 and t.unrest("france") == 21
    assert t.saw("France borrows 12 gold from the bank (+6 unrest)")
    assert t.pending.kind == "action" and t.st.round == 1  # no revolution during the game
    # with Banking, or at 19 unrest, the list still ends at the gold in hand plus 100
    b = Table.at(["great_britain", "france"], "auctions", war=1, first="great_britain",
                 players={"great_britain": {"gold": 1, "tiles": {"banking": 1}}})
    assert max(o[1] for o in b.options("great_britain") if o[0] == "bid") == 101
    c = Table.at(["great_britain", "france"], "auctions", war=1, first="great_britain",
                 players={"great_britain": {"gold": 3, "unrest": 19}})
    assert max(o[1] for o in c.options("great_britain") if o[0] == "bid") == 103


def test_all_5_auctions_repeat_until_everyone_is_allied() -> None:
    """R-ALL-5: "Repeat until every player is on the alliance track." Five players take three
    auctions; then the war's first round begins."""
    t = five_player_auctions()
    assert 0 not in t.st.alliance
    assert sum(1 for x in t.texts if "wins the auction" in x) == 3
    assert t.pending.kind == "action" and t.st.round == 1


def test_all_6_play_order_follows_the_track_spaces() -> None:
    """R-ALL-6: "Play order for the war's actions is the order of placement on the track:
    space 1 is the top row's first, space 2 the bottom row's first, space 3 the top row's
    second, and so on." [ruling] also when the rows are unequal.

    Spain (1), Austria (2), France (3), Prussia (4), Great Britain (6): the play order is
    Spain, Austria, France, Prussia, Great Britain, and Spain takes the first turn."""
    t = five_player_auctions()
    assert [t.st.powers[s] for s in t.st.order] == ["spain", "austria", "france", "prussia", "great_britain"]
    assert t.whose() == "spain"
    assert t.saw("Play order for war 1: Spain, Austria, France, Prussia, Great Britain")


def test_all_7_allies_cannot_attack_each_other() -> None:
    """R-ALL-7: "Players in the same alliance are allies for this war: they cannot attack each
    other and may help each other in combat."

    Great Britain and Austria are allies, France is not; all have armies in German States.
    Great Britain may attack France there, never Austria (refused)."""
    t = Table.at(["great_britain", "france", "austria"], war=1,
                 alliances={"A": ["great_britain", "austria"], "B": ["france"]},
                 turn={"power": "great_britain"},
                 areas={"german_states": {"great_britain": {"army": 2}, "france": {"army": 1, "markers": 1},
                                          "austria": {"army": 1, "markers": 1}}})
    t.do("great_britain", "attack")
    targets = t.options("great_britain")
    assert ("attack", "german_states", "power", "france") in targets
    assert ("attack", "german_states", "power", "austria") not in targets
    assert t.refused("great_britain", "attack", "german_states", "power", "austria").rule == "R-CMB-13"
    # and when France attacks Great Britain there, Great Britain asks Austria to help
    t2 = Table.at(["great_britain", "france", "austria"], war=1,
                  alliances={"A": ["great_britain", "austria"], "B": ["france"]},
                  turn={"power": "france"},
                  areas={"german_states": {"great_britain": {"army": 1, "markers": 1}, "france": {"army": 2},
                                           "austria": {"army": 1}}})
    t2.do("france", "attack").do("france", "attack", "german_states", "power", "great_britain")
    assert t2.pending.kind == "offer" and t2.whose() == "great_britain"
    assert t2.options("great_britain")[0] == ("offer", "austria", 0)
    t2.do("great_britain", "offer", "austria", 0)
    assert t2.pending.kind == "help" and t2.whose() == "austria"
