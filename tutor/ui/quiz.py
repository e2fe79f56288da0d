"""The quiz widget over ``tutor.teach``: the prompt, the position drawn, the choices as buttons,
Check, feedback with the rule, the hint ladder and a running score.

What the browser gets before the learner answers: the prompt, the context and the choices
(labels and spoken names), nothing else.  The answer, the reason and the hints stay in the
kernel (``Question`` is never put into a trait); a hint is sent when it is asked for, the
answer once the learner has checked.

Each widget asks the questions of its own seed (``.seed``, a plain attribute, so it stays in
the kernel too): a fresh one from the operating system's randomness unless a seed is given,
so that the learner at the next desk gets other questions.  An exercise keeps its run in the
learner's browser (the seed, the place, the score and what was missed: ``tutor.ui.memory``),
so a reload picks it up again; at its end the learner may try the ones missed again, or take
new questions.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import SUIT_SYMBOL, SUIT_WORDS, Card
from ..engine.errors import InputError
from ..engine.messages import N_, Num, many, msg, nmsg, num, render, sentences
from ..games.registry import DEFAULT_GAME, find_game
from ..teach import house_rules
from ..teach.content import EXERCISES
from ..teach.progress import exercise_item, exercise_key
from ..teach.questions import (
    HINT_COST,
    KINDS,
    MOST_STARS,
    Choice,
    Feedback,
    Quiz,
    fresh_seed,
    kind_title,
    shown,
)
from ..teach.review import reviewed
from ..teach.seats import table_for
from . import widgets
from .aria import ButtonRow, Live, RowButton
from .boundary import ErrorLine, error_html, log, safe
from .cards import card_chip, card_class, cards_html
from .hand import set_state_class
from .html import Markup, html, part
from .memory import memory
from .style import message_html, rule_html, style_widgets

TEMPLATE = "quiz.html.j2"  # the widget's parts (tutor/ui/templates)
COMMON = "widgets_common.html.j2"  # a muted line

# a choice's button once the answer is checked: its label, then the result in words
RIGHT_MARK = N_("{label}, right ✓")
WRONG_MARK = N_("{label}, wrong ✕")
MISSED_MARK = N_("{label}, missed")
MODE_HELP = {"one": N_("Pick one answer, then Check."),
             "many": N_("Select every right answer (click again to unselect), then Check."),
             "order": N_("Click the cards in order, best first; Undo takes back the last one. "
                         "Then Check.")}


def _points(points: float):
    """"+1 point.", "+0.5 points (hints cost 0.5)."."""
    if points == 1:
        return msg("+{points} point.", points=score_num(points))
    return msg("+{points} points (hints cost {cost}).", points=score_num(points),
               cost=score_num(1 - points))


def stars_words(stars: int):
    """An answer's stars (``Quiz.stars``) as a screen reader says them."""
    return nmsg("{n} star of {most}", "{n} stars of {most}", stars, n=stars, most=MOST_STARS)


def to_go_words(quiz: Quiz):
    """What is left of a run, plainly: "3 to go, 1 to retry", "1 to retry", "all answered"."""
    new, retry = quiz.to_go
    parts = []
    if new:
        parts.append(nmsg("{n} to go", "{n} to go", new, n=new))
    if retry:
        parts.append(nmsg("{n} to retry", "{n} to retry", retry, n=retry))
    return many(parts, "sequence") if parts else msg("all answered")


def score_num(score: float) -> Num:
    """A score, to the hundredth, with no zeros after its last digit: ``3.25``, ``3``,
    ``0.5`` (French ``3,25``, ``0,5``), a :func:`~tutor.engine.messages.num` for a message."""
    digits = len(f"{score:.2f}".rstrip("0").partition(".")[2])
    return num(score, digits)


def score_text(score: float) -> str:
    """A score worded now, in the current language: ``3.25``, ``3``, ``0.5``."""
    return render(score_num(score))


def choice_card(choice: Choice) -> Card | None:
    """The card a choice shows, if it is a card (its label reads as one)."""
    try:
        return Card.parse(choice.label)
    except (InputError, ValueError):
        return None


