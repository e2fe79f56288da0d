"""axe-core (WCAG 2.1 A and AA) over every lesson page, the whole page, as a table: for each page
the serious and critical nodes by rule id (reported, never asserted: tests/browser/test_page_pass.py
asserts, with the same audit of tests/browser/test_axe.py).

    python bench/axe_pages.py [NOTEBOOK ...] [--width PX] [--json FILE]

One Voila with ``make serve``'s settings, one headless Chromium; each page (paths in lessons/,
default: all of them) in a fresh browser context ``--width`` CSS px wide (1366), opened until its
widgets have rendered, then the window made as tall as the page (Voila scrolls inside
``#rendered_cells``) and audited.  Under each page: its moderate and minor rules too, and
"incomplete", the nodes axe could not judge (needs review: text on the card faces' pictures,
one-character marks).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402
from test_axe import LAPTOP, audit_page, severe  # noqa: E402
from voila_harness import (  # noqa: E402
    close_tab,
    launch_chromium,
    lesson_notebooks,
    render_url,
    running_voila,
)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*")
    parser.add_argument("--width", type=int, default=LAPTOP["width"])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    notebooks = args.notebooks or lesson_notebooks()
    report: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp, \
            running_voila(Path(tmp) / "voila.log") as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for notebook in notebooks:
                context = browser.new_context(
                    viewport={"width": args.width, "height": LAPTOP["height"]})
                try:
                    page = context.new_page()
                    results = audit_page(page, render_url(server.url, notebook))
                    found = severe(results)
                    incomplete = sum(len(v["nodes"]) for v in results["incomplete"])
                    other = {v["id"]: f"{v['impact']} {len(v['nodes'])}"
                             for v in results["violations"] if v["id"] not in found}
                    report[notebook] = {"severe": {r: dict(c) for r, c in found.items()},
                                        "other": other, "incomplete": incomplete,
                                        "height": page.viewport_size["height"]}
                    close_tab(page)
                finally:
                    context.close()
                print_page(notebook, report[notebook], flush=True)
        finally:
            browser.close()
    totals: Counter = Counter()
    for entry in report.values():
        for counts in entry["severe"].values():
            totals.update(counts)
    print(f"\n{'all pages':<28} serious {totals['serious']:>4}  critical {totals['critical']:>4}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0


def print_page(notebook: str, entry: dict, flush: bool = False) -> None:
    found = entry["severe"]
    serious = sum(c.get("serious", 0) for c in found.values())
    critical = sum(c.get("critical", 0) for c in found.values())
    print(f"{notebook:<28} serious {serious:>4}  critical {critical:>4}  "
          f"(incomplete {entry['incomplete']}, {entry['height']} px tall)", flush=flush)
    for rule, counts in sorted(found.items()):
        print(f"    {rule:<24} serious {counts.get('serious', 0):>4}  "
              f"critical {counts.get('critical', 0):>4}", flush=flush)
    if entry["other"]:
        print("    also (moderate or minor): " + ", ".join(
            f"{rule} ({what})" for rule, what in sorted(entry["other"].items())), flush=flush)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
