"""The learner's rules reference: one plain-words entry per rule ID, with an example.

The entries live in ``tutor/teach/reference/55.md`` and ``56.md`` (package data), one per
clause of the rules text (:func:`tutor.engine.rulebook.rules`), in this shape::

    ## 55-RENEGE: Keeping back a top trump

    When a trump is led you must play a trump, but ...

    Example: spades are trumps and the 7♠ is led. ...

The tutor's explanations quote them (:func:`entry_markdown`) and lessons link to them
(:func:`anchor`).  Pure Python, standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from tutor.engine.messages import msg, render
from tutor.engine.rulebook import rules
from tutor.games.registry import game_names

GAMES = game_names()

_HEADING = re.compile(r"^## +(\d\d-[A-Z0-9-]+): *(.+?) *$", re.M)
_EXAMPLE = re.compile(r"^Example:\s*", re.M)


@dataclass(frozen=True)
class Entry:
    """One rule explained for a learner.  ``rule_text`` is the clause of the rules text.

    :func:`entries` and :func:`entry` give the title, text and example in the current language
    (the English of the file is their message id: ``scripts/babel_reference.py``); the rules
    text, the project's authority, stays as it is written."""

    id: str
    title: str
    text: str
    example: str
    rule_text: str

    def worded(self) -> "Entry":
        """This entry with its title, text and example in the current language."""
        return Entry(self.id, render(msg(self.title)), render(msg(self.text)),
                     render(msg(self.example)), self.rule_text)


def _one_line(block: str) -> str:
    """Paragraph lines joined with single spaces (the file is wrapped at 100 columns)."""
    return " ".join(block.split())


def parse(markdown: str, game: str) -> list[Entry]:
    """The entries of one reference file, in file order.  ``ValueError`` for an entry without
    text or example, or a rule ID given twice."""
    clauses = rules(game)
    marks = list(_HEADING.finditer(markdown))
    out: list[Entry] = []
    seen: set[str] = set()
    for i, m in enumerate(marks):
        rule_id, title = m.group(1), m.group(2)
        if rule_id in seen:
            raise ValueError(f"reference {game}: {rule_id} has two entries")
        seen.add(rule_id)
        end = marks[i + 1].start() if i + 1 < len(marks) else len(markdown)
        body = markdown[m.end():end]
        parts = _EXAMPLE.split(body, maxsplit=1)
        if len(parts) != 2:
            raise ValueError(f"reference {game}: {rule_id} has no 'Example:' line")
        text, example = _one_line(parts[0]), _one_line(parts[1])
        if not text or not example:
            raise ValueError(f"reference {game}: {rule_id} needs a text and an example")
        out.append(Entry(rule_id, title, text, example, clauses.get(rule_id, "")))
    return out


@cache
def _load(game: str) -> dict[str, Entry]:
    if game not in GAMES:
        raise KeyError(f"no rules reference for game {game!r} (the games are {', '.join(GAMES)})")
    path = resources.files("tutor") / "teach" / "reference" / f"{game}.md"
    found = {e.id: e for e in parse(path.read_text(encoding="utf-8"), game)}
    order = {rule_id: i for i, rule_id in enumerate(rules(game))}
    return dict(sorted(found.items(), key=lambda kv: order.get(kv[0], len(order))))


def entries(game: str) -> list[Entry]:
    """Every entry of ``game`` (a registered game's name) in the order of the rules text."""
    return [e.worded() for e in _load(game).values()]


def entry(rule_id: str) -> Entry:
    """The entry for one rule ID, such as ``"55-RENEGE"``; ``KeyError`` for an unknown ID."""
    game = rule_id.split("-", 1)[0] if isinstance(rule_id, str) else ""
    table = _load(game) if game in GAMES else {}
    if rule_id not in table:
        raise KeyError(f"no rules-reference entry for {rule_id!r}: rule IDs look like "
                       "'55-RENEGE' or '56-PASS', as in tutor/rules/55.md and 56.md")
    return table[rule_id].worded()


def anchor(rule_id: str) -> str:
    """The HTML anchor id of an entry, stable across releases: ``"rule-55-RENEGE"``.
    ``KeyError`` for an unknown ID, so that a lesson cannot link to nothing."""
    return f"rule-{entry(rule_id).id}"


def entry_markdown(rule_id: str) -> str:
    """A short markdown block for an explanation: bold title with the ID, text, example."""
    e = entry(rule_id)
    return render(msg("**{rule}: {title}**\n\n{text}\n\n*Example:* {example}\n", rule=e.id,
                      title=e.title, text=e.text, example=e.example))
