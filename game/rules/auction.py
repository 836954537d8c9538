"""Alliances and play order: the auctions of R-ALL."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.board import Board
from game.rules.common import Log, board, pay, pname
from game.rules.core import C, Choice, Pending, State
from game.rules.errors import Refusal, refusal
from game.rules.phase import Frame, Phase, decide
from game.rules.tables import amounts

EMPTY = "-"
PASS = C("pass")


def unallied(st: State) -> list[int]:
    return [s for s in range(st.n) if st.alliance[s] == 0]


def amount_bound(st: State, seat: int) -> int:
    """[ruling] R-GEN-4: the highest amount ``seat`` may name for one payment (a bid, the gold
    offered to an ally). The rules set no cap (000: "se vogliono possono sempre spendere tutto
    quello che vogliono"; 002: "possono spendere quanto denaro desiderino"), borrowing for
    what the gold in hand lacks; but the list of amounts needs an end. It ends at the gold in
    hand plus ``amount_list_borrowed`` (100) gold borrowed: 50 unrest in one payment (34 with
    Banking), which no real game comes near."""
    return st.gold[seat] + board(st).c("amount_list_borrowed")


def amount_refusal(st: State, seat: int) -> Refusal:
    """R-GEN-4: why an amount above :func:`amount_bound` is refused."""
    bound, borrowed = amount_bound(st, seat), board(st).c("amount_list_borrowed")
    return refusal(f"{pname(st, seat)} may name at most {bound} gold for one payment: its gold in hand and {borrowed} "
                   "more taken from the bank (the rules set no cap; amounts are listed up to this bound, which no "
                   "real game reaches)", "R-GEN-4", "gold.amount_bound",
                   power=st.powers[seat], gold=bound, have=st.gold[seat], borrowed=borrowed)


def why_not_propose(st: State, args: tuple[object, ...]) -> Refusal:
    """R-ALL-4: why a proposal is refused."""
    if len(args) != 2:
        return refusal("a proposal names the power for box A and the power for box B", "R-ALL-4",
                       "propose.names_two")
    free = unallied(st)
    for a in args:
        if a != EMPTY and a not in st.powers:
            return refusal(f"there is no power called {a!r} in this game", "R-ALL-4", "propose.no_such_power", value=a)
        if a != EMPTY and st.powers.index(str(a)) not in free:
            return refusal(f"{pname(st, st.powers.index(str(a)))} is already in an alliance", "R-ALL-4",
                           "propose.already_allied", power=str(a))
    if args[0] == args[1]:
        return refusal("the two boxes must hold two different players", "R-ALL-4", "propose.same_player")
    if EMPTY in args and len(free) > 1:
        return refusal("both boxes must be filled while two or more players are unallied", "R-ALL-4",
                       "propose.fill_both")
    if EMPTY not in args:
        return refusal("only one player is unallied: the proposal holds that single marker", "R-ALL-4",
                       "propose.one_unallied")
    return refusal("that row of the alliance track is full", "R-ALL-1", "propose.row_full")


def _said_bid(b: Board, d: Mapping[str, Any]) -> str:
    boxes = [f"{b.power_name(d[box])} in box {box.upper()}" for box in ("a", "b") if d[box] != EMPTY]
    return f"{b.power_name(d['power'])} bids {d['bid']}: " + ", ".join(boxes)


class Auction(Phase):
    """One auction (R-ALL-3, R-ALL-4, R-ALL-5): bids in seating order, then a proposal."""

    name = "auction"

    def pending(self, st: State, fr: Frame) -> Pending:
        seat = fr["bidder"]
        if fr["stage"] == "propose":
            return decide(st, "propose", seat,
                          lambda b, d: f"{b.power_name(d['power'])}: choose the proposal for your bid of {d['bid']}",
                          {"key": "propose", "rule": "R-ALL-4", "power": st.powers[seat], "bid": fr["pending_bid"]})
        if fr["high"] < 0:
            return decide(st, "bid", seat,
                          lambda b, d: f"{b.power_name(d['power'])}: open the auction with a bid of 0 or more",
                          {"key": "bid_open", "rule": "R-ALL-3", "power": st.powers[seat]})
        return decide(st, "bid", seat, lambda b, d: f"{b.power_name(d['power'])}: raise above {d['high']} or pass",
                      {"key": "bid_raise", "rule": "R-ALL-3", "power": st.powers[seat], "high": fr["high"]})

    def waits(self, st: State, fr: Frame) -> bool:
        return True

    def legal(self, st: State, fr: Frame) -> list[Choice]:
        seat = fr["bidder"]
        if fr["stage"] == "propose":
            free = unallied(st)
            if len(free) == 1:
                p = st.powers[free[0]]
                b = board(st)
                out = []
                if sum(1 for s in range(st.n) if st.alliance[s] == 1) < b.c("track_top_spaces"):
                    out.append(C("propose", p, EMPTY))
                if sum(1 for s in range(st.n) if st.alliance[s] == 2) < b.c("track_bottom_spaces"):
                    out.append(C("propose", EMPTY, p))
                return out
            proposals = board(st).t.proposals  # made once for every pair of powers
            names = [st.powers[s] for s in free]
            return [proposals[a][b] for a in names for b in names if a != b]
        high = fr["high"]
        bids = amounts(board(st).t.bids, high + 1, amount_bound(st, seat) + 1, lambda x: C("bid", x))
        if high >= 0:
            bids.insert(0, PASS)
        return bids

    def allows(self, st: State, fr: Frame, choice: Choice) -> bool:
        """:meth:`legal` without listing every bid and every pair of powers."""
        k, args = choice.kind, choice.args
        if fr["stage"] == "propose":
            if k != "propose" or len(args) != 2:
                return False
            free = unallied(st)
            if len(free) == 1:
                return choice in self.legal(st, fr)
            names = [st.powers[s] for s in free]
            return args[0] in names and args[1] in names and args[0] != args[1]
        if k == "pass":
            return not args and fr["high"] >= 0
        if k != "bid" or len(args) != 1 or not isinstance(args[0], int):
            return False
        return int(fr["high"]) < args[0] <= amount_bound(st, fr["bidder"])

    def refusal(self, st: State, fr: Frame, choice: Choice) -> Refusal | None:
        seat, k, args = fr["bidder"], choice.kind, choice.args
        who, power = pname(st, seat), st.powers[seat]
        if fr["stage"] == "propose":
            if k != "propose":
                return None
            return why_not_propose(st, args)
        if k == "pass" and fr["high"] < 0:
            return refusal(f"{who} opens this auction and must bid (0 or more)", "R-ALL-3", "bid.must_open",
                           power=power)
        if k != "bid":
            return None
        if len(args) != 1 or isinstance(args[0], str):
            return refusal("a bid is one whole number of gold", "R-ALL-3", "bid.one_number")
        amount = int(args[0])
        if amount <= fr["high"]:
            if fr["high"] < 0:
                return refusal("a bid is 0 gold or more", "R-ALL-3", "bid.negative")
            return refusal(f"a bid must be higher than the high bid of {fr['high']}", "R-ALL-3", "bid.not_higher",
                           high=fr["high"])
        return amount_refusal(st, seat)

    def act(self, st: State, fr: Frame, choice: Choice, log: Log) -> None:
        seat = fr["bidder"]
        if choice.kind == "bid":
            fr["pending_bid"] = int(choice.args[0])
            fr["stage"] = "propose"
            return
        if choice.kind == "propose":
            a, b = (str(x) for x in choice.args)
            fr["a"] = st.powers.index(a) if a != EMPTY else -1
            fr["b"] = st.powers.index(b) if b != EMPTY else -1
            fr["high"] = fr.pop("pending_bid")
            fr["leader"] = seat
            fr["passes"] = 0
            fr["stage"] = "bid"
            log.add("bid", _said_bid, power=st.powers[seat], bid=fr["high"], a=a, b=b)
        else:  # pass
            fr["passes"] += 1
            log.add("bid_pass", lambda b, d: f"{b.power_name(d['power'])} passes", power=st.powers[seat])
            if fr["passes"] >= st.n - 1:
                self._resolve(st, fr, log)
                return
        fr["bidder"] = (seat + 1) % st.n

    def _resolve(self, st: State, fr: Frame, log: Log) -> None:
        """R-ALL-5 / R-ALL-1 / R-ALL-6: the winner pays; A goes to the top row, B to the bottom."""
        winner = fr["leader"]
        log.add("auction_won", lambda b, d: f"{b.power_name(d['power'])} wins the auction for {d['bid']} gold",
                power=st.powers[winner], bid=fr["high"])
        pay(st, winner, fr["high"], log, "the auction", "auction")
        for seat, row in ((fr["a"], 1), (fr["b"], 2)):
            if seat < 0:
                continue
            in_row = sum(1 for s in range(st.n) if st.alliance[s] == row)
            st.alliance[seat] = row
            st.track[seat] = 2 * in_row + row  # top row: spaces 1,3,5,..; bottom row: 2,4,6,..
            log.add("alliance", lambda b, d: f"{b.power_name(d['power'])} joins alliance "
                    f"{'A' if d['alliance'] == 1 else 'B'} (play order space {d['space']})",
                    power=st.powers[seat], alliance=row, space=st.track[seat])
        st.stack.pop()
