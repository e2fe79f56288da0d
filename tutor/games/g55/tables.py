"""55 as data: the ranking tables, the bids and the house-rule settings (rules/55.md)."""

from __future__ import annotations

from ...engine.cards import Card, parse_cards
from ...engine.errors import InputError
from ...engine.messages import N_, msg, render
from ...engine.settings import Setting
from ...engine.text import quoted

# 55-RANK-TRUMP: every trump, best first.
TRUMP_ORDER: dict[str, tuple[Card, ...]] = {
    s: tuple(parse_cards(text)) for s, text in {
        "H": "5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H",
        "D": "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D",
        "C": "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C",
        "S": "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S",
    }.items()
}

# 55-RANK-PLAIN: the cards of each plain suit, best first ("high in red, low in black").
PLAIN_ORDER: dict[str, tuple[Card, ...]] = {
    s: tuple(parse_cards(text)) for s, text in {
        "H": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        "D": "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
        "C": "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "S": "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    }.items()
}

# House rule plain_ace_high: the ace of every plain suit above its king.
PLAIN_ORDER_ACE_HIGH: dict[str, tuple[Card, ...]] = {
    s: tuple(parse_cards(text)) for s, text in {
        "H": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        "D": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
        "C": "AC KC QC JC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "S": "AS KS QS JS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    }.items()
}

ACE_OF_HEARTS = Card("A", "H")

# 55-BID-VALUES
BIDS = (10, 15, 20, 25, 60)
CALLS = ("pass", "hold") + tuple(str(b) for b in BIDS)

HAND_SIZE = 5
KITTY_SIZE = 5
TRICKS = 5
MIN_PLAYERS, MAX_PLAYERS = 2, 9

# 55-RENEGE: which trumps may renege, by renege_mode (positions in TRUMP_ORDER).
PRIVILEGED = {"led": (0, 1, 2), "highest_in_trick": (0, 1, 2), "five_only": (0,), "none": ()}

RULES_TEXT_URL = "rules/55.md"


def _positive_int(v):
    if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
        raise InputError(render(msg("{value} is not a positive whole number", value=quoted(v))),
                         "setting 'target_score'")
    return v


def _teams(v):
    if v is None:
        return None
    if not isinstance(v, (list, tuple)) or not all(isinstance(s, (list, tuple)) for s in v):
        raise InputError(render(msg("{value} is not a list of sides (each a list of seats)",
                                    value=quoted(v))), "setting 'teams'")
    out = []
    for side in v:
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in side):
            raise InputError(render(msg("side {side} must list seat numbers",
                                        side=quoted(list(side)))), "setting 'teams'")
        out.append(tuple(side))
    return tuple(out)


def _null_or_bid(v):
    if v is None or (v in BIDS and not isinstance(v, bool)):
        return v
    raise InputError(render(msg("{value} is not null or a bid (10, 15, 20, 25, 60)",
                                value=quoted(v))), "setting 'min_dealer_hold'")


def _sixty(v):
    if (isinstance(v, (list, tuple)) and len(v) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        return tuple(v)
    raise InputError(render(msg("{value} is not [win, loss], two whole numbers",
                                value=quoted(v))), "setting 'sixty'")


def _null_or_int(v):
    if v is None or (isinstance(v, int) and not isinstance(v, bool)):
        return v
    raise InputError(render(msg("{value} is not null or a whole number", value=quoted(v))),
                     "setting 'non_bidder_cap'")


SETTINGS: dict[str, Setting] = {s.name: s for s in [
    Setting("target_score", 55, "55-GAME-TARGET", N_("The score that wins the game (110 and 220 "
                                                     "are the other usual targets)."),
            check=_positive_int, describe=N_("positive integer")),
    Setting("teams", None, "55-TEAMS", N_("Play in sides: a list of sides, each a list of seats."),
            check=_teams, describe=N_("list of sides")),
    Setting("deal_packets", (2, 3), "55-DEAL", N_("Packet sizes of the deal (cosmetic)."),
            choices=((2, 3), (3, 2), (1, 1, 1, 1, 1))),
    Setting("all_pass", "dealer_forced", "55-BID-ALLPASS", N_("What happens when every "
                                                              "non-dealer passes."),
            choices=("dealer_forced", "redeal_next_dealer", "redeal_same_dealer")),
    Setting("dealer_raise_closes", True, "55-BID-DEALER-RAISE",
            N_("A dealer raise ends the auction (false: the outbid player may answer)."),
            choices=(True, False)),
    Setting("reentry_after_hold", "held_bidder_only", "55-BID-HELD",
            N_("Who may speak after a hold."), choices=("held_bidder_only", "all_not_passed")),
    Setting("min_dealer_hold", None, "55-BID-HOLD",
            N_("The dealer may hold only a bid of at least this value."), check=_null_or_bid,
            describe=N_("null or a bid value")),
    Setting("trump_before_kitty", False, "55-TRUMP-NAME",
            N_("The bidder names trumps before picking up the kitty."), choices=(True, False)),
    Setting("others_draw_max", 0, "55-DISCARD",
            N_("After the bidder's exchange each other player may exchange up to this many cards "
               "with the undealt stock."), choices=(0, 1, 2, 3)),
    Setting("first_lead", "dealer_left", "55-LEAD", N_("Who leads to the first trick."),
            choices=("dealer_left", "bidder", "bidder_left", "bidder_right")),
    Setting("renege_mode", "led", "55-RENEGE",
            N_("Which top trumps may be withheld on a trump lead."),
            choices=("led", "highest_in_trick", "five_only", "none")),
    Setting("ah_lead_forces_hearts", False, "55-AH-LEAD",
            N_("A lead of the A♥ obliges a player with no trump duty to play a heart."),
            choices=(True, False)),
    Setting("plain_ace_high", False, "55-RANK-PLAIN",
            N_("The ace of every plain suit ranks above its king."), choices=(True, False)),
    Setting("bidder_scores", "points", "55-SCORE-BID",
            N_("A made 10-25 bid scores the hand points or only the bid."),
            choices=("points", "bid")),
    Setting("sixty", (60, -60), "55-SCORE-SIXTY", N_("The score for a made and a failed 60."),
            check=_sixty, describe=N_("[win, loss]")),
    Setting("race_rule", "secured", "55-GAME-RACE",
            N_("Who wins when the target is reached during a hand."),
            choices=("secured", "retroactive", "bidder_first", "highest_total")),
    Setting("only_bidder_can_win", False, "55-GAME-RACE", N_("Only the bidder can win the game."),
            choices=(True, False)),
    Setting("non_bidder_cap", None, "55-SCORE-OTHERS",
            N_("A non-bidder's score cannot rise above this through points won against a bid."),
            check=_null_or_int, describe=N_("null or integer")),
]}


# 55-LEAD: who leads to the first trick, by the first_lead setting (offsets from a seat).
FIRST_LEAD = {"dealer_left": ("dealer", 1), "bidder": ("bidder", 0),
              "bidder_left": ("bidder", 1), "bidder_right": ("bidder", -1)}


def first_leader(first_lead: str, n: int, dealer: int, bidder: int) -> int:
    """The seat that leads to the first trick (55-LEAD)."""
    whose, offset = FIRST_LEAD[first_lead]
    return ((dealer if whose == "dealer" else bidder) + offset) % n
