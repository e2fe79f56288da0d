"""The tutor in six languages (issue #40): every language's catalog complete by Babel's count,
nothing fuzzy, every placeholder, tag, markdown shape, rule ID and card in notation kept, the
plural forms of each language's CLDR rules, and each language's glossary of the players' words
used wherever its English term is (``scripts/translations.py`` holds the checks; the
translators run them too)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tutor.teach import i18n

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import translations  # noqa: E402

LANGUAGES = [lang for lang in i18n.languages() if lang not in (i18n.ENGLISH, i18n.PSEUDO)]
# the players' words every glossary has (issue #40), each in a phrase where it is the card
# player's word: a term's pattern may be as narrow as its sense ("follow" in "follow suit")
TERMS = {"trick": "the winner of the trick", "trump": "spades are trumps",
         "renege": "a top trump may renege", "kitty": "picks up the kitty",
         "lead": "the player who leads", "follow": "you must follow suit",
         "void": "a player who is void in the suit", "bid": "the highest bid",
         "pass": "you may pass", "hold": "the dealer's hold", "double": "an opponent may double",
         "redouble": "the bidder may redouble", "contract": "the contract",
         "tables": "the bidders win two tables", "dealer": "the dealer",
         "partner": "your partner", "team": "the other team", "spades": "spades",
         "hearts": "hearts", "diamonds": "diamonds", "clubs": "clubs", "ace": "the ace",
         "king": "the king", "queen": "the queen", "jack": "the jack"}


def test_the_five_languages_are_there():
    assert set(LANGUAGES) >= {"fr", "sv", "ja", "ca", "ml"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_catalog_is_complete_and_keeps_what_the_code_fills(lang):
    wrong = translations.check(lang)
    assert wrong == {}, f"{lang}: {len(wrong)} messages: {list(wrong.items())[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_babel_counts_a_catalog_whole(lang):
    from babel.messages.catalog import Catalog

    catalog = translations.read(translations.po_path(lang))
    template = translations.read(translations.TEMPLATE)
    ids = [m for m in catalog if m.id]
    assert len(ids) == len([m for m in template if m.id])
    assert not [m.id for m in ids if m.fuzzy]
    assert not [m.id for m in ids if not m.string or (isinstance(m.string, tuple)
                                                      and not all(m.string))]
    # Babel's own checks (plural forms, printf-style placeholders)
    assert [(m.id, errors) for m, errors in catalog.check()] == []
    forms = Catalog(locale=lang).num_plurals
    assert all(len(m.string) == forms for m in ids if isinstance(m.id, tuple))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_glossary_names_the_players_words_and_its_sources(lang):
    terms = translations.read_glossary(translations.glossary_path(lang))
    for word, phrase in TERMS.items():
        assert any(re.search(rf"\b(?:{t['en']})\b", phrase, re.IGNORECASE) for t in terms), \
            f"{lang}: the glossary has no term for {word!r} ({phrase!r})"
    for t in terms:
        assert t.get("say") and t.get("match") and t.get("source"), t
        assert t.get("sure") in ("yes", "check"), t


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_glossary_term_is_used_wherever_its_english_term_is(lang):
    misses = translations.glossary_misses(lang)
    assert misses == [], f"{lang}: {len(misses)}: {misses[:5]}"


def test_the_checks_refuse_what_the_code_cannot_fill():
    problems = translations.problems
    assert problems("Seat {seat} plays <b>{card}</b>", "La place {seat} joue <b>{card}</b>") == []
    assert problems("Seat {seat} plays", "La place joue")  # a placeholder lost
    assert problems("Seat {seat} plays", "La place {siège} joue")  # renamed
    assert problems("<b>Right!</b> Well done", "Bravo !")  # a tag lost
    assert problems("## The deal\n\nFive cards", "La donne\n\nCinq cartes")  # not a heading
    assert problems("See 55-RENEGE.", "Voir la règle.")  # a rule ID lost
    assert problems("Play J♠.", "Jouez le valet.")  # a card in notation lost
    assert problems("Play J♠ now", "") == ["empty"]
    assert problems(" ", "\u200b") == []  # a separator: the language's own
    assert problems("なぜ K♥", "なぜK♥") == []  # beside a word of any script
