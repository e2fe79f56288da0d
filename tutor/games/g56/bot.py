"""A 56 player for guided hands that bids by the conventions (56-CONV) -- a bid it makes
means what the bidding lessons say it means -- and plays sensibly with a partner.
Deterministic: the same position, the same choice.

Bidding, on the cards it holds (and what partner's bids showed):

* it opens **Number Suit** at the lowest level only with the Jack of that suit and at least
  three cards of it (the bid shows the top card with others); with two Jacks it jumps one level;
* **Suit Number** with length and strength in a suit but no Jack of it;
* **Number No-trumps** with Jacks in two or more suits and no long suit;
* **Number Noes** over an opponent's suit bid when it holds none of that suit (a void) and is
  strong elsewhere;
* it **raises** partner's suit with support, doubles an opposing contract it holds the trumps
  against, and otherwise passes.  It never bids beyond what its team is likely to take.

Every bid it makes is true of its hand by
:func:`~tutor.games.g56.conventions.holds_what_it_shows`: the hand holds everything the bot has
shown so far, its earlier bids included (a second Number Suit bid in a suit shows one more top
card, so it needs the second Jack, not the same one again).
"""

from __future__ import annotations

from ...engine.cards import Card
from ...engine.state import Call, Play
from .conventions import holds_what_it_shows
from .game import COT_ANSWER, COT_OFFER, State56
from .play import card_points, legal_cards
from .tables import MIN_BID, POINTS, RANK_ORDER, SUITS


def suit_cards(hand, suit):
    return [c for c in hand if c.suit == suit]


def estimate(hand, trump: str | None) -> int:
    """Rough card points this hand brings to its team with ``trump`` (None: no trumps)."""
    total = 0.0
    for s in SUITS:
        cards = suit_cards(hand, s)
        jacks = sum(c.rank == "J" for c in cards)
        nines = sum(c.rank == "9" for c in cards)
        length = len(cards)
        if s == trump:
            total += 3 * jacks + 2 * nines + 1.2 * max(0, length - jacks - nines)
        else:
            total += 2.5 * jacks + (1.2 * nines if jacks else 0.6 * nines)
    return int(total)


def choose(state: State56):
    seat = state.to_act
    if state.phase == "auction":
        return Call(seat, _call(state, seat))
    if state.phase == COT_OFFER:
        return Call(seat, "play_on")
    if state.phase == COT_ANSWER:
        return Call(seat, "refuse")
    if state.phase == "play":
        return Play(seat, _card(state, seat))
    raise ValueError(f"the bot does not act in phase {state.phase}")


def _call(state: State56, seat: int) -> str:
    a = state.auction
    lc = a.legal_calls()
    hand = state.hands[seat]
    low, high = lc["min"], lc["max"]
    mine = a.high_seat is not None and a.team_of(a.high_seat) == a.team_of(seat)
    partner_suit = None
    if mine and a.high_seat != seat:
        partner_suit = a.calls[a.high_index][1].denomination
    # what this hand (plus partner's showing) supports, per denomination
    # a team takes 28 of the 56 points on average; this hand moves that up or down
    average = 56 / state.n
    support = {}
    for d in SUITS + ("NT",):
        trump = None if d == "NT" else d
        partner = 4 if partner_suit is not None and partner_suit == d else 2 if mine else 0
        support[d] = int(MIN_BID + 1.5 * (estimate(hand, trump) - average) + partner)
    if "double" in lc["calls"]:
        d = a.calls[a.high_index][1].denomination
        trumps = suit_cards(hand, d) if d != "NT" else []
        if d != "NT" and sum(c.rank in ("J", "9") for c in trumps) >= 3 and a.high >= 32:
            return "double"
    if low is None:
        return "pass" if "pass" in lc["calls"] else "redouble"
    options = []
    for s in SUITS:
        cards = suit_cards(hand, s)
        if support[s] < low:
            continue
        if len(cards) >= 3:  # Number Suit: as many top cards as the level shows
            honest = [lv for lv in range(low, min(high, support[s]) + 1)
                      if holds_what_it_shows(a, f"{lv}{s}", hand)]
            if honest:
                options.append((support[s], f"{honest[-1]}{s}"))
        if len(cards) >= 4 and sum(c.rank in ("9", "A") for c in cards) >= 2 and \
                holds_what_it_shows(a, f"{s}{low}", hand):
            options.append((support[s] - 1, f"{s}{low}"))
    if a.high_seat is not None and not mine and support["NT"] >= low and \
            holds_what_it_shows(a, f"{low}NOES", hand):
        options.append((support["NT"], f"{low}NOES"))
    if max(len(suit_cards(hand, s)) for s in SUITS) <= 4 and support["NT"] >= low and \
            holds_what_it_shows(a, f"{low}NT", hand):
        options.append((support["NT"] - 2, f"{low}NT"))
    if options:
        return max(options)[1]
    if "pass" in lc["calls"]:
        return "pass"
    for s in sorted(SUITS, key=lambda s: (-support[s], s)):  # a forced bid: the best honest one
        for call in (f"{low}{s}", f"{s}{low}"):
            if holds_what_it_shows(a, call, hand):
                return call
    return f"{low}NT"


def _strength(card: Card) -> int:
    return len(RANK_ORDER) - RANK_ORDER.index(card.rank)


def _card(state: State56, seat: int) -> Card:
    hand = state.hands[seat]
    legal = list(dict.fromkeys(legal_cards(hand, state.trick)))
    rk = state.rk
    trick = state.trick
    if not trick:
        return _lead(state, seat, legal)
    led_suit = trick[0].suit
    powers = [rk.power(c, led_suit) for c in trick]
    best_i = max(range(len(trick)), key=lambda i: (powers[i], -i))
    winner = (state.leader + best_i) % state.n
    partner_wins = state.team_of(winner) == state.team_of(seat)
    last = len(trick) == state.n - 1
    if partner_wins and (last or best_i == 0 and _strength(trick[0]) >= _strength(Card("9", "S"))):
        # partner has it: give points
        return max(legal, key=lambda c: (POINTS[c.rank], -_strength(c), -c.index))
    beating = [c for c in legal if rk.power(c, led_suit) > powers[best_i]]
    if beating and not partner_wins:
        return min(beating, key=lambda c: (rk.power(c, led_suit), c.index))  # win cheaply
    return min(legal, key=lambda c: (POINTS[c.rank], _strength(c), c.index))  # throw low


def _lead(state: State56, seat: int, legal) -> Card:
    c = state.contract
    trump = None if c.denomination == "NT" else c.denomination
    jacks = [x for x in legal if x.rank == "J" and x.suit != trump]
    if trump and state.team_of(seat) == c.team:
        trumps = sorted((x for x in legal if x.suit == trump), key=_strength, reverse=True)
        if trumps and trumps[0].rank == "J":
            return trumps[0]  # draw trumps with the top trump
    if jacks:
        return jacks[0]
    return min(legal, key=lambda x: (POINTS[x.rank], _strength(x), x.index))


__all__ = ["choose", "estimate", "card_points", "MIN_BID"]
