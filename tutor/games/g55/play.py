"""55 card play: ranking per trump suit, legal cards and the clause an illegal card breaks."""

from __future__ import annotations

from functools import cache
from typing import Sequence

from ...engine.cards import (
    A_SUIT,
    SUIT_WORD_SINGULAR,
    SUIT_WORDS,
    SUITS,
    Card,
    format_cards,
)
from ...engine.errors import IllegalAction, InputError
from ...engine.messages import house_rule, many, msg, nmsg, render
from ...engine.ranking import Ranking
from .tables import ACE_OF_HEARTS, PLAIN_ORDER, PLAIN_ORDER_ACE_HIGH, PRIVILEGED, TRUMP_ORDER

RANK_RULES = {"trump": "55-RANK-TRUMP", "plain": "55-RANK-PLAIN", "win": "55-TRICK-WIN"}


@cache
def ranking(trump: str, plain_ace_high: bool = False) -> Ranking:
    """The :class:`Ranking` of a 55 hand with ``trump`` as trump suit (tables, no arithmetic)."""
    if trump not in TRUMP_ORDER:
        raise InputError(render(msg("{suit} is not a trump suit of 55 (S, H, D or C; there is "
                                    "no no-trump)", suit=repr(trump))), "trump")
    plain = PLAIN_ORDER_ACE_HIGH if plain_ace_high else PLAIN_ORDER
    return Ranking(trump, TRUMP_ORDER[trump],
                   {s: plain[s] for s in SUITS if s != trump}, RANK_RULES)


def trump_order(trump: str) -> list[Card]:
    """Every trump, best first (55-RANK-TRUMP)."""
    return list(ranking(trump).trump_order)


def plain_order(suit: str, trump: str, plain_ace_high: bool = False) -> list[Card]:
    """The cards of a plain suit, best first (55-RANK-PLAIN)."""
    rk = ranking(trump, plain_ace_high)
    if suit == trump:
        raise InputError(render(msg("{suit} are trumps, so they have no plain order",
                                    suit=SUIT_WORDS[suit])), "suit")
    if suit not in rk.plain_orders:
        raise InputError(render(msg("{suit} is not a suit (S, H, D or C)", suit=repr(suit))),
                         "suit")
    return list(rk.plain_orders[suit])


def top_three(trump: str) -> list[Card]:
    """55-TOP3: the 5 and J of trumps and the A♥."""
    return list(TRUMP_ORDER[trump][:3])


def _exempt_bar(trick: Sequence[Card], rk: Ranking, mode: str) -> int:
    """Top trumps ranked above this position (trump_rank smaller) may renege."""
    tr = rk.trump_rank
    if mode == "highest_in_trick":
        return min(tr[c.index] for c in trick if rk.is_trump[c.index])
    return tr[trick[0].index]


def _forcing_trumps(hand: Sequence[Card], trick: Sequence[Card], rk: Ranking,
                    mode: str) -> list[Card]:
    """On a trump lead: the trumps held that are *not* exempt (55-RENEGE).  Empty: no duty."""
    is_trump, tr = rk.is_trump, rk.trump_rank
    privileged = PRIVILEGED[mode]
    if not privileged:
        return [c for c in hand if is_trump[c.index]]
    bar = _exempt_bar(trick, rk, mode)
    return [c for c in hand if is_trump[c.index]
            and (tr[c.index] not in privileged or tr[c.index] >= bar)]


