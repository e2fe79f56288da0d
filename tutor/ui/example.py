"""Lesson widgets: a worked example to try, house rules side by side, the rules of a lesson
and the way on to the next lesson.  Thin composites over ``tutor.teach.examples``."""

from __future__ import annotations

import logging
from contextlib import nullcontext

from ..engine.errors import InputError
from ..engine.messages import N_, many, msg, nmsg, render, sentences
from ..engine.phases import AUCTION
from ..games.registry import DEFAULT_GAME
from ..teach import content, progress
from ..teach.coach import ASK_CALL, ASK_CARD
from ..teach.content import COMPARISONS, EXAMPLES, EXERCISES, TRACKS, neighbours, page
from ..teach.examples import ExampleRun, compare, load
from ..teach.questions import MOST_STARS, kind_title
from . import widgets
from .aria import ButtonRow, Live
from .boundary import ErrorLine, error_html, safe
from .cards import card_class, cards_html, said, worded_html
from .guided import call_coach_html, coach_html
from .hand import set_state_class
from .html import Markup, part
from .lifecycle import set_children
from .memory import memory
from .nav import Remembering, next_pages
from .pages import href
from .quiz import score_num, stars_words
from .style import (
    markdown_html,
    message_html,
    rule_html,
    style_html,
    style_widgets,
)
from .table import TableWidget

log = logging.getLogger(__name__)
TEMPLATE = "example.html.j2"  # a worked example's parts (tutor/ui/templates)
COMMON = "widgets_common.html.j2"  # a label


def _example(name: str):
    for x in EXAMPLES:
        if x.name == name:
            return x
    raise InputError(render(msg("there is no worked example {name} (known: {known})",
                                name=repr(name), known=", ".join(x.name for x in EXAMPLES))),
                     "example")


def _missing(kind: str, exc: Exception) -> widgets.Widget:
    log.error("%s: %s", kind, exc)
    box = widgets.VBox([*style_widgets(), widgets.HTML(error_html(exc))], _dom_classes=("tt-app",))
    return box


