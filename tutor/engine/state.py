"""The state protocol shared by every game (OpenSpiel-like, python-chess-like).

A game state offers:

* ``legal_actions()`` -- every legal action of the player to act (or ``[]`` at a chance node);
* ``check(action)`` -- ``None`` or an :class:`IllegalAction` with reason code, rule ID and the
  legal actions (``legal_actions``, as :meth:`State.legal_actions` gives them); ``play(action)``
  -- checked; ``undo()``; ``copy()``;
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
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .errors import IllegalAction, InputError
from .messages import Many, Msg, msg, render, wording

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


class Event:
    """One thing that happened, for narration.

    ``fmt`` is a message (:class:`tutor.engine.messages.Msg`, its parameters given: the usual
    case), worded when read in the language of the moment; or a function, ``fmt(*args)`` made
    when read (events are many, reading is rare), which may give a message too; or text already
    worded, ``fmt.format(*args)``.  ``args`` are the event's facts for the code that reads
    them (a seat, a card, the cards held).  A text is kept once made, for the language it was
    made in: a view that reads a long match's narration again pays only for the new events.
    ``private_to``: only that seat sees ``text``; the others see ``public_text`` (from
    ``public_fmt``, of the same kinds) if there is one.
    """

    __slots__ = ("kind", "fmt", "args", "seat", "private_to", "public_fmt", "data", "_text",
                 "_public", "_words")

    def __init__(self, kind: str, fmt, args: tuple = (), seat: int | None = None,
                 private_to: int | None = None, public_fmt=None,
                 data: dict | None = None):
        self.kind, self.fmt, self.args, self.seat = kind, fmt, args, seat
        self.private_to, self.public_fmt, self.data = private_to, public_fmt, data or {}
        self._text = self._public = None
        self._words = _UNSET  # the wording() the kept texts were worded with

    def _word(self, fmt) -> str:
        if callable(fmt):  # a narration that is costly to write: made when read
            fmt = fmt(*self.args)
        if isinstance(fmt, (Msg, Many)):
            return render(fmt)
        return fmt.format(*self.args) if self.args else fmt

    def _fresh(self) -> None:
        """Forget the kept texts if the language (or the seats' naming) has changed since they
        were made."""
        words = wording()
        if self._words != words:
            self._text = self._public = None
            self._words = words

    @property
    def text(self) -> str:
        self._fresh()
        t = self._text
        if t is None:
            t = self._text = self._word(self.fmt)
        return t

    @property
    def public_text(self) -> str | None:
        if self.public_fmt is None:
            return None
        self._fresh()
        t = self._public
        if t is None:
            t = self._public = self._word(self.public_fmt)
        return t

    def visible_to(self, seat: int) -> str | None:
        """The text ``seat`` may read, or ``None``."""
        return self.text if self.private_to in (None, seat) else self.public_text

    def __repr__(self):
        return f"Event({self.kind!r}, {self.text!r})"


_UNSET = object()


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
        """``None`` if ``action`` is legal now; otherwise why not: an :class:`IllegalAction`
        with its reason, rule ID and ``legal_actions``, this state's :meth:`legal_actions`
        (the same shape for every illegal action: see :mod:`tutor.engine.errors`).  An action
        of the wrong kind for the phase, and any action once the game is over, is illegal too.

        Input that cannot be read (a card that is not a card or not in the hand it is played
        from, a call word of no phase of the game, a seat that does not exist) raises
        :class:`InputError`.
        """
        bad = self._check(action)
        if bad is not None:
            bad.legal_actions = self.legal_actions()
        return bad

    def play(self, action) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalAction`, nothing changes."""
        bad = self.check(action)
        if bad is not None:
            raise bad
        self.push(action)

    def push(self, action) -> None:
        """Apply an action *without checking it* (python-chess's ``push``): only for actions
        taken from :meth:`legal_actions` or a sampled chance outcome.  Use :meth:`play` for
        anything that comes from a person."""
        self._apply(action)
        self.history.append(action)
        if type(action) is Deal:
            # undo restarts from the last deal, so it replays one hand only.  The copy leaves
            # out the (long) history and events: undo restores those by slicing.
            history, events, self.history, self.events = self.history, self.events, [], []
            self._checkpoint = None
            cp = self.copy()
            self.history, self.events = history, events
            self._checkpoint = (len(history), len(events), cp)

    def chance(self, rng: random.Random):
        """At a chance node: sample the outcome with ``rng``, play it and return it."""
        if not self.is_chance:
            raise InputError(render(msg("not a chance node")), "state")
        action = self._sample_chance(rng)
        self.push(action)
        return action

    def undo(self):
        """Take back the last action (chance outcomes included); return it."""
        if not self.history:
            raise InputError(render(msg("nothing to undo")), "history")
        last = self.history[-1]
        cp = getattr(self, "_checkpoint", None)
        if cp is not None and cp[0] < len(self.history):
            h, e, base = cp
            prev = base.copy()
            prev.history, prev.events = self.history[:h], self.events[:e]
            prev._checkpoint = cp
            for action in self.history[h:-1]:
                prev.push(action)  # its own actions, legal when made: not checked again
        else:
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
