"""What the tutor keeps of a learner (tutor.teach.progress): the stored document read, checked,
migrated and merged; an exercise's run kept and picked up again from its seed."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wording import ANY, fits, said

from tutor.teach import progress
from tutor.teach.content import EXERCISES
from tutor.teach.progress import Loaded, dump, load, merge
from tutor.teach.questions import Quiz

EX = EXERCISES[0]



def left_out(n: int, first: str) -> str:
    """What the tutor says of ``n`` stored items it left out, ``first`` the first of them."""
    return said.n("{n} saved item could not be read and was left out ({first})",
                  "{n} saved items could not be read and were left out (the first, {first})", n,
                  first=first)


def answer_of(quiz: Quiz, right: bool = True):
    q = quiz.question
    if right:
        return q.answer[0] if q.mode == "one" else list(q.answer)
    wrong = [c.id for c in q.choices if c.id not in q.answer]
    if q.mode == "order":
        return list(reversed(q.answer))
    return wrong[0] if q.mode == "one" else wrong[:1] or [q.answer[0]]


def run_item(quiz: Quiz, before=None) -> dict:
    item = progress.exercise_item(quiz.record(), EX.count, quiz.finished, before)
    return {**item, "t": progress.now_ms()}


def test_nothing_stored_is_an_empty_memory_the_tutor_may_write():
    for text in (None, "", "  "):
        loaded = load(text)
        assert loaded == Loaded() and loaded.usable and loaded.state == "empty"


def test_a_document_round_trips():
    quiz = Quiz(EX.kinds, EX.game, 7, EX.count)
    quiz.answer(answer_of(quiz))
    items = {"exercise:55-cards": run_item(quiz), "page:55-cards": {"t": 5},
             "last": {"t": 5, "page": "55-cards"}}
    loaded = load(dump(items))
    assert loaded.state == "ok" and loaded.items == items and loaded.dropped == 0
    assert json.loads(dump(items))["version"] == progress.VERSION


NO_VERSION = "the saved progress has no valid version ({version})"


@pytest.mark.parametrize("text, state, words, params", [
    ("{not json", "corrupt", "the saved progress is not readable ({error})", {"error": ANY}),
    ("[1, 2]", "corrupt", "the saved progress is not a record of lessons", {}),
    ('{"app": "another-app", "version": 1, "items": {}}', "foreign",
     "what is saved under the tutor's name was not written by Trick Tutor", {}),
    ('{"app": "trick-tutor", "items": {}}', "corrupt", NO_VERSION, {"version": "None"}),
    ('{"app": "trick-tutor", "version": true, "items": {}}', "corrupt", NO_VERSION,
     {"version": "True"}),
    ('{"app": "trick-tutor", "version": 99, "items": {}}', "newer",
     "the saved progress was written by a newer Trick Tutor (version {version}; this one "
     "reads up to {ours})", {"version": 99, "ours": progress.VERSION}),
    ('{"app": "trick-tutor", "version": 1, "items": []}', "corrupt",
     "the saved progress has no items", {}),
])
def test_what_is_not_ours_is_named_and_never_written_over(text, state, words, params):
    loaded = load(text)
    assert loaded.state == state and not loaded.usable
    assert fits(loaded.problem, said(words, **params)), loaded.problem
    assert loaded.items == {}


def test_bad_items_are_left_out_and_counted():
    good = {"t": 3, "page": "55-cards"}
    items = {"last": good, "page:": {"t": 1}, "exercise:x": {"t": 1, "seed": -1},
             "nonsense:x": {"t": 1}, "page:55-cards": {"t": "soon"}, "last2": 4}
    loaded = load(json.dumps({"app": "trick-tutor", "version": 1, "items": items}))
    assert loaded.items == {"last": good} and loaded.dropped == 5
    assert loaded.usable and loaded.problem == left_out(5, f"page:: {said('its key')}")


def test_an_exercise_item_must_hold_together():
    quiz = Quiz(EX.kinds, EX.game, 7, EX.count)
    item = run_item(quiz)
    assert progress.check_item("exercise:55-cards", item) is None
    for change, wrong in [({"number": EX.count}, "number"), ({"score": 99}, "score"),
                          ({"order": []}, "order"), ({"missed": [1.5]}, "missed"),
                          ({"best": EX.count + 1}, "best"), ({"picked": [3]}, "picked"),
                          ({"checked": "yes"}, "checked"), ({"seed": "7"}, "seed")]:
        assert progress.check_item("exercise:55-cards", {**item, **change}) == \
            said("its {field}", field=wrong)


def test_merge_keeps_the_newer_of_each_item():
    mine = {"a": {"t": 5, "v": "mine"}, "b": {"t": 1, "v": "mine"}, "c": {"t": 2, "v": "mine"}}
    theirs = {"a": {"t": 4, "v": "theirs"}, "b": {"t": 9, "v": "theirs"},
              "d": {"t": 1, "v": "theirs"}}
    out = merge(mine, theirs)
    assert {k: v["v"] for k, v in out.items()} == {"a": "mine", "b": "theirs", "c": "mine",
                                                   "d": "theirs"}


def test_a_migration_brings_an_old_document_up_to_date(monkeypatch):
    monkeypatch.setattr(progress, "VERSION", 2)
    monkeypatch.setitem(progress.MIGRATIONS, 1, lambda items: {
        k.replace("lesson:", "page:"): v for k, v in items.items()})
    old = json.dumps({"app": "trick-tutor", "version": 1,
                      "items": {"lesson:55-cards": {"t": 1}}})
    assert load(old).items == {"page:55-cards": {"t": 1}}
    monkeypatch.setitem(progress.MIGRATIONS, 1, lambda items: 1 / 0)
    assert load(old).state == "corrupt" and fits(load(old).problem, said(
        "the saved progress could not be brought up to date ({error})", error=ANY))


def test_a_run_is_picked_up_where_it_was_left():
    quiz = Quiz(EX.kinds, EX.game, 11, EX.count)
    quiz.answer(answer_of(quiz))
    quiz.next()
    quiz.answer(answer_of(quiz, right=False))
    record = quiz.record()
    again = Quiz.resume(EX.kinds, EX.game, json.loads(json.dumps(record)), EX.count)
    assert again.record() == record and again.missed == [1]
    assert again.question.prompt == quiz.question.prompt and again.attempt.answered
    assert again.attempt.feedback == quiz.attempt.feedback


def test_a_finished_run_sets_the_best_score_and_a_retry_asks_the_missed_ones():
    quiz = Quiz(EX.kinds, EX.game, 3, EX.count)
    for i in range(EX.count):
        quiz.answer(answer_of(quiz, right=i % 2 == 0))
        if i < EX.count - 1:
            quiz.next()
    assert quiz.finished
    item = run_item(quiz)
    assert item["best"] == quiz.score == EX.count // 2 + EX.count % 2
    retry = Quiz(EX.kinds, EX.game, 3, order=quiz.missed)
    assert retry.count == len(quiz.missed)
    assert retry.question.prompt == Quiz.resume(
        EX.kinds, EX.game, {**quiz.record(), "number": 1, "checked": False}, EX.count
    ).question.prompt  # question 1, missed, asked again: the same position
    for _ in quiz.missed:
        retry.answer(answer_of(retry))
        if not retry.finished:
            retry.next()
    kept = progress.exercise_item(retry.record(), EX.count, retry.finished, item)
    assert kept["best"] == item["best"]  # a retry does not change the best full run


def test_a_missed_question_is_asked_again_a_little_later_without_changing_the_score():
    from tutor.teach.questions import REASK_AFTER
    quiz = Quiz(EX.kinds, EX.game, 5, EX.count, reask=True)
    first = quiz.question.prompt
    quiz.answer(answer_of(quiz, right=False))
    assert quiz.missed == [0] and quiz.places == EX.count + 1
    assert quiz.again == [(1 + REASK_AFTER, 0)]
    for _ in range(REASK_AFTER):
        quiz.next()
        assert not quiz.asked_again
        quiz.answer(answer_of(quiz))
    quiz.next()
    assert quiz.asked_again and quiz.question.prompt == first  # the same position
    record = quiz.record()
    back = Quiz.resume(EX.kinds, EX.game, json.loads(json.dumps(record)), EX.count, True)
    assert back.asked_again and back.question.prompt == first and back.record() == record
    assert progress.check_item("exercise:55-cards", {**run_item(quiz), "t": 1}) is None
    score, answered = quiz.score, quiz.answered
    quiz.answer(answer_of(quiz, right=False))  # wrong again: asked no third time
    assert (quiz.score, quiz.answered, quiz.missed) == (score, answered, [0])
    assert quiz.places == EX.count + 1
    while not quiz.finished:
        quiz.next()
        quiz.answer(answer_of(quiz))
    assert quiz.answered == EX.count and quiz.score == EX.count - 1
    last = Quiz(EX.kinds, EX.game, 5, 1, reask=True)  # missed at the end: asked at the end
    last.answer(answer_of(last, right=False))
    assert not last.finished and last.places == 2
    last.next()
    assert last.asked_again
    last.answer(answer_of(last))
    assert last.finished and last.score == 0


def test_the_lesson_state_and_continue_read_the_items():
    assert progress.lesson_state({}, "55-cards") == "new"
    assert progress.lesson_state({"page:55-cards": {"t": 1}}, "55-cards") == "started"
    # done at mastery (issue #39), not at a best score
    finished = {"exercise:55-cards": {"t": 1, "best": 4.5, "count": 6, "mastered": False}}
    assert progress.lesson_state(finished, "55-cards") == "started"
    done = {"exercise:55-cards": {"t": 1, "best": 4.5, "count": 6, "mastered": True}}
    assert progress.lesson_state(done, "55-cards") == "done"
    assert progress.best_score(done, "55-cards") == (4.5, 6)
    assert progress.last_page({"last": {"t": 1, "page": "55-trumps"}}) == "55-trumps"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=200),
    json_values.map(json.dumps),
    st.dictionaries(st.sampled_from(["exercise:55-cards", "page:x", "last", "exercise:",
                                     "x"]), json_values, max_size=4).map(
        lambda items: json.dumps({"app": "trick-tutor", "version": 1, "items": items})),
))
def test_any_stored_text_reads_without_an_error(text):
    loaded = load(text)
    assert loaded.state in ("ok", "empty", "corrupt", "foreign", "newer")
    for key, item in loaded.items.items():
        assert progress.check_item(key, item) is None
    assert load(dump(loaded.items)).items == loaded.items


@settings(max_examples=60, deadline=None)
@given(st.fixed_dictionaries({
    "seed": st.integers(0, 2**40), "order": st.none() | st.lists(st.integers(0, 30),
                                                               min_size=1, max_size=6),
    "number": st.integers(0, 8), "answered": st.integers(0, 8),
    "score": st.floats(0, 8), "missed": st.lists(st.integers(0, 30), max_size=5),
    "checked": st.booleans(), "picked": st.lists(st.text(max_size=4), max_size=4),
    "hints": st.integers(0, 5),
    "again": st.lists(st.lists(st.integers(0, 12), min_size=2, max_size=2), max_size=3)}))
def test_a_kept_run_that_reads_resumes_or_is_refused_in_words(record):
    item = {**record, "count": EX.count, "best": None, "t": 1}
    if progress.check_item("exercise:55-cards", item) is not None:
        return
    from tutor.engine.errors import InputError
    try:
        quiz = Quiz.resume(EX.kinds, EX.game, record, EX.count, reask=True)
    except InputError:
        return
    assert quiz.seed == record["seed"] and quiz.number == record["number"]
    assert quiz.places == (len(record["order"]) if record["order"] else EX.count) + \
        len(record["again"])


def test_the_learners_settings_are_kept_and_checked():
    assert progress.check_item("settings", {"t": 1, "four_colour": True}) is None
    assert progress.check_item("settings", {"t": 1, "four_colour": "yes"}) == \
        said("its {field}", field="four_colour")
    assert progress.check_item("settings:x", {"t": 1}) == said("its key")


# -- sizes (issue #35): what is kept stays small enough to come back over the page's socket ----
HOSTILE = {"page:x": {"t": 1, "junk": '"' * 330_000}}  # a 660 KB file that once read as 1 item


def too_big(size: int) -> str:
    return said("the saved progress is too big to read ({size} characters; the tutor keeps at "
                "most {most})", size=f"{size:,}", most=f"{progress.MAX_TEXT:,}")


def test_an_item_too_big_is_left_out_in_words():
    hostile = json.dumps({"app": "trick-tutor", "version": 1,
                          "items": {**HOSTILE, "page:55-cards": {"t": 2}}})
    loaded = load(hostile)
    assert loaded.state == "corrupt" and loaded.problem == too_big(len(hostile))  # the file
    text = dump({"page:x": {"t": 1, "junk": "x" * 30_000}, "page:55-cards": {"t": 2}})
    loaded = load(text)
    assert loaded.items == {"page:55-cards": {"t": 2}} and loaded.dropped == 1
    assert loaded.problem == left_out(1, "page:x: " + said(
        "its size ({size} characters; an item holds at most {most})", size="30,017",
        most="20,000"))
    assert progress.check_item("page:y", {"t": 1, "junk": "x" * 19_900}) is None


def test_a_document_too_big_is_refused_with_its_size():
    big = {f"page:p{i}": {"t": 1, "note": "x" * 1000} for i in range(500)}
    text = dump(big)
    assert len(text) > progress.MAX_TEXT
    loaded = load(text)
    assert not loaded.usable and loaded.items == {}
    assert progress.MAX_TEXT == 400_000 and loaded.problem == too_big(len(text))
    assert progress.overflow(big) == said("that would make your saved progress {size} "
                                          "characters; the tutor keeps at most {most}",
                                          size=f"{len(text):,}", most="400,000")
    assert progress.overflow({"page:a": {"t": 1}}) is None


def test_whatever_is_kept_fits_in_one_message_of_the_page():
    """The most the tutor keeps, as the browser sends it back (a JSON string inside the
    message: every quote and backslash escaped), is under the server's limit."""
    limit = json.loads(open("voila.json", encoding="utf-8").read())[
        "Voila"]["tornado_settings"]["websocket_max_message_size"]
    from tutor.ui.memory import MAX_WIRE
    worst = '"' * progress.MAX_TEXT  # a document of nothing but quotes
    assert len(json.dumps(worst)) <= MAX_WIRE < limit - 10_000  # room for the message around
