"""Practice by topic: the question kinds of a game grouped by what they ask ("Which cards may
you play?"), each at a level: one idea at a time (the lessons' focused kinds, in turn: a plain
suit led, then a trump led...), any position (the general kind), or both mixed.  Pure data
over the kind registry (:mod:`tutor.teach.questions`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.messages import N_, msg, render
from .questions import KINDS, kind_title, lesson_kinds

# The levels' names (message ids: worded with level_words, or render(msg(LEVELS[level])))
LEVELS = {"focused": N_("One idea at a time"), "any": N_("Any position"), "mixed": N_("Mixed")}
# what each level asks, said under the pickers
LEVEL_NOTES = {
    "focused": N_("One idea at a time: the situations of the lessons in turn (a plain suit "
                  "led, then a trump led...)."),
    "any": N_("Any position: any situation at all, as a real hand deals it."),
    "mixed": N_("Mixed: the lessons' situations and any position, taken in turn.")}
ALL = "all"  # the topic of every kind


@dataclass(frozen=True)
class Topic:
    """A topic: its ``base`` kind, ``title`` and the kinds asked at each level it has."""

    base: str
    title: str
    levels: dict[str, tuple[str, ...]]


def topics(game: str) -> list[Topic]:
    """The practice topics of ``game``, "Everything" first, then in the order of the kinds."""
    own = [k for k, g in lesson_kinds().items() if g == game]
    bases = list(dict.fromkeys([*KINDS, *(k.split(":", 1)[0] for k in own)]))
    found = [Topic(ALL, render(msg("Everything (each kind in turn)")),
                   {"any": tuple(KINDS), "mixed": tuple(dict.fromkeys([*KINDS, *own]))})]
    for base in bases:
        focused = tuple(k for k in own if k.split(":", 1)[0] == base and k != base)
        general = (base,) if base in KINDS or base in own else ()
        levels = {}
        if focused:
            levels["focused"] = focused
        if general:
            levels["any"] = general
        if focused and general:
            levels["mixed"] = (*focused, *general)
        if levels:
            found.append(Topic(base, kind_title(base), levels))
    return found


def level_words(level: str) -> str:
    """The name of a practice level (``"focused"``...), worded: "One idea at a time"."""
    return render(msg(LEVELS[level]))


def kinds_for(game: str, base: str, level: str) -> tuple[str, ...]:
    """The kinds a practice run asks: ``base``'s at ``level`` (its first level if it has not
    that one).  Raises KeyError for a topic ``game`` has not."""
    for topic in topics(game):
        if topic.base == base:
            return topic.levels.get(level) or next(iter(topic.levels.values()))
    raise KeyError(f"no practice topic {base!r} for {game}")
