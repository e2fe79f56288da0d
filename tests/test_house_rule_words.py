"""Every value of every house rule of 55 and 56 in a learner's words (tutor.teach.house_rules):
each choice of each setting has words of its own, a clause of the catalog, never a setting's
code ("alt_40_55", "ccw", "nondealer 28nt") nor the fallback that names the rule by its ID."""

from __future__ import annotations

import re

import pytest

import tutor.teach  # noqa: F401  (registers each game's words)
from tutor.games.registry import find_game
from tutor.teach import house_rules
from tutor.teach.i18n import PSEUDO, language, outside_brackets

GAMES = ("55", "56")
PLAYERS = {"55": find_game("55").players, "56": (4, 6, 8)}
# codes that are no English word: never in the words, as written or with spaces
NOT_WORDS = {"ccw", "cw", "pagat"}
# words that may start with a capital: the names of calls
CAPITALISED = ("Plus N No-trumps",)
RULE_ID = re.compile(r"\b5[56]-[A-Z]")


def _choices(game):
    return [(name, setting.choices) for name, setting in find_game(game).settings.items()
            if setting.choices]


def _codes(choices) -> set[str]:
    """The codes among ``choices`` a learner must never read."""
    return {c for c in choices if isinstance(c, str) and ("_" in c or any(ch.isdigit()
                                                                             for ch in c)
                                                           or c in NOT_WORDS)}


CASES = [(game, name, choices) for game in GAMES for name, choices in _choices(game)]


@pytest.mark.parametrize("game,name,choices", CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_every_choice_of_every_house_rule_has_words_of_its_own(game, name, choices):
    codes = _codes(choices)
    for n in PLAYERS[game]:
        said = {value: house_rules.words(game, name, value, n) for value in choices}
        for value, words in said.items():
            where = (game, name, value, n, words)
            assert words and "_" not in words, where
            assert not RULE_ID.search(words), where  # the fallback names the rule's ID
            assert not words.rstrip().endswith("."), where
            assert words[0].islower() or words.startswith(CAPITALISED) or \
                not words[0].isalpha(), where
            for code in codes:
                spaced = code.replace("_", " ")
                for form in {code, spaced}:
                    assert not re.search(rf"(?<!\w){re.escape(form)}(?!\w)", words,
                                         re.IGNORECASE), (form, *where)
            if isinstance(value, str):  # nor the code after the setting's words
                assert not words.endswith(": " + value.replace("_", " ")), where
        assert len(set(said.values())) == len(said), (game, name, n, said)


@pytest.mark.parametrize("game,name,choices", CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_every_choice_is_a_message_of_the_catalog(game, name, choices):
    with language(PSEUDO):
        for n in PLAYERS[game]:
            for value in choices:
                words = house_rules.words(game, name, value, n)
                assert words.startswith("[") and words.endswith("]"), (name, value, words)
                assert outside_brackets(words) == "", (name, value, words)
                if isinstance(value, str) and len(value) > 2:  # no code left unworded inside
                    assert value.replace("_", " ") not in words, (name, value, words)


def test_the_words_say_what_the_rules_text_says():
    """A few values checked against their clause (rules/55.md, rules/56.md)."""
    w = house_rules.words
    assert w("55", "first_lead", "bidder_left") == \
        "the player on the bidder's left leads to the first trick"
    assert "same dealer" in w("55", "all_pass", "redeal_same_dealer")
    assert "next dealer" in w("55", "all_pass", "redeal_next_dealer")
    assert "hand points, not the bid" in w("55", "bidder_scores", "points")
    assert w("55", "others_draw_max", 1, 4).count("up to 1 card ") == 1
    assert "up to 3 cards" in w("55", "others_draw_max", 3, 4)
    assert "if all 6 players pass" in w("56", "all_pass", "nondealer_28nt", 6)
    assert "team 0, the dealer's opponents, had bid 28" in w("56", "all_pass",
                                                            "nondealer_28nt", 4)
    assert "J 9 A 10: 32 cards, 8 in each hand" in w("56", "deck_4p", 32)
    assert "J 9 A 10 K Q: 48 cards, 6 in each hand" in w("56", "deck_8p", 48, 8)
    assert "2 or 3 tables for bids of 40–55 and 3 or 4 tables for a bid of 56" in \
        w("56", "tiers", "alt_40_55")
    assert "3 or 4 tables for bids of 49–56" in w("56", "tiers", "alt_40_48")
    assert "by 3 for a redoubled one" in w("56", "redouble_mult", 3)
    # the 56 words the auction questions use are unchanged
    assert w("56", "all_pass", "force_last_nondealer", 6) == \
        "if the first 4 calls are all passes, seat 4 (the dealer's left) may not pass and " \
        "must bid"


def test_settings_from_json_and_numbers_of_the_table_are_said_too():
    w = house_rules.words
    assert w("55", "deal_packets", [3, 2]) == w("55", "deal_packets", (3, 2))
    assert w("55", "min_dealer_hold", 20) == "the dealer may hold only a bid of at least 20"
    assert w("55", "sixty", [60, -30]) == "a made 60 scores 60 and a failed 60 scores -30"
    assert w("55", "target_score", 110) == "the game is won by the first to reach 110 points"
    assert w("56", "start_tables", 1) == "each team starts with 1 table"
    assert "55-TEAMS" in w("55", "teams", [[0, 2], [1, 3]])  # sides: said by the rule's ID
