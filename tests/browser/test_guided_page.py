"""A guided hand of 55 played to the end through the page, as a learner would: calls, the
kitty and trumps when the learner wins the auction, then legal cards until the score shows."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from voila_harness import LOAD_TIMEOUT, render_url
from watch import click, settle

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
    for _ in range(120):
        text = settle(box)
        if box.locator(".tt-score-table").count():
            break
        calls = box.locator(".tt-choice")
        discard = box.locator("button", has_text=re.compile(r"^\s*Discard\s*$"))
        hand = box.locator(".tt-hand")
        if calls.count():
            click(calls.first)
        elif discard.count():
            need = int(re.search(r"choose (\d+) card", text).group(1))
            cards = box.locator(".tt-cardrow .tt-cardbtn")
            for i in range(need):
                click(cards.nth(i))
            expect(box).to_contain_text(f"({need} of {need})")
            click(discard)
        elif hand.count() and "Your turn" in text:
            if not hand.locator(".tt-cardbtn.tt-legal").count():
                click(hand.locator("button", has_text="Show legal cards"))
                expect(hand.locator(".tt-cardbtn.tt-legal").first).to_be_visible()
            click(hand.locator(".tt-cardbtn.tt-legal").first)
    expect(box.locator(".tt-score-table")).to_be_visible()
    expect(box).to_contain_text("Who won each trick, and why")
    expect(box.locator(".tt-trick-why")).to_have_count(5)
    assert "Sorry, that did not work" not in box.inner_text()
    assert seen.errors == []