class WorkedExample(widgets.VBox):
    """A position from a lesson: the table as the learner sees it, the learner's cards (or
    calls) to try, and the engine's answer to each try."""

    def __init__(self, name: str, four_colour: bool = False):
        self.run = ExampleRun(_example(name))
        self.four_colour = four_colour
        ex = self.run.example
        self.caption = widgets.HTML(
            part(TEMPLATE, "caption", title=msg("Worked example"),
                 text=Markup(markdown_html(said(ex.caption)))),
            layout=widgets.look(max_width="100%"))
        self.table = TableWidget(self.run.state, viewer=self.run.seat, four_colour=four_colour)
        self.choice_label = widgets.HTML()
        self.row = widgets.HBox(layout=widgets.look(flex_flow="row wrap", width="100%"),
                                _dom_classes=("tt-cardrow",))
        # "Show legal cards", "Start again" and the coach's hint: one row of buttons
        self.controls = ButtonRow(group_name=render(msg("The example")), classes=("tt-row",))
        self.legal_toggle, self.again, self.hint_button = self.controls.show([
            {"label": render(msg("Show legal cards")),
             "tip": render(msg("Mark the cards you may play")),
             "toggle": True, "classes": ("tt-action",)},
            {"label": render(msg("Start again")), "tip": render(msg("Back to the position")),
             "classes": ("tt-action",)},
            {"label": said(ASK_CARD),
             "tip": render(msg("Ask the coach for the best choice here, and why")),
             "classes": ("tt-action", "tt-coach-ask")}])
        self.result = widgets.HTML(layout=widgets.look(max_width="100%"))
        # what followed an allowed choice (the plays, the trick, the score): after the buttons,
        # so that the verdict and Start again stay together under the hand
        self.details = widgets.HTML(layout=widgets.look(max_width="100%"))
        self.error = ErrorLine()
        rules = "".join(rule_html(r, open_text=False) for r in ex.rules)
        self.rules = widgets.HTML(part(TEMPLATE, "rules", title=msg("The rules it shows"),
                                       boxes=Markup(rules)) if rules else "",
                                  layout=widgets.look(max_width="100%"))
        self.live = Live().watch(self.result)  # says each try's result
        # the verdict right under the hand, where the learner clicked (issue #39); the buttons
        # after it.  The example is its step's task: done (and its step passed) once a choice
        # is allowed, with stars, kept in the browser
        super().__init__([*style_widgets(), self.live, self.caption, self.table, self.choice_label,
                          self.row, self.result, self.controls, self.details, self.rules],
                         layout=widgets.look(width="100%"),
                         _dom_classes=("tt-app", "tt-example", "tt-task"))
        # on a wide screen the table on the left, the rest beside it (tutor.css)
        self.table.add_class("tt-example-table")
        self.error.place(self, after=self.result)
        self.buttons: list[tuple[widgets.Button, object]] = []
        # the calls of an auction, the cards of the hand: one widget each, made when first shown
        self._calls: ButtonRow | None = None
        self._cards: ButtonRow | None = None
        self.legal_toggle.on_change(safe(lambda ch: self._shown_legal(), self.error))
        self.again.on_click(safe(lambda _b: self.restart(), self.error))
        self.hint_button.on_click(safe(lambda _b: self.hint(), self.error))
        safe(self._draw, self.error)()
        memory().when_ready(safe(self._remembered, self.error))

    def _remembered(self, m) -> None:
        """The most stars a go at this example earned before (another visit): kept, and the
        task done."""
        stars = progress.example_stars(m.items, self.run.example.name)
        if stars is not None and (self.run.stars or 0) <= stars:
            self.run.stars = stars
            self._task_done()
            self._draw()

    def _task_done(self) -> None:
        self.add_class("tt-task-done")

    def _shown_legal(self) -> None:
        if self.legal_toggle.value:
            self.run.helped_by()
        self._mark()

    # -- public (also for tests) -----------------------------------------------------------
    def restart(self) -> None:
        self.run.reset()
        self.result.value = self.details.value = ""
        self._draw()

    def attempt(self, choice) -> None:
        """What a click on a card (or call) does."""
        safe(self._attempt, self.error)(choice)

    def hint(self) -> None:
        """The coach's advice under the position (said by the live region too)."""
        try:
            a = self.run.hint()
        except InputError as bad:
            self.result.value = message_html(str(bad), "info")
            return
        self.details.value = ""
        self.result.value = (call_coach_html(a) if a.kind == "call" else coach_html(a))

    # -- internals -------------------------------------------------------------------------
    def _draw(self) -> None:
        self.error.value = ""
        run = self.run
        self.table.show_state(run.state, run.seat)
        self.buttons = []
        if run.phase == "auction":
            self.legal_toggle.hidden = True
            options = run.call_options()
            # the calls: one widget for the row (a 56 auction offers dozens)
            if self._calls is None:
                self._calls = ButtonRow(group_name=render(msg("Calls")))
            calls = self._calls.show([{"label": run.call_label(c),
                                       "tip": render(msg("call {call}", call=c)),
                                       "classes": ("tt-choice",),
                                       "disabled": not run.learner_to_act} for c in options])
            for b, c in zip(calls, options):
                b.on_click(safe(lambda _b, c=c: self._attempt(c), self.error))
                self.buttons.append((b, c))
            what = msg("Your call: try any of them")
            set_children(self.row, [self._calls], keep=self._rows())
        else:
            self.legal_toggle.hidden = False
            cards = run.hand()
            if self._cards is None:
                self._cards = ButtonRow(
                    group_name=render(msg("Your hand (seat {seat})", seat=run.seat)))
            shown = self._cards.show([{"label": card.spoken, "card": card,
                                       "classes": ("tt-cardbtn",
                                                   card_class(card, self.four_colour)),
                                       "disabled": not run.learner_to_act} for card in cards])
            for b, card in zip(shown, cards):
                b.on_click(safe(lambda _b, c=card: self._attempt(c), self.error))
                self.buttons.append((b, card))
            what = msg("Your hand (seat {seat}): click a card to try it", seat=run.seat)
            set_children(self.row, [self._cards], keep=self._rows())
        if not run.learner_to_act:
            what = msg("Done: press Start again to try another choice")
        self.hint_button.disabled = not run.learner_to_act
        self.hint_button.description = said(ASK_CALL if run.phase == AUCTION else ASK_CARD)
        best = self.run.stars
        self.choice_label.value = part(
            TEMPLATE, "ask", words=what, most=MOST_STARS,
            stars=None if best is None else {"n": best, "said": msg(
                "the most stars you earned here: {stars}", stars=stars_words(best))})
        self._mark()

    def _rows(self) -> list[ButtonRow]:
        """The rows made so far: kept while the other is shown (Start again goes back)."""
        return [r for r in (self._calls, self._cards) if r is not None]

    def _mark(self, tried=None, ok: bool | None = None) -> None:
        legal = set(self.run.legal_cards()) if self.legal_toggle.value else set()
        row = self._calls if self.run.phase == "auction" else self._cards
        with row.hold_sync() if row else nullcontext():  # the row's changes: one message
            for b, choice in self.buttons:
                names = []
                if legal and not isinstance(choice, str):
                    names.append("tt-legal" if choice in legal else "tt-dim")
                if tried is not None and choice == tried:
                    names += ["tt-selected", "tt-legal" if ok else "tt-illegal"]
                set_state_class(b, *dict.fromkeys(names))

    def _attempt(self, choice) -> None:
        out = self.run.attempt(choice)
        if not out.ok:
            also = None
            if out.alternatives:
                ways = many(out.alternatives, "or")
                also = msg("You may call: {calls}.", calls=ways) \
                    if self.run.phase == "auction" else msg("You may play: {cards}.", cards=ways)
            self.details.value = ""
            self.result.value = part("hand.html.j2", "refused", head=msg("Not allowed."),
                                     text=out.text, also=also,
                                     rule=Markup(rule_html(out.rule, open_text=False)))
            self._mark(choice, False)
            return
        self.result.value = part(
            TEMPLATE, "allowed",
            said=msg("{action} is allowed: {reason}", action=out.action, reason=out.text),
            most=MOST_STARS,
            stars=None if out.stars is None else {"n": out.stars, "said": stars_words(out.stars)})
        self.details.value = part(
            TEMPLATE, "followed",
            then={"title": msg("Then"), "lines": out.followed} if out.followed else None,
            trick=Markup(message_html(out.trick, "info")) if out.trick else None,
            score={"title": msg("The score"), "lines": out.score["lines"]} if out.score else None)
        if out.stars is not None:
            self._task_done()
            memory().put(progress.example_key(self.run.example.name), {"stars": self.run.stars})
        self._draw()
        self._mark(choice, True)
        # the keyboard focus: the next call of an auction, or Start again once done
        nxt = next((b for b, _ in self.buttons if not b.disabled), None)
        (nxt or self.again).take_focus()


