"""The state protocol shared by every game (OpenSpiel-like, python-chess-like).

A game state offers:

* ``legal_actions()`` -- every legal action of the player to act (or ``[]`` at a chance node);
* ``check(action)`` -- ``None`` or an :class:`IllegalAction` with reason code, rule ID and the
  legal alternatives; ``play(action)`` -- checked; ``undo()``; ``copy()``;
* ``replay(game, history)`` -- rebuild from the history (chance outcomes such as the deal are
  actions in it, so no random generator is needed to replay);
* ``chance(rng)`` -- sample the chance outcome at a chance node with an injected
  ``random.Random`` and play it;
* ``view(seat)`` -- what one seat may see; ``events`` -- a narration of what happened.

Subclasses implement ``_legal``, ``_check``, ``_apply``, ``_sample_chance``, ``view``,
``snapshot`` and ``copy``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .errors import IllegalAction, InputError

CHANCE = -1  # the "seat" of chance


# -- actions shared by the games --------------------------------------------------------------
@dataclass(slots=True, unsafe_hash=True)
class Play:
    """A card played to the trick."""
    seat: int
    card: Card

    def __str__(self):
        return f"{self.seat}: play {self.card}"


@dataclass(slots=True, unsafe_hash=True)
class Call:
    """A call in the auction (a bid, pass, or a game's special call)."""
    seat: int
    call: str

    def __str__(self):
        return f"{self.seat}: {self.call}"


@dataclass(slots=True, unsafe_hash=True)
class ChooseDealer:
    """Chance: the first dealer."""
    dealer: int
    seat: int = CHANCE

    def __str__(self):
        return f"chance: dealer {self.dealer}"


@dataclass(slots=True, unsafe_hash=True)
class Deal:
    """Chance: the deal.  ``hands`` by seat, then the game's extra piles (kitty, stock...)."""
    hands: tuple[tuple[Card, ...], ...]
    extra: tuple[tuple[Card, ...], ...] = ()
    seat: int = CHANCE

    def __str__(self):
        piles = [" ".join(map(str, h)) for h in self.hands + self.extra]
        return "chance: deal " + " | ".join(piles)


@dataclass(frozen=True)
class Event:
    """One thing that happened, for narration.  ``private_to``: only that seat sees it."""
    kind: str
    text: str
    seat: int | None = None
    data: dict = field(default_factory=dict, compare=False, hash=False)
    private_to: int | None = None
    public_text: str | None = None  # what the others see of a private event, if anything


def deal_packets(deck: list, receivers: int, packets, hand_size: int) -> list[list]:
    """Deal ``deck`` in rounds of packets to ``receivers`` piles (each ends with hand_size)."""
    piles: list[list] = [[] for _ in range(receivers)]
    i = 0
    for size in packets:
        for p in piles:
            p.extend(deck[i:i + size])
            i += size
    assert all(len(p) == hand_size for p in piles)
    return piles


class State:
    """Base of every game state.  ``game`` holds the rules (player count, settings)."""

    game: Any
    history: list
    events: list[Event]

    # -- to implement ----------------------------------------------------------------------
    def _legal(self) -> list:  # pragma: no cover - abstract
        raise NotImplementedError

    def _check(self, action) -> IllegalAction | None:  # pragma: no cover
        raise NotImplementedError

    def _apply(self, action) -> None:  # pragma: no cover
        raise NotImplementedError

    def _sample_chance(self, rng: random.Random):  # pragma: no cover
        raise NotImplementedError

    def copy(self) -> "State":  # pragma: no cover
        raise NotImplementedError

    def snapshot(self) -> tuple:  # pragma: no cover
        raise NotImplementedError

    def view(self, seat: int) -> dict:  # pragma: no cover
        raise NotImplementedError

    @property
    def to_act(self) -> int | None:  # pragma: no cover
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:  # pragma: no cover
        raise NotImplementedError

    # -- the protocol ----------------------------------------------------------------------
    @property
    def is_chance(self) -> bool:
        return self.to_act == CHANCE

    def legal_actions(self) -> list:
        if self.is_terminal or self.is_chance:
            return []
        return self._legal()

    def check(self, action) -> IllegalAction | None:
        """``None`` if ``action`` is legal now; otherwise why not (reason, rule, alternatives).

        Malformed actions (a card not in the hand, a seat that does not exist) raise
        :class:`InputError`.
        """
        if self.is_terminal:
            raise InputError("the game is over: no more actions", "action")
        return self._check(action)

    def play(self, action) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalAction`, nothing changes."""
        bad = self.check(action)
        if bad is not None:
            raise bad
        self._apply(action)
        self.history.append(action)

    def chance(self, rng: random.Random):
        """At a chance node: sample the outcome with ``rng``, play it and return it."""
        if not self.is_chance:
            raise InputError("not a chance node", "state")
        action = self._sample_chance(rng)
        self.play(action)
        return action

    def undo(self):
        """Take back the last action (chance outcomes included); return it."""
        if not self.history:
            raise InputError("nothing to undo", "history")
        last = self.history[-1]
        prev = type(self).replay(self.game, self.history[:-1])
        self.__dict__.update(prev.__dict__)
        return last

    @classmethod
    def initial(cls, game) -> "State":  # pragma: no cover
        raise NotImplementedError

    @classmethod
    def replay(cls, game, history) -> "State":
        """The state reached from the start by ``history``; a bad action is located."""
        state = cls.initial(game)
        for i, action in enumerate(history):
            try:
                state.play(action)
            except IllegalAction as e:
                e.index = i
                raise
            except InputError as e:
                raise e.at(f"action {i + 1}") from None
        return state

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and self.snapshot() == other.snapshot()

    __hash__ = None
