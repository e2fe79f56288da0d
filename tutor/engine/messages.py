"""Messages keyed where they are made, worded where they are shown.

A :class:`Msg` is a message id -- its English text, the key of the gettext catalogs
(``tutor/locale``) -- with named parameters, and for a plural the plural form and the count
that chooses between them.  The engine and the games make messages; nothing is worded until
the message is shown: :func:`render` (or ``str(msg)``) asks the translator of the current
context for the words, English where none is set.  The catalogs are read above the games
(``tutor.teach.i18n``, with Babel), which installs a translator with :func:`set_translator`;
the engine itself uses the standard library only.

    msg("It is seat {turn}'s turn to play, not seat {seat}'s.", turn=2, seat=0)
    nmsg("{n} card", "{n} cards", 3)          # n is a parameter too
    msg("You hold {cards}.", cards=msg("the {card}", card="10♥"))   # a message in a message
    pmsg("suit", "hearts")                   # the same English told apart: gettext's context
    msg("You hold {cards}.", cards=many(["J♥", "A♥"]))    # a list: "J♥ and A♥"
    many([msg("..."), msg("...")], "clauses")    # clauses of one sentence: "a; b"
    msg("about {points} points", points=num(12.5, 1))   # a number: "12.5", in French "12,5"

A parameter that is a :class:`Msg` is worded first, in the same language; a :class:`Many` (a
list of things) is joined as the language joins a list ("A, B and C"), by the translator's
``format_list`` when it has one (Babel's, above the games); a :class:`Num` (a number) is
written as the language writes numbers (its decimal sign, its groups of digits, its minus), by
the translator's ``format_number`` when it has one, else as English writes it.  ``N_(text)`` only
marks a message id for the extractor (a constant worded later with ``msg(CONSTANT)``).
"""

from __future__ import annotations

import html as _html
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["Msg", "Many", "Num", "SeatName", "Yours", "msg", "nmsg", "pmsg", "many", "num", "N_",
           "render", "english_number",
           "seats_named", "capfirst", "house_rule", "HOUSE_RULE", "set_translator",
           "reset_translator", "set_process_translator", "translator", "Translator",
           "sentences"]