def context_html(question, four_colour: bool = False) -> str:
    """The public facts of a question, drawn: trump, the house rules, and what its kind shows
    (``Shown``: the trick so far, the calls, the hand, the tricks); the template
    ``quiz_context.html.j2``."""
    ctx = question.context
    parts = shown(question.kind).parts  # what the question's kind shows beside its choices
    trump = ctx.get("trump")
    if trump not in (None, "NT"):
        trump = msg("Trumps: {suit}", suit=f"{SUIT_SYMBOL[trump]} {render(SUIT_WORDS[trump])}")
    else:
        trump = msg("No trumps") if "trumps" in parts else None
    rules = [msg("House rule: {rule}", rule=house_rules.words(question.game, name, value,
                                                              ctx.get("players") or 4))
             for name, value in (ctx.get("rules") or {}).items()]
    trick = calls = hand = tricks = None
    if "trick" in parts and ctx.get("trick"):
        n, leader = ctx["players"], ctx["leader"]
        trick = {"title": msg("The trick so far"),
                 "cards": [{"face": Markup(cards_html([Card.parse(t)], "normal", four_colour)),
                            "seat": _seat_led((leader + i) % n, i == 0)}
                           for i, t in enumerate(ctx["trick"])]}
    if "calls" in parts and ctx.get("calls") is not None:
        partner = ctx.get("partner")
        calls = {
            "title": nmsg("Calls so far ({n} player, seat {dealer} deals)",
                          "Calls so far ({n} players, seat {dealer} deals)", ctx["players"],
                          dealer=ctx["dealer"]),
            "said": [{"partner": s == partner,
                      "words": msg("Seat {seat} (partner): {call}", seat=s,
                                   call=_spoken(c, question.game)) if s == partner else
                      msg("Seat {seat}: {call}", seat=s, call=_spoken(c, question.game))}
                     for s, c in ctx["calls"]],
            "none": msg("no calls yet"),
            "you": msg("You are seat {seat}.", seat=ctx["seat"])
            if "you" in parts and "seat" in ctx else ""}
    if "hand" in parts and ctx.get("hand"):
        hand = {"title": msg("Your hand (seat {seat})", seat=ctx["seat"]),
                "faces": Markup(cards_html([Card.parse(c) for c in ctx["hand"]], "small",
                                           four_colour))}
    if "tricks" in parts and ctx.get("tricks"):
        bidder = ctx.get("bidder")
        table = table_for(question.game, ctx["players"])
        rows = []
        for k, (w, cards) in enumerate(ctx["tricks"], 1):
            won = msg("won by seat {seat} (the bidder)", seat=w) \
                if bidder is not None and w == bidder else msg("won by seat {seat}", seat=w)
            side = table.side_of(w)
            if side is not None:  # a partnership game: whose team took it
                won = msg("won by seat {seat} ({side} {number})", seat=w,
                          side=table.side_word, number=side)
            rows.append({"number": msg("Trick {number}", number=k), "won": won,
                         "faces": Markup(cards_html([Card.parse(c) for c in cards], "small",
                                                    four_colour))})
        tricks = {"title": msg("The tricks"), "rows": rows}
    return html("quiz_context.html.j2", trump=trump, rules=rules, trick=trick, calls=calls,
                hand=hand, tricks=tricks)


def _seat_led(seat: int, led: bool):
    """"Seat 2 led" under the first card of a trick, "Seat 3" under the others."""
    return msg("Seat {seat} led", seat=seat) if led else msg("Seat {seat}", seat=seat)


def _spoken(call: str, game: str) -> str:
    """A call as its game says it: "Twenty-Eight Spades (28S)", "Pass", "20"."""
    try:
        spoken = find_game(game).hook("call_words")(call)
    except InputError:
        return call
    # a call that is a word or a number is said alone; a bid written in notation ("28S") is
    # said with it
    return spoken if call.isalpha() or call.isdigit() or spoken == call else \
        f"{spoken} ({call})"


def _control(label, tip, primary: bool = False, hidden: bool = False) -> dict:
    """A button of the quiz's controls (Check, Hint...), as :meth:`ButtonRow.show` takes it
    (``label`` and ``tip``: messages, worded here)."""
    return {"label": render(label), "tip": render(tip), "hidden": hidden,
            "classes": ("tt-action", *(("mod-primary",) if primary else ()))}


