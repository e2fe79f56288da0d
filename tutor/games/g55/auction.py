"""The 55 auction (rules/55.md section 4) as a small state machine.

Seats are absolute; ``dealer`` speaks last.  Calls are the strings ``pass``, ``hold`` and
``10`` ``15`` ``20`` ``25`` ``60``.  :meth:`Auction.check` gives the reason and rule ID of an
illegal call, :meth:`Auction.legal_calls` the legal ones (pass, hold, bids low to high).
"""

from __future__ import annotations

from ...engine.errors import IllegalAction, InputError
from ...engine.messages import Msg, house_rule, many, msg, render
from ...engine.settings import Settings
from ...engine.text import ascii_lower, quoted
from .tables import BIDS, CALLS

CIRCUIT, DEALER, HELD, REENTRY, DONE = "circuit", "dealer", "held", "reentry", "done"


def parse_call(text) -> str:
    """A call in canonical form, or an :class:`InputError` (55-BID-VALUES)."""
    t = ascii_lower(str(text).strip())
    if t in CALLS:
        return t
    raise InputError(render(msg("{text} is not a call of 55 (pass, hold, 10, 15, 20, 25 or 60)",
                                text=quoted(text))), "call", str(text))


class Auction:
    """The auction of one hand of 55."""

    __slots__ = ("n", "dealer", "settings", "calls", "phase", "high", "high_seat", "held",
                 "passed", "out", "queue", "pos", "bidder", "bid", "reentry_bid")

    def __init__(self, n: int, dealer: int, settings: Settings):
        self.n, self.dealer, self.settings = n, dealer, settings
        self.calls: list[tuple[int, str]] = []
        self.high = 0  # the standing bid, 0 when none
        self.high_seat: int | None = None
        self.held: int | None = None  # the held bidder
        self.passed: set[int] = set()
        self.out: set[int] = set()  # passed, or outbid in the first circuit
        self.queue = [(dealer + 1 + i) % n for i in range(n - 1)]  # first circuit
        self.pos = 0
        self.phase = CIRCUIT if self.queue else DEALER
        self.bidder: int | None = None
        self.bid: int | None = None
        self.reentry_bid = False

    def copy(self) -> "Auction":
        a = Auction.__new__(Auction)
        a.n, a.dealer, a.settings = self.n, self.dealer, self.settings
        a.calls = list(self.calls)
        a.phase, a.high, a.high_seat, a.held = self.phase, self.high, self.high_seat, self.held
        a.passed, a.out = set(self.passed), set(self.out)
        a.queue, a.pos = list(self.queue), self.pos
        a.bidder, a.bid, a.reentry_bid = self.bidder, self.bid, self.reentry_bid
        return a

    # -- queries ---------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.phase == DONE

    @property
    def to_act(self) -> int | None:
        if self.phase in (CIRCUIT, REENTRY):
            return self.queue[self.pos]
        if self.phase == DEALER:
            return self.dealer
        if self.phase == HELD:
            return self.held
        return None

    def legal_calls(self) -> list[str]:
        """Every legal call for the player to act: pass, hold, then bids low to high."""
        if self.phase == DONE:
            return []
        out = []
        if self._may_pass():
            out.append("pass")
        if self._hold_problem() is None:
            out.append("hold")
        out.extend(str(b) for b in BIDS if b > self.high)
        return out

    def _may_pass(self) -> bool:
        if self.phase == DEALER and self.high == 0:
            return self.settings.all_pass != "dealer_forced"
        return True

    def _hold_problem(self) -> tuple[str, str, Msg] | None:
        if self.phase != DEALER:
            return ("hold_not_dealer", "55-BID-HOLD",
                    msg("Only the dealer may hold, when another player's bid is standing."))
        if self.high == 0:
            return ("hold_no_bid", "55-BID-ALLPASS",
                    msg("Nobody has bid, so there is nothing to hold: the dealer must bid."))
        m = self.settings.min_dealer_hold
        if m is not None and self.high < m:
            return ("hold_too_low", "55-BID-HOLD",
                    house_rule(msg("the dealer may hold only a bid of {bid} or more.", bid=m)))
        return None

    def check(self, call: str, seat: int | None = None) -> IllegalAction | None:
        """``None`` if ``call`` is legal now (for ``seat``, if given), else why not."""
        call = parse_call(call)
        if self.phase == DONE:
            raise InputError(render(msg("the auction is over: no call may follow its end "
                                        "(55-BID-END)")), "call")
        legal = self.legal_calls()
        if seat is not None and seat != self.to_act:
            if seat in self.out and seat != self.dealer:
                return IllegalAction("out_of_auction", "55-BID-OUT",
                                     msg("Seat {seat} has passed or been outbid and is out of "
                                         "the auction.", seat=seat), legal)
            return IllegalAction("not_your_turn", "55-BID-ORDER",
                                 msg("It is seat {turn}'s turn to call, not seat {seat}'s.",
                                     turn=self.to_act, seat=seat),
                                 legal)
        if call in legal:
            return None
        if call == "pass":
            return IllegalAction("dealer_must_bid", "55-BID-ALLPASS",
                                 msg("Every other player passed, so the dealer may not pass: "
                                     "bid {bids}.", bids=many((str(b) for b in BIDS), "or")), legal)
        if call == "hold":
            reason, rule, text = self._hold_problem()
            return IllegalAction(reason, rule, text, legal)
        return IllegalAction("bid_not_higher", "55-BID-RAISE",
                             msg("A bid must be higher than the standing {bid} (the dealer "
                                 "equals it only by calling hold).", bid=self.high)
                             if self.to_act == self.dealer else
                             msg("A bid must be higher than the standing {bid}.",
                                 bid=self.high), legal)

    # -- calls -----------------------------------------------------------------------------
    def call(self, call: str, seat: int | None = None) -> None:
        """Make a call; raise :class:`IllegalAction` if the rules forbid it."""
        call = parse_call(call)
        bad = self.check(call, seat)
        if bad is not None:
            raise bad
        s = self.to_act
        self.calls.append((s, call))
        if self.phase == CIRCUIT:
            self._first_circuit(s, call)
        elif self.phase == DEALER:
            self._dealer(call)
        elif self.phase == HELD:
            self._held(s, call)
        else:
            self._reentry(s, call)

    def _advance(self) -> None:
        self.pos += 1
        if self.pos < len(self.queue):
            return
        if self.phase == CIRCUIT:
            self.phase = DEALER
        elif self.reentry_bid:
            self.phase = DEALER
        else:  # nobody re-entered: the dealer wins at the held value
            self._finish(self.dealer, self.high)

    def _first_circuit(self, s: int, call: str) -> None:
        if call == "pass":
            self.passed.add(s)
            self.out.add(s)
        else:
            if self.high_seat is not None:
                self.out.add(self.high_seat)  # 55-BID-OUT: outbid
            self.high, self.high_seat = int(call), s
        self._advance()

    def _dealer(self, call: str) -> None:
        d = self.dealer
        if call == "pass":
            if self.high == 0:
                self._finish(None, None)  # a redeal house rule
            else:
                self._finish(self.high_seat, self.high)
            return
        if call == "hold":
            self.held = self.high_seat
            self.high_seat = d
            if self.high == 60:
                self._finish(d, 60)
            else:
                self._answer()
            return
        b = int(call)
        had = self.high_seat
        self.high, self.high_seat = b, d
        if had is None or b == 60 or self.settings.dealer_raise_closes:
            self._finish(d, b)
        else:
            self.held = had
            self._answer()

    def _answer(self) -> None:
        """After a hold (or an answered dealer raise): who may speak."""
        if self.settings.reentry_after_hold == "all_not_passed":
            self.phase = REENTRY
            self.queue = [(self.dealer + 1 + i) % self.n for i in range(self.n - 1)
                          if (self.dealer + 1 + i) % self.n not in self.passed]
            self.pos = 0
            self.reentry_bid = False
            if not self.queue:
                self._finish(self.dealer, self.high)
        else:
            self.phase = HELD

    def _held(self, s: int, call: str) -> None:
        if call == "pass":
            self.passed.add(s)
            self.out.add(s)
            self._finish(self.dealer, self.high)
        else:
            self.high, self.high_seat = int(call), s
            self.phase = DEALER

    def _reentry(self, s: int, call: str) -> None:
        if call == "pass":
            self.passed.add(s)
            self.out.add(s)
        else:
            self.high, self.high_seat = int(call), s
            self.reentry_bid = True
        self._advance()

    def _finish(self, bidder: int | None, bid: int | None) -> None:
        self.phase = DONE
        self.bidder, self.bid = bidder, bid


