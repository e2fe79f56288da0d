"""Every lesson of a track in a real browser, as a learner goes through it
(``go_through_lesson``): a worked example answers an illegal try with the rule and a legal one
by playing it; the exercise answered wrongly shows the reason and the rule ID, answered rightly
shows success; the footer leads on to the next lesson.  ``test_page_pass.py`` goes through
every lesson this way (its "walk-through" check, last), in the one load of each page for all
the checks of every page (issue #37).  New lessons are picked up from ``lessons/55`` and
``lessons/56`` without touching this file."""

from __future__ import annotations

import ast
import json
import re

import pytest
from playwright.sync_api import expect
from quizzing import button, to_step_of, wrong_then_right
from voila_harness import LESSONS, LOAD_TIMEOUT, lesson_notebooks, render_url
from wording import ENGLISH, Words

from tutor.engine.cards import Card
from tutor.teach.content import EXAMPLES, EXERCISES, PAGES, track_pages
from tutor.teach.examples import ExampleRun

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

TRACK_LESSONS = [n for n in lesson_notebooks() if "/" in n]
TITLE_WAIT = 5_000  # ms: the header is a widget, rendered by the time the page is loaded


def calls_in(notebook: str, function: str) -> list[str]:
    """The first argument of every ``function("...")`` cell of a notebook."""
    nb = json.loads((LESSONS / notebook).read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if cell["cell_type"] == "code" and src.startswith(f"{function}("):
            out.append(ast.literal_eval(ast.parse(src).body[0].value.args[0]))
    return out


def test_the_lessons_are_found():
    """Every lesson of the data (lessons.toml) is a notebook on disk, and the other way round."""
    lessons = (*track_pages("55"), *track_pages("56"))
    assert sorted(TRACK_LESSONS) == sorted(p.notebook for p in lessons)
    assert len(track_pages("55")) >= 9 and len(track_pages("56")) >= 8


def go_through_lesson(page, server_url: str, notebook: str, words: Words = ENGLISH) -> None:
    """Go through a lesson of a track as a learner does, on its page as ``open_notebook`` left
    it (every widget rendered): its title; its first worked example, tried illegally then
    legally; its exercise, answered wrongly then rightly; its footer's link to the next lesson
    of the track.  It plays on the page, so the page is not as it was loaded afterwards.
    ``words``: the page's language (what the test looks for, worded by the catalog)."""
    footer = page.locator(".tt-lesson-footer")
    expect(footer).to_be_attached(timeout=LOAD_TIMEOUT)  # drawn (on the last step, in steps)
    title = next(p.title for p in PAGES if p.notebook == notebook)
    expect(page.locator(".tt-header-title")).to_have_text(words(title), timeout=TITLE_WAIT)
    name = calls_in(notebook, "exercise_widget")[0]
    exercise = next(e for e in EXERCISES if e.name == name)

    # a worked example: an illegal try is refused with its rule, a legal one is played
    examples = calls_in(notebook, "worked_example")
    if examples:
        example = next(x for x in EXAMPLES if x.name == examples[0])
        run = ExampleRun(example)
        box = page.locator(".tt-example").first
        to_step_of(page, box)
        options = run.call_options() if run.phase == "auction" else run.hand()
        bad = next((o for o in options if run.check(o) is not None), None)
        good = next(o for o in options if run.check(o) is None)

        def choice(o):  # a card button is named in words, then its state: "ten of hearts, ..."
            if isinstance(o, Card):
                name = words.within(lambda: o.spoken)
                return box.get_by_role("button", name=re.compile(rf"^{re.escape(name)}(,|$)"))
            return button(box, words.within(lambda: run.call_label(o)))

        if bad is not None:
            choice(bad).first.click()
            expect(box).to_contain_text(words("Not allowed."))
            expect(box).to_contain_text(run.check(bad).rule)
        choice(good).first.click()
        expect(box).to_contain_text(words.between("{action} is allowed: {reason}", "action",
                                                  "reason").rstrip())
        button(box, words("Start again")).click()
        expect(box.locator(".tt-msg-ok")).to_have_count(0)

    # the exercise (its questions come from a seed of its own): a question answered wrongly
    # shows the reason and the rule ID, one answered rightly shows success
    quiz_box = page.locator(".tt-quiz").last
    to_step_of(page, quiz_box)
    expect(quiz_box.locator(".tt-quiz-top")).to_contain_text(
        words.n("{n} to go", "{n} to go", exercise.count, n=exercise.count))
    wrong_then_right(page, quiz_box, exercise.count, words)

    # the footer: on to the next lesson of the track, named by its title; the link is read,
    # not followed (the next lesson's own pass loads it and checks its title)
    track = [p for p in PAGES if p.track == notebook.split("/")[0]]
    i = [p.notebook for p in track].index(notebook)
    to_step_of(page, footer)
    expect(footer).to_be_visible()
    if i + 1 < len(track):
        link = footer.locator('a[rel="next"]')
        expect(link).to_contain_text(words(track[i + 1].title))
        href = link.evaluate("a => a.href")  # resolved against the page's URL
        assert href == render_url(server_url, track[i + 1].notebook, steps=True), \
            f"the footer's next link goes to {href}, not to {track[i + 1].notebook}"
