"""Driving a 55 guided hand through the page to its score, for the browser tests: at each
step the test's choice for what the page asks (a call or a trump suit, the discards, a card),
the first legal choice where the test has none.  The page is read in its language (``words``:
``wording.Words``, English unless told)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import expect
from quizzing import button
from watch import click, settle
from wording import ENGLISH, Words


def first_call(box, text: str, calls, words: Words = ENGLISH) -> None:
    click(calls.first)


def first_discards(box, text: str, discard, words: Words = ENGLISH) -> None:
    """Choose the cards the page asks for, the first ones, and discard them."""
    need = next(n for n in range(1, 9) if words.n(
        "You took the kitty: choose {n} card to discard face down, then press Discard.",
        "You took the kitty: choose {n} cards to discard face down, then press Discard.",
        n) in text)
    cards = box.locator(".tt-cardrow .tt-cardbtn")
    for i in range(need):  # each chosen once its mark shows, as a learner sees it
        cards.nth(i).click()
        expect(cards.nth(i)).to_have_attribute("aria-pressed", "true")
    expect(box).to_contain_text(words.around("To discard ({chosen} of {need}): {cards}", "cards",
                                             chosen=need, need=need)[0])
    click(discard)


def first_legal(box, text: str, hand, words: Words = ENGLISH) -> None:
    if not hand.locator(".tt-cardbtn.tt-legal").count():
        if not click(hand.locator("button", has_text=words("Show legal cards"))):
            return  # the hand was redrawn meanwhile: the next step looks again
        expect(hand.locator(".tt-cardbtn.tt-legal").first).to_be_visible()
    click(hand.locator(".tt-cardbtn.tt-legal").first)


def play_guided_hand(box, *, call: Callable = first_call, discard: Callable = first_discards,
                     play: Callable = first_legal, steps: int = 150,
                     words: Words = ENGLISH) -> None:
    """Play the guided hand in ``box`` to its score: ``call(box, text, calls, words)`` in the
    auction and for the trump suit, ``discard(box, text, discard_button, words)`` with the
    kitty taken, ``play(box, text, hand, words)`` at the learner's turn in the play."""
    your_turn = words("Your turn: click a card to play it.")
    for _ in range(steps):
        text = settle(box)
        if box.locator(".tt-score-table").count():
            break
        calls = box.locator(".tt-choice")
        discard_button = button(box, words("Discard"))
        hand = box.locator(".tt-hand")
        if discard_button.count():
            discard(box, text, discard_button, words)
        elif calls.count():
            call(box, text, calls, words)
        elif hand.count() and your_turn in text:
            play(box, text, hand, words)
    expect(box.locator(".tt-score-table")).to_be_visible()


def hand_of_56_to_play(players: int = 8, seed: int = 3):
    """A hand of 56 dealt for ``players`` and bid out by the tutor's players: a state at its
    first lead (the board's position for projector mode's test and screenshot)."""
    from tutor.engine.phases import PLAY
    from tutor.games.registry import find_game
    from tutor.teach.g56.guided import GuidedHand56

    state = GuidedHand56(players=players, seed=seed).state
    while state.phase != PLAY:
        state.push(find_game("56").bot(state))
    return state
