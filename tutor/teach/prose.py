"""The lessons' prose -- a notebook's markdown cells -- in the page's language.

A markdown cell is translated block by block: each block (the text between blank lines: a
heading, a paragraph, a whole list) is one message of the catalog, its id the English block as
the notebook has it, markdown and all (``scripts/babel_notebook.py`` extracts them; a
translator keeps the markup).  A fenced code block is never translated.  In the pseudo-language
each line of a block is bracketed after its markdown marker, with link targets, inline code and
HTML tags left as they are, so the page still renders its headings, lists and links.

And the words the page template says itself (:func:`template_words`): the server gives them
to each page (``tutor_server.app_config.PageLanguage``); the static site's build writes them
into each language's copy of a notebook (``deploy/static/languages.py``).
"""

from __future__ import annotations

import gettext
import re

from ..engine.messages import msg, render
from .i18n import PseudoTranslations, pseudo

__all__ = ["blocks", "worded", "template_words", "page_title", "TITLE_TAIL"]

_FENCE = re.compile(r"^\s*(```|~~~)")
# a line's markdown marker: a heading's #s, a list item's bullet or number, a quote's >, the
# indent of a list item's next line
_MARKER = re.compile(r"^(\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)?)(.*)$")
# kept as they are in the pseudo-language: a link's target, inline code, an HTML tag, an entity
_KEEP = re.compile(r"(\]\([^)]*\)|`[^`]*`|<[^<>]*>|&\w+;)")


def blocks(markdown: str) -> list[tuple[str, bool]]:
    """The blocks of ``markdown`` in order, each with whether it is prose to translate (a
    fenced code block is not); the blank lines between them are not kept."""
    out: list[tuple[str, bool]] = []
    lines: list[str] = []
    fenced = False

    def flush() -> None:
        if lines:
            out.append(("\n".join(lines), not fenced))
            lines.clear()

    for line in markdown.split("\n"):
        if _FENCE.match(line) and not fenced:  # a fence opens: the prose before it ends
            flush()
            fenced = True
        elif not fenced and not line.strip():  # a blank line ends a block of prose
            flush()
            continue
        lines.append(line)
        if fenced and len(lines) > 1 and _FENCE.match(line):  # the fence closes
            flush()
            fenced = False
    flush()
    return out


def _pseudo_line(line: str) -> str:
    marker, text = _MARKER.match(line).groups()
    if not text.strip():
        return line
    parts = _KEEP.split(text)
    # the words in the pseudo-language, what _KEEP found as it was (pseudo() keeps its own
    # placeholders, tags and entities)
    worded = "".join(part if i % 2 else pseudo(part)[1:-1] for i, part in enumerate(parts))
    return f"{marker}[{worded}]"


def worded(markdown: str, translations: gettext.NullTranslations) -> str:
    """``markdown`` in the language of ``translations`` (:func:`tutor.teach.i18n.translations`),
    block by block; a block the catalog does not hold stays as it is."""
    out = []
    for block, prose in blocks(markdown):
        if not prose:
            out.append(block)
        elif isinstance(translations, PseudoTranslations):
            out.append("\n".join(_pseudo_line(line) for line in block.split("\n")))
        else:
            out.append(translations.gettext(block))
    return "\n\n".join(out)


def template_words() -> dict:
    """The words the page template shows itself, in the current language: the skip link
    (``skip``) and a lesson's steps (``steps``: ``static/steps.js``'s, their placeholders left for
    the page to fill)."""
    said = {"bar": msg("Lesson steps"),
            "where": msg("Step {n} of {count}: {title}", n="{n}", count="{count}",
                         title="{title}"),
            "step": msg("Step {n}: {title}", n="{n}", title="{title}"),
            "passed": msg("passed"), "back": msg("Back"),
            "next": msg("Next: {title} →", title="{title}"),
            "finish": msg("Finish"), "whole": msg("Whole lesson"),
            "steps": msg("One step at a time")}
    return {"skip": render(msg("Skip to the lesson")),
            "steps": {k: render(v) for k, v in said.items()}}


TITLE_TAIL = " · Trick Tutor"  # after a page's own title, in its metadata (the browser's tab)


def page_title(title: str, translations: gettext.NullTranslations) -> str:
    """A notebook's title (its metadata's ``title``, the browser's tab: "4. Renege rights ·
    Trick Tutor") in the language of ``translations``: its own part and the tutor's name
    (Malayalam writes it in its script) through the catalog (``scripts/babel_notebook.py``
    extracts them)."""
    if not title.endswith(TITLE_TAIL):
        return translations.gettext(title)
    name = TITLE_TAIL.removeprefix(" · ")
    return f"{translations.gettext(title[:-len(TITLE_TAIL)])} · {translations.gettext(name)}"
