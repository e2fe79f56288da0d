"""A lesson in short steps, on a phone (issue #39): a lesson of each game gone through step by
step with the step bar and Next, each step's heading on the screen and the focus on it; a
reload at the exercise opens the same step at the same question; the lesson is done only at
mastery (every kind of question right at the first try without a hint, every miss made
good), not when its exercise is merely finished; the map's Continue names the game and comes
back to the step.

The test knows the exercise's answers as no learner does: the browser keeps the run's seed
(localStorage), and the questions come from it (tutor.teach.questions.Quiz)."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect
from quizzing import pick
from voila_harness import LESSONS, open_notebook, render_url
from wording import said

from tutor.teach.content import EXERCISES, PAGES, neighbours
from tutor.teach.questions import Quiz

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

PHONE = {"width": 390, "height": 844}
KEY = "trick-tutor"


def sections(notebook: str) -> list[str]:
    """The steps of a lesson as the notebook has them: each "## " heading, then Finish."""
    nb = json.loads((LESSONS / notebook).read_text(encoding="utf-8"))
    heads = [
        "".join(c["source"]).split("\n", 1)[0][3:].strip() for c in nb["cells"]
        if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## ")]
    return [*heads, said("Finish")]


def on_screen(page, locator) -> None:
    """``locator`` is inside the viewport, whole, with no scrolling."""
    box = locator.bounding_box()
    view = page.viewport_size
    assert box is not None, "not drawn"
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], \
        f"off the screen: {box} in {view}"


def where(page, n: int, count: int, title: str):
    expect(page.locator(".tt-steps-where")).to_have_text(
        said("Step {n} of {count}: {title}", n=n, count=count, title=title))


def kept(page, name: str) -> dict:
    doc = json.loads(page.evaluate(f"localStorage.getItem({KEY!r})") or "{}")
    return doc.get("items", {}).get(f"exercise:{name}", {})


def run_of(page, name: str) -> Quiz:
    """The run on the page, as the kernel has it: made again from the seed the browser keeps
    (the page has answered at least once), and brought to its place."""
    e = next(x for x in EXERCISES if x.name == name)
    item = kept(page, name)
    return Quiz.resume(e.kinds, e.game, item, e.count, reask=True)


def answer(box, quiz: Quiz, right: bool) -> int:
    """Answer the question on show right (its answer, in order) or wrong, then Check; return
    the clicks it took."""
    q = quiz.question
    ids = [c.id for c in q.choices]
    if right:
        picks = [ids.index(a) for a in q.answer]
    elif q.mode == "order":
        picks = [ids.index(a) for a in reversed(q.answer)]
    else:
        picks = [next(i for i, c in enumerate(ids) if c not in q.answer)]
    expect(box.locator(".tt-cardrow button").first).to_be_enabled()
    pick(box, picks)
    box.get_by_role("button", name=said("Check")).click()
    verdict = said("Right!") if right else said("Not quite.")
    expect(box.locator(".tt-verdict").first).to_contain_text(verdict)
    on_screen(box.page, box.locator(".tt-verdict b").first)  # its head, where the learner looks
    return len(picks) + 1


def answer_through(page, box, name: str, right) -> None:
    """Answer the run on show to its end, each question right or wrong as ``right(question)``
    says, its seed read from the browser once it keeps it."""
    while True:
        quiz = run_of(page, name)
        answer(box, quiz, right(quiz.question))
        page.wait_for_function(
            f"JSON.parse(localStorage.getItem({KEY!r})).items['exercise:{name}'].checked")
        if box.get_by_role("button", name=said("Next question")).is_hidden():
            return
        box.get_by_role("button", name=said("Next question")).click()
        page.wait_for_function(  # the browser keeps the run at its new place
            f"!JSON.parse(localStorage.getItem({KEY!r})).items['exercise:{name}'].checked")


def first_answer(page, box, name: str) -> None:
    """The first question answered wrong: the page keeps a new run at once (its seed), so a
    reload asks the same questions."""
    page.wait_for_function(
        f"(JSON.parse(localStorage.getItem({KEY!r}) || '{{}}').items || {{}})"
        f"['exercise:{name}']")
    answer(box, run_of(page, name), False)
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem({KEY!r})).items['exercise:{name}'].checked")


def try_the_task(page, n: int) -> None:
    """Step ``n``'s task, if it has one: a worked example's cards on the screen as the step
    opens; tried one by one, each verdict on the screen as it comes (refused, or allowed with
    its stars), until a card is allowed and the step is passed.  An exercise's first choices
    on the screen as its step opens."""
    step = page.locator(f'.jp-Cell[data-tt-step="{n}"]')
    quiz = step.locator(".tt-quiz .tt-cardrow button")
    if quiz.count():
        on_screen(page, quiz.first)
    example = step.locator(".tt-example.tt-task")
    if not example.count():
        return
    dot = page.locator(f'.tt-step-dot[data-step="{n}"]')
    expect(dot).not_to_have_class(re.compile("tt-step-passed"))
    cards = example.locator(".tt-cardrow button")
    on_screen(page, cards.first)
    for k in range(cards.count()):
        card = cards.nth(k)
        card.click()
        deadline = time.monotonic() + 30
        while not ("tt-task-done" in (example.get_attribute("class") or "")
                   or "tt-illegal" in (card.get_attribute("class") or "")):
            assert time.monotonic() < deadline, "no verdict"
            page.wait_for_timeout(50)
        verdict = example.locator(".tt-verdict")
        expect(verdict).to_have_count(1)
        on_screen(page, verdict)
        if "tt-task-done" in (example.get_attribute("class") or ""):
            expect(verdict.locator(".tt-stars")).to_have_count(1)
            expect(dot).to_have_class(re.compile("tt-step-passed"))
            return
        on_screen(page, card)  # the card refused, marked, beside its verdict
    raise AssertionError(f"step {n}: no card of the example was allowed")


def go_through_steps(page, notebook: str) -> list[str]:
    """Step by step with Next, from the first: the bar says where, the address keeps it, the
    step's heading is on the screen with the focus on it, its task (a worked example) and each
    verdict on the screen without scrolling.  Returns the steps' titles."""
    steps = sections(notebook)
    where(page, 1, len(steps), steps[0])
    expect(page.locator(".tt-step-dot")).to_have_count(len(steps))
    try_the_task(page, 1)
    for i in range(1, len(steps)):
        page.locator(".tt-step-next").click()
        where(page, i + 1, len(steps), steps[i])
        assert page.evaluate("location.hash") == f"#step-{i + 1}"
        current = page.locator(f'.tt-step-dot[data-step="{i + 1}"]')
        expect(current).to_have_attribute("aria-current", "step")
        if i < len(steps) - 1:  # a section's heading: on the screen, with the focus
            heading = page.locator(f'.jp-Cell[data-tt-step="{i + 1}"] h2').first
            expect(heading).to_be_focused()
            on_screen(page, heading)
        # the other steps' cells are not shown
        expect(page.locator(f'.jp-Cell[data-tt-step="{i}"]').first).to_be_hidden()
        try_the_task(page, i + 1)
    expect(page.locator(".tt-step-next")).to_be_hidden()  # the last step: no Next
    page.locator(".tt-step-back").click()
    where(page, len(steps) - 1, len(steps), steps[-2])
    return steps


