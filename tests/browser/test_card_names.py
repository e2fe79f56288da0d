"""Cards named in words in the browser (issue 13): on a lesson page every card button is found
by its name in words, the name follows the card's state (allowed, not allowed, selected), the
marks drawn by CSS (✓ ✕) are not part of any name, and the face-down cards of a seat are one
picture named for the seat.  Names as Chromium gives them to screen readers are checked too
(its accessibility tree, not only Playwright's reading of the page)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from voila_harness import open_notebook, render_url

from tutor.teach.content import EXAMPLES
from tutor.teach.examples import ExampleRun

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LESSON = "55/03-following.ipynb"
EXAMPLE = "55-follow"  # the first worked example of the page
CARD = re.compile(r"^(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of "
                  r"(spades|hearts|diamonds|clubs)(, seat \d)?(, [a-z ]+)*$")


def chromium_names(page, role: str = "button") -> list[str]:
    """The names of every ``role`` node of the page in Chromium's accessibility tree."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    return [n.get("name", {}).get("value", "") for n in nodes
            if not n.get("ignored") and n.get("role", {}).get("value") == role]


def test_card_buttons_are_named_in_words_with_their_state(watched, server_url):
    page = watched.page
    open_notebook(page, render_url(server_url, LESSON))
    run = ExampleRun(next(x for x in EXAMPLES if x.name == EXAMPLE))
    box = page.locator(".tt-example").first
    hand = run.hand()
    for c in hand:  # by name, as a screen reader user finds them
        expect(box.get_by_role("button", name=c.spoken, exact=True)).to_have_count(1)
    expect(box.locator(".tt-cardbtn")).to_have_count(len(hand))

    box.get_by_role("button", name="Show legal cards").click()
    legal = set(run.legal_cards())
    for c in hand:
        state = "allowed" if c in legal else "not allowed"
        expect(box.get_by_role("button", name=f"{c.spoken}, {state}", exact=True)) \
            .to_have_count(1)
    bad = next(c for c in hand if c not in legal)
    box.get_by_role("button", name=f"{bad.spoken}, not allowed", exact=True).click()
    expect(box).to_contain_text("Not allowed.")
    refused = box.get_by_role("button", name=f"{bad.spoken}, selected, not allowed", exact=True)
    expect(refused).to_have_count(1)
    expect(refused).to_have_class(re.compile(r"\btt-illegal\b"))  # its ✕ is drawn...

    names = chromium_names(page)  # ...and not said: Chromium names the cards in words only
    cards = [n for n in names if CARD.match(n)]
    assert len(cards) >= len(hand) + 3, names  # the example's and the exercise's cards
    assert f"{bad.spoken}, selected, not allowed" in cards
    assert not [n for n in names if re.search("[♠♥♦♣✓✕★]", n)], names

    # the other seats' cards, face down: one picture each, named for the seat
    table = box.locator(".tt-table")
    hidden = table.get_by_role("img", name=re.compile(r"^seat \d: \w+ cards? face down$"))
    expect(hidden).to_have_count(run.state.n - 1)
    expect(table.get_by_role("img", name="seat 3: five cards face down")).to_have_count(1)
    expect(table.get_by_role("img", name="a face-down card")).to_have_count(0)

    # the exercise's cards: a pick is said
    quiz = page.locator(".tt-quiz").last
    first = quiz.locator(".tt-cardrow .tt-cardbtn").first
    expect(first).to_have_accessible_name(CARD)
    name = first.evaluate("e => e.textContent.trim()")
    first.click()
    expect(first).to_have_accessible_name(f"{name}, selected")
    assert watched.errors == []
