"""What the learner may do instead of a refused action, in the words every page uses.

An :class:`~tutor.engine.errors.IllegalAction` carries ``alternatives`` in its game's own
terms: the legal cards for a card refused (none when it is another seat's turn: their cards
are not shown), call words in a 55 auction, a summary of the calls and the range of bids in
a 56 one.  :func:`allowed` reads them once, here: cards stay cards (a page draws them), and
calls become words through the game's ``allowed_calls`` part ("Pass", "a bid from 29 to
56"), so no page reads a game's shapes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.errors import IllegalAction
from ..games.registry import spec_of
from .questions import part


@dataclass(frozen=True)
class Allowed:
    """What may be done now: ``cards`` (in the hand's order), or ``calls`` in words."""

    cards: tuple[Card, ...] = ()
    calls: tuple[str, ...] = ()

    @property
    def words(self) -> tuple[str, ...]:
        """Cards by their symbols ("10♥"), then the calls."""
        return tuple(c.unicode for c in self.cards) + self.calls

    def __bool__(self) -> bool:
        return bool(self.cards or self.calls)


def allowed(state, bad: IllegalAction) -> Allowed:
    """What may be done instead of the action ``bad`` refused in ``state``."""
    items = [getattr(a, "card", a) for a in bad.alternatives]
    cards = tuple(dict.fromkeys(a for a in items if isinstance(a, Card)))
    if cards or not items:
        return Allowed(cards=cards)
    return Allowed(calls=tuple(dict.fromkeys(
        part("allowed_calls", spec_of(state).name)(bad.alternatives))))
