"""Every value of every house rule of 55 and 56 in a learner's words (tutor.teach.house_rules):
each choice of each setting has words of its own, a clause of the catalog, never a setting's
code ("alt_40_55", "ccw", "nondealer 28nt") nor the fallback that names the rule by its ID."""

from __future__ import annotations

import re

import pytest
from wording import known, said

import tutor.teach  # noqa: F401  (registers each game's words)
from tutor.engine.messages import many, msg
from tutor.games.registry import find_game
from tutor.teach import house_rules
from tutor.teach.i18n import PSEUDO, language, outside_brackets

GAMES = ("55", "56")
PLAYERS = {"55": find_game("55").players, "56": (4, 6, 8)}
# codes that are no English word: never in the words, as written or with spaces
NOT_WORDS = {"ccw", "cw", "pagat"}
# words that may start with a capital: the names of calls (the house rule of Plus N No-trumps)
CAPITALISED = (said("Plus N No-trumps (such as +1NT, Plus One No-trumps) may be bid"),
               said("Plus N No-trumps may not be bid"))
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
        told = {value: house_rules.words(game, name, value, n) for value in choices}
        for value, words in told.items():
            where = (game, name, value, n, words)
            assert words and "_" not in words, where
            assert not RULE_ID.search(words), where  # the fallback names the rule's ID
            assert not words.rstrip().endswith("."), where
            assert words[0].islower() or words in CAPITALISED or \
                not words[0].isalpha(), where
            for code in codes:
                spaced = code.replace("_", " ")
                for form in {code, spaced}:
                    assert not re.search(rf"(?<!\w){re.escape(form)}(?!\w)", words,
                                         re.IGNORECASE), (form, *where)
            if isinstance(value, str):  # nor the code after the setting's words
                assert not words.endswith(": " + value.replace("_", " ")), where
        assert len(set(told.values())) == len(told), (game, name, n, told)


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


def _tiers(*rows) -> str:
    """The tiers of 56 as its house rule says them: (lowest bid, highest, made, failed)."""
    def bids(lo, hi):
        return msg(known("a bid of {bid}"), bid=lo) if lo == hi else \
            msg(known("bids of {low}–{high}"), low=lo, high=hi)

    return said("a made contract wins and a failed one costs, undoubled: {tiers}", tiers=many(
        msg(known("{made} or {failed} tables for {bids}"), made=made, failed=failed,
            bids=bids(lo, hi)) for lo, hi, made, failed in rows))


def test_the_words_say_what_the_rules_text_says():
    """A few values checked against their clause (rules/55.md, rules/56.md): each the clause
    of the catalog that says it, with the numbers of the rules."""
    w = house_rules.words
    assert w("55", "first_lead", "bidder_left") == \
        said("the player on the bidder's left leads to the first trick")
    assert w("55", "all_pass", "redeal_same_dealer") == said(
        "if every non-dealer passes, the dealer may pass too: the hand is then abandoned and the "
        "same dealer deals again")
    assert w("55", "all_pass", "redeal_next_dealer") == said(
        "if every non-dealer passes, the dealer may pass too: the hand is then abandoned and the "
        "next dealer deals again")
    assert w("55", "bidder_scores", "points") == said(
        "a bidder who makes a 10–25 bid scores its hand points, not the bid")
    for n in (1, 3):
        assert w("55", "others_draw_max", n, 4) == said.n(
            "after the bidder's exchange each other player in turn may discard up to {n} card "
            "and draw as many from the undealt stock, while it lasts",
            "after the bidder's exchange each other player in turn may discard up to {n} cards "
            "and draw as many from the undealt stock, while it lasts", n)
    for n in (4, 6):
        assert w("56", "all_pass", "nondealer_28nt", n) == said(
            "if all {players} players pass, the hand is played in no trumps and scored as if "
            "team 0, the dealer's opponents, had bid 28, undoubled", players=n)
    deck = ("with {players} players the ranks kept are {kept}: {cards} cards, {hand} in each "
            "hand")
    assert w("56", "deck_4p", 32) == said(deck, players=4, kept="J 9 A 10", cards=32, hand=8)
    assert w("56", "deck_8p", 48, 8) == said(deck, players=8, kept="J 9 A 10 K Q", cards=48,
                                             hand=6)
    assert w("56", "tiers", "alt_40_55") == _tiers((28, 39, 1, 2), (40, 55, 2, 3),
                                                   (56, 56, 3, 4))
    assert w("56", "tiers", "alt_40_48") == _tiers((28, 39, 1, 2), (40, 48, 2, 3),
                                                   (49, 56, 3, 4))
    assert w("56", "redouble_mult", 3) == said(
        "the tables are multiplied by 2 for a doubled contract and by {multiplier} for a "
        "redoubled one", multiplier=3)
    # the 56 words the auction questions use are unchanged
    assert w("56", "all_pass", "force_last_nondealer", 6) == said.n(
        "if the first {n} call is a pass, seat {seat} (the dealer's left) may not pass and must "
        "bid",
        "if the first {n} calls are all passes, seat {seat} (the dealer's left) may not pass and "
        "must bid", 4, seat=4)


def test_settings_from_json_and_numbers_of_the_table_are_said_too():
    w = house_rules.words
    assert w("55", "deal_packets", [3, 2]) == w("55", "deal_packets", (3, 2))
    assert w("55", "min_dealer_hold", 20) == said(
        "the dealer may hold only a bid of at least {bid}", bid=20)
    assert w("55", "sixty", [60, -30]) == said(
        "a made 60 scores {win} and a failed 60 scores {loss}", win=60, loss=-30)
    assert w("55", "target_score", 110) == said.n(
        "the game is won by the first to reach {n} point",
        "the game is won by the first to reach {n} points", 110)
    assert w("56", "start_tables", 1) == said.n("each team starts with {n} table",
                                                "each team starts with {n} tables", 1)
    assert "55-TEAMS" in w("55", "teams", [[0, 2], [1, 3]])  # sides: said by the rule's ID
