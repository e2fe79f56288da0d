"""The lesson map of the start page and the header of every page, both from the content data
(``tutor/teach/data/lessons.toml``: the tracks, their pages and the counts in the blurbs), and
from what the learner's browser remembers (``tutor.ui.memory``): each lesson not started, in
progress or done with its best score, each track's progress, and a Continue link to where
the learner stopped.  Both carry the page's memory widget.

Links are plain relative hrefs (``board.ipynb``): Voila serves every lesson under
``/voila/render/``, so they resolve to the neighbouring page there (and in Jupyter too)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from ..engine.messages import N_, many, msg, nmsg, render
from ..games.registry import game_names
from ..teach import content, progress, review
from ..teach.content import neighbours, page
from . import widgets
from .html import Markup, marked, part
from .memory import memory, memory_box, storage_key
from .pages import href, in_language
from .quiz import score_text
from .style import style_html

log = logging.getLogger(__name__)



def game_words(game: str | None) -> str:
    """A lesson tile's badge: its game, or every game for a page of them all."""
    return game or render(many(game_names()))



def tracks() -> tuple[tuple[str | None, str, str], ...]:
    """(track, title, blurb) of each section of the map, the blurb counting the track's
    pages ("Nine short lessons..."), in the current language."""
    return tuple((t.id, render(msg(t.title)), t.blurb_for(len(content.track_pages(t.id))))
                 for t in content.TRACKS)


STATE_WORDS = {"done": N_("Done"), "started": N_("In progress"), "new": N_("Not started")}


class Remembering(widgets.VBox):
    """An HTML part drawn from the learner's memory (again when it changes: another tab, a
    reset), with the page's memory widget.  ``value`` is the HTML's."""

    def __init__(self, draw: Callable[[dict], str], css_class: str, with_memory: bool = True):
        self.draw = draw
        self.html = widgets.HTML(draw({}), layout=widgets.look(width="100%", max_width="100%"))
        self.html.add_class(css_class)
        parts = [self.html, memory_box()] if with_memory else [self.html]
        super().__init__(parts, layout=widgets.look(width="100%"))
        memory().when_ready(self._redraw, watch=True)

    @property
    def value(self) -> str:
        return self.html.value

    def _redraw(self, m) -> None:
        self.html.value = self.draw(m.items)


def _state(items: dict, p) -> dict:
    """A tile's line: not started, in progress, or done with the best score (words and bar)."""
    state = progress.lesson_state(items, p.id)
    best = progress.best_score(items, p.id)
    words = msg(STATE_WORDS[state])
    percent = None
    if best is not None:
        score, count = best
        words = msg("{state} · best {score} of {count}", state=words, score=score_text(score),
                    count=count)
        percent = round(100 * score / count)
    return {"name": state, "mark": {"done": "✓ ", "started": "◐ ", "new": ""}[state],
            "words": words, "percent": percent}


def _tile(p, items: dict) -> dict:
    return {"href": href(p.notebook), "title": msg(p.title), "summary": msg(p.summary),
            "game": game_words(p.game), "state": _state(items, p) if p.track else None}


def continue_page(items: dict):
    """Where Continue leads: the page the learner was last on, or the next lesson if that
    one is done; the first lesson for a learner who has not begun (None: nowhere)."""
    lessons = [p for p in content.PAGES if p.track]
    try:
        last = page(progress.last_page(items) or "")
    except KeyError:
        return lessons[0] if lessons else None
    if last.track and progress.lesson_state(items, last.id) == "done":
        after = next_pages(last)
        return after[0] if after else last
    return last


def _continue(items: dict) -> dict | None:
    p = continue_page(items)
    if p is None:
        return None
    begun = progress.last_page(items) is not None
    due = len(review.due(items))
    step = progress.step_of(items, p.id) if begun else None
    title = msg("{game} · {page}", game=p.game, page=msg(p.title)) if p.game else msg(p.title)
    return {"href": href(p.notebook) + (f"#step-{step + 1}" if step else ""),
            "words": msg("Continue: {page}", page=title) if begun else
            msg("Start here: {page}", page=title),
            "due": {"href": href(page("review").notebook),
                    "words": marked(msg("Due for review: {n}",
                                        n=part("nav.html.j2", "due_count", n=due)))}
            if due else None}


