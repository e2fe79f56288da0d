"""A class quizzed live: N learners join one class and answer one question within 5 seconds,
against a real server (reported, never asserted).

    python bench/class_load.py [--learners 30 60] [--database URL] [--stagger S] [--pages K]
                               [--json FILE]

One Voila with ``make serve``'s settings; one headless Chromium.  The teacher's page
(``class.ipynb``) starts a class; N learner pages (each a browser context of its own, as N
phones) open the join link at once and join with a nickname; the teacher asks a question; each
learner waits a random 0-5 s after the question appears, picks and sends an answer, and notes
when the page said "Answer received" (the answer is in the store by then).  The teacher's page
notes, by a MutationObserver, when its count of answers changed and to what.

Reported per class size: answers recorded in the store (of N: 0 lost is the goal), how long
after the k-th answer was received the teacher's count showed k (median, 95th percentile,
max: the goal is within 1 s at p95), time for all N to join, the peak memory of the server
and its kernels together and at the end of the question, and the teacher's final count and
histogram against the store's.

``--pages K``: only the first K learners are Chromium pages; the others open the join link
over HTTP and the kernel's websocket and answer through the widget protocol, with no browser
(bench/socket_learner.py): on this 2-core machine 60 Chromium renderers would take the cores
that real phones do not take from a server.  ``--stagger S``: the learners arrive over S
seconds, as a class scanning a QR code does, instead of all in the same instant.
``--database``: a PostgreSQL URL (``postgresql+psycopg://...``) for the class store instead
of a fresh SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "bench"))

import sqlalchemy as sa  # noqa: E402
from load import MemoryPeak  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402
from socket_learner import SocketLearner  # noqa: E402
from voila_harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    render_url,
    rss_mib,
    running_voila,
    wait_for_settled_kernels,
)

from tutor.classroom import store  # noqa: E402

WINDOW = 5.0  # seconds in which every learner answers
PER_BROWSER = 10  # learner pages per Chromium
READY = """() => !document.getElementById('loading')
    && document.querySelector('.jupyter-widgets button')"""
# the teacher's page: every change of "N of M answered", with the time it was seen
WATCH_COUNT = """() => {
  window.ttCounts = [];
  const seen = () => {
    const el = document.querySelector('.tt-class-count b');
    if (el) { const n = +el.textContent;
      const last = window.ttCounts[window.ttCounts.length - 1];
      if (!last || last[0] !== n) window.ttCounts.push([n, Date.now()]); }
  };
  new MutationObserver(seen).observe(document.body, {subtree: true, childList: true,
                                                     characterData: true});
  seen();
}"""


async def open_page(browser, url: str, phone: bool = False):
    viewport = {"width": 390, "height": 844} if phone else {"width": 1366, "height": 800}
    context = await browser.new_context(viewport=viewport)
    page = await context.new_page()
    page.set_default_timeout(300_000)
    await page.goto(url, wait_until="commit")
    await page.wait_for_function(READY, polling=250)
    return context, page


async def learner(browser, url: str, name: str, asked: asyncio.Event, rng: random.Random,
                  out: dict, delay: float = 0.0) -> None:
    await asyncio.sleep(delay)
    context, page = await open_page(browser, url, phone=True)
    out["context"], out["page"] = context, page
    box = page.locator(".tt-class-learner")
    await box.get_by_role("textbox", name="Nickname").fill(name)
    await box.get_by_role("button", name="Join").click()
    await box.locator(".tt-class-me").wait_for()
    out["joined"] = time.time()
    await asked.wait()
    buttons = box.locator(".tt-cardrow button")
    await buttons.first.wait_for()
    await asyncio.sleep(rng.uniform(0, WINDOW))
    count = await buttons.count()
    picks = range(count) if await box.get_by_role("button", name="Undo").is_visible() \
        else [rng.randrange(count)]
    for i in picks:
        await buttons.nth(i).click()
    out["sent"] = time.time()
    await box.get_by_role("button", name="Send my answer").click()
    await box.locator(".tt-msg").filter(has_text="Answer received").wait_for()
    out["received"] = time.time()


async def socket_learner(server, url: str, name: str, asked: asyncio.Event, rng: random.Random,
                         out: dict, delay: float = 0.0) -> None:
    """A learner with no browser (bench/socket_learner.py): the same steps over the page's
    HTTP request and its kernel's websocket."""
    await asyncio.sleep(delay)
    me = SocketLearner(server.url)
    out["socket"] = me
    await me.open(url)
    name_box = await me.wait_for(lambda: me.find(_model_name="TextModel",
                                                 description="Nickname"))
    await me.type_into(name_box, name)
    await me.press(await me.wait_for(lambda: me.find(description="Join")))
    await me.wait_for(lambda: me.html_with("tt-class-me"))
    out["joined"] = time.time()
    await asked.wait()
    row, state = (await me.wait_for(lambda: me.rows(item_class="tt-choice")
                                    or me.rows(item_class="tt-cardbtn")))[0]
    controls = (await me.wait_for(lambda: me.rows(label="Send my answer")))[0][0]
    await asyncio.sleep(rng.uniform(0, WINDOW))
    count = len(me.models[row]["items"])
    picks = range(count) if me.rows(label="Undo") else [rng.randrange(count)]
    for i in picks:
        await me.press_in_row(row, i)
    out["sent"] = time.time()
    for _ in range(10):  # a click on a drawing the kernel had already replaced is ignored
        items = me.models[controls]["items"]
        await me.press_in_row(controls, next(i for i, b in enumerate(items)
                                             if b["label"] == "Send my answer"), settle=0)
        try:
            await me.wait_for(lambda: me.html_with("Answer received"), 10)
            break
        except TimeoutError:
            continue
    else:
        raise TimeoutError("the answer was sent ten times and never received")
    out["received"] = time.time()


