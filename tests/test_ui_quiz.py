"""The quiz widget without a browser: clicks, feedback, hints, the score, and that nothing of
the answer is in any widget before the learner has checked."""

from __future__ import annotations

import dataclasses
import html
import re

import ipywidgets as widgets
import pytest
from wording import said

from tutor.engine.cards import Card
from tutor.engine.errors import InputError
from tutor.teach.content import EXERCISES
from tutor.teach.questions import KINDS, Hint, Quiz
from tutor.ui import exercise_widget, quiz_widget
from tutor.ui.quiz import QuizWidget, score_text


def strings(widget: widgets.Widget) -> list[str]:
    """Every string in every trait of ``widget`` and of the widgets inside it, in order."""
    out: list[str] = []
    seen: set[int] = set()

    def collect(v) -> None:
        if isinstance(v, widgets.Widget):
            walk(v)
        elif isinstance(v, str):
            out.append(v)
        elif isinstance(v, (list, tuple)):
            for x in v:
                collect(x)
        elif isinstance(v, dict):
            for k, x in v.items():
                collect(k)
                collect(x)

    def walk(w: widgets.Widget) -> None:
        if id(w) in seen:
            return
        seen.add(id(w))
        for name in sorted(w.trait_names()):
            if name in ("comm", "keys"):
                continue
            try:
                collect(getattr(w, name))
            except Exception:  # a trait that cannot be read is not sent either
                continue

    walk(widget)
    return out


def text_of(widget: widgets.Widget) -> str:
    return html.unescape("\n".join(strings(widget)))


def pick(w: QuizWidget, ids) -> None:
    index = {c.id: i for i, c in enumerate(w.question.choices)}
    for cid in ids:
        w.choice_buttons[index[cid]][0].click()


def wrong_ids(q) -> list[str]:
    others = [c.id for c in q.choices if c.id not in q.answer]
    if q.mode == "one":
        return others[:1]
    if q.mode == "order":
        return list(reversed(q.answer))
    return list(q.answer[1:]) + others[:1]


def quiz_of(kind: str, game: str = "55", seed: int = 1) -> QuizWidget:
    return quiz_widget(kinds=[kind], game=game, seed=seed)


def score(points: float, answered: int) -> str:
    """The run's score line."""
    return said("Score: {score} / {answered}", score=score_text(points), answered=answered)


ONE_POINT = said("+{points} point.", points="1")


