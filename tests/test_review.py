"""Spaced review (tutor.teach.review): each answer schedules its kind and rule through FSRS (the
fsrs package); what is due is asked again with new questions of the same kind and rule."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fsrs import Rating
from wording import said

from tutor.teach import progress, review
from tutor.teach.review import ReviewRun, due, rating, reviewed

DAY0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
ITEM = ("55", "legal_cards:trump_lead", "55-RENEGE")


def answered(outcomes, start=DAY0):
    """The item after answers given each time it came due: [(correct, hints)...]."""
    item, when = None, start
    for correct, hints in outcomes:
        item = reviewed(item, *ITEM, correct, hints, when)
        when = review.due_date(item)
    return item


def interval(item) -> timedelta:
    return review.due_date(item) - datetime.fromisoformat(item["card"]["last_review"])


def test_how_an_answer_went_is_rated_as_fsrs_rates_it():
    assert rating(True, 0) == Rating.Good
    assert rating(True, 2) == Rating.Hard
    assert rating(False, 0) == rating(False, 3) == Rating.Again


def test_right_answers_push_the_next_review_further_and_a_wrong_one_brings_it_back():
    rights = [answered([(True, 0)] * n) for n in range(1, 6)]
    gaps = [interval(i) for i in rights]
    assert gaps == sorted(gaps) and gaps[-1] > timedelta(days=3) > gaps[0]
    assert rights[-1]["right"] == 5 and rights[-1]["wrong"] == 0
    lapsed = answered([(True, 0)] * 5 + [(False, 0)])
    assert interval(lapsed) < timedelta(hours=1) < gaps[-1] and lapsed["wrong"] == 1
    # with hints, the next review comes sooner than without
    assert interval(answered([(True, 0)] * 4 + [(True, 1)])) < gaps[-1]


def test_the_schedule_is_the_same_for_the_same_answers():
    outcomes = [(True, 0), (False, 0), (True, 1), (True, 0)]
    assert answered(outcomes) == answered(outcomes)


def test_a_review_item_is_kept_and_read_back():
    item = {**answered([(True, 0), (True, 0)]), "t": 1}
    key = progress.review_key(*ITEM)
    assert progress.check_item(key, item) is None
    assert progress.load(progress.dump({key: item})).items == {key: item}
    broken = {**item, "card": {**item["card"], "due": "tomorrow"}}
    assert progress.check_item(key, broken) == said("its {field}", field="schedule")


def test_what_is_due_comes_longest_overdue_first_and_is_asked_with_its_rule():
    soon = reviewed(None, *ITEM, True, 0, DAY0)
    late = reviewed(None, "56", "trick_points", "56-POINTS", False, 0, DAY0)
    items = {progress.review_key(*ITEM): soon,
             progress.review_key("56", "trick_points", "56-POINTS"): late, "last": {"t": 1}}
    assert due(items, DAY0) == []
    later = DAY0 + timedelta(days=1)
    keys = [k for k, _ in due(items, later)]
    assert keys == ["review:56:trick_points:56-POINTS",
                    "review:55:legal_cards:trump_lead:55-RENEGE"]
    run = ReviewRun(due(items, later), seed=5)
    assert run.count == 2 and run.question.rule == "56-POINTS" and run.game == "56"
    assert run.review_key() == keys[0]
    run.answer(run.question.answer[0] if run.question.mode == "one" else list(run.question.answer))
    run.next()
    assert run.game == "55" and run.question.rule == "55-RENEGE" and run.review_key() == keys[1]
