"""Screenshots of every lesson page, as a laptop and a phone show them, for the README.

Starts Voila on the lessons (as ``make serve`` does, on a free port), opens every notebook in
lessons/ (discovered, so a new lesson gets its screenshots too) in headless Chromium and
writes ``docs/screenshots/<name>-laptop.png`` (1366x800) and ``<name>-phone.png`` (390x844),
where ``<name>`` is the notebook's path in lessons/ without ``.ipynb`` (``/`` becomes ``-``):
``index-laptop.png`` is the start page.  The page is laid out at that width and height; the
screenshot then shows all of it, however long (the window grows to fit it).

    python scripts/screenshots.py [NOTEBOOK ...]   # default: every lesson
    python scripts/screenshots.py --coach          # docs/screenshots/coach-laptop.png
    python scripts/screenshots.py --steps          # docs/screenshots/steps-*, table-8-phone,
                                                   # board-projector

``--coach``: the teacher's board with the README's coach example (the textbook position it
names) loaded and **Hint: what would you play?** pressed, the board alone.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402
from voila_harness import (  # noqa: E402
    CONTENT_HEIGHT,
    close_tab,
    launch_chromium,
    lesson_notebooks,
    open_notebook,
    render_url,
    running_voila,
    screenshot_all,
)

OUT = REPO / "docs" / "screenshots"
VIEWPORTS = {
    "laptop": {"width": 1366, "height": 800},
    "phone": {"width": 390, "height": 844},
}


def shot_name(notebook: str, device: str) -> str:
    return f"{notebook.removesuffix('.ipynb').replace('/', '-')}-{device}.png"


def coach_shot(browser, server) -> Path:
    """The README's coach example as a learner sees it on the teacher's board."""
    import re
    import tomllib

    from playwright.sync_api import expect

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    name = re.search(r"<!-- coach-example: (.+?) -->", readme).group(1)
    positions = tomllib.loads((REPO / "tests" / "data" / "textbook.toml").read_text(
        encoding="utf-8"))["position"]
    text = next(p for p in positions if p["name"] == name)["text"].strip() + "\n"
    context = browser.new_context(viewport=VIEWPORTS["laptop"])
    try:
        page = context.new_page()
        open_notebook(page, render_url(server.url, "board.ipynb"))
        board = page.locator(".tt-board").first
        board.locator("textarea").fill(text)
        board.get_by_role("button", name="Load").click()
        expect(board).to_contain_text("Loaded a position", timeout=60_000)
        board.get_by_role("button", name="Hint: what would you play?").click()
        expect(board.locator(".tt-coach-note")).to_contain_text("Play the", timeout=60_000)
        path = OUT / "coach-laptop.png"
        height = page.evaluate(CONTENT_HEIGHT)  # the whole page in the window, then the board
        page.set_viewport_size({"width": VIEWPORTS["laptop"]["width"], "height": int(height) + 1})
        page.wait_for_timeout(300)
        box = board.bounding_box()
        page.screenshot(path=str(path), clip=box)
        close_tab(page)
    finally:
        context.close()
    return path


def steps_shots(browser, server) -> list[Path]:
    """A lesson in steps on a phone (issue #39): a step (55/01's second), a verdict (its
    exercise's first question answered wrong, the verdict under the cards), the finish (the
    exercise answered right to mastery: the answers from the run's seed, as the browser keeps
    it), and the compact table of a hand of 56 for eight players."""
    import json

    from playwright.sync_api import expect

    from tutor.teach.content import EXERCISES
    from tutor.teach.questions import Quiz

    shots = []
    context = browser.new_context(viewport=VIEWPORTS["phone"], device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        open_notebook(page, render_url(server.url, "55/01-cards.ipynb", steps=True))
        page.locator(".tt-step-next").click()
        page.wait_for_timeout(400)
        shots.append(OUT / "steps-step-phone.png")
        page.screenshot(path=str(shots[-1]))
        page.locator('.tt-step-dot[data-step="4"]').click()
        box = page.locator(".tt-quiz").last
        e = next(x for x in EXERCISES if x.name == "55-cards")

        def run() -> Quiz:
            page.wait_for_function("(JSON.parse(localStorage.getItem('trick-tutor') || '{}')"
                                   ".items || {})['exercise:55-cards']")
            item = json.loads(page.evaluate("localStorage.getItem('trick-tutor')"))
            return Quiz.resume(e.kinds, e.game, item["items"]["exercise:55-cards"], e.count,
                               reask=True)

        def answer(right: bool) -> None:
            q = run().question
            ids = [c.id for c in q.choices]
            picks = [ids.index(a) for a in (q.answer if right else reversed(q.answer))] \
                if right or q.mode == "order" else \
                [next(i for i, c in enumerate(ids) if c not in q.answer)]
            for i in picks:
                box.locator(".tt-cardrow button").nth(i).click()
            box.get_by_role("button", name="Check").click()
            expect(box.locator(".tt-msg-ok, .tt-msg-bad").first).to_be_visible()
            page.wait_for_function("JSON.parse(localStorage.getItem('trick-tutor'))"
                                   ".items['exercise:55-cards'].checked")

        answer(False)
        box.get_by_role("button", name="Next question").scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        shots.append(OUT / "steps-verdict-phone.png")
        page.screenshot(path=str(shots[-1]))
        while box.get_by_role("button", name="Next question").is_visible():
            box.get_by_role("button", name="Next question").click()
            page.wait_for_function("!JSON.parse(localStorage.getItem('trick-tutor'))"
                                   ".items['exercise:55-cards'].checked")
            answer(True)
        page.locator(".tt-step-next").click()
        page.wait_for_timeout(400)
        shots.append(OUT / "steps-finish-phone.png")
        page.screenshot(path=str(shots[-1]))
        close_tab(page)

        page = context.new_page()
        open_notebook(page, render_url(server.url, "56/07-guided.ipynb"))
        page.locator("button", has_text="8 players").first.click()
        table = page.locator(".tt-table").filter(has=page.locator(".tt-area-left .tt-seat + "
                                                                  ".tt-seat")).first
        expect(table.locator(".tt-seat")).to_have_count(8, timeout=60_000)
        page.wait_for_timeout(800)  # the table drawn again as the hand is dealt: settled
        table.evaluate("t => t.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        shots.append(OUT / "table-8-phone.png")
        page.screenshot(path=str(shots[-1]))
        close_tab(page)
    finally:
        context.close()
    shots += laptop_shots(browser, server)
    return shots


def laptop_shots(browser, server) -> list[Path]:
    """A worked example's step on a laptop (1366x768: the table, and beside it the hand and
    the verdict of a card refused), and the board in projector mode at 1366x768 (a hand of 56
    for eight players, a trick under way)."""
    from guiding import hand_of_56_to_play
    from playwright.sync_api import expect

    from tutor.teach.content import EXAMPLES
    from tutor.teach.examples import ExampleRun
    from tutor.teach.links import position_text

    shots = []
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        open_notebook(page, render_url(server.url, "55/04-renege.ipynb", steps=True))
        page.locator('.tt-step-dot[data-step="3"]').click()
        box = page.locator('.jp-Cell[data-tt-step="3"] .tt-example')
        run = ExampleRun(next(x for x in EXAMPLES if x.name == "55-five-led"))
        cards = run.hand()
        refused = next(c for c in cards if run.check(c) is not None)
        box.locator(".tt-cardrow button").nth(cards.index(refused)).click()
        expect(box.locator(".tt-verdict")).to_be_visible()
        page.wait_for_timeout(400)
        shots.append(OUT / "steps-example-laptop.png")
        page.screenshot(path=str(shots[-1]))
        close_tab(page)

        page = context.new_page()
        open_notebook(page, render_url(server.url, "board.ipynb"))
        page.locator("textarea").fill(position_text(hand_of_56_to_play(8)))
        page.get_by_role("button", name="Load", exact=True).click()
        expect(page.locator(".tt-board .tt-seat")).to_have_count(8)
        page.get_by_role("button", name="Projector mode").click()
        page.locator("body").click(position={"x": 5, "y": 5})
        for _ in range(10):
            page.keyboard.press("PageDown")
            page.wait_for_timeout(350)
        page.wait_for_timeout(500)
        shots.append(OUT / "board-projector.png")
        page.screenshot(path=str(shots[-1]))
        close_tab(page)
    finally:
        context.close()
    return shots


def main(argv: list[str]) -> None:
    if argv == ["--steps"]:
        with tempfile.TemporaryDirectory() as tmp, \
                running_voila(Path(tmp) / "voila.log") as server, \
                sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                for path in steps_shots(browser, server):
                    print(f"wrote {path.relative_to(REPO)}")
            finally:
                browser.close()
        return
    if argv == ["--coach"]:
        with tempfile.TemporaryDirectory() as tmp, \
                running_voila(Path(tmp) / "voila.log") as server, \
                sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                print(f"wrote {coach_shot(browser, server).relative_to(REPO)}")
            finally:
                browser.close()
        return
    notebooks = argv or lesson_notebooks()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, \
            running_voila(Path(tmp) / "voila.log") as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for notebook in notebooks:
                for device, viewport in VIEWPORTS.items():
                    phone = device == "phone"
                    context = browser.new_context(viewport=viewport,
                                                  device_scale_factor=2 if phone else 1,
                                                  is_mobile=phone, has_touch=phone)
                    try:
                        page = context.new_page()
                        open_notebook(page, render_url(server.url, notebook))
                        path = OUT / shot_name(notebook, device)
                        screenshot_all(page, path)
                        close_tab(page)  # its kernel goes before the next page starts one
                    finally:
                        context.close()
                    print(f"wrote {path.relative_to(REPO)}")
        finally:
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
