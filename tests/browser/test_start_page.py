"""The start page in a real browser: it loads, the trump ladder renders and answers a click."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from voila_harness import WIDGET

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

LOAD_TIMEOUT = 120_000  # ms: the first kernel start on a busy CI machine can be slow


def open_start_page(watched, server_url: str):
    page = watched.page
    page.goto(server_url, timeout=LOAD_TIMEOUT)  # "/" forwards to the start page
    page.wait_for_selector(WIDGET, timeout=LOAD_TIMEOUT)
    return page


def test_start_page_loads_with_14_spades(watched, server_url):
    page = open_start_page(watched, server_url)
    assert page.url.endswith("/voila/render/index.ipynb")
    assert page.title() == "Trick Tutor"
    expect(page.get_by_role("heading", name="Trick Tutor")).to_be_visible()
    chips = page.locator(WIDGET)
    expect(chips).to_have_count(14)
    expect(chips.first).to_have_attribute("aria-label", "five of spades")
    expect(chips.nth(2)).to_have_attribute("title", "ace of hearts")
    expect(page.get_by_text("14 trumps: the 5♠, the J♠, the A♥, then")).to_be_visible()
    assert watched.errors == []


def test_hearts_show_13_trumps_five_first(watched, server_url):
    page = open_start_page(watched, server_url)
    page.get_by_role("radio", name="Hearts").click()
    chips = page.locator(WIDGET)
    expect(chips).to_have_count(13)
    expect(chips.first).to_have_attribute("aria-label", "five of hearts")
    expect(chips.first).to_contain_text("5♥")
    expect(page.get_by_text("13 trumps: the 5♥, the J♥, the A♥, then")).to_be_visible()
    assert watched.errors == []


def test_no_traceback_or_error_text(watched, server_url):
    page = open_start_page(watched, server_url)
    page.get_by_role("radio", name="Diamonds").click()
    expect(page.locator(WIDGET).first).to_have_attribute("aria-label", "five of diamonds")
    text = page.locator("body").inner_text()
    for bad in ("Traceback", "Error", "There was an error", "Sorry, that did not work"):
        assert bad not in text
    assert watched.errors == []


def test_every_request_goes_to_the_server(watched, server_url):
    page = open_start_page(watched, server_url)
    page.wait_for_load_state("networkidle")
    server = urlsplit(server_url).netloc
    elsewhere = [url for url in watched.urls
                 if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url).netloc != server]
    assert watched.urls, "no request was recorded"
    assert elsewhere == []


def test_phone_width_wraps_without_sideways_scrolling(watched, server_url):
    page = open_start_page(watched, server_url)
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("radio", name="Clubs").click()
    chips = page.locator(WIDGET)
    expect(chips.first).to_have_attribute("aria-label", "five of clubs")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    boxes = [chips.nth(i).bounding_box() for i in range(chips.count())]
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= 390 for box in boxes)
    assert len({box["y"] for box in boxes}) > 1  # the 14 cards wrap onto several rows
    assert watched.errors == []
