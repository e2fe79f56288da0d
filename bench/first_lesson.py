"""How long the first lesson of each track takes a learner (issue #39), by clicks: on a real
Voila, in headless Chromium, on a phone (390x844), reported, never asserted.

    python bench/first_lesson.py [NOTEBOOK ...] [--json FILE]

Two learners go through each lesson from its first step to mastery: one who answers
everything right at the first try, one who misses a third (the first answer to every third
question of a run wrong, right when it comes back).  Each reads every step and does its task
(a worked example: the right learner plays an allowed card at once, the other tries a refused
one first when there is one), then the exercise.  The clicks (Next, the cards, Check, Next
question, a retry or new questions), the answers, the runs of the exercise and the test's own
time are printed (the time is machine time; a learner's is reading time, which no page
measures).  The answers come from the run's seed, kept in the browser, as
tests/browser/test_steps.py reads them.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "tests" / "browser"))

from playwright.sync_api import expect, sync_playwright  # noqa: E402
from test_steps import KEY, PHONE, answer, kept, run_of, sections  # noqa: E402
from voila_harness import launch_chromium, open_notebook, render_url, running_voila  # noqa: E402
from wording import said  # noqa: E402

from tutor.teach.content import EXAMPLES, PAGES  # noqa: E402
from tutor.teach.examples import ExampleRun  # noqa: E402

NOTEBOOKS = ["55/01-cards.ipynb", "56/01-deck.ipynb"]


def examples_by_step(notebook: str) -> dict[int, str]:
    """The worked example of each step of a lesson (by the notebook: each "## " heading starts
    a step, numbered from 1; the cells before the first belong to it)."""
    nb = json.loads((REPO / "lessons" / notebook).read_text(encoding="utf-8"))
    heads, out = 0, {}
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and text.startswith("## "):
            heads += 1
        found = re.search(r'worked_example\("([^"]+)"', text) \
            if cell["cell_type"] == "code" else None
        if found:
            out[max(heads, 1)] = found.group(1)
    return out


def example_clicks(page, step: int, name: str | None, misses: bool) -> int:
    """Step ``step``'s worked example ``name``, if it has one, done: an allowed card (a refused
    one first, for the learner who misses); the clicks it took."""
    if name is None:
        return 0
    box = page.locator(f'.jp-Cell[data-tt-step="{step}"] .tt-example.tt-task')
    run = ExampleRun(next(x for x in EXAMPLES if x.name == name))
    options = run.call_options() if run.phase == "auction" else run.hand()
    order = [o for o in options if run.check(o) is not None][:1] if misses else []
    order.append(next(o for o in options if run.check(o) is None))
    buttons = box.locator(".tt-cardrow button")
    for choice in order:
        buttons.nth(list(options).index(choice)).click()
        expect(box.locator(".tt-verdict")).to_have_count(1)
    expect(box).to_have_class(re.compile("tt-task-done"))
    return len(order)


def first_lesson(browser, server, notebook: str, misses: bool) -> dict:
    name = next(p.id for p in PAGES if p.notebook == notebook)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        open_notebook(page, render_url(server.url, notebook, steps=True))
        started = time.monotonic()
        clicks = 0
        steps = sections(notebook)
        examples = examples_by_step(notebook)
        for i in range(steps.index("Exercise")):  # read each step, do its task, then Next
            clicks += example_clicks(page, i + 1, examples.get(i + 1), misses)
            page.locator(".tt-step-next").click()
            clicks += 1
        box = page.locator(".tt-quiz").last
        expect(box).to_be_visible()
        page.wait_for_function(
            f"(JSON.parse(localStorage.getItem({KEY!r}) || '{{}}').items || {{}})"
            f"['exercise:{name}']")
        answered = runs = 0
        while not kept(page, name).get("mastered"):
            runs += 1
            if runs > 4:
                raise AssertionError("no mastery after four runs")
            while True:
                quiz = run_of(page, name)
                answered += 1
                right = not (misses and quiz.order is None and not quiz.asked_again and
                             quiz.index % 3 == 2)
                clicks += answer(box, quiz, right)  # the picks, then Check
                page.wait_for_function(
                    f"JSON.parse(localStorage.getItem({KEY!r})).items['exercise:{name}']"
                    ".checked")
                nxt = box.get_by_role("button", name=said("Next question"))
                if nxt.is_hidden():
                    break
                nxt.click()
                clicks += 1
                page.wait_for_function(
                    f"!JSON.parse(localStorage.getItem({KEY!r})).items['exercise:{name}']"
                    ".checked")
            if kept(page, name).get("mastered"):
                break
            missed = kept(page, name)["missed"]
            again = box.get_by_role("button", name=said("Try the ones I missed ({n})",
                                                        n=len(missed)))
            if missed and kept(page, name)["order"] is None and again.is_visible():
                again.click()
            else:
                box.get_by_role("button", name=said("New questions")).click()
            clicks += 1
            page.wait_for_timeout(500)
        page.locator(".tt-step-next").click()  # on to the finish
        clicks += 1
        expect(page.locator(".tt-lesson-footer .tt-done")).to_be_visible()
        return {"notebook": notebook, "misses": misses, "clicks": clicks,
                "answers": answered, "runs": runs,
                "seconds": round(time.monotonic() - started, 1)}
    finally:
        context.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", default=NOTEBOOKS)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    out = []
    with tempfile.TemporaryDirectory() as tmp, running_voila(Path(tmp) / "voila.log") as server, \
            sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for notebook in args.notebooks:
                for misses in (False, True):
                    got = first_lesson(browser, server, notebook, misses)
                    out.append(got)
                    who = "a third missed" if misses else "all right"
                    print(f"{notebook} ({who}): {got['clicks']} clicks, {got['answers']} "
                          f"answers, {got['runs']} run(s), {got['seconds']} s", flush=True)
        finally:
            browser.close()
    if args.json:
        args.json.write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
