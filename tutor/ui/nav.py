"""The lesson map of the start page and the header of every page, both from the content data
(``tutor/teach/data/lessons.toml``: the tracks, their pages and the counts in the blurbs).

Links are plain relative hrefs (``board.ipynb``): Voila serves every lesson under
``/voila/render/``, so they resolve to the neighbouring page there (and in Jupyter too)."""

from __future__ import annotations

import logging

from ..games.registry import game_names
from ..teach import content
from ..teach.content import page
from . import widgets
from .style import esc, style_html

log = logging.getLogger(__name__)



def game_words(game: str | None) -> str:
    """A lesson tile's badge: its game, or every game for a page of them all."""
    return game or " and ".join(game_names())



def tracks() -> tuple[tuple[str | None, str, str], ...]:
    """(track, title, blurb) of each section of the map, the blurb counting the track's
    pages ("Nine short lessons...")."""
    return tuple((t.id, t.title, t.blurb_for(len(content.track_pages(t.id))))
                 for t in content.TRACKS)


TRACKS = tracks()


def _tile(p) -> str:
    return (f'<a class="tt-tile" href="{esc(p.notebook)}">'
            f'<span class="tt-tile-title">{esc(p.title)} →</span>'
            f'<span class="tt-tile-summary">{esc(p.summary)}</span>'
            f'<span class="tt-badge">{esc(game_words(p.game))}</span></a>')


def lesson_map(include_start: bool = False) -> widgets.HTML:
    """Every page of the app (``tutor.teach.content.PAGES``) by track (the 55 lessons, the
    56 lessons, the tools): title, summary and a link."""
    sections = []
    for track, title, blurb in tracks():
        pages = [p for p in content.track_pages(track)
                 if include_start or p.notebook != "index.ipynb"]
        if not pages:
            continue
        sections.append(f'<section class="tt-track" aria-label="{esc(title)}">'
                        f'<h2 class="tt-track-title">{esc(title)}</h2>'
                        f'<p class="tt-muted">{esc(blurb)}</p>'
                        f'<div class="tt-map">{"".join(_tile(p) for p in pages)}</div>'
                        "</section>")
    html = (f'{style_html()}<nav class="tt-app" aria-label="Lesson map">'
            f'{"".join(sections)}</nav>')
    w = widgets.HTML(html, layout=widgets.look(width="100%", max_width="100%"))
    w.add_class("tt-lesson-map")
    return w


def page_header(page_id: str) -> widgets.HTML:
    """The top of a page: a "← Lesson map" link back to the start page, the title and the
    summary of the page ``page_id`` (its ``id`` in ``lessons.toml``, such as ``"55-renege"``;
    its notebook's path ``"55/04-renege.ipynb"`` works too).

    A notebook names its page: nothing tells a kernel which notebook it runs everywhere the
    lessons run (Voila's preheated kernels and nbval know only the notebook's folder)."""
    try:
        p = page(page_id)
        title, summary, notebook = p.title, p.summary, p.notebook
    except KeyError:
        log.error("page_header: no page %r in tutor/teach/data/lessons.toml", page_id)
        title, summary, notebook = "Trick Tutor", "", page_id
    home = "../" * notebook.count("/") + "index.ipynb"
    html = (f'{style_html()}<header class="tt-app tt-header">'
            f'<a href="{esc(home)}" aria-label="Back to the lesson map">← Lesson map</a>'
            f'<h1 class="tt-header-title">{esc(title)}</h1>'
            f'<span class="tt-muted">{esc(summary)}</span></header>')
    w = widgets.HTML(html, layout=widgets.look(width="100%", max_width="100%"))
    w.add_class("tt-page-header")
    return w
