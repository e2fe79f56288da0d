"""bench/voila_pages.py on a few pages only: time to the first interactive widget and kernel
memory, against the bare page, measured the same way (its ``load_once``, its table).

    python bench/voila_some_pages.py [NOTEBOOK ...] [--loads N] [--json FILE]

The default pages are the start page, 55/04-renege and 56/05-conventions (those of issue #12's
stylesheet change); the whole run takes a few minutes instead of half an hour, so that a change
can be measured before and after, twice each, on a busy machine.  No preheated kernels (as
``voila_pages.py --no-preheat``): with them every lesson would keep a kernel waiting.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# voila_pages puts tests/browser on the path, for voila_harness
from voila_pages import BARE, PageResult, load_once, report, serve_dir  # noqa: E402, I001
from playwright.sync_api import sync_playwright  # noqa: E402
from voila_harness import launch_chromium, running_voila  # noqa: E402

PAGES = ["index.ipynb", "55/04-renege.ipynb", "56/05-conventions.ipynb"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", default=PAGES)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="tt-bench-") as tmp:
        cwd, root, every = serve_dir(Path(tmp), preheat=False)
        unknown = sorted(set(args.notebooks) - set(every))
        if unknown:
            parser.error(f"no such page: {unknown}")
        pages = [BARE, *args.notebooks]
        results = [PageResult(name) for name in pages]
        with running_voila(Path(tmp) / "voila.log", root=root, cwd=cwd) as server, \
                sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                for n in range(args.loads):
                    for result in results:
                        ms, memory = load_once(browser, server, result.page, 0)
                        result.times_ms.append(ms)
                        result.rss_mib.append(memory)
                        shown = "-" if ms is None else f"{ms:.0f} ms"
                        print(f"load {n + 1}/{args.loads} {result.page}: {shown}, "
                              f"{memory:.1f} MiB", flush=True)
            finally:
                browser.close()
    report(results, False, args.loads)
    if args.json:
        args.json.write_text(json.dumps(
            {"preheat": False, "loads": args.loads,
             "pages": [asdict(r) | {"median_ms": r.time_ms, "median_rss_mib": r.memory}
                       for r in results]}, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