class QuizWidget(widgets.VBox):
    """A run of generated questions with Check, hints, feedback and the score."""

    def __init__(self, kinds=KINDS, game: str = DEFAULT_GAME, seed: int | None = None,
                 count: int | None = None, title: str | None = None, four_colour: bool = False,
                 remember: str | None = None, run: Quiz | None = None,
                 on_new: Callable[[], None] | None = None, reask: bool = False,
                 more: Callable[[], bool] | None = None):
        # a seed of its own unless one is given: the questions of this run (kept in the kernel,
        # never sent to the browser: with it the answers could be worked out)
        self.seed: int = fresh_seed() if seed is None else seed
        # ``run``: a run made elsewhere (a review); ``on_new``: what "New questions" does
        # instead of a new run of the same kinds
        # ``reask``: a question answered wrong is asked once more a little later in the run
        self.quiz = run if run is not None else Quiz(kinds, str(game), self.seed, count,
                                                     reask=reask)
        self.seed = self.quiz.seed
        self.on_new = on_new
        # ``more``: whether "New questions" has something to give at the end (a review: is
        # anything still due?); without it, always
        self.more = more
        self.full_count = count if run is None else run.count
        # ``remember``: the exercise's name, under which the run is kept in the browser
        # (tutor.ui.memory): a reload resumes it, the lesson map shows it done
        self.remember = remember
        self.four_colour = four_colour
        self.exercise_title = title
        self.top = widgets.HTML()
        self.prompt = widgets.HTML()
        self.context = widgets.HTML(layout=widgets.look(max_width="100%"))
        self.choice_label = widgets.HTML()
        # the choices, and the controls, are each one row of buttons (one widget: a question's
        # choices are redrawn in one message)
        self.choices = ButtonRow(group_name="Choices", classes=("tt-cardrow",))
        self.order_line = widgets.HTML()
        self.controls = ButtonRow(group_name="Answer", classes=("tt-row",))
        (self.check_button, self.hint_button, self.undo_button, self.clear_button,
         self.next_button, self.retry_button, self.new_button) = self.controls.show([
            _control(msg("Check"), msg("Check your answer"), primary=True),
            _control(msg("Hint"), msg("A hint (each hint lowers this question's score)")),
            _control(msg("Undo"), msg("Take back the last card placed")),
            _control(msg("Clear"), msg("Start your answer again")),
            _control(msg("Next question"), msg("Go on to a new question")),
            # at the end of an exercise
            _control(msg("Try the ones I missed"), msg("The questions you got wrong, again"),
                     primary=True, hidden=True),
            _control(msg("New questions"), msg("The exercise again, with new questions"),
                     hidden=True)])
        self.hints = widgets.HTML()
        self.feedback = widgets.HTML()
        self.error = ErrorLine()
        # the one live region: says each question, hint and result
        self.live = Live().watch(self.prompt, self.hints, self.feedback)
        super().__init__([*style_widgets(), self.top, self.prompt, self.context,
                          # the hints and the verdict right under the cards, where the
                          # learner is looking, the buttons after them (issue #39)
                          self.choice_label, self.choices, self.order_line, self.hints,
                          self.feedback, self.controls, self.live],
                         layout=widgets.look(width="100%"),
                         _dom_classes=("tt-app", "tt-quiz"))
        self.error.place(self, after=self.feedback)
        self.picked: list[str] = []
        self.choice_buttons: list[tuple[RowButton, Choice]] = []
        self.shown_hints: list = []
        self.check_button.on_click(safe(lambda _b: self.check(), self.error))
        self.hint_button.on_click(safe(lambda _b: self.hint(), self.error))
        self.undo_button.on_click(safe(lambda _b: self.undo(), self.error))
        self.clear_button.on_click(safe(lambda _b: self.clear(), self.error))
        self.next_button.on_click(safe(lambda _b: self.next(), self.error))
        self.retry_button.on_click(safe(lambda _b: self.retry(), self.error))
        self.new_button.on_click(safe(lambda _b: self.new_questions(), self.error))
        safe(self._show_question, self.error)()
        if remember:
            memory().when_ready(safe(self._resume, self.error))

    # -- the question ------------------------------------------------------------------------
    @property
    def question(self):
        return self.quiz.question

    def _show_question(self) -> None:
        q = self.question
        self.picked = []
        self.shown_hints = []
        self._draw_top()
        self.prompt.value = part(TEMPLATE, "prompt", text=q.prompt)
        self.context.value = context_html(q, self.four_colour)
        cards = [choice_card(c) for c in q.choices]
        what = shown(q.kind)  # what the question's kind shows beside its choices
        which = msg(what.choices, seat=q.context.get("seat"))
        self.choice_label.value = part(TEMPLATE, "choice_label", which=which,
                                       how=msg(MODE_HELP[q.mode]))
        self.choices.group_name = render(which)
        seats = q.context.get("seats") if "seats" in what.parts else None
        items = []
        for i, (choice, card) in enumerate(zip(q.choices, cards)):
            if card is not None:  # named in words (a card of a trick: with its seat)
                item = {"label": choice.spoken, "card": card, "pressed": False,
                        "classes": ("tt-cardbtn", card_class(card, self.four_colour))}
            else:
                item = {"label": choice.label, "tip": choice.spoken, "pressed": False,
                        "classes": ("tt-choice", *(("tt-choice-long",)
                                                   if len(choice.label) > 30 else ()))}
            if seats:
                item["caption"] = render(_seat_led(seats[i], i == 0))
            items.append(item)
        with self.choices.hold_sync():  # the last question's choices go: one message
            buttons = self.choices.show(items)
            self.choice_buttons = list(zip(buttons, q.choices))
            for i, b in enumerate(buttons):
                b.on_click(safe(lambda _b, n=i: self.pick(n), self.error))
        self.order_line.value = ""
        self.hints.value = ""
        self.feedback.value = ""
        order = q.mode == "order"
        several = q.mode != "one"
        with self.controls.hold_sync():
            self.check_button.disabled = False
            self.hint_button.disabled = not q.hints
            self.hint_button.description = render(msg("Hint"))
            self.undo_button.hidden = not order
            self.clear_button.hidden = not several
            self.undo_button.disabled = self.clear_button.disabled = False
            self.next_button.disabled = self.next_button.hidden = False
            self.next_button.description = render(msg("Next question"))
            self.retry_button.hidden = self.new_button.hidden = True
        self._mark()

    def _draw_top(self) -> None:
        quiz = self.quiz
        number = quiz.number + 1
        where = to_go_words(quiz) if quiz.places else msg("question {number}", number=number)
        title = self.exercise_title if self.exercise_title else kind_title(self.question.kind)
        if quiz.order is not None:
            title = msg("{title} · the ones you missed", title=title)
        if quiz.asked_again:
            title = msg("{title} · again: one you missed", title=title)
        score = msg("Score: {score} / {answered}", score=score_num(quiz.score),
                    answered=quiz.answered)
        stars = [{"n": n, "said": stars_words(n)} for n in quiz.stars] if self.remember else []
        self.top.value = part(TEMPLATE, "top", title=title, game=quiz.game, where=where,
                              score=score, stars=stars, most=MOST_STARS,
                              stars_label=msg("Your stars, one mark for each answer"))
        if self.remember:  # an exercise: the lesson's task, done once mastered (issue #39)
            if quiz.mastered:
                self.add_class("tt-task-done")
            else:
                self.remove_class("tt-task-done")

    # -- picking -----------------------------------------------------------------------------
    def pick(self, index: int) -> None:
        """A click on choice ``index``."""
        if self.quiz.attempt.answered:
            return
        cid = self.question.choices[index].id
        mode = self.question.mode
        if mode == "one":
            self.picked = [cid]
        elif mode == "many":
            if cid in self.picked:
                self.picked.remove(cid)
            else:
                self.picked.append(cid)
        elif cid not in self.picked:
            self.picked.append(cid)
        self._mark()

    def undo(self) -> None:
        if self.picked and not self.quiz.attempt.answered:
            self.picked.pop()
        self._mark()

    def clear(self) -> None:
        if not self.quiz.attempt.answered:
            self.picked = []
        self._mark()

    def _mark(self, feedback: Feedback | None = None) -> None:
        highlight = set()
        for h in self.shown_hints:
            highlight |= set(h.highlight)
        answer = set(feedback.answer) if feedback else set()
        order = self.question.mode == "order"
        with self.choices.hold_sync():  # the row redrawn in one message
            for b, choice in self.choice_buttons:
                names = []
                if feedback is not None:
                    if order:  # right where the learner put it, or not
                        at = self.picked.index(choice.id) if choice.id in self.picked else -1
                        ok = 0 <= at < len(feedback.answer) and feedback.answer[at] == choice.id
                        names.append("tt-right" if ok else "tt-wrong")
                    elif choice.id in answer:  # chosen and right, or right and left out
                        many_missed = self.question.mode == "many" and choice.id not in self.picked
                        names.append("tt-missed" if many_missed else "tt-right")
                    elif choice.id in self.picked:
                        names.append("tt-wrong")
                elif choice.id in highlight:
                    names.append("tt-hinted")
                if choice.id in self.picked:
                    names.append("tt-selected")
                set_state_class(b, *names)
                if feedback is not None and "tt-cardbtn" not in b._dom_classes:
                    # the result in words, which a screen reader says too (a mark alone is
                    # read as "check mark")
                    said = (RIGHT_MARK if "tt-right" in names
                            else WRONG_MARK if "tt-wrong" in names
                            else MISSED_MARK if "tt-missed" in names else None)
                    b.description = render(msg(said, label=choice.label)) if said \
                        else choice.label
        if self.question.mode == "order":
            labels = {c.id: c for c in self.question.choices}
            if self.picked:
                left = len(self.question.choices) - len(self.picked)
                self.order_line.value = part(
                    TEMPLATE, "order", said=msg("Your order:"),
                    chips=[self._chip(labels[p]) for p in self.picked],
                    left=msg("({n} to place)", n=left) if left else None)
            else:
                self.order_line.value = part(COMMON, "muted", words=msg(
                    "Your order: click the best card first."))

    def _chip(self, choice: Choice) -> Markup:
        """A choice in a line of words: a card's chip, or the choice's label."""
        card = choice_card(choice)
        return Markup(card_chip(card, self.four_colour)) if card else \
            part(TEMPLATE, "badge", words=choice.label)

    # -- hints, checking, next ---------------------------------------------------------------------
    def hint(self) -> None:
        attempt = self.quiz.attempt
        if attempt.answered:
            return
        h = attempt.next_hint()
        if h is None:
            self.hint_button.disabled = True
            return
        self.shown_hints.append(h)
        self._mark()  # the cards it marks first: they are on show when its words are
        total = len(self.question.hints)
        worth = score_num(max(0.0, 1.0 - HINT_COST[min(attempt.hints_used, 3)]))
        self.hints.value = part(
            TEMPLATE, "hints",
            shown=[{"head": msg("Hint {level} of {total}:", level=x.level, total=total),
                    "text": x.text} for x in self.shown_hints],
            cost=msg("Hints lower the score: this question is now worth {worth} of 1 point.",
                     worth=worth))
        self.hint_button.disabled = attempt.hints_used >= total
        self.hint_button.description = render(
            msg("No more hints") if self.hint_button.disabled else
            msg("Hint {number}", number=attempt.hints_used + 1))

    def answer_ready(self) -> bool:
        """Is the learner's answer whole (something picked; every card placed in an order)?
        If not, the feedback line says what is missing."""
        q = self.question
        if not self.picked:
            self.feedback.value = message_html(render(msg("Pick an answer first.")), "info")
            return False
        if q.mode == "order" and len(self.picked) < len(q.choices):
            self.feedback.value = message_html(render(msg(
                "Place all {n} cards first ({placed} placed).", n=len(q.choices),
                placed=len(self.picked))), "info")
            return False
        return True

    def check(self) -> None:
        q, attempt = self.question, self.quiz.attempt
        if attempt.answered or not self.answer_ready():
            return
        picked = self.picked[0] if q.mode == "one" else list(self.picked)
        hints = self.quiz.attempt.hints_used
        fb = self.quiz.answer(picked)
        self._note_review(q, fb, hints)  # first: the end of a review asks what is still due
        self._show_feedback(fb)
        self._keep()
        if not self.next_button.disabled:  # the choices are disabled: on to the next one
            self.next_button.take_focus()
        elif self.quiz.missed:
            self.retry_button.take_focus()
        else:
            self.new_button.take_focus()

    def _show_feedback(self, fb: Feedback) -> None:
        q = self.question
        labels = {c.id: c for c in q.choices}
        done = []  # what comes next, in message boxes
        if self.quiz.asked_again:
            done.append(message_html(render(msg("You missed this one earlier: this second "
                                                "answer does not change the score.")), "info"))
        elif self.quiz.reask and not fb.correct and not self.quiz.finished:
            done.append(message_html(render(msg("This question will come back a little later, "
                                                "for another try.")), "info"))
        with self.controls.hold_sync(), self.choices.hold_sync():  # a message for each row
            if self.quiz.finished:
                done.append(message_html(self._end_words(), "info"))
                if self.remember:
                    done.append(message_html(render(self._mastery_words()),
                                             "ok" if self.quiz.mastered else "info"))
                self.next_button.disabled = True
                self.next_button.hidden = True
                self.retry_button.hidden = not self.quiz.missed
                self.retry_button.description = render(msg("Try the ones I missed ({n})",
                                                           n=len(self.quiz.missed)))
                self.new_button.hidden = self.more is not None and not self.more()
                if self.new_button.hidden:
                    done.append(message_html(render(msg(
                        "Nothing more is due now: well done. Come back later.")), "ok"))
            stars = self.quiz.stars[-1] if self.remember and self.quiz.stars else None
            self.feedback.value = part(
                TEMPLATE, "feedback", fb=fb, most=MOST_STARS,
                stars=None if stars is None else {"n": stars, "said": stars_words(stars)},
                points=None if self.quiz.asked_again else _points(fb.points),
                parts=[{"title": msg("What your answer meant:"), "lines": fb.wrong,
                        "cls": None},
                       {"title": msg("You missed:"), "lines": fb.missed,
                        "cls": "tt-missed-list"}],
                answer_said=msg("The answer:"),
                answer=[self._chip(labels[a]) for a in fb.answer if a in labels],
                rule=Markup(rule_html(fb.rule, fb.rule_title, fb.rule_text,
                                      open_text=not fb.correct)),
                done=Markup("".join(done)))
            self.check_button.disabled = True
            self.hint_button.disabled = True
            self.undo_button.disabled = self.clear_button.disabled = True
            for b, _ in self.choice_buttons:
                b.disabled = True
            self._draw_top()
            self._mark(fb)

    def next(self) -> None:
        if self.quiz.finished:
            self.next_button.disabled = True
            return
        try:
            self.quiz.next()
        except InputError:
            self.next_button.disabled = True
            # both HTML: as Markup, neither is escaped when joined
            self.feedback.value = Markup(self.feedback.value) + Markup(message_html(
                render(msg("That was the last question.")), "info"))
            return
        self._show_question()
        self._keep()
        if self.choice_buttons:  # the keyboard focus on the new question's first choice
            self.choice_buttons[0][0].take_focus()

    # -- the end of an exercise, and the learner's memory ------------------------------------------
    def _end_words(self) -> str:
        quiz = self.quiz
        score, count = score_num(quiz.score), quiz.count
        if quiz.order is not None:
            return render(msg("Done: {score} / {count} of the questions you had missed. New "
                              "questions give the whole exercise again.", score=score,
                              count=count))
        missed = len(quiz.missed)
        if missed:
            return render(msg("Exercise complete: {score} / {count}. You missed {missed}: try "
                              "them again, or take new questions.", score=score, count=count,
                              missed=missed))
        return render(msg("Exercise complete: {score} / {count}. Every answer right. New "
                          "questions give the exercise again.", score=score, count=count))

    def _mastery_words(self):
        """Whether the exercise is mastered (the lesson done), or which kinds of question are
        still to show (issue #39)."""
        quiz = self.quiz
        if quiz.mastered:
            return msg("Lesson mastered: every kind of question answered right at the first "
                       "try, and every miss made good.")
        kinds = list(dict.fromkeys(quiz.kinds))
        unshown = [kind_title(k) for k in kinds if k not in quiz.shown]
        owed = [kind_title(k) for k in kinds if k in quiz.owed and k in quiz.shown]
        said = []
        if unshown:
            said.append(nmsg(
                "To master this lesson, answer a question of this kind right at the first "
                "try, without a hint: {kinds}.",
                "To master this lesson, answer a question of each of these kinds right at the "
                "first try, without a hint: {kinds}.", len(unshown), kinds=many(unshown)))
        if owed:
            said.append(nmsg(
                "Make good your miss: answer a question of this kind right again: {kinds}.",
                "Make good your misses: answer a question of each of these kinds right again: "
                "{kinds}.", len(owed), kinds=many(owed)))
        return sentences(*said)

    def _start(self, quiz: Quiz) -> None:
        self.quiz, self.seed = quiz, quiz.seed
        self._show_question()
        self._keep()
        if self.choice_buttons:
            self.choice_buttons[0][0].take_focus()

    def retry(self) -> None:
        """The questions missed in this run, again (the same positions)."""
        if not self.quiz.missed:
            return
        self._start(self.quiz.retry())

    def new_questions(self) -> None:
        """The whole exercise again, with a fresh seed."""
        if self.on_new is not None:
            self.on_new()
            return
        q = self.quiz
        self._start(Quiz(q.kinds, q.game, fresh_seed(), self.full_count, reask=q.reask,
                         carry=q))

    def _keep(self) -> None:
        """Keep the run in the learner's browser (an exercise's widget only)."""
        if not self.remember:
            return
        m = memory()
        key = exercise_key(self.remember)
        m.put(key, exercise_item(self.quiz.record(), self.full_count, self.quiz.finished,
                                 m.get(key)))

    def _note_review(self, q, fb: Feedback, hints: int) -> None:
        """The answer schedules the next review of its kind and rule (FSRS); a question asked
        again counted when it was first answered."""
        if not q.rule or self.quiz.asked_again:
            return
        m = memory()
        key = self.quiz.review_key()
        before = m.get(key)
        game, kind, rule = (before["game"], before["kind"], before["rule"]) if before else \
            (q.game, q.kind, q.rule)
        m.put(key, reviewed(before, game, kind, rule, fb.correct, hints))

    def _resume(self, m) -> None:
        """Pick up the run the browser kept, unless the learner has begun this one."""
        item = m.get(exercise_key(self.remember))
        if self.quiz.answered or self.quiz.attempt.answered or self.picked:
            return
        if item is None:  # a new run: kept at once, so a reload asks the same questions
            self._keep()
            return
        q = self.quiz
        try:
            quiz = Quiz.resume(q.kinds, q.game, item, self.full_count, q.reask)
        except (InputError, KeyError, TypeError, ValueError) as e:
            log.warning("exercise %s: the kept run does not fit (%s): a new one", self.remember, e)
            return
        self.quiz, self.seed = quiz, quiz.seed
        self._show_question()
        if quiz.attempt.answered:
            self.picked = list(quiz.picked)
            self._show_feedback(quiz.attempt.feedback)
        elif quiz.answered:
            self.feedback.value = message_html(render(msg(
                "Welcome back: you had answered {n} of these questions.", n=quiz.answered)),
                "info")


