"""What one page load sends the browser, and how much of it is CSS (issue #12).

    python bench/page_bytes.py [NOTEBOOK ...] [--json FILE] [--shots DIR]

One Voila with ``make serve``'s settings (tests/browser/voila_harness.py) and headless
Chromium; each notebook (default: 55/04-renege, 56/05-conventions and the start page) is
opened once in a fresh browser context and, once every widget has rendered and the network is
quiet, the script reports:

* the HTML document (bytes) and every stylesheet file the page loaded from the tutor's server
  (bytes, ``Cache-Control``);
* the websocket frames the page received (bytes; Jupyter's v1 protocol is decoded), the part
  of them that are widget messages (``comm_open``/``comm_msg``: the widget state), and the
  number of widget models;
* the CSS inside them: the ``<style>`` blocks of every string the kernel sent (bytes, count,
  and by the block's first selector), and how many were the whole tutor stylesheet (the
  ``.tt-app {`` rule);
* the DOM: ``<style>`` elements holding tutor rules (``.tt-``), ``<link>``s to tutor.css.

``--shots DIR`` also writes a whole-page screenshot of each page at 1366x800 and 390x844
(``DIR/<name>-laptop.png``, ``-phone.png``), to compare the look before and after a change.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from jupyter_server.services.kernels.connection.base import (  # noqa: E402
    deserialize_msg_from_ws_v1,
)
from playwright.sync_api import sync_playwright  # noqa: E402
from voila_harness import (  # noqa: E402
    close_tab,
    launch_chromium,
    open_notebook,
    render_url,
    running_voila,
    screenshot_all,
)

PAGES = ["55/04-renege.ipynb", "56/05-conventions.ipynb", "index.ipynb"]
VIEWPORTS = {"laptop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
STYLE_BLOCK = re.compile(r"<style[^>]*>.*?</style>", re.S | re.I)
MAIN_SHEET = ".tt-app {"  # the first rule of the tutor's stylesheet

DOM_STYLES = """() => {
  const tutor = [...document.querySelectorAll('style')].filter(s => s.textContent.includes('.tt-'));
  return {styles: tutor.length, bytes: tutor.reduce((n, s) => n + s.textContent.length, 0),
          links: document.querySelectorAll('link[rel=stylesheet][href*="tutor.css"]').length};
}"""


def messages(frame: str | bytes) -> dict:
    """One websocket frame as a Jupyter message (v1 binary protocol or legacy JSON)."""
    if isinstance(frame, bytes):
        parts = deserialize_msg_from_ws_v1(frame)[1]
        header, _, _, content = (json.loads(p) if p else {} for p in parts[:4])
        return {"header": header, "content": content}
    return json.loads(frame)


def strings(value):
    """Every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def models(msg: dict) -> int:
    """The widget models a message creates or sends whole."""
    kind = msg.get("header", {}).get("msg_type")
    data = msg.get("content", {}).get("data", {})
    if kind == "comm_open":
        return 1
    if kind == "comm_msg" and data.get("method") == "update_states":
        return len(data.get("states", {}))
    return 0


def measure(browser, url: str, notebook: str, shots: Path | None) -> dict:
    context = browser.new_context(viewport=VIEWPORTS["laptop"])
    frames: list[str | bytes] = []
    responses = []
    try:
        page = context.new_page()
        # (Playwright wants handlers it can tag: lambdas, not bound builtins)
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
        page.on("response", lambda r: responses.append(r))
        open_notebook(page, render_url(url, notebook))
        page.wait_for_timeout(1000)  # any last widget messages
        doc = next(r for r in responses if r.request.resource_type == "document")
        sheets = [{"url": r.url.removeprefix(url), "bytes": len(r.body()),
                   "cache_control": r.headers.get("cache-control", "")}
                  for r in responses if r.request.resource_type == "stylesheet"]
        ws_bytes = comm_bytes = widget_models = 0
        css_bytes = css_blocks = main_copies = 0
        kinds: dict[str, list[int]] = {}  # first selector of a block -> [blocks, bytes]
        for frame in frames:
            size = len(frame) if isinstance(frame, bytes) else len(frame.encode("utf-8"))
            ws_bytes += size
            msg = messages(frame)
            if msg.get("header", {}).get("msg_type") in ("comm_open", "comm_msg"):
                comm_bytes += size
            widget_models += models(msg)
            for text in strings(msg.get("content", {})):
                for block in STYLE_BLOCK.findall(text):
                    css_bytes += len(block.encode("utf-8"))
                    css_blocks += 1
                    main_copies += MAIN_SHEET in block
                    first = re.search(r"[.#]?[\w-]+", block[block.index(">") + 1:])
                    kind = kinds.setdefault(first.group(0) if first else "?", [0, 0])
                    kind[0] += 1
                    kind[1] += len(block.encode("utf-8"))
        result = {"page": notebook, "html_bytes": len(doc.body()), "stylesheets": sheets,
                  "ws_frames": len(frames), "ws_bytes": ws_bytes, "comm_bytes": comm_bytes,
                  "widget_models": widget_models, "css_bytes_in_frames": css_bytes,
                  "style_blocks_in_frames": css_blocks, "main_sheet_copies": main_copies,
                  "style_blocks_by_first_selector": kinds,
                  "dom": page.evaluate(DOM_STYLES)}
        if shots is not None:
            for device, viewport in VIEWPORTS.items():
                page.set_viewport_size(viewport)
                page.wait_for_timeout(500)
                name = notebook.removesuffix(".ipynb").replace("/", "-")
                screenshot_all(page, shots / f"{name}-{device}.png")
        close_tab(page)
        return result
    finally:
        context.close()


def report(result: dict) -> None:
    sheets = result["stylesheets"]
    print(f"\n{result['page']}")
    print(f"  HTML document            {result['html_bytes']:>9,} bytes")
    for s in sheets:
        print(f"  stylesheet file          {s['bytes']:>9,} bytes  {s['url'].split('?')[0]} "
              f"(Cache-Control: {s['cache_control'] or '-'})")
    print(f"  websocket frames         {result['ws_bytes']:>9,} bytes in {result['ws_frames']} "
          "frames")
    print(f"    widget messages        {result['comm_bytes']:>9,} bytes, "
          f"{result['widget_models']} widget models")
    print(f"    CSS in them            {result['css_bytes_in_frames']:>9,} bytes in "
          f"{result['style_blocks_in_frames']} <style> blocks, "
          f"{result['main_sheet_copies']} copies of the whole stylesheet")
    for first, (count, size) in sorted(result["style_blocks_by_first_selector"].items(),
                                       key=lambda kv: -kv[1][1]):
        print(f"      {count:>3} x {first:<28} {size:>9,} bytes")
    dom = result["dom"]
    print(f"  DOM: {dom['styles']} <style> elements with tutor rules ({dom['bytes']:,} chars), "
          f"{dom['links']} <link> to tutor.css")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", default=PAGES)
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    parser.add_argument("--shots", type=Path, help="write screenshots of each page here")
    args = parser.parse_args()
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="tt-bytes-") as tmp, \
            running_voila(Path(tmp) / "voila.log") as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for notebook in args.notebooks:
                results.append(measure(browser, server.url, notebook, args.shots))
                report(results[-1])
        finally:
            browser.close()
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