def legal_cards(hand: Sequence[Card], trick: Sequence[Card], rk: Ranking,
                mode: str = "led", ah_forces_hearts: bool = False) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (55-FOLLOW-PLAIN ... 55-AH-LEAD)."""
    if not trick:
        return list(hand)
    led = trick[0]
    is_trump = rk.is_trump
    if not is_trump[led.index]:
        s = led.suit
        for c in hand:
            if c.suit == s and not is_trump[c.index]:
                return [c for c in hand if is_trump[c.index] or c.suit == s]
        return list(hand)
    if _forcing_trumps(hand, trick, rk, mode):
        return [c for c in hand if is_trump[c.index]]
    if ah_forces_hearts and led is ACE_OF_HEARTS and rk.trump_suit != "H":
        if any(c.suit == "H" and not is_trump[c.index] for c in hand):
            return [c for c in hand if is_trump[c.index] or c.suit == "H"]
    return list(hand)


def check_card(hand: Sequence[Card], trick: Sequence[Card], card: Card, rk: Ranking,
               mode: str = "led", ah_forces_hearts: bool = False) -> IllegalAction | None:
    """``None`` if ``card`` may be played, else the reason, the rule ID and the legal cards."""
    if card not in hand:
        raise InputError(render(msg("{card} is not in the hand ({hand})", card=str(card),
                                    hand=format_cards(hand))), "card")
    legal = legal_cards(hand, trick, rk, mode, ah_forces_hearts)
    if card in legal:
        return None
    led = trick[0]
    alts = msg("Legal: {cards}.", cards=format_cards(legal, "unicode"))
    if not rk.is_trump[led.index]:
        return IllegalAction(
            "must_follow_suit", "55-FOLLOW-PLAIN",
            msg("You hold {suit}, so you must play {a_suit} or a trump; {card} is neither.",
                suit=SUIT_WORDS[led.suit], a_suit=A_SUIT[led.suit], card=card.unicode),
            legal, legal=alts)
    if _forcing_trumps(hand, trick, rk, mode):
        privileged = PRIVILEGED[mode]
        trumps = [c for c in hand if rk.is_trump[c.index]]
        ordinary = [c for c in trumps if rk.trump_rank[c.index] not in privileged]
        if ordinary:
            return IllegalAction(
                "must_play_trump", "55-TRUMP-LEAD",
                msg("A trump was led and you hold {cards}, so you must play a trump.",
                    cards=many(c.unicode for c in ordinary)),
                legal, legal=alts)
        forced = _forcing_trumps(hand, trick, rk, mode)
        what = (msg("the best trump in the trick") if mode == "highest_in_trick"
                else msg("the led card"))
        return IllegalAction(
            "top_trump_forced", "55-RENEGE",
            nmsg("A top trump may renege only when it ranks above {what}; {cards} does not, "
                 "so you must play a trump.",
                 "A top trump may renege only when it ranks above {what}; {cards} do not, so "
                 "you must play a trump.", len(forced),
                 what=what, cards=many(c.unicode for c in forced)),
            legal, legal=alts)
    return IllegalAction(
        "must_play_heart", "55-AH-LEAD",
        house_rule(msg("the A♥ was led and you hold a heart, so you must play a heart or a "
                       "trump.")),
        legal, legal=alts)


def why_legal(card: Card, hand: Sequence[Card], trick: Sequence[Card], rk: Ranking,
              mode: str = "led", ah_forces: bool = False) -> str:
    """Why a legal ``card`` may be played to ``trick``, in words with its rule ID."""
    return render(_why_legal(card, hand, trick, rk, ah_forces))


def _why_legal(card: Card, hand: Sequence[Card], trick: Sequence[Card], rk: Ranking,
               ah_forces: bool):
    if not trick:
        return msg("the leader may lead any card (55-LEAD).")
    led = trick[0]
    is_trump = rk.is_trump
    if not is_trump[led.index]:
        if is_trump[card.index]:
            return msg("a trump may always be played on a plain lead (55-RUFF).")
        if card.suit == led.suit:
            return msg("it follows the led suit, {suit} (55-FOLLOW-PLAIN).",
                       suit=SUIT_WORDS[led.suit])
        if led.suit == "H" and ACE_OF_HEARTS in hand:
            return msg("you hold no heart (the A♥ is a trump, not a heart), so any card may be "
                       "played (55-VOID).")
        return msg("you hold no {suit}, so any card may be played (55-VOID).",
                   suit=SUIT_WORD_SINGULAR[led.suit])
    if is_trump[card.index]:
        return msg("a trump answers a trump lead (55-TRUMP-LEAD).")
    if ah_forces and led is ACE_OF_HEARTS and card.suit == "H":
        return msg("a heart answers the A♥ lead under this house rule (55-AH-LEAD).")
    trumps = [c for c in hand if is_trump[c.index]]
    if trumps:
        return nmsg("your only trump ({cards}) may be kept back: a top trump that ranks above the "
                    "led card may renege (55-RENEGE).",
                    "your only trumps ({cards}) may be kept back: a top trump that ranks above "
                    "the led card may renege (55-RENEGE).", len(trumps),
                    cards=many(c.unicode for c in trumps))
    return msg("you hold no trump, so any card may be played (55-VOID).")
