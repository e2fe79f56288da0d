"""Class mode's two pages: the teacher's (start a class, show its code and QR code, ask a
question, watch the answers come in, reveal them, the scoreboard, end the class) and the
learner's (join with the code and a nickname, answer once, see the reveal).

Each page runs in its own kernel; they meet in the class store (:mod:`tutor.classroom`).  A page
learns what the others did by polling the store from its kernel's event loop (:class:`Poller`:
``call_later``, on the kernel's own thread, so widgets are only ever touched there); outside a
kernel (tests, scripts) nothing polls and :meth:`poll` is called by hand.

The teacher's key and a learner's token stay in the kernel and in the browser's own storage
(:mod:`tutor.ui.memory`, items ``class:<CODE>``), so a reload of either page takes up the class
where it was.  A nickname is shown as text, never as HTML.
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
from ..games.registry import game_names
from ..teach import content, practice
from ..teach.questions import Question, Quiz, and_list, fresh_seed, kind_title
from . import widgets
from .aria import Choices, Heartbeat, Live
from .boundary import ErrorLine, log, safe
from .cards import card_chip
from .lifecycle import kernel_loop, set_children
from .memory import memory
from .pages import STATIC, href, is_loopback, page_url, request_query
from .quiz import QuizWidget, choice_card, context_html
from .style import action_button, esc, message_html, rule_html, style_widgets

CLIENT_ENV = "TUTOR_CLIENT"  # set by tutor_server in each page's kernel: the client's id
ADDRESS_ENV = "TUTOR_CLIENT_ADDRESS"  # ... and its address (digests, both)
POLL_SECONDS = 0.5  # how often a page looks at the store (the issue: <= 1 s)
JOIN_NOTEBOOK = "join.ipynb"


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
        self.running = False

    def _run(self) -> None:
        if not self.running:
            return
        try:
            safe(self.tick, self.error)()
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
    return svg.replace("<svg ", '<svg class="tt-qr" role="img" aria-label="QR code of the join '
                       'link" ', 1)


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


def tally_html(question: Question, tally: Tally, reveal: bool, count: bool = True) -> str:
    """The answers so far: a bar per choice (how many picked it); once revealed, the right
    ones marked, the right answer with its rule, and the commonest wrong answer with why."""
    total = max(tally.answered, 1)
    rows = []
    for c in question.choices:
        n = tally.counts.get(c.id, 0)
        right = reveal and c.id in question.answer
        mark = ' <span class="tt-hist-mark">✓ right</span>' if right else ""
        pct = round(100 * n / total)
        rows.append(
            f'<li class="tt-hist{" tt-hist-right" if right else ""}">'
            f'<span class="tt-hist-label">{esc(c.label)}{mark}</span>'
            f'<span class="tt-hist-track" aria-hidden="true"><span class="tt-hist-fill" '
            f'style="width:{pct}%"></span></span>'
            f'<span class="tt-hist-count">{n} <span class="tt-visually-hidden">of '
            f"{tally.answered} picked {esc(c.spoken)}</span></span></li>")
    head = (f'<div class="tt-class-count" aria-live="off"><b>{tally.answered}</b> of '
            f"{tally.joined} answered</div>") if count else ""
    out = head + f'<ol class="tt-hists" aria-label="Answers per choice">{"".join(rows)}</ol>'
    if not reveal:
        return out
    fb = question.grade(question.answer[0] if question.mode == "one" else list(question.answer))
    right = esc(and_list(c.label for c in question.choices if c.id in question.answer)
                if question.mode != "order" else
                ", ".join(_choice_label(question, a) for a in question.answer))
    out += (f'<div class="tt-msg tt-msg-ok"><b>The answer: {right}.</b> {esc(fb.reason)} '
            f"({tally.right} of {tally.answered} right)</div>")
    wrong = [(n, a) for a, n in tally.answers.items()
             if a.split(" ") and sorted(a.split(" ")) != sorted(question.answer)
             and not (question.mode == "order" and a.split(" ") == list(question.answer))]
    if wrong:
        n, common = max(wrong, key=lambda t: (t[0], t[1]))
        ids = common.split(" ")
        try:
            why = question.grade(ids[0] if question.mode == "one" else ids)
            words = list(why.wrong) + list(why.missed)
        except Exception:  # an answer that no longer reads: say it without the why
            words = []
        said = ", ".join(_choice_label(question, i) for i in ids)
        meant = "".join(f"<li>{esc(w)}</li>" for w in why.wrong) if words else ""
        missed = "".join(f"<li>{esc(w)}</li>" for w in why.missed) if words else ""
        out += (f'<div class="tt-msg tt-msg-bad"><b>The commonest wrong answer: {esc(said)}</b>'
                f" ({n} learner{'s' if n != 1 else ''})"
                + (f"<div>What it meant:</div><ul>{meant}</ul>" if meant else "")
                + (f"<div>It left out:</div><ul>{missed}</ul>" if missed else "") + "</div>")
    out += rule_html(fb.rule, fb.rule_title, fb.rule_text, open_text=True)
    return out


def scoreboard_html(rows, final: bool = False) -> str:
    """The scoreboard: rank, nickname, right answers (of the questions revealed so far) and
    answers given."""
    if not rows:
        return '<div class="tt-muted">No one has joined yet.</div>'
    body = "".join(f"<tr><td>{i}</td><td>{esc(r.nickname)}</td><td>{r.right}</td>"
                   f"<td>{r.answered}</td></tr>" for i, r in zip(ranks(rows), rows))
    caption = "Final standings" if final else "Scoreboard"
    return (f'<table class="tt-scoreboard"><caption class="tt-visually-hidden">{caption}'
            '</caption><thead><tr><th scope="col">#</th><th scope="col">Nickname</th>'
            '<th scope="col">Right</th><th scope="col">Answered</th></tr></thead>'
            f"<tbody>{body}</tbody></table>")


def podium_html(rows) -> str:
    """The top three after a reveal (those with a right answer), for the room to see."""
    top = [(k, r) for k, r in zip(ranks(rows), rows) if r.right > 0 and k <= 3]
    if not top:
        return ""
    places = {1: "1st", 2: "2nd", 3: "3rd"}
    items = "".join(f'<li class="tt-podium-{k}"><span class="tt-podium-place">{places[k]}'
                    f'</span> <span class="tt-podium-name">{esc(r.nickname)}</span> '
                    f'<span class="tt-podium-score">{r.right} right</span></li>'
                    for k, r in top)
    return f'<ol class="tt-podium" aria-label="The top three">{items}</ol>'


def stage_html(number: int, question: Question | None, tally: Tally | None, revealed: bool,
               rows, seconds_left: int | None) -> str:
    """The projector view: what the room sees of the class now."""
    if question is None or tally is None:
        return ('<div class="tt-stage-wait">Join now: the first question comes in a '
                "moment.</div>")
    clock = ""
    if seconds_left is not None:
        clock = (f'<div class="tt-stage-clock" role="timer" aria-label="{seconds_left} seconds '
                 f'left">{seconds_left}</div>')
    head = (f'<div class="tt-stage-head"><div class="tt-stage-number">Question {number}</div>'
            f'{clock}<div class="tt-stage-count"><b>{tally.answered}</b> of {tally.joined} '
            "answered</div></div>")
    if not revealed:
        return f'<div class="tt-stage">{head}{question_preview_html(question)}</div>'
    ranked = podium_html(rows)
    return (f'<div class="tt-stage tt-stage-revealed">{head}'
            f'<div class="tt-prompt">{esc(question.prompt)}</div>'
            f"{tally_html(question, tally, True, count=False)}"
            + (f'<h4 class="tt-title">The top three</h4>{ranked}' if ranked else "")
            + "</div>")


def csv_link_html(code: str, rows) -> str:
    """A link that saves the standings as a CSV file (a data: URL: nothing is kept on the
    server for it)."""
    from urllib.parse import quote
    data = quote(standings_csv(code, rows))
    return (f'<a class="tt-action-link" download="class-{esc(code)}-standings.csv" '
            f'href="data:text/csv;charset=utf-8,{data}">Download the standings (CSV)</a>')


def lesson_name(notebook: str) -> str:
    """A lesson as the map names it, with its game: "55 · 4. Renege"."""
    p = content.page(notebook)
    return f"{p.game} · {p.title}" if p.game else p.title


def lesson_choices() -> list[tuple[str, str]]:
    """(name, notebook) of every lesson of the map, track by track."""
    return [(lesson_name(p.notebook), p.notebook)
            for t in content.TRACKS if t.id is not None for p in content.track_pages(t.id)]


def lesson_status_html(lesson) -> str:
    """The teacher's line on the lesson the class is about to open."""
    name = esc(lesson_name(lesson.notebook))
    if os.environ.get("JUPYTERHUB_SERVICE_PREFIX"):  # each learner's page: their own server
        said = f"{lesson.learners} learners open it, each on their own server of the hub"
    elif lesson.ready or lesson.opened:
        said = (f"the server has <b>{lesson.ready}</b> of its pages ready and "
                f"<b>{lesson.opened}</b> opened, for {lesson.learners} learners")
    else:
        said = f"the server is readying {lesson.learners} pages of it"
    return (f'<div class="tt-class-lesson-status" role="status"><b>{name}</b>: {said}. Each '
            "learner's class page shows a link to it: ask them to open it when you are "
            "ready.</div>")


