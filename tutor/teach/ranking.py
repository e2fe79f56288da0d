"""Every card's place, for the ranking explorer: what a game's card order looks like with a
given trump, as data the UI draws.

Each game's teaching package registers a ``ranking_view`` part (:func:`tutor.teach.questions.
register_part`) that returns a :class:`RankingView`; :func:`ranking_view` finds it by the
game's name, so the explorer draws any registered game without knowing which it is."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.ranking import Ranking
from ..games.registry import find_game
from .questions import part


@dataclass(frozen=True)
class Column:
    """One column of cards, best first: a suit, or the trumps."""

    title: str  # "Trumps (♠), best first"
    cards: tuple[Card, ...]
    trump: bool = False
    points: dict | None = None  # card points by rank, when the game counts them


@dataclass(frozen=True)
class RankingView:
    """A game's card order with ``trump``: the columns, a note with the rules it cites, the
    cards a learner may pick to compare, the trumps the game allows and how many copies of
    each card are dealt (two identical cards: the one played first wins)."""

    game: str
    trump: str
    ranking: Ranking
    columns: tuple[Column, ...]
    note: str
    rules: tuple[str, ...]
    deck: tuple[Card, ...]
    trumps: tuple[str, ...]  # suits, and "NT" where the game has no-trump hands
    sample: tuple[str, str]  # two cards to compare at first
    copies: int = 1


def ranking_view(game, trump: str) -> RankingView:
    """The card order of ``game`` with ``trump`` (an :class:`InputError` for an unknown game or
    a trump the game does not have)."""
    spec = find_game(game)
    return part("ranking_view", spec.name)(trump)


__all__ = ["Column", "RankingView", "ranking_view"]
