"""Answers to the 56 rule cases (shared/acceptance/README.md, rules/56.md section 7)."""

from __future__ import annotations

import re

from ...engine import settings as settings_mod
from ...engine.errors import IllegalAction, InputError
from ...engine.messages import N_, many, msg, render
from ...engine.text import MAX_DIGITS, quoted
from ..cases import card, card_list, handler, suit
from .auction import DOUBLE, PASS, REDOUBLE, Call56, run_auction
from .conventions import explain_auction
from .play import card_points, check_card, check_cards, legal_cards, ranking
from .settle import check_settle_input, settle
from .tables import RANK_ORDER, SETTINGS, check_players, deck_facts, deck_ranks


def _settings(case: dict):
    return settings_mod.build(SETTINGS, case.get("rules") or {})


def _ranks(case: dict, st) -> tuple[str, ...]:
    """The ranks allowed: those of the given player count's deck, else any 56 rank."""
    if "players" in case:
        return deck_ranks(check_players(case["players"]), st)
    return RANK_ORDER


def _trump(case: dict) -> str:
    t = case["trump"]
    if t == "NT":
        return t
    try:
        return suit(t, "trump")
    except InputError:
        raise InputError(render(msg("{trump} is not a 56 trump (S, H, D, C or NT)",
                                    trump=quoted(t))), "trump") from None


def _position(case: dict):
    st = _settings(case)
    ranks = _ranks(case, st)
    trump = _trump(case)
    trick = card_list(case["trick"], "trick")
    hand = card_list(case["hand"], "hand")
    check_cards(trick + hand, ranks, render(many(["hand", "trick"])))  # the two fields
    if not hand:
        raise InputError(render(msg("the hand is empty")), "hand")
    if len(trick) > 7:
        raise InputError(render(msg("a trick so far holds 0-7 cards, not {n}", n=len(trick))),
                         "trick")
    if "players" in case:  # the position must be one of that table
        n = check_players(case["players"])
        if len(trick) >= n:
            raise InputError(render(msg("with {players} players a trick so far holds at most "
                                        "{most} cards, not {n}", players=n, most=n - 1,
                                        n=len(trick))), "trick")
        size = deck_facts(n, st)["hand"]
        if len(hand) > size:
            raise InputError(render(msg("with {players} players a hand holds at most {most} "
                                        "cards, not {n}", players=n, most=size, n=len(hand))),
                             "hand")
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
    cards = card_list(case["cards"], "cards")
    check_cards(cards, _ranks(case, st))
    return card_points(cards)


@handler("56", "legal")
def _legal(case):
    trump, trick, hand = _position(case)
    return sorted({str(c) for c in legal_cards(hand, trick)})


@handler("56", "why_illegal")
def _why_illegal(case):
    trump, trick, hand = _position(case)
    asked = card(case["card"], "card")
    if asked not in hand:
        raise InputError(render(msg("{card} is not in the hand", card=str(asked))), "card")
    bad = check_card(hand, trick, asked)
    return {"legal": True} if bad is None else {"legal": False, "rule": bad.rule}


@handler("56", "winner")
def _winner(case):
    st = _settings(case)
    trump = _trump(case)
    trick = card_list(case["trick"], "trick")
    check_cards(trick, _ranks(case, st), "trick")
    if not 1 <= len(trick) <= 8:
        raise InputError(render(msg("a trick holds 1-8 cards, not {n}", n=len(trick))),
                         "trick")
    if "players" in case and len(trick) > case["players"]:
        raise InputError(render(msg("with {players} players a trick holds at most {most} "
                                    "cards, not {n}", players=case["players"],
                                    most=case["players"], n=len(trick))), "trick")
    return {"winner": ranking(trump).winner_index(trick), "points": card_points(trick)}


