"""The page's language: gettext catalogs read with Babel, installed for the engine's messages.

The text of the tutor is English in the code (message ids, :mod:`tutor.engine.messages`); a
language is one catalog per domain, ``tutor/locale/<lang>/LC_MESSAGES/tutor.po``, extracted and
updated with Babel (``make messages``).  No compiled ``.mo`` file is kept in git: a catalog is
read from its ``.po`` once per process and compiled in memory.  Where there is no ``.po``, its
``.mo`` is read (the static site's wheel carries only those: ``make site`` compiles them, and
its kernel then needs no ``.po`` reader).

* :func:`translations` -- the catalog of a language (English: none; ``PSEUDO``: the
  pseudo-language, every message accented, 35% longer and in brackets, so that a page
  shows at a glance any text that does not come through a catalog);
* :func:`language` -- a context in which messages are worded in a language;
* :func:`use` -- the language of this process from now on (a Voila kernel serves one page);
* :func:`choose` -- the page's language from what the request says (``?lang=``, the browser's
  choice kept in a cookie, ``Accept-Language``), :func:`use_environment` -- the kernel's, as
  the server chose it (``TUTOR_LANG``).
"""

from __future__ import annotations

import gettext
import io
import os
import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from ..engine.errors import InputError
from ..engine.messages import (
    english_number,
    many,
    msg,
    render,
    reset_translator,
    set_process_translator,
    set_translator,
)

__all__ = ["LOCALE_DIR", "DOMAIN", "ENGLISH", "PSEUDO", "ENVIRONMENT", "languages",
           "translations", "compiled", "language", "use", "use_environment", "choose", "accepted",
           "pseudo", "outside_brackets", "english_left", "current", "own_name"]

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "tutor"
ENGLISH = "en"
PSEUDO = "en-XA"  # the pseudo-language (the code Android and Windows use for theirs)


def languages(directory: Path = LOCALE_DIR) -> list[str]:
    """English, then every language with a catalog, then the pseudo-language."""
    found = sorted({p.parent.parent.name
                    for p in directory.glob(f"*/LC_MESSAGES/{DOMAIN}.[pm]o")})
    return [ENGLISH, *found, PSEUDO]


# -- the pseudo-language -------------------------------------------------------------------------
_ACCENTS = str.maketrans("aceinoSuyAEIOUCNYsz", "àçéîñöŠüýÅÉÎÖÜÇÑÝšž")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&\w+;)")  # kept as they are: {name}, tags


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: letters accented, about 35% longer, in brackets;
    ``{placeholders}``, HTML tags and entities kept as they are; a message with no letter (a
    list's separator, the space between sentences) as it is."""
    if not any(ch.isalpha() for ch in _PLACEHOLDER.sub("", text)):
        return text
    parts = _PLACEHOLDER.split(text)
    out = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    letters = sum(len(p) for i, p in enumerate(parts) if not i % 2)
    return f"[{out}{'·' * max(1, round(0.35 * letters))}]"


# three English words in a row (letters of the plain alphabet, one of them small): what a
# message in the pseudo-language never leaves outside its brackets; and one English word that
# is a name the games give (56's partnerships), caught alone too
_ENGLISH_RUN = re.compile(r"\b[A-Za-z][a-z'’-]+(?:[ ,;:]+[A-Za-z][a-z'’-]+){2,}")
_ENGLISH_NAME = re.compile(r"\b(?:Red|Black)\b")


def outside_brackets(text: str) -> str:
    """``text`` with every [bracketed] pseudo-language message taken out (nested too)."""
    out, depth = [], 0
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out)


def english_left(text: str) -> list[str]:
    """The pieces of English in ``text`` (a page's words in the pseudo-language) that did not
    come through the catalog: runs of three English words, and the games' names for things,
    outside every bracket."""
    left = outside_brackets(text)
    return _ENGLISH_RUN.findall(left) + _ENGLISH_NAME.findall(left)


def _format_list(locale: str):
    """The language's list, with Babel ("A, B and C"; style "or": "A, B or C")."""
    from babel.lists import format_list

    def formatted(items: list[str], style: str = "and") -> str:
        return format_list(items, style="or" if style == "or" else "standard", locale=locale)
    return formatted


