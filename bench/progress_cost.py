"""What keeping the learner's progress costs the kernel, measured directly (reported in notes,
never asserted): the page's memory widget made, the browser's stored text read and merged
(a learner who has done every exercise, with a few hundred review items), a lesson's widgets
told, and an answer saved.  The page-level figure, the same pages timed from a server with and
without progress, is ``bench/voila_pages.py --progress-off-too``; its load-to-load noise (a
second either way) is far larger than this cost, which this bench shows on its own.

    .venv/bin/python bench/progress_cost.py
"""

from __future__ import annotations

import json
import statistics
import time

from tutor.teach import progress
from tutor.ui.memory import Memory


def stored_text(exercises: int = 17, reviews: int = 300) -> str:
    """A full learner's localStorage text: every exercise and page, many review items."""
    t = progress.now_ms()
    items = {"last": {"page": "55-renege", "t": t}, "settings": {"four_colour": False, "t": t}}
    for i in range(exercises):
        items[progress.exercise_key(f"ex-{i}")] = {
            "seed": 1000 + i, "order": list(range(6)), "number": 5, "answered": 6,
            "checked": True, "picked": [], "hints": 1, "score": 5, "missed": [3], "count": 6,
            "best": 5, "t": t}
        items[progress.page_key(f"page-{i}")] = {"t": t}
    for i in range(reviews):
        items[f"review:55:kind{i % 12}:plain:55-RULE-{i}"] = {
            "game": "55", "kind": f"kind{i % 12}", "rule": f"55-RULE-{i}", "right": 3,
            "wrong": 1, "t": t, "card": {"state": 2, "step": None, "stability": 3.1,
                                         "difficulty": 5.2, "due": "2026-12-04T10:00:00+00:00",
                                         "last_review": "2026-12-03T10:00:00+00:00"}}
    return json.dumps({"app": "trick-tutor", "version": progress.VERSION, "items": items})


def once(text: str) -> dict:
    t0 = time.perf_counter()
    m = Memory()
    t1 = time.perf_counter()
    heard = []
    for _ in range(6):  # a lesson's widgets that remember: a quiz or two, the map, the footer
        m.when_ready(lambda mem: heard.append(len(mem.items)))
    m.stored, m.status = text, "ok"  # what the browser sends when the page opens
    t2 = time.perf_counter()
    m.put(progress.exercise_key("ex-0"), {**m.get(progress.exercise_key("ex-0"))})
    t3 = time.perf_counter()
    assert m.ready and len(heard) == 6 and m.keeps
    m.close()
    return {"make": t1 - t0, "read": t2 - t1, "save": t3 - t2, "all": t3 - t0}


def main() -> None:
    text = stored_text()
    once(text)  # the first, with imports warm
    loaded = progress.load(text)
    assert loaded.usable and not loaded.problem, loaded.problem  # every item reads
    runs = [once(text) for _ in range(200)]
    print(f"stored text: {len(text):,} bytes, "
          f"{len(json.loads(text)['items'])} items")
    for k in ("make", "read", "save", "all"):
        xs = sorted(r[k] * 1000 for r in runs)
        print(f"{k:5s} p50 {statistics.median(xs):6.2f} ms   p95 "
              f"{xs[int(0.95 * len(xs))]:6.2f} ms   max {xs[-1]:6.2f} ms")


if __name__ == "__main__":
    main()
