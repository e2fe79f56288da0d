"""What the tutor says, in a language, for the tests that read it (issue #37, #38): the tests
name a message by its catalog id and find it worded as the tutor words it, instead of copying
English sentences (or pieces of them).  So a translation changes no test, one browser
walk-through serves English and every other language (the page pass goes through each lesson
in the pseudo-language), and a message id a test names that the catalog does not have (a
sentence reworded in the code) fails at once, saying which, instead of never being found.

``Words(lang)("Not allowed.")`` is that message worded in ``lang``; ``around`` and ``between``
give the words of a message on either side of (or between) its placeholders, found by wording
it with marks for the parameters; ``within`` runs code of the tutor (a card's spoken name, a
call's label) in that language."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TypeVar

import pytest
from babel.messages.pofile import read_po

from tutor.engine.errors import InputError
from tutor.engine.messages import msg, nmsg, pmsg, render
from tutor.teach import i18n

T = TypeVar("T")
_MARKS = ("\x01", "\x02", "\x03")
POT = Path(__file__).resolve().parents[1] / "tutor" / "locale" / "tutor.pot"


@cache
def catalog_ids() -> frozenset[tuple[str | None, str]]:
    """(context, id) of every message of the catalog (``tutor/locale/tutor.pot``)."""
    with POT.open("rb") as f:
        return frozenset((m.context, m.id[0] if isinstance(m.id, tuple) else m.id)
                         for m in read_po(f) if m.id)


def known(id: str, context: str | None = None) -> str:
    """``id``, after checking the catalog has it (a test that names a reworded message fails
    here, saying which, rather than looking for words no page shows)."""
    if (context, id) not in catalog_ids():
        where = f" (context {context!r})" if context else ""
        raise AssertionError(f"no message {id!r}{where} in {POT.name}: reworded in the code? "
                             "(python scripts/messages.py updates the catalog)")
    return id


class Words:
    def __init__(self, lang: str = i18n.ENGLISH):
        self.lang = lang

    def __repr__(self) -> str:
        return f"Words({self.lang!r})"

    def __call__(self, id: str, /, **params) -> str:
        """The message ``id`` with ``params``, worded."""
        with i18n.language(self.lang):
            return render(msg(known(id), **params))

    def p(self, context: str, id: str, /, **params) -> str:
        """The message ``id`` in ``context`` (:func:`tutor.engine.messages.pmsg`), worded."""
        with i18n.language(self.lang):
            return render(pmsg(context, known(id, context), **params))

    def n(self, singular: str, plural: str, n: int, /, **params) -> str:
        """The message of ``n`` things (a plural the language chooses by ``n``), worded."""
        with i18n.language(self.lang):
            return render(nmsg(known(singular), plural, n, **params))

    def within(self, run: Callable[[], T]) -> T:
        """``run()`` with messages worded in this language."""
        with i18n.language(self.lang):
            return run()

    def pieces(self, id: str, /, *names: str, **params) -> list[str]:
        """The words of ``id`` cut at the placeholders ``names`` (the others given in
        ``params``): "{title} · again: one you missed" at ``title`` gives ["", " · again: one
        you missed"] in English."""
        marked = dict(params, **{n: m for n, m in zip(names, _MARKS)})
        text = self(id, **marked)
        out = []
        for mark in _MARKS[:len(names)]:
            before, _, text = text.partition(mark)
            out.append(before)
        return [*out, text]

    def around(self, id: str, name: str, /, **params) -> tuple[str, str]:
        """The words before and after the placeholder ``name`` of ``id``."""
        before, after = self.pieces(id, name, **params)
        return before, after

    def between(self, id: str, first: str, second: str, /, **params) -> str:
        """The words between the placeholders ``first`` and ``second`` of ``id``."""
        return self.pieces(id, first, second, **params)[1]


# A value a test does not know (a percentage, an error from json), put in a message worded
# with said(...) for fits() to match anything there.
ANY = "\x01"


def fits(text: str, worded: str) -> bool:
    """``text`` is the message ``worded`` (said(...) with ANY for the values not known)."""
    return re.fullmatch(".*?".join(map(re.escape, worded.split(ANY))), text, re.S) is not None


@contextmanager
def input_error(worded: str):
    """``pytest.raises(InputError)``, its words the message ``worded`` (said(...), with ANY for a
    value not known)."""
    with pytest.raises(InputError) as e:
        yield e
    assert fits(e.value.message, worded), str(e.value)


ENGLISH = Words()
said = ENGLISH  # a unit test's words: said("Time is up.") as the tutor says it in English


# -- untranslated text -----------------------------------------------------------------------
_CUT = re.compile(r"\{[^{}]*\}|<[^<>]*>|\*\*|`[^`]*`|\[|\]\([^()]*\)|\n+")
_WORDS = re.compile(r"[A-Za-z][a-z'’-]+(?:[ ,;:]+[A-Za-z][a-z'’-]+){3,}")


@cache
def english_fragments(lang: str) -> frozenset[str]:
    """The runs of four English words or more of every message that ``lang``'s catalog words
    otherwise (cut at placeholders, tags and markdown): what a page in ``lang`` shows only
    where it left a message untranslated."""
    if lang in (i18n.ENGLISH, i18n.PSEUDO):
        return frozenset()
    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as f:
        messages = [m for m in read_po(f) if m.id]
    out = set()
    for m in messages:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        said = " ".join(m.string if isinstance(m.string, tuple) else (m.string,))
        for english in ids:
            for piece in _CUT.split(english):
                out.update(run for run in _WORDS.findall(piece) if run not in said)
    return frozenset(out)


def untranslated(text: str, lang: str) -> list[str]:
    """The English of the tutor's messages that ``text`` (a page in ``lang``) shows: runs of
    four words or more of a message that ``lang`` words otherwise."""
    flat = " ".join(text.split())
    return sorted(run for run in english_fragments(lang) if run in flat)
