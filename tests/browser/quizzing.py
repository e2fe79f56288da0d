"""Answering a quiz or an exercise on the page whatever its questions are: every quiz widget
draws a seed of its own, so a test cannot know the questions in advance; it asks the hints
until the last one ("The answer: ...") and reads the answer from the page.

The last hint marks the answer's choices (``tt-hinted``) on top of what the earlier hints
marked: the choices it adds are in the answer, and a choice an earlier hint had marked is in
it when the last hint's text names its label.  When two choices share a label (the twin cards
of 56) and the text cannot tell them apart, the answer stays unknown and the caller moves on
to the next question.

``wrong_then_right(page, box)`` answers one question wrongly and one rightly, and checks what
the learner is shown each time (the reason and the rule ID; "Right!") and that neither the
answer nor the reason reached the browser before the learner asked for them.

Both read the page in its language (``words``, English unless told: ``wording.Words``).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from playwright.sync_api import expect
from watch import received_text
from wording import ENGLISH, Words

from tutor.engine.cards import ALL_CARDS
from tutor.ui.cards import card_class
from tutor.ui.quiz import MODE_HELP


def hint_button(words: Words) -> re.Pattern:
    """The hint button's text: "Hint", then "Hint 2", "Hint 3"."""
    named = [words("Hint"), *(words("Hint {number}", number=n) for n in range(2, 10))]
    return re.compile(r"^\s*(" + "|".join(map(re.escape, named)) + r")\s*$")


def to_step_of(page, locator) -> None:
    """On a lesson in steps (static/steps.js), go to the step that holds ``locator``'s first
    element by its button in the step bar, as a learner does; on a page not in steps, or
    already on that step, nothing."""
    step = locator.first.evaluate(
        "e => { const c = e.closest('[data-tt-step]'); "
        "return c && document.documentElement.classList.contains('tt-stepped') ? "
        "c.getAttribute('data-tt-step') : null; }")
    if step is None:
        return
    dot = page.locator(f'.tt-step-dot[data-step="{step}"]')
    if dot.get_attribute("aria-current") != "step":
        dot.click()
    expect(dot).to_have_attribute("aria-current", "step")


def button(scope, text: str):
    return scope.locator("button").filter(has_text=re.compile(f"^\\s*{re.escape(text)}\\s*$"))


# a card button's text is its name in words with its state ("ten of hearts, selected"): its
# label, as the hints write it (10♥), is the card of its face's class
CARD_LABELS = {card_class(c, four): c.unicode for c in ALL_CARDS for four in (False, True)}


def choices(box) -> list[tuple[str, bool]]:
    """The choice buttons of the question on show: (label, marked by a hint)."""
    found = box.locator(".tt-cardrow button").evaluate_all(
        "els => els.map(e => [e.textContent.trim(), e.classList.contains('tt-hinted'),"
        " [...e.classList]])")
    return [(next((CARD_LABELS[c] for c in classes if c in CARD_LABELS), text), hinted)
            for text, hinted, classes in found]


def _named(labels: list[str], text: str) -> dict[int, int]:
    """Where ``text`` names each label (a whole word: ``+60`` is not ``60``): index -> place."""
    low, out = text.lower(), {}
    for i, label in enumerate(labels):
        m = re.search(rf"(?<![\w+-]){re.escape(label.lower())}(?!\w)", low)
        if m:
            out[i] = m.start()
    return out


@dataclass
class Revealed:
    """A question whose hints have all been shown."""

    mode: str  # one, many, order
    labels: list[str]
    marked: set[int]  # marked after the last hint
    answer: list[int] | None  # the choices (in order for "order"); None when unsure
    text: str  # the last hint's text

    def wrong(self) -> list[int] | None:
        """Choices that are surely a wrong answer (None if the page cannot tell)."""
        n = len(self.labels)
        if self.mode == "one":
            unmarked = [i for i in range(n) if i not in self.marked]  # the answer is marked
            if unmarked:
                return unmarked[:1]
            others = [i for i in range(n) if self.answer and i not in self.answer]
            return others[:1] or None
        if self.answer is None:
            return None
        if self.mode == "order":
            return list(reversed(self.answer)) if len(self.answer) > 1 else None
        pick = self.answer[1:] + [i for i in range(n) if i not in self.answer][:1]
        return pick if pick and set(pick) != set(self.answer) else None


