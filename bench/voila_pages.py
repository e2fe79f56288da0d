"""Time to the first interactive widget, and kernel memory, of every lesson page against a
bare one-button page (bench/bare.ipynb), on a real Voila (reported in notes, never asserted).

    python bench/voila_pages.py [NOTEBOOK ...] [--preheat | --no-preheat] [--loads N] [--json FILE]
                                [--progress-off-too | --preload-off-too] [--lang LANG]

With NOTEBOOKs (paths in lessons/, such as ``55/04-renege.ipynb``) only those pages are timed,
against the bare page; by default every lesson page is.  With ``--lang`` (``en-XA``, the
pseudo-language, or a language the tutor has) every page, the bare one too, is opened by a
link in that language (``?lang=``): what the language layer costs a page (its prose worded
through the catalog, its kernel told the language, no preheated kernel but in English).

One Voila, with ``make serve``'s settings (the repo's voila.json, the ``tutor`` template),
serves a temporary directory holding a copy of lessons/ (every notebook there, discovered)
and the bare page as ``_bench/bare.ipynb``.  With ``--preheat`` every page gets a pool of one
preheated kernel; with ``--no-preheat`` (the default) none does.

Each page is loaded N times (5), each time in a fresh browser context once the server has
settled (the last page's kernel gone, any pool full and idle):

* time to first widget: from the start of the navigation (``performance.timeOrigin``) to
  the first ``.widget-button``, ``.widget-toggle-button`` or ``button`` of a widget
  (inside ``.jupyter-widgets``) that is visible and enabled, seen at the animation frame
  it appears;
* kernel memory: the resident set (VmRSS from /proc) of the page's kernel process once the
  page is idle on the network.

The table gives the median (and the range) and whether each page is within 1.2x the bare
page's time and within 20 MiB of the bare kernel's memory.

With ``--progress-off-too`` a second Voila, the same but for ``TUTOR_KEEP_PROGRESS=0`` (no
memory widget: tutor.ui.memory), serves the same pages in the same run, each load right after
the first server's (or just before it: the order alternates): a last table gives what keeping
the learner's progress costs each page, as the median of the paired differences with a
bootstrap 95% interval, and over every lesson load together.
``--preload-off-too`` does the same with ``TUTOR_PRELOAD=0`` (kernels that do not import the
tutor in the background while they start: tutor.preload): what preloading saves each page.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402
from voila_harness import (  # noqa: E402
    INTERACTIVE,
    LESSONS,
    LOAD_TIMEOUT,
    WIDGET_VIEW_MIME,
    close_tab,
    launch_chromium,
    lesson_notebooks,
    page_kernel_id,
    render_url,
    rss_mib,
    running_voila,
    voila_config,
    wait_for_settled_kernels,
)

BARE = "_bench/bare.ipynb"
TIME_FACTOR = 1.2  # a lesson should show its first widget within 1.2x the bare page's time
MEMORY_MARGIN = 20  # MiB: and its kernel should use at most 20 MiB more than the bare one
LATE_WIDGET_MS = 3000  # how long a page that seems to show no button is watched for one

# Runs in the page from its first script on: every animation frame, look for the first
# interactive widget and note when it appeared (performance.now() counts from timeOrigin).
WATCH_FIRST_INTERACTIVE = """
(() => {
  if (window !== window.top) return;
  const selector = SELECTOR;
  const look = () => {
    for (const el of document.querySelectorAll(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && !el.disabled &&
          el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) {
        window.__ttFirstInteractive = performance.now();
        return;
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
""".replace("SELECTOR", json.dumps(INTERACTIVE))

# Done: the first widget was seen, or the page is complete and shows no interactive widget
# (a hidden one, such as a button shown only when needed, does not count).
DONE = """([widgets, selector]) => window.__ttFirstInteractive !== undefined || (
  document.readyState === 'complete' && !document.getElementById('loading')
  && document.getElementById('rendered_cells')?.style.display !== 'none'
  && document.querySelectorAll('.jp-OutputArea-output:has(.jupyter-widgets)').length >= widgets
  && ![...document.querySelectorAll(selector)].some(el => el.checkVisibility()))"""


@dataclass
class PageResult:
    page: str
    times_ms: list[float | None] = field(default_factory=list)
    rss_mib: list[float] = field(default_factory=list)

    @property
    def time_ms(self) -> float | None:
        times = [t for t in self.times_ms if t is not None]
        return statistics.median(times) if times else None

    @property
    def memory(self) -> float | None:
        return statistics.median(self.rss_mib) if self.rss_mib else None


def serve_dir(tmp: Path, preheat: bool) -> tuple[Path, Path, list[str]]:
    """A working directory with voila.json (the repo's, preheat set) and the pages to serve:
    a copy of lessons/ plus the bare page.  Returns (cwd, root, page names)."""
    cwd, root = tmp / "cwd", tmp / "pages"
    cwd.mkdir()
    shutil.copytree(LESSONS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    (root / BARE).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "bench" / "bare.ipynb", root / BARE)
    config = voila_config()
    config.setdefault("VoilaConfiguration", {})["preheat_kernel"] = preheat
    if preheat:  # one preheated kernel waiting for every page
        config.setdefault("VoilaKernelManager", {})["kernel_pools_config"] = {
            "default": {"pool_size": 1}}
    (cwd / "voila.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    return cwd, root, [BARE] + lesson_notebooks()


def load_once(browser, server, page_name: str, pool: int,
              lang: str | None = None) -> tuple[float | None, float]:
    """One visit in a fresh context: (ms to the first interactive widget, kernel MiB);
    ``lang``: opened by a link in that language."""
    wait_for_settled_kernels(server, pool, timeout=180)
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(WATCH_FIRST_INTERACTIVE)
        url = render_url(server.url, page_name) + (f"?lang={lang}" if lang else "")
        response = page.goto(url, timeout=LOAD_TIMEOUT)
        assert response is not None and response.ok, f"{page_name}: HTTP {response.status}"
        widgets = response.text().count(f'"{WIDGET_VIEW_MIME}"')
        page.wait_for_function(DONE, arg=[widgets, INTERACTIVE], timeout=LOAD_TIMEOUT, polling=100)
        ms = page.evaluate("window.__ttFirstInteractive ?? null")
        if ms is None:  # all the widgets' places are there, none drawn yet: an anywidget may
            # still be drawing its buttons (its module is imported first); the watcher notes
            # when one shows, so waiting here does not change the time measured
            page.wait_for_timeout(LATE_WIDGET_MS)
            ms = page.evaluate("window.__ttFirstInteractive ?? null")
        page.wait_for_load_state("networkidle", timeout=LOAD_TIMEOUT)
        pid = server.kernels()[page_kernel_id(page)]
        memory = rss_mib(pid)
        close_tab(page)  # the beacon shuts the kernel down before the next visit
        return ms, memory
    finally:
        context.close()


def verdict(result: PageResult, bare: PageResult) -> tuple[str, str]:
    if result.page == BARE:
        return "", ""
    if result.time_ms is None or bare.time_ms is None:
        time_note = "no widget"
    else:
        ratio = result.time_ms / bare.time_ms
        time_note = f"{ratio:.2f}x {'ok' if ratio <= TIME_FACTOR else 'SLOW'}"
    delta = result.memory - bare.memory
    memory_note = f"{delta:+.1f} MiB {'ok' if delta <= MEMORY_MARGIN else 'HEAVY'}"
    return time_note, memory_note


def report(results: list[PageResult], preheat: bool, loads: int) -> None:
    bare = results[0]
    print(f"\nVoila pages, preheated kernels {'ON (pool of 1 per page)' if preheat else 'OFF'}; "
          f"median of {loads} loads, each in a fresh browser context; "
          f"{os.cpu_count()} CPUs, Python {platform.python_version()}")
    time_title = f"time vs bare (<= {TIME_FACTOR}x)"
    memory_title = f"memory vs bare (<= +{MEMORY_MARGIN} MiB)"
    header = (f"{'page':<26} {'first widget (ms)':>24} {'kernel RSS (MiB)':>20}  "
              f"{time_title:<24} {memory_title}")
    print(header)
    print("-" * len(header))
    for result in results:
        times = [t for t in result.times_ms if t is not None]
        shown = (f"{result.time_ms:7.0f} ({min(times):.0f}-{max(times):.0f})" if times
                 else "no interactive widget")
        rss = f"{result.memory:6.1f} ({min(result.rss_mib):.1f}-{max(result.rss_mib):.1f})"
        time_note, memory_note = verdict(result, bare)
        name = "bare (bench/bare.ipynb)" if result.page == BARE else result.page
        print(f"{name:<26} {shown:>24} {rss:>20}  {time_note:<24} {memory_note}")


@contextmanager
def switched_off(variable: str):
    """The environment of a server whose kernels have ``variable`` (TUTOR_KEEP_PROGRESS,
    TUTOR_PRELOAD) set to 0."""
    before = os.environ.get(variable)
    os.environ[variable] = "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ[variable]
        else:
            os.environ[variable] = before


def paired(a: PageResult, b: PageResult) -> list[float]:
    """The differences of the loads made one right after the other (load n of each)."""
    return [x - y for x, y in zip(a.times_ms, b.times_ms) if x is not None and y is not None]


def median_ci(values: list[float], rounds: int = 2000, seed: int = 0) -> tuple[float, float,
                                                                               float]:
    """The median and a bootstrap 95% interval of it (seeded: the same numbers give the same
    interval)."""
    rng = random.Random(seed)
    medians = sorted(statistics.median(rng.choices(values, k=len(values)))
                     for _ in range(rounds))
    return (statistics.median(values), medians[int(0.025 * rounds)],
            medians[int(0.975 * rounds) - 1])


def compare_off(kept: list[PageResult], off: list[PageResult]) -> None:
    """What the switched-off setting adds to each page's time to its first widget: the median
    of the paired differences (each load against the other server's load of the same page
    made just before or after it), with a bootstrap 95% interval.  The bare page is the same
    on both servers, so its line is the floor of what this can tell apart."""
    print(f"\n{'page':<26} {'with - without, paired (ms)':>30} {'kernel (MiB)':>14}")
    pooled = []
    for a, b in zip(kept, off):
        diffs = paired(a, b)
        if not diffs:
            continue
        mid, low, high = median_ci(diffs)
        print(f"{a.page:<26} {mid:>+9.0f} [{low:+5.0f}, {high:+5.0f}] n={len(diffs):<3}"
              f" {a.memory - b.memory:>+14.1f}")
        if a.page != BARE:
            pooled += diffs
    if pooled:
        mid, low, high = median_ci(pooled)
        print(f"{'every lesson load':<26} {mid:>+9.0f} [{low:+5.0f}, {high:+5.0f}] "
              f"n={len(pooled)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preheat", action=argparse.BooleanOptionalAction, default=False,
                        help="keep one preheated kernel per page (default: off)")
    parser.add_argument("--loads", type=int, default=5, help="loads per page (default: 5)")
    parser.add_argument("--json", type=Path, help="also write the raw numbers to this file")
    off = parser.add_mutually_exclusive_group()
    off.add_argument("--progress-off-too", action="store_const", dest="off",
                     const="TUTOR_KEEP_PROGRESS",
                     help="also time the pages from a server that keeps no progress")
    off.add_argument("--preload-off-too", action="store_const", dest="off",
                     const="TUTOR_PRELOAD",
                     help="also time the pages from a server whose kernels preload nothing")
    parser.add_argument("--lang", help="open every page in this language (?lang=)")
    parser.add_argument("notebooks", nargs="*", help="only these pages (default: every one)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="tt-bench-") as tmp:
        cwd, root, pages = serve_dir(Path(tmp), args.preheat)
        if args.notebooks:
            unknown = sorted(set(args.notebooks) - set(pages))
            if unknown:
                parser.error(f"no such page: {unknown}")
            pages = [BARE, *args.notebooks]
        pool = len(pages) if args.preheat else 0
        runs = {"kept": [PageResult(name) for name in pages]}
        if args.off:
            runs["off"] = [PageResult(name) for name in pages]
        with ExitStack() as stack:
            servers = {"kept": stack.enter_context(
                running_voila(Path(tmp) / "voila.log", root=root, cwd=cwd))}
            if args.off:
                with switched_off(args.off):
                    servers["off"] = stack.enter_context(
                        running_voila(Path(tmp) / "voila-off.log", root=root, cwd=cwd))
            playwright = stack.enter_context(sync_playwright())
            browser = launch_chromium(playwright)
            stack.callback(browser.close)
            for n in range(args.loads):  # round-robin, so drift hits every page alike
                for i, name in enumerate(pages):
                    order = list(runs.items())  # who goes first alternates: no order bias
                    for run, results in (order if n % 2 == 0 else order[::-1]):
                        ms, memory = load_once(browser, servers[run], name, pool, args.lang)
                        results[i].times_ms.append(ms)
                        results[i].rss_mib.append(memory)
                        shown = "-" if ms is None else f"{ms:.0f} ms"
                        print(f"load {n + 1}/{args.loads} {name} ({run}): {shown}, "
                              f"{memory:.1f} MiB", flush=True)
    results = runs["kept"]
    report(results, args.preheat, args.loads)
    if args.off:
        print(f"\nThe same pages from a server with {args.off}=0:")
        report(runs["off"], args.preheat, args.loads)
        compare_off(runs["kept"], runs["off"])
    if args.json:
        args.json.write_text(json.dumps(
            {"preheat": args.preheat, "loads": args.loads,
             "pages": [asdict(r) | {"median_ms": r.time_ms, "median_rss_mib": r.memory}
                       for r in results]}, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
