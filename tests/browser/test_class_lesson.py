"""A lesson together, in real pages through one Voila: the teacher's class page readies a
lesson for the class, the server runs its pages ahead in Voila's pool, a learner opens it
from the link on their class page and gets one of those pages, and ending the class shuts
the pages nobody opened."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from quizzing import to_step_of
from test_axe import audit, describe, severe, tall_window
from voila_harness import (
    WIDGET_VIEW_MIME,
    open_notebook,
    page_kernel_id,
    render_url,
    wait_until,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(420)]

PHONE = {"width": 390, "height": 844}
LESSON = "55/04-renege.ipynb"
READY = """(widgets) => !document.getElementById('loading')
    && document.getElementById('rendered_cells')?.style.display !== 'none'
    && document.querySelectorAll('.jp-OutputArea-output:has(.jupyter-widgets)').length
       >= widgets"""


def test_a_lesson_readied_for_the_class_is_served_from_the_pages_run_ahead(new_page, server):
    teacher = new_page().page
    open_notebook(teacher, render_url(server.url, "class.ipynb"))
    teacher.get_by_role("button", name="Start a class").click()
    code = teacher.locator(".tt-class-code").inner_text()
    join = teacher.locator(".tt-class-url").inner_text()

    seen = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    ana = seen.page
    open_notebook(ana, join)
    box = ana.locator(".tt-class-learner")
    box.get_by_role("textbox", name="Nickname").fill("Ana")
    box.get_by_role("button", name="Join").click()
    expect(box.locator(".tt-class-me")).to_contain_text("You have joined, Ana")

    before = set(server.kernels())
    teacher.get_by_role("combobox", name="Lesson").select_option(value=None,
                                                                 label="55 · 4. Renege rights")
    learners = teacher.get_by_role("spinbutton", name="Learners")
    learners.fill("3")
    learners.press("Tab")
    teacher.get_by_role("button", name="Get it ready").click()
    status = teacher.locator(".tt-class-lesson-status")
    expect(status).to_contain_text("55 · 4. Renege rights")
    # the server runs three pages of the lesson ahead, and says so on the teacher's page
    expect(status).to_contain_text(re.compile(r"3 of its pages ready and 0 opened"),
                                   timeout=120_000)
    waiting = set(server.kernels()) - before
    assert len(waiting) == 3, waiting

    link = box.get_by_role("link", name="Open 55 · 4. Renege rights")
    expect(link).to_be_visible()
    for page in (teacher, ana):  # the status and the link: axe-clean, whole page
        tall_window(page)
        results = audit(page)
        found = severe(results)
        assert found == {}, describe(results, found)
    assert link.get_attribute("href") == LESSON
    responses = []
    ana.context.on("response", lambda r: responses.append(r) if r.url.endswith(LESSON)
                   else None)
    with ana.context.expect_page() as opened:
        link.click()
    lesson = opened.value
    lesson.wait_for_load_state("load")
    widgets = responses[0].text().count(f'"{WIDGET_VIEW_MIME}"')
    assert widgets > 0
    lesson.wait_for_function(READY, arg=widgets, timeout=60_000, polling=100)
    expect(lesson.get_by_role("heading", name=re.compile("Renege"))).to_be_visible()
    kernel = page_kernel_id(lesson)
    assert kernel in waiting, "the lesson was not served from the pages run ahead"
    assert f"Using pre-heated kernel: {kernel} for {LESSON}" in server.log_text()
    expect(status).to_contain_text("2 of its pages ready and 1 opened", timeout=30_000)
    assert len(set(server.kernels()) - before) == 3, "a page taken was replaced"

    # the page opened is a working lesson
    first = lesson.get_by_role("button", name=re.compile("Check|Show"), include_hidden=True).first
    to_step_of(lesson, first)  # opened by its link: in steps, on to the step that holds it
    first.click()
    expect(lesson.locator(".tt-msg").first).to_be_visible()

    end = teacher.get_by_role("button", name="End the class")
    end.click()
    teacher.get_by_role("button", name=re.compile("Press again")).click()
    expect(teacher.locator(".tt-msg-ok").filter(has_text=f"Class {code} has ended")
           ).to_be_visible()
    unused = waiting - {kernel}
    wait_until(lambda: not (unused & set(server.kernels())), 30,
               "the pages nobody opened to be shut down")
    assert kernel in server.kernels(), "the learner's page lost its kernel"
    expect(box.locator(".tt-class-lesson-link")).to_have_count(0)
    lesson.close(run_before_unload=True)