def worked_example(name: str, four_colour: bool = False) -> widgets.Widget:
    """The worked example ``name`` of ``tutor.teach.content.EXAMPLES``, ready to try."""
    try:
        return WorkedExample(name, four_colour)
    except InputError as e:
        return _missing("worked example", e)


# -- house rules side by side ----------------------------------------------------------------------
def column_html(col, four_colour: bool) -> str:
    """One variant of a comparison: its label, its result, its cards and what it means
    (``house_rules.html.j2``)."""
    cards = ""
    if col.cards:
        cards = Markup(cards_html([c for c, _ in col.cards], "small", four_colour,
                                  states=["legal" if ok else "dim" for _, ok in col.cards]))
    return part("house_rules.html.j2", "column", col=col, cards=cards,
                standard=msg("standard"), house=msg("house rule"))


# the question each aspect of a comparison asks of its position
ASPECT_QUESTION = {"legal": N_("Which cards may the player to act play?"),
                   "winner": N_("Who wins the trick?"), "calls": N_("Who may call, and what?"),
                   "leader": N_("Who leads to the first trick?"),
                   "score": N_("The hand is played out: what does the bidder score?")}


class HouseRules(widgets.VBox):
    """Pick a house rule: the same position under the standard rules and under each
    variant, side by side, with what changes and why."""

    def __init__(self, game: str = DEFAULT_GAME, four_colour: bool = False):
        self.items = [c for c in COMPARISONS if c.game == game]
        if not self.items:
            raise InputError(render(msg("no house rules to compare for {game}", game=repr(game))),
                             "game")
        self.four_colour = four_colour
        self.picker = widgets.Dropdown(
            options=[(said(c.label), i)
                     for i, c in enumerate(self.items)],
            value=0, description=render(msg("House rule:")), style={"description_width": "auto"},
            layout=widgets.look(width="40em", max_width="100%"))
        self.position = widgets.HTML(layout=widgets.look(max_width="100%"))
        self.table = None
        self.table_box = widgets.VBox(layout=widgets.look(width="100%"))
        self.columns = widgets.HTML(layout=widgets.look(max_width="100%"))
        self.error = ErrorLine()
        # the answers under the question, the position they are about after them: the
        # difference a rule makes is on the screen as the rule is picked (issue #39)
        super().__init__([*style_widgets(), self.picker, self.position,
                          self.columns, self.table_box],
                         layout=widgets.look(width="100%"),
                         _dom_classes=("tt-app", "tt-house-rules"))
        self.error.place(self, after=self.columns)
        self.picker.observe(safe(lambda ch: self.show(ch["new"]), self.error), names="value")
        safe(self.show, self.error)(0)

    def show(self, index: int) -> None:
        c = self.items[index]
        self.error.value = ""
        cols = compare(c)  # first, so that a failure leaves the last good display
        state = load(c.game, c.text)
        viewer = state.to_act if c.aspect == "legal" else None
        if self.table is None:
            self.table = TableWidget(state, viewer=viewer, size="small",
                                     four_colour=self.four_colour)
            self.table_box.children = [self.table]
        else:
            self.table.show_state(state, viewer)
        self.position.value = part(
            "house_rules.html.j2", "question", summary=msg(c.summary),
            what=msg(ASPECT_QUESTION[c.aspect]),
            then=msg("Then the dealer bids {bids}.", bids=many(c.then)) if c.then else None,
            setting=Markup(worded_html(msg("(setting <code>{setting}</code>)",
                                           setting=c.setting))))
        self.columns.value = part(
            "house_rules.html.j2", "columns",
            cols=Markup("".join(column_html(col, self.four_colour) for col in cols)),
            rules=Markup("".join(rule_html(r, open_text=False) for r in c.rules)))


