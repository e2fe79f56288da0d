"""The static site (``make site``) against ``make serve``, page by page, in one run (reported
in notes, never asserted).

    python bench/site.py [NOTEBOOK ...] [--visits N] [--lang LANG] [--site DIR] [--json FILE]

For each page (default: the start page, 55/01, 55/08 and 56/04), N times (3):

* static, first visit: a browser with a new profile on disk (an empty cache) opens the page on a
  loopback ``http.server`` serving the built site: time from the start of the navigation to
  the first visible, enabled widget button (as bench/voila_pages.py times it), the bytes
  the site's server sent (every file, the kernel's worker's included), what those files
  would be gzipped (as a web server that compresses would send them: ``gzip -6`` of each),
  and the requests the kernel made to its drive (synchronous, through the service worker);
* static, second visit: the same browser opens the page again (its cache is warm);
* server: a fresh context opens the same page from a Voila with ``make serve``'s settings.

Every other host is unresolvable (the site is offline) and a request to one is counted.  The
site's server sends the cache headers the README recommends.  ``--lang``: the pages in that
language (the site's in its folder, ``voici/render/fr/``; the server's with ``?lang=``).
``--site``: a site already built (default: build one into a temporary folder, as make site
does).
"""

from __future__ import annotations

import argparse
import functools
import gzip
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
from voila_harness import CHROMIUM, CHROMIUM_ARGS, render_url, running_voila  # noqa: E402
from voila_pages import WATCH_FIRST_INTERACTIVE  # noqa: E402

# what never changes between two builds of the same version (README, "The static site")
LONG_CACHED = ("/static/pyodide/", "/extensions/", "/voici/")
WEEK = 604800
# every host but this machine's unresolvable: the site is offline.  (Not Playwright's request
# routing, which would also turn the browser's HTTP cache off, and so the second visit's.)
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
PAGES = ["index.ipynb", "55/01-cards.ipynb", "55/08-guided.ipynb", "56/04-auction.ipynb"]
LOAD = 240_000  # ms


class Quiet(SimpleHTTPRequestHandler):
    """Python's file server, quiet, counting the bytes of the files it sends: every request
    of a visit, the page's, its kernel's worker's and its service worker's (the browser's
    own accounts miss the last two)."""

    sent = 0
    served: list[str] = []  # the path of every file sent whole

    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:  # the cache headers the README asks a site's server for
        path = urlsplit(self.path).path
        long = path.startswith(LONG_CACHED) and not path.startswith("/voici/render/")
        self.send_header("Cache-Control", f"public, max-age={WEEK}" if long else "no-cache")
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        Quiet.sent += source.tell() - start
        if start == 0:
            Quiet.served.append(self.translate_path(self.path))


@functools.cache
def gzipped(path: str) -> int:
    """A file's size gzipped, as a web server that compresses would send it (measured after
    the visit, not while serving it)."""
    return len(gzip.compress(Path(path).read_bytes(), compresslevel=6))


def visit(context, url: str, site: str) -> dict:
    """One visit: ms to the first interactive widget, bytes sent by the server (a static
    site's; 0 for Voila's, which this does not count), requests blocked."""
    got, blocked = [], []
    sent, served = Quiet.sent, len(Quiet.served)
    page = context.new_page()
    page.on("request", lambda r: got.append(r))
    page.goto(url, timeout=LOAD)
    page.wait_for_function("() => window.__ttFirstInteractive !== undefined", timeout=LOAD,
                           polling=100)
    ms = page.evaluate("window.__ttFirstInteractive")
    page.wait_for_load_state("networkidle", timeout=LOAD)
    size = Quiet.sent - sent
    size_gz = sum(gzipped(f) for f in Quiet.served[served:])
    drive = sum(1 for r in got if urlsplit(r.url).path.endswith("/api/drive"))
    blocked = [r.url for r in got if urlsplit(r.url).netloc not in (site, "")
               and urlsplit(r.url).scheme not in ("data", "blob")]
    page.close()
    return {"ms": ms, "bytes": size, "bytes_gzip": size_gz, "drive": drive, "offsite": blocked}


def new_context(browser):
    ctx = browser.new_context(viewport={"width": 1366, "height": 800})
    ctx.add_init_script(WATCH_FIRST_INTERACTIVE)
    return ctx


def new_profile(playwright, folder: str):
    """A browser with a profile on disk, as a learner's is: its HTTP cache keeps the 8.6 MB
    WebAssembly runtime (a context's in-memory cache does not: too big an entry)."""
    ctx = playwright.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, OFFLINE],
        viewport={"width": 1366, "height": 800})
    ctx.add_init_script(WATCH_FIRST_INTERACTIVE)
    return ctx


def build(out: Path) -> Path:
    subprocess.run(["bash", str(REPO / "deploy" / "static" / "build.sh"), str(out)], cwd=REPO,
                   check=True, stdout=subprocess.DEVNULL)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("notebooks", nargs="*", default=PAGES)
    ap.add_argument("--visits", type=int, default=3)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--site", type=Path)
    ap.add_argument("--json", type=Path)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p, \
            running_voila(Path(tmp) / "voila.log") as voila:
        site = a.site or build(Path(tmp) / "site")
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        static_url = f"http://127.0.0.1:{httpd.server_address[1]}"
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=[*CHROMIUM_ARGS, OFFLINE])
        rows = []
        for nb in a.notebooks:
            html = ("" if a.lang == "en" else f"{a.lang}/") + nb.removesuffix(".ipynb") + ".html"
            runs = {"static first": [], "static second": [], "server": []}
            for n in range(a.visits):
                ctx = new_profile(p, f"{tmp}/profile-{len(rows)}-{n}")  # an empty cache
                runs["static first"].append(visit(ctx, f"{static_url}/voici/render/{html}",
                                                  urlsplit(static_url).netloc))
                runs["static second"].append(visit(ctx, f"{static_url}/voici/render/{html}",
                                                   urlsplit(static_url).netloc))
                ctx.close()
                ctx = new_context(browser)
                runs["server"].append(visit(ctx, render_url(voila.url, nb, f"lang={a.lang}"),
                                            urlsplit(voila.url).netloc))
                ctx.close()
                time.sleep(2)  # the closed page's kernel goes
            row = {"page": nb}
            for k, v in runs.items():
                row[k] = {"ms_median": statistics.median(r["ms"] for r in v),
                          "ms": [round(r["ms"]) for r in v],
                          "mib_median": round(statistics.median(r["bytes"] for r in v) / 2**20, 2),
                          "mib_gzip_median": round(statistics.median(r["bytes_gzip"] for r in v)
                                                   / 2**20, 2),
                          "drive_median": statistics.median(r["drive"] for r in v),
                          "offsite": sum(len(r["offsite"]) for r in v)}
            rows.append(row)
            print(f"{nb:24} " + "  ".join(
                f"{k}: {row[k]['ms_median']:6.0f} ms"
                + (f" {row[k]['mib_median']:6.2f} MiB ({row[k]['mib_gzip_median']:.2f} gzipped)"
                   f" drive {row[k]['drive_median']:.0f}" if k != "server" else "")
                for k in runs), flush=True)
        browser.close()
        httpd.shutdown()
    if a.json:
        a.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
