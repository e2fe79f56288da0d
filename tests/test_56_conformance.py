"""Conformance: seeded random whole hands of 56 for 4, 6 and 8 players under every house-rule
profile.  Each hand is checked against an independent reading of rules/56.md: every card
accounted for, the legal cards exactly those that follow suit (an illegal one breaks
56-FOLLOW), every trick won by the spec's working rule (56-IDENTICAL), 56 card points in
every hand, the tables always summing to the starting total, a finished match lost by a team.

The state protocol itself (replay, undo, copies, views, the rule IDs and alternatives of
illegal actions, settlement events, randomness) is checked for every game by
tests/test_conformance.py."""

from __future__ import annotations

import os
import random
from collections import Counter
from itertools import chain

import pytest

from tutor.engine.errors import IllegalAction
from tutor.engine.state import Play
from tutor.games.g56.game import Game56, State56
from tutor.games.g56.play import card_points

HANDS = int(os.environ.get("TUTOR_CONFORMANCE_HANDS", 400))  # per player count and profile

PROFILES = {
    "default": {},
    "variants": {"deck_4p": 32, "deck_8p": 48, "pass_is_final": True, "allow_plus_nt": True,
                 "partner_overcall_min": 40, "tiers": "alt_40_55", "redouble_mult": 3,
                 "elimination": "cannot_pay", "start_tables": 5, "direction": "cw"},
    "forced": {"all_pass": "force_last_nondealer", "tiers": "alt_40_48", "cot": True,
               "redeal_no_points": True, "redeal_all_jacks": True},
    "first": {"all_pass": "force_first_bidder", "cot": True, "start_tables": 3},
}

ORDER = "J 9 A 10 K Q 8 7".split()  # 56-RANK, read again from the text


def oracle_winner(trick, trump):
    """56-IDENTICAL's working rule."""
    best = 0
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best]
        if (c.suit == trump and b.suit != trump) or \
                (c.suit == b.suit and ORDER.index(c.rank) < ORDER.index(b.rank)):
            best = i
    return best


def choose(actions, rng):
    """Random legal choices that make varied auctions: half the time a non-bid call."""
    n = len(actions)
    plain = [a for a in actions[:3] if a.call in ("pass", "double", "redouble")] \
        if hasattr(actions[0], "call") else []
    if plain and (rng.random() < 0.6 or len(plain) == n):
        return plain[rng.randrange(len(plain))]
    return actions[rng.randrange(n)]


def check_hand(state: State56, rng: random.Random) -> None:
    g = state.game
    total = 2 * g.settings.start_tables
    deck = dict(Counter(g.deck))
    while state.is_chance:
        state.chance(rng)
    while state.phase not in ("deal", "match_over"):
        actions = state.legal_actions()
        assert len(actions) > 0
        if state.phase == "play":
            seat = state.to_act
            hand = state.hands[seat]
            legal = {a.card for a in actions}
            led = state.trick[0].suit if state.trick else None
            follow = {c for c in hand if c.suit == led}
            assert legal == (follow or set(hand))
            for c in set(hand) - legal:
                bad = state.check(Play(seat, c))
                assert isinstance(bad, IllegalAction) and bad.rule == "56-FOLLOW"
        before_tricks = len(state.tricks)
        state.play(choose(actions, rng))
        if len(state.tricks) == before_tricks + 1:  # a trick was completed
            leader, cards, winner = state.tricks[-1]
            assert (leader + oracle_winner(cards, state.contract.denomination)) % g.n == winner
        if state.phase != "deal" or state.tricks:  # every card of the two packs, as often
            held = Counter(chain(chain.from_iterable(state.hands), state.trick,
                                 chain.from_iterable(cs for _, cs, _ in state.tricks)))
            assert dict(held) == deck  # (plain dicts compare in C; no count is zero here)
    assert sum(state.tables) == total
    if state.tricks and len(state.tricks) == g.hand_size:
        assert card_points(c for _, cs, _ in state.tricks for c in cs) == 56
        assert all(len(cs) == g.n for _, cs, _ in state.tricks)


@pytest.mark.parametrize("profile", list(PROFILES))
@pytest.mark.parametrize("n", [4, 6, 8])
def test_random_whole_hands(n, profile):
    game = Game56(n, PROFILES[profile])
    rng = random.Random(f"56-{n}-{profile}")
    state = game.new_game(rng)
    played = in_match = matches_over = 0
    while played < HANDS:
        check_hand(state, rng)
        played += 1
        in_match += 1
        if state.is_terminal or in_match == 25:
            if state.is_terminal:
                matches_over += 1
                assert 0 in state.tables or game.settings.elimination == "cannot_pay"
            state, in_match = game.new_game(rng), 0
    assert matches_over > 0


@pytest.mark.parametrize("profile", list(PROFILES))
def test_legal_calls_iterate_as_they_are_indexed(profile):
    """The auction's legal actions (a lazy sequence, iterated without indexing one by one):
    iterating gives every action indexing gives, in the same order."""
    rng = random.Random(f"56-legal-calls-{profile}")
    game = Game56(6, PROFILES[profile])
    auctions = 0
    for _ in range(20):
        state = game.new_game(rng)
        while state.phase == "auction":
            actions = state.legal_actions()
            assert list(actions) == [actions[i] for i in range(len(actions))]
            state.play(choose(actions, rng))
        auctions += 1
    assert auctions == 20