@cache
def _number_pattern(locale: str, digits: int, sign: bool) -> str:
    """The pattern Babel writes a number of the language with: the language's own grouping
    (CLDR's decimal pattern, ``#,##0``; Malayalam's ``#,##,##0``, lakhs and crores),
    ``digits`` places after the decimal sign, and the language's minus (Swedish's U+2212) and
    with ``sign`` its plus, quoted: Babel's ``format_decimal`` writes a pattern's ``-`` and
    ``+`` as they are, not as the language's signs."""
    from babel import Locale
    from babel.numbers import get_minus_sign_symbol, get_plus_sign_symbol

    own = Locale.parse(locale).decimal_formats[None].pattern.split(";")[0]
    whole = re.search(r"[#,]*0", own)
    number = (whole[0] if whole else "#,##0") + ("." + "0" * digits if digits else "")

    def quoted(symbol: str) -> str:
        return "'" + symbol.replace("'", "''") + "'"
    plus = quoted(get_plus_sign_symbol(locale)) if sign else ""
    return f"{plus}{number};{quoted(get_minus_sign_symbol(locale))}{number}"


@cache
def _percent_pattern(locale: str) -> str:
    """Where a percentage's number and sign go in the language, as a ``str.format`` pattern
    (Babel's ``format_percent`` of 100%, its number taken out): English "{}%", French "{} %"
    (a no-break space)."""
    from babel.numbers import format_percent

    hundred = format_percent(1, locale=locale)
    if hundred.count("100") != 1:  # a script of its own digits: the sign after, as English
        return "{}%"
    return hundred.replace("{", "{{").replace("}", "}}").replace("100", "{}")


def _format_number(locale: str):
    """The language's numbers, with Babel: ``format_number(2.5, 1)`` "2.5" in English, "2,5"
    in French; ``format_number(1000)`` "1,000", French "1 000" (a narrow no-break space);
    ``format_number(-0.37, 2, sign=True)`` "-0.37", Swedish "−0,37".  Rounded first as
    English rounds (Python's ``f"{x:.2f}"``), so every language says the same digits; English
    is exactly Python's ``f"{x:,.2f}"`` (``f"{n:,}"``, ``f"{x:+.2f}"``)."""
    from decimal import Decimal
    from math import isfinite

    from babel.numbers import format_decimal

    def formatted(value: float, digits: int = 0, sign: bool = False,
                  percent: bool = False) -> str:
        if isinstance(value, float) and not isfinite(value):
            return english_number(value, digits, sign, percent)
        exact = Decimal(value) if isinstance(value, int) and not digits else \
            Decimal(f"{value:.{digits}f}")  # an integer exact, however big, as f"{n:,}"
        number = format_decimal(exact, format=_number_pattern(locale, digits, sign),
                                locale=locale)
        return _percent_pattern(locale).format(number) if percent else number
    return formatted


class EnglishTranslations(gettext.NullTranslations):
    """English: the message ids are its words; its lists are British (no comma before
    "and"), its numbers Python's ("1,000", "2.5", "-0.37")."""

    format_list = staticmethod(_format_list("en_GB"))
    format_number = staticmethod(_format_number("en_GB"))


# Babel reads a language's data at its first list (some 20 ms): English's now, at import, so a
# kernel forked from the zygote (tutor_server.zygote imports this module) has it already
EnglishTranslations.format_list(["a", "b"])


class CatalogTranslations(gettext.GNUTranslations):
    """A language's catalog, its lists and its numbers."""

    def __init__(self, fp, locale: str):
        super().__init__(fp)
        self.format_list = _format_list(locale)
        self.format_number = _format_number(locale)


class PseudoTranslations(EnglishTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)


