"""A lesson is done at mastery, not at a score (issue #39): every kind of question of its
exercise answered right at the first try without a hint, every miss made good; each answer's
stars; what is left of a run said plainly ("3 to go, 1 to retry")."""

from __future__ import annotations

import pytest
from wording import said

from tutor.teach import progress
from tutor.teach.content import EXERCISES
from tutor.teach.questions import MOST_STARS, Quiz, stars_for
from tutor.ui import quiz as ui

EXERCISE = {e.name: e for e in EXERCISES}


def answer_of(quiz: Quiz, right: bool):
    q = quiz.question
    if right:
        return q.answer[0] if q.mode == "one" else list(q.answer)
    if q.mode == "order":
        return list(reversed(q.answer))
    wrong = [c.id for c in q.choices if c.id not in q.answer]
    return wrong[0] if q.mode == "one" else wrong[:1] or [q.answer[0]]


def play(quiz: Quiz, right=lambda q: True) -> None:
    """Answer the run's questions in turn, each right or wrong as ``right(question)`` says."""
    while True:
        quiz.answer(answer_of(quiz, right(quiz.question)))
        if quiz.finished:
            return
        quiz.next()


@pytest.mark.parametrize("name", sorted(EXERCISE))
def test_every_answer_right_at_the_first_try_is_mastery(name):
    e = EXERCISE[name]
    quiz = Quiz(e.kinds, e.game, 5, e.count, reask=True)
    play(quiz)
    assert quiz.mastered and quiz.shown == set(e.kinds) and not quiz.owed
    assert quiz.stars == [MOST_STARS] * e.count
    assert progress.lesson_state({progress.exercise_key(name): progress.exercise_item(
        quiz.record(), e.count, True, None)}, name, name) == "done"


def test_half_right_is_not_done_and_a_miss_made_good_is():
    e = EXERCISE["55-cards"]
    quiz = Quiz(e.kinds, e.game, 3, e.count, reask=True)
    first_kind = quiz.question.kind
    play(quiz, lambda q: q.kind != first_kind)  # every question of one kind missed
    assert quiz.finished and not quiz.mastered and quiz.owed == {first_kind}
    item = progress.exercise_item(quiz.record(), e.count, True, None)
    assert item["best"] >= e.count / 2  # a score over a half, yet not done
    assert progress.lesson_state({"exercise:55-cards": item}, "55-cards") == "started"
    assert 0 in quiz.stars and first_kind not in quiz.shown
    # the missed ones, asked again in a retry, answered right: made good
    again = quiz.retry()
    assert again.owed == quiz.owed and again.shown == quiz.shown
    play(again)
    assert not again.owed and set(again.stars) == {1}  # a retry's right answer: one star
    assert not again.mastered  # shown at the first try? not yet
    # new questions carry what was shown
    fresh = Quiz(e.kinds, e.game, 99, e.count, reask=True, carry=again)
    play(fresh)
    assert fresh.mastered
    done = progress.exercise_item(fresh.record(), e.count, True, item)
    assert progress.lesson_state({"exercise:55-cards": done}, "55-cards") == "done"
    # once done, a later run's miss does not undo it
    later = Quiz(e.kinds, e.game, 7, e.count, reask=True, carry=fresh)
    later.answer(answer_of(later, False))
    assert not later.mastered
    kept = progress.exercise_item(later.record(), e.count, False, done)
    assert kept["mastered"] and progress.lesson_state({"exercise:55-cards": kept},
                                                      "55-cards") == "done"


def test_a_hint_earns_two_stars_and_shows_nothing():
    e = EXERCISE["55-cards"]
    for seed in range(40):
        quiz = Quiz(e.kinds, e.game, seed, e.count)
        if quiz.question.hints:
            break
    quiz.attempt.next_hint()
    quiz.answer(answer_of(quiz, True))
    assert quiz.stars == [2] and quiz.question.kind not in quiz.shown
    assert [stars_for(c, h, a) for c, h, a in
            [(True, 0, False), (True, 1, False), (True, 0, True), (False, 0, False)]] == \
        [3, 2, 1, 0]


def test_a_resumed_run_keeps_its_stars_and_mastery():
    e = EXERCISE["56-ranks"] if "56-ranks" in EXERCISE else EXERCISES[-1]
    quiz = Quiz(e.kinds, e.game, 11, e.count, reask=True)
    play(quiz, lambda q: quiz.answered > 0)
    again = Quiz.resume(e.kinds, e.game, quiz.record(), e.count, True)
    assert (again.stars, again.shown, again.owed, again.mastered) == \
        (quiz.stars, quiz.shown, quiz.owed, quiz.mastered)


def test_what_is_left_is_counted_with_the_questions_to_retry():
    e = EXERCISE["55-cards"]
    quiz = Quiz(e.kinds, e.game, 3, e.count, reask=True)
    assert quiz.to_go == (e.count, 0)
    quiz.answer(answer_of(quiz, False))  # missed: asked again later
    assert quiz.to_go == (e.count - 1, 1)
    w = ui.QuizWidget(e.kinds, e.game, 3, e.count, reask=True, remember="55-cards")
    assert said.n("{n} to go", "{n} to go", e.count, n=e.count) in w.top.value
    w.picked = [c.id for c in w.question.choices if c.id not in w.question.answer][:1] \
        if w.question.mode == "one" else list(reversed(w.question.answer))
    if w.question.mode == "many":
        w.picked = [c.id for c in w.question.choices if c.id not in w.question.answer][:1] or \
            list(w.question.answer)[:1]
    w.check()
    assert said.n("{n} to go", "{n} to go", e.count - 1, n=e.count - 1) in w.top.value
    assert said.n("{n} to retry", "{n} to retry", 1, n=1) in w.top.value
    assert said.n("{n} star of {most}", "{n} stars of {most}", 0, n=0, most=3) in w.top.value


