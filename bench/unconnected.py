"""Kernels of pages that never connected: how many are left, and for how long (reported, never
asserted).

    python bench/unconnected.py [--gets 10] [--reloads 10] [--watch 240]

One Voila with ``make serve``'s settings (voila.json as it is).  ``--gets`` plain GETs of a
lesson's URL (curl: no JavaScript, so no websocket), then ``--reloads`` reloads in Chromium of
a lesson that are made before its widgets connect (the navigation starts again as soon as the
page's HTML has arrived).  Then the kernels of the server are counted every 10 s for
``--watch`` seconds.  The preheated start-page kernel is not counted.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402
from voila_harness import (  # noqa: E402
    launch_chromium,
    render_url,
    running_voila,
    wait_for_settled_kernels,
)

LESSON = "55/03-following.ipynb"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gets", type=int, default=10)
    parser.add_argument("--reloads", type=int, default=10)
    parser.add_argument("--watch", type=int, default=240)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, \
            running_voila(Path(tmp) / "voila.log") as server:
        pool = set(wait_for_settled_kernels(server, 1))
        url = render_url(server.url, LESSON)
        for _ in range(args.gets):
            with urllib.request.urlopen(url, timeout=120) as response:
                response.read()
        with sync_playwright() as p:
            browser = launch_chromium(p)
            page = browser.new_page()
            for _ in range(args.reloads):
                response = page.goto(url, wait_until="commit")
                response.finished()
            browser.close()  # a killed browser: no beacon
        started = time.monotonic()
        print(f"{args.gets} GETs and {args.reloads} early reloads of {LESSON}")
        while True:
            left = len(set(server.kernels()) - pool)
            elapsed = time.monotonic() - started
            print(f"  after {elapsed:4.0f} s: {left} kernels left")
            if elapsed >= args.watch or (left == 0 and elapsed > 0):
                break
            time.sleep(10)


if __name__ == "__main__":
    main()
