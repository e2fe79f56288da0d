"""Engine speed on this machine, one process (reported in notes, never asserted in tests).

    python bench/engine.py [--seconds S]

* random full hands of 55 per second: 5 players, auction, kitty, trump and play, every
  action a legal random choice (target: at least 5,000);
* legal-play queries per second on random 55 positions (target: at least 250,000);
* random full hands of 56 per second: 6 players, auction and play (target: at least 2,000).

Both are CPU time of this process (``time.process_time``), so another busy core does not
distort them; wall time is printed beside.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from tutor.engine.cards import ALL_CARDS
from tutor.games import g56
from tutor.games.g55 import Game55, legal_cards, play_random_hand, ranking
from tutor.games.g56.game import Game56


def timed(fn, seconds: float) -> tuple[int, float, float]:
    """Run ``fn`` (which returns a count) until ``seconds`` of CPU time; (count, cpu, wall)."""
    count, c0, w0 = 0, time.process_time(), time.perf_counter()
    while time.process_time() - c0 < seconds:
        count += fn()
    return count, time.process_time() - c0, time.perf_counter() - w0


def hands(seconds: float, players: int = 5, checked: bool = False,
          game_class=Game55, play=play_random_hand) -> tuple[float, float]:
    """Random whole hands; a new game every 50 hands (or when one ends)."""
    game = game_class(players)
    rng = random.Random(2026)
    state = [game.new_game(rng)]

    def batch():
        for _ in range(200):
            play(state[0], rng, checked)
            if state[0].is_terminal or state[0].hand_no >= 50:
                state[0] = game.new_game(rng)
        return 200

    n, cpu, wall = timed(batch, seconds)
    return n / cpu, n / wall


def legal_queries(seconds: float) -> tuple[float, float]:
    rng = random.Random(7)
    queries = []
    for _ in range(5000):
        cards = rng.sample(ALL_CARDS, 5 + rng.randrange(0, 5))
        queries.append((cards[:5], cards[5:], ranking(rng.choice("SHDC"))))

    def batch():
        for hand, trick, rk in queries:
            legal_cards(hand, trick, rk)
        return len(queries)

    n, cpu, wall = timed(batch, seconds)
    return n / cpu, n / wall


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    cpu, wall = hands(args.seconds)
    print(f"55 random full hands/s (5 players, actions pushed unchecked): {cpu:,.0f} CPU "
          f"({wall:,.0f} wall)   target >= 5,000")
    cpu, wall = hands(args.seconds, checked=True)
    print(f"55 random full hands/s (5 players, every action checked by play): {cpu:,.0f} CPU "
          f"({wall:,.0f} wall)")
    cpu, wall = legal_queries(args.seconds)
    print(f"55 legal-play queries/s: {cpu:,.0f} CPU ({wall:,.0f} wall)   target >= 250,000")
    cpu, wall = hands(args.seconds, 6, False, Game56, g56.game.play_random_hand)
    print(f"56 random full hands/s (6 players, auction and play, pushed unchecked): {cpu:,.0f} "
          f"CPU ({wall:,.0f} wall)   target >= 2,000")
    cpu, wall = hands(args.seconds, 6, True, Game56, g56.game.play_random_hand)
    print(f"56 random full hands/s (6 players, every action checked by play): {cpu:,.0f} CPU "
          f"({wall:,.0f} wall)")


if __name__ == "__main__":
    main()
