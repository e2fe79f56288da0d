"""What each call of a 56 auction conventionally shows (56-CONV), as data and as a sentence.

These are customs, not rules: a bid may mislead on purpose.  The bots of the guided hands bid
by them, and the bidding lessons explain them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.cards import SUIT_NAME, SUIT_SINGULAR, SUIT_SYMBOL
from .auction import STYLE_NAME, Auction56, Call56
from .tables import MIN_BID

TOP_SEQUENCE = ("J", "J", "9", "9", "A", "A", "10", "10", "K", "K", "Q", "Q")


@dataclass(frozen=True)
class Meaning:
    """The conventional message of one call."""

    index: int
    seat: int
    call: str  # the written form
    spoken: str
    kind: str  # pass | double | redouble | bid
    style: str | None = None
    level: int | None = None
    denomination: str | None = None
    shows: str = ""  # top_cards | strength_without_top | all_round | void | exact_top_cards
    #                  | agreement | nothing | pass | double | redouble
    suit: str | None = None  # the suit the message is about
    count: int | None = None  # how many top cards
    cards: tuple[str, ...] = field(default=())  # the top cards it shows, e.g. ("JS",)
    honours: bool = False
    text: str = ""

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def _suit_words(suit: str) -> tuple[str, str]:
    return SUIT_NAME[suit], SUIT_SINGULAR[suit]


def explain_auction(auction: Auction56) -> list[Meaning]:
    """The meaning of every call made so far."""
    out: list[Meaning] = []
    replay = Auction56(auction.n, auction.dealer, auction.settings)
    shown: dict[tuple[int, str], int] = {}  # (team, suit) -> top cards shown so far
    suits_bid: list[str] = []  # suits named by bids, in order
    for i, (seat, call) in enumerate(auction.calls):
        lowest = max(MIN_BID, replay.high + 1)
        standing = replay.high
        replay.call(call)
        level = replay.levels[-1]
        team = replay.team_of(seat)
        m = _meaning(i, seat, call, level, lowest, standing, team, shown, suits_bid)
        out.append(m)
        if call.is_bid and call.denomination != "NT":
            suits_bid.append(call.denomination)
    return out


def _meaning(i, seat, call: Call56, level, lowest, standing, team, shown, suits_bid) -> Meaning:
    base = dict(index=i, seat=seat, call=str(call), spoken=call.spoken(), kind=call.kind)
    who = f"Seat {seat}"
    if call.kind == "pass":
        return Meaning(**base, shows="pass", text=f"{who} passes: nothing to say now (a pass "
                       "is not final in 56; they may bid later).")
    if call.kind == "double":
        return Meaning(**base, shows="double", text=f"{who} doubles: they expect the "
                       f"opponents' {standing} to fail. Any new bid cancels the double.")
    if call.kind == "redouble":
        return Meaning(**base, shows="redouble", text=f"{who} redoubles: their team is sure "
                       "the doubled contract will be made. The auction ends at once.")
    d = call.denomination
    base.update(style=call.style, level=level, denomination=d, honours=level >= 40)
    head = f"{who} bids {call.spoken()} ({STYLE_NAME[call.style]}, {level}"
    head += " no trumps" if d == "NT" else f" {SUIT_NAME[d]}"
    head += ", an Honours bid" if level >= 40 else ""
    head += ")"
    style = call.style
    if style in ("number_suit", "plus_suit"):
        name, one = _suit_words(d)
        already = shown.get((team, d), 0)
        count = call.number if style == "plus_suit" else 1 + max(0, level - lowest)
        cards = tuple(r + d for r in TOP_SEQUENCE[already:already + count])
        shown[(team, d)] = already + count
        pretty = " ".join(c[:-1] + SUIT_SYMBOL[d] for c in cards)
        if style == "plus_suit":
            text = (f"{head}: shows exactly {count} top {one if count == 1 else name} "
                    f"({pretty}) and no other {name}.")
            return Meaning(**base, shows="exact_top_cards", suit=d, count=count, cards=cards,
                           text=text)
        jump = f"; the jump of {level - lowest} over the lowest bid shows one more each" \
            if level > lowest else ""
        top = "the top " + one if count == 1 else f"{count} top {name}"
        text = f"{head}: shows {top} ({pretty}) with other {name}{jump}."
        return Meaning(**base, shows="top_cards", suit=d, count=count, cards=cards, text=text)
    if style == "suit_number":
        name, one = _suit_words(d)
        return Meaning(**base, shows="strength_without_top", suit=d,
                       text=f"{head}: shows strength in {name} without the top card "
                       f"(for example no J{SUIT_SYMBOL[d]}, but 9s and aces).")
    if style == "number_nt":
        return Meaning(**base, shows="all_round",
                       text=f"{head}: shows all-round strength and no particularly good suit "
                       "(for example Jacks in two suits).")
    if style in ("number_noes", "plus_noes"):
        if style == "plus_noes":
            target = suits_bid[-2] if len(suits_bid) >= 2 else None
        else:
            target = suits_bid[-1] if suits_bid else None
            if level > lowest and len(suits_bid) >= 2:
                target = suits_bid[-2]
        if target is None:
            when = "before the most recent one" if style == "plus_noes" else "yet"
            return Meaning(**base, shows="agreement",
                           text=f"{head}: with no suit bid {when}, Noes has no standard "
                           "meaning; partners agree one between them. It is played in no "
                           "trumps.")
        name, _ = _suit_words(target)
        if style == "plus_noes":
            text = (f"{head}: shows a void in {name}, the suit bid before the most recent one. "
                    "It is played in no trumps.")
        elif level > lowest:
            text = (f"{head}: a jump in Noes can show a void in {name}, the suit bid before the "
                    "most recent one. It is played in no trumps.")
        else:
            text = (f"{head}: shows no {name} at all (a void in the suit just bid). It is "
                    "played in no trumps.")
        return Meaning(**base, shows="void", suit=target, text=text)
    return Meaning(**base, shows="nothing",
                   text=f"{head}: Plus No-trumps has no standard meaning.")
