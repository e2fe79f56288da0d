"""The tutor's stylesheet, tutor.css, read as rules, for the tests of the widgets whose rules it
holds (no widget carries CSS of its own: tutor/ui/style.py)."""

from __future__ import annotations

import re
from pathlib import Path

SHEET = (Path(__file__).resolve().parents[1]
         / "share/jupyter/voila/templates/tutor/static/tutor.css")

# an @media's opening, a rule, or the closing brace of an @media
_TOKEN = re.compile(r"(@media[^{]*)\{|([^{}]+)\{([^{}]*)\}|\}")


def sheet_rules(text: str | None = None) -> list[tuple[str | None, str, str]]:
    """Every rule of tutor.css (or of ``text``) as (media, selector, declarations), in order;
    media is ``"@media (max-width: 640px)"`` or ``None``, white space made single spaces."""
    text = SHEET.read_text(encoding="utf-8") if text is None else text
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"@charset[^;]*;", "", text)
    rules, media = [], None
    for m in _TOKEN.finditer(text):
        if m.group(1):
            media = " ".join(m.group(1).split())
        elif m.group(2):
            rules.append((media, " ".join(m.group(2).split()), " ".join(m.group(3).split())))
        else:
            media = None
    return rules


def rules_of(css_class: str) -> list[tuple[str | None, str, str]]:
    """The rules of tutor.css with a selector naming ``css_class`` (``tt-seat56``: also
    ``tt-seat56-deck`` and the like), each with only those of its selectors."""
    name = re.compile(rf"\.{re.escape(css_class)}(?!\w)")
    out = []
    for media, selector, body in sheet_rules():
        parts = [p.strip() for p in selector.split(",") if name.search(p)]
        if parts:
            out.append((media, ", ".join(parts), body))
    return out