# -- nothing of the answer before Check ----------------------------------------------------------
@pytest.mark.parametrize("game", ["55", "56"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_answer_hint_or_reason_in_any_widget_before_check(kind, game, seed):
    w = quiz_of(kind, game, seed)
    q = w.question
    everything = text_of(w)
    assert q.prompt in everything  # the walk does see the widgets' text
    assert q.reason not in everything
    for h in q.hints:
        assert h.text not in everything
    assert said("The answer:") not in everything
    card_ids = [a for a in q.answer if _is_card(a)]
    for a in card_ids:  # choice ids never reach the browser (the labels do)
        assert not re.search(rf"(?<![\w-]){re.escape(a)}(?!\w)", everything), a
    # the answer is shown once the learner has checked
    pick(w, wrong_ids(q))
    w.check_button.click()
    assert said("The answer:") in text_of(w.feedback)


@pytest.mark.parametrize("game", ["55", "56"])
@pytest.mark.parametrize("kind", KINDS)
def test_the_widget_is_the_same_whatever_the_answer(kind, game, monkeypatch):
    """Everything the widgets hold comes from the public part of the question: a question with
    its answer, reason, rule, hints and meanings blanked out draws exactly the same."""
    real = quiz_of(kind, game, 4)
    original = Quiz._question

    def scrubbed(self, i):
        q = original(self, i)
        return dataclasses.replace(
            q, answer=(), rule="", reason="", meanings={},
            hints=tuple(Hint(h.level, "scrubbed") for h in q.hints))

    monkeypatch.setattr(Quiz, "_question", scrubbed)
    blank = quiz_of(kind, game, 4)
    assert blank.question.answer == () and real.question.answer
    assert strings(real) == strings(blank)


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
        return True
    except InputError:
        return False


# -- answering -------------------------------------------------------------------------------------
def test_a_right_answer_shows_success_and_the_score_goes_up():
    w = quiz_of("trick_winner")
    q = w.question
    assert score(0, 0) in w.top.value
    pick(w, q.answer)
    w.check_button.click()
    fb = html.unescape(w.feedback.value)
    assert w.quiz.attempt.feedback.correct and w.quiz.attempt.feedback.points == 1
    assert said("Right!") in fb and ONE_POINT in fb and q.reason in fb
    assert score(1, 1) in w.top.value
    right = w.choice_buttons[int(q.answer[0])][0]
    assert "tt-right" in right._dom_classes
    assert w.check_button.disabled and all(b.disabled for b, _ in w.choice_buttons)


def test_a_wrong_answer_shows_the_reason_the_rule_and_what_it_meant():
    w = quiz_of("trick_winner", "55", 2)
    q = w.question
    bad = wrong_ids(q)
    pick(w, bad)
    w.check_button.click()
    fb = html.unescape(w.feedback.value)
    expected = q.grade(bad)
    assert not w.quiz.attempt.feedback.correct
    assert said("Not quite.") in fb and q.reason in fb
    assert expected.rule in fb and expected.rule_title in fb
    assert expected.wrong and all(m in fb for m in expected.wrong)
    assert score(0, 1) in w.top.value
    assert "tt-wrong" in w.choice_buttons[int(bad[0])][0]._dom_classes


def test_hints_come_in_turn_highlight_and_lower_the_score():
    w = quiz_of("legal_cards")
    q = w.question
    w.hint_button.click()
    assert q.hints[0].text in html.unescape(w.hints.value)
    assert said("Hints lower the score: this question is now worth {worth} of 1 point.",
                worth="0.75") in html.unescape(w.hints.value)
    assert q.hints[1].text not in html.unescape(w.hints.value)
    for b, c in w.choice_buttons:
        assert ("tt-hinted" in b._dom_classes) == (c.id in q.hints[0].highlight)
    w.hint_button.click()
    w.hint_button.click()
    heads = [said("Hint {level} of {total}:", level=k, total=len(q.hints)) for k in (1, 2, 3)]
    assert all(h in html.unescape(w.hints.value) for h in heads) and q.hints[2].text in \
        html.unescape(w.hints.value)
    assert w.hint_button.disabled
    hinted = {c.id for b, c in w.choice_buttons if "tt-hinted" in b._dom_classes}
    assert set(q.answer) <= hinted
    pick(w, q.answer)
    w.check_button.click()
    assert said("Right!") in w.feedback.value and score(0, 1) in w.top.value  # 3 hints: 0 points


def test_one_hint_costs_a_quarter():
    w = quiz_of("card_order")
    w.hint_button.click()
    pick(w, w.question.answer)
    w.check_button.click()
    assert score(0.75, 1) in w.top.value
    assert said("+{points} points (hints cost {cost}).", points="0.75", cost="0.25") \
        in w.feedback.value


def test_many_mode_toggles_and_clear():
    w = quiz_of("legal_cards", "56")
    q = w.question
    first = q.choices[0].id
    pick(w, [first, first])  # on, off
    assert w.picked == []
    pick(w, [first])
    w.clear_button.click()
    assert w.picked == []
    pick(w, q.answer)
    assert sorted(w.picked) == sorted(q.answer)
    w.check_button.click()
    assert said("Right!") in w.feedback.value


def test_order_mode_undo_and_a_complete_order_first():
    w = quiz_of("card_order", "56")
    q = w.question
    pick(w, q.answer[:2])
    assert w.picked == list(q.answer[:2]) and said("Your order:") in w.order_line.value
    w.undo_button.click()
    assert w.picked == [q.answer[0]]
    w.check_button.click()
    place_all = said("Place all {n} cards first ({placed} placed).", n=len(q.choices), placed=1)
    assert place_all in w.feedback.value and not w.quiz.attempt.answered
    pick(w, q.answer[1:])
    w.check_button.click()
    assert said("Right!") in w.feedback.value and score(1, 1) in w.top.value


def test_check_without_a_pick_asks_for_one():
    w = quiz_of("score_hand")
    w.check_button.click()
    assert said("Pick an answer first.") in w.feedback.value and w.quiz.answered == 0


def test_next_question_keeps_the_score():
    w = quiz_widget(game="55", seed=5)
    pick(w, w.question.answer)
    w.check_button.click()
    w.next_button.click()
    assert w.quiz.number == 1 and w.question.kind == KINDS[1]
    assert said("question {number}", number=2) in w.top.value and score(1, 1) in w.top.value
    assert w.feedback.value == "" and w.hints.value == "" and not w.check_button.disabled


def test_the_context_is_drawn():
    w = quiz_of("score_hand")
    assert w.context.value.count("<svg") == sum(len(cs) for _, cs in
                                                w.question.context["tricks"])
    assert said("Trick {number}", number=5) in w.context.value
    calls = quiz_of("legal_calls")
    ctx = calls.question.context
    assert said.n("Calls so far ({n} player, seat {dealer} deals)",
                  "Calls so far ({n} players, seat {dealer} deals)", ctx["players"],
                  dealer=ctx["dealer"]) in html.unescape(calls.context.value)
    legal = quiz_of("legal_cards", "55", 3)
    if legal.question.context["trick"]:
        assert said("The trick so far") in legal.context.value
    winner = quiz_of("trick_winner")
    seats = winner.question.context["seats"]  # each card by the seat that played it
    assert [item["caption"] for item in winner.choices.items] == \
        [said("Seat {seat} led", seat=seats[0])] + [said("Seat {seat}", seat=s) for s in seats[1:]]


# -- exercises and the error boundary -----------------------------------------------------------
def test_an_exercise_runs_to_its_end():
    ex = EXERCISES[0]
    w = exercise_widget(ex.name)
    assert isinstance(w, QuizWidget) and w.quiz.count == ex.count
    for i in range(ex.count):
        pick(w, w.question.answer)
        w.check_button.click()
        if i < ex.count - 1:
            w.next_button.click()
    assert said("Exercise complete: {score} / {count}. Every answer right. New questions give "
                "the exercise again.", score=ex.count, count=ex.count) in w.feedback.value
    assert w.next_button.disabled


def test_the_end_of_an_exercise_offers_the_missed_ones_and_new_questions():
    ex = EXERCISES[0]
    w = exercise_widget(ex.name, seed=7)
    shown = lambda: [b.description for b in w.controls.buttons if not b.hidden]  # noqa: E731
    try_again, _ = said.around("Try the ones I missed ({n})", "n")
    assert try_again not in " ".join(shown()) and said("New questions") not in shown()
    first = w.question.prompt
    asked_again = []
    while True:  # questions 1 and 3 answered wrong: each comes back, once
        if w.quiz.asked_again:
            asked_again.append(w.question.prompt)
            assert said.around("{title} · again: one you missed", "title")[1] in w.top.value
            pick(w, w.question.answer)
            w.check_button.click()
            assert said("You missed this one earlier: this second answer does not change the "
                        "score.") in w.feedback.value
            assert ONE_POINT not in w.feedback.value
        else:
            pick(w, wrong_ids(w.question) if w.quiz.index in (0, 2) else w.question.answer)
            w.check_button.click()
        if w.quiz.number == 0:
            assert said("This question will come back a little later, for another try.") \
                in w.feedback.value
            assert w.quiz.places == ex.count + 1  # the question missed is asked once more
        if w.quiz.finished:
            break
        w.next_button.click()
    assert first in asked_again and len(asked_again) == 2
    assert said("Exercise complete: {score} / {count}. You missed {missed}: try them again, or "
                "take new questions.", score=ex.count - 2, count=ex.count, missed=2) \
        in w.feedback.value
    assert shown() == [said("Check"), said("Hint"),
                       *([said("Undo")] if w.question.mode == "order" else []),
                       *([said("Clear")] if w.question.mode != "one" else []),
                       said("Try the ones I missed ({n})", n=2), said("New questions")]
    w.controls._on_custom(w.controls, {"event": "click", "index": 4,
                                       "version": w.controls.version}, [])  # hidden: nothing
    assert w.quiz.finished
    w.retry_button.click()
    assert said.around("{title} · the ones you missed", "title")[1] in w.top.value
    assert w.quiz.number == 0 and w.quiz.places == 2
    assert said("Next question") in shown() and said("New questions") not in shown()


def test_an_unknown_exercise_is_a_message_not_an_exception():
    w = exercise_widget("no-such-exercise")
    sorry, _ = said.around("Sorry, that did not work: {problem}", "problem")
    # (pieces, not around: the message's own placeholder is {name}; the list may be cut short)
    no_such, _ = said.pieces("there is no exercise {name} (known: {known})", "known",
                             name=repr("no-such-exercise"))
    assert sorry + no_such in html.unescape(text_of(w))


def test_a_failing_callback_shows_a_message(monkeypatch):
    w = quiz_of("trick_winner")

    def broken(self):
        raise RuntimeError("grading broke")

    monkeypatch.setattr(QuizWidget, "check", broken)
    w.check_button.click()
    assert said("Sorry, that did not work: {problem}", problem="grading broke") in w.error.value
    assert "Traceback" not in w.error.value
    monkeypatch.undo()
    pick(w, w.question.answer)
    w.check_button.click()
    assert w.error.value == "" and said("Right!") in w.feedback.value


def test_score_text():
    """A score to the hundredth, with no zeros after its last digit, as the language writes
    it (French's decimal comma)."""
    from tutor.teach import i18n

    scores = (3.25, 3.0, 0.5, 0.0, 0.75, 12.1, 1234.5)
    assert [score_text(x) for x in scores] == ["3.25", "3", "0.5", "0", "0.75", "12.1",
                                               "1,234.5"]
    with i18n.language("fr"):
        assert [score_text(x) for x in scores] == ["3,25", "3", "0,5", "0", "0,75", "12,1",
                                                   "1\u202f234,5"]


# -- seeds: each learner's questions of their own, the same ones again from a seed ---------------
def asked(w: QuizWidget, n: int) -> list[tuple]:
    """The first ``n`` questions ``w`` asks (prompt, choices, context), answered through its
    buttons."""
    out = []
    for i in range(n):
        q = w.question
        out.append((q.kind, q.prompt, tuple(c.label for c in q.choices), repr(q.context)))
        pick(w, q.answer[:1] if q.mode == "one" else q.answer)
        w.check_button.click()
        if i < n - 1:
            w.next_button.click()
    assert w.error.value == ""
    return out


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_each_exercise_widget_asks_questions_of_its_own(exercise):
    """No seed: each widget draws one (a reload asks other questions, so checking wrong to
    see the answers and reloading does not pay).  Compared over the whole exercise: the first
    three questions of the few-question 56-deck exercise can coincide (about 1 pair in 20,000)."""
    a, b = exercise_widget(exercise.name), exercise_widget(exercise.name)
    assert isinstance(a.seed, int) and a.seed != b.seed and a.seed != exercise.seed
    assert asked(a, exercise.count) != asked(b, exercise.count)


@pytest.mark.parametrize("exercise", EXERCISES[:3] + EXERCISES[-2:], ids=lambda e: e.name)
def test_a_seed_asks_the_same_questions_again(exercise):
    fresh = exercise_widget(exercise.name)
    again = exercise_widget(exercise.name, seed=fresh.seed)  # the seed a record would keep
    assert again.seed == fresh.seed
    assert asked(again, 3) == asked(fresh, 3)
    given = exercise_widget(exercise.name, seed=exercise.seed)
    quiz = Quiz(exercise.kinds, exercise.game, exercise.seed, exercise.count)
    assert given.question == quiz.question and given.quiz.count == exercise.count


def test_the_practice_quiz_draws_a_seed_too_and_keeps_it_in_the_kernel():
    a, b = quiz_widget(game="55"), quiz_widget(game="55")
    assert a.seed != b.seed and asked(a, 3) != asked(b, 3)
    assert quiz_widget(seed=7).seed == 7 and asked(quiz_widget(seed=7), 3) == asked(
        QuizWidget(seed=7), 3)
    w = exercise_widget("55-cards", seed=1234567891)
    assert "1234567891" not in text_of(w) and "seed" not in w.trait_names()
