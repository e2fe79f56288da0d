"""The cost of a seat's view over seeded matches (reported in notes, never asserted in tests).

    python bench/views.py [--game 56] [--players 8] [--matches 3] [--hands 20]

Seeded matches are played to their end (or ``--hands`` hands) by the game's bot; after every
action the view of the seat to act (as a table page draws it) is timed, and then a second view
of the same state (a page drawn again without a move).  Reported in milliseconds per view: all
the views, and those of the last fifth of each match (late in a match a view reads the whole
match's narration), with the worst view.  Wall time (``time.perf_counter``); another busy core
can add noise, so the medians are printed beside the means.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutor.games.registry import find_game, hand_over


def match_views(spec, players: int, seed: int, hands: int) -> list[tuple[float, float]]:
    """(first view, second view) of the seat to act after each action of one match, in ms."""
    rng = random.Random(seed)
    state = spec.state_class.initial(spec.game(players))
    out = []
    for _ in range(hands):
        while state.is_chance:
            state.chance(rng)
        while not hand_over(state):
            state.play(spec.bot(state))
            seat = state.to_act if isinstance(state.to_act, int) and state.to_act >= 0 else 0
            t0 = time.perf_counter()
            state.view(seat)
            t1 = time.perf_counter()
            state.view(seat)
            t2 = time.perf_counter()
            out.append(((t1 - t0) * 1000, (t2 - t1) * 1000))
        if state.is_terminal:
            break
    return out


def report(label: str, times: list[float]) -> str:
    return (f"{label:<22} n={len(times):<6} mean {statistics.fmean(times):7.3f}  "
            f"median {statistics.median(times):7.3f}  max {max(times):8.3f} ms")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="56")
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--matches", type=int, default=3)
    p.add_argument("--hands", type=int, default=20)
    args = p.parse_args()
    spec = find_game(args.game)
    first, second, late_first, late_second = [], [], [], []
    for seed in range(1, args.matches + 1):
        views = match_views(spec, args.players, seed, args.hands)
        late = views[len(views) * 4 // 5:]
        first += [a for a, _ in views]
        second += [b for _, b in views]
        late_first += [a for a, _ in late]
        late_second += [b for _, b in late]
    print(f"game {spec.name}, {args.players} players, {args.matches} seeded matches "
          f"(at most {args.hands} hands each), the bot playing every seat")
    print(report("view after an action", first))
    print(report("  late in a match", late_first))
    print(report("the same view again", second))
    print(report("  late in a match", late_second))


if __name__ == "__main__":
    main()
