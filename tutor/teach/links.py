"""A position in a link: the board's position, plays made since loading included, packed
into a short token that is safe in a URL's query string and anywhere a link is pasted
(``?position=<token>``), and read back with a clear message when it is broken or tampered
with.

The token is the position's text in the project's notation (:mod:`tutor.engine.notation`),
compressed (zlib) and written in URL-safe base64 without padding: letters, digits, ``-`` and
``_`` only.  Reading it back checks every step and then the position itself on the engine,
so a link can carry nothing but a position.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from ..engine.errors import InputError
from ..engine.messages import msg, render
from ..games import registry

VERSION = "1"  # the token's first character: a later format can still read old links
MAX_TOKEN = 6_000  # characters: a position is a dozen short lines, a few hundred packed
MAX_TEXT = 20_000  # characters of position text once unpacked (the board's own limit)
_TOKEN = re.compile(r"[A-Za-z0-9_-]+")


def position_text(state) -> str:
    """The text of ``state`` in its game's notation (what the board's text box takes)."""
    notation = registry.spec_of(state).notation
    return notation.format_position(notation.state_to_position(state))


def pack(text: str) -> str:
    """A position text as a link token."""
    raw = zlib.compress(text.strip().encode("utf-8"), 9)
    return VERSION + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def unpack(token: str) -> str:
    """The position text of a link token; ``InputError`` says what is wrong with the link."""
    token = (token or "").strip()
    if not token:
        raise InputError(render(msg("the link has no position in it")))
    if len(token) > MAX_TOKEN:
        raise InputError(render(msg(
            "the link's position is too long ({length} characters; at most {most}): it was not "
            "made by the board", length=len(token), most=MAX_TOKEN)))
    if token[0] != VERSION:
        raise InputError(render(msg("the link's position is of a format this tutor does not "
                                    "know (made by a newer tutor?)")))
    body = token[1:]
    if not _TOKEN.fullmatch(body):
        raise InputError(render(msg("the link's position has characters a board link never "
                                    "has: it was cut short or changed; copy the link again")))
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unz = zlib.decompressobj()
        data = unz.decompress(raw, MAX_TEXT * 4)
        if unz.unconsumed_tail or not unz.eof:
            raise ValueError("not whole")
        text = data.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise InputError(render(msg("the link's position cannot be read: it was cut short or "
                                    "changed; copy the link again"))) from None
    if len(text) > MAX_TEXT:
        raise InputError(render(msg("the link's position is too long to be a position")))
    return text


def state_from_token(token: str):
    """The playable state a link token holds (``InputError``: the link, or the position in
    it, and what is wrong)."""
    text = unpack(token)
    try:
        return registry.load_position(text, registry.game_names()[0])
    except InputError as exc:
        raise InputError(render(msg("the link's position does not load: {error}",
                                    error=str(exc)))) from None