def map_html(items: dict, include_start: bool = False) -> str:
    """The lesson map, with the learner's progress ``items`` (``nav.html.j2``)."""
    sections = []
    for track, title, blurb in tracks():
        pages = [p for p in content.track_pages(track)
                 if include_start or p.notebook != "index.ipynb"]
        if not pages:
            continue
        meter = None
        if track:
            done = sum(progress.lesson_state(items, p.id) == "done" for p in pages)
            meter = {"words": nmsg("{done} of {n} lesson done", "{done} of {n} lessons done",
                                   len(pages), done=done),
                     "percent": round(100 * done / len(pages))}
        sections.append({"title": title, "blurb": blurb, "meter": meter,
                         "tiles": [_tile(p, items) for p in pages]})
    return part("nav.html.j2", "lesson_map", style=Markup(style_html()),
                label=msg("Lesson map"), go=_continue(items), sections=sections)


def language_menu() -> widgets.HTML:
    """The start page's choice of language (issue #40), at its top: every language of the
    tutor in its own name (:func:`languages_menu`)."""
    menu = languages_menu()
    return widgets.HTML(part("nav.html.j2", "languages", style=Markup(style_html()),
                             label=menu["label"], items=menu["choices"]),
                        layout=widgets.look(width="100%"))


def languages_menu() -> dict:
    """The start page's choice of language (issue #40): every language of the tutor in its
    own name, a link to the start page in it (the browser keeps the choice for every page
    after: :func:`tutor.ui.pages.in_language`), the page's own marked."""
    from ..teach import i18n  # Babel: imported by the pages that need it

    here = i18n.current()
    return {"label": msg("Language"),
            "choices": [{"lang": lang, "name": i18n.own_name(lang), "current": lang == here,
                       "href": in_language("index.ipynb", lang, here)}
                      for lang in i18n.languages() if lang != i18n.PSEUDO]}


def lesson_map(include_start: bool = False) -> Remembering:
    """Every page of the app (``tutor.teach.content.PAGES``) by track (the 55 lessons, the
    56 lessons, the tools): title, summary and a link, and the learner's progress."""
    return Remembering(lambda items: map_html(items, include_start), "tt-lesson-map")


def next_pages(p) -> list:
    """Where a lesson leads: the next lesson of its track; at a track's end the first lesson
    of the next track and the practice page (no dead end)."""
    _, nxt = neighbours(p)
    if nxt is not None or p.track is None:
        return [nxt] if nxt is not None else []
    ids = [t.id for t in content.TRACKS if t.id]
    after = ids[ids.index(p.track) + 1:] if p.track in ids else []
    out = [content.track_pages(after[0])[0]] if after and content.track_pages(after[0]) else []
    out += [q for q in content.PAGES if q.id == "practice"]
    return out


def header_html(page_id: str) -> str:
    """The page's header (``nav.html.j2``): the link back to the lesson map, the title and the
    summary."""
    try:
        p = page(page_id)
        title, summary, notebook = msg(p.title), msg(p.summary), p.notebook
        steps = p.id if p.track else None  # a lesson: in steps (issue #39)
    except KeyError:
        log.error("page_header: no page %r in tutor/teach/data/lessons.toml", page_id)
        title, summary, notebook, steps = "Trick Tutor", "", page_id, None
    return part("nav.html.j2", "header", style=Markup(style_html()),
                home="../" * notebook.count("/") + href("index.ipynb"),
                back=msg("← Lesson map"), back_label=msg("Back to the lesson map"),
                title=title, summary=summary, steps=steps, key=storage_key())


def page_header(page_id: str) -> Remembering:
    """The top of a page: a "← Lesson map" link back to the start page, the title and the
    summary of the page ``page_id`` (its ``id`` in ``lessons.toml``, such as ``"55-renege"``;
    its notebook's path ``"55/04-renege.ipynb"`` works too), and the page's memory: the
    visit is kept (the map's Continue comes back here).

    A notebook names its page: nothing tells a kernel which notebook it runs everywhere the
    lessons run (Voila's preheated kernels and nbval know only the notebook's folder)."""
    html = header_html(page_id)
    w = Remembering(lambda _items: html, "tt-page-header")
    try:
        p = page(page_id)
    except KeyError:
        return w
    m = memory()
    m.put(progress.page_key(p.id), {})
    m.put("last", {"page": p.id})
    return w

