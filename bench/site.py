"""The static site (``make site``) against ``make serve``, page by page, in one run (reported
in notes, never asserted).

    python bench/site.py [NOTEBOOK ...] [--visits N] [--site DIR] [--json FILE]

For each page (default: the start page, 55/01, 55/08 and 56/04), N times (3):

* static, first visit: a fresh browser context (an empty cache) opens the page's file on a
  loopback ``http.server`` serving the built site: time from the start of the navigation to
  the first visible, enabled widget button (as bench/voila_pages.py times it), and the bytes
  transferred (the responses' bodies as sent);
* static, second visit: the same context opens the page again (the browser's cache is warm);
* server: a fresh context opens the same page from a Voila with ``make serve``'s settings.

Every request to any other host is blocked (the site is offline) and counted.  ``--site``: a
site already built (default: build one into a temporary folder, as make site does).
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "bench"))

from playwright.sync_api import sync_playwright  # noqa: E402
from voila_harness import launch_chromium, render_url, running_voila  # noqa: E402
from voila_pages import WATCH_FIRST_INTERACTIVE  # noqa: E402

PAGES = ["index.ipynb", "55/01-cards.ipynb", "55/08-guided.ipynb", "56/04-auction.ipynb"]
LOAD = 240_000  # ms


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def visit(context, url: str, site: str) -> dict:
    """One visit: ms to the first interactive widget, bytes received, requests blocked."""
    got, blocked = [], []
    page = context.new_page()
    page.on("requestfinished", lambda r: got.append(r))
    page.goto(url, timeout=LOAD)
    page.wait_for_function("() => window.__ttFirstInteractive !== undefined", timeout=LOAD,
                           polling=100)
    ms = page.evaluate("window.__ttFirstInteractive")
    page.wait_for_load_state("networkidle", timeout=LOAD)
    size = 0
    for r in got:
        try:
            size += max(0, r.sizes()["responseBodySize"])
        except Exception:  # a request the page dropped before it finished
            pass
    blocked = [r.url for r in got if urlsplit(r.url).netloc not in (site, "")]
    page.close()
    return {"ms": ms, "bytes": size, "offsite": blocked}


def new_context(browser, site: str):
    ctx = browser.new_context(viewport={"width": 1366, "height": 800})
    ctx.add_init_script(WATCH_FIRST_INTERACTIVE)
    ctx.route("**/*", lambda route: route.continue_()
              if urlsplit(route.request.url).netloc in (site, "")
              or urlsplit(route.request.url).scheme in ("data", "blob") else route.abort())
    return ctx


def build(out: Path) -> Path:
    subprocess.run(["bash", str(REPO / "deploy" / "static" / "build.sh"), str(out)], cwd=REPO,
                   check=True, stdout=subprocess.DEVNULL)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("notebooks", nargs="*", default=PAGES)
    ap.add_argument("--visits", type=int, default=3)
    ap.add_argument("--site", type=Path)
    ap.add_argument("--json", type=Path)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p, \
            running_voila(Path(tmp) / "voila.log") as voila:
        site = a.site or build(Path(tmp) / "site")
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        static_url = f"http://127.0.0.1:{httpd.server_address[1]}"
        browser = launch_chromium(p)
        rows = []
        for nb in a.notebooks:
            html = nb.removesuffix(".ipynb") + ".html"
            runs = {"static first": [], "static second": [], "server": []}
            for _ in range(a.visits):
                ctx = new_context(browser, urlsplit(static_url).netloc)
                runs["static first"].append(visit(ctx, f"{static_url}/voici/render/{html}",
                                                  urlsplit(static_url).netloc))
                runs["static second"].append(visit(ctx, f"{static_url}/voici/render/{html}",
                                                   urlsplit(static_url).netloc))
                ctx.close()
                ctx = new_context(browser, urlsplit(voila.url).netloc)
                runs["server"].append(visit(ctx, render_url(voila.url, nb),
                                            urlsplit(voila.url).netloc))
                ctx.close()
                time.sleep(2)  # the closed page's kernel goes
            row = {"page": nb}
            for k, v in runs.items():
                row[k] = {"ms_median": statistics.median(r["ms"] for r in v),
                          "ms": [round(r["ms"]) for r in v],
                          "mib_median": round(statistics.median(r["bytes"] for r in v) / 2**20, 2),
                          "offsite": sum(len(r["offsite"]) for r in v)}
            rows.append(row)
            print(f"{nb:24} " + "  ".join(
                f"{k}: {row[k]['ms_median']:6.0f} ms {row[k]['mib_median']:6.2f} MiB"
                for k in runs), flush=True)
        browser.close()
        httpd.shutdown()
    if a.json:
        a.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