def lesson_link_html(notebook: str) -> str:
    """The learner's link to the lesson the teacher is opening with the class."""
    name = esc(lesson_name(notebook))
    return (f'<div class="tt-class-lesson">Your teacher is opening a lesson with the class:'
            f'<br><a class="tt-class-lesson-link" href="{esc(href(notebook))}" '
            f'target="_blank" rel="noopener">Open {name}</a><br><span class="tt-muted">It '
            "opens in a new tab: keep this one for your teacher's questions.</span></div>")


def question_preview_html(question: Question) -> str:
    """The question as the learners see it, for the teacher's screen."""
    chips = " ".join(card_chip(card) if (card := choice_card(c)) is not None else
                     f'<span class="tt-badge">{esc(c.label)}</span>' for c in question.choices)
    return (f'<div class="tt-prompt">{esc(question.prompt)}</div>{context_html(question)}'
            f'<div class="tt-label">The choices</div><div class="tt-row">{chips}</div>')


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
        self.intro = widgets.HTML(
            '<h3 class="tt-title">Class mode</h3><p>Start a class and your learners join it '
            "on their phones or laptops with its code (or by scanning the QR code). Ask a "
            "question, watch the answers come in, then reveal them with the rule behind the "
            "right one. Nothing but a nickname and the answers is kept, and ending the class "
            "deletes them.</p>")
        self.start_button = action_button("Start a class", "Make a class code for your "
                                          "learners to join", "primary")
        self.resume_button = action_button("Resume class", "Take up the class you started "
                                           "in this browser")
        self.resume_button.layout = widgets.Layout(width="auto", display="none")
        self.start_row = widgets.HBox([self.start_button, self.resume_button],
                                      layout=widgets.Layout(flex_flow="row wrap"))
        self.start_row.add_class("tt-row")
        self.banner = widgets.HTML()
        self.game = Choices(options=[(f"Game {g}", g) for g in game_names()],
                            value=game_names()[0], group_name="Game",
                            layout=widgets.look(width="auto"))
        self.topic = widgets.Dropdown(description="Question", options=[],
                                      style={"description_width": "5em"},
                                      layout=widgets.look(width="26em", max_width="100%"))
        self.ask_button = action_button("Ask the class", "Send a new question to every "
                                        "learner", "primary")
        self.reveal_button = action_button("Reveal the answers", "Close the question and show "
                                           "the answers and the rule")
        self.end_button = action_button("End the class", "End the class and delete its data",
                                        "danger")
        self.timer = widgets.Dropdown(description="Timer", options=[
            ("None" if t == 0 else f"{t} s", t) for t in TIMERS], value=0,
            style={"description_width": "4em"}, layout=widgets.look(width="11em"))
        self.ask_row = widgets.HBox([self.game, self.topic, self.timer, self.ask_button],
                                    layout=widgets.Layout(flex_flow="row wrap",
                                                          align_items="center"))
        self.ask_row.add_class("tt-row")
        self.preview = widgets.HTML(layout=widgets.Layout())
        self.answers = widgets.HTML(layout=widgets.Layout())
        self.board = widgets.HTML(layout=widgets.Layout())
        self.projector_button = action_button("Projector view", "Show the class as the room "
                                              "sees it: the question large, the count, the "
                                              "timer, the reveal and the top three")
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
        self.remove_choice = widgets.Dropdown(description="Learner", options=[],
                                              style={"description_width": "5em"},
                                              layout=widgets.look(width="20em",
                                                                  max_width="100%"))
        self.remove_button = action_button("Remove", "Remove this learner (and their answers) "
                                           "from the class", "danger")
        self.removing: int | None = None
        self.remove_row = widgets.HBox([self.remove_choice, self.remove_button],
                                       layout=widgets.Layout(flex_flow="row wrap",
                                                             align_items="center"))
        self.remove_row.add_class("tt-row")
        self.final = widgets.HTML()  # the final standings, once the class has ended
        self.lesson = widgets.Dropdown(description="Lesson", options=lesson_choices(),
                                       style={"description_width": "5em"},
                                       layout=widgets.look(width="22em", max_width="100%"))
        self.learners = widgets.BoundedIntText(value=30, min=1, max=LESSON_LEARNERS_MAX,
                                               description="Learners", style={
                                                   "description_width": "5em"},
                                               layout=widgets.look(width="10em"))
        self.ready_button = action_button("Get it ready", "Have the server run the lesson's "
                                          "pages ahead for this many learners, and show each "
                                          "learner a link to it")
        self.unready_button = action_button("Stop", "No lesson for the class: the pages "
                                            "readied go")
        self.unready_button.layout = widgets.Layout(width="auto", display="none")
        self.lesson_row = widgets.HBox([self.lesson, self.learners, self.ready_button,
                                        self.unready_button],
                                       layout=widgets.Layout(flex_flow="row wrap",
                                                             align_items="center"))
        self.lesson_row.add_class("tt-row")
        self.lesson_status = widgets.HTML()
        self.lesson_part = widgets.VBox([
            widgets.HTML('<h4 class="tt-title">A lesson together</h4><p class="tt-muted">'
                         "Before you say “open lesson 4”: choose it here and the server runs "
                         "its pages ahead, so the class does not wait for them.</p>"),
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
        self._opened(f"Class {self.code} started.")

    def _offer_resume(self, m) -> None:
        for key, item in sorted(m.items.items(), key=lambda kv: -kv[1].get("t", 0)):
            if key.startswith("class:") and item.get("role") == "teacher" and self.code is None:
                self._kept = (key.split(":", 1)[1], item["secret"])
                self.resume_button.description = f"Resume class {self._kept[0]}"
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
            self.banner.value = message_html(f"That class is over: {exc}.", "info")
            return
        self.code, self.key = code, key
        if asked is not None:
            self.number, self.question = asked.number, asked.question()
            self.revealed = asked.revealed
        self._opened(f"Class {code} taken up again.")

    def _opened(self, said: str) -> None:
        self._qr = None
        self.final.value = ""
        self.start_row.layout.display = "none"
        self.running.layout.display = None
        self.intro.value = f'<h3 class="tt-title">Class {esc(self.code)}</h3>'
        self.live.say(f"{said} The class code is {' '.join(self.code)}.")
        self._draw()
        self.poller.start()
        self.ask_button.take_focus()

    def _banner_html(self, joined: int) -> str:
        """How to join: large with the QR code until the first question; then one small line
        (latecomers still join), so the questions have the room."""
        url = join_url(self.code)
        spaced = " ".join(self.code)
        if self.number:
            return (f'<div class="tt-class-joinline">Join at <span class="tt-class-url-small">'
                    f'{esc(url)}</span> with the code <b aria-label="{esc(spaced)}">'
                    f"{esc(self.code)}</b> · Learners joined: <b>{joined}</b></div>")
        if self._qr is None:
            self._qr = qr_svg(url)
        warn = ""
        if is_loopback(os.environ.get("SERVER_NAME", "")):
            warn = message_html(
                "This page was opened at this computer's own address, which other devices "
                "cannot reach: start the tutor with make serve HOST=0.0.0.0 and open it by this "
                "computer's network address (the join link follows the address you use).",
                "info")
        return (f'<div class="tt-class-banner"><div class="tt-class-join">'
                f'<div class="tt-label">Join at</div><div class="tt-class-url">{esc(url)}</div>'
                f'<div class="tt-label">with the class code</div>'
                f'<div class="tt-class-code" aria-label="Class code {esc(spaced)}">'
                f"{esc(self.code)}</div>"
                f'<div class="tt-class-joined">Learners joined: <b>{joined}</b></div></div>'
                f'<div class="tt-class-qr">{self._qr}</div></div>{warn}')

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
        self.end_button.description = "End the class"
        self._draw()
        self.live.say(f"Question {self.number} asked: {kind_title(kind)}.")
        self.reveal_button.take_focus()

    def reveal(self, timed_out: bool = False) -> None:
        if self.code is None or not self.number or self.revealed:
            return
        self.room().reveal(self.code, self.key, self.number)
        self.revealed = True
        self._draw()
        t = self.room().tally(self.code, self.key, self.number)
        why = "Time is up. " if timed_out else ""
        self.live.say(f"{why}Answers revealed: {t.right} of {t.answered} right.")
        self.ask_button.take_focus()

    # -- the projector, and the learners -----------------------------------------------------
    def project(self) -> None:
        """The projector view on or off: the question large, the count, the timer, the
        reveal and the top three; the teacher's own controls stay below it."""
        self.projecting = not self.projecting
        self.projector_button.description = ("Teacher view" if self.projecting else
                                             "Projector view")
        if self.projecting:
            self.add_class("tt-projecting")
        else:
            self.remove_class("tt-projecting")
        for part in (self.preview, self.answers, self.board, self.remove_row, self.lesson_part):
            part.layout.display = "none" if self.projecting else None
        self.stage.layout.display = None if self.projecting else "none"
        self._draw()
        self.live.say("Projector view: what the room sees." if self.projecting else
                      "Teacher view.")

    def _unarm_remove(self) -> None:
        self.removing = None
        self.remove_button.description = "Remove"

    def remove(self) -> None:
        """Remove the learner chosen (a second press confirms)."""
        if self.code is None or self.remove_choice.value is None:
            return
        learner = int(self.remove_choice.value)
        if self.removing != learner:
            self.removing = learner
            name = dict((v, k) for k, v in self.remove_choice.options).get(learner, "")
            self.remove_button.description = f"Press again to remove {name}"
            self.live.say(f"Press Remove again to remove {name} and their answers.")
            return
        name = self.room().remove(self.code, self.key, learner)
        self._unarm_remove()
        self._draw()
        self.live.say(f"{name} was removed from the class.")

    # -- a lesson together -------------------------------------------------------------------
    def ready_lesson(self) -> None:
        if self.code is None:
            return
        lesson = self.room().open_lesson(self.code, self.key, str(self.lesson.value),
                                         int(self.learners.value))
        self.unready_button.layout.display = None
        self._draw()
        self.live.say(f"{lesson_name(lesson.notebook)} is being readied for "
                      f"{lesson.learners} learners; each learner's page shows a link to it.")

    def unready_lesson(self) -> None:
        if self.code is None:
            return
        self.room().close_lesson(self.code, self.key)
        self.unready_button.layout.display = "none"
        self._draw()
        self.live.say("No lesson for the class now.")
        self.ready_button.take_focus()

    def end(self) -> None:
        """End the class: its final standings stay on this page (and as a CSV file the
        teacher may save), and everything kept of it on the server is deleted."""
        if self.code is None:
            return
        if not self.ending:  # a second press ends it
            self.ending = True
            self.end_button.description = "Press again to end the class and delete its data"
            self.live.say("Press End the class again to end it and delete its data.")
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
        self.banner.value = message_html(f"Class {code} has ended: its nicknames and answers "
                                         "are deleted from the server.", "ok")
        podium = podium_html(rows)
        self.final.value = (
            f'<section class="tt-class-final" aria-label="Final standings of class '
            f'{esc(code)}"><h4 class="tt-title">Final standings</h4>{podium}'
            f"{scoreboard_html(rows, final=True)}"
            + (f'<p>{csv_link_html(code, rows)} <span class="tt-muted">They are on this page '
               "only: save them before you close it.</span></p>" if rows else "")
            + "</section>")
        self.intro.value = '<h3 class="tt-title">Class mode</h3>'
        self.start_row.layout.display = None
        self.resume_button.layout.display = "none"
        top = f" First: {rows[0].nickname}, {rows[0].right} right." if rows and rows[0].right \
            else ""
        self.live.say(f"Class {code} has ended and its data is deleted. The final standings "
                      f"are on the page.{top}")
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
            self.live.say(f"Question {self.number} asked from the board.")
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
        tally = None
        if self.question is not None:
            title = (f'<h4 class="tt-title">Question {self.number}: '
                     f"{esc(kind_title(self.question.kind))} · {esc(self.question.game)}</h4>")
            preview = title + question_preview_html(self.question)
            if self.preview.value != preview:
                self.preview.value = preview
            tally = room.tally(self.code, self.key, self.number)
            answers = tally_html(self.question, tally, self.revealed)
            if self.answers.value != answers:
                self.answers.value = answers
        elif not self.preview.value:
            self.preview.value = ('<div class="tt-muted">Choose a game and a kind of question, '
                                  "then Ask the class.</div>")
        self.reveal_button.disabled = self.question is None or self.revealed
        board = '<h4 class="tt-title">Scoreboard</h4>' + scoreboard_html(rows)
        if self.board.value != board:
            self.board.value = board
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


NEEDS_SERVER = ("Class mode needs the tutor's server: a class's answers meet in one place, and "
                "this copy of the tutor runs in your browser alone. Start the tutor with make "
                "serve (or use your school's JupyterHub) and open Class mode there. Every "
                "lesson, the board and practice work here as they do there.")


def needs_server() -> widgets.Widget:
    """What a page of class mode shows on the static site (``make site``): no class there."""
    note = widgets.HTML(f'<div role="note">{message_html(NEEDS_SERVER, "info")}</div>',
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
        self.check_button.description = "Send my answer"
        self.check_button.tooltip = "Send your answer to the teacher (one answer counts)"
        self._class_controls()

    def _class_controls(self) -> None:
        """Only Send (and Undo/Clear while an order or a set is picked) on a class page."""
        with self.controls.hold_sync():
            for b in (self.hint_button, self.next_button, self.retry_button, self.new_button):
                b.hidden = True
                b.disabled = True

    def _draw_top(self) -> None:
        self.top.value = (f'<div class="tt-quiz-top"><h3 class="tt-title">Question '
                          f"{self.asked.number} "
                          f'<span class="tt-muted" style="font-weight:400">· class '
                          f"{esc(self.code)} · {esc(self.question.game)}</span></h3></div>")

    def _show_question(self) -> None:
        super()._show_question()
        self.choice_label.value = self.choice_label.value.replace("then Check.",
                                                                  "then Send my answer.")
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
        said = ", ".join(_spoken_label(self.question, p) for p in self.picked)
        text = ("Answer received: " if first else "You had answered already; this answer "
                "counts: ") + f"{said}. Wait for your teacher to reveal the answers."
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
            right = " ".join(_choice_label(q, a) for a in q.answer)
            self.feedback.value = message_html(
                f"Time is up: no answer of yours was recorded. The answer was {right}. "
                f"{q.reason}", "info")
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
        self.code_box = widgets.Text(description="Class code", placeholder="5 letters",
                                     value=code or "", style={"description_width": "7em"},
                                     layout=widgets.look(width="16em", max_width="100%"))
        self.name_box = widgets.Text(description="Nickname", placeholder="what your class "
                                     "calls you", style={"description_width": "7em"},
                                     layout=widgets.look(width="22em", max_width="100%"))
        self.join_button = action_button("Join", "Join the class", "primary")
        self.form = widgets.VBox([
            widgets.HTML('<h3 class="tt-title">Join a class</h3><p>Type the code your '
                         "teacher shows and a nickname. Only the nickname and your answers are "
                         "kept, and only until the class ends.</p>"),
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
            self.status.value = message_html(f"{exc}.", "bad")
            self.live.say(str(exc))
            self.code_box.focus()
            return
        item = memory().get(class_key(code)) or {}
        self._join(code, self.name_box.value, item.get("secret"))

    def _join(self, code: str, nickname: str, token: str | None) -> None:
        try:
            joined = self.room().join(code, nickname, token)
        except ClassError as exc:
            self.status.value = message_html(f"{exc}.", "bad")
            self.live.say(str(exc))
            return
        self.code, self.token, self.nickname = code, joined.token, joined.nickname
        memory().put(class_key(code), {"role": "learner", "secret": joined.token,
                                       "nickname": joined.nickname})
        self.form.layout.display = "none"
        hello = "Welcome back" if joined.back else "You have joined"
        note = f" {joined.note}" if joined.note else ""
        self.status.value = (f'<div class="tt-class-me">{esc(hello)}, <b>{esc(joined.nickname)}'
                             f"</b>: class {esc(code)}.{esc(note)}</div>")
        self.live.say(f"{hello}, {joined.nickname}: class {' '.join(code)}.{note}")
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
                self.live.say(f"Your teacher is opening a lesson with the class: "
                              f"{lesson_name(notebook)}. Its link is under your name.")
        if asked is None:
            if not self.stage.children:
                wait = widgets.HTML(message_html("Waiting for your teacher's first question…",
                                                 "info"))
                self.stage.children = [wait]
            if not self._still_in():
                self._removed()
            return
        try:
            mine = self.room().my_answer(self.code, self.token, asked.number)
        except ClassError:  # the teacher removed this learner
            self._removed()
            return
        if asked.number != self.number:
            self.number = asked.number
            self.question_widget = ClassQuestion(asked, self.code, self._send_answer)
            set_children(self.stage, [self.question_widget, self.clock])
            if mine is not None:  # answered before a reload, or in another tab
                self.question_widget.received(mine.picked)
            self.live.say(f"Question {asked.number}: {self.question_widget.question.prompt}")
            if self.question_widget.choice_buttons and mine is None:
                self.question_widget.choice_buttons[0][0].take_focus()
        elif mine is not None and self.question_widget.recorded != tuple(mine.picked):
            self.question_widget.received(mine.picked, first=False)  # sent from another tab
        self._draw_clock(asked)
        if asked.revealed and not self.question_widget.shown:
            self.question_widget.revealed(None if mine is None else tuple(mine.picked))
            self.live.say("Your teacher has revealed the answers.")

    def _draw_clock(self, asked: Asked) -> None:
        """The time left to answer, when the teacher set a timer."""
        if asked.closes is None or asked.revealed:
            text = ""
        else:
            left = max(0, int(asked.closes - time.time() + 0.999))
            text = (f'<div class="tt-class-clock" role="timer">{left} s left</div>' if left
                    else '<div class="tt-class-clock" role="timer">Time is up</div>')
        if self.clock.value != text:
            self.clock.value = text

    def _still_in(self) -> bool:
        try:
            self.room().my_answer(self.code, self.token, 0)
        except ClassError:
            return False
        return True

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
        said = (f"Your teacher removed you from class {code}. You may join again with another "
                "nickname.")
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
        self.status.value = message_html(f"Class {code} has ended. Thank you for taking part!",
                                         "ok")
        self.live.say(f"Class {code} has ended. Thank you for taking part!")
        log.info("class %s ended for a learner", code)


def class_join() -> LearnerWidget | widgets.Widget:
    """The learner's page of class mode; the code comes from the link's ``?code=`` (on the
    static site, why there is no class)."""
    if STATIC:
        return needs_server()
    code = request_query().get("code", "")
    return LearnerWidget(code[:40])