def to_the_exercise(new_page, server_url, notebook: str):
    """A lesson opened in steps on a phone, gone through step by step, then its exercise's
    step by its button: (the page watched, the steps' titles, the exercise's step, its quiz)."""
    seen = new_page(viewport=PHONE)
    page = seen.page
    open_notebook(page, render_url(server_url, notebook, steps=True))
    steps = go_through_steps(page, notebook)
    exercise_step = steps.index("Exercise") + 1
    page.locator(f'.tt-step-dot[data-step="{exercise_step}"]').click()
    box = page.locator(".tt-quiz").last
    expect(box).to_be_visible()
    return seen, steps, exercise_step, box


def test_a_lesson_of_55_step_by_step_on_a_phone(new_page, server_url):
    notebook, name = "55/01-cards.ipynb", "55-cards"
    seen, steps, exercise_step, box = to_the_exercise(new_page, server_url, notebook)
    page = seen.page
    e = next(x for x in EXERCISES if x.name == name)
    expect(box.locator(".tt-quiz-top")).to_contain_text(
        said.n("{n} to go", "{n} to go", e.count, n=e.count))

    # a miss, then a reload: the same step, the same question, answered as it was
    first_answer(page, box, name)
    top = box.locator(".tt-quiz-top").text_content()
    page.reload()  # (the address keeps #step-N)
    expect(page.locator(".tt-steps-where")).to_have_text(
        said("Step {n} of {count}: {title}", n=exercise_step, count=len(steps),
             title="Exercise"), timeout=120_000)
    box = page.locator(".tt-quiz").last
    expect(box.locator(".tt-quiz-top")).to_have_text(top)
    expect(box.locator(".tt-msg-bad").first).to_be_visible()
    assert kept(page, name)["number"] == 0 and kept(page, name)["checked"]
    dot = page.locator(f'.tt-step-dot[data-step="{exercise_step}"]')
    expect(dot).not_to_have_class("tt-step-passed")

    # every other answer right at the first try: the miss is made good (its question comes
    # back), every kind shown: mastered, and the step and the lesson are done
    box.get_by_role("button", name=said("Next question")).click()
    page.wait_for_function(
        f"!JSON.parse(localStorage.getItem({KEY!r})).items['exercise:{name}'].checked")
    answer_through(page, box, name, lambda q: True)
    expect(box).to_contain_text(said("Lesson mastered: every kind of question answered right "
                                     "at the first try, and every miss made good."))
    assert kept(page, name)["mastered"] is True
    expect(dot).to_have_class("tt-step-dot tt-step-passed")
    page.locator(".tt-step-next").click()
    expect(page.locator(".tt-lesson-footer")).to_be_visible()
    seen.page.screenshot(path="test-artefacts/steps-55-finish-phone.png")

    # the map: done, and Continue (the lesson done) leads on to the next lesson, by game
    open_notebook(page, render_url(server_url, "index.ipynb"))
    tile = page.locator(f'a.tt-tile[href="{notebook}"]')
    expect(tile.locator(".tt-state-done")).to_be_visible()
    after = neighbours(next(p for p in PAGES if p.id == name))[1]
    expect(page.locator("a.tt-continue-link")).to_contain_text(
        said("Continue: {page}", page=said("{game} · {page}", game="55", page=said(after.title))))
    assert seen.errors == []