def quiz_widget(kinds=KINDS, game: str = DEFAULT_GAME, seed: int | None = None,
                count: int | None = None, four_colour: bool = False) -> QuizWidget:
    """A quiz of generated questions of ``kinds`` for ``game``; ``count`` questions (``None``:
    unlimited).  Each widget draws a fresh seed (``.seed``) unless ``seed`` is given: the same
    seed asks the same questions."""
    return QuizWidget(kinds, game, seed, count, four_colour=four_colour)


def exercise_widget(name: str, seed: int | None = None) -> widgets.Widget:
    """A checked exercise of ``tutor.teach.content.EXERCISES``: its kinds and count, a fresh
    seed for each widget unless ``seed`` is given, the learner's run kept in the browser
    (``tutor.ui.memory``): a reload picks it up where it was left, and a question answered
    wrong asked once more a little later."""
    for e in EXERCISES:
        if e.name == name:
            return QuizWidget(e.kinds, e.game, seed, e.count,
                              title=nmsg("Exercise · {n} question", "Exercise · {n} questions",
                                         e.count), remember=e.name,
                              reask=True)
    known = ", ".join(e.name for e in EXERCISES)
    log.error("no exercise named %r (known: %s)", name, known)
    box = widgets.VBox([*style_widgets(), widgets.HTML(error_html(InputError(render(msg(
        "there is no exercise {name} (known: {known})", name=repr(name), known=known)))))],
        _dom_classes=("tt-app",))
    return box