@pytest.mark.parametrize("item, problem", [
    ({"stars": [4]}, "stars"), ({"stars": "3"}, "stars"), ({"shown": ["x" * 41]}, "shown"),
    ({"owed": [1]}, "owed"), ({"mastered": "yes"}, "mastered")])
def test_a_stored_run_with_bad_stars_or_mastery_is_dropped(item, problem):
    e = EXERCISE["55-cards"]
    quiz = Quiz(e.kinds, e.game, 3, e.count)
    good = progress.exercise_item(quiz.record(), e.count, False, None)
    assert progress.check_item("exercise:55-cards", {**good, "t": 1}) is None
    assert progress.check_item("exercise:55-cards", {**good, **item, "t": 1}) == \
        said("its {field}", field=problem)


def test_a_run_kept_before_mastery_was_recorded_counts_only_if_perfect():
    assert progress.mastered({"best": 6.0, "count": 6})
    assert not progress.mastered({"best": 4.5, "count": 6})
    assert not progress.mastered(None)


def body(html: str) -> str:
    """A widget's HTML without the stylesheet it carries outside Voila."""
    return html.rsplit("</style>", 1)[-1]


def test_the_finish_shows_each_kind_with_its_stars_and_what_to_look_at_again():
    from tutor.teach.questions import kind_title
    from tutor.ui.example import lesson_footer

    e = EXERCISE["55-cards"]
    quiz = Quiz(e.kinds, e.game, 3, e.count, reask=True)
    first = quiz.question.kind
    play(quiz, lambda q: q.kind != first)  # one kind always missed
    item = progress.exercise_item(quiz.record(), e.count, True, None)
    assert item["best_stars"][first] == 0
    assert all(item["best_stars"][k] == MOST_STARS for k in e.kinds if k != first)
    html = body(lesson_footer("55-cards").draw({"exercise:55-cards": item}))
    for kind in dict.fromkeys(e.kinds):
        assert kind_title(kind) in html
    assert said.n("{n} star of {most}", "{n} stars of {most}", 0, n=0, most=3) in html
    assert said("Worth another look: {kinds}.", kinds=kind_title(first)) in html
    assert "tt-done" not in html  # finished, not mastered: not done
    # all right: full marks, nothing to look at again, done
    perfect = Quiz(e.kinds, e.game, 4, e.count, reask=True)
    play(perfect)
    item = progress.exercise_item(perfect.record(), e.count, True, None)
    html = body(lesson_footer("55-cards").draw({"exercise:55-cards": item}))
    assert "tt-done" in html and "tt-worth-review" not in html


def test_the_last_lesson_of_a_track_sums_the_track_up():
    from tutor.teach.content import track_pages
    from tutor.ui.example import lesson_footer

    for track in ("55", "56"):
        pages = track_pages(track)
        last, before = pages[-1], pages[-2]
        assert "tt-track-end" in body(lesson_footer(last.id).draw({}))
        assert "tt-track-end" not in body(lesson_footer(before.id).draw({}))
        assert said.n("{done} of {n} lesson done.", "{done} of {n} lessons done.", len(pages),
                      done=0) in lesson_footer(last.id).draw({})


# -- a worked example is its step's task, with stars (issue #39) ----------------------------------
def _example_run(name: str):
    from tutor.teach.content import EXAMPLES
    from tutor.teach.examples import ExampleRun

    return ExampleRun(next(x for x in EXAMPLES if x.name == name))


def _refused_and_allowed(run):
    cards = run.hand()
    legal = set(run.legal_cards())
    return next(c for c in cards if c not in legal), next(c for c in cards if c in legal)


def test_a_worked_example_earns_stars_as_an_answer_does():
    run = _example_run("55-follow")
    bad, good = _refused_and_allowed(run)
    assert run.stars is None
    out = run.attempt(good)
    assert out.ok and out.stars == MOST_STARS == run.stars  # the first try
    run.reset()
    assert run.attempt(bad).stars is None and not run.attempt(bad).ok
    out = run.attempt(good)
    assert out.stars == 1 and run.stars == MOST_STARS  # after a miss: 1; the best go kept
    run = _example_run("55-follow")
    run.helped_by()  # the legal cards shown
    assert run.attempt(good).stars == 2
    run = _example_run("55-follow")
    run.hint()
    assert run.attempt(good).stars == 2


def test_a_worked_example_is_a_task_done_when_a_choice_is_allowed():
    from tutor.ui.example import worked_example

    w = worked_example("55-follow")
    assert "tt-task" in w._dom_classes and "tt-task-done" not in w._dom_classes
    bad, good = _refused_and_allowed(w.run)
    w.attempt(bad)
    assert "tt-task-done" not in w._dom_classes and "tt-verdict" in w.result.value
    w.attempt(good)
    assert "tt-task-done" in w._dom_classes
    assert said.n("{n} star of {most}", "{n} stars of {most}", 1, n=1, most=MOST_STARS) \
        in w.result.value
    # the verdict is under the hand, before the example's buttons
    kids = list(w.children)
    assert kids.index(w.row) < kids.index(w.result) < kids.index(w.controls)


def test_an_example_item_is_checked_when_read():
    assert progress.check_item("example:55-follow", {"t": 1, "stars": 2}) is None
    for stars in (4, -1, "3", None):
        assert progress.check_item("example:55-follow", {"t": 1, "stars": stars}) is not None
    assert progress.check_item("example", {"t": 1, "stars": 2}) is not None  # no name
    assert progress.example_stars({"example:x": {"t": 1, "stars": 2}}, "x") == 2
    assert progress.example_stars({}, "x") is None
