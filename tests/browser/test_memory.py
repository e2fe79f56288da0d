"""The tutor remembers the learner in their own browser (localStorage), as a learner meets it:
an exercise answered, the page reloaded, the exercise back where it was; an exercise finished
with hints is not done yet, one mastered (issue #39) is: the lesson map shows it done and
Continue leads on; two tabs answering at once keep both; stored data that is not the tutor's
is said in words and can be cleared."""

from __future__ import annotations

import json
import re
from datetime import UTC

import pytest
from playwright.sync_api import expect
from quizzing import button, choices, pick, to_step_of
from voila_harness import open_notebook, render_url
from watch import settle
from wording import said

from tutor.engine.messages import render
from tutor.teach.content import EXERCISES
from tutor.teach.questions import Quiz
from tutor.ui.quiz import kind_title, score_text

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

LESSON = "55/01-cards.ipynb"
KEY = "trick-tutor"
# the run's counter (issue #39): what is left, "6 to go", "5 to go, 1 to retry", "1 to retry",
# "all answered"; then the score of the first answers
TO_GO, TO_RETRY = re.compile(r"\b(\d+) to go\b"), re.compile(r"\b(\d+) to retry\b")
SCORE = re.compile(r"Score: ([\d.]+) / (\d+)")
MARKED = ".tt-cardrow .tt-right, .tt-cardrow .tt-wrong, .tt-cardrow .tt-missed"


def exercise(page):
    return page.locator(".tt-quiz").last  # the lesson's exercise: its last quiz


def top(box) -> tuple[int, int, str, int]:
    """The run's line: (new questions to go, questions to retry, score, answered)."""
    where = box.locator(".tt-quiz-top .tt-title").inner_text()
    text = box.locator(".tt-quiz-top").inner_text()
    go, retry, score = TO_GO.search(where), TO_RETRY.search(where), SCORE.search(text)
    assert score and (go or retry or "all answered" in where), text
    return int(go[1]) if go else 0, int(retry[1]) if retry else 0, score[1], int(score[2])


def stars(box):
    """The marks of the run's stars in its top line, one for each answer (an exercise's)."""
    return box.locator(".tt-quiz-top .tt-star-line .tt-stars")


def next_question(box) -> None:
    """Press "Next question" and wait for the next one: the counter does not change (the
    question answered and the one now on show are both counted), the feedback goes."""
    button(box, "Next question").click()
    expect(box.locator(".tt-msg-ok, .tt-msg-bad")).to_have_count(0)
    expect(box.locator(MARKED)).to_have_count(0)


def answer_any(box) -> None:
    """Give some answer to the question on show: every choice clicked (an order then places
    them all, a many-answer question takes them all, a one-answer question the last), then
    Check; the result does not matter here.  The last question's choices (marked right or
    wrong) may still be on show for a moment after "Next question": wait for the new ones."""
    expect(box.locator(MARKED)).to_have_count(0)
    buttons = box.locator(".tt-cardrow button")
    expect(buttons.first).to_be_enabled()
    pick(box, list(range(buttons.count())))
    button(box, "Check").click()
    expect(box.locator(".tt-msg-ok, .tt-msg-bad").first).to_be_visible()


def answer_to_the_end(box, count: int) -> None:
    """Answer every question of the run on show (from its first), the ones missed and asked
    again included, until it says it is done; each answer adds its stars to the top line."""
    done = box.locator(".tt-msg-info", has_text=re.compile("Exercise complete|Done:"))
    n = 1
    while True:
        answer_any(box)
        expect(stars(box)).to_have_count(n)
        if done.count():
            break
        n += 1
        assert n <= 2 * count, "the run does not end"
        next_question(box)
    expect(box.locator(".tt-quiz-top")).to_contain_text("all answered")


def the_exercise(name: str = "55-cards"):
    return next(e for e in EXERCISES if e.name == name)


def the_run(seed: int, name: str = "55-cards") -> Quiz:
    """The run of the exercise ``name`` the page asks from ``seed`` (the kernel's, made
    again: the same questions in the same order)."""
    e = the_exercise(name)
    return Quiz(e.kinds, e.game, seed, e.count, reask=True)


