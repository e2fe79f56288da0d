"""Shared look of the widgets: the stylesheet, the rule box, small helpers.

The tutor's stylesheet is one file, ``tutor.css``, in the static folder of the Voila template
(share/jupyter/voila/templates/tutor/static/), with the card faces of the card buttons beside
it in ``tutor-cards.css`` (every card in both colour schemes, made by
``tutor.ui.cards.deck_css``).  Their classes all start with ``tt-``; widgets carry classes,
never CSS of their own:

* Under Voila the ``tutor`` template (voila.json names it and refuses ``?template=``) links
  both files once from every page, as static files whose URLs carry the file's hash, so the
  browser fetches them once and caches them.  ``style_html()`` is then empty and
  ``style_widgets()`` nothing.
* Anywhere else (JupyterLab, Jupyter Notebook, nbval) there is no template to link them, so
  ``style_html()`` is both files in a ``<style>`` element and every top-level widget still
  carries it (``style_widgets()`` first in its children).  One copy per widget rather than one
  per kernel: in Jupyter any cell's output can be cleared or its cell run again, and a single
  copy shown by the first widget would go with it and leave every other widget unstyled.  The
  same rules several times on a page are harmless, and there the bytes never leave the
  learner's machine.
"""

from __future__ import annotations

import html
import logging
from functools import cache

from ..engine.messages import msg, render
from ..engine.rulebook import rule_text
from . import widgets
from .aria import Pressable
from .static import (  # noqa: F401  (the stylesheet's API, here as before)
    CARDS_SHEET,
    STYLESHEET,
    page_links_stylesheet,
    stylesheet,
    stylesheet_paths,
)

log = logging.getLogger(__name__)

def style_html() -> str:
    """The stylesheet for a top-level widget's HTML: nothing under Voila (the page links it),
    elsewhere a ``<style>`` element with ``tutor.css`` and then the card faces."""
    if page_links_stylesheet():
        return ""
    return f"<style>{stylesheet()}\n{stylesheet(CARDS_SHEET)}</style>"


def style_widget() -> widgets.HTML:
    """What a top-level widget puts first among its children: an HTML widget of no height
    holding ``style_html()`` (empty under Voila)."""
    return widgets.HTML(style_html(), layout=widgets.look(height="0px", margin="0"))


def style_widgets() -> list[widgets.HTML]:
    """What a top-level widget puts first among its children: nothing under Voila (the page
    links the stylesheet: an empty placeholder would be one more model for the browser to
    build, per widget), elsewhere :func:`style_widget`."""
    return [] if page_links_stylesheet() else [style_widget()]


def esc(text) -> str:
    """``text`` escaped for HTML; a message (:mod:`tutor.engine.messages`) is worded first."""
    return html.escape(render(text), quote=True)


def message_html(text, kind: str = "info") -> str:
    """A short message box: ``kind`` is ok, bad, info or hint.  ``text`` (a message, worded
    here, or text already worded) is escaped.  It has no live role: each widget's one live
    region (:class:`tutor.ui.aria.Live`) says it."""
    return f'<div class="tt-msg tt-msg-{kind}">{esc(text)}</div>'


# -- the rules ------------------------------------------------------------------------------------
def rule_words(rule: str) -> tuple[str, str]:
    """(title, text) of a rule: the learner's wording if the teaching layer has it, else the
    spec's clause (title = the ID)."""
    try:
        from ..teach.reference import entry  # optional: the learner's rules reference
        e = entry(rule)
        return e.title, e.text
    except (ImportError, KeyError, AttributeError):
        pass
    try:
        return rule, rule_text(rule)
    except (KeyError, IndexError):
        return rule, ""


# The markdown of the rules text, the reference entries and the captions: paragraphs, lists,
# tables, code blocks, **bold**, *emphasis* and `code`, by mistune (as nbconvert renders the
# lessons' own markdown).  Nothing else is markup: raw HTML is escaped (escape=True), and links,
# images, headings, quotes and the like are left out of the parser, so they stay plain text.
# No text, whoever wrote it, can show HTML, load anything from elsewhere or link away.
_BLOCK_RULES = ("fenced_code", "list", "blank_line", "table", "nptable")
_INLINE_RULES = ("escape", "codespan", "emphasis", "linebreak", "softbreak")


@cache
def _markdown():
    import mistune  # imported on the first rule box: a page without one never needs it

    md = mistune.create_markdown(escape=True, plugins=["table"])
    # a list item ends at a line that starts another kind of block, which mistune then parses
    # whatever the rule lists say (mistune 3.4: "-\n>" made a <blockquote>): those kinds parse
    # nothing here, so such a line stays the list item's text
    for name in ("block_quote", "atx_heading", "thematic_break", "block_html"):
        md.block.register(name, None, lambda _block, _m, _state: None)
    md.block.rules = [r for r in md.block.rules if r in _BLOCK_RULES]
    md.block.list_rules = [r for r in md.block.list_rules if r in _BLOCK_RULES]
    md.block.block_quote_rules = [r for r in md.block.block_quote_rules if r in _BLOCK_RULES]
    md.inline.rules = [r for r in md.inline.rules if r in _INLINE_RULES]
    return md


def markdown_html(text: str) -> str:
    """``text`` (markdown) as HTML: see ``_BLOCK_RULES`` and ``_INLINE_RULES`` for what is
    markup; everything else, HTML included, is shown as typed."""
    return _markdown()(str(text)).strip()


def rule_html(rule: str, title: str | None = None, text: str | None = None,
              open_text: bool = True) -> str:
    """A rule box: the rule ID, its title and its text (folded when ``open_text`` is False)."""
    if not rule:
        return ""
    t, x = rule_words(rule)
    title = t if title is None else title
    text = x if text is None else text
    head = f'<span class="tt-rule-id">{esc(rule)}</span>'
    if title and title != rule:
        head += f"<b>{esc(title)}</b>"
    if not text:
        return f'<div class="tt-rule">{head}</div>'
    # the rule's text is read on the page, not said by the live regions (tutor.ui.aria)
    body = f'<div class="tt-unsaid">{markdown_html(text)}</div>'
    if open_text:
        return f'<div class="tt-rule">{head}{body}</div>'
    summary = render(msg("The rule's text"))
    return (f'<div class="tt-rule">{head}<details><summary>{summary}</summary>'
            f"{body}</details></div>")


def narration_html(lines, prefix: str = "tt") -> str:
    """What happened in a hand, folded: ``<details class="{prefix}-narration">`` with the
    lines numbered in ``<ol class="{prefix}-narration-list">``."""
    items = "".join(f"<li>{esc(t)}</li>" for t in lines)
    said = render(msg("What happened ({n})", n=len(lines)))
    return (f'<details class="{prefix}-narration"><summary class="tt-label">{said}'
            f'</summary><ol class="{prefix}-narration-list">{items}</ol></details>')


def button(text, tip, *classes: str, style: str = "") -> Pressable:
    """A button sized to its label, with a tooltip and these classes (``text`` and ``tip``:
    messages, worded here, or text already worded)."""
    return Pressable(description=render(text), tooltip=render(tip), button_style=style,
                     classes=classes, layout=widgets.look(width="auto"))


def action_button(text, tip, style: str = "") -> Pressable:
    """A button of the widgets' action rows (Check, Hint, Start again...); ``text`` and
    ``tip`` as :func:`button` takes them."""
    return button(text, tip, "tt-action", style=style)


def add_classes(widget, *names: str):
    for n in names:
        widget.add_class(n)
    return widget
