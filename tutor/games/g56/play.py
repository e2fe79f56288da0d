"""56 card play: ranking tables, following suit, the trick winner and card points."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Iterable, Sequence

from ...engine.cards import A_SUIT, SUIT_WORDS, Card, cards_of, format_cards
from ...engine.errors import IllegalAction, InputError
from ...engine.messages import msg, nmsg, render
from ...engine.ranking import Ranking
from .tables import COPIES, DENOMINATIONS, POINTS, RANK_ORDER, SUITS

RANK_RULES = {"trump": "56-RANK", "plain": "56-RANK", "win": "56-TRICK",
              "twin": "56-IDENTICAL"}


@cache
def ranking(denomination: str) -> Ranking:
    """The ranking of a 56 contract: a trump suit, or ``NT`` for no trumps (56-TRICK)."""
    if denomination not in DENOMINATIONS:
        raise InputError(render(msg("{denomination} is not a 56 denomination (S, H, D, C or "
                                    "NT)", denomination=repr(denomination))), "trump")
    trump = None if denomination == "NT" else denomination
    order = {s: [Card(r, s) for r in RANK_ORDER] for s in SUITS}
    return Ranking(trump, order[trump] if trump else (),
                   {s: order[s] for s in SUITS if s != trump}, RANK_RULES)


def card_points(cards: Iterable[Card]) -> int:
    """56-POINTS: J 3, 9 2, A 1, 10 1."""
    return sum(POINTS[c.rank] for c in cards)


def check_cards(cards: Sequence[Card], ranks: Sequence[str] = RANK_ORDER,
                where: str = "cards") -> None:
    """Input errors: a rank not in the deck in use, or a third copy (56-DECK, 56-COPIES)."""
    for c in cards:
        if c.rank not in ranks:
            kept = " ".join(ranks)
            raise InputError(render(msg("{card} is not a card of this 56 deck (ranks {ranks})",
                                        card=str(c), ranks=kept)), where)
    for c, k in Counter(cards).items():
        if k > COPIES:
            raise InputError(render(nmsg("{card} appears {n} time; every card exists only "
                                         "twice (56-COPIES)", "{card} appears {n} times; every "
                                         "card exists only twice (56-COPIES)", k, card=str(c))),
                             where)


def legal_cards(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """56-FOLLOW / 56-VOID: follow the suit led if you can, else play anything."""
    if not trick:
        return list(hand)
    s = trick[0].suit
    follow = [c for c in hand if c.suit == s]
    return follow or list(hand)


def check_card(hand: Sequence[Card], trick: Sequence[Card], card: Card) -> IllegalAction | None:
    if card not in hand:
        raise InputError(render(msg("{card} is not in the hand ({hand})", card=str(card),
                                    hand=format_cards(hand))), "card")
    legal = legal_cards(hand, trick)
    if card in legal:
        return None
    s = trick[0].suit
    return IllegalAction(
        "must_follow_suit", "56-FOLLOW",
        msg("The lead was in {suit} and you hold {suit}, so you must play {a_suit}; {card} is "
            "not one (following suit is the only duty of play).",
            suit=SUIT_WORDS[s], a_suit=A_SUIT[s], card=card.unicode),
        legal, legal=msg("Legal: {cards}.", cards=format_cards(sorted(set(legal)), "unicode")))


def deck(ranks: Sequence[str]) -> list[Card]:
    """The two stripped packs (56-DECK, 56-COPIES)."""
    return cards_of(SUITS, ranks, copies=COPIES)


def why_legal(card: Card, trick: Sequence[Card]) -> str:
    """Why a legal ``card`` may be played to ``trick``, in words with its rule ID."""
    if not trick:
        return render(msg("the leader may lead any card (56-LEAD)."))
    if card.suit == trick[0].suit:
        return render(msg("it follows the suit led (56-FOLLOW)."))
    return render(msg("you hold no card of the suit led, so any card may be played: there is "
                      "no duty to trump (56-VOID)."))