def wrong_picks(q) -> list[str]:
    """A wrong answer to the question ``q``: its order reversed, or a choice not in it."""
    if q.mode == "order":
        return list(reversed(q.answer))
    others = [c.id for c in q.choices if c.id not in q.answer]
    return others[:1] if q.mode == "one" else [*q.answer, *others[:1]]


def answer(box, run: Quiz, right: bool = True, hint: bool = False) -> None:
    """Answer the question on show, right or wrong as told, as ``run`` (the page's run, made
    again from its seed) knows it, after one hint if ``hint``: the choices clicked by place
    (the buttons are the question's choices, in order); ``run`` answers too, to keep up with
    the page.  The answer's stars are shown (beside "Right!", and added to the top line), and
    the counter says what is left of the run, as ``run`` has it."""
    q = run.question
    expect(box.locator(MARKED)).to_have_count(0)  # the new question drawn
    expect(button(box, "Check")).to_be_enabled()
    assert [label for label, _ in choices(box)] == [c.label for c in q.choices], \
        "the page does not ask the run's question"
    if hint:
        button(box, "Hint").click()
        expect(box.locator(".tt-msg-hint").first).to_be_visible()
        run.attempt.next_hint()
    ids = [c.id for c in q.choices]
    picks = list(q.answer) if right else wrong_picks(q)
    pick(box, [ids.index(i) for i in picks])
    button(box, "Check").click()
    run.answer(picks[0] if q.mode == "one" else picks)
    verdict = box.locator(".tt-msg-ok, .tt-msg-bad").first
    expect(verdict).to_contain_text("Right!" if right else "Not quite.")
    if right:
        expect(verdict.locator(".tt-stars")).to_have_class(
            re.compile(rf"\btt-stars-{run.stars[-1]}\b"))
    expect(stars(box)).to_have_count(len(run.stars))
    expect(stars(box).last).to_have_class(re.compile(rf"\btt-stars-{run.stars[-1]}\b"))
    assert top(box) == (*run.to_go, score_text(run.score), run.answered)


def choose_file(scope, path: str) -> None:
    """Press "Import a file" and choose ``path`` in the browser's file chooser."""
    with scope.page.expect_file_chooser() as chooser:
        scope.get_by_role("button", name="Import a file").click()
    chooser.value.set_files(path)