# The written call forms of a case file (acceptance README, 56.md section 7), exactly: upper-case
# letters S H D C NT NOES, lower-case pass double redouble, numbers in the ASCII digits, nothing
# else (no spaces, no suit symbols, no "Dice", no words: those are for the learner's text boxes,
# read by auction.parse_call).
_WRITTEN = [
    (re.compile(r"([0-9]+)([SHDC])"), "number_suit"),
    (re.compile(r"([SHDC])([0-9]+)"), "suit_number"),
    (re.compile(r"([0-9]+)NT"), "number_nt"),
    (re.compile(r"([0-9]+)NOES"), "number_noes"),
    (re.compile(r"\+([0-9]+)([SHDC])"), "plus_suit"),
    (re.compile(r"\+([0-9]+)NOES"), "plus_noes"),
    (re.compile(r"\+([0-9]+)NT"), "plus_nt"),
]
_PLAIN = {"pass": PASS, "double": DOUBLE, "redouble": REDOUBLE}
# a number longer than this (leading zeros aside) is read as this, past every bid: the call is
# well formed and breaks 56-BID-RANGE
_TOO_HIGH = 10 ** MAX_DIGITS


def written_call(text) -> Call56:
    """One call of a case file in its written form, or an :class:`InputError`."""
    if isinstance(text, str):
        if text in _PLAIN:
            return _PLAIN[text]
        for rx, style in _WRITTEN:
            m = rx.fullmatch(text)
            if m:
                groups = m.groups()
                digits = groups[1] if style == "suit_number" else groups[0]
                suit = groups[0] if style == "suit_number" else (
                    groups[1] if len(groups) == 2 else None)
                digits = digits.lstrip("0") or "0"
                number = int(digits) if len(digits) <= MAX_DIGITS else _TOO_HIGH
                return Call56("bid", style, number, suit or "NT")
    raise InputError(render(msg("{text} is not a call written as a case file writes it: pass, "
                                "double, redouble, or a bid such as 30S, S30, 30NT, 30NOES, "
                                "+2S, +1NOES (numbers in digits)", text=quoted(text))))


def _calls(case: dict) -> list[Call56]:
    """The calls of a case, every one checked for its written form before any rule is applied:
    a call of another shape is an input error wherever it stands, even after an illegal call."""
    calls = case["calls"]
    if not isinstance(calls, list):
        raise InputError(render(msg("calls must be a list")), "calls")
    out = []
    for i, call in enumerate(calls):
        try:
            out.append(written_call(call))
        except InputError as e:
            raise e.at(f"calls, call {i + 1}") from None
    return out


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
        raise InputError(render(msg("index {index} is not a call of the list (0-{last})",
                                    index=repr(index), last=len(calls) - 1)), "index")
    try:
        run_auction(n, calls, st)  # calls after the end of the auction: an input error
    except IllegalAction as e:
        if e.index <= index:
            raise InputError(render(msg("call {index} ({call}) is illegal [{rule}], so the "
                                        "auction cannot be explained from there",
                                        index=e.index, call=str(calls[e.index]), rule=e.rule)),
                             "calls") from None
    # calls after the index need only be well formed
    a = run_auction(n, calls[:index + 1], st)
    m = explain_auction(a)[index]
    if m.kind != "bid":
        raise InputError(render(msg("call {index} ({call}) is not a bid", index=index,
                                    call=str(calls[index]))), "index")
    return {"style": m.style, "level": m.level, "denomination": m.denomination}


_WHOLE = {"bidding_team": N_("the bidding team is a whole number, not {value}"),
          "multiplier": N_("the multiplier is a whole number, not {value}")}


@handler("56", "settle")
def _settle(case):
    st = _settings(case)
    check_players(case["players"])
    args = (case["tables"], case["bidding_team"], case["bid"], case["multiplier"],
            case["points"])
    for name in ("bidding_team", "multiplier"):  # 1.0 is not a whole number of a case file
        if isinstance(case[name], bool) or not isinstance(case[name], int):
            raise InputError(render(msg(_WHOLE[name], value=quoted(case[name]))), name)
    check_settle_input(*args, st)
    s = settle(*args, st)
    return {"tables": list(s.tables), "match_winner": s.match_winner}