# -- catalogs ------------------------------------------------------------------------------------
@cache
def translations(lang: str, directory: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """The catalog of ``lang`` (read once per process): its ``.po``, else its compiled ``.mo``
    (the static site's); English has none (the ids are its words).  An :class:`InputError` for a
    language the tutor does not have."""
    if lang == ENGLISH:
        return EnglishTranslations()
    if lang == PSEUDO:
        return PseudoTranslations()
    po = directory / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    if not po.is_file() and mo.is_file():
        with mo.open("rb") as f:
            return CatalogTranslations(f, lang.replace("-", "_"))
    if not po.is_file():
        raise InputError(render(msg("the tutor has no language {lang} (it has: {languages})",
                                    lang=repr(lang), languages=many(languages(directory)))),
                         "lang")
    return CatalogTranslations(io.BytesIO(compiled(po, lang)), lang.replace("-", "_"))


def compiled(po: Path, lang: str) -> bytes:
    """The catalog ``po`` of ``lang`` compiled, as :func:`translations` reads it (its fuzzy
    entries left out): a ``.mo`` file's bytes."""
    from babel.messages.mofile import write_mo  # only where a catalog is read
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang.replace("-", "_"), domain=DOMAIN)
    data = io.BytesIO()
    write_mo(data, catalog, use_fuzzy=False)
    return data.getvalue()


_CURRENT: ContextVar[str | None] = ContextVar("tutor_language", default=None)
_PROCESS_LANGUAGE = [ENGLISH]


@contextmanager
def language(lang: str, directory: Path = LOCALE_DIR):
    """Within the block, messages are worded in ``lang``."""
    token = set_translator(translations(lang, directory))
    named = _CURRENT.set(lang)
    try:
        yield
    finally:
        _CURRENT.reset(named)
        reset_translator(token)


def use(lang: str, directory: Path = LOCALE_DIR) -> None:
    """Word messages in ``lang`` in this process from now on (a kernel serves one page)."""
    set_process_translator(translations(lang, directory))
    _PROCESS_LANGUAGE[0] = lang


def current() -> str:
    """The language messages are worded in here (a :func:`language` block's, else the
    process's)."""
    return _CURRENT.get() or _PROCESS_LANGUAGE[0]


def own_name(lang: str) -> str:
    """A language in its own name, as a menu shows it: "Français", "Svenska", "日本語",
    "Català", "മലയാളം" (Babel's CLDR data; the pseudo-language by its tag)."""
    if lang == PSEUDO:
        return lang
    from babel import Locale

    name = Locale.parse(lang.replace("-", "_")).get_display_name(lang.replace("-", "_"))
    return name[:1].upper() + name[1:]


# -- the page's language -------------------------------------------------------------------------
ENVIRONMENT = "TUTOR_LANG"  # the page's language, as the server gives it to the page's kernel
_TAG = re.compile(r"^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*$")


def _known(tag: str | None, offered: list[str]) -> str | None:
    """``tag`` as the tutor spells it if it has that language (case and ``_`` aside)."""
    if not tag:
        return None
    wanted = tag.strip().replace("_", "-").lower()
    return next((lang for lang in offered if lang.lower() == wanted), None)


def accepted(header: str | None) -> list[str]:
    """The language tags of an ``Accept-Language`` header, most wanted first (``q=0`` and
    malformed entries left out): ``"fr-CH, fr;q=0.9, en;q=0.8"`` -> ``["fr-CH", "fr", "en"]``."""
    found = []
    for i, part in enumerate((header or "")[:1000].split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = -1.0
        if _TAG.match(tag.strip()) and 0 < q <= 1:
            found.append((-q, i, tag.strip()))
    return [tag for _, _, tag in sorted(found)]


def choose(asked: str | None = None, kept: str | None = None, header: str | None = None,
           directory: Path = LOCALE_DIR) -> str:
    """The page's language: the one a link asks for (``?lang=``), else the one this browser
    chose before (its cookie), else the first of the browser's languages (``Accept-Language``)
    that the tutor has, by its whole tag or its language alone (``fr-CH`` -> ``fr``), else
    English.  The pseudo-language is given only when asked for by name."""
    offered = languages(directory)
    for tag in (asked, kept):
        if lang := _known(tag, offered):
            return lang
    real = [lang for lang in offered if lang != PSEUDO]
    for tag in accepted(header):
        if lang := _known(tag, real) or _known(tag.replace("_", "-").split("-")[0], real):
            return lang
    return ENGLISH


def use_environment(directory: Path = LOCALE_DIR) -> str:
    """Word messages in the language the server chose for this page's kernel
    (:data:`ENVIRONMENT`; English when there is none, or none the tutor has); returns it."""
    lang = choose(os.environ.get(ENVIRONMENT), directory=directory)
    use(lang, directory)
    return lang
