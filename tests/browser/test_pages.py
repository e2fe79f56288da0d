"""Pages in a real browser: the practice quiz answered wrong shows the reason and a rule ID,
answered right shows success, and its answer is not sent before the learner checks; the ranking
explorer follows a change of trump; the teacher's board loads a good position and rejects a bad
one with a message naming the line.

That every page loads without errors and fits a phone is checked in ``test_page_pass.py``,
which loads each page once for all the checks of every page (issue #37); ``ready`` here says
what each page waits for."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from quizzing import button, wrong_then_right
from voila_harness import LOAD_TIMEOUT, render_url

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

READY = {"index.ipynb": ".tt-map", "board.ipynb": ".tt-board .tt-table",
         "explorer.ipynb": ".tt-explorer", "practice.ipynb": ".tt-quiz"}


def ready(notebook: str) -> str:
    """What a page shows once it is ready: its own widget, a lesson's footer, any widget."""
    return READY.get(notebook, ".tt-lesson-footer" if "/" in notebook else ".jupyter-widgets")


def open_page(new_page, server_url, notebook: str, viewport=None):
    seen = new_page(viewport=viewport) if viewport else new_page()
    seen.page.goto(render_url(server_url, notebook), timeout=LOAD_TIMEOUT)
    seen.page.wait_for_selector(ready(notebook), timeout=LOAD_TIMEOUT)
    return seen


def test_practice_quiz_wrong_then_right(new_page, server_url):
    """Each quiz asks the questions of a seed of its own: the hints show the answer."""
    seen = open_page(new_page, server_url, "practice.ipynb")
    page = seen.page
    box = page.locator(".tt-quiz").first
    expect(box).to_contain_text("question 1", timeout=LOAD_TIMEOUT)
    wrong_then_right(page, box)
    assert seen.errors == []


def test_ranking_explorer_follows_the_trump(new_page, server_url):
    seen = open_page(new_page, server_url, "explorer.ipynb")
    box = seen.page.locator(".tt-explorer")
    expect(box).to_contain_text("Trumps (♠), best first")
    box.locator("button").filter(has_text="Hearts").first.click()
    expect(box).to_contain_text("Trumps (♥), best first")
    expect(box).to_contain_text("Spades (plain)")
    assert seen.errors == []


def test_teachers_board_good_and_bad_positions(new_page, server_url):
    seen = open_page(new_page, server_url, "board.ipynb")
    page = seen.page
    board = page.locator(".tt-board")
    text = board.locator("textarea")
    text.fill("game: 55\nplayers: 3\nhand 0: 3D 7S QC 4H KH\nhand 1: AH XX 8C 2S 9D\n"
              "hand 2: 10S QD 2H 6C JC\n")
    button(board, "Load").click()
    expect(board).to_contain_text("line 4")
    expect(board).to_contain_text("'XX'")
    good = ("game: 55\nplayers: 3\ndealer: 2\nhand 0: 3D 7S QC 4H KH\nhand 1: AH 5C 8C 2S 9D\n"
            "hand 2: 10S QD 2H 6C JC\n")
    text.fill(good)
    button(board, "Load").click()
    expect(board).to_contain_text("Loaded a position of 55 with 3 players")
    expect(board.locator(".tt-table")).to_contain_text("Seat 2")
    assert seen.errors == []
