"""What a page says, in the page's language, for the browser tests that read it (issue #37,
#38): the tests find buttons and check verdicts by the words the tutor's catalog gives in the
language the page was opened in, so one walk-through serves English and every other language
(the page pass goes through each lesson in the pseudo-language).

``Words(lang)("Not allowed.")`` is that message worded in ``lang``; ``around`` and ``between``
give the words of a message on either side of (or between) its placeholders, found by wording
it with marks for the parameters; ``within`` runs code of the tutor (a card's spoken name, a
call's label) in that language."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from tutor.engine.messages import msg, nmsg, render
from tutor.teach import i18n

T = TypeVar("T")
_MARKS = ("\x01", "\x02", "\x03")


class Words:
    def __init__(self, lang: str = i18n.ENGLISH):
        self.lang = lang

    def __repr__(self) -> str:
        return f"Words({self.lang!r})"

    def __call__(self, id: str, /, **params) -> str:
        """The message ``id`` with ``params``, worded."""
        with i18n.language(self.lang):
            return render(msg(id, **params))

    def n(self, singular: str, plural: str, n: int, /, **params) -> str:
        """The message of ``n`` things (a plural the language chooses by ``n``), worded."""
        with i18n.language(self.lang):
            return render(nmsg(singular, plural, n, **params))

    def within(self, run: Callable[[], T]) -> T:
        """``run()`` with messages worded in this language."""
        with i18n.language(self.lang):
            return run()

    def pieces(self, id: str, *names: str, **params) -> list[str]:
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

    def around(self, id: str, name: str, **params) -> tuple[str, str]:
        """The words before and after the placeholder ``name`` of ``id``."""
        before, after = self.pieces(id, name, **params)
        return before, after

    def between(self, id: str, first: str, second: str, **params) -> str:
        """The words between the placeholders ``first`` and ``second`` of ``id``."""
        return self.pieces(id, first, second, **params)[1]


ENGLISH = Words()
