"""Errors shared by every game.

Two kinds of trouble are kept apart:

* :class:`InputError` -- the *input* cannot be read (a mistyped card, a call word that is no
  call of the game in any phase, a hand of six cards, an unknown house rule, a seat that does
  not exist).  It says what is wrong and where.
* :class:`IllegalAction` -- the input is well formed but the rules forbid it now: a discard
  when the player could follow suit, a call out of turn, an action of the wrong kind for the
  phase (a card during the auction, a call during play), any action once the game is over.  It
  carries a reason code, the rule ID of the spec and what may be done instead, so a tutor can
  explain it.

What an :class:`IllegalAction` of a state (``State.check`` / ``State.play``) carries, the same
in every phase and every game:

* ``reason`` -- a code in lower_snake_case: ``must_follow_suit``, ``not_your_turn``,
  ``wrong_phase`` (an action of the wrong kind for the phase), ``chance_node`` (a player's
  action while the cards are dealt), ``game_over``...;
* ``rule`` -- the ID of the clause that forbids it, in the game's rulebook
  (:func:`tutor.engine.rulebook.rules`): for an action of the wrong kind, the clause that says
  what happens in this phase;
* ``message`` -- one or two sentences for a learner, worded in the current language from
  ``msg`` (a :class:`tutor.engine.messages.Msg`: the message id and its parameters, what
  tests should read), then ``legal`` if there is one (the cards that may be played instead,
  in words: "Legal: 8♥ 10♥."); ``reason_text`` is the first part alone, for a tutor that
  shows the alternatives in its own way;
* ``legal_actions`` -- **the one shape**: exactly the state's ``legal_actions()`` when the
  action was refused, a sequence of actions (``Play``, ``Call``... of the player to act, in
  turn or not; a lazy sequence that equals the list for a 56 auction; empty at a chance node
  and once the game is over).  ``State.check`` sets it on every illegal action;
* ``alternatives`` -- the same choices as the teaching layer shows them, in the game's terms
  (kept in the form it reads): the legal cards for a card that may not be played (none when it
  is not that seat's turn: another seat's cards are not shown), the call words of a 55 auction,
  ``[{"calls": [...], "min": m, "max": M}]`` for a 56 auction, the legal actions otherwise.
  Code that checks or replays actions should use ``legal_actions``.

The rules-level helpers that know no state (a game's ``check_card``, an auction's ``check``)
raise the same class with ``alternatives`` only (``legal_actions`` is ``None``).
"""

from __future__ import annotations

import re

from .messages import N_, Msg, msg, render

# The places ``where`` names, in a fixed form the code writes ("line 4 (hand 2)", "call 3",
# "card 2 (column 5)", "action 7"), worded when the error is said: the words of the form
# (line, card, column, action, call) through the catalog, the notation's own keys ("hand 2",
# "trick 3", "rules"), which a learner types in a position, as they are.
_PLACES = {"line": N_("line {n}"), "card": N_("card {n}"), "column": N_("column {n}"),
           "action": N_("action {n}"), "call": N_("call {n}")}
_PLACE = re.compile(r"\b(" + "|".join(_PLACES) + r") (\d+)\b")


def where_words(where: str) -> str:
    """``where`` in the current language: ``line 4 (hand 2)`` is "ligne 4 (hand 2)" in
    French."""
    return _PLACE.sub(lambda m: render(msg(_PLACES[m.group(1)], n=int(m.group(2)))), where)


class InputError(ValueError):
    """Malformed input.  ``where`` names the place (a token position, a field, a line), in
    the code's fixed form; ``str(error)`` says it worded (:func:`where_words`)."""

    def __init__(self, message: str, where: str | None = None, token: str | None = None):
        self.message = message
        self.where = where
        self.token = token
        super().__init__(message)

    def __str__(self) -> str:
        if not self.where:
            return self.message
        return render(msg("{where}: {problem}", where=where_words(self.where),
                          problem=self.message))

    def at(self, where: str) -> "InputError":
        """The same error, located more precisely (``where`` is prefixed)."""
        inner = f"{where}, {self.where}" if self.where else where
        return InputError(self.message, inner, self.token)


class IllegalAction(Exception):
    """A well-formed action that the rules forbid."""

    def __init__(self, reason: str, rule: str, message: Msg | str, alternatives=(),
                 legal_actions=None, *, legal: Msg | None = None):
        self.reason = reason
        self.rule = rule
        self.msg = message  # a Msg (its id and parameters), or text already worded
        self.legal = legal  # the alternatives in words, said after the reason (or None)
        self.alternatives = list(alternatives)
        self.legal_actions = legal_actions  # set by State.check (see the module's docstring)
        super().__init__(f"{self.message} [{rule}]")

    @property
    def reason_text(self) -> str:
        """Why, worded in the current language, without the alternatives."""
        return render(self.msg)

    @property
    def message(self) -> str:
        """Why, then the alternatives, worded in the current language."""
        if self.legal is None:
            return render(self.msg)
        return render(msg("{reason} {legal}", reason=self.msg, legal=self.legal))