async def one_class(browsers, server, n: int, url_db: str, seed: int,
                    stagger: float = 0.0, pages: int | None = None) -> dict:
    browser = browsers[0]
    rng = random.Random(seed)
    tctx, teacher = await open_page(browser, render_url(server.url, "class.ipynb"))
    await teacher.get_by_role("button", name="Start a class").click()
    code_el = teacher.locator(".tt-class-code")
    await code_el.wait_for()
    code = (await code_el.inner_text()).strip()
    url = (await teacher.locator(".tt-class-url").inner_text()).strip()
    asked = asyncio.Event()
    outs = [{} for _ in range(n)]
    memory = MemoryPeak(server)
    memory.start()
    started = time.time()
    pages = n if pages is None else min(pages, n)  # the first ones are real browser pages
    tasks = [asyncio.create_task(
        learner(browsers[i % len(browsers)], url, f"L{i}", asked, rng, outs[i], stagger * i / n)
        if i < pages else
        socket_learner(server, url, f"L{i}", asked, rng, outs[i], stagger * i / n))
        for i in range(n)]
    joined_el = teacher.locator(".tt-class-joined")
    while not re.search(rf"\b{n}$", (await joined_el.inner_text()).strip()):
        await asyncio.sleep(0.25)
        done = [t for t in tasks if t.done()]
        if done and all(t.done() for t in tasks):
            break
        if any(t.exception() for t in done):
            print(f"  a learner failed: {next(t.exception() for t in done if t.exception())!r}",
                  flush=True)
            break
    all_joined = time.time() - started
    print(f"  {n} learners joined in {all_joined:.1f} s", flush=True)
    await teacher.evaluate(WATCH_COUNT)
    await teacher.get_by_role("button", name="Ask the class").click()
    await teacher.locator(".tt-class-count").wait_for()
    asked.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    print(f"  answers sent: {sum(1 for o in outs if 'received' in o)} of {n}", flush=True)
    errors = [repr(r)[:160] for r in results if isinstance(r, BaseException)]
    await asyncio.sleep(3)  # the last polls
    counts = await teacher.evaluate("window.ttCounts")
    at_end = sum(rss_mib(pid) or 0 for pid in [server.pid, *server.kernels().values()])
    memory.running = False
    shown = (await teacher.locator(".tt-class-count").inner_text()).strip()
    bars = await teacher.locator(".tt-hist-count").all_inner_texts()
    # what the store holds
    engine = store.connect(url_db)
    with engine.connect() as conn:
        recorded = conn.execute(
            sa.select(sa.func.count()).select_from(
                store.ANSWERS.join(store.QUESTIONS,
                                   store.ANSWERS.c.question_id == store.QUESTIONS.c.id)
                .join(store.CLASSES, store.QUESTIONS.c.class_id == store.CLASSES.c.id))
            .where(store.CLASSES.c.code == code)).scalar()
    engine.dispose()
    received = sorted(o["received"] for o in outs if "received" in o)
    lags = []
    for k, t in enumerate(received, 1):
        shown_at = next((when / 1000 for c, when in counts if c >= k), None)
        if shown_at is not None:
            lags.append(max(0.0, shown_at - t))
    lags.sort()
    for o in outs:  # each tab closed as a learner closes it: its kernel goes
        if "socket" in o:
            await o["socket"].close()
        if "context" in o:
            await o["page"].close(run_before_unload=True)
            await o["context"].close()
    await teacher.close(run_before_unload=True)
    await tctx.close()
    return {
        "learners": n,
        "browser_pages": pages,
        "arriving_over_s": stagger,
        "joined_all_s": round(all_joined, 1),
        "answers_received_by_learners": len(received),
        "answers_in_store": recorded,
        "lost": len(received) - recorded,  # answered on a page, missing from the store
        "pages_that_never_joined": sum(1 for o in outs if "joined" not in o),
        "learner_errors": errors,
        "teacher_shows": shown,
        "teacher_bars_total": sum(int(b.split()[0]) for b in bars if b.split()),
        "count_lag_median_s": round(statistics.median(lags), 2) if lags else None,
        "count_lag_p95_s": round(lags[int(0.95 * (len(lags) - 1))], 2) if lags else None,
        "count_lag_max_s": round(lags[-1], 2) if lags else None,
        "counts_missing": len(received) - len(lags),
        "peak_memory_mib": round(memory.peak),
        "memory_at_end_mib": round(at_end),
        "peak_kernels": memory.kernels_peak,
    }


