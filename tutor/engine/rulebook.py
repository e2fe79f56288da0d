"""The rules text shipped with the package (``tutor/rules/*.md``): one entry per rule ID.

A clause is a paragraph that starts with its ID in bold, ``**55-RENEGE.** ...``; its text runs
to the next clause or heading.  An ID can also be defined in bold inside a paragraph, as in
"There are four kinds of call (**56-CALLS**): ..."; its text is the sentence that holds it.  A
bold ID that has a clause of its own (in the rules or in the decisions) is only a reference
where it appears inside a paragraph.  The project's own decisions (``55-decisions.md``) are
read too.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

# a clause starts a paragraph (a bold ID inside a wrapped sentence is a reference or a
# definition inside the paragraph: see clauses)
_CLAUSE = re.compile(r"(?:\A|(?<=\n\n))\*\*(\d\d-[A-Z0-9-]+)\.?\*\*\.?\s*")
_BOLD_ID = re.compile(r"\*\*(\d\d-[A-Z0-9-]+?)\.?\*\*")
_SENTENCE_END = re.compile(r"[.!?]\**(?=\s|\Z)")


def clause_ids(text: str) -> set[str]:
    """The IDs of the clauses of ``text`` (paragraphs that start with a bold ID)."""
    return {m.group(1) for m in _CLAUSE.finditer(text)}


def clauses(text: str, game: str, defined=frozenset()) -> dict[str, str]:
    """rule ID -> text for one rules file, in the order of the file: every clause, and every
    bold ID of ``game`` inside a paragraph that is not a clause here nor in ``defined``."""
    found: list[tuple[int, str, str]] = []
    marks = list(_CLAUSE.finditer(text))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        body = text[m.end():end]
        body = re.split(r"^(?:#|---)", body, maxsplit=1, flags=re.M)[0]
        found.append((m.start(), m.group(1), body.strip()))
    seen = {rule_id for _, rule_id, _ in found} | set(defined)
    for m in _BOLD_ID.finditer(text):
        rule_id = m.group(1)
        if rule_id in seen or not rule_id.startswith(f"{game}-"):
            continue
        seen.add(rule_id)
        found.append((m.start(), rule_id, _sentence(text, m)))
    found.sort()
    return {rule_id: body for _, rule_id, body in found}


def _sentence(text: str, m: re.Match) -> str:
    """The sentence of its paragraph that holds the bold ID ``m``, on one line, without the ID
    when it is only a label in parentheses."""
    start = text.rfind("\n\n", 0, m.start())
    start = 0 if start < 0 else start + 2
    stop = text.find("\n\n", m.end())
    stop = len(text) if stop < 0 else stop
    ends = list(_SENTENCE_END.finditer(text, start, m.start()))
    if ends:
        start = ends[-1].end()
    end = _SENTENCE_END.search(text, m.end(), stop)
    sentence = text[start:end.end() if end else stop]
    sentence = re.sub(r"\s*\(\*\*" + re.escape(m.group(1)) + r"\.?\*\*\)", "", sentence)
    return " ".join(sentence.split())


@cache
def rules(game: str) -> dict[str, str]:
    """rule ID -> the clause text (markdown), for ``game`` ``"55"`` or ``"56"``."""
    folder = resources.files("tutor") / "rules"
    texts = []
    for name in (f"{game}.md", f"{game}-decisions.md"):
        path = folder / name
        if path.is_file():
            texts.append(path.read_text(encoding="utf-8"))
    defined = set().union(*(clause_ids(t) for t in texts))
    out: dict[str, str] = {}
    for text in texts:
        for rule_id, body in clauses(text, game, defined).items():
            out.setdefault(rule_id, body)
    return out


def rule_text(rule_id: str) -> str:
    """The text of one clause; ``KeyError`` for an unknown ID."""
    return rules(rule_id.split("-", 1)[0])[rule_id]