def at_origin(page, server_url: str) -> None:
    """Open a file of the site that stays put (``/`` moves on to the start page), to write
    the origin's storage before a page of the tutor reads it."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    page.goto(server_url + "voila/templates/tutor/static/tutor.css")


def stored(page) -> dict:
    text = page.evaluate(f"localStorage.getItem({KEY!r})")
    return json.loads(text) if text else {}


def kept_run(page, name: str = "55-cards") -> dict:
    return stored(page).get("items", {}).get(f"exercise:{name}", {})


def wait_kept_finished(page, count: int, name: str = "55-cards") -> None:
    """Wait until the browser keeps the run finished: its last answer checked and a best
    score (``best`` is stored, as null, from the first answer on: its key alone says
    nothing)."""
    page.wait_for_function(
        f"(() => {{ const d = JSON.parse(localStorage.getItem({KEY!r}) || '{{}}');"
        f" const r = (d.items || {{}})['exercise:{name}'];"
        f" return r && r.answered === {count} && r.checked && r.best !== null; }})()")


def test_an_exercise_is_back_where_it_was_after_a_reload(watched, server_url):
    page = watched.page
    open_notebook(page, render_url(server_url, LESSON))
    box = exercise(page)
    count = the_exercise().count
    assert top(box) == (count, 0, "0", 0)  # "6 to go", nothing answered
    expect(stars(box)).to_have_count(0)
    answer_any(box)
    next_question(box)
    expect(box.locator(".tt-quiz-top")).to_contain_text(f"{count - 1} to go")  # on question 2
    answer_any(box)
    shown = top(box)
    page.wait_for_function(f"(localStorage.getItem({KEY!r}) || '').includes('\"answered\":2')")
    run = kept_run(page)
    assert run["number"] == 1 and run["checked"] is True and run["answered"] == 2
    # two answered: the others to go, and each one missed to retry later in the run
    assert shown == (count - 2, len(run["missed"]), shown[2], 2)
    assert len(run["stars"]) == 2
    expect(stars(box)).to_have_count(2)

    page.reload()
    open_notebook(page, render_url(server_url, LESSON))
    box = exercise(page)
    expect(box.locator(".tt-quiz-top")).to_contain_text(f"{count - 2} to go")  # picked up
    assert top(box) == shown
    expect(stars(box)).to_have_count(2)
    assert kept_run(page)["number"] == 1  # still on question 2
    # the question answered is shown answered, with its result; Next goes on to question 3
    expect(box.locator(".tt-msg-ok, .tt-msg-bad").first).to_be_visible()
    next_question(box)
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem({KEY!r})).items['exercise:55-cards'].number === 2")
    assert top(box) == shown  # question 3 is a new one (a miss comes back two later)
    expect(box.locator(".tt-quiz-top")).not_to_contain_text("again: one you missed")
    assert kept_run(page)["seed"] == run["seed"]
    assert watched.errors == []


def test_a_finished_exercise_is_done_only_once_mastered_and_continue_leads_on(watched,
                                                                              server_url):
    """A run finished with a hint to every question of one kind (the first of them missed,
    then made good when asked again) is not the lesson done: the map says it in progress and
    Continue leads back to it.  The next run, every question right at the first try without
    a hint, masters it (issue #39): done on the map, and Continue leads on.  (The page's runs
    are made again here from the seeds the browser keeps: the same questions, so their
    answers are known.)"""
    page = watched.page
    e = the_exercise()
    count = e.count
    open_notebook(page, render_url(server_url, LESSON))
    box = exercise(page)
    footer = page.locator(".tt-lesson-footer")
    assert top(box) == (count, 0, "0", 0)
    # a new run is kept at once, before any answer: its seed, so its questions
    page.wait_for_function(f"(localStorage.getItem({KEY!r}) || '').includes('exercise:55-cards')")
    assert kept_run(page)["answered"] == 0
    run = the_run(kept_run(page)["seed"])
    hinted = run.question.kind  # every question of this kind with a hint
    first = True
    while True:
        answer(box, run, right=not first, hint=run.question.kind == hinted)
        if first:  # missed: to be asked again a little later
            assert top(box)[:2] == (count - 1, 1)
            first = False
        if run.finished:
            break
        next_question(box)
        run.next()
    assert not run.mastered and run.missed and 1 in run.stars  # (made good when asked again)
    expect(box).to_contain_text("Exercise complete")
    expect(box.locator(".tt-quiz-top")).to_contain_text("all answered")
    # not mastered: the page says which kind is still to show, the lesson is not done
    kind = said.within(lambda: render(kind_title(hinted)))
    expect(box).to_contain_text(said.n(
        "To master this lesson, answer a question of this kind right at the first try, "
        "without a hint: {kinds}.",
        "To master this lesson, answer a question of each of these kinds right at the first "
        "try, without a hint: {kinds}.", 1, kinds=kind))
    expect(box).not_to_contain_text("Lesson mastered")
    expect(box).not_to_have_class(re.compile(r"\btt-task-done\b"))
    expect(stars(box)).to_have_count(len(run.stars))
    expect(box.locator(".tt-quiz-top .tt-stars-3")).to_have_count(run.stars.count(3))
    wait_kept_finished(page, count)
    kept = kept_run(page)
    assert kept["mastered"] is False and kept["owed"] == [] and hinted not in kept["shown"]
    assert kept["stars"] == run.stars and kept["best"] == run.score < count
    settle(footer)
    expect(footer.locator(".tt-done")).to_have_count(0)  # not "Done: you have ..."
    expect(footer).not_to_contain_text("Done:")

    open_notebook(page, render_url(server_url, "index.ipynb"))
    tile = page.locator("a.tt-tile", has_text="1. The cards")
    expect(tile.locator(".tt-state-started")).to_contain_text(
        f"In progress · best {kept['best']:g} of {count}")
    expect(tile.locator(".tt-state-done")).to_have_count(0)
    expect(page.locator(".tt-track-progress").first).to_contain_text("0 of 9 lessons done")
    go = page.locator("a.tt-continue-link")
    expect(go).to_contain_text("Continue: 55 · 1. The cards")  # not done: back to it
    go.click()
    expect(page.locator(".tt-header-title")).to_contain_text("1. The cards", timeout=60_000)
    box = exercise(page)  # the lesson in steps, as a link opens it: on to the exercise's
    to_step_of(page, box)
    expect(button(box, "New questions")).to_be_visible()  # the run kept, finished
    footer = page.locator(".tt-lesson-footer")
    settle(footer)
    expect(footer.locator(".tt-done")).to_have_count(0)  # not "Done: you have ..."
    expect(footer).not_to_contain_text("Done:")

    # New questions: a new run, kept at once
    button(box, "New questions").click()
    page.wait_for_function(
        f"(r => r && r.seed !== {kept['seed']} && r.answered === 0)"
        f"(JSON.parse(localStorage.getItem({KEY!r})).items['exercise:55-cards'])")
    run = the_run(kept_run(page)["seed"])
    assert top(box) == (count, 0, "0", 0)
    while True:
        answer(box, run)
        if run.finished:
            break
        next_question(box)
        run.next()
    assert run.mastered and run.stars == [3] * count
    expect(box).to_contain_text("Exercise complete")
    expect(box.locator(".tt-msg-ok", has_text="Lesson mastered")).to_be_visible()
    expect(box).to_have_class(re.compile(r"\btt-task-done\b"))
    expect(box.locator(".tt-quiz-top .tt-stars-3")).to_have_count(count)
    expect(box.get_by_role("button", name="New questions")).to_be_visible()
    done = footer.locator(".tt-done")  # "Done: you have mastered this lesson's exercise..."
    expect(done).to_contain_text("Done:")
    expect(done).to_contain_text(f"best score {count:g} of {count}")
    wait_kept_finished(page, count)
    kept = kept_run(page)
    assert kept["mastered"] is True and kept["best"] == count

    open_notebook(page, render_url(server_url, "index.ipynb"))
    tile = page.locator("a.tt-tile", has_text="1. The cards")
    expect(tile.locator(".tt-state-done")).to_contain_text(f"Done · best {count:g} of {count}")
    expect(page.locator(".tt-track-progress").first).to_contain_text("1 of 9 lessons done")
    expect(page.locator("a.tt-tile", has_text="2. The trump suit")).to_contain_text(
        "Not started")
    go = page.locator("a.tt-continue-link")
    expect(go).to_contain_text("Continue: 55 · 2. The trump suit")  # lesson 1 is done: on to 2
    go.click()
    expect(page.locator(".tt-header-title")).to_contain_text("2. The trump suit",
                                                             timeout=60_000)
    assert watched.errors == []


def test_retry_asks_the_missed_ones_and_new_questions_start_afresh(watched, server_url):
    page = watched.page
    open_notebook(page, render_url(server_url, LESSON))
    box = exercise(page)
    count = top(box)[0]
    answer_to_the_end(box, count)
    wait_kept_finished(page, count)
    run = kept_run(page)
    missed = len(run["missed"])
    if missed:
        box.get_by_role("button", name=f"Try the ones I missed ({missed})").click()
        expect(box.locator(".tt-quiz-top")).to_contain_text("the ones you missed")
        expect(box.locator(".tt-quiz-top")).to_contain_text(f"{missed} to go")
        assert top(box) == (missed, 0, "0", 0)
        page.wait_for_function(f"(localStorage.getItem({KEY!r}) || '').includes('\"order\":[')")
        assert kept_run(page)["order"] == run["missed"]
        assert kept_run(page)["best"] == run["best"]  # kept while the missed ones are retried
    else:
        expect(box.get_by_role("button", name=re.compile("Try the ones"))).to_be_hidden()
    page.reload()
    open_notebook(page, render_url(server_url, LESSON))
    box = exercise(page)
    if missed:  # picked up again: the retry, where it was
        expect(box.locator(".tt-quiz-top")).to_contain_text("the ones you missed")
        expect(box.locator(".tt-quiz-top")).to_contain_text(f"{missed} to go")
        assert top(box) == (missed, 0, "0", 0)
        answer_to_the_end(box, missed)
    expect(box.get_by_role("button", name="New questions")).to_be_visible()
    box.get_by_role("button", name="New questions").click()
    expect(box.locator(".tt-quiz-top")).not_to_contain_text("the ones you missed")
    expect(box.locator(".tt-quiz-top")).to_contain_text(f"{count} to go")
    assert top(box) == (count, 0, "0", 0)
    expect(stars(box)).to_have_count(0)
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem({KEY!r})).items['exercise:55-cards'].seed"
        f" !== {run['seed']}")
    assert watched.errors == []


def test_two_tabs_answering_at_once_lose_nothing(new_page, server_url):
    first = new_page()
    context = first.page.context
    second = context.new_page()
    open_notebook(first.page, render_url(server_url, LESSON))
    open_notebook(second, render_url(server_url, "55/02-trumps.ipynb"))
    one, two = exercise(first.page), exercise(second)
    answer_any(one)
    answer_any(two)
    # (each run is kept from the start: wait for both answers, each from its own tab)
    first.page.wait_for_function(
        f"(d => d && ['exercise:55-cards', 'exercise:55-trumps'].every("
        f"k => (d.items || {{}})[k] && d.items[k].answered === 1))"
        f"(JSON.parse(localStorage.getItem({KEY!r})))")
    items = stored(first.page)["items"]
    assert items["exercise:55-cards"]["answered"] == 1
    assert items["exercise:55-trumps"]["answered"] == 1
    second.close()
    assert first.errors == []


def test_data_that_is_not_the_tutors_is_said_and_may_be_cleared(watched, server_url):
    page = watched.page
    at_origin(page, server_url)  # to write its storage as another app might
    page.evaluate(f"localStorage.setItem({KEY!r}, '{{\"app\": \"something else\"}}')")
    open_notebook(page, render_url(server_url, LESSON))
    notice = page.locator(".tt-memory-notice")
    expect(notice).to_contain_text("Your saved progress could not be used")
    expect(notice).to_contain_text("not written by Trick Tutor")
    box = exercise(page)
    answer_any(box)  # the lessons work meanwhile; the other data is left as it was
    settle(box)
    assert stored(page) == {"app": "something else"}
    page.get_by_role("button", name="Start afresh").click()
    expect(notice).to_be_empty()
    page.wait_for_function(f"(localStorage.getItem({KEY!r}) || '').includes('trick-tutor')")
    next_question(box)
    answer_any(box)
    page.wait_for_function(f"(localStorage.getItem({KEY!r}) || '').includes('exercise:')")
    assert stored(page)["app"] == "trick-tutor"
    assert watched.errors == []


def test_the_review_asks_what_is_due_and_schedules_it_again(watched, server_url):
    """A learner who answered two kinds of question three days ago (their browser holds what
    the tutor wrote then): the map says two are due, the review page asks them, and each answer
    moves its next review on."""
    from datetime import datetime, timedelta

    from tutor.teach import progress, review

    then = datetime.now(UTC) - timedelta(days=3)
    items = {}
    for game, kind, rule, right in [("55", "legal_cards:trump_lead", "55-RENEGE", False),
                                    ("56", "trick_points", "56-POINTS", True)]:
        items[progress.review_key(game, kind, rule)] = {
            **review.reviewed(None, game, kind, rule, right, 0, then), "t": 1}
    page = watched.page
    at_origin(page, server_url)
    page.evaluate(f"t => localStorage.setItem({KEY!r}, t)", progress.dump(items))
    open_notebook(page, render_url(server_url, "index.ipynb"))
    expect(page.locator("a.tt-due-link")).to_contain_text("Due for review: 2")
    page.locator("a.tt-due-link").click()
    expect(page.locator(".tt-header-title")).to_contain_text("Review", timeout=60_000)
    box = page.locator(".tt-review")
    expect(box.locator(".tt-review-status")).to_contain_text("2 due for review")
    expect(box.locator(".tt-review-status")).to_contain_text("55-RENEGE")
    quiz = box.locator(".tt-quiz")
    # a review's run is not an exercise: what is left, but no stars
    expect(quiz.locator(".tt-quiz-top")).to_contain_text("2 to go")
    assert top(quiz) == (2, 0, "0", 0)
    to_step_of(page, quiz)
    answer_any(quiz)
    expect(quiz.locator(".tt-quiz-top")).to_contain_text("1 to go")
    key = progress.review_key("55", "legal_cards:trump_lead", "55-RENEGE")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem({KEY!r})).items[{key!r}].t > 1")
    kept = stored(page)["items"][key]
    assert datetime.fromisoformat(kept["card"]["due"]) > datetime.now(UTC)
    assert kept["right"] + kept["wrong"] == 2
    next_question(quiz)
    assert top(quiz)[:2] == (1, 0)  # the second (a review asks no miss again in its run)
    answer_any(quiz)
    expect(quiz.locator(".tt-quiz-top")).to_contain_text("all answered")
    assert top(quiz)[3] == 2
    expect(quiz.locator(".tt-star-line, .tt-stars")).to_have_count(0)
    # the end: "New questions" while something is still due, else word that nothing is
    more = quiz.get_by_role("button", name="New questions")
    nothing = quiz.locator(".tt-msg-ok", has_text="Nothing more is due now")
    expect(more.or_(nothing)).to_be_visible()
    keys = list(items)
    page.wait_for_function(
        f"(d => {json.dumps(keys)}.every(k => d.items[k].t > 1))"
        f"(JSON.parse(localStorage.getItem({KEY!r})))")
    soonest = min(datetime.fromisoformat(i["card"]["due"])
                  for i in map(stored(page)["items"].get, keys))
    if soonest > datetime.now(UTC):  # each answer moved its review on: nothing due at the end
        expect(nothing).to_be_visible()
        expect(more).to_be_hidden()
    assert watched.errors == []


def test_export_forget_and_import_bring_everything_back(watched, server_url):
    page = watched.page
    open_notebook(page, render_url(server_url, LESSON))
    box = exercise(page)
    answer_any(box)
    page.wait_for_function(f"(localStorage.getItem({KEY!r}) || '').includes('\"answered\":1')")
    before = stored(page)["items"]
    open_notebook(page, render_url(server_url, "index.ipynb"))
    tile = page.locator("a.tt-tile", has_text="1. The cards")
    expect(tile.locator(".tt-state-started")).to_be_visible()
    mine = page.locator(".tt-mydata")
    with page.expect_download() as download:
        mine.locator("a.tt-export").click()
    exported = download.value.path()
    assert json.loads(open(exported, encoding="utf-8").read())["items"] == before

    mine.get_by_role("button", name="Forget my progress").click()
    mine.get_by_role("button", name="Yes, forget everything").click()
    expect(mine.locator(".tt-mydata-message")).to_contain_text("Forgotten")
    expect(tile).to_contain_text("Not started")
    page.wait_for_function(f"!(localStorage.getItem({KEY!r}) || '').includes('exercise:')")

    choose_file(mine, exported)
    expect(mine.locator(".tt-mydata-message")).to_contain_text(f"Imported {len(before)} items")
    expect(tile.locator(".tt-state-started")).to_be_visible()
    page.wait_for_function(f"(localStorage.getItem({KEY!r}) || '').includes('exercise:')")
    assert stored(page)["items"] == before

    # a file that is not the tutor's: said in words, nothing changed
    broken = f"{exported}.bad.json"
    with open(broken, "w", encoding="utf-8") as f:
        f.write("{ not json")
    choose_file(mine, broken)
    expect(mine.locator(".tt-mydata-message")).to_contain_text(
        "Nothing was imported: the saved progress is not readable")
    assert stored(page)["items"] == before
    assert watched.errors == []


def test_the_four_colour_setting_repaints_every_page(watched, server_url):
    page = watched.page
    open_notebook(page, render_url(server_url, "index.ipynb"))
    toggle = page.get_by_role("button", name="Four-colour deck")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("document.documentElement.classList.contains('tt-four-colour')")

    open_notebook(page, render_url(server_url, "55/01-cards.ipynb"))  # a page of diamonds
    assert page.evaluate("document.documentElement.classList.contains('tt-four-colour')")
    colours = page.evaluate("""() => ({
        ink: [...document.querySelectorAll('.tt-ink-d')].map(e => getComputedStyle(e).fill),
        chip: [...document.querySelectorAll('.tt-chip.tt-suit-d')]
                .map(e => getComputedStyle(e).color),
        hearts: [...document.querySelectorAll('.tt-ink-h')].map(e => getComputedStyle(e).fill),
    })""")
    blue = "rgb(26, 85, 196)"  # #1a55c4
    assert colours["ink"] or colours["chip"], "no diamond on the page"
    assert set(colours["ink"] + colours["chip"]) == {blue}
    assert blue not in colours["hearts"]

    open_notebook(page, render_url(server_url, "index.ipynb"))
    page.get_by_role("button", name="Four-colour deck").click()
    page.wait_for_function("!document.documentElement.classList.contains('tt-four-colour')")
    assert watched.errors == []


# -- sizes (issue #35): progress too big for the page's socket -----------------------------------
HOSTILE = ('{"app": "trick-tutor", "version": 1, "items": {"page:x": {"t": 1, "junk": "'
           + '\\"' * 330_000 + '"}}}')  # 660 KB: 1.3 MB once sent as a JSON string


@pytest.mark.parametrize("text", [HOSTILE, "\u0001" * 200_000], ids=["quotes", "controls"])
def test_progress_too_big_to_read_is_said_and_start_afresh_works(watched, server_url, text):
    """Stored progress that would close the page's socket if it were sent (the server's limit
    is 1 MiB a message): the page says it cannot be read and offers Start afresh, which
    works; the lessons work meanwhile."""
    page = watched.page
    at_origin(page, server_url)
    page.evaluate(f"t => localStorage.setItem({KEY!r}, t)", text)
    open_notebook(page, render_url(server_url, LESSON))
    notice = page.locator(".tt-memory-notice")
    expect(notice).to_contain_text("Your saved progress could not be used")
    expect(notice).to_contain_text(f"too big to read ({len(text):,} characters")
    box = exercise(page)
    count = top(box)[0]
    answer_any(box)  # the page answers: its socket is open
    settle(box)
    assert page.evaluate(f"localStorage.getItem({KEY!r}).length") == len(text)  # left alone
    page.get_by_role("button", name="Start afresh").click()
    expect(notice).to_be_empty()
    next_question(box)
    answer_any(box)
    page.wait_for_function(f"(localStorage.getItem({KEY!r}) || '').includes('\"answered\":2')")
    assert stored(page)["app"] == "trick-tutor"
    page.reload()  # and it reads again: on question 2, answered
    open_notebook(page, render_url(server_url, LESSON))
    expect(exercise(page).locator(".tt-quiz-top")).to_contain_text(f"{count - 2} to go")
    assert kept_run(page)["number"] == 1
    expect(page.locator(".tt-memory-notice")).to_be_empty()
    assert watched.errors == []


def test_a_file_too_big_to_import_is_refused_in_words(watched, server_url, tmp_path):
    page = watched.page
    open_notebook(page, render_url(server_url, "index.ipynb"))
    mine = page.locator(".tt-mydata")
    message = mine.locator(".tt-mydata-message")
    big = tmp_path / "progress.json"
    big.write_text(HOSTILE, encoding="utf-8")
    choose_file(mine, str(big))
    expect(message).to_contain_text(
        f"Nothing was imported: progress.json is {len(HOSTILE):,} bytes, too big to be "
        "progress saved by the tutor (a file holds at most 400,000)")
    huge = tmp_path / "huge.json"
    huge.write_text("x" * 3_000_000, encoding="utf-8")  # over the socket's limit
    choose_file(mine, str(huge))
    expect(message).to_contain_text("Nothing was imported: huge.json is 3,000,000 bytes")
    # the page still answers (its socket is open), and nothing was kept
    toggle = page.get_by_role("button", name="Four-colour deck")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(f"(localStorage.getItem({KEY!r}) || '').includes('four_colour')")
    assert "page:x" not in stored(page)["items"]
    assert watched.errors == []
