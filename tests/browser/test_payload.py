"""What the browser is sent: only what the page shows and the widgets' messages.

``received_text(page)`` (tests/browser/watch.py) is everything a page received: websocket
frames (the kernel's comm messages), the server's documents and API answers, and the DOM.  No
Python traceback and no notebook source (voila.json: ``strip_sources``, no tracebacks) may be
in it.  Quizzes will use the same helper to check that an answer is not sent before the
learner answers.

Every lesson's page is checked in ``test_page_pass.py`` with ``assert_no_traceback_or_source``
(its "payload" check), in the one load of each page for all the checks of every page (issue
#37); here, the start page with some comm traffic both ways."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from voila_harness import LESSONS, LOAD_TIMEOUT, WIDGET
from watch import received_text

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

# A traceback as text, or as an error output or error message.  (Kernel stderr does reach the
# page, e.g. ipykernel's "No such comm: ..." when the widget manager closes its control comm,
# so a lesson must log to the server's terminal, as tutor.ui.boundary does, never to stderr.)
TRACEBACK_MARKS = ["Traceback", "most recent call last", '"ename"', '"evalue"',
                   '"output_type": "error"', '"msg_type": "error"']
MIN_SOURCE_LINE = 12  # shorter source lines ("x = 1") might turn up in any text by chance


def source_lines(notebook: str) -> list[str]:
    """The lines of a notebook's code cells that are long enough to be telling."""
    cells = json.loads((LESSONS / notebook).read_text(encoding="utf-8"))["cells"]
    lines = []
    for cell in cells:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            lines += [line.strip() for line in source.splitlines()
                      if len(line.strip()) >= MIN_SOURCE_LINE]
    return lines


def assert_no_traceback_or_source(text: str, notebook: str) -> None:
    found = {mark: text[max(0, text.find(mark) - 300):text.find(mark) + 300]
             for mark in TRACEBACK_MARKS if mark in text}
    assert found == {}, f"a traceback reached the browser: {found}"
    leaked = [line for line in source_lines(notebook) if line in text]
    assert leaked == [], f"the notebook's source reached the browser: {leaked}"


def test_the_helper_sees_the_kernel_messages(watched, server_url):
    """received_text really holds the comm traffic: the new ladder arrives by websocket."""
    page = watched.page
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    page.wait_for_selector(WIDGET, timeout=LOAD_TIMEOUT)
    assert "14 trumps: the 5♠" in received_text(page)
    assert "13 trumps: the 5♥" not in received_text(page)
    page.get_by_role("radio", name="Hearts").click()
    expect(page.get_by_text("13 trumps: the 5♥")).to_be_visible()
    frames = "\n".join(f if isinstance(f, str) else f.decode("utf-8", "replace")
                       for f in watched.frames)
    assert "comm_msg" in frames and "five of hearts" in frames


def test_the_start_page_sends_no_traceback_and_no_source(watched, server_url):
    page = watched.page
    page.goto(server_url, timeout=LOAD_TIMEOUT)  # "/" forwards to the start page
    page.wait_for_selector(WIDGET, timeout=LOAD_TIMEOUT)
    for suit in ("Hearts", "Diamonds", "Clubs", "Spades"):  # some comm traffic both ways
        page.get_by_role("radio", name=suit).click()
        expect(page.locator(WIDGET).first).to_have_attribute(
            "aria-label", f"five of {suit.lower()}")
    page.wait_for_load_state("networkidle")
    text = received_text(page)
    assert "five of clubs" in text  # the helper did see the traffic
    assert source_lines("index.ipynb"), "the start page has no code to look for"
    assert_no_traceback_or_source(text, "index.ipynb")
