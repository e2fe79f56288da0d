"""Answers to the 55 rule cases (shared/acceptance/README.md)."""

from __future__ import annotations

from ...engine import settings as settings_mod
from ...engine.cards import find_duplicate
from ...engine.errors import IllegalAction, InputError
from ...engine.text import ascii_upper, quoted
from ..cases import card, card_list, handler, suit
from .auction import run_auction
from .game import check_players, check_teams
from .play import check_card, legal_cards, plain_order, ranking, trump_order
from .scoring import score_hand
from .tables import BIDS, CALLS, HAND_SIZE, KITTY_SIZE, SETTINGS, TRICKS


def _settings(case: dict, **extra):
    rules = dict(case.get("rules") or {})
    rules.update(extra)
    return settings_mod.build(SETTINGS, rules)


def _trump(case: dict) -> str:
    t = case["trump"]
    if ascii_upper(str(t).strip()) in ("NT", "N", "NONE", "NO-TRUMP"):
        raise InputError("55 has no no-trump: trumps are S, H, D or C (55-TRUMP-NAME)", "trump")
    return suit(t, "trump")


def _cards(case: dict, key: str) -> list:
    cards = card_list(case[key], key)
    dup = find_duplicate(cards)
    if dup is not None:
        raise InputError(f"{dup} appears twice", key)
    return cards


def _position(case: dict):
    """trump, trick, hand, settings and ranking of a card-play question, all checked."""
    st = _settings(case)
    trump = _trump(case)
    trick, hand = _cards(case, "trick"), _cards(case, "hand")
    both = set(trick) & set(hand)
    if both:
        raise InputError(f"{sorted(both)[0]} is both in the trick and in the hand", "hand")
    if not 1 <= len(hand) <= HAND_SIZE:
        raise InputError(f"a hand holds 1 to {HAND_SIZE} cards, not {len(hand)}", "hand")
    if len(trick) >= 9:
        raise InputError(f"a trick so far has at most 8 cards, not {len(trick)}", "trick")
    if "players" in case:
        n = check_players(case["players"])
        if len(trick) >= n:
            raise InputError(f"with {n} players a trick so far has at most {n - 1} cards",
                             "trick")
    return trump, trick, hand, st, ranking(trump, st.plain_ace_high)


@handler("55", "trump_order")
def _trump_order(case):
    _settings(case)
    return [str(c) for c in trump_order(_trump(case))]


@handler("55", "plain_order")
def _plain_order(case):
    st = _settings(case)
    return [str(c) for c in plain_order(suit(case["suit"], "suit"), _trump(case),
                                        st.plain_ace_high)]


@handler("55", "deck")
def _deck(case):
    _settings(case)
    n = check_players(case["players"])
    return {"hand": HAND_SIZE, "kitty": KITTY_SIZE, "undealt": 52 - HAND_SIZE * (n + 1)}


@handler("55", "legal")
def _legal(case):
    trump, trick, hand, st, rk = _position(case)
    return [str(c) for c in legal_cards(hand, trick, rk, st.renege_mode,
                                        st.ah_lead_forces_hearts)]


@handler("55", "why_illegal")
def _why_illegal(case):
    trump, trick, hand, st, rk = _position(case)
    asked = card(case["card"], "card")
    if asked not in hand:
        raise InputError(f"{asked} is not in the hand", "card")
    bad = check_card(hand, trick, asked, rk, st.renege_mode, st.ah_lead_forces_hearts)
    return {"legal": True} if bad is None else {"legal": False, "rule": bad.rule}


@handler("55", "winner")
def _winner(case):
    st = _settings(case)
    trump = _trump(case)
    trick = _cards(case, "trick")
    if not 2 <= len(trick) <= 9:
        raise InputError(f"a completed trick has 2 to 9 cards, not {len(trick)}", "trick")
    if "players" in case:  # not an input of the kind, but when given it must fit the trick
        n = check_players(case["players"])
        if len(trick) != n:
            raise InputError(f"with {n} players a completed trick has {n} cards, not "
                             f"{len(trick)}", "trick")
    return {"winner": ranking(trump, st.plain_ace_high).winner_index(trick)}


def _calls(case: dict) -> list[str]:
    """The calls of a case, every one checked for its form before any rule is applied.

    A case file writes each call exactly as the acceptance README lists it (``pass``,
    ``hold``, ``10`` ``15`` ``20`` ``25`` ``60``): another case, spaces or a number that is
    not a bid is an input error wherever it stands, even after an illegal call."""
    calls = case["calls"]
    if not isinstance(calls, list):
        raise InputError("calls must be a list", "calls")
    for i, call in enumerate(calls):
        if not isinstance(call, str) or call not in CALLS:
            raise InputError(f"{quoted(call)} is not a call of 55: a call is written "
                             "pass, hold, 10, 15, 20, 25 or 60 (55-BID-VALUES)",
                             f"calls, call {i + 1}")
    return calls


@handler("55", "auction")
def _auction(case):
    st = _settings(case)
    n = check_players(case["players"])
    calls = _calls(case)
    try:
        a = run_auction(n, calls, st)
    except IllegalAction as e:
        return {"illegal_at": e.index, "rule": e.rule}
    if a.done:
        return {"done": True, "bidder": a.bidder, "bid": a.bid}
    return {"done": False, "to_act": a.to_act, "legal_next": a.legal_calls()}


def _seat(value, n: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InputError(f"{value!r} is not a seat (0-{n - 1})", where)
    return value


@handler("55", "score")
def _score(case):
    n = check_players(case["players"])
    extra = {"teams": case["teams"]} if case.get("teams") is not None else {}
    st = _settings(case, **extra)
    check_teams(n, st.teams)
    sides = len(st.teams) if st.teams else n
    trump = _trump(case)
    bidder = _seat(case["bidder"], n, "bidder")
    bid = case["bid"]
    if isinstance(bid, bool) or not isinstance(bid, int) or bid not in BIDS:
        raise InputError(f"{bid!r} is not a bid of 55 (10, 15, 20, 25, 60)", "bid")
    raw = case["tricks"]
    if not isinstance(raw, list) or len(raw) != TRICKS:
        raise InputError(f"a scored hand has exactly {TRICKS} tricks", "tricks")
    tricks, seen = [], []
    for t, trick in enumerate(raw, 1):
        where = f"trick {t}"
        if not isinstance(trick, dict):
            raise InputError("a trick is {\"winner\": SEAT, \"cards\": [...]}", where)
        w = _seat(trick["winner"], n, f"{where}, winner")
        cards = card_list(trick["cards"], where)
        if len(cards) != n:
            raise InputError(f"a trick has one card per player ({n}), not {len(cards)}", where)
        seen.extend(cards)
        tricks.append((w, cards))
    dup = find_duplicate(seen)
    if dup is not None:
        raise InputError(f"{dup} is played twice", "tricks")
    target = case.get("target", st.target_score)
    settings_mod.build(SETTINGS, {"target_score": target})  # a positive whole number
    before = case.get("before", [0] * sides)
    if not isinstance(before, list) or len(before) != sides or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in before):
        raise InputError(f"scores before the hand must be {sides} whole numbers, one per "
                         + ("side" if st.teams else "player"), "before")
    if not st.only_bidder_can_win and any(x >= target for x in before):
        raise InputError(f"a score before the hand already reaches the target {target}",
                         "before")
    sc = score_hand(n, bidder, bid, trump, tricks, st, before, target)
    return {"deltas": list(sc.deltas), "winner": sc.winner}