class Translator(Protocol):
    """What :func:`render` needs of a translation (``gettext.NullTranslations`` has it)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    # and, if it has one, ``format_list(items: list[str], style: str) -> str``: a list in the
    # language ("and" or "or"); English's otherwise; and ``format_number(value: float,
    # digits: int, sign: bool, percent: bool) -> str``: a number as the language writes it
    # (:class:`Num`)


class Msg:
    """A message: its id (the English text, with ``{name}`` parameters), its parameters, and
    for a plural, the plural form and the count ``n``; ``context`` tells apart two messages
    whose English is the same (gettext's ``msgctxt``).  A value, equal and hashed by its
    fields, which nothing changes once made (a plain class with slots: messages are made by
    the thousand in a bot's reasoning, and a frozen dataclass costs more to make)."""

    __slots__ = ("id", "params", "plural", "n", "context")

    def __init__(self, id: str, params: tuple = (), plural: str | None = None,
                 n: int | None = None, context: str | None = None):
        self.id = id
        self.params = params  # (name, value) pairs, in the order given
        self.plural = plural
        self.n = n
        self.context = context

    def _key(self) -> tuple:
        return (self.id, self.params, self.plural, self.n, self.context)

    def __eq__(self, other) -> bool:
        return type(other) is Msg and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Msg(id={self.id!r}, params={self.params!r}, plural={self.plural!r}, "
                f"n={self.n!r}, context={self.context!r})")

    def __html__(self) -> str:
        """Worded now and escaped: ``{{ message }}`` in a page's template (jinja2 with
        autoescape, :mod:`tutor.ui.html`) shows it in the page's language."""
        return _html.escape(render(self), quote=True)

    def __reduce__(self):
        return (Msg, self._key())

    @property
    def args(self) -> dict[str, Any]:
        """The parameters as a dict (``n`` included for a plural)."""
        out = dict(self.params)
        if self.plural is not None:
            out.setdefault("n", self.n)
        return out

    def __str__(self) -> str:
        return render(self)


def msg(id: str, /, *, context: str | None = None, **params) -> Msg:
    """A message with named parameters."""
    return Msg(id, tuple(params.items()), context=context)


def nmsg(singular: str, plural: str, n: int, /, *, context: str | None = None,
         **params) -> Msg:
    """A message with a singular and a plural form, chosen by ``n`` (the language's own plural
    rules choose among its forms); ``{n}`` may be used in either."""
    return Msg(singular, tuple(params.items()), plural, n, context)


def pmsg(context: str, id: str, /, **params) -> Msg:
    """A message whose English is also another message's, told apart by ``context`` (a suit's
    name as a noun or after "a"...): gettext's ``msgctxt``."""
    return Msg(id, tuple(params.items()), context=context)


@dataclass(frozen=True)
class Many:
    """Things said as a list, ``A, B and C`` in English (``style="or"``: ``A, B or C``;
    ``style="sequence"``: ``A, B, C``, a tally or a record in order, with no "and", its
    separator the language's, from the catalog; ``style="clauses"``: ``A; B; C``, clauses
    of one sentence, with the language's separator, from the catalog): each item a
    :class:`Msg` or text already worded (a card's symbol)."""

    items: tuple
    style: str = "and"

    def __html__(self) -> str:
        return _html.escape(render(self), quote=True)

    def __str__(self) -> str:
        return render(self)


SEQUENCE = "sequence"
CLAUSES = "clauses"


def many(items, style: str = "and") -> Many:
    if style not in ("and", "or", SEQUENCE, CLAUSES):
        raise ValueError(f"a list is said with 'and', 'or', 'sequence' or 'clauses', not "
                         f"{style!r}")
    return Many(tuple(items), style)


@dataclass(frozen=True)
class Num:
    """A number said in a message, written when the message is worded as the language writes
    numbers: ``digits`` places after the decimal sign (rounded as Python's ``f"{x:.2f}"``
    rounds), its thousands grouped, and with ``sign`` a plus before a number that is not
    negative ("+0.37", "-0.37").  English: ``2.5``, ``1,000``, ``+0.37``; French ``2,5``,
    ``1 000``; Swedish ``−0,37``."""

    value: float
    digits: int = 0
    sign: bool = False
    percent: bool = False  # ``value`` a percentage: "94%", French "94 %"

    def __html__(self) -> str:
        return _html.escape(render(self), quote=True)

    def __str__(self) -> str:
        return render(self)


def num(value: float, digits: int = 0, sign: bool = False, percent: bool = False) -> Num:
    """A number in a message (see :class:`Num`): ``num(2.5, 1)``, ``num(d, 2, sign=True)``,
    ``num(size)`` (a count of thousands: "12,345"), ``num(94, percent=True)`` ("94%", as the
    language writes a percentage: French "94 %")."""
    if not isinstance(digits, int) or not 0 <= digits <= 20:
        raise ValueError(f"a number is written with 0 to 20 digits after its point, not "
                         f"{digits!r}")
    return Num(value, digits, bool(sign), bool(percent))


def english_number(value: float, digits: int = 0, sign: bool = False,
                   percent: bool = False) -> str:
    """``value`` as English writes it, Python's format: ``f"{value:,.{digits}f}"`` (an
    integer with no digits after the point: ``f"{value:,}"``, exact however big), ``+``
    before it with ``sign`` unless it is negative (as ``:+`` gives); a percentage with ``%``
    after it."""
    plus, after = "+" if sign else "", "%" if percent else ""
    if isinstance(value, int) and not digits:
        return f"{value:{plus},}{after}"
    return f"{value:{plus},.{digits}f}{after}"


def sentences(*parts) -> str:
    """Sentences (messages, or text already worded) said one after another, with the
    language's space between them (English's " "; none in Japanese); empty ones left out."""
    said = [text for text in (render(p) for p in parts) if text]
    return render(pmsg("the space between two sentences", " ")).join(said)


def _english_list(items: list[str], style: str) -> str:
    """English's list (the standard library's, where no translator is set): British, with no
    comma before "and" or "or", as Babel's ``format_list`` in ``en_GB``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {style} " + items[-1]


def N_(text: str) -> str:
    """Mark ``text`` as a message id for the extractor; it stays the English text."""
    return text


_TRANSLATOR: ContextVar[Translator | None] = ContextVar("tutor_translator", default=None)
_PROCESS: list[Translator | None] = [None]  # the process's own (a kernel serves one page)


def set_process_translator(translator: Translator | None) -> None:
    """Word messages with ``translator`` wherever no context sets one (None: English).  A
    kernel runs each cell and each widget callback in a context of its own, so the page's
    language is the process's."""
    _PROCESS[0] = translator


def set_translator(translator: Translator | None) -> Token:
    """Word messages with ``translator`` in this context from now on (None: English); the
    token undoes it (:func:`reset_translator`)."""
    return _TRANSLATOR.set(translator)


def reset_translator(token: Token) -> None:
    _TRANSLATOR.reset(token)


def translator() -> Translator | None:
    """The translator messages are worded with now (None: English): the context's, else the
    process's.  Text kept once worded (a cache) is kept for it."""
    return _TRANSLATOR.get() or _PROCESS[0]


class SeatName:
    """A seat named in a message as its reader sees it: "the J♦ {seat} showed" says "the J♦
    seat 0 showed", or, in a hand a learner plays, "the J♦ your partner (seat 0) showed" (a
    namer set with :func:`seats_named`).  ``owner``: the possessive, "seat 2's" or "your"."""

    __slots__ = ("seat", "owner")

    def __init__(self, seat: int, owner: bool = False):
        self.seat, self.owner = seat, owner

    def __eq__(self, other) -> bool:
        return type(other) is SeatName and (self.seat, self.owner) == (other.seat, other.owner)

    def __hash__(self) -> int:
        return hash((self.seat, self.owner))

    def __repr__(self) -> str:
        return f"SeatName({self.seat!r}, owner={self.owner!r})"

    def __reduce__(self):
        return SeatName, (self.seat, self.owner)


@dataclass(frozen=True)
class Yours:
    """Something of a seat's, said whole as its reader sees it: ``yours`` (a message, "your
    Thirty Spades") where the seat is the reader's own (the ``you`` of :func:`seats_named`),
    else ``theirs`` ("seat 2's Thirty Spades"): a possessive is a whole message, which each
    language words its own way (its word order, what agrees with what)."""

    seat: int
    yours: Msg
    theirs: Msg

    def __str__(self) -> str:
        return render(self)


_SEAT_NAMER: ContextVar[Callable[[int, bool], str] | None] = ContextVar("tutor_seat_namer",
                                                                         default=None)
_YOU: ContextVar[int | None] = ContextVar("tutor_you", default=None)


@contextmanager
def seats_named(namer: Callable[[int, bool], str], you: int | None = None) -> Iterator[None]:
    """Within the block, a :class:`SeatName` is worded by ``namer(seat, owner)``, and a
    :class:`Yours` of seat ``you`` is the reader's own."""
    token, you_token = _SEAT_NAMER.set(namer), _YOU.set(you)
    try:
        yield
    finally:
        _YOU.reset(you_token)
        _SEAT_NAMER.reset(token)


def wording() -> tuple:
    """What text worded now depends on besides its message: the translator, the seat namer and
    the reader's seat (:func:`seats_named`).  Text kept once worded (a cache) is kept with this
    key and worded again when the key is another."""
    return _TRANSLATOR.get() or _PROCESS[0], _SEAT_NAMER.get(), _YOU.get()


def _seat_words(name: SeatName) -> str:
    namer = _SEAT_NAMER.get()
    if namer is not None:
        return namer(name.seat, name.owner)
    return render(msg("seat {seat}'s", seat=name.seat) if name.owner else
                  msg("seat {seat}", seat=name.seat))


HOUSE_RULE = "House rule: {rule}"  # the id of a refusal a house rule makes


def house_rule(rule: Msg) -> Msg:
    """A refusal a house rule makes, "House rule: the dealer may hold only ...": its rule a
    message of its own, so that a sentence can say it its own way ("the house rule says ...")
    without cutting the words."""
    return Msg(HOUSE_RULE, (("rule", rule),))


def capfirst(text: str) -> str:
    """A worded phrase that starts a sentence, with its first letter a capital ("shows the top
    spade" -> "Shows the top spade"); nothing changes in a script without capitals.  The one
    change made to worded text, as Django's ``capfirst``: a phrase a translator wrote to follow
    other words may also stand first."""
    return text[:1].upper() + text[1:]


def render(message: Msg | Many | Num | str) -> str:
    """The words of ``message`` in the current language (a plain string is returned as it is:
    text that is already worded, such as a card's symbol)."""
    t = _TRANSLATOR.get() or _PROCESS[0]
    if type(message) is SeatName:
        return _seat_words(message)
    if type(message) is Yours:
        return render(message.yours if _YOU.get() == message.seat else message.theirs)
    if type(message) is Num:
        written = getattr(t, "format_number", None)
        return written(message.value, message.digits, message.sign, message.percent) \
            if written is not None else \
            english_number(message.value, message.digits, message.sign, message.percent)
    if isinstance(message, Many):
        items = [render(item) for item in message.items]
        if message.style == SEQUENCE:  # ", " in English, "、" in Japanese: the catalog's
            return render(pmsg("the separator of a list with no 'and': a tally, a record in "
                               "order", ", ")).join(items)
        if message.style == CLAUSES:  # "; " in English: the catalog's
            return render(pmsg("the separator of clauses in one sentence (a semicolon in "
                               "English)", "; ")).join(i for i in items if i)
        joined = getattr(t, "format_list", None)
        return joined(items, message.style) if joined is not None else \
            _english_list(items, message.style)
    if not isinstance(message, Msg):
        return str(message)
    if message.plural is not None:
        n = message.n if isinstance(message.n, int) else 0
        if t is None:
            text = message.id if n == 1 else message.plural
        else:
            text = t.ngettext(message.id, message.plural, n)
    elif t is None:
        text = message.id
    elif message.context is not None:
        text = t.pgettext(message.context, message.id)
    else:
        text = t.gettext(message.id)
    params = message.params
    if not params:
        return text.format(n=message.n) if message.plural is not None else text
    args = {k: render(v) if type(v) in _WORDED_LATER else v for k, v in params}
    if message.plural is not None:
        args.setdefault("n", message.n)
    return text.format(**args)


_WORDED_LATER = (Msg, Many, Num, SeatName, Yours)
