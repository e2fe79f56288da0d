"""Conformance: seeded random whole hands of 55 for 2 to 9 players, with and without teams,
under every house-rule profile.  Each hand is checked against an independent reading of the
spec (rules/55.md): every card accounted for, the legal cards exactly those of the spec's own
algorithm, five tricks, 25 or 30 hand points, a finished game won.

The state protocol itself (replay, undo, copies, views, the rule IDs and alternatives of
illegal actions, scoring events, randomness) is checked for every game by
tests/test_conformance.py."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from tutor.engine.cards import Card
from tutor.games.g55 import Game55, State55

HANDS = int(os.environ.get("TUTOR_CONFORMANCE_HANDS", 400))  # per count, layout, profile
SPEC = Path(__file__).resolve().parents[1] / "tutor" / "rules" / "55.md"  # the shipped spec

PROFILES = {
    "default": {},
    "bidding": {"all_pass": "redeal_next_dealer", "dealer_raise_closes": False,
                "reentry_after_hold": "all_not_passed", "min_dealer_hold": 20,
                "bidder_scores": "bid", "race_rule": "retroactive", "sixty": [60, -30],
                "target_score": 110, "renege_mode": "none", "first_lead": "bidder"},
    "exchange": {"trump_before_kitty": True, "others_draw_max": 3, "first_lead": "bidder_left",
                 "renege_mode": "highest_in_trick", "plain_ace_high": True,
                 "race_rule": "bidder_first", "non_bidder_cap": 50, "deal_packets": [3, 2]},
    "strict": {"all_pass": "redeal_same_dealer", "renege_mode": "five_only",
               "ah_lead_forces_hearts": True, "first_lead": "bidder_right",
               "race_rule": "highest_total", "only_bidder_can_win": True,
               "deal_packets": [1, 1, 1, 1, 1], "others_draw_max": 1, "target_score": 220},
}


def layouts(n):
    """No teams, and every side arrangement of 55-TEAMS for this player count."""
    out = [None]
    if n in (4, 6, 8):
        out.append([[s for s in range(n) if s % (n // 2) == k] for k in range(n // 2)])
    if n in (6, 9):
        out.append([[s for s in range(n) if s % 3 == k] for k in range(3)] if n == 9
                   else [[0, 2, 4], [1, 3, 5]])
    return out


# -- an independent oracle: the spec's own tables and pseudo-code ---------------------------
def _spec_trump_orders():
    text = SPEC.read_text(encoding="utf-8")
    text = text[text.index("**55-RANK-TRUMP.**"):text.index("**55-RANK-PLAIN.**")]
    sym = {"♥": "H", "♦": "D", "♣": "C", "♠": "S"}
    orders = {}
    for m in re.finditer(r"^\| ([♥♦♣♠]) \| ([^|]+) \| 1[34] \|$", text, re.M):
        cards = m.group(2).split()
        orders[sym[m.group(1)]] = [Card(c[:-1], sym[c[-1]]) for c in cards]
    assert len(orders) == 4
    return orders


TRUMPS = _spec_trump_orders()
AH = Card("A", "H")


def oracle_legal(hand, trick, trump, rules):
    """rules/55.md section 3, written out again from the text."""
    if not trick:
        return set(hand)
    order = TRUMPS[trump]

    def is_trump(c):
        return c.suit == trump or c is AH

    led = trick[0]
    if not is_trump(led):
        follow = [c for c in hand if not is_trump(c) and c.suit == led.suit]
        return set(hand) if not follow else set(follow) | {c for c in hand if is_trump(c)}
    trumps = [c for c in hand if is_trump(c)]
    mode = rules.get("renege_mode", "led")
    privileged = {"led": order[:3], "highest_in_trick": order[:3], "five_only": order[:1],
                  "none": []}[mode]
    if mode == "highest_in_trick":
        bar = min(order.index(c) for c in trick if is_trump(c))
    else:
        bar = order.index(led)

    def exempt(c):
        return c in privileged and order.index(c) < bar

    if any(not exempt(c) for c in trumps):
        return set(trumps)
    if rules.get("ah_lead_forces_hearts") and led is AH and trump != "H":
        hearts = [c for c in hand if c.suit == "H" and not is_trump(c)]
        if hearts:
            return set(hearts) | set(trumps)
    return set(hand)


def accounted(state: State55) -> list[Card]:
    cards = [c for h in state.hands for c in h] + state.kitty + state.stock + state.discards
    cards += [c for _, c in state.other_discards]
    cards += [c for _, cs, _ in state.tricks for c in cs] + state.trick
    return cards


def check_hand(state: State55, rng: random.Random, rules: dict) -> None:
    """Play one hand with random legal actions, checking as we go."""
    while state.is_chance:
        state.chance(rng)
    assert state.phase == "auction"
    hand_no = state.hand_no
    pack = set(Card._interned.values())  # every card there is (made once, at import)
    while state.phase not in ("deal", "game_over"):
        actions = state.legal_actions()
        assert actions, state.phase
        if state.phase == "play":
            seat = state.to_act
            hand = list(state.hands[seat])
            legal = {a.card for a in actions}
            assert legal == oracle_legal(hand, state.trick, state.trump, rules)
        state.play(actions[rng.randrange(len(actions))])
        # every card of the pack once, no more, no less (as many cards as the pack holds and
        # all of them: hashing, not sorting)
        cards = accounted(state)
        assert len(cards) == len(pack) and set(cards) == pack
    if state.tricks:  # the hand was played (not thrown in)
        assert state.hand_no == hand_no and len(state.tricks) == 5
        assert all(len(cs) == state.n for _, cs, _ in state.tricks)
        sc = state.last_score
        assert sum(sc.points) in (25, 30)
        assert sum(sc.points) == (30 if sc.best_trump is not None else 25)
        assert len(state.discards) == 5


@pytest.mark.parametrize("profile", list(PROFILES))
@pytest.mark.parametrize("n", range(2, 10))
def test_random_whole_hands(n, profile):
    rules = PROFILES[profile]
    for layout in layouts(n):
        game = Game55(n, dict(rules, teams=layout) if layout else rules)
        rng = random.Random(f"{n}-{profile}-{layout}")
        state = game.new_game(rng)
        played = hands_in_game = 0
        while played < HANDS:
            check_hand(state, rng, rules)
            played += 1
            hands_in_game += 1
            if state.is_terminal or hands_in_game == 25:
                if state.is_terminal:
                    assert state.winner is not None
                state, hands_in_game = game.new_game(rng), 0
