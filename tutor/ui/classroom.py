"""Class mode's two pages: the teacher's (start a class, show its code and QR code, ask a
question, watch the answers come in, reveal them, the scoreboard, end the class) and the
learner's (join with the code and a nickname, answer once, see the reveal).

Each page runs in its own kernel; they meet in the class store (:mod:`tutor.classroom`).  A page
learns what the others did by polling the store from its kernel's event loop (:class:`Poller`:
``call_later``, on the kernel's own thread, so widgets are only ever touched there); outside a
kernel (tests, scripts) nothing polls and :meth:`poll` is called by hand.

The teacher's key and a learner's token stay in the kernel and in the browser's own storage
(:mod:`tutor.ui.memory`, items ``class:<CODE>``), so a reload of either page takes up the class
where it was.  A nickname is shown as text, never as HTML.  The pages' HTML is drawn from the
template ``classroom.html.j2`` (:mod:`tutor.ui.html`); the QR code is SVG made by segno.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from ..classroom.model import (
    LESSON_LEARNERS_MAX,
    TIMERS,
    Asked,
    ClassError,
    Tally,
    clean_code,
    ranks,
    standings_csv,
)
from ..engine.messages import N_, many, msg, nmsg, render, sentences
from ..games.registry import game_names
from ..teach import content, practice
from ..teach.questions import Question, Quiz, and_list, fresh_seed, kind_title
from . import widgets
from .aria import Choices, Heartbeat, Live
from .boundary import ErrorLine, log, safe
from .cards import card_chip
from .html import Markup, marked, part
from .lifecycle import kernel_loop, set_children
from .memory import memory
from .pages import STATIC, href, is_loopback, page_url, request_query
from .quiz import MODE_HELP, QuizWidget, choice_card, context_html
from .style import action_button, esc, message_html, rule_html, style_widgets

CLIENT_ENV = "TUTOR_CLIENT"  # set by tutor_server in each page's kernel: the client's id
ADDRESS_ENV = "TUTOR_CLIENT_ADDRESS"  # ... and its address (digests, both)
POLL_SECONDS = 0.5  # how often a page looks at the store (the issue: <= 1 s)
JOIN_NOTEBOOK = "join.ipynb"
TEMPLATE = "classroom.html.j2"  # the pages' HTML (tutor/ui/templates)


_room = None


def classroom():
    """The class store this kernel uses (:class:`tutor.classroom.classes.Classroom`), made at
    first use: a page that never starts or joins a class opens no database and imports no
    SQLAlchemy (about 300 ms of every page's start)."""
    global _room
    if _room is None:
        from ..classroom.classes import Classroom  # heavy: only once a class is used
        # the browser this page is for, as the server knows it (tutor_server passes it to the
        # kernel): joins with codes that are no class are limited per browser too
        _room = Classroom(client=os.environ.get(CLIENT_ENV) or None,
                          address=os.environ.get(ADDRESS_ENV) or None)
    return _room


def class_key(code: str) -> str:
    return f"class:{code}"


class Poller:
    """``tick()`` every ``every`` seconds on the kernel's event loop, behind the error
    boundary (a failing tick shows its message in ``error`` and the next one tries again),
    until :meth:`stop`.  Outside a kernel it does nothing."""

    def __init__(self, tick: Callable[[], None], error, every: float = POLL_SECONDS):
        self.tick, self.error, self.every = tick, error, every
        self.running = False
        self._loop = None
        self.heartbeat = Heartbeat()  # the page shows it: no beat, "reload the page"

    def start(self) -> None:
        if self.running:
            return
        self._loop = kernel_loop()
        self.running = self._loop is not None
        if self.running:
            self._loop.call_later(self.every, self._run)

    def stop(self) -> None:
        """No more ticks, and no more beats: the page is told not to wait for them (it would
        say after a while that it lost touch with the server, after a class ended)."""
        self.running = False
        self.heartbeat.rest()

    def _run(self) -> None:
        if not self.running:
            return
        try:
            safe(self.tick, self.error)()
            if self.running:  # a tick that ended the class stopped the beats: no last one
                self.heartbeat.pulse()
        finally:
            if self.running:
                self._loop.call_later(self.every, self._run)


def join_url(code: str) -> str:
    """The learners' link to class ``code``: the join page beside this one."""
    return page_url(JOIN_NOTEBOOK, code=code)


def qr_svg(text: str) -> str:
    """A QR code of ``text``, as inline SVG sized by the stylesheet (``tt-qr``)."""
    import segno  # only on the teacher's page, once a class starts
    svg = segno.make(text, error="m").svg_inline(scale=1, border=4, dark="#000",
                                                light="#fff", omitsize=True)
    label = esc(msg("QR code of the join link"))
    return svg.replace("<svg ", f'<svg class="tt-qr" role="img" aria-label="{label}" ', 1)


def _choice_label(question: Question, cid: str) -> str:
    for c in question.choices:
        if c.id == cid:
            return c.label
    return cid


def _spoken_label(question: Question, cid: str) -> str:
    for c in question.choices:
        if c.id == cid:
            return c.spoken
    return cid


def _part(macro: str, **context) -> Markup:
    """The macro ``macro`` of the pages' template (``classroom.html.j2``) drawn."""
    return part(TEMPLATE, macro, **context)


def _bold(text) -> Markup:
    """``text`` in bold, escaped: a parameter of a message drawn with :func:`marked`."""
    return _part("bold", text=text)


def tally_html(question: Question, tally: Tally, reveal: bool, count: bool = True) -> str:
    """The answers so far: a bar per choice (how many picked it); once revealed, the right
    ones marked, the right answer with its rule, and the commonest wrong answer with why."""
    total = max(tally.answered, 1)
    rows = []
    for c in question.choices:
        n = tally.counts.get(c.id, 0)
        # the count, then what it counts for a screen reader: "3 of 12 picked ten of hearts"
        # (the message's own words hold the tags; its parameters are escaped)
        picked = Markup(render(msg('{n} <span class="tt-visually-hidden">of {answered} picked '
                                   '{choice}</span>', n=n, answered=tally.answered,
                                   choice=Markup.escape(c.spoken))))
        rows.append({"label": c.label, "right": reveal and c.id in question.answer,
                     "percent": round(100 * n / total), "picked": picked})
    shown = None
    if reveal:
        shown = _reveal(question, tally)
    return _part("tally", count=_answered(tally) if count else None,
                 label=msg("Answers per choice"), mark=msg("✓ right"), rows=rows,
                 reveal=shown)


def _reveal(question: Question, tally: Tally) -> dict:
    """What the reveal says under the bars: the right answer and why, the commonest wrong
    answer and what it meant, the rule."""
    fb = question.grade(question.answer[0] if question.mode == "one" else list(question.answer))
    right = (and_list(c.label for c in question.choices if c.id in question.answer)
             if question.mode != "order" else
             many((_choice_label(question, a) for a in question.answer), "sequence"))  # best first
    shown = {"answer": msg("The answer: {answer}.", answer=right), "reason": fb.reason,
             "score": nmsg("({right} of {answered} right)", "({right} of {answered} right)",
                           tally.right, right=tally.right, answered=tally.answered),
             "wrong": None, "rule": Markup(rule_html(fb.rule, fb.rule_title, fb.rule_text,
                                                     open_text=True))}
    wrong = [(n, a) for a, n in tally.answers.items()
             if a.split(" ") and sorted(a.split(" ")) != sorted(question.answer)
             and not (question.mode == "order" and a.split(" ") == list(question.answer))]
    if wrong:
        n, common = max(wrong, key=lambda t: (t[0], t[1]))
        ids = common.split(" ")
        try:
            why = question.grade(ids[0] if question.mode == "one" else ids)
            meant, missed = list(why.wrong), list(why.missed)
        except Exception:  # an answer that no longer reads: say it without the why
            meant, missed = [], []
        said = many((_choice_label(question, i) for i in ids), "sequence")  # as given, in order
        shown["wrong"] = {"answer": msg("The commonest wrong answer: {answer}", answer=said),
                          "learners": nmsg("({n} learner)", "({n} learners)", n),
                          "parts": [{"title": msg("What it meant:"), "lines": meant},
                                    {"title": msg("It left out:"), "lines": missed}]}
    return shown


def _answered(tally: Tally) -> Markup:
    """"<b>3</b> of 12 answered"."""
    return marked(msg("{answered} of {joined} answered", answered=_bold(tally.answered),
                      joined=tally.joined))


def scoreboard_html(rows, final: bool = False) -> str:
    """The scoreboard: rank, nickname, right answers (of the questions revealed so far) and
    answers given."""
    if not rows:
        return _part("muted", words=msg("No one has joined yet."))
    return _part("scoreboard", caption=msg("Final standings") if final else msg("Scoreboard"),
                 heads=("#", msg("Nickname"), msg("Right"), msg("Answered")),
                 rows=[{"rank": i, "nickname": r.nickname, "right": r.right,
                        "answered": r.answered} for i, r in zip(ranks(rows), rows)])


def podium_html(rows) -> str:
    """The top three after a reveal (those with a right answer), for the room to see."""
    top = [(k, r) for k, r in zip(ranks(rows), rows) if r.right > 0 and k <= 3]
    if not top:
        return ""
    places = {1: msg("1st"), 2: msg("2nd"), 3: msg("3rd")}
    return _part("podium", label=msg("The top three"),
                 places=[{"rank": k, "place": places[k], "nickname": r.nickname,
                          "score": nmsg("{n} right", "{n} right", r.right)} for k, r in top])


def stage_html(number: int, question: Question | None, tally: Tally | None, revealed: bool,
               rows, seconds_left: int | None) -> str:
    """The projector view: what the room sees of the class now."""
    if question is None or tally is None:
        return _part("stage_wait", words=msg("Join now: the first question comes in a moment."))
    clock = None
    if seconds_left is not None:
        clock = {"said": nmsg("{n} second left", "{n} seconds left", seconds_left),
                 "seconds": seconds_left}
    return _part("stage", number=msg("Question {number}", number=number), clock=clock,
                 count=_answered(tally), revealed=revealed,
                 preview=None if revealed else question_preview_html(question),
                 prompt=question.prompt,
                 tally=tally_html(question, tally, True, count=False) if revealed else None,
                 top=msg("The top three"),
                 podium=podium_html(rows) if revealed else None)


def csv_link_html(code: str, rows) -> str:
    """A link that saves the standings as a CSV file (a data: URL: nothing is kept on the
    server for it)."""
    from urllib.parse import quote
    return _part("csv_link", code=code, data=quote(standings_csv(code, rows)),
                 words=msg("Download the standings (CSV)"))


def lesson_name(notebook: str) -> str:
    """A lesson as the map names it, with its game: "55 · 4. Renege"."""
    p = content.page(notebook)
    title = render(msg(p.title))
    return f"{p.game} · {title}" if p.game else title


def lesson_choices() -> list[tuple[str, str]]:
    """(name, notebook) of every lesson of the map, track by track."""
    return [(lesson_name(p.notebook), p.notebook)
            for t in content.TRACKS if t.id is not None for p in content.track_pages(t.id)]


def lesson_status_html(lesson) -> str:
    """The teacher's line on the lesson the class is about to open."""
    name = _bold(lesson_name(lesson.notebook))
    n = lesson.learners
    if os.environ.get("JUPYTERHUB_SERVICE_PREFIX"):  # each learner's page: their own server
        said = nmsg("{lesson}: {n} learner opens it, on their own server of the hub.",
                    "{lesson}: {n} learners open it, each on their own server of the hub.", n,
                    lesson=name)
    elif lesson.ready or lesson.opened:
        said = nmsg("{lesson}: the server has {ready} of its pages ready and {opened} opened, "
                    "for {n} learner.",
                    "{lesson}: the server has {ready} of its pages ready and {opened} opened, "
                    "for {n} learners.", n, lesson=name, ready=_bold(lesson.ready),
                    opened=_bold(lesson.opened))
    else:
        said = nmsg("{lesson}: the server is readying {n} page of it.",
                    "{lesson}: the server is readying {n} pages of it.", n, lesson=name)
    ask = msg("Each learner's class page shows a link to it: ask them to open it when you are "
              "ready.")
    return _part("lesson_status", said=marked(said), ask=ask)


def lesson_link_html(notebook: str) -> str:
    """The learner's link to the lesson the teacher is opening with the class."""
    return _part("lesson_link", opening=msg("Your teacher is opening a lesson with the class:"),
                 href=href(notebook), words=msg("Open {lesson}", lesson=lesson_name(notebook)),
                 tab=msg("It opens in a new tab: keep this one for your teacher's questions."))


def question_preview_html(question: Question) -> str:
    """The question as the learners see it, for the teacher's screen."""
    chips = [{"face": None if (card := choice_card(c)) is None else Markup(card_chip(card)),
              "label": c.label} for c in question.choices]
    return _part("preview", prompt=question.prompt, context=context_html(question),
                 title=msg("The choices"), chips=chips)


def _class_mode_title() -> str:
    return _part("heading", words=msg("Class mode"))


# -- the teacher's page -----------------------------------------------------------------------
class TeacherWidget(widgets.VBox):
    """Start a class; ask, watch, reveal; the scoreboard; end."""

    def __init__(self, room: Callable = classroom):
        self.room = room
        self.code: str | None = None
        self.key: str | None = None
        self.number = 0
        self.question: Question | None = None
        self.revealed = False
        self.ending = False
        self.error = ErrorLine()
        self.intro = widgets.HTML(_part(
            "intro", title=msg("Class mode"),
            text=msg("Start a class and your learners join it on their phones or laptops with "
                     "its code (or by scanning the QR code). Ask a question, watch the answers "
                     "come in, then reveal them with the rule behind the right one. Nothing but "
                     "a nickname and the answers is kept, and ending the class deletes them.")))
        self.start_button = action_button(msg("Start a class"),
                                          msg("Make a class code for your learners to join"),
                                          "primary")
        self.resume_button = action_button(msg("Resume class"),
                                           msg("Take up the class you started in this browser"))
        self.resume_button.layout = widgets.Layout(width="auto", display="none")
        self.start_row = widgets.HBox([self.start_button, self.resume_button],
                                      layout=widgets.Layout(flex_flow="row wrap"))
        self.start_row.add_class("tt-row")
        self.banner = widgets.HTML()
        self.game = Choices(options=[(render(msg("Game {game}", game=g)), g)
                                     for g in game_names()],
                            value=game_names()[0], group_name=render(msg("Game")),
                            layout=widgets.look(width="auto"))
        self.topic = widgets.Dropdown(description=render(msg("Question")), options=[],
                                      style={"description_width": "5em"},
                                      layout=widgets.look(width="26em", max_width="100%"))
        self.ask_button = action_button(msg("Ask the class"),
                                        msg("Send a new question to every learner"), "primary")
        self.reveal_button = action_button(msg("Reveal the answers"),
                                           msg("Close the question and show the answers and "
                                               "the rule"))
        self.end_button = action_button(msg("End the class"),
                                        msg("End the class and delete its data"), "danger")
        self.timer = widgets.Dropdown(description=render(msg("Timer")), options=[
            (render(msg("None") if t == 0 else msg("{n} s", n=t)), t) for t in TIMERS], value=0,
            style={"description_width": "4em"}, layout=widgets.look(width="11em"))
        self.ask_row = widgets.HBox([self.game, self.topic, self.timer, self.ask_button],
                                    layout=widgets.Layout(flex_flow="row wrap",
                                                          align_items="center"))
        self.ask_row.add_class("tt-row")
        self.preview = widgets.HTML(layout=widgets.Layout())
        self.answers = widgets.HTML(layout=widgets.Layout())
        self.board = widgets.HTML(layout=widgets.Layout())
        self.projector_button = action_button(msg("Projector view"),
                                              msg("Show the class as the room sees it: the "
                                                  "question large, the count, the timer, the "
                                                  "reveal and the top three"))
        self.controls = widgets.HBox([self.reveal_button, self.projector_button,
                                      self.end_button],
                                     layout=widgets.Layout(flex_flow="row wrap"))
        self.controls.add_class("tt-row")
        self.projecting = False
        # the projector view (what the room sees)
        self.stage = widgets.HTML(layout=widgets.Layout(display="none"))
        self.stage.add_class("tt-class-stage")
        self.closes: float | None = None  # when the timer ends the question
        # removing a learner (a fake or rude nickname)
        self.remove_choice = widgets.Dropdown(description=render(msg("Learner")), options=[],
                                              style={"description_width": "5em"},
                                              layout=widgets.look(width="20em",
                                                                  max_width="100%"))
        self.remove_button = action_button(msg("Remove"),
                                           msg("Remove this learner (and their answers) from "
                                               "the class"), "danger")
        self.removing: int | None = None
        self.remove_row = widgets.HBox([self.remove_choice, self.remove_button],
                                       layout=widgets.Layout(flex_flow="row wrap",
                                                             align_items="center"))
        self.remove_row.add_class("tt-row")
        self.final = widgets.HTML()  # the final standings, once the class has ended
        self.lesson = widgets.Dropdown(description=render(msg("Lesson")),
                                       options=lesson_choices(),
                                       style={"description_width": "5em"},
                                       layout=widgets.look(width="22em", max_width="100%"))
        self.learners = widgets.BoundedIntText(value=30, min=1, max=LESSON_LEARNERS_MAX,
                                               description=render(msg("Learners")), style={
                                                   "description_width": "5em"},
                                               layout=widgets.look(width="10em"))
        self.ready_button = action_button(msg("Get it ready"),
                                          msg("Have the server run the lesson's pages ahead "
                                              "for this many learners, and show each learner a "
                                              "link to it"))
        self.unready_button = action_button(msg("Stop"),
                                            msg("No lesson for the class: the pages readied go"))
        self.unready_button.layout = widgets.Layout(width="auto", display="none")
        self.lesson_row = widgets.HBox([self.lesson, self.learners, self.ready_button,
                                        self.unready_button],
                                       layout=widgets.Layout(flex_flow="row wrap",
                                                             align_items="center"))
        self.lesson_row.add_class("tt-row")
        self.lesson_status = widgets.HTML()
        self.lesson_part = widgets.VBox([
            widgets.HTML(_part("intro", title=msg("A lesson together"), level=4, muted=True,
                               text=msg("Before you say “open lesson 4”: choose it here and "
                                        "the server runs its pages ahead, so the class does "
                                        "not wait for them."))),
            self.lesson_row, self.lesson_status], layout=widgets.Layout())
        self.running = widgets.VBox([self.ask_row, self.stage, self.preview, self.answers,
                                     self.controls, self.board, self.remove_row,
                                     self.lesson_part],
                                    layout=widgets.Layout(display="none"))
        self.error.place(self.running, after=self.ask_row)
        self.start_error = ErrorLine()  # a failure to start or resume, by its buttons
        self.live = Live()
        self.poller = Poller(self.poll, self.error)
        super().__init__([*style_widgets(), self.poller.heartbeat, self.intro, self.start_row,
                          self.banner, self.running, self.final, self.live],
                         layout=widgets.look(width="100%"))
        self.start_error.place(self, after=self.start_row)
        self.add_class("tt-app")
        self.add_class("tt-class-teacher")
        self.start_button.on_click(safe(lambda _b: self.start(), self.start_error))
        self.resume_button.on_click(safe(lambda _b: self.resume(), self.start_error))
        self.ask_button.on_click(safe(lambda _b: self.ask(), self.error))
        self.reveal_button.on_click(safe(lambda _b: self.reveal(), self.error))
        self.end_button.on_click(safe(lambda _b: self.end(), self.error))
        self.projector_button.on_click(safe(lambda _b: self.project(), self.error))
        self.remove_button.on_click(safe(lambda _b: self.remove(), self.error))
        self.remove_choice.observe(safe(lambda _c: self._unarm_remove(), self.error),
                                   names="value")
        self.ready_button.on_click(safe(lambda _b: self.ready_lesson(), self.error))
        self.unready_button.on_click(safe(lambda _b: self.unready_lesson(), self.error))
        self.game.observe(safe(lambda _c: self._topics(), self.error), names="value")
        self._topics()
        self.reveal_button.disabled = True
        self._kept: tuple[str, str] | None = None
        memory().when_ready(safe(self._offer_resume, self.error))

    def _topics(self) -> None:
        options = [(t.title, t.base) for t in practice.topics(str(self.game.value))]
        keep = self.topic.value if self.topic.value in {b for _, b in options} else options[0][1]
        self.topic.options = options
        self.topic.value = keep

    # -- starting --------------------------------------------------------------------------------
    def start(self) -> None:
        started = self.room().start()
        self.code, self.key = started.code, started.key
        memory().put(class_key(self.code), {"role": "teacher", "secret": self.key})
        self._opened(render(msg("Class {code} started.", code=self.code)))

    def _offer_resume(self, m) -> None:
        for key, item in sorted(m.items.items(), key=lambda kv: -kv[1].get("t", 0)):
            if key.startswith("class:") and item.get("role") == "teacher" and self.code is None:
                self._kept = (key.split(":", 1)[1], item["secret"])
                self.resume_button.description = render(msg("Resume class {code}",
                                                            code=self._kept[0]))
                self.resume_button.layout.display = None
                return

    def resume(self) -> None:
        code, key = self._kept
        room = self.room()
        try:
            room.check_teacher(code, key)
            asked = room.current(code)
        except ClassError as exc:
            memory().put(class_key(code), {"role": "ended"})
            self.resume_button.layout.display = "none"
            self.banner.value = message_html(msg("That class is over: {problem}.",
                                                 problem=str(exc)), "info")
            return
        self.code, self.key = code, key
        if asked is not None:
            self.number, self.question = asked.number, asked.question()
            self.revealed = asked.revealed
        self._opened(render(msg("Class {code} taken up again.", code=code)))

    def _opened(self, said: str) -> None:
        self._qr = None
        self.final.value = ""
        self.start_row.layout.display = "none"
        self.running.layout.display = None
        self.intro.value = _part("heading", words=msg("Class {code}", code=self.code))
        self.live.say(sentences(said, msg("The class code is {code}.", code=" ".join(self.code))))
        self._draw()
        self.poller.start()
        self.ask_button.take_focus()

    def _banner_html(self, joined: int) -> str:
        """How to join: large with the QR code until the first question; then one small line
        (latecomers still join), so the questions have the room."""
        url = join_url(self.code)
        spaced = " ".join(self.code)
        count = marked(msg("Learners joined: {n}", n=_bold(joined)))
        if self.number:
            where = marked(msg("Join at {url} with the code {code}",
                               url=_part("join_url", url=url),
                               code=_part("join_code", code=self.code, spaced=spaced)))
            return _part("join_line", where=where, count=count)
        if self._qr is None:
            self._qr = qr_svg(url)
        warn = ""
        if is_loopback(os.environ.get("SERVER_NAME", "")):
            warn = message_html(msg(
                "This page was opened at this computer's own address, which other devices "
                "cannot reach: start the tutor with make serve HOST=0.0.0.0 and open it by this "
                "computer's network address (the join link follows the address you use)."),
                "info")
        return _part("banner", join_at=msg("Join at"), url=url,
                     with_code=msg("with the class code"), code=self.code,
                     code_said=msg("Class code {code}", code=spaced), count=count,
                     qr=Markup(self._qr), warn=Markup(warn))

    # -- a question --------------------------------------------------------------------------
    def ask(self) -> None:
        if self.code is None:
            return
        game = str(self.game.value)
        kinds = practice.kinds_for(game, str(self.topic.value), "any")
        seed = fresh_seed()
        kind = random.Random(seed).choice(kinds)
        spec = {"kind": kind, "game": game, "seed": seed}
        timer = int(self.timer.value or 0)
        self.number = self.room().ask(self.code, self.key, spec, timer=timer)
        asked = self.room().current(self.code)
        self.closes = asked.closes if asked is not None else None
        self.question = Asked(self.number, spec, 0.0, False).question()
        self.revealed = False
        self.ending = False
        self.end_button.description = render(msg("End the class"))
        self._draw()
        self.live.say(render(msg("Question {number} asked: {kind}.", number=self.number,
                                 kind=kind_title(kind))))
        self.reveal_button.take_focus()

    def reveal(self, timed_out: bool = False) -> None:
        if self.code is None or not self.number or self.revealed:
            return
        self.room().reveal(self.code, self.key, self.number)
        self.revealed = True
        self._draw()
        t = self.room().tally(self.code, self.key, self.number)
        said = render(nmsg("Answers revealed: {right} of {answered} right.",
                           "Answers revealed: {right} of {answered} right.", t.right,
                           right=t.right, answered=t.answered))
        self.live.say(f'{render(msg("Time is up."))} {said}' if timed_out else said)
        self.ask_button.take_focus()

    # -- the projector, and the learners -----------------------------------------------------
    def project(self) -> None:
        """The projector view on or off: the question large, the count, the timer, the
        reveal and the top three; the teacher's own controls stay below it."""
        self.projecting = not self.projecting
        self.projector_button.description = render(msg("Teacher view") if self.projecting
                                                   else msg("Projector view"))
        if self.projecting:
            self.add_class("tt-projecting")
        else:
            self.remove_class("tt-projecting")
        for box in (self.preview, self.answers, self.board, self.remove_row, self.lesson_part):
            box.layout.display = "none" if self.projecting else None
        self.stage.layout.display = None if self.projecting else "none"
        if self.code is not None:  # a class ended in the projector view has nothing to draw
            self._draw()
        self.live.say(render(msg("Projector view: what the room sees.") if self.projecting
                             else msg("Teacher view.")))

    def _unarm_remove(self) -> None:
        self.removing = None
        self.remove_button.description = render(msg("Remove"))

    def remove(self) -> None:
        """Remove the learner chosen (a second press confirms)."""
        if self.code is None or self.remove_choice.value is None:
            return
        learner = int(self.remove_choice.value)
        if self.removing != learner:
            self.removing = learner
            name = dict((v, k) for k, v in self.remove_choice.options).get(learner, "")
            self.remove_button.description = render(msg("Press again to remove {name}",
                                                        name=name))
            self.live.say(render(msg("Press Remove again to remove {name} and their answers.",
                                     name=name)))
            return
        name = self.room().remove(self.code, self.key, learner)
        self._unarm_remove()
        self._draw()
        self.live.say(render(msg("{name} was removed from the class.", name=name)))

    # -- a lesson together -------------------------------------------------------------------
    def ready_lesson(self) -> None:
        if self.code is None:
            return
        lesson = self.room().open_lesson(self.code, self.key, str(self.lesson.value),
                                         int(self.learners.value))
        self.unready_button.layout.display = None
        self._draw()
        self.live.say(render(nmsg(
            "{lesson} is being readied for {n} learner; each learner's page shows a link to it.",
            "{lesson} is being readied for {n} learners; each learner's page shows a link to "
            "it.", lesson.learners, lesson=lesson_name(lesson.notebook))))

    def unready_lesson(self) -> None:
        if self.code is None:
            return
        self.room().close_lesson(self.code, self.key)
        self.unready_button.layout.display = "none"
        self._draw()
        self.live.say(render(msg("No lesson for the class now.")))
        self.ready_button.take_focus()

    def end(self) -> None:
        """End the class: its final standings stay on this page (and as a CSV file the
        teacher may save), and everything kept of it on the server is deleted."""
        if self.code is None:
            return
        if not self.ending:  # a second press ends it
            self.ending = True
            self.end_button.description = render(msg("Press again to end the class and "
                                                     "delete its data"))
            self.live.say(render(msg("Press End the class again to end it and delete its "
                                     "data.")))
            return
        code = self.code
        room = self.room()
        rows = room.scoreboard(code)  # read before the data goes
        room.end(code, self.key)
        memory().put(class_key(code), {"role": "ended"})
        self.poller.stop()
        self.code = self.key = None
        self.number, self.question, self.closes = 0, None, None
        if self.projecting:
            self.project()
        self.running.layout.display = "none"
        self.banner.value = message_html(msg("Class {code} has ended: its nicknames and "
                                             "answers are deleted from the server.", code=code),
                                         "ok")
        self.final.value = _part(
            "final", label=msg("Final standings of class {code}", code=code),
            title=msg("Final standings"), podium=podium_html(rows),
            board=scoreboard_html(rows, final=True),
            csv=csv_link_html(code, rows) if rows else None,
            keep=msg("They are on this page only: save them before you close it."))
        self.intro.value = _class_mode_title()
        self.start_row.layout.display = None
        self.resume_button.layout.display = "none"
        said = render(msg("Class {code} has ended and its data is deleted. The final standings "
                          "are on the page.", code=code))
        if rows and rows[0].right:
            said += " " + render(nmsg("First: {nickname}, {right} right.",
                                      "First: {nickname}, {right} right.", rows[0].right,
                                      nickname=rows[0].nickname, right=rows[0].right))
        self.live.say(said)
        self.start_button.take_focus()

    # -- what the page shows -----------------------------------------------------------------
    def poll(self) -> None:
        if self.code is None:
            return
        asked = self.room().current(self.code)
        if asked is not None and asked.number != self.number:  # asked from the board
            self.number, self.question = asked.number, asked.question()
            self.revealed = asked.revealed
            self.closes = asked.closes
            self.ending = False
            self.live.say(render(msg("Question {number} asked from the board.",
                                     number=self.number)))
        if (self.closes is not None and not self.revealed and self.number
                and time.time() >= self.closes):
            self.reveal(timed_out=True)  # the timer ended it
            return
        self._draw()

    def _seconds_left(self) -> int | None:
        if self.closes is None or self.revealed:
            return None
        return max(0, int(self.closes - time.time() + 0.999))

    def _draw(self) -> None:
        room = self.room()
        joined = room.joined(self.code)
        banner = self._banner_html(joined)
        if self.banner.value != banner:
            self.banner.value = banner
        rows = room.scoreboard(self.code)
        # the scoreboard first, so that it is never behind the reveal's marks on the screen
        board = _part("headed", title=msg("Scoreboard"), body=scoreboard_html(rows))
        if self.board.value != board:
            self.board.value = board
        tally = None
        if self.question is not None:
            preview = _part("headed", title=msg("Question {number}: {kind} · {game}",
                                                number=self.number,
                                                kind=kind_title(self.question.kind),
                                                game=self.question.game),
                            body=question_preview_html(self.question))
            if self.preview.value != preview:
                self.preview.value = preview
            tally = room.tally(self.code, self.key, self.number)
            answers = tally_html(self.question, tally, self.revealed)
            if self.answers.value != answers:
                self.answers.value = answers
        elif not self.preview.value:
            self.preview.value = _part("muted", words=msg("Choose a game and a kind of "
                                                          "question, then Ask the class."))
        self.reveal_button.disabled = self.question is None or self.revealed
        if self.projecting:
            stage = stage_html(self.number, self.question, tally, self.revealed, rows,
                               self._seconds_left())
            if self.stage.value != stage:
                self.stage.value = stage
        options = [(r.nickname, r.learner) for r in sorted(rows, key=lambda r: r.learner)]
        if list(self.remove_choice.options) != options:
            keep = self.remove_choice.value
            self.remove_choice.options = options
            self.remove_choice.value = keep if keep in {v for _, v in options} else None
        self.remove_row.layout.display = "none" if not rows or self.projecting else None
        lesson = room.lesson(self.code)
        status = lesson_status_html(lesson) if lesson is not None else ""
        if self.lesson_status.value != status:
            self.lesson_status.value = status
        self.unready_button.layout.display = None if lesson is not None else "none"


NEEDS_SERVER = N_("Class mode needs the tutor's server: a class's answers meet in one place, "
                  "and this copy of the tutor runs in your browser alone. Start the tutor with "
                  "make serve (or use your school's JupyterHub) and open Class mode there. "
                  "Every lesson, the board and practice work here as they do there.")


def needs_server() -> widgets.Widget:
    """What a page of class mode shows on the static site (``make site``): no class there."""
    note = widgets.HTML(_part("note", box=Markup(message_html(msg(NEEDS_SERVER), "info"))),
                        layout=widgets.look(width="100%"))
    note.add_class("tt-app")
    note.add_class("tt-needs-server")
    return note


def class_teacher() -> TeacherWidget | widgets.Widget:
    """The teacher's page of class mode (on the static site, why there is none)."""
    return needs_server() if STATIC else TeacherWidget()


# -- the learner's page -----------------------------------------------------------------------
class _Asked(Quiz):
    """A run of one question, the one the teacher asked."""

    def __init__(self, question: Question):
        self._asked = question
        super().__init__((question.kind,), question.game, question.seed)

    def _question(self, place: int) -> Question:
        return self._asked


# What to do with the choices on a class page, where the button is Send my answer (an order's
# words are the quiz's: they end "Then Check.")
CLASS_MODE_HELP = {"one": N_("Pick one answer, then Send my answer."),
                   "many": N_("Select every right answer (click again to unselect), then Send "
                              "my answer."),
                   "order": N_("Click the cards in order, best first; Undo takes back the last "
                               "one. Then Send my answer.")}


class ClassQuestion(QuizWidget):
    """The question on a learner's screen, as a class quiz is (Kahoot, Mentimeter): the
    question and the choices, nothing else -- no hint, no next question, no help that a
    lesson's quiz gives.  An answer is sent once and locks; the screen shows the answer the
    store recorded (:meth:`received`), and at the reveal the verdict is worked out from that
    recorded answer (:meth:`revealed`), never from what the page holds."""

    def __init__(self, asked: Asked, code: str, send: Callable[[object], None]):
        self.asked, self.code, self.send = asked, code, send
        self.sent = False
        self.shown = False  # the reveal is on screen
        self.recorded: tuple[str, ...] | None = None  # the answer the store kept
        super().__init__(run=_Asked(asked.question()))
        self.check_button.description = render(msg("Send my answer"))
        self.check_button.tooltip = render(msg("Send your answer to the teacher (one answer "
                                               "counts)"))
        self._class_controls()

    def _class_controls(self) -> None:
        """Only Send (and Undo/Clear while an order or a set is picked) on a class page."""
        with self.controls.hold_sync():
            for b in (self.hint_button, self.next_button, self.retry_button, self.new_button):
                b.hidden = True
                b.disabled = True

    def _draw_top(self) -> None:
        self.top.value = _part("question_top",
                               number=msg("Question {number}", number=self.asked.number),
                               where=msg("class {code}", code=self.code),
                               game=self.question.game)

    def _show_question(self) -> None:
        super()._show_question()
        mode = self.question.mode
        if mode in CLASS_MODE_HELP:  # what to do, as the class page says it: Send, not Check
            self.choice_label.value = self.choice_label.value.replace(
                esc(msg(MODE_HELP[mode])), esc(msg(CLASS_MODE_HELP[mode])))
        self._class_controls()

    # what a lesson's quiz offers and a class question does not: asked through a forged
    # message, they do nothing
    def hint(self) -> None:
        return

    def next(self) -> None:
        return

    def retry(self) -> None:
        return

    def new_questions(self) -> None:
        return

    def pick(self, index: int) -> None:
        if self.sent or self.shown:
            return
        super().pick(index)

    def undo(self) -> None:
        if not (self.sent or self.shown):
            super().undo()

    def clear(self) -> None:
        if not (self.sent or self.shown):
            super().clear()

    def check(self) -> None:
        if self.sent or self.shown or self.quiz.attempt.answered or not self.answer_ready():
            return
        got = self.send(list(self.picked))
        self.received(got.picked, first=got.first)

    def _lock(self) -> None:
        with self.controls.hold_sync(), self.choices.hold_sync():
            self.check_button.disabled = True
            self.undo_button.disabled = self.clear_button.disabled = True
            for b, _ in self.choice_buttons:
                b.disabled = True
            self._class_controls()

    def received(self, picked, first: bool = True) -> None:
        """The answer that counts is in (the store's): the choices are locked and show it."""
        self.sent = True
        self.recorded = tuple(picked)
        self.picked = list(picked)
        self._lock()
        self._mark()
        said = render(many((_spoken_label(self.question, p) for p in self.picked),
                           "sequence"))  # in its order
        text = msg("Answer received: {answer}. Wait for your teacher to reveal the answers.",
                   answer=said) if first else \
            msg("You had answered already; this answer counts: {answer}. Wait for your teacher "
                "to reveal the answers.", answer=said)
        self.feedback.value = message_html(text, "ok" if first else "info")

    def revealed(self, recorded: tuple[str, ...] | None = None) -> None:
        """The teacher revealed the answers: the right one, and the learner's as the store
        recorded it (``recorded``; None: no answer was recorded), explained."""
        if self.shown:
            return
        self.shown = True
        q = self.question
        self._lock()
        if recorded is None:
            self.sent = False
            self.picked = []
            right = many((_choice_label(q, a) for a in q.answer), "sequence")
            said = sentences(msg("Time is up: no answer of yours was recorded. The answer was "
                                 "{answer}.", answer=right), q.reason)
            self.feedback.value = message_html(said, "info")
            self._mark(q.grade(q.answer[0] if q.mode == "one" else list(q.answer)))
            return
        self.sent, self.recorded, self.picked = True, tuple(recorded), list(recorded)
        fb = self.quiz.answer(self.picked[0] if q.mode == "one" else list(self.picked))
        self._show_feedback(fb)
        self._class_controls()
        self._note_review(q, fb, 0)


class LearnerWidget(widgets.VBox):
    """Join a class with its code and a nickname; then the teacher's questions, one at a
    time."""

    def __init__(self, code: str | None = None, room: Callable = classroom):
        self.room = room
        self.code: str | None = None
        self.token: str | None = None
        self.nickname = ""
        self.number = 0
        self.question_widget: ClassQuestion | None = None
        self.error = ErrorLine()
        self.code_box = widgets.Text(description=render(msg("Class code")),
                                     placeholder=render(msg("5 letters")),
                                     value=code or "", style={"description_width": "7em"},
                                     layout=widgets.look(width="16em", max_width="100%"))
        self.name_box = widgets.Text(description=render(msg("Nickname")),
                                     placeholder=render(msg("what your class calls you")),
                                     style={"description_width": "7em"},
                                     layout=widgets.look(width="22em", max_width="100%"))
        self.join_button = action_button(msg("Join"), msg("Join the class"), "primary")
        self.form = widgets.VBox([
            widgets.HTML(_part("intro", title=msg("Join a class"),
                               text=msg("Type the code your teacher shows and a nickname. "
                                        "Only the nickname and your answers are kept, and "
                                        "only until the class ends."))),
            self.code_box, self.name_box, self.join_button], layout=widgets.Layout())
        self.form.add_class("tt-class-form")
        self.status = widgets.HTML()
        self.lesson_link = widgets.HTML()
        self.lesson_notebook: str | None = None
        self.stage = widgets.VBox(layout=widgets.look(width="100%"))
        self.clock = widgets.HTML()
        self.live = Live()
        self.poller = Poller(self.poll, self.error)
        super().__init__([*style_widgets(), self.poller.heartbeat, self.form, self.status,
                          self.lesson_link, self.stage, self.live],
                         layout=widgets.look(width="100%"))
        self.error.place(self, after=self.stage)
        self.add_class("tt-app")
        self.add_class("tt-class-learner")
        self.join_button.on_click(safe(lambda _b: self.join(), self.error))
        memory().when_ready(safe(self._rejoin, self.error))

    def _rejoin(self, m) -> None:
        """This browser was in the class of the code given: back to the same place."""
        if self.code is not None or not self.code_box.value:
            return
        try:
            code = clean_code(self.code_box.value)
        except ClassError:
            return
        item = m.get(class_key(code))
        if item and item.get("role") == "learner":
            self.name_box.value = item.get("nickname", "")
            self._join(code, item.get("nickname", ""), item.get("secret"))

    def join(self) -> None:
        if self.code is not None:
            return
        try:
            code = clean_code(self.code_box.value)
        except ClassError as exc:
            self.status.value = message_html(msg("{problem}.", problem=str(exc)), "bad")
            self.live.say(str(exc))
            self.code_box.focus()
            return
        item = memory().get(class_key(code)) or {}
        self._join(code, self.name_box.value, item.get("secret"))

    def _join(self, code: str, nickname: str, token: str | None) -> None:
        try:
            joined = self.room().join(code, nickname, token)
        except ClassError as exc:
            self.status.value = message_html(msg("{problem}.", problem=str(exc)), "bad")
            self.live.say(str(exc))
            return
        self.code, self.token, self.nickname = code, joined.token, joined.nickname
        memory().put(class_key(code), {"role": "learner", "secret": joined.token,
                                       "nickname": joined.nickname})
        self.form.layout.display = "none"
        hello = N_("Welcome back, {nickname}: class {code}.") if joined.back else \
            N_("You have joined, {nickname}: class {code}.")
        self.status.value = _part("me", said=marked(msg(hello, nickname=_bold(joined.nickname),
                                                        code=code)), note=joined.note)
        self.live.say(sentences(msg(hello, nickname=joined.nickname, code=" ".join(code)),
                                joined.note or ""))
        self.poll()
        self.poller.start()

    def _send_answer(self, picked):
        return self.room().answer(self.code, self.token, self.number, picked)

    def poll(self) -> None:
        if self.code is None:
            return
        try:
            asked = self.room().current(self.code)
            lesson = self.room().lesson(self.code)
        except ClassError:
            self._ended()
            return
        notebook = lesson.notebook if lesson is not None else None
        if notebook != self.lesson_notebook:
            self.lesson_notebook = notebook
            self.lesson_link.value = lesson_link_html(notebook) if notebook else ""
            if notebook:
                self.live.say(render(msg("Your teacher is opening a lesson with the class: "
                                         "{lesson}. Its link is under your name.",
                                         lesson=lesson_name(notebook))))
        if asked is None:
            if not self.stage.children:
                wait = widgets.HTML(message_html(
                    msg("Waiting for your teacher's first question…"), "info"))
                self.stage.children = [wait]
            if not self._still_in():
                self._left()
            return
        try:
            mine = self.room().my_answer(self.code, self.token, asked.number)
        except ClassError:  # the teacher removed this learner, or ended the class just now
            self._left()
            return
        if asked.number != self.number:
            self.number = asked.number
            self.question_widget = ClassQuestion(asked, self.code, self._send_answer)
            set_children(self.stage, [self.question_widget, self.clock])
            if mine is not None:  # answered before a reload, or in another tab
                self.question_widget.received(mine.picked)
            self.live.say(render(msg("Question {number}: {prompt}", number=asked.number,
                                     prompt=self.question_widget.question.prompt)))
            if self.question_widget.choice_buttons and mine is None:
                self.question_widget.choice_buttons[0][0].take_focus()
        elif mine is not None and self.question_widget.recorded != tuple(mine.picked):
            self.question_widget.received(mine.picked, first=False)  # sent from another tab
        self._draw_clock(asked)
        if asked.revealed and not self.question_widget.shown:
            self.question_widget.revealed(None if mine is None else tuple(mine.picked))
            self.live.say(render(msg("Your teacher has revealed the answers.")))

    def _draw_clock(self, asked: Asked) -> None:
        """The time left to answer, when the teacher set a timer."""
        if asked.closes is None or asked.revealed:
            text = ""
        else:
            left = max(0, int(asked.closes - time.time() + 0.999))
            said = msg("{n} s left", n=left) if left else msg("Time is up")
            text = _part("clock", said=said)
        if self.clock.value != text:
            self.clock.value = text

    def _still_in(self) -> bool:
        try:
            self.room().my_answer(self.code, self.token, 0)
        except ClassError:
            return False
        return True

    def _left(self) -> None:
        """This learner is no longer in the class: the class ended between two reads of this
        poll (its data goes with it), or the teacher removed them.  Which, the class says: a
        learner of a class that ended is never told they were removed."""
        try:
            self.room().current(self.code)
        except ClassError:
            self._ended()
            return
        self._removed()

    def _removed(self) -> None:
        """The teacher removed this learner: out of the class, told so, free to join again
        with another nickname."""
        self.poller.stop()
        code = self.code
        memory().put(class_key(code), {"role": "removed"})
        self.code = self.token = None
        self.number = 0
        self.question_widget = None
        self.stage.children = []
        self.form.layout.display = None
        said = render(msg("Your teacher removed you from class {code}. You may join again "
                          "with another nickname.", code=code))
        self.status.value = message_html(said, "info")
        self.live.say(said)
        log.info("class %s: a learner was removed", code)

    def _ended(self) -> None:
        self.poller.stop()
        code = self.code
        memory().put(class_key(code), {"role": "ended"})
        self.code = None
        self.stage.children = []
        self.lesson_link.value = ""
        self.lesson_notebook = None
        said = render(msg("Class {code} has ended. Thank you for taking part!", code=code))
        self.status.value = message_html(said, "ok")
        self.live.say(said)
        log.info("class %s ended for a learner", code)


def class_join() -> LearnerWidget | widgets.Widget:
    """The learner's page of class mode; the code comes from the link's ``?code=`` (on the
    static site, why there is no class)."""
    if STATIC:
        return needs_server()
    code = request_query().get("code", "")
    return LearnerWidget(code[:40])
