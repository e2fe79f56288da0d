"""The rule-case registry of the games layer (format: shared/acceptance/README.md).

Each game's ``cases`` module registers a handler per (game, ask) with :func:`handler`, and
reads the inputs of a case with :func:`card`, :func:`card_list` and :func:`suit`, strictly in
the notation of the format.  ``tutor.cases`` (the ``tutor cases`` command) answers a case by
looking its handler up here, so the games layer never imports upward.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..engine.cards import Card, parse_card, parse_suit
from ..engine.errors import InputError
from ..engine.messages import msg, render
from ..engine.text import quoted

Handler = Callable[[dict], Any]
HANDLERS: dict[tuple[str, str], Handler] = {}


def handler(game: str, ask: str):
    def register(fn: Handler) -> Handler:
        HANDLERS[(game, ask)] = fn
        return fn
    return register


# The notation of the format (acceptance README, "Notation"): rank then suit, ranks 2-10, J, Q,
# K, A (T for 10), suits S H D C (the symbols accepted, with or without the emoji selector).
# The engine's own readers are kinder to a learner's typing ("qs", " KD"); a case file is not.
_SUIT_FORM = "(?:[SHDC]|[\u2660\u2665\u2666\u2663]\ufe0f?)"
_CARD_FORM = re.compile(f"(?:10|[2-9TJQKA]){_SUIT_FORM}")
_SUIT_ONLY = re.compile(_SUIT_FORM)


def card(value, where: str) -> Card:
    """One card of a case, written in the notation of the format."""
    if isinstance(value, str) and _CARD_FORM.fullmatch(value):
        return parse_card(value, where=where)
    c = parse_card(value, where=where)  # says what is wrong with what is no card at all
    raise InputError(render(msg("{value} is not written as a case file writes a card: {card}",
                                value=quoted(value), card=str(c))), where, value)


def card_list(value, where: str) -> list[Card]:
    """A list of cards of a case: a JSON list of cards in the notation (never text or an
    object, which the engine's own reader would take as cards)."""
    if not isinstance(value, list):
        raise InputError(render(msg("a list of cards such as [\"AH\", \"10S\"], not {value}",
                                    value=quoted(value))), where)
    return [card(c, f"{where}, card {n}") for n, c in enumerate(value, 1)]


def suit(value, where: str) -> str:
    """A suit of a case, ``S`` ``H`` ``D`` ``C`` (or the symbols)."""
    if isinstance(value, str) and _SUIT_ONLY.fullmatch(value):
        return parse_suit(value, where=where)
    raise InputError(render(msg("{value} is not a suit: S, H, D, C (or ♠ ♥ ♦ ♣)",
                                value=quoted(value))), where,
                     value if isinstance(value, str) else None)
