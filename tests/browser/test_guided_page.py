"""A guided hand of 55 played to the end through the page, as a learner would: calls, the
kitty and trumps when the learner wins the auction, then legal cards until the score shows."""

from __future__ import annotations

import pytest
from guiding import play_guided_hand
from playwright.sync_api import expect
from voila_harness import LOAD_TIMEOUT, render_url
from watch import click

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]


@pytest.mark.parametrize("new_hand", [False, True])
def test_play_a_guided_hand_to_the_end(new_page, server_url, new_hand):
    seen = new_page()
    page = seen.page
    page.goto(render_url(server_url, "55/08-guided.ipynb"), timeout=LOAD_TIMEOUT)
    box = page.locator(".tt-guided").first
    expect(box).to_contain_text("Seed", timeout=LOAD_TIMEOUT)
    if new_hand:  # free practice: a new hand, its seed shown
        click(box.locator("button", has_text="Deal me a new hand"))
    play_guided_hand(box)
    expect(box).to_contain_text("Who won each trick, and why")
    expect(box.locator(".tt-trick-why")).to_have_count(5)
    assert "Sorry, that did not work" not in box.inner_text()
    assert seen.errors == []
