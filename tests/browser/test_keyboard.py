"""The keyboard alone, and what a screen reader is told (issue #13): states exposed
(``aria-pressed``, ``aria-checked``), the focus kept on the next sensible control after every
play, call, Check and redraw, and each widget's one live region saying what happened.

Each test puts the focus on one control first (as a Tab would), then uses only keys."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from voila_harness import LOAD_TIMEOUT, render_url
from watch import settle

from tutor.ui.aria import cards_in_words

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

FOCUSED = """() => { const e = document.activeElement;
  return { tag: e.tagName, text: (e.textContent || "").trim(),
           pressed: e.getAttribute("aria-pressed"), checked: e.getAttribute("aria-checked"),
           role: e.getAttribute("role"), cls: e.className || "",
           app: !!e.closest(".jupyter-widgets") }; }"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def press(page, box, key: str = "Enter") -> dict:
    """Press ``key``, let the widget settle, and return the focused element, which must be a
    button of a tutor widget (never the page's body)."""
    page.keyboard.press(key)
    settle(box)
    page.wait_for_function("() => document.activeElement.tagName === 'BUTTON' && "
                           "!!document.activeElement.closest('.jupyter-widgets')",
                           timeout=15_000)
    return focused(page)


def live(box) -> str:
    return box.locator(".tt-live").first.text_content() or ""


def open_page(seen, server_url, notebook, selector):
    page = seen.page
    page.goto(render_url(server_url, notebook), timeout=LOAD_TIMEOUT)
    box = page.locator(selector).first
    expect(box.locator("button").first).to_be_visible(timeout=LOAD_TIMEOUT)
    return page, box


def test_the_trump_choice_is_a_radio_group_moved_by_the_arrows(watched, server_url):
    page, box = open_page(watched, server_url, "index.ipynb", ".tt-trump-ladder")
    group = page.get_by_role("radiogroup", name="Trumps:")
    spades = group.get_by_role("radio", name="Spades")
    expect(spades).to_have_attribute("aria-checked", "true")
    expect(group.get_by_role("radio", name="Hearts")).to_have_attribute("aria-checked", "false")
    expect(spades).to_have_attribute("tabindex", "0")  # one Tab stop: the chosen suit
    spades.focus()
    now = press(page, box, "ArrowRight")
    assert now["role"] == "radio" and "Hearts" in now["text"] and now["checked"] == "true"
    expect(box.locator(".tt-chip").first).to_have_attribute("aria-label", "five of hearts")
    now = press(page, box, "End")
    assert "Clubs" in now["text"] and now["checked"] == "true"
    expect(box.locator(".tt-chip").first).to_have_attribute("aria-label", "five of clubs")
    expect(spades).to_have_attribute("aria-checked", "false")
    assert watched.errors == []


def test_show_legal_cards_says_whether_it_is_on(watched, server_url):
    page, box = open_page(watched, server_url, "55/03-following.ipynb", ".tt-example")
    toggle = box.get_by_role("button", name="Show legal cards")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.focus()
    now = press(page, box)
    assert now["pressed"] == "true" and now["text"] == "Show legal cards"
    expect(box.locator(".tt-cardbtn.tt-legal").first).to_be_visible()
    assert watched.errors == []


def test_an_exercise_with_the_keyboard_alone(watched, server_url):
    page, box = open_page(watched, server_url, "practice.ipynb", ".tt-quiz")
    choices = box.locator(".tt-cardrow button")
    first = choices.first
    expect(first).to_have_attribute("aria-pressed", "false")
    prompt = box.locator(".tt-prompt").inner_text()
    for question in range(3):
        if question:  # "Next question" put the focus on the new question's first choice
            assert focused(page)["pressed"] == "false", focused(page)
            expect(box.locator(".tt-prompt")).not_to_have_text(prompt)
            prompt = box.locator(".tt-prompt").inner_text()
            # the new question is said, its cards in words
            assert cards_in_words(" ".join(prompt.split())) in live(box)
        else:
            first.focus()
        now = press(page, box)  # choose it
        assert now["pressed"] == "true" and now["text"].endswith("selected"), now
        if box.locator(".tt-cardrow button[aria-pressed='true']").count() == 0:
            pytest.fail("the choice is not pressed")
        # on to Check with Tab (order questions want every card: Enter on each first)
        for _ in range(20):
            now = focused(page)
            if now["text"] == "Check":
                break
            if now["pressed"] == "false":
                now = press(page, box)
            now = press(page, box, "Tab")
        assert now["text"] == "Check", now
        said = live(box)
        now = press(page, box)
        result = live(box)
        assert result != said and re.match(r"(Right|Correct|Not quite|Wrong|Yes|No)", result), \
            result
        assert "The answer" in result or "point" in result
        assert now["text"] == "Next question", now  # the choices are disabled: focus moved on
        press(page, box)
    assert watched.errors == []


def _guided_to_the_end(page, box, limit: int = 250) -> list[str]:
    """Play a guided hand with the keyboard alone, from the focused control: Enter on it;
    a refused card, Tab to the next one.  Returns what the live region said."""
    said = []
    for _ in range(limit):
        if box.locator(".tt-score-table").count():
            break
        now = focused(page)
        if re.fullmatch(r"Discard", now["text"]):
            now = press(page, box)
        elif now["pressed"] == "false" and "tt-cardbtn" in now["cls"]:  # a discard to choose
            press(page, box)
            now = press(page, box, "Tab")
            continue
        else:
            now = press(page, box)
        text = live(box)
        if text and (not said or said[-1] != text):
            said.append(text)
        if "Not allowed" in text and "tt-cardbtn" in focused(page)["cls"]:
            press(page, box, "Tab")  # another card
    return said


def test_a_guided_hand_of_55_to_the_end_with_the_keyboard_alone(watched, server_url):
    page, box = open_page(watched, server_url, "55/08-guided.ipynb", ".tt-guided")
    box.locator(".tt-choice").first.focus()  # the first call
    said = _guided_to_the_end(page, box)
    expect(box.locator(".tt-score-table")).to_be_visible()
    now = focused(page)
    assert now["text"] == "Deal me a new hand", now  # the hand is over: what comes next
    words = " ".join(said)
    assert re.search(r"[Ss]eat \d (plays|played|leads|led)", words), words[:500]
    assert re.search(r"Trick \d: (seat \d|you) wins? with", words), words[:500]
    assert watched.errors == []


def test_a_56_auction_with_the_keyboard_alone(watched, server_url):
    page, box = open_page(watched, server_url, "56/07-guided.ipynb", ".tt-g56")
    group = box.get_by_role("radiogroup", name="Players")
    expect(group.get_by_role("radio", name="6 players")).to_have_attribute("aria-checked",
                                                                          "true")
    calls = box.locator(".tt-g56-calls button")
    calls.first.focus()  # Pass
    for _ in range(30):
        now = focused(page)
        if "tt-cardbtn" in now["cls"]:
            break  # the auction is over: the focus went to a card to play
        assert now["tag"] == "BUTTON" and now["app"], now
        press(page, box)
    else:
        pytest.fail("the auction did not end")
    assert "Contract" in box.inner_text()
    assert live(box), "nothing was said"
    assert watched.errors == []
