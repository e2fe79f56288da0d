"""A class opens a lesson: N learners ask for the same lesson page at the same moment, against
a real server (reported, never asserted).

    python bench/load.py [--learners 10 30 60] [--pages 3] [--lesson 55/04-renege.ipynb]
                         [--modes cold warm] [--singles 3] [--timeout 600] [--json FILE]

For each class size and each mode, a fresh Voila with ``make serve``'s settings (and a class
store of its own).  First a **single learner** opens the lesson alone, ``--singles`` times
one after another: the baseline of this run.  Then the class:

* ``cold``: nothing prepared; N learners open the lesson at once.
* ``warm``: the teacher readies the lesson for N learners first (what the class page's "Get it
  ready" does: ``Classroom.open_lesson``; the server's ``LessonWarmer`` runs N pages ahead);
  once the server says N are ready, the N learners open it at once.

Most learners are **protocol learners** (bench/socket_learner.py): the page's HTTP request,
then its kernel's websocket and the widget states, as a phone's browser does, without a
browser on this 2-core machine (60 Chromium renderers would take the cores that real phones
do not take from the server).  The first ``--pages`` are **real Chromium pages** (each a
browser context of its own).  A page is **usable** when a protocol learner has every widget's
state, or when a Chromium page shows every widget output of the notebook.

A page **fails** if it answers other than 200 (a 503 is "the tutor is busy"), is not usable
within ``--timeout``, or shows an error (a traceback, an IOPub timeout, a kernel's stderr).

Reported per run: failed pages (why), time to usable (p50, p95, max; protocol learners and
Chromium pages apart and together), each kind's p95 as a multiple of its single learner's
median (the single Chromium page is timed alone too), the
time the server took to ready the lesson (warm), peak memory of the server and its kernels,
peak kernels.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "bench"))

from playwright.async_api import async_playwright  # noqa: E402
from socket_learner import SocketLearner  # noqa: E402
from voila_harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    WIDGET_VIEW_MIME,
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
              "Kernel didn't respond", "No Jupyter kernel", "application/vnd.jupyter.stderr"]


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


async def protocol_learner(url: str, base: str, timeout: float) -> dict:
    """One learner without a browser: time to every widget's state."""
    learner = SocketLearner(base)
    start = time.monotonic()
    out = {"kind": "protocol", "ok": False, "why": "", "seconds": None, "closer": learner}
    try:
        await asyncio.wait_for(learner.open(url, timeout), timeout)
        out["seconds"] = time.monotonic() - start
        errors = [m for m in ERROR_TEXT if m in learner.html]
        out["why"] = ", ".join(errors)
        out["ok"] = not errors
    except Exception as exc:
        said = str(exc).splitlines()[0][:100] if str(exc) else ""
        out["why"] = (f"HTTP {learner.status}" if learner.status not in (None, 200)
                      else f"{type(exc).__name__}: {said}")
    return out


class Tab:
    """A learner's tab, closed as a learner closes it: the page's unload sends Voila's
    shutdown beacon, so its kernel goes."""

    def __init__(self, context, page):
        self.context, self.page = context, page

    async def close(self) -> None:
        await self.page.close(run_before_unload=True)
        await asyncio.sleep(0.3)  # the beacon leaves before the context goes
        await self.context.close()


async def chromium_learner(browser, url: str, timeout: float) -> dict:
    """One learner in a real page: time to every widget output shown."""
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    page = await context.new_page()
    out = {"kind": "chromium", "ok": False, "why": "", "seconds": None,
           "closer": Tab(context, page)}
    start = time.monotonic()
    try:
        response = await page.goto(url, timeout=timeout * 1000, wait_until="commit")
        if response is None or response.status != 200:
            out["why"] = f"HTTP {response and response.status}"
            return out
        await response.finished()
        widgets = (await response.text()).count(f'"{WIDGET_VIEW_MIME}"')
        await page.wait_for_function(READY, arg=widgets, timeout=timeout * 1000, polling=100)
        out["seconds"] = time.monotonic() - start
        text = await page.inner_text("body")
        errors = [m for m in ERROR_TEXT if m in text]
        if await page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count():
            errors.append("stderr output")
        out["why"] = ", ".join(errors)
        out["ok"] = not errors
    except Exception as exc:
        out["why"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:100]}"
    return out


async def close(results: list[dict]) -> None:
    for r in results:
        closer = r.pop("closer", None)
        try:
            await closer.close()
        except Exception:
            pass


def summary(times: list[float]) -> dict:
    if not times:
        return {"p50": None, "p95": None, "max": None}
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return {"p50": round(statistics.median(times), 2), "p95": round(p95, 2),
            "max": round(times[-1], 2)}


