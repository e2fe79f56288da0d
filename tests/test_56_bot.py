"""The 56 bot: always legal, deterministic, and its bids mean what the conventions say."""

import random
from collections import Counter

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
    """Every bot bid is true of the bidder's hand, counting what its own earlier bids showed:
    the top cards of all its bids together are in its hand (issue #11: a rebid of a suit shows
    one more top card, so it needs the second Jack, not the one it showed already)."""
    checked = 0
    for seed in range(12):
        shown: dict[int, Counter] = {}
        last = None
        for m, hand in run(6, seed, 4):
            if last is not None and m.index <= last:
                shown = {}  # a new hand's auction
            last = m.index
            held = Counter(str(c) for c in hand)
            if m.shows in ("top_cards", "exact_top_cards"):
                mine = shown.setdefault(m.seat, Counter())
                mine.update(m.cards)
                assert not mine - held, (m.text, sorted(held.elements()))
                if m.shows == "exact_top_cards":
                    assert sum(c.suit == m.suit for c in hand) == \
                        sum(k for c, k in mine.items() if c[-1] == m.suit), m.text
                checked += 1
            if m.shows == "strength_without_top":
                assert not any(c.rank == "J" and c.suit == m.suit for c in hand), m.text
                checked += 1
            if m.shows == "void":
                assert not any(c.suit == m.suit for c in hand), m.text
                checked += 1
    assert checked > 5
