"""Errors shared by every game.

Two kinds of trouble are kept apart:

* :class:`InputError` -- the *input* is malformed (a mistyped card, a hand of six cards,
  an unknown house rule).  It says what is wrong and where.
* :class:`IllegalAction` -- the input is well formed but the rules forbid it (a discard when
  the player could follow suit).  It carries a reason code, the rule ID of the spec and the
  legal alternatives, so a tutor can explain it.
"""

from __future__ import annotations


class InputError(ValueError):
    """Malformed input.  ``where`` names the place (a token position, a field, a line)."""

    def __init__(self, message: str, where: str | None = None, token: str | None = None):
        self.message = message
        self.where = where
        self.token = token
        super().__init__(f"{where}: {message}" if where else message)

    def at(self, where: str) -> "InputError":
        """The same error, located more precisely (``where`` is prefixed)."""
        inner = f"{where}, {self.where}" if self.where else where
        return InputError(self.message, inner, self.token)


class IllegalAction(Exception):
    """A well-formed action that the rules forbid."""

    def __init__(self, reason: str, rule: str, message: str, alternatives=()):
        self.reason = reason
        self.rule = rule
        self.message = message
        self.alternatives = list(alternatives)
        super().__init__(f"{message} [{rule}]")
