"""Screenshots of the start page, as a laptop and a phone show it, for the README.

Starts Voila on the lessons (as ``make serve`` does, on a free port), opens the start page in
headless Chromium and writes ``docs/screenshots/index-laptop.png`` and ``index-phone.png``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402
from voila_harness import WIDGET, launch_chromium, voila_server  # noqa: E402

OUT = REPO / "docs" / "screenshots"
VIEWPORTS = {
    "index-laptop.png": {"width": 1366, "height": 800},
    "index-phone.png": {"width": 390, "height": 844},
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, voila_server(Path(tmp) / "voila.log") as url, \
            sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for name, viewport in VIEWPORTS.items():
            phone = viewport["width"] < 600
            context = browser.new_context(viewport=viewport, device_scale_factor=2 if phone else 1,
                                          is_mobile=phone, has_touch=phone)
            page = context.new_page()
            page.goto(url, timeout=120_000)
            page.wait_for_selector(WIDGET, timeout=120_000)
            page.wait_for_load_state("networkidle")
            page.screenshot(path=OUT / name, full_page=True)
            context.close()
            print(f"wrote {(OUT / name).relative_to(REPO)}")
        browser.close()


if __name__ == "__main__":
    main()
