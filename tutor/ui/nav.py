"""The lesson map of the start page and the header of every page.

Links are plain relative hrefs (``board.ipynb``): Voila serves every lesson under
``/voila/render/``, so they resolve to the neighbouring page there (and in Jupyter too)."""

from __future__ import annotations

import ipywidgets as widgets

from ..teach.content import PAGES, page
from .style import esc, style_html

GAME_WORDS = {"55": "55", "56": "56", None: "55 and 56"}


TRACKS = (("55", "Learn 55", "Nine short lessons, from the cards to the house rules; each "
         "ends with a checked exercise."),
          ("56", "Learn 56", "Eight lessons on the partnership game of Kerala, from the deck to "
           "bidding conventions and tables; each ends with a checked exercise."),
          (None, "Tools", "For teachers and for practice."))


def _tile(p) -> str:
    return (f'<a class="tt-tile" href="{esc(p.notebook)}">'
            f'<span class="tt-tile-title">{esc(p.title)} →</span>'
            f'<span class="tt-tile-summary">{esc(p.summary)}</span>'
            f'<span class="tt-badge">{GAME_WORDS.get(p.game, p.game)}</span></a>')


def lesson_map(include_start: bool = False) -> widgets.HTML:
    """Every page of the app (``tutor.teach.content.PAGES``) by track (the 55 lessons, the
    56 lessons, the tools): title, summary and a link."""
    sections = []
    for track, title, blurb in TRACKS:
        pages = [p for p in PAGES if p.track == track
                 and (include_start or p.notebook != "index.ipynb")]
        if not pages:
            continue
        sections.append(f'<section class="tt-track" aria-label="{esc(title)}">'
                        f'<h2 class="tt-track-title">{esc(title)}</h2>'
                        f'<p class="tt-muted">{esc(blurb)}</p>'
                        f'<div class="tt-map">{"".join(_tile(p) for p in pages)}</div>'
                        "</section>")
    html = (f'{style_html()}<nav class="tt-app" aria-label="Lesson map">'
            f'{"".join(sections)}</nav>')
    w = widgets.HTML(html, layout=widgets.Layout(width="100%", max_width="100%"))
    w.add_class("tt-lesson-map")
    return w


def page_header(notebook: str) -> widgets.HTML:
    """The top of a page: a "← Lesson map" link back to the start page, the title and the
    summary of ``notebook`` (its entry in ``PAGES``)."""
    try:
        p = page(notebook)
        title, summary = p.title, p.summary
    except KeyError:
        title, summary = "Trick Tutor", ""
    home = "../" * notebook.count("/") + "index.ipynb"
    html = (f'{style_html()}<header class="tt-app tt-header">'
            f'<a href="{esc(home)}" aria-label="Back to the lesson map">← Lesson map</a>'
            f'<h1 class="tt-header-title">{esc(title)}</h1>'
            f'<span class="tt-muted">{esc(summary)}</span></header>')
    w = widgets.HTML(html, layout=widgets.Layout(width="100%", max_width="100%"))
    w.add_class("tt-page-header")
    return w