def test_a_lesson_of_56_is_done_only_at_mastery(new_page, server_url):
    notebook = "56/02-ranks.ipynb"
    name = next(p.id for p in PAGES if p.notebook == notebook)
    seen, steps, exercise_step, box = to_the_exercise(new_page, server_url, notebook)
    page = seen.page
    first_answer(page, box, name)
    missed_kind = run_of(page, name).question.kind
    box.get_by_role("button", name=said("Next question")).click()
    page.wait_for_function(
        f"!JSON.parse(localStorage.getItem({KEY!r})).items['exercise:{name}'].checked")
    # every question of the kind first missed, missed again: finished, but not mastered
    answer_through(page, box, name, lambda q: q.kind != missed_kind)
    item = kept(page, name)
    assert item["best"] is not None and not item["mastered"] and missed_kind in item["owed"]
    dot = page.locator(f'.tt-step-dot[data-step="{exercise_step}"]')
    expect(dot).not_to_have_class("tt-step-passed")
    footer = page.locator(".tt-lesson-footer")
    expect(footer.locator(".tt-done")).to_have_count(0)

    # the one missed, retried and answered right: made good, yet never right at the first
    # try without a hint: still not mastered
    box.get_by_role("button", name=said("Try the ones I missed ({n})", n=len(item["missed"])))\
        .click()
    page.wait_for_function(  # the retry, kept
        f"JSON.parse(localStorage.getItem({KEY!r})).items['exercise:{name}'].order !== null")
    answer_through(page, box, name, lambda q: True)
    item = kept(page, name)
    assert not item["owed"] and not item["mastered"]
    # new questions, all right at the first try: mastered, done
    box.get_by_role("button", name=said("New questions")).click()
    first_seed = item["seed"]
    page.wait_for_function(  # the new run, kept at once
        f"JSON.parse(localStorage.getItem({KEY!r})).items['exercise:{name}'].seed "
        f"!== {first_seed}")
    answer_through(page, box, name, lambda q: True)
    assert kept(page, name)["mastered"] is True
    expect(dot).to_have_class("tt-step-dot tt-step-passed")
    page.screenshot(path="test-artefacts/steps-56-mastered-phone.png")

    # the map's Continue names the game and comes back to this lesson's step
    open_notebook(page, render_url(server_url, "index.ipynb"))
    go = page.locator("a.tt-continue-link")
    after = neighbours(next(p for p in PAGES if p.id == name))[1]
    expect(go).to_contain_text(said("{game} · {page}", game="56", page=said(after.title)))
    assert seen.errors == []
