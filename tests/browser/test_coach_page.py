"""The coach in a guided hand of 55, through the page: at every card the learner asks "Hint:
what would you play?", reads the advice (the card in words, the reasons, the comparison),
plays the card the coach named, and the advice goes with the position it was for; the hand is
played to its score with no error, the page with the advice shown is axe-clean, and the
review after the hand finds no card to change in a hand played the coach's way."""

from __future__ import annotations

import re

import pytest
from guiding import play_guided_hand
from playwright.sync_api import expect
from test_axe import audit, describe, severe, tall_window
from voila_harness import LOAD_TIMEOUT, render_url
from watch import click

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]


def test_ask_the_coach_at_every_card_and_follow_it(new_page, server_url):
    seen = new_page()
    page = seen.page
    page.goto(render_url(server_url, "55/08-guided.ipynb"), timeout=LOAD_TIMEOUT)
    box = page.locator(".tt-guided").first
    expect(box).to_contain_text("Seed", timeout=LOAD_TIMEOUT)
    click(box.locator("button", has_text="Deal me a new hand"))  # free practice
    hints = 0
    audited = False

    def follow_the_coach(box, text, hand, words):
        nonlocal hints, audited
        click(box.locator("button", has_text="Hint: what would you play?"))
        note = box.locator(".tt-coach-note")
        expect(note).to_contain_text("Play the")
        chip = note.locator("b .tt-chip")
        name = chip.get_attribute("aria-label")  # "ten of hearts"
        assert re.fullmatch(r"[a-z0-9]+ of (spades|hearts|diamonds|clubs)", name), name
        if "only legal card" not in note.inner_text():
            expect(note).to_contain_text("Compared over")
            assert note.locator(".tt-coach-list li").count() >= 2
        if not audited:  # the page with the advice shown
            tall_window(page)
            found = severe(audit(page))
            assert not found, describe(audit(page), found)
            audited = True
        hints += 1
        click(hand.get_by_role("button", name=re.compile(rf"^{name}\b")).first)
        expect(box.locator(".tt-coach-note")).to_have_count(0)  # it was for that position

    play_guided_hand(box, play=follow_the_coach)
    assert hints >= 1 and audited
    # the hand over, the coach reviews the whole hand (the calls too, which the learner made
    # without asking): every card was its own, so no card is to change
    click(box.locator("button", has_text="Review my play"))
    expect(box).to_contain_text("as the coach would have.")
    text = box.inner_text()
    assert re.search(r"Trick \d+: the [^;\n]*, as the coach would have\.", text), text
    assert not re.search(r"Trick \d+: [^;\n]*; the coach would have chosen", text), text
    assert "Sorry, that did not work" not in box.inner_text()
    assert seen.errors == []


def test_the_coach_discards_and_names_trumps_against_a_strong_tutor(new_page, server_url):
    """The learner chooses a strong tutor, deals seed 6 again (a hand the learner can win by
    bidding high), asks the coach which cards to discard (they come selected: Discard takes
    them) and which suit to name, and plays the hand out against the strong tutor."""
    seen = new_page()
    page = seen.page
    page.goto(render_url(server_url, "55/08-guided.ipynb"), timeout=LOAD_TIMEOUT)
    box = page.locator(".tt-guided").first
    expect(box).to_contain_text("Seed", timeout=LOAD_TIMEOUT)
    strength = box.get_by_role("radiogroup", name="Tutor strength")
    click(strength.get_by_role("radio", name="Strong"))
    expect(strength.get_by_role("radio", name="Strong")).to_have_attribute("aria-checked",
                                                                          "true")
    box.get_by_label("Seed").fill("6")
    click(box.locator("button", has_text="Replay seed"))
    done = set()

    def coach_discards(box, text, discard, words):
        click(box.locator("button", has_text="Hint: what would you discard?"))
        expect(box.locator(".tt-coach-note")).to_contain_text("Discard ")
        need = int(re.search(r"choose (\d+) card", text).group(1))
        expect(box).to_contain_text(f"({need} of {need})")  # the coach's, selected
        click(discard)
        done.add("discards")

    def bid_high_and_name_the_coachs_trumps(box, text, calls, words):
        if "Name the trump suit" in text:
            click(box.locator("button", has_text="Hint: which suit for trumps?"))
            note = box.locator(".tt-coach-note")
            expect(note).to_contain_text("as trumps")
            suit = re.search(r"Name \S+ (\w+) as trumps", note.inner_text()).group(1)
            click(calls.filter(has_text=suit).first)
            done.add("trumps")
        else:  # the auction: bid the second highest call offered
            bids = calls.filter(has_not_text=re.compile("pass", re.I))
            click(bids.nth(bids.count() - 2) if bids.count() > 1 else calls.first)

    play_guided_hand(box, call=bid_high_and_name_the_coachs_trumps, discard=coach_discards)
    assert done == {"discards", "trumps"}
    assert "Sorry, that did not work" not in box.inner_text()
    assert seen.errors == []
