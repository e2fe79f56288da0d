"""The rules text shipped with the package (``tutor/rules/*.md``): one entry per rule ID.

A clause is a paragraph that starts with its ID in bold, ``**55-RENEGE.** ...``; its text runs
to the next clause or heading.  The project's own decisions (``55-decisions.md``) are read too.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

# a clause starts a paragraph (a bold ID inside a wrapped sentence is only a reference)
_CLAUSE = re.compile(r"(?:\A|(?<=\n\n))\*\*(\d\d-[A-Z0-9-]+)\.?\*\*\.?\s*")


@cache
def rules(game: str) -> dict[str, str]:
    """rule ID -> the clause text (markdown), for ``game`` ``"55"`` or ``"56"``."""
    out: dict[str, str] = {}
    folder = resources.files("tutor") / "rules"
    for name in (f"{game}.md", f"{game}-decisions.md"):
        path = folder / name
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        marks = list(_CLAUSE.finditer(text))
        for i, m in enumerate(marks):
            end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
            body = text[m.end():end]
            body = re.split(r"^(?:#|---)", body, maxsplit=1, flags=re.M)[0]
            out[m.group(1)] = body.strip()
    return out


def rule_text(rule_id: str) -> str:
    """The text of one clause; ``KeyError`` for an unknown ID."""
    return rules(rule_id.split("-", 1)[0])[rule_id]
