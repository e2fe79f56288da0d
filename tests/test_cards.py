"""The card value type, its notation and dealing (issue: cards and positions)."""

import copy
import pickle
import random

import pytest
from wording import said

from tutor.engine.cards import (
    ALL_CARDS,
    RANK_WORDS,
    SUIT_WORDS,
    Card,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
    standard_deck,
)
from tutor.engine.errors import InputError
from tutor.games.g55 import Game55


@pytest.mark.parametrize("text", ["10H", "TH", "10♥", "th", "10h", " 10H ", "T♡", "10♥\ufe0f"])
def test_ten_of_hearts_in_every_spelling(text):
    card = parse_card(text)
    assert card is Card("10", "H")
    assert str(card) == "10H"
    assert card.unicode == "10♥"
    assert card.spoken == said.p("a card's name", "{rank} of {suit}", rank=RANK_WORDS["10"],
                                 suit=SUIT_WORDS["H"])


def test_every_card_round_trips_in_all_three_forms():
    assert len(ALL_CARDS) == 52 and len(set(ALL_CARDS)) == 52
    for c in ALL_CARDS:
        assert parse_card(str(c)) is c
        assert parse_card(c.unicode) is c
        assert f"{c}" == c.text and f"{c:u}" == c.unicode and f"{c:s}" == c.spoken


def test_cards_are_immutable_interned_values():
    c = Card("A", "H")
    assert copy.deepcopy(c) is c and pickle.loads(pickle.dumps(c)) is c
    with pytest.raises(AttributeError):
        c.rank = "K"
    assert hash(c) == hash(parse_card("AH"))
    assert c.is_red and not Card("A", "S").is_red


NOT_A_SUIT = "{text} is not a card: {suit} is not a suit (S, H, D, C or ♠ ♥ ♦ ♣)"


@pytest.mark.parametrize("bad, words, params", [
    ("1X", NOT_A_SUIT, {"text": "'1X'", "suit": "'X'"}),
    ("11H", "{text} is not a card: {rank} is not a rank (2-10, T, J, Q, K, A)",
     {"text": "'11H'", "rank": "'11'"}),
    ("HA", "{text} is not a card (the rank comes first: {card})", {"text": "'HA'", "card": "AH"}),
    ("", "{text} is not a card: a card is a rank then a suit, such as 10H", {"text": "''"}),
    ("10", NOT_A_SUIT, {"text": "'10'", "suit": "'0'"}),
])
def test_bad_card_names_the_token(bad, words, params):
    with pytest.raises(InputError) as e:
        parse_card(bad)
    assert str(e.value) == said(words, **params)


def test_bad_card_in_a_list_says_where():
    with pytest.raises(InputError) as e:
        parse_cards("KD 3D 1X QC")
    assert e.value.where == "card 3 (column 7)"
    assert e.value.message == said(NOT_A_SUIT, text="'1X'", suit="'X'")
    with pytest.raises(InputError) as e:
        parse_cards(["KD", "HA"], where="hand 2")
    assert e.value.where.startswith("hand 2, card 2")


def test_suits_and_lists():
    assert parse_suit("♠") == "S" and parse_suit("d") == "D"
    with pytest.raises(InputError):
        parse_suit("NT")
    assert format_cards(parse_cards("10H KS"), "unicode") == "10♥ K♠"
    spoken = format_cards(parse_cards("10H KS"), "spoken")
    assert spoken == "ten of hearts, king of spades"  # English golden: a list of card names


def test_55_DEAL_the_same_seed_gives_the_same_deal():
    """55-DEAL / 55-UNDEALT: dealing takes an injected random.Random."""
    a, b = Game55(5).new_game(random.Random(7)), Game55(5).new_game(random.Random(7))
    assert a.history == b.history and a.hands == b.hands and a.dealer == b.dealer
    c = Game55(5).new_game(random.Random(8))
    assert c.history != a.history
    dealt = [x for h in a.hands for x in h] + a.kitty + a.stock
    assert sorted(dealt) == standard_deck() and len(a.stock) == 22


def test_55_DECK_one_pack():
    assert len(standard_deck()) == 52 and len(set(standard_deck())) == 52
