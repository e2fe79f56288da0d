"""Driving a 55 guided hand through the page to its score, for the browser tests: at each
step the test's choice for what the page asks (a call or a trump suit, the discards, a card),
the first legal choice where the test has none."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import expect
from watch import click, settle

DISCARD = re.compile(r"^\s*Discard\s*$")


def first_call(box, text: str, calls) -> None:
    click(calls.first)


def first_discards(box, text: str, discard) -> None:
    """Choose the cards the page asks for, the first ones, and discard them."""
    need = int(re.search(r"choose (\d+) card", text).group(1))
    cards = box.locator(".tt-cardrow .tt-cardbtn")
    for i in range(need):  # each chosen once its mark shows, as a learner sees it
        cards.nth(i).click()
        expect(cards.nth(i)).to_have_attribute("aria-pressed", "true")
    expect(box).to_contain_text(f"({need} of {need})")
    click(discard)


def first_legal(box, text: str, hand) -> None:
    if not hand.locator(".tt-cardbtn.tt-legal").count():
        if not click(hand.locator("button", has_text="Show legal cards")):
            return  # the hand was redrawn meanwhile: the next step looks again
        expect(hand.locator(".tt-cardbtn.tt-legal").first).to_be_visible()
    click(hand.locator(".tt-cardbtn.tt-legal").first)


def play_guided_hand(box, *, call: Callable = first_call, discard: Callable = first_discards,
                     play: Callable = first_legal, steps: int = 150) -> None:
    """Play the guided hand in ``box`` to its score: ``call(box, text, calls)`` in the auction
    and for the trump suit, ``discard(box, text, discard_button)`` with the kitty taken,
    ``play(box, text, hand)`` at the learner's turn in the play."""
    for _ in range(steps):
        text = settle(box)
        if box.locator(".tt-score-table").count():
            break
        calls = box.locator(".tt-choice")
        discard_button = box.locator("button", has_text=DISCARD)
        hand = box.locator(".tt-hand")
        if discard_button.count():
            discard(box, text, discard_button)
        elif calls.count():
            call(box, text, calls)
        elif hand.count() and "Your turn" in text:
            play(box, text, hand)
    expect(box.locator(".tt-score-table")).to_be_visible()
