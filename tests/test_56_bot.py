"""The 56 bot: always legal, deterministic, and its bids mean what the conventions say."""

import random

from tutor.games.g56.bot import choose
from tutor.games.g56.conventions import explain_auction
from tutor.games.g56.game import Game56


def run(n, seed, hands=6):
    s = Game56(n).new_game(random.Random(seed))
    rng = random.Random(seed + 1)
    meanings = []
    for _ in range(hands * 200):
        if s.is_terminal:
            break
        if s.is_chance:
            s.chance(rng)
            continue
        if s.phase == "auction":
            before = len(s.auction.calls)
            hand = list(s.hands[s.to_act])
            s.play(choose(s))
            m = explain_auction(s.auction)[before]
            meanings.append((m, hand))
            continue
        s.play(choose(s))  # checked: legal
    return meanings


def test_bots_play_legally_for_4_6_8_players():
    for n in (4, 6, 8):
        assert run(n, n)


def test_bot_bids_mean_what_the_conventions_say():
    checked = 0
    for seed in range(12):
        for m, hand in run(6, seed, 4):
            if m.shows in ("top_cards", "exact_top_cards"):
                held = [str(c) for c in hand]
                assert all(held.count(c) >= m.cards.count(c) for c in m.cards), (m.text, held)
                checked += 1
            if m.shows == "strength_without_top":
                assert not any(c.rank == "J" and c.suit == m.suit for c in hand), m.text
                checked += 1
            if m.shows == "void":
                assert not any(c.suit == m.suit for c in hand), m.text
                checked += 1
    assert checked > 5
