"""How long the tutor takes to make one question of each kind (reported in notes, never
asserted in tests): every kind of the practice quiz and of the lessons, for its game(s).

    python bench/questions.py [--seeds N]

Prints, per kind, the mean and the slowest CPU time over seeds 0..N-1 (``time.process_time``,
so another busy core does not distort it).  A learner waits for one question at a time; the
lessons' exercises ask for one when the page opens and one per "Next question".
"""

from __future__ import annotations

import argparse
import time

from tutor.teach.questions import GAMES, KINDS, lesson_kinds, make_question


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=100)
    args = parser.parse_args()
    kinds = [(k, g) for k in KINDS for g in GAMES] + sorted(
        (k, g) for k, g in lesson_kinds().items())
    print(f"{'kind':28} game   mean ms   max ms   (seeds 0-{args.seeds - 1})")
    for kind, game in kinds:
        times = []
        for seed in range(args.seeds):
            t0 = time.process_time()
            make_question(kind, game, seed)
            times.append(time.process_time() - t0)
        print(f"{kind:28} {game:4} {1000 * sum(times) / len(times):9.2f} "
              f"{1000 * max(times):8.2f}")


if __name__ == "__main__":
    main()
