"""The review page: the kinds of question due for review (FSRS, :mod:`tutor.teach.review`),
asked again with new engine-made questions, one per kind due; each answer schedules its kind's
next review.  What is due comes from the learner's browser (:mod:`tutor.ui.memory`)."""

from __future__ import annotations

from datetime import datetime

from ..engine.messages import N_, msg, nmsg, render
from ..teach import review
from ..teach.questions import fresh_seed
from . import widgets
from .html import Markup, marked, part
from .lifecycle import set_children
from .memory import memory
from .quiz import QuizWidget
from .style import message_html, style_widgets

TEMPLATE = "review.html.j2"  # what is due (tutor/ui/templates)

MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
          N_("July"), N_("August"), N_("September"), N_("October"), N_("November"),
          N_("December"))


def when_words(when: datetime, now: datetime) -> str:
    """"in 9 minutes", "in 3 hours", "on 4 December"."""
    seconds = (when - now).total_seconds()
    if seconds < 3600:
        minutes = max(1, round(seconds / 60))
        return render(nmsg("in {n} minute", "in {n} minutes", minutes))
    if seconds < 86400:
        hours = round(seconds / 3600)
        return render(nmsg("in {n} hour", "in {n} hours", hours))
    return render(msg("on {day} {month}", day=when.day, month=msg(MONTHS[when.month - 1])))


class ReviewWidget(widgets.VBox):
    """What is due, and a run of questions over it; "Review again" when more is due."""

    def __init__(self):
        self.status = widgets.HTML(_dom_classes=("tt-review-status",))
        self.quiz_box = widgets.VBox(layout=widgets.look(width="100%"))
        self.quiz: QuizWidget | None = None
        super().__init__([*style_widgets(), self.status, self.quiz_box],
                         layout=widgets.look(width="100%"),
                         _dom_classes=("tt-app", "tt-review"))
        self.status.value = message_html(msg("Reading what you have answered before…"), "info")
        memory().when_ready(self._draw, watch=True)

    def _draw(self, m) -> None:
        if self.quiz is not None and not self.quiz.quiz.finished:
            return  # a review under way goes on; the next draw comes at its end
        items = m.items
        now = review.now()
        due = review.due(items, now)
        known = sum(k.startswith("review:") for k in items)
        if not known:
            self.status.value = message_html(msg(
                "Nothing to review yet: every question you answer in the lessons and the "
                "practice quizzes comes back here when it is time to see it again."), "info")
        elif not due:
            nxt = review.next_due(items)
            self.status.value = message_html(nmsg(
                "Nothing is due for review now. Next: {when} ({n} kind of question followed).",
                "Nothing is due for review now. Next: {when} ({n} kinds of question followed).",
                known, when=when_words(nxt, now)), "ok")
        else:
            count = part(TEMPLATE, "bold", words=msg("{n} due for review", n=len(due)))
            said = marked(msg("{due}: a new question of each, scheduled by how you answered "
                              "before.", due=count))
            self.status.value = part(TEMPLATE, "due", said=said,
                                     titles=[review.title(item) for _, item in due])
        if due and self.quiz is None:
            self._start(due)

    def _start(self, due) -> None:
        old = self.quiz
        self.quiz = QuizWidget(title=msg("Review"), run=review.ReviewRun(due, fresh_seed()),
                               on_new=self._again,
                               more=lambda: bool(review.due(memory().items)))
        set_children(self.quiz_box, [self.quiz])
        if old is not None and self.quiz.choice_buttons:  # "New questions": on to the first
            self.quiz.choice_buttons[0][0].take_focus()

    def _again(self) -> None:
        """"New questions" at the end of a review: what is due now, or word of when."""
        due = review.due(memory().items)
        if due:
            self._start(due)
        else:
            # both HTML: as Markup, neither is escaped when joined
            self.quiz.feedback.value = Markup(self.quiz.feedback.value) + Markup(message_html(
                msg("Nothing more is due now: well done. Come back later."), "info"))
            self._draw(memory())


def review_widget() -> ReviewWidget:
    """The review page's widget."""
    return ReviewWidget()