def house_rules(game: str = DEFAULT_GAME, four_colour: bool = False) -> widgets.Widget:
    """The house rules of ``game`` side by side with the standard rules."""
    try:
        return HouseRules(str(game), four_colour)
    except InputError as e:
        return _missing("house rules", e)


# -- the end of a lesson ---------------------------------------------------------------------------
LESSON_MAP = msg("← Lesson map")


def _href(from_notebook: str, to_notebook: str) -> str:
    """A relative link between two pages of ``lessons/``."""
    depth = from_notebook.count("/")
    return "../" * depth + href(to_notebook)


def _goal_stars(items: dict, exercise) -> list[dict]:
    """Each kind of question of the lesson's exercise with the most stars an answer of it
    earned (the learner's record in this browser), for the finish (issue #39)."""
    if exercise is None:
        return []
    best = (items.get(progress.exercise_key(exercise.name)) or {}).get("best_stars") or {}
    out = []
    for kind in dict.fromkeys(exercise.kinds):
        n = int(best.get(kind, 0))
        out.append({"title": kind_title(kind), "n": n, "said": stars_words(n)})
    return out


def _worth_review(items: dict, exercise, notebook: str) -> dict | None:
    """The one or two kinds of the exercise a learner would do well to go over again (the
    fewest stars, below full marks), with the way to the review page; None when every kind
    has full marks or nothing was answered."""
    stars = _goal_stars(items, exercise)
    if not any(s["n"] for s in stars) and not items.get(
            progress.exercise_key(exercise.name if exercise else "")):
        return None
    weak = sorted((s for s in stars if s["n"] < MOST_STARS), key=lambda s: s["n"])[:2]
    if not weak:
        return None
    return {"words": msg("Worth another look: {kinds}.", kinds=many([s["title"] for s in weak])),
            "href": _href(notebook, page("review").notebook),
            "go": msg("Review →")}


