"""The coach in words: "what would a good player play here, and why?"

:func:`advise` asks the search (:func:`tutor.games.coach.compare`) which legal card comes out
best over many deals of the hidden cards consistent with what the learner has seen, then says
why in a learner's words: the features of the position that decided it (each game's
``reasons``, registered by its teaching package with :func:`register_reasons`) and how the
next best cards compare (each game's ``facts``: chances and points).  Seeded: the same position
gives the same advice.

Pure Python: no widgets here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from ..engine.errors import InputError
from ..engine.state import Play
from ..games import coach as search
from ..games.registry import spec_of
from .seats import Table

__all__ = ["Advice", "Line", "advise", "register_reasons", "percent"]

SHOWN = 3  # cards listed in the comparison

_REASONS: dict[str, Callable] = {}
_FACTS: dict[str, Callable] = {}


def register_reasons(game: str, reasons: Callable, facts: Callable) -> None:
    """A game's words: ``reasons(state, seat, best, ranked, table) -> [sentences]`` (why the
    best card, from the position) and ``facts(facts, deals, table) -> text`` (one candidate's
    search results)."""
    _REASONS[game], _FACTS[game] = reasons, facts


def percent(x: float) -> str:
    return f"{round(100 * x)}%"


@dataclass(frozen=True)
class Line:
    """One card of the comparison, in words."""

    action: Play
    card: str  # "J♠"
    spoken: str  # "jack of spades"
    value: float
    text: str  # what the search found: "wins this trick in 9 deals of 10; ..."


@dataclass(frozen=True)
class Advice:
    """The coach's advice for one position: the best card, why, and how the others compare."""

    best: Play
    headline: str  # "Play the J♠."
    reasons: tuple[str, ...]
    lines: tuple[Line, ...] = ()  # best first
    deals: int = 0  # deals the search played out (0: only one legal card)
    rules: tuple[str, ...] = field(default=())  # rule IDs the reasons cite

    @property
    def text(self) -> str:
        out = [self.headline, *self.reasons]
        if self.lines:
            out.append(f"Compared over {self.deals} deals of the cards you cannot see:")
            out.extend(f"{ln.card}: {ln.text}" for ln in self.lines)
        return "\n".join(out)


def advise(state, seat: int | None = None, table: Table | None = None, *, seed: int = 0,
           worlds: int | None = None) -> Advice:
    """The best card for ``seat`` (default: the player to act) and why."""
    seat = state.to_act if seat is None else seat
    if seat != state.to_act or state.phase != state.PLAY_PHASE:
        raise InputError("the coach advises the player whose turn it is to play a card",
                         "seat")
    spec = spec_of(state)
    table = table or Table(state.game.n, seat)
    ranked = search.compare(state, seat, seed=seed, worlds=worlds)
    best = ranked[0]
    card = best.action.card
    if len(ranked) == 1:
        why = state.why_legal(best.action)
        return Advice(best.action, f"Play the {card.unicode}: it is your only legal card.",
                      (f"It is allowed because {why}",), (), 0, _rule_ids(why))
    reasons = tuple(_REASONS[spec.name](state, seat, best, ranked, table))
    facts = _FACTS[spec.name]
    lines = tuple(Line(c.action, c.action.card.unicode, c.action.card.spoken, c.value,
                       facts(c.facts, c.deals, table)) for c in ranked[:SHOWN])
    return Advice(best.action, f"Play the {card.unicode}.", reasons, lines, best.deals,
                  _rule_ids(" ".join(reasons)))


def _rule_ids(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(re.findall(r"\b5[56]-[A-Z0-9-]*[A-Z0-9]", text)))
