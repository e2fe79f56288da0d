"""A long lesson: the kernel's memory and live widgets, and the page's JavaScript heap, over many
interactions (reported, never asserted).

    python bench/soak.py [--loads 1000] [--questions 500] [--json FILE]

One Voila with ``make serve``'s settings; one headless Chromium.  On the teacher's board,
``--loads`` clicks on Load (cycling through the saved positions); on the practice page,
``--questions`` clicks on "Next question".  Before and after: the kernel's resident memory
(/proc), its live widgets (a ``comm_info_request`` over the kernel's websocket) and the page's
JavaScript heap after a garbage collection.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from kernel_socket import KernelSocket  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from voila_harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    open_notebook,
    page_kernel_id,
    render_url,
    rss_mib,
    running_voila,
)
from watch import settle  # noqa: E402

HEAP = "() => { window.gc(); return performance.memory.usedJSHeapSize / 1048576; }"


def sample(page, server, url) -> dict:
    kernel = page_kernel_id(page)
    sock = KernelSocket(url, kernel)
    try:
        comms = len(sock.widget_comms())
    finally:
        sock.close()
    return {"kernel_mib": round(rss_mib(server.kernels()[kernel]), 1), "widgets": comms,
            "js_heap_mib": round(page.evaluate(HEAP), 1)}


def clicks(page, name: str, count: int, box_selector: str) -> float:
    """Click the button ``name`` ``count`` times, each once the page has settled."""
    button = page.get_by_role("button", name=name, exact=True).first
    box = page.locator(box_selector).first
    started = time.monotonic()
    for _ in range(count):
        button.click()
        settle(box, quiet=0.15)
    return time.monotonic() - started


def run(loads: int, questions: int) -> dict:
    out = {}
    with tempfile.TemporaryDirectory() as tmp, \
            running_voila(Path(tmp) / "voila.log") as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=[*CHROMIUM_ARGS, "--js-flags=--expose-gc",
                                          "--enable-precise-memory-info"])
        for notebook, button, count, box in (
                ("board.ipynb", "Load", loads, ".widget-vbox"),
                ("practice.ipynb", "Next question", questions, ".tt-quiz-top")):
            if not count:
                continue
            page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
            open_notebook(page, render_url(server.url, notebook))
            before = sample(page, server, server.url)
            took = clicks(page, button, count, box)
            after = sample(page, server, server.url)
            out[f"{notebook} x{count} {button}"] = {"before": before, "after": after,
                                                    "seconds": round(took, 1)}
            page.close(run_before_unload=True)
        browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=1000)
    parser.add_argument("--questions", type=int, default=500)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    result = run(args.loads, args.questions)
    for what, r in result.items():
        print(f"{what} ({r['seconds']} s):")
        for key in ("kernel_mib", "widgets", "js_heap_mib"):
            print(f"  {key:>12}: {r['before'][key]} -> {r['after'][key]}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
