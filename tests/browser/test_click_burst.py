"""One learner's burst of clicks does not queue minutes of work in their kernel.

The page fires 300 clicks on "Next question" at once (what an autoclicker or a stuck key does);
the kernel handles a few of them and drops the rest (``tutor.ui.boundary.Coalescer``), and a
click made after the page has answered is handled as always."""

from __future__ import annotations

import re
import time

import pytest
from voila_harness import open_notebook, render_url

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

BURST = 300
NUMBER = re.compile(r"question (\d+)")


def question_number(page) -> int:
    text = page.locator(".tt-quiz-top").first.inner_text()
    match = NUMBER.search(text)
    assert match, text
    return int(match.group(1))


def settled_number(page, quiet: float = 2.0, limit: float = 120) -> int:
    """The question number once it has not changed for ``quiet`` seconds."""
    deadline = time.monotonic() + limit
    last, since = question_number(page), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = question_number(page)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return now
    raise AssertionError(f"the question number never settled (last {last})")


def test_a_burst_of_clicks_is_coalesced(watched, server_url):
    page = watched.page
    open_notebook(page, render_url(server_url, "practice.ipynb"))
    before = question_number(page)
    started = time.monotonic()
    page.evaluate("""(n) => {
        const b = [...document.querySelectorAll('button')]
            .find(b => b.textContent.trim() === 'Next question');
        for (let i = 0; i < n; i++) b.click();
    }""", BURST)
    after = settled_number(page)
    took = time.monotonic() - started
    handled = after - before
    print(f"{BURST} clicks: {handled} handled, settled in {took:.1f} s")
    assert 1 <= handled < BURST // 3, handled

    page.get_by_role("button", name="Next question").first.click()  # a click after the answer
    page.wait_for_function(
        """(n) => /question (\\d+)/.exec(document.querySelector('.tt-quiz-top').innerText)[1]
                  == n""", arg=str(after + 1), timeout=30_000)
    assert watched.errors == []