def reveal(box, words: Words = ENGLISH) -> Revealed:
    """Ask every hint of the question on show; read the answer off the page."""
    expect(button(box, words("Hint"))).to_be_enabled()  # the question is drawn (Next landed)
    shown_text = box.inner_text()
    mode = next(m for m, help in MODE_HELP.items() if words(help) in shown_text)
    before: set[int] = set()
    shown = 0
    no_more = words("No more hints")
    while True:
        hint = box.locator("button").filter(has_text=hint_button(words))
        if not hint.count() or hint.is_disabled():
            break
        before = {i for i, (_, m) in enumerate(choices(box)) if m}
        hint.click()
        shown += 1
        expect(box).to_contain_text(words.around("Hint {level} of {total}:", "total",
                                                 level=shown)[0])
        after = re.compile(rf"^\s*({re.escape(words('Hint {number}', number=shown + 1))}"
                           rf"|{re.escape(no_more)})\s*$")
        expect(box.locator("button").filter(has_text=after)).to_have_count(1)
    assert shown, "the question has no hints"
    expect(button(box, no_more)).to_be_disabled()
    now = choices(box)  # the marks land before the words (QuizWidget.hint)
    labels = [label for label, _ in now]
    marked = {i for i, (_, m) in enumerate(now) if m}
    text = box.locator(".tt-msg-hint").last.inner_text()
    head = words.around("The answer: {answer}.", "answer")[0]
    assert head in text, (head, text)
    text = text.split(head, 1)[1]
    return Revealed(mode, labels, marked, _answer(mode, labels, before, marked, text), text)


def _answer(mode, labels, before, after, text) -> list[int] | None:
    named = _named(labels, text)
    for i in before:  # an earlier hint marked it: in the answer if the text names it
        if i in named and [labels[j] for j in named].count(labels[i]) > 1:
            return None  # twins: the text cannot tell which
    answer = (after - before) | {i for i in before if i in named}
    if mode == "order" and any(i not in named for i in answer):
        return None
    return sorted(answer, key=lambda i: named.get(i, -1))


def pick(box, indices: list[int]) -> None:
    """Click these choices in turn, each once its last one shows as chosen (pressed), as a
    learner sees each mark before the next click."""
    buttons = box.locator(".tt-cardrow button")
    for i in indices:
        buttons.nth(i).click()
        expect(buttons.nth(i)).to_have_attribute("aria-pressed", "true")


def _reason(box) -> str:
    """The reason the feedback gives (the text after "Not quite." / "Right!")."""
    return box.locator(".tt-msg-bad, .tt-msg-ok").first.evaluate(
        "e => e.childNodes.length > 1 ? e.childNodes[1].textContent.trim() : ''")


def _text_outside(page, box) -> str:
    """The visible text of ``page`` outside ``box``."""
    whole = page.locator("body").inner_text()
    inside = box.inner_text()
    return whole.replace(inside, "", 1)


def wrong_then_right(page, box, count: int | None = None, words: Words = ENGLISH) -> int:
    """Answer the quiz in ``box`` wrongly, then rightly, whatever its questions; return how
    many questions it took.  ``count``: the questions of an exercise (the title says "of N").
    ``words``: the page's language.

    The first question checked also shows that its answer (the last hint) and its reason had
    not reached the browser before the learner asked for them."""
    number, answered, wrong_seen, right_seen = 1, 0, False, False
    while not (wrong_seen and right_seen):
        # (an exercise asks a question answered wrong once more: "of N" grows)
        assert count is None or number <= 2 * count, "no question could be answered both ways"
        # what is left ("6 to go"): an exercise's counter, tested in test_mastery.py
        expect(box.locator(".tt-quiz-top")).to_contain_text(
            words.around("{n} to go", "n", n=2)[1] if count else
            words("question {number}", number=number))
        again_words = words.pieces("{title} · again: one you missed", "title")[1]
        again = again_words in box.locator(".tt-quiz-top").inner_text()
        sent = received_text(page) if not answered else ""  # before any hint
        # what other widgets of the page show (a worked example may say "A♥ wins: ..."
        # too): a sentence shown there is not this question's secret
        elsewhere = _text_outside(page, box) if sent else ""
        q = reveal(box, words)
        picks = q.wrong() if not wrong_seen else q.answer
        if picks:
            pick(box, picks)
            button(box, words("Check")).click()
            answered += 0 if again else 1  # a question asked again is not scored again
            feedback = box.locator(".tt-msg-bad, .tt-msg-ok").first
            if not wrong_seen:
                expect(feedback).to_contain_text(words("Not quite."))
                expect(feedback).to_contain_text(words("The answer:"))
                rule = box.locator(".tt-rule .tt-rule-id").first
                expect(rule).to_have_text(re.compile(r"^5[56]-[A-Z0-9-]+$"))
                wrong_seen = True
            else:
                expect(feedback).to_contain_text(words("Right!"))
                expect(box).to_contain_text(  # 3 hints: no points
                    words("Score: {score} / {answered}", score="0", answered=answered))
                right_seen = True
            reason = feedback.evaluate(
                "e => e.childNodes.length > 1 ? e.childNodes[1].textContent.trim() : ''")
            assert reason, "the feedback gives no reason"
            if sent:
                hint = words.around("The answer: {answer}.", "answer")[0] + q.text.rstrip()
                for secret in (reason, html.escape(reason), hint):
                    if secret in elsewhere:
                        continue
                    assert secret not in sent, f"{secret!r} reached the browser before it " \
                        "was asked for"
        if not (wrong_seen and right_seen):
            button(box, words("Next question")).click()
            number += 1
    return number