async def run(sizes, database: str | None, stagger: float = 0.0,
              pages: int | None = None, log: Path | None = None) -> list[dict]:
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        if database:
            os.environ[store.ENV_URL] = database
            url_db = database
        else:
            os.environ[store.ENV_DIR] = tmp
            os.environ.pop(store.ENV_URL, None)
            url_db = f"sqlite:///{Path(tmp) / store.SQLITE_NAME}"
        with running_voila(log or Path(tmp) / "voila.log") as server:
            wait_for_settled_kernels(server, 1)
            async with async_playwright() as p:
                # phones are browsers of their own: one Chromium holds back a page's websocket
                # while another to the same host is still connecting, which a class of 60 in
                # one browser turns into minutes
                in_pages = max(sizes) if pages is None else min(pages, max(sizes))
                browsers = [await p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                    args=CHROMIUM_ARGS)
                            for _ in range(max(1, -(-in_pages // PER_BROWSER)))]
                for i, n in enumerate(sizes):
                    out.append(await one_class(browsers, server, n, url_db, seed=i,
                                               stagger=stagger, pages=pages))
                    print(json.dumps(out[-1]), flush=True)
                    if i + 1 < len(sizes):
                        wait_for_settled_kernels(server, 1, timeout=300)
                for browser in browsers:
                    await browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[30, 60])
    parser.add_argument("--database", help="a PostgreSQL URL (default: a new SQLite file)")
    parser.add_argument("--stagger", type=float, default=0.0,
                        help="seconds over which the learners arrive (default: all at once)")
    parser.add_argument("--pages", type=int,
                        help="how many learners are real Chromium pages; the others speak the "
                             "widget protocol over the kernel's websocket with no browser "
                             "(bench/socket_learner.py); default: all are pages")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--log", type=Path,
                        help="keep Voila's log (kernel starts, culls, errors) in this file")
    args = parser.parse_args()
    results = asyncio.run(run(args.learners, args.database, args.stagger, args.pages,
                              args.log))
    print(f"class store: {'PostgreSQL' if args.database else 'SQLite'}")
    for r in results:
        print()
        for key, value in r.items():
            print(f"{key:>30}: {value}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
