"""Answers to the 56 rule cases (shared/acceptance/README.md, rules/56.md section 7)."""

from __future__ import annotations

from ...cases import handler
from ...engine import settings as settings_mod
from ...engine.cards import parse_card, parse_cards
from ...engine.errors import IllegalAction, InputError
from ...engine.text import ascii_upper
from .auction import run_auction
from .conventions import explain_auction
from .play import card_points, check_card, check_cards, legal_cards, ranking
from .settle import check_settle_input, settle
from .tables import DENOMINATIONS, RANK_ORDER, SETTINGS, check_players, deck_facts, deck_ranks


def _settings(case: dict):
    return settings_mod.build(SETTINGS, case.get("rules") or {})


def _ranks(case: dict, st) -> tuple[str, ...]:
    """The ranks allowed: those of the given player count's deck, else any 56 rank."""
    if "players" in case:
        return deck_ranks(check_players(case["players"]), st)
    return RANK_ORDER


def _trump(case: dict) -> str:
    t = ascii_upper(str(case["trump"]).strip())
    t = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(t, t)
    if t not in DENOMINATIONS:
        raise InputError(f"{case['trump']!r} is not a 56 trump (S, H, D, C or NT)", "trump")
    return t


def _position(case: dict):
    st = _settings(case)
    ranks = _ranks(case, st)
    trump = _trump(case)
    trick = parse_cards(case["trick"], where="trick")
    hand = parse_cards(case["hand"], where="hand")
    check_cards(trick + hand, ranks, "hand and trick")
    if not hand:
        raise InputError("the hand is empty", "hand")
    if len(trick) > 7:
        raise InputError(f"a trick so far holds 0-7 cards, not {len(trick)}", "trick")
    return trump, trick, hand


@handler("56", "rank_order")
def _rank_order(case):
    return list(deck_ranks(check_players(case["players"]), _settings(case)))


@handler("56", "deck")
def _deck(case):
    return deck_facts(check_players(case["players"]), _settings(case))


@handler("56", "card_points")
def _card_points(case):
    st = _settings(case)
    cards = parse_cards(case["cards"], where="cards")
    check_cards(cards, _ranks(case, st))
    return card_points(cards)


@handler("56", "legal")
def _legal(case):
    trump, trick, hand = _position(case)
    return sorted({str(c) for c in legal_cards(hand, trick)})


@handler("56", "why_illegal")
def _why_illegal(case):
    trump, trick, hand = _position(case)
    card = parse_card(case["card"], where="card")
    if card not in hand:
        raise InputError(f"{card} is not in the hand", "card")
    bad = check_card(hand, trick, card)
    return {"legal": True} if bad is None else {"legal": False, "rule": bad.rule}


@handler("56", "winner")
def _winner(case):
    st = _settings(case)
    trump = _trump(case)
    trick = parse_cards(case["trick"], where="trick")
    check_cards(trick, _ranks(case, st), "trick")
    if not 1 <= len(trick) <= 8:
        raise InputError(f"a trick holds 1-8 cards, not {len(trick)}", "trick")
    return {"winner": ranking(trump).winner_index(trick), "points": card_points(trick)}


def _calls(case: dict) -> list:
    calls = case["calls"]
    if not isinstance(calls, list):
        raise InputError("calls must be a list", "calls")
    return calls


@handler("56", "auction")
def _auction(case):
    st = _settings(case)
    n = check_players(case["players"])
    try:
        a = run_auction(n, _calls(case), st)
    except IllegalAction as e:
        return {"illegal_at": e.index, "rule": e.rule}
    if not a.done:
        return {"done": False, "to_act": a.to_act, "legal_next": a.legal_calls()}
    c = a.contract
    return {"done": True, "bidder": c.bidder, "team": c.team, "bid": c.bid,
            "denomination": c.denomination, "multiplier": c.multiplier}


@handler("56", "explain_bid")
def _explain_bid(case):
    st = _settings(case)
    n = check_players(case["players"])
    calls = _calls(case)
    index = case["index"]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(calls):
        raise InputError(f"index {index!r} is not a call of the list (0-{len(calls) - 1})",
                         "index")
    try:
        a = run_auction(n, calls[:index + 1], st)
    except IllegalAction as e:
        raise InputError(f"call {e.index} ({calls[e.index]}) is illegal [{e.rule}], so the "
                         "auction cannot be explained from there", "calls") from None
    m = explain_auction(a)[index]
    if m.kind != "bid":
        raise InputError(f"call {index} ({calls[index]}) is not a bid", "index")
    return {"style": m.style, "level": m.level, "denomination": m.denomination}


@handler("56", "settle")
def _settle(case):
    st = _settings(case)
    check_players(case["players"])
    args = (case["tables"], case["bidding_team"], case["bid"], case["multiplier"],
            case["points"])
    check_settle_input(*args, st)
    s = settle(*args, st)
    return {"tables": list(s.tables), "match_winner": s.match_winner}