async def one_run(n: int, mode: str, pages: int, lesson: str, singles: int,
                  timeout: float, voila_args: list[str]) -> dict:
    data = tempfile.mkdtemp(prefix="tt-load-")
    os.environ["TUTOR_DATA_DIR"] = data  # the server's class store, and this script's
    os.environ.pop("TUTOR_DATABASE_URL", None)
    from tutor.classroom.classes import Classroom

    # every learner here comes from this machine, most of them from one program: no limit of
    # pages per browser or per address (a later --voila-arg may set one again)
    extra = ["--TutorKernelManager.max_kernels_per_client=0",
             "--TutorKernelManager.max_kernels_per_address=0", *voila_args]
    with running_voila(Path(data) / "voila.log", extra=extra) as server:
        wait_for_settled_kernels(server, 1)
        url = render_url(server.url, lesson)
        p = await async_playwright().start()
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                          args=CHROMIUM_ARGS)
        alone, alone_page = [], []
        for _ in range(singles):  # one learner at a time: the run's baseline
            for kind, times in (("protocol", alone), ("chromium", alone_page)):
                r = await (protocol_learner(url, server.url, timeout) if kind == "protocol"
                           else chromium_learner(browser, url, timeout))
                await close([r])
                if r["ok"]:
                    times.append(r["seconds"])
        wait_for_settled_kernels(server, 1, timeout=120)
        single = statistics.median(alone) if alone else None
        single_page = statistics.median(alone_page) if alone_page else None

        warmed_in = None
        memory = MemoryPeak(server)
        memory.start()
        if mode == "warm":
            room = Classroom()
            started = room.start()
            t0 = time.monotonic()
            room.open_lesson(started.code, started.key, lesson, n)
            while time.monotonic() - t0 < timeout:
                got = room.lesson(started.code)
                if got.ready >= n:
                    break
                await asyncio.sleep(0.5)
            warmed_in = time.monotonic() - t0
            await asyncio.sleep(1)  # the class hears "open lesson 4"

        k = min(pages, n)
        start = time.monotonic()
        results = await asyncio.gather(
            *[chromium_learner(browser, url, timeout) for _ in range(k)],
            *[protocol_learner(url, server.url, timeout) for _ in range(n - k)])
        whole = time.monotonic() - start
        memory.running = False
        await close(results)
        await browser.close()
        await p.stop()
        log = server.log_text()
    times = [r["seconds"] for r in results if r["ok"]]
    out = {
        "learners": n, "mode": mode, "chromium_pages": min(pages, n),
        "single_learner_s": round(single, 2) if single else None,
        "single_page_s": round(single_page, 2) if single_page else None,
        "failed": sum(not r["ok"] for r in results),
        "failures": sorted({r["why"] for r in results if not r["ok"]}),
        "all": summary(times),
        "protocol": summary([r["seconds"] for r in results
                             if r["ok"] and r["kind"] == "protocol"]),
        "chromium": summary([r["seconds"] for r in results
                             if r["ok"] and r["kind"] == "chromium"]),
        "whole_class_s": round(whole, 1),
        "readied_in_s": round(warmed_in, 1) if warmed_in is not None else None,
        "peak_memory_mib": round(memory.peak),
        "peak_kernels": memory.kernels_peak,
        "preheated_pages_used": log.count("Using pre-heated kernel"),
        "busy_refusals": log.count("Kernel refused"),
    }
    if single and out["protocol"]["p95"]:
        out["p95_over_single"] = round(out["protocol"]["p95"] / single, 1)
    if single_page and out["chromium"]["p95"]:
        out["page_p95_over_single"] = round(out["chromium"]["p95"] / single_page, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[10, 30, 60])
    parser.add_argument("--modes", nargs="+", default=["cold", "warm"],
                        choices=["cold", "warm"])
    parser.add_argument("--pages", type=int, default=3, help="real Chromium pages per run")
    parser.add_argument("--lesson", default="55/04-renege.ipynb")
    parser.add_argument("--singles", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=600, help="seconds per page")
    parser.add_argument("--voila-arg", action="append", default=[],
                        help="a setting for the server, e.g. "
                             "--voila-arg=--TutorKernelManager.start_concurrency=0")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    runs = []
    for n in args.learners:
        for mode in args.modes:
            run = asyncio.run(one_run(n, mode, args.pages, args.lesson, args.singles,
                                      args.timeout, args.voila_arg))
            run["voila_args"] = args.voila_arg
            runs.append(run)
            a = run["all"]
            print(f"{n:>3} {mode:<4}: failed {run['failed']}, usable p50 {a['p50']} s, "
                  f"p95 {a['p95']} s, max {a['max']} s; protocol {run['protocol']} "
                  f"({run.get('p95_over_single')}x the single learner's "
                  f"{run['single_learner_s']} s); chromium {run['chromium']} "
                  f"({run.get('page_p95_over_single')}x {run['single_page_s']} s); "
                  f"readied in {run['readied_in_s']} s; {run['peak_memory_mib']} MiB, "
                  f"{run['peak_kernels']} kernels; pre-heated used {run['preheated_pages_used']}"
                  f"; busy {run['busy_refusals']}", flush=True)
            for why in run["failures"]:
                print(f"      failed: {why}")
            if args.json:
                args.json.write_text(json.dumps(runs, indent=2))


if __name__ == "__main__":
    main()
