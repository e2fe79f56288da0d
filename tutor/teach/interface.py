"""What a game gives the teaching layers, declared once (issue #38).

Each game's teaching package (``tutor.teach.g55``, ``tutor.teach.g56``) declares one
:class:`Teaching` -- the parts of the generic questions and views, its own question kinds, the
coach's words, the words of its house rules -- and :func:`register` checks it whole when the
package is imported: a missing part is a :class:`TypeError` that names it, not a learner's
"no score_hand questions for game 56" later.  ``tests/test_teaching_conformance.py`` then
drives every part of every registered game.

:func:`register` hands the parts to the registries the generic modules read
(:func:`tutor.teach.questions.part`, the coach's words, :func:`tutor.teach.house_rules.words`);
no game module registers anything of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..games.registry import find_game
from . import coach, house_rules, questions

# The parts every game gives the generic questions and views
PARTS = (
    "bidders",  # state -> the seats of the bidding side
    "quick_call",  # rng -> a position and a call to make (legal_calls)
    "hand_result",  # state -> what the hand made (score_hand)
    "calls_summary",  # state -> the calls so far
    "card_order",  # rng -> the cards and their order (card_order)
    "score_hand",  # state -> the pieces of a score_hand question
    "legal_calls",  # rng -> the pieces of a legal_calls question
    "legal_calls_position",  # state -> the legal_calls question of a given position
    "allowed_calls",  # state -> the calls allowed and why the others are not
    "ranking_view",  # trump -> the columns of the ranking explorer
    "table_facts",  # state -> what the table shows (contract, phase, teams)
)
# A part only some games need, and the game hook that asks for it
PARTS_IF = {"example_calls": "bids_by_number"}


@dataclass(frozen=True)
class Choice:
    """The coach's words in a phase other than play and auction (55: trumps, discards)."""

    words: Callable
    question: str  # the hint button's question, a message id
    repeated: bool = False  # one action after another by the same seat


@dataclass(frozen=True)
class CoachWords:
    """How the coach words a game's advice (:func:`tutor.teach.coach.register_reasons`)."""

    reasons: Mapping[str, Callable]
    spots: tuple[str, ...]
    facts: Callable
    unit: tuple[str, str]  # the value's unit, short and explained (message ids)
    calls: Callable  # the bidding advice's words
    choices: Mapping[str, Choice] = field(default_factory=dict)


@dataclass(frozen=True)
class Teaching:
    """Everything a game gives the teaching layers."""

    game: str
    parts: Mapping[str, Callable]  # PARTS, and the PARTS_IF its hooks ask for
    kinds: Mapping[str, tuple[Callable, str]]  # its own question kinds: (maker, title id)
    coach: CoachWords
    house_rule_words: Callable  # (name, value, players) -> words, or None for the default
    # what its own kinds show beside their choices (a kind not named: what its base kind
    # shows, "legal_cards" for "legal_cards:house"; else nothing, and "Choices")
    shown: Mapping[str, questions.Shown] = field(default_factory=dict)


_TEACHING: dict[str, Teaching] = {}


def missing(t: Teaching) -> list[str]:
    """What ``t`` lacks (empty when it is whole): ``part 'score_hand'``, ``callable
    'bidders'`` (a part that is no function), ``coach calls``, ``coach reasons``, ``spot
    'x'`` (a spot of the coach's that nothing words)."""
    spec = find_game(t.game)
    want = set(PARTS) | {p for p, hook in PARTS_IF.items() if spec.hooks.get(hook)}
    out = [f"part {p!r}" for p in sorted(want - set(t.parts))]
    out += [f"callable {p!r}" for p, fn in t.parts.items() if not callable(fn)]
    if spec.calls and not callable(t.coach.calls):
        out.append("coach calls")
    if not t.coach.spots or not t.coach.reasons:
        out.append("coach reasons")
    out += [f"spot {s!r}" for s in t.coach.spots
            if s not in t.coach.reasons and s not in coach.GENERIC_CODES]
    return out


def register(t: Teaching) -> Teaching:
    """Check ``t`` whole and hand its parts to the generic modules (once per game)."""
    lacks = missing(t)
    if lacks:
        raise TypeError(f"the teaching of {t.game} lacks: {', '.join(lacks)}")
    if t.game in _TEACHING:
        raise ValueError(f"the teaching of {t.game} is registered twice")
    _TEACHING[t.game] = t
    questions.register_parts(t.game, **t.parts)
    for name, (maker, title) in t.kinds.items():
        questions.register_kind(name, maker, t.game, title,
                                t.shown.get(name) or questions.shown(name))
    c = t.coach
    coach.register_reasons(t.game, dict(c.reasons), tuple(c.spots), c.facts, c.unit)
    coach.register_calls(t.game, c.calls)
    for phase, choice in c.choices.items():
        coach.register_choices(t.game, phase, choice.words, choice.question,
                               repeated=choice.repeated)
    house_rules.register_words(t.game, t.house_rule_words)
    return t


def teaching(game: str) -> Teaching:
    """The teaching a game declared; ``KeyError`` for a game without one."""
    return _TEACHING[game]


def games() -> tuple[str, ...]:
    """The games that declared their teaching, in the order they did."""
    return tuple(_TEACHING)
