"""A class arrives: N learners open lesson pages at the same moment (reported, never asserted).

    python bench/load.py [--learners 60] [--timeout 600] [--json FILE]

One Voila with ``make serve``'s settings serves lessons/; one headless Chromium opens N pages
at once, each in its own browser context (a learner), cycling through every lesson.  First
each distinct page is loaded once, alone, to learn how many widget outputs it shows; then all
N are opened together.  A page **fails** if it does not answer 200, does not show all its
widget outputs within the timeout, or shows any error text (an IOPub timeout, IPython's
"history saving thread", a kernel's stderr, a cell error).

Reported: failed pages (with why), time to all widgets (median, 90th percentile, max), the
time for the whole class, the peak memory of the server and its kernels together, and the
kernels left a minute after every tab closed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from playwright.async_api import async_playwright  # noqa: E402
from voila_harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    WIDGET_VIEW_MIME,
    lesson_notebooks,
    render_url,
    rss_mib,
    running_voila,
    wait_for_settled_kernels,
)

READY = """(widgets) => !document.getElementById('loading')
    && document.getElementById('rendered_cells')?.style.display !== 'none'
    && document.querySelectorAll('.jp-OutputArea-output:has(.jupyter-widgets)').length
       >= widgets"""
ERROR_TEXT = ["Timeout waiting for IOPub", "history saving thread", "database is locked",
              "There was an error when executing", "Traceback", "Sorry, that did not work",
              "Kernel didn't respond", "No Jupyter kernel"]
STDERR = '[data-mime-type="application/vnd.jupyter.stderr"]'


class MemoryPeak(threading.Thread):
    """Samples the resident memory of the server and its kernels every half second."""

    def __init__(self, server):
        super().__init__(daemon=True)
        self.server, self.peak, self.kernels_peak, self.running = server, 0.0, 0, True

    def run(self):
        while self.running:
            kernels = self.server.kernels()
            total = sum(rss_mib(pid) or 0 for pid in [self.server.pid, *kernels.values()])
            self.peak = max(self.peak, total)
            self.kernels_peak = max(self.kernels_peak, len(kernels))
            time.sleep(0.5)


async def load(browser, url: str, expected: int | None, timeout_ms: int) -> dict:
    """One learner opens one page; returns what happened."""
    context = await browser.new_context(viewport={"width": 1366, "height": 800})
    page = await context.new_page()
    start = time.monotonic()
    result = {"url": url, "ok": False, "why": "", "seconds": None, "connect_wait": None}
    sockets = []
    page.on("websocket", lambda ws: sockets.append(time.monotonic()))
    try:
        response = await page.goto(url, timeout=timeout_ms, wait_until="commit")
        if response is None or response.status != 200:
            result["why"] = f"HTTP {response and response.status}"
            return result
        await response.finished()
        html_done = time.monotonic()
        widgets = (await response.text()).count(f'"{WIDGET_VIEW_MIME}"')
        result["widgets"] = widgets
        want = max(widgets, expected or 0)
        await page.wait_for_function(READY, arg=want, timeout=timeout_ms, polling=250)
        result["seconds"] = time.monotonic() - start
        if sockets:  # from the end of the page's HTML to its kernel's websocket
            result["connect_wait"] = sockets[0] - html_done
        text = await page.inner_text("body")
        errors = [marker for marker in ERROR_TEXT if marker in text]
        if await page.locator(STDERR).count():
            errors.append("stderr output")
        if expected is not None and widgets < expected:
            errors.append(f"{widgets} of {expected} widget outputs")
        result["why"] = ", ".join(errors)
        result["ok"] = not errors
    except Exception as exc:  # a timeout or a crash: the page failed
        result["why"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
        result["websocket"] = bool(sockets)
        try:
            result["kernel"] = await page.evaluate(
                "JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                ".kernelId")
        except Exception:
            result["kernel"] = None
    finally:
        result["page"] = page
        result["context"] = context
    return result


async def run(learners: int, timeout_s: int) -> dict:
    notebooks = lesson_notebooks()
    with tempfile.TemporaryDirectory() as tmp, \
            running_voila(Path(tmp) / "voila.log") as server:
        wait_for_settled_kernels(server, 1)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=CHROMIUM_ARGS)
            expected = {}
            for name in notebooks:  # alone, one at a time: how many widget outputs each has
                r = await load(browser, render_url(server.url, name), None, timeout_s * 1000)
                expected[name] = r.get("widgets") if r["ok"] else None
                await r["page"].close(run_before_unload=True)
                await r["context"].close()
            wait_for_settled_kernels(server, 1, timeout=120)

            memory = MemoryPeak(server)
            memory.start()
            started = time.monotonic()
            names = [notebooks[i % len(notebooks)] for i in range(learners)]
            results = await asyncio.gather(*[
                load(browser, render_url(server.url, name), expected[name], timeout_s * 1000)
                for name in names])
            whole = time.monotonic() - started
            memory.running = False
            for r in results:
                await r["page"].close(run_before_unload=True)
                await r["context"].close()
            await browser.close()
        time.sleep(60)
        left = len(server.kernels())
        log = server.log_text()
    times = sorted(r["seconds"] for r in results if r["seconds"] is not None)
    waits = sorted(r["connect_wait"] for r in results if r["connect_wait"] is not None)
    failed = [{"url": r["url"].split("/render/")[-1], "why": r["why"],
               "websocket": r.get("websocket"),
               "server_said": sorted({line[:140] for line in log.splitlines()
                                      if r.get("kernel") and r["kernel"] in line
                                      and "Kernel started" not in line})[:4]}
              for r in results if not r["ok"]]
    return {
        "learners": learners,
        "failed": len(failed),
        "failures": failed,
        "median_s": round(statistics.median(times), 1) if times else None,
        "p90_s": round(times[int(0.9 * (len(times) - 1))], 1) if times else None,
        "max_s": round(times[-1], 1) if times else None,
        "whole_class_s": round(whole, 1),
        "max_connect_wait_s": round(waits[-1], 1) if waits else None,
        "peak_memory_mib": round(memory.peak),
        "peak_kernels": memory.kernels_peak,
        "kernels_left_after_60_s": left,
        "zmq_errors": log.count("ZMQError"),
        "iopub_timeouts": log.count("Timeout waiting for IOPub"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=60)
    parser.add_argument("--timeout", type=int, default=420, help="seconds per page")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    summary = asyncio.run(run(args.learners, args.timeout))
    for key, value in summary.items():
        if key != "failures":
            print(f"{key:>26}: {value}")
    for failure in summary["failures"]:
        print(f"  FAILED {failure['url']}: {failure['why']} "
              f"(websocket opened: {failure['websocket']})")
        for line in failure["server_said"]:
            print(f"      {line}")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
