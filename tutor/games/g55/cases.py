"""Answers to the 55 rule cases (shared/acceptance/README.md)."""

from __future__ import annotations

from ...engine import settings as settings_mod
from ...engine.cards import find_duplicate
from ...engine.errors import IllegalAction, InputError
from ...engine.messages import msg, nmsg, render
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
        raise InputError(render(msg("55 has no no-trump: trumps are S, H, D or C "
                                    "(55-TRUMP-NAME)")), "trump")
    return suit(t, "trump")


def _cards(case: dict, key: str) -> list:
    cards = card_list(case[key], key)
    dup = find_duplicate(cards)
    if dup is not None:
        raise InputError(render(msg("{card} appears twice", card=str(dup))), key)
    return cards


def _position(case: dict):
    """trump, trick, hand, settings and ranking of a card-play question, all checked."""
    st = _settings(case)
    trump = _trump(case)
    trick, hand = _cards(case, "trick"), _cards(case, "hand")
    both = set(trick) & set(hand)
    if both:
        raise InputError(render(msg("{card} is both in the trick and in the hand",
                                    card=str(sorted(both)[0]))), "hand")
    if not 1 <= len(hand) <= HAND_SIZE:
        raise InputError(render(msg("a hand holds 1 to {size} cards, not {count}",
                                    size=HAND_SIZE, count=len(hand))), "hand")
    if len(trick) >= 9:
        raise InputError(render(msg("a trick so far has at most 8 cards, not {count}",
                                    count=len(trick))), "trick")
    if "players" in case:
        n = check_players(case["players"])
        if len(trick) >= n:
            raise InputError(render(nmsg("with {players} players a trick so far has at most {n} "
                                         "card", "with {players} players a trick so far has at "
                                         "most {n} cards", n - 1, players=n)), "trick")
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
        raise InputError(render(msg("{card} is not in the hand", card=str(asked))), "card")
    bad = check_card(hand, trick, asked, rk, st.renege_mode, st.ah_lead_forces_hearts)
    return {"legal": True} if bad is None else {"legal": False, "rule": bad.rule}


@handler("55", "winner")
def _winner(case):
    st = _settings(case)
    trump = _trump(case)
    trick = _cards(case, "trick")
    if not 2 <= len(trick) <= 9:
        raise InputError(render(msg("a completed trick has 2 to 9 cards, not {count}",
                                    count=len(trick))), "trick")
    if "players" in case:  # not an input of the kind, but when given it must fit the trick
        n = check_players(case["players"])
        if len(trick) != n:
            raise InputError(render(msg("with {n} players a completed trick has {n} cards, not "
                                        "{count}", n=n, count=len(trick))), "trick")
    return {"winner": ranking(trump, st.plain_ace_high).winner_index(trick)}


def _calls(case: dict) -> list[str]:
    """The calls of a case, every one checked for its form before any rule is applied.

    A case file writes each call exactly as the acceptance README lists it (``pass``,
    ``hold``, ``10`` ``15`` ``20`` ``25`` ``60``): another case, spaces or a number that is
    not a bid is an input error wherever it stands, even after an illegal call."""
    calls = case["calls"]
    if not isinstance(calls, list):
        raise InputError(render(msg("calls must be a list")), "calls")
    for i, call in enumerate(calls):
        if not isinstance(call, str) or call not in CALLS:
            raise InputError(render(msg("{call} is not a call of 55: a call is written pass, "
                                        "hold, 10, 15, 20, 25 or 60 (55-BID-VALUES)",
                                        call=quoted(call))), f"calls, call {i + 1}")
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
        raise InputError(render(msg("{seat} is not a seat (0-{last})", seat=repr(value),
                                    last=n - 1)), where)
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
        raise InputError(render(msg("{bid} is not a bid of 55 (10, 15, 20, 25, 60)",
                                    bid=repr(bid))), "bid")
    raw = case["tricks"]
    if not isinstance(raw, list) or len(raw) != TRICKS:
        raise InputError(render(msg("a scored hand has exactly {count} tricks", count=TRICKS)),
                         "tricks")
    tricks, seen = [], []
    for t, trick in enumerate(raw, 1):
        where = f"trick {t}"
        if not isinstance(trick, dict):
            raise InputError(render(msg("a trick is {shape}",
                                        shape='{"winner": SEAT, "cards": [...]}')), where)
        w = _seat(trick["winner"], n, f"{where}, winner")
        cards = card_list(trick["cards"], where)
        if len(cards) != n:
            raise InputError(render(msg("a trick has one card per player ({n}), not {count}",
                                        n=n, count=len(cards))), where)
        seen.extend(cards)
        tricks.append((w, cards))
    dup = find_duplicate(seen)
    if dup is not None:
        raise InputError(render(msg("{card} is played twice", card=str(dup))), "tricks")
    target = case.get("target", st.target_score)
    settings_mod.build(SETTINGS, {"target_score": target})  # a positive whole number
    before = case.get("before", [0] * sides)
    if not isinstance(before, list) or len(before) != sides or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in before):
        raise InputError(render(
            nmsg("scores before the hand must be {n} whole number, one per side",
                 "scores before the hand must be {n} whole numbers, one per side", sides)
            if st.teams else
            nmsg("scores before the hand must be {n} whole number, one per player",
                 "scores before the hand must be {n} whole numbers, one per player", sides)),
            "before")
    if not st.only_bidder_can_win and any(x >= target for x in before):
        raise InputError(render(msg("a score before the hand already reaches the target "
                                    "{target}", target=target)), "before")
    sc = score_hand(n, bidder, bid, trump, tricks, st, before, target)
    return {"deltas": list(sc.deltas), "winner": sc.winner}
