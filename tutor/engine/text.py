"""Reading and quoting text that comes from a user (a learner, a teacher, a case file).

* :func:`visible` -- a value safe to print in a message or a terminal: control and other
  non-printable characters shown as escapes (``\\x1b``, ``\\n``, ``\\u202e``), at most ``limit``
  characters, then ``…``.  :func:`quoted` is the same in quotes, for "``'1X' is not a card``".
* :func:`ascii_upper`, :func:`ascii_lower` -- change the case of the letters A-Z only
  (``str.upper`` makes ``ſ`` an ``S`` and ``str.lower`` makes the Kelvin sign a ``k``, so
  ``10ſ`` was read as the ten of spades).
* :func:`read_int` -- a whole number written with the ASCII digits 0-9 only (``int()`` also
  takes ``２８``, ``٢٨``, ``2_8`` and spaces).  ``DIGITS`` is the pattern for regular expressions
  (``\\d`` matches every script's digits).
"""

from __future__ import annotations

import re
import reprlib

from .errors import InputError
from .messages import msg, render

SNIPPET = 40  # characters of user text quoted in an error message
DIGITS = "[0-9]"
MAX_DIGITS = 9  # a number of the games (a seat, a score, a bid) never needs more
_INT = re.compile(r"-?[0-9]+")
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, 200, 200


def visible(value, limit: int = 80) -> str:
    """``value`` as printable text of at most ``limit`` characters (plus ``…`` when cut)."""
    if not isinstance(value, str):
        try:
            value = _REPR.repr(value)
        except Exception:  # a value whose repr fails: say what it is
            value = f"<{type(value).__name__}>"
    out: list[str] = []
    size = 0
    for ch in value[:limit + 1]:
        piece = ch if ch.isprintable() else repr(ch)[1:-1]
        if size + len(piece) > limit:
            return "".join(out) + "…"
        out.append(piece)
        size += len(piece)
    return "".join(out) + ("…" if len(value) > limit else "")


def quoted(value, limit: int = SNIPPET) -> str:
    """Text as ``'text'``, as :func:`visible` makes it (a short snippet of long text); any
    other value as :func:`visible` shows it, without quotes."""
    return f"'{visible(value, limit)}'" if isinstance(value, str) else visible(value, limit)


_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_upper(text: str) -> str:
    """``text`` with a-z made A-Z and every other character left as it is."""
    return text.translate(_UPPER)


def ascii_lower(text: str) -> str:
    """``text`` with A-Z made a-z and every other character left as it is."""
    return text.translate(_LOWER)


def is_digits(text: str) -> bool:
    """True for a non-empty run of the ASCII digits 0-9 (``str.isdigit`` also says yes to
    ``２``, ``٢`` and ``²``)."""
    return bool(text) and text.isascii() and text.isdigit()


def read_int(text: str, where: str | None = None) -> int:
    """A whole number written with the digits 0-9 (and a leading ``-``); an
    :class:`InputError` naming the text otherwise."""
    if not isinstance(text, str) or not _INT.fullmatch(text):
        raise InputError(render(msg("{text} is not a whole number (write it with the digits 0-9)",
                                    text=quoted(text))), where,
                         text if isinstance(text, str) else None)
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise InputError(render(msg("{text} is too large a number", text=quoted(text))), where,
                         text)
    return int(text)
