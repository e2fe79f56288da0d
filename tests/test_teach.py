"""tutor.teach: generated questions know their answers, grade, explain and hint; the quiz
keeps score; the lesson content is valid."""

from __future__ import annotations

import pytest

from tutor.engine.errors import InputError
from tutor.teach.content import BOARD_POSITIONS, validate
from tutor.teach.questions import GAMES, KINDS, Attempt, Quiz, make_question

ALL = [(k, g) for g in GAMES for k in KINDS]


def right(q):
    return q.answer[0] if q.mode == "one" else list(q.answer)


def wrong(q):
    if q.mode == "order":
        return list(reversed(q.answer))
    others = [c.id for c in q.choices if c.id not in q.answer]
    if q.mode == "one":
        return others[0]
    return list(q.answer[1:]) + others[:1] if others else list(q.answer[1:])


@pytest.mark.parametrize("kind, game", ALL)
def test_questions_are_reproducible_and_know_their_answer(kind, game):
    for seed in range(25):
        q = make_question(kind, game, seed)
        assert q == make_question(kind, game, seed)
        assert q.prompt and q.choices and q.answer and q.rule.startswith(game + "-")
        assert set(q.answer) <= {c.id for c in q.choices}
        fb = q.grade(right(q))
        assert fb.correct and fb.points == 1.0 and fb.rule == q.rule and fb.rule_text
        assert fb.reason


@pytest.mark.parametrize("kind, game", ALL)
def test_a_wrong_answer_says_what_the_choice_meant(kind, game):
    for seed in range(25):
        q = make_question(kind, game, seed)
        if q.mode == "many" and len(q.choices) == len(q.answer) == 1:
            continue
        fb = q.grade(wrong(q))
        assert not fb.correct and fb.points == 0
        assert fb.wrong and all(w for w in fb.wrong), (kind, game, seed)
        assert fb.answer == q.answer  # revealed once answered


def test_questions_differ_by_seed():
    assert len({make_question("trick_winner", "55", s).prompt +
                str(make_question("trick_winner", "55", s).choices) for s in range(10)}) > 5


@pytest.mark.parametrize("kind, game", ALL)
def test_hint_ladder_narrows_names_the_rule_then_shows(kind, game):
    q = make_question(kind, game, 4)
    assert [h.level for h in q.hints] == [1, 2, 3]
    assert q.hints[1].rule == q.rule and q.rule in q.hints[1].text
    assert set(q.hints[2].highlight) == set(q.answer)
    a = Attempt(q)
    a.next_hint()
    assert a.answer(right(q)).points == 0.75
    a = Attempt(q)
    for _ in range(3):
        a.next_hint()
    assert a.next_hint() is None
    assert a.answer(right(q)).points == 0.0


def test_quiz_keeps_score_and_stops_after_count():
    quiz = Quiz(("trick_winner", "legal_cards"), "55", seed=3, count=3)
    quiz.answer(right(quiz.question))
    quiz.answer(wrong(quiz.question))  # a second answer to the same question changes nothing
    assert quiz.score == 1.0 and quiz.answered == 1
    quiz.next()
    quiz.answer(wrong(quiz.question))
    quiz.next()
    quiz.answer(right(quiz.question))
    assert (quiz.score, quiz.answered, quiz.finished) == (2.0, 3, True)
    with pytest.raises(InputError):
        quiz.next()


def test_bad_answers_and_kinds_are_input_errors():
    q = make_question("legal_cards", "56", 1)
    with pytest.raises(InputError):
        q.grade(["XX"])
    with pytest.raises(InputError):
        make_question("guess", "55", 1)
    with pytest.raises(InputError):
        Quiz(game="57")
    with pytest.raises(InputError):
        make_question("trick_winner", "55", 1).grade(["0", "1"])


def test_content_is_valid():
    assert validate() == []
    assert BOARD_POSITIONS


def test_content_validation_catches_mistakes(monkeypatch):
    from tutor.teach import content
    bad = content.SavedPosition("typo", "55", BOARD_POSITIONS[0].text.replace("KH", "KX"),
                                "nothing", ("55-NOPE",))
    monkeypatch.setattr(content, "BOARD_POSITIONS", (bad,))
    problems = validate()
    assert any("KX" in p for p in problems) and any("55-NOPE" in p for p in problems)
