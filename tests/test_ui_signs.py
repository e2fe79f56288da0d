"""The page says what happened (issue #39, "small things seen"): the review offers no "New
questions" when nothing more is due, and says so; the practice page says what its level asks
("Mixed" among them); a new tutor strength is shown and said beside its buttons."""

from __future__ import annotations

import html
from datetime import timedelta

from wording import said

from tutor.teach import practice, progress, review
from tutor.teach.questions import KINDS
from tutor.ui import memory as memory_module
from tutor.ui.practice import practice_widget
from tutor.ui.review import review_widget


def ready_memory(monkeypatch, items: dict):
    monkeypatch.setattr(memory_module, "_MEMORY", None)
    m = memory_module.memory()
    m.send = lambda _message: None  # what would go to the browser
    m.set_trait("stored", progress.dump(items))
    m.set_trait("status", "ok")
    return m


def answer_right(w) -> None:
    q = w.question
    w.picked = [q.answer[0]] if q.mode == "one" else list(q.answer)
    w.check()


def test_the_end_of_a_review_says_nothing_more_is_due_and_offers_no_new_questions(monkeypatch):
    kind = KINDS[0]
    past = review.now() - timedelta(days=3)
    item = {**review.reviewed(None, "55", kind, "55-RENEGE", True, when=past - timedelta(days=9)),
            "t": 1}
    key = progress.review_key("55", kind, "55-RENEGE")
    assert review.due({key: item})  # due now
    ready_memory(monkeypatch, {key: item})
    w = review_widget()
    assert w.quiz is not None and w.quiz.quiz.places == 1
    answer_right(w.quiz)
    assert w.quiz.quiz.finished and w.quiz.new_button.hidden
    assert said("Nothing more is due now: well done. Come back later.") in \
        html.unescape(w.quiz.feedback.value)


def test_the_practice_page_says_what_each_level_asks(monkeypatch):
    ready_memory(monkeypatch, {})
    w = practice_widget("55")
    shown = set()
    for _label, level in w.level.options:
        w.level.value = level
        assert said(practice.LEVEL_NOTES[level]) in html.unescape(w.level_note.value)
        shown.add(level)
    assert "mixed" in shown


def test_a_new_tutor_strength_is_shown_and_said(monkeypatch):
    from tutor.teach.guided import STRENGTHS
    from tutor.ui.g55.guided import guided_hand

    ready_memory(monkeypatch, {})
    g = guided_hand(seed=3)
    assert g.strength_note.value == ""
    for label, level, tip in reversed(STRENGTHS):
        g.strength.value = level
        note = said("Now {level}: {what}. From their next card on.", level=said(label),
                    what=said(tip))
        assert note in html.unescape(g.strength_note.value)
        assert g.live.text.rstrip("\u00a0") == note
