"""Does each step of each lesson fit the screen (issue #39)?  Measured on a real Voila in
headless Chromium, on a phone (390x844) and a laptop (1366x768, a projector's too), reported,
never asserted (tests/browser/test_steps.py asserts it for the lessons it walks).

    python bench/step_fit.py [NOTEBOOK ...] [--json FILE]

Each lesson is opened in steps, and each step in turn by its button (the page scrolls to the
step bar, as Next does).  For each step:

* ``height`` -- from the step bar's top to the bottom of Back/Next, in CSS pixels: the whole
  step, prose included;
* ``task`` -- where the bottom of the step's task is as it opens (a worked example's or an
  exercise's first choice; a ranking explorer's first control), from the viewport's top:
  on the screen when it is at most the viewport's height;
* ``verdict`` -- a worked example's first card clicked: where the bottom of its verdict is
  (the page brings it into view by the least scroll), and whether the card row is still on
  the screen with it.

A step fits when its task is on the screen as it opens and its verdict with its card after a
click; ``height`` says how much of the prose needs a scroll.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402
from voila_harness import (  # noqa: E402
    launch_chromium,
    lesson_notebooks,
    open_notebook,
    render_url,
    running_voila,
)

VIEWS = {"phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                   "has_touch": True},
         "laptop": {"viewport": {"width": 1366, "height": 768}}}
TASK = (".tt-example .tt-cardrow button, .tt-example .tt-choice, .tt-quiz .tt-cardrow button, "
        ".tt-app .widget-toggle-button, .tt-app select")
MEASURE = """([n, task]) => {
  const cells = [...document.querySelectorAll(`.jp-Cell[data-tt-step="${n}"]`)];
  const first = cells.map(c => c.querySelector(task)).find(e => e);
  const bar = document.querySelector('.tt-steps').getBoundingClientRect();
  const moves = document.querySelector('.tt-step-moves').getBoundingClientRect();
  return {height: Math.round(moves.bottom - bar.top),
          task: first ? Math.round(first.getBoundingClientRect().bottom) : null};
}"""
VERDICT = """(n) => {
  const cell = [...document.querySelectorAll(`.jp-Cell[data-tt-step="${n}"]`)]
    .find(c => c.querySelector('.tt-example .tt-verdict'));
  if (!cell) return null;
  const v = cell.querySelector('.tt-example .tt-verdict').getBoundingClientRect();
  const row = cell.querySelector('.tt-example .tt-cardrow').getBoundingClientRect();
  return {verdict: Math.round(v.bottom), row_top: Math.round(row.top)};
}"""


def measure(browser, server, notebook: str, view: str) -> list[dict]:
    context = browser.new_context(**VIEWS[view])
    try:
        page = context.new_page()
        open_notebook(page, render_url(server.url, notebook, steps=True))
        page.wait_for_selector(".tt-steps")
        height = VIEWS[view]["viewport"]["height"]
        rows = []
        for i in range(page.locator(".tt-step-dot").count()):
            page.locator(".tt-step-dot").nth(i).click()
            page.wait_for_timeout(250)
            got = page.evaluate(MEASURE, [i + 1, TASK])
            got["step"] = i + 1
            got["title"] = page.locator(".tt-steps-where").inner_text()
            got["task_fits"] = None if got["task"] is None else got["task"] <= height
            card = page.locator(f'.jp-Cell[data-tt-step="{i + 1}"] .tt-example '
                                f'.tt-cardrow button')
            if card.count():
                card.first.click()
                page.wait_for_selector(f'.jp-Cell[data-tt-step="{i + 1}"] .tt-example '
                                       f'.tt-verdict')
                page.wait_for_timeout(300)
                v = page.evaluate(VERDICT, i + 1)
                got["verdict"] = v["verdict"]
                got["verdict_fits"] = v["verdict"] <= height and v["row_top"] >= 0
            rows.append(got)
        return rows
    finally:
        context.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    notebooks = args.notebooks or [n for n in lesson_notebooks() if n[:3] in ("55/", "56/")]
    out: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp, running_voila(Path(tmp) / "voila.log") as server, \
            sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for notebook in notebooks:
                out[notebook] = {view: measure(browser, server, notebook, view) for view in VIEWS}
                for view, rows in out[notebook].items():
                    marks = " ".join(
                        f"{r['step']}:{r['height']}px"
                        + ("" if r["task_fits"] is None else " task " + (
                            "ok" if r["task_fits"] else f"OFF({r['task']})"))
                        + ("" if "verdict_fits" not in r else " verdict " + (
                            "ok" if r["verdict_fits"] else f"OFF({r['verdict']})"))
                        for r in rows)
                    print(f"{notebook} {view}: {marks}", flush=True)
        finally:
            browser.close()
    if args.json:
        args.json.write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
