"""Every page in a real browser: it loads without errors; the practice quiz answered wrong
shows the reason and a rule ID, answered right shows success, and its answer is not sent
before the learner checks; the ranking explorer follows a change of trump; the teacher's
board loads a good position and rejects a bad one with a message naming the line."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from quizzing import button, wrong_then_right
from voila_harness import LOAD_TIMEOUT, lesson_notebooks, render_url

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

READY = {"index.ipynb": ".tt-map", "board.ipynb": ".tt-board .tt-table",
         "explorer.ipynb": ".tt-explorer", "practice.ipynb": ".tt-quiz"}


def open_page(new_page, server_url, notebook: str, viewport=None):
    seen = new_page(viewport=viewport) if viewport else new_page()
    seen.page.goto(render_url(server_url, notebook), timeout=LOAD_TIMEOUT)
    ready = READY.get(notebook, ".tt-lesson-footer" if "/" in notebook else ".jupyter-widgets")
    seen.page.wait_for_selector(ready, timeout=LOAD_TIMEOUT)
    return seen


@pytest.mark.parametrize("notebook", lesson_notebooks())
def test_every_page_loads_without_errors(new_page, server_url, notebook):
    seen = open_page(new_page, server_url, notebook)
    text = seen.page.inner_text("body")
    assert "Traceback" not in text and "Sorry, that did not work" not in text
    assert seen.errors == []


@pytest.mark.parametrize("notebook", lesson_notebooks())
def test_every_page_fits_a_phone(new_page, server_url, notebook):
    seen = open_page(new_page, server_url, notebook, viewport={"width": 390, "height": 844})
    overflow = seen.page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 2, f"{notebook} scrolls sideways by {overflow}px on a phone"


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