def _track_summary(items: dict, p) -> dict:
    """At the end of a track: its lessons done and the stars earned in all its exercises."""
    pages = content.track_pages(p.track)
    done = sum(progress.lesson_state(items, q.id) == "done" for q in pages)
    stars = most = 0
    for q in pages:
        e = next((x for x in EXERCISES if x.name == q.id), None)
        if e is None:
            continue
        got = _goal_stars(items, e)
        stars += sum(s["n"] for s in got)
        most += MOST_STARS * len(got)
    title = next(msg(t.title) for t in TRACKS if t.id == p.track)
    return {"title": msg("The end of the track: {track}", track=title),
            "words": sentences(
                nmsg("{done} of {n} lesson done.", "{done} of {n} lessons done.", len(pages),
                     done=done),
                nmsg("{stars} of {most} star.", "{stars} of {most} stars.", most,
                     stars=stars, most=most))}


def lesson_footer(page_id: str) -> widgets.Widget:
    """The end of a lesson: whether the learner has done it (its exercise finished, as their
    browser remembers), what they can now do, the rules it taught (folded, with the rules text
    the project ships) and links to the previous and next lesson of its track (the order of
    ``lessons.toml``; the last lesson of a track leads to the next track and to practice).
    ``page_id`` as for ``page_header``: ``"55-renege"``."""
    try:
        p = page(page_id)
    except KeyError:
        log.error("lesson_footer: no page %r in tutor/teach/data/lessons.toml", page_id)
        return widgets.HTML(part("footer.html.j2", "lost", style=Markup(style_html()),
                                 href=_href(page_id, "index.ipynb"), words=LESSON_MAP))
    notebook = p.notebook
    prev, _ = neighbours(p)
    after = (Markup(worded_html(msg("<b>After this lesson</b> you can {what}",
                                    what=msg(p.after)))) if p.after else None)
    rules = ({"title": msg("The rules of this lesson ({n})", n=len(p.rules)),
              "texts": Markup("".join(rule_html(r, open_text=True) for r in p.rules))}
             if p.rules else None)
    links = [{"href": _href(notebook, "index.ipynb"), "rel": None, "words": LESSON_MAP}]
    if prev:
        links.append({"href": _href(notebook, prev.notebook), "rel": "prev",
                      "words": Markup("← ") + Markup.escape(render(msg(prev.title)))})
    titles = {t.id: msg(t.title) for t in TRACKS}
    for i, nxt in enumerate(next_pages(p)):
        lesson = msg(nxt.title)
        words = (msg("Next: {lesson} →", lesson=lesson) if nxt.track == p.track else
                 msg("Next: {track}, {lesson} →", track=titles[nxt.track], lesson=lesson)
                 if nxt.track else msg("Or practise: {page} →", page=lesson))
        links.append({"href": _href(notebook, nxt.notebook), "rel": "next" if i == 0 else None,
                      "words": words})

    exercise = next((e for e in EXERCISES if e.name == p.id), None)
    track_end = bool(p.track) and all(n.track != p.track for n in next_pages(p))

    def draw(items: dict) -> str:
        done = None
        if progress.lesson_state(items, p.id) == "done":
            best = progress.best_score(items, p.id)
            finished = msg("<b>✓ Done:</b> you have mastered this lesson's exercise (best "
                           "score {score} of {count}).", score=score_num(best[0]),
                           count=best[1]) \
                if best else msg("<b>✓ Done:</b> you have mastered this lesson's exercise.")
            done = Markup(worded_html(finished))
        return part("footer.html.j2", "footer", style=Markup(style_html()), done=done,
                    after=after, rules=rules, label=msg("Lessons"), links=links,
                    stars=_goal_stars(items, exercise), most=MOST_STARS,
                    stars_title=msg("Your stars in this lesson"),
                    review=_worth_review(items, exercise, notebook),
                    track=_track_summary(items, p) if track_end else None)

    return Remembering(draw, "tt-lesson-footer", with_memory=False)