def run_auction(n: int, calls, settings: Settings, dealer: int | None = None) -> Auction:
    """Replay a list of calls (seat after the dealer first).  Raises on the first bad call;
    the :class:`IllegalAction` gets an ``index`` attribute."""
    a = Auction(n, n - 1 if dealer is None else dealer, settings)
    for i, c in enumerate(calls):
        try:
            if a.done:
                raise InputError(render(msg("call {number} ({call}) comes after the end of the "
                                            "auction (55-BID-END)", number=i + 1,
                                            call=quoted(c))), f"call {i + 1}")
            a.call(c)
        except IllegalAction as e:
            e.index = i
            raise
        except InputError as e:
            raise e.at(f"call {i + 1}") if e.where == "call" else e from None
    return a


def why_call(call: str, auction: Auction | None = None) -> str:
    """Why a legal call is allowed, in words with its rule ID (no echo of the call); with
    the ``auction`` it is made in, a pass says the real condition (55-BID-ALLPASS)."""
    return render(_why_call(call, auction))


def _why_call(call: str, auction: Auction | None) -> Msg:
    if call == "pass":
        if auction is not None and auction.phase == DEALER:
            if auction.high == 0:
                return msg("the house rule lets the dealer pass when every other player has "
                           "passed: the hand is thrown in and dealt again (55-BID-ALLPASS).")
            return msg("the dealer may pass a standing bid; its maker wins the auction "
                       "(55-BID-END).")
        if auction is not None and auction.settings.all_pass != "dealer_forced":
            return msg("a player may pass at their turn (55-BID-ORDER).")
        return msg("a player may pass at their turn (55-BID-ORDER); only the dealer, once every "
                   "other player has passed, must bid instead (55-BID-ALLPASS).")
    if call == "hold":
        return msg("the dealer may hold the standing bid, taking it at the same value "
                   "(55-BID-HOLD).")
    return msg("it is higher than the standing bid (55-BID-RAISE).")
